"""A Mexican Train or Chicken Foot lesson: a whole round against bots, each question asked and marked,
right answers worked out apart from the lesson scoring full marks, the play read in the
table's shorthand, answers kept in the record under the game's name."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

from domino_advisor.base.errors import NotationError
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.cli.app import main
from domino_advisor.cli.lesson import Lesson
from domino_advisor.counting.inference import infer as count
from domino_advisor.games.chicken.rules import ChickenRules
from domino_advisor.games.chicken.state import ChickenRound
from domino_advisor.games.events import Play
from domino_advisor.games.hub.match import deal, legal_moves
from domino_advisor.games.trains.rules import TrainRules
from domino_advisor.games.trains.state import TrainRound
from domino_advisor.games.words import read_play
from ownanswers import own_answer


def _right_answer(prompt: str, lesson: Lesson) -> str:
    """The answer worked out from the round as it stands (the lesson's own marking apart)."""
    r = lesson.round
    if (own := own_answer(prompt, r)) is not None:  # the game's own question
        return own
    view = r.seat_view(0)
    inf = count(view)
    if m := re.match(r"which numbers can (\w+) certainly not hold", prompt):
        seat = r.names.index(m.group(1))
        return " ".join(map(str, inf.cannot_hold(seat))) or "none"
    if m := re.match(r"how many (\d+)s have you not seen yet", prompt):
        n = int(m.group(1))
        seen = set(view.table) | set(view.hand)
        return str(sum(1 for t in full_set(r.rules.top) if t.bears(n) and t not in seen))
    if m := re.match(r"where is (\S+) most likely", prompt):
        where = inf.where(Tile.parse(m.group(1), r.rules.top))
        return max(where, key=lambda k: where[k])
    plays = [p for p in legal_moves(r) if isinstance(p, Play)]
    return f"{plays[0].tile} {plays[0].on}"


# The advice that marks your plays samples 2 worlds in the fast tier, 6 in the slow: the
# same round either way (the bots and the questions draw from the lesson's seed, the
# advice from its own), and the point here is the counting answers, not the ranking.  The
# fast tier's Chicken Foot lesson is a shorter round (seed 4: eight counting questions, five plays);
# the slow tier's the longer one (seed 11: seventeen counting questions, nine plays).
@pytest.mark.parametrize(
    "samples,chicken_seed",
    [pytest.param(2, 4, id="fast"), pytest.param(6, 11, id="full", marks=pytest.mark.slow)],
)
@pytest.mark.parametrize("rules", [TrainRules(top=9), ChickenRules()], ids=["mexican", "chicken"])
def test_a_whole_round_with_right_counting_answers(rules, samples, chicken_seed):
    out = io.StringIO()
    lesson: Lesson

    def read(prompt: str) -> str:
        out.write(prompt)
        return _right_answer(prompt, lesson)

    seed = chicken_seed if isinstance(rules, ChickenRules) else 11
    lesson = Lesson(rules, 3, seed, Console(file=out, width=80, no_color=True), read, samples=samples)
    lesson.play()
    text = out.getvalue()
    assert "round over" in text
    score = lesson.score
    asked = {k: score.asked[k] for k in ("voids", "count", "where")}
    assert sum(asked.values()) >= 3 and score.asked["move"] >= 1
    for kind, n in asked.items():
        assert score.points[kind] == pytest.approx(n), kind  # every counting answer right
    assert lesson.round.over


@pytest.fixture
def round_on_nine():
    rules = TrainRules(top=9)
    hands, stock = deal(rules, 3, 1, __import__("random").Random(4))
    return TrainRound(rules, ["me", "ana", "bob"], 1, list(hands), stock)


def test_plays_are_read_in_the_tables_words(round_on_nine):
    r = round_on_nine
    plays = [p for p in legal_moves(r) if isinstance(p, Play)]
    p = plays[0]
    tile = f"{p.tile.high}{p.tile.low}"
    word = {"mexican": "m", "me": "mine"}.get(p.on, p.on)
    assert read_play(f"{tile} {word}", r, plays) == p
    assert read_play(f"{p.tile} on {p.on}", r, plays) == p
    with pytest.raises(NotationError, match="is not one of your plays now"):
        read_play("0-0 m", r, plays) if Tile(0, 0) not in {q.tile for q in plays} else read_play(
            "9-9 m", r, plays
        )
    with pytest.raises(NotationError, match="is not a train"):
        read_play(f"{tile} zed", r, plays)
    with pytest.raises(NotationError, match="write a play like"):
        read_play("", r, plays)


def test_chicken_foot_places_are_read_in_the_tables_words():
    rules = ChickenRules(head_toes=2, toes=2)
    me = "9-4 4-4 4-1 6-6 6-1 5-2 3-0 2-0 1-0"
    ana = "9-6 4-3 4-2 7-5 8-1 5-5 3-1 2-2 7-0"
    r = ChickenRound(rules, ["me", "ana"], 1, [tuple(Tile.parse(t, 9) for t in h.split()) for h in (me, ana)])

    def plays():
        return [p for p in legal_moves(r) if isinstance(p, Play)]

    assert read_play("94", r, plays()) == read_play("9-4 on h", r, plays()) == Play("me", Tile(9, 4), "head")
    r.apply(Play("me", Tile(9, 4), "head"))
    r.apply(Play("ana", Tile(9, 6), "head"))  # toe1 shows 4, toe2 shows 6
    assert read_play("44", r, plays()) == Play("me", Tile(4, 4), "toe1")
    assert (
        read_play("61 t2", r, plays())
        == read_play("6-1 on toe2", r, plays())
        == Play("me", Tile(6, 1), "toe2")
    )
    with pytest.raises(NotationError, match="does not go on toe1 now"):
        read_play("61 t1", r, plays())
    with pytest.raises(NotationError, match="is not one of your plays now"):
        read_play("52", r, plays())
    r.apply(Play("me", Tile(4, 4), "toe1"))
    r.apply(Play("ana", Tile(4, 3), "4-4"))
    assert read_play("41 44", r, plays()) == Play("me", Tile(4, 1), "4-4")
    with pytest.raises(NotationError, match="is not a place"):
        read_play("41 zz", r, plays())
    with pytest.raises(NotationError, match="write a play like"):
        read_play("", r, plays())
    for odd in ("tt1", "to1", "teo1", "toe", "t", "44x"):
        with pytest.raises(NotationError, match="is not a place"):
            read_play(f"41 {odd}", r, plays())


@pytest.mark.parametrize(
    "word,place",
    [("h", "head"), ("HEAD", "head"), ("t3", "toe3"), ("toe03", "toe3"), ("66", "6-6"), ("6-6", "6-6"),
     ("1010", "10-10"), ("64", None), ("tt3", None), ("to3", None), ("toe", None), ("t1234", None)],
)  # fmt: skip
def test_place_words_have_one_spelling(word, place):
    from domino_advisor.games.chicken.state import place_word

    assert place_word(word, 12) == place


def test_train_command_plays_a_lesson_and_refuses_reads(tmp_path):
    runner = CliRunner()
    res = runner.invoke(
        main,
        [
            "train",
            "--rules",
            "mexican-train",
            "--set",
            "set=9",
            "--players",
            "3",
            "--seed",
            "2",
            "--no-record",
        ],
        input="q\n",
        env={"HOME": str(tmp_path)},
    )
    assert res.exit_code == 0, res.output
    assert "a practice round of Mexican Train for 3" in res.output and "stopped." in res.output
    refused = runner.invoke(
        main, ["train", "--rules", "mexican-train", "--no-reads", "--no-record"], input="q\n"
    )
    assert refused.exit_code == 2 and "does nothing with --rules mexican-train" in refused.output
    many = runner.invoke(main, ["train", "--players", "6", "--no-record"], input="q\n")
    assert many.exit_code == 2

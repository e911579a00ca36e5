"""A Tiddly-wink lesson: you and the bots race (the next to play drawn by the lesson's
seed among those who can), each counting question answered right scores full marks, a
play is read as the table writes it (a tile, and the end where it fits two), and the
``train`` command starts one."""

from __future__ import annotations

import io
import itertools
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

from domino_advisor.base.errors import NotationError
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.cli.app import main
from domino_advisor.cli.lesson import Lesson
from domino_advisor.counting.inference import infer as count
from domino_advisor.games.events import Play
from domino_advisor.games.tiddly.rules import TiddlyRules
from domino_advisor.games.tiddly.state import TiddlyRound
from domino_advisor.games.words import read_play
from ownanswers import own_answer


def _right_answer(prompt: str, lesson: Lesson) -> str:
    """The answer worked out from the round as it stands (the lesson's own marking apart);
    your play: the first one open to you, typed with its end."""
    r = lesson.round
    if (own := own_answer(prompt, r)) is not None:  # the game's own question
        return own
    view = r.seat_view(0)
    inf = count(view)
    if m := re.match(r"which numbers can (\w+) certainly not hold", prompt):
        return " ".join(map(str, inf.cannot_hold(r.names.index(m.group(1))))) or "none"
    if m := re.match(r"how many (\d+)s have you not seen yet", prompt):
        n = int(m.group(1))
        seen = set(view.table) | set(view.hand)
        return str(sum(1 for t in full_set(r.rules.top) if t.bears(n) and t not in seen))
    if m := re.match(r"where is (\S+) most likely", prompt):
        where = inf.where(Tile.parse(m.group(1), r.rules.top))
        return max(where, key=lambda k: where[k])
    play = r.moves_of(0)[0]
    return str(play.tile) + ("" if play.on is None else f" {play.on}")


def _lesson(seed: int, samples: int) -> tuple[Lesson, str]:
    out = io.StringIO()
    lesson: Lesson

    def read(prompt: str) -> str:
        out.write(prompt)
        return _right_answer(prompt, lesson)

    lesson = Lesson(TiddlyRules(), 3, seed, Console(file=out, width=80, no_color=True), read, samples=samples)
    lesson.play()
    return lesson, out.getvalue()


# The advice that marks your plays samples 2 worlds in the fast tier, 6 in the slow.
@pytest.mark.parametrize(
    "samples", [pytest.param(2, id="fast"), pytest.param(6, id="full", marks=pytest.mark.slow)]
)
def test_a_whole_race_with_right_counting_answers(samples):
    lesson, text = _lesson(1, samples)
    assert "a practice round of Tiddly-wink for 3: you (me) against the bots, anyone who can" in text
    assert "round over" in text and lesson.round.over
    score = lesson.score
    asked = {k: score.asked[k] for k in ("voids", "count", "where")}
    assert sum(asked.values()) >= 2 and score.asked["move"] >= 1
    for kind, n in asked.items():
        assert score.points[kind] == pytest.approx(n), kind  # every counting answer right
    # a race: someone plays twice running somewhere (no turns), and the log of it is legal
    players = [a.seat for a in lesson.round.history if a.kind == "play"]
    assert any(a == b for a, b in itertools.pairwise(players))


def test_the_same_seed_gives_the_same_lesson():
    assert _lesson(3, 1)[1] == _lesson(3, 1)[1]


def test_a_play_is_read_with_its_end():
    tiles = Tile.parse
    mine = [tiles(x, 6) for x in "6-6 4-1 4-4 3-3 2-2 1-0 5-1".split()]
    ana = [tiles(x, 6) for x in "6-4 6-1 6-2 5-5 5-4 6-0 4-0".split()]
    stock = [x for x in full_set(6) if x not in mine + ana]
    r = TiddlyRound(TiddlyRules(), ["me", "ana"], [mine, ana], stock)
    for move in (
        Play("me", tiles("6-6", 6)),
        Play("ana", tiles("6-4", 6), 6),
        Play("ana", tiles("6-1", 6), 6),
    ):
        r.apply(move)
    plays = [m for m in r.moves_of(0) if isinstance(m, Play)]
    assert read_play("41 4", r, plays) == Play("me", tiles("4-1", 6), 4)  # 4-1 fits the ends 4 and 1
    assert read_play("4-1 on 1", r, plays) == Play("me", tiles("4-1", 6), 1)
    assert read_play("44", r, plays) == Play("me", tiles("4-4", 6), 4)  # one end takes it
    with pytest.raises(NotationError, match="fits 4 and 1: say which"):
        read_play("41", r, plays)
    with pytest.raises(NotationError, match="is not an end"):
        read_play("41 8", r, plays)


def test_train_command_plays_a_tiddly_wink_lesson(tmp_path):
    res = CliRunner().invoke(
        main,
        ["train", "--rules", "tiddly-wink", "--players", "3", "--seed", "1", "--no-record"],
        input="q\n",
        env={"HOME": str(tmp_path)},
    )
    assert res.exit_code == 0, res.output
    assert "a practice round of Tiddly-wink for 3" in res.output and "stopped." in res.output

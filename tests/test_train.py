"""Training, driven by scripted answers: right answers score, wrong ones do not, a
seed replays the same lesson, and q or end of input stops cleanly."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

from domino_advisor.cli.app import main
from domino_advisor.cli.lesson import Lesson
from domino_advisor.counting.inference import infer
from domino_advisor.games.events import Play
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import preset
from domino_advisor.games.line.view import SeatView
from domino_advisor.learning.questions import parse_numbers
from ownanswers import own_answer


def oracle(trainer_box, wrong=False):
    """Answers every question from the exact inference (or deliberately wrong)."""

    def read(prompt):
        t = trainer_box[0]
        r = t.round
        inf = infer(SeatView.of(r, 0))
        if m := re.match(r"which numbers can (\w+) certainly not hold", prompt):
            s = t.names.index(m.group(1))
            truth = inf.cannot_hold(s)
            return "0 1 2 3 4 5 6" if wrong else (" ".join(map(str, truth)) or "-")
        if m := re.match(r"how many (\d+)s", prompt):
            n = int(m.group(1))
            truth = sum(1 for x in inf.unseen if x.bears(n))
            return str(truth + (3 if wrong else 0))
        if m := re.match(r"where is (\S+) most likely", prompt):
            tile = next(x for x in inf.unseen if str(x) == m.group(1))
            where = inf.where(tile)
            best = max(where, key=where.get)
            worst = min(where, key=where.get)
            return worst if wrong and where[worst] < where[best] else best
        if (own := own_answer(prompt, r)) is not None:  # the game's own: who cannot follow
            return own if not wrong else " ".join(t.names[1:])
        if prompt.startswith("your move"):
            play = next(m for m in legal_moves(r) if isinstance(m, Play))
            return f"{play.tile}" + ("" if play.on is None else f" on {play.on}")
        raise AssertionError(prompt)

    return read


def run_lesson(seed, wrong=False, players=3):
    out = io.StringIO()
    box = []
    trainer = Lesson(
        preset("classic", {"target": "0"}),
        players,
        seed,
        Console(file=out, width=100, no_color=True),
        oracle(box, wrong),
        samples=20,
    )
    box.append(trainer)
    score = trainer.play()
    return score, out.getvalue()


def test_right_answers_score_full_marks():
    score, out = run_lesson(3)
    for kind in ("voids", "count", "where"):
        assert score.points[kind] == score.asked[kind]
    assert sum(score.asked.values()) >= 3
    assert "round over" in out and "accuracy:" in out


def test_wrong_answers_lose_marks():
    score, out = run_lesson(3, wrong=True)
    assert score.points["count"] == 0 and score.asked["count"] >= 1
    assert "not quite" in out


# Two lessons in the fast tier, six in the slow.
@pytest.mark.parametrize(
    "seeds", [pytest.param(range(2), id="fast"), pytest.param(range(6), id="full", marks=pytest.mark.slow)]
)
def test_opponents_draws_stay_hidden(seeds):
    for seed in seeds:
        out = run_lesson(seed)[1]
        assert not re.search(r"(ana|bob) draws \d-\d", out)


def test_a_seed_replays_the_same_lesson():
    assert run_lesson(8)[1] == run_lesson(8)[1]
    assert run_lesson(8)[1] != run_lesson(9)[1]


def test_parse_numbers():
    assert parse_numbers("3 5", 6) == {3, 5} and parse_numbers("-", 6) == set()
    assert parse_numbers("3,5", 6) == {3, 5}


def test_train_through_the_cli_stops_at_end_of_input():
    res = CliRunner().invoke(main, ["train", "--seed", "4"], input="x\n\n3\n")
    assert res.exit_code == 0, res.output
    assert "lesson 4" in res.output and "stopped." in res.output and "accuracy:" in res.output
    assert "'x' is not a number from 0 to 6" in res.output  # the first question: what they lack


def test_train_refuses_bad_options():
    res = CliRunner().invoke(main, ["train", "--rules", "partnership", "--players", "3"])
    assert res.exit_code == 2 and "teams=partners needs 4 players" in res.output


def test_a_run_of_draws_is_one_line():
    """A lesson says a bot's run of draws as the table would: 'ana draws 3', once."""
    import io

    from rich.console import Console

    from domino_advisor.base.tiles import Tile
    from domino_advisor.cli.lesson import TheirMoves
    from domino_advisor.games.events import Draw, Pass, Play

    out = io.StringIO()
    theirs = TheirMoves(Console(file=out, width=80, no_color=True))
    for event in [Draw("ana", 1), Draw("ana", 1), Draw("ana", 1), Play("ana", Tile.parse("6-4"), 6)]:
        theirs.say(event)
    theirs.say(Draw("bob", 1))
    theirs.say(Draw("cy", 1))
    theirs.say(Pass("cy"))
    theirs.say(Draw("bob", 2))
    theirs.flush()
    assert out.getvalue().splitlines() == [
        "  ana draws 3",
        "  ana plays 6-4 on 6",
        "  bob draws 1",
        "  cy draws 1",
        "  cy passes",
        "  bob draws 2",
    ]

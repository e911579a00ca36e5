"""The session's short form (issue 39): after each event a row or two, on your turn the
advice's first three moves; the whole status and advice only when asked (s, a) or with
``--full``.  Counted as scripts/session_lines.py counts it in a real terminal, here on a
50-column console: the rows printed between one typed line and the next prompt."""

from __future__ import annotations

import importlib.util
import io
import itertools
import statistics
from pathlib import Path

import pytest
from rich.console import Console

from domino_advisor.cli.session import run as run_session
from domino_advisor.views import brief

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT / "tests" / "data" / "logs"


def _script():
    spec = importlib.util.spec_from_file_location("session_lines", ROOT / "scripts" / "session_lines.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows_per_event(
    tmp_path: Path, log: str, rounds: int | None, samples: int, full: bool = False, most: int | None = None
):
    """Each typed line of the log (the first ``most``) with the rows the session printed
    after it."""
    opening, typed = _script().split((LOGS / log).read_text(), rounds)
    typed = typed[:most]
    path = tmp_path / "game.dom"
    path.write_text("\n".join(opening) + "\n")
    out = io.StringIO()
    console = Console(file=out, width=50, no_color=True)
    marks: list[int] = []
    script = iter(typed)

    def read(prompt: str) -> str:
        marks.append(len(out.getvalue()))
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    assert run_session(path, console, read, samples=samples, seconds=None, full=full) == 0, out.getvalue()
    text = out.getvalue()
    printed = [text[a:b] for a, b in itertools.pairwise(marks)]
    return list(zip(typed, (p.count("\n") for p in printed), strict=False)), printed


@pytest.fixture(scope="module")
def classic(tmp_path_factory):
    """The two-player classic match's first round and the start of the second, short."""
    _, typed = _script().split((LOGS / "classic-2-match.dom").read_text(), 2)
    return rows_per_event(
        tmp_path_factory.mktemp("classic"), "classic-2-match.dom", 2, 20, most=typed.index("round 2") + 1
    )


# the fast tier: the first 20 events of each train game at 4 worlds (the whole round of
# Mexican Train on double-twelve costs 30 s of status and advice: the slow tier's)
@pytest.mark.parametrize(
    "log, rounds, most",
    [
        ("mexican-train-4-midround.dom", None, 20),
        ("chicken-foot-3-match.dom", 1, 20),
        pytest.param("mexican-train-4-midround.dom", None, None, marks=pytest.mark.slow),
        pytest.param("chicken-foot-3-match.dom", 1, None, marks=pytest.mark.slow),
    ],
)
def test_an_event_takes_a_row_or_two_in_the_train_games(tmp_path, log, rounds, most):
    counted, printed = rows_per_event(tmp_path, log, rounds, 4, most=most)
    _short(counted, printed)


def test_an_event_takes_a_row_or_two_and_your_turn_a_few(classic):
    _short(*classic)


def _short(counted, printed):
    figures = [n for _, n in counted]
    assert len(figures) > 10
    assert statistics.median(figures) <= 4 and max(figures) <= 10, counted
    assert all(line for line in "".join(printed).splitlines())  # no blank rows


def test_the_long_form_is_there_with_full(tmp_path):
    counted, printed = rows_per_event(tmp_path, "classic-2-match.dom", 1, 20, full=True, most=6)
    assert statistics.median(n for _, n in counted) > 10
    assert "what each opponent can hold" in printed[0]


def test_your_turn_shows_three_moves_a_row_each(classic):
    _, printed = classic
    mine = [p for p in printed if "· your move" in p]
    assert mine
    for p in mine:
        rows = p.splitlines()
        advice = [r for r in rows if r[:2] in ("1 ", "2 ", "3 ")]
        assert 1 <= len(advice) <= 3 and advice[0].startswith("1 "), p
        assert "to win the match" in advice[0]  # the first row says what the figure is
        assert all(len(r) <= 50 for r in rows)


def test_what_to_log_next_is_said_once(classic):
    text = "".join(classic[1])
    assert text.count("next: round 1 is over: log what ana has left") == 1
    assert text.count("next: log your hand for round 2") == 1


def _status(players, unseen=None, where=None, round_=1):
    return {
        "round": round_,
        "players": [{"name": n, "tiles": t, "cannot_hold": c} for n, t, c in players],
        "unseen_by_number": unseen or [5] * 7,
        "where": where or {},
    }


def test_what_an_event_proved_in_a_few_words():
    before = _status([("ana", 5, [6]), ("bob", 4, [])], [3, 3, 2, 5, 5, 1, 4])
    after = _status(
        [("ana", 5, []), ("bob", 5, [2, 5]), ("cy", 0, [1])],
        [3, 3, 1, 5, 5, 0, 4],
        {"6-4": {"boneyard": 1.0}, "6-2": {"boneyard": 1.0}, "5-5": {"ana": 0.5, "boneyard": 0.5}},
    )
    assert brief.learned(before, after) == [
        "ana may hold 6 again",
        "bob: no 2 5 now",
        "every 5 seen",
        "one 2 left unseen",
        "in the boneyard 6-4 6-2",
    ]
    assert brief.learned(after, after) == []


def test_rows_are_cut_at_the_edge_and_reasons_kept_whole():
    out = io.StringIO()
    console = Console(file=out, width=40, no_color=True)
    console.print(
        brief.advice_rows(
            [("6-3 on 6", "57%±3%", ["sheds 9 pips", "leaves ends 5 and 3"]), ("5-1 on 5", "55%±3%", [])],
            "to win",
            40,
        )
    )
    assert out.getvalue().splitlines() == ["1 6-3 on 6  57%±3% to win; sheds 9 pips", "2 5-1 on 5  55%±3%"]


# -- from the red team of issue 39's session (F2-F6) -----------------------------------------
def test_a_wide_name_puts_the_turn_on_a_row_of_its_own():
    """F2: the turn's room was counted in characters, so a name in CJK characters (two
    columns each) was cut off the row."""
    out = io.StringIO()
    console = Console(file=out, width=40, no_color=True)
    head = [brief.logged_event(3, "me plays 6-6")]
    console.print(brief.event_view(head, [], [], "ends 6 6 · 漢字漢字 next", 40))
    assert out.getvalue().splitlines() == ["3 me plays 6-6", "ends 6 6 · 漢字漢字 next"]


@pytest.mark.parametrize(
    "log, cut, typed",
    [
        ("all-fives-3-match.dom", 28, ["me s 44", "bob s 66 21 20 11", "round 2"]),
        ("chicken-foot-3-match.dom", 60, ["bob s 10", "round 2"]),
    ],
)
def test_a_missing_draw_is_hinted_once(tmp_path, log, cut, typed):
    """F3: the hint that a player who went out may have a draw missing was repeated after
    every later event, and in Chicken Foot after the next round had begun."""
    from clitools import drive

    path = tmp_path / "g.dom"
    path.write_text("\n".join((LOGS / log).read_text().splitlines()[:cut]) + "\n")
    out = drive(path, typed, samples=2)
    assert out.count("a draw is missing") <= 1
    assert "a draw is missing" not in out.split("round 2")[-1]


def test_the_train_games_advice_says_which_way_is_better(tmp_path):
    """F4: the first row's pips were higher than the next rows' with nothing to say that
    lower wins, or why the first is first."""
    _, printed = rows_per_event(tmp_path, "chicken-foot-3-match.dom", 1, 4, most=20)
    firsts = [row for p in printed for row in p.splitlines() if row.startswith("1 ")]
    assert firsts and all("pips vs others (lower wins)" in row for row in firsts)
    assert brief._short("kept as the heuristic's move: 7-3 on toe8 did better here, but not clearly") == (
        "kept: not clearly beaten"
    )


def test_what_another_programs_events_proved_is_said(tmp_path):
    """F6: events another program logged while the session was open were listed, but
    what they proved was never said."""
    from domino_advisor.log import edits, gamelog, logfile

    path = tmp_path / "w.dom"
    path.write_text(
        '[Rules "classic"]\n[Players "me ana bob"]\nround 1\nme holds 6-6 6-3 5-2 3-1 0-0\nme plays 6-6\n'
    )
    out = io.StringIO()
    console = Console(file=out, width=80, no_color=True)
    typed = iter(["bob d1"])

    def read(prompt: str) -> str:
        if "ana" in prompt:  # another program logs ana's turn while the session waits
            logfile.update(path, lambda log: edits.append(log, ["ana d3", "ana 61"]).log)
        return next(typed)

    def read_once(prompt: str) -> str:
        try:
            return read(prompt)
        except StopIteration:
            raise EOFError from None

    run_session(path, console, read_once, samples=5, seconds=None)
    text = out.getvalue()
    assert "new in the log: ana draws 3" in text
    assert text.index("ana: no 6 now") < text.index("bob draws 1")
    assert gamelog.loads(path.read_text()).events[-1].player == "bob"

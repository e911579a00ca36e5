"""Drill rows that do not fit the game kept with them (issue 39, R6): the record is a
file anyone may edit, and a drill whose cost is text, whose event its game does not
have or whose subject is no player of it made ``train --drills`` crash (an empty game:
"the log has no [Players] tag", no file named).  Such a row is left out and counted in
one warning, as damaged answers are; the others are asked.  The rows are written into
the record with sqlite3, and the drills asked through the command line."""

from __future__ import annotations

import functools
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clitools import run
from domino_advisor.cli.demo import demo_text
from domino_advisor.games.events import Play
from domino_advisor.learning import drills
from domino_advisor.learning.progress import Drill, Record, path
from domino_advisor.log import gamelog

DEMO = demo_text()


def _position() -> tuple[int, int, int]:
    """A turn of yours in the demo: its event, the first number open there, and how many
    of that number are unseen (the count drill's answer)."""
    log = gamelog.loads(DEMO)
    for n, (_, e) in enumerate(log.numbered_events(), 1):
        if isinstance(e, Play) and e.player == log.me:
            at = drills.moment(log, n)
            if not at.round.layout.is_empty:
                number = sorted(set(at.round.layout.numbers))[0]
                return n, number, sum(1 for t in at.inference.unseen if t.bears(number))
    raise AssertionError("the demo has a turn of yours")


EVENT, NUMBER, ANSWER = _position()
OPPONENT_TURN = EVENT + 1  # the event after your move: someone else's turn
BAD = {  # (game, event, kind, about, cost, the text of a game of its own)
    "cost text": ("g1", EVENT, "count", str(NUMBER), "abc", None),
    "event -5": ("g1", -5, "count", str(NUMBER), 0.9, None),
    "event 10**11": ("g1", 10**11, "count", str(NUMBER), 0.9, None),
    "event text": ("g1", "five", "count", str(NUMBER), 0.9, None),
    "about no player": ("g1", EVENT, "voids", "zed", 0.9, None),
    "about yourself": ("g1", EVENT, "voids", gamelog.loads(DEMO).me, 0.9, None),
    "count of a word": ("g1", EVENT, "count", "four", 0.9, None),
    "count past the set": ("g1", EVENT, "count", "99", 0.9, None),
    "count in other digits": ("g1", EVENT, "count", "\u0663", 0.9, None),
    "kind unknown": ("g1", EVENT, "guess", "1", 0.9, None),
    "not your turn": ("g1", OPPONENT_TURN, "move", "6-4", 0.9, None),
    "cost past 1": ("g1", EVENT, "count", str(NUMBER), 5.0, None),
    "cost infinite": ("g1", EVENT, "count", str(NUMBER), float("inf"), None),
    "empty game": ("g0", EVENT, "count", str(NUMBER), 0.9, ""),
    "game that is no log": ("g0", EVENT, "count", str(NUMBER), 0.9, "hello\n"),
    # a Mexican Train log gives drills too (issue 41): at its event 4 ana plays, not you; and
    # its cost is pips, far more than any round leaves
    "Mexican Train, not your turn": ("g0", 4, "count", "1", 0.9, "mexican"),
    "Mexican Train, cost past any round's": ("g0", 3, "count", "1", 5000.0, "mexican"),
    "game text a blob": ("g0", EVENT, "count", str(NUMBER), 0.9, b"\x00\x01"),
}


def _mexican() -> str:
    from pathlib import Path

    return (Path(__file__).parent / "data" / "logs" / "mexican-train-4-midround.dom").read_text()


def _record_with(*bad: tuple) -> None:
    """The demo's one good drill (a count, cost 0.5), and the bad rows, costlier (asked first)."""
    record = Record()
    assert record.add_drills("demo.dom", "g1", DEMO, [Drill(EVENT, "count", str(NUMBER), 0.5, "good")]) == 1
    record.close()
    db = sqlite3.connect(path())
    with db:
        for i, (game, event, kind, about, cost, text) in enumerate(bad):
            if game != "g1":
                game = f"g0-{i}"
                text = _mexican() if text == "mexican" else text
                db.execute(
                    "INSERT INTO games (id, name, text, added) VALUES (?, 'other.dom', ?, 0)", (game, text)
                )
            db.execute(
                "INSERT INTO drills (game, position, event, kind, about, cost) VALUES (?, ?, ?, ?, ?, ?)",
                (game, f"bad-{i}", event, kind, about, cost),
            )
    db.close()


def _drills_asked(runner, skipped: int):
    before = sqlite3.connect(path()).execute("SELECT COUNT(*) FROM drills").fetchone()[0]
    res = run(runner, "train", "--drills", input=f"{ANSWER}\n")
    assert res.exit_code == 0, res.output
    assert "Traceback" not in res.output and res.exception is None, res.output
    assert "1 drill from your games" in res.output and "accuracy: 100%" in res.output, res.output
    word = "drill in your progress record does" if skipped == 1 else "drills in your progress record do"
    assert res.stderr.count("\n") == 1 and f"{skipped} {word} not fit" in res.stderr, res.stderr
    db = sqlite3.connect(path())
    assert db.execute("SELECT COUNT(*) FROM drills").fetchone()[0] == before  # nothing removed
    assert db.execute("SELECT rights FROM drills WHERE position = 'good'").fetchone()[0] == 1
    db.close()


@pytest.mark.parametrize("bad", BAD.values(), ids=list(BAD))
def test_a_drill_that_does_not_fit_its_game_is_left_out_and_counted(runner, bad):
    _record_with(bad)
    _drills_asked(runner, 1)


def test_many_such_drills_are_counted_in_one_warning(runner):
    _record_with(*BAD.values())
    _drills_asked(runner, len(BAD))


def test_every_drill_a_review_makes_fits():
    """The check leaves out no drill ``train --from`` keeps (at each decision of yours in
    the demo, the three kinds)."""
    from domino_advisor.learning import drillrows

    for n in _turns():
        at = drills.moment(gamelog.loads(DEMO), n)
        for other in at.view.opponents:
            assert drillrows.fits("demo.dom", DEMO, n, "voids", at.view.names[other], 0.1, 0), n
        for number in range(7):
            assert drillrows.fits("demo.dom", DEMO, n, "count", str(number), 0.1, 0), (n, number)
        assert drillrows.fits("demo.dom", DEMO, n, "move", "6-4", 0.1, 1), n


JUNK = st.one_of(
    st.none(), st.integers(-(10**12), 10**12), st.floats(), st.text(max_size=5), st.binary(max_size=3)
)
TEXTS = st.one_of(
    st.sampled_from(["", "x", DEMO.replace("[Me", "[You"), DEMO + "ana plays 6-6\n", _mexican()]),
    st.builds(lambda k: "\n".join(DEMO.split("\n")[:k]), st.integers(0, 40)),
)
FIELD_JUNK = [  # what each field may hold instead: text, event, kind, about, cost, rights
    TEXTS | JUNK,
    st.integers(-3, 60) | JUNK,
    st.sampled_from(["other", "Count", ""]) | JUNK,
    st.sampled_from(["", "me", "zed", "7", "-1", "\u0663", "x", "9" * 5000]) | JUNK,
    st.floats() | JUNK,
    st.integers(-2, 3) | JUNK,
]


@st.composite
def rows(draw):
    """A row a review writes at one of your turns in the demo, with up to two of its
    fields changed to anything."""
    log = gamelog.loads(DEMO)
    event = draw(st.sampled_from(_turns()))
    kind = draw(st.sampled_from(["voids", "count", "move"]))
    about = {
        "voids": st.sampled_from([p for p in log.players if p != log.me]),
        "count": st.sampled_from("0123456"),
    }
    row = [
        DEMO,
        event,
        kind,
        draw(about.get(kind, st.just("6-4"))),
        draw(st.floats(0, 1)),
        draw(st.integers(0, 3)),
    ]
    for i in draw(st.sets(st.integers(0, 5), max_size=2)):
        row[i] = draw(FIELD_JUNK[i])
    return row


@functools.cache
def _turns() -> list[int]:
    """Your turns in the demo with the table open: where its drills are."""
    log = gamelog.loads(DEMO)
    return [
        n
        for n, (_, e) in enumerate(log.numbered_events(), 1)
        if isinstance(e, Play) and e.player == log.me and not drills.moment(log, n).round.layout.is_empty
    ]


# 50 rows in the fast tier (each bug put in by hand that 150 rows found, 50 find), 600 in
# the slow tier
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows())
def test_a_drill_that_fits_can_be_asked(row):
    """Whatever a row holds, the check answers (never raises), and a drill it lets
    through can be set up as the lesson sets it up."""
    drill_row_is_checked(row)


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows())
def test_a_drill_that_fits_can_be_asked_long(row):
    drill_row_is_checked(row)


def drill_row_is_checked(row):
    text, event, kind, about, cost, rights = row
    from domino_advisor.learning import drillrows

    if not drillrows.fits("g.dom", text, event, kind, about, cost, rights):
        return
    log = gamelog.loads(text)
    at = drills.moment(log, event)
    me = at.match.viewer  # any game's drill (issue 41): your play there, its cost in its measure
    r = at.round.for_next(me)
    assert r.may_play(me) and drills.measure_of(log).cost_words(cost) and f"{rights}"
    if kind == "move":
        assert r.plays(me)
    else:
        drills.question(Drill(event, kind, about, cost), at.view).prompt(at.view)

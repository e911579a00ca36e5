"""Drills from your own games (``train --from GAME``, ``train --drills``), typed on stdin:
the costliest decisions become questions, kept with the log, scheduled across days by
FSRS and never done."""

from __future__ import annotations

import sqlite3

import pytest

from clitools import refused, run, small_drill_budgets
from domino_advisor.cli.demo import demo_text
from domino_advisor.games import registry
from domino_advisor.games.events import Play
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.learning import chancereview, drillrows, drills, recordschema
from domino_advisor.learning import review as reviewing
from domino_advisor.learning.progress import Drill, Record, RecordError, path
from domino_advisor.learning.review import review
from domino_advisor.log import gamelog

DEMO = demo_text()


@pytest.fixture(scope="module")
def demo_drills():
    log = gamelog.loads(DEMO)
    return log, drills.from_review(log, review(log))  # as train --from reviews it


def test_the_costly_decisions_become_drills_at_your_turn(budget):
    log = gamelog.loads(DEMO)
    found = drills.from_review(log, reviewing.review(log))  # as train --from finds it
    assert found and {d.kind for d in found} == {"voids", "count", "move"}
    events = log.numbered_events()
    for d in found:
        at = drills.moment(log, d.event)
        nxt = events[d.event - 1][1]
        assert isinstance(nxt, Play) and nxt.player == log.me  # the move the drill is about
        assert nxt in legal_moves(at.round) or any(
            isinstance(m, Play) and m.tile == nxt.tile for m in legal_moves(at.round)
        )
        if d.kind == "voids":
            seat = at.view.names.index(d.about)
            assert at.inference.cannot_hold(seat)
        if d.kind == "count":
            assert int(d.about) in at.round.layout.numbers
        assert d.cost >= chancereview.DRILL_WORTH
        assert drillrows.fits("demo.dom", DEMO, d.event, d.kind, d.about, d.cost, 0)  # asked, not left out


# train --from reviews a game as review does (the advice's budget of work, 1.9 s of CPU on
# the demo), and a lesson's move question advises at the same budget: the fast tier, whose
# point here is the record (drills kept, asked, answered, come back), reviews the demo
# once at two fifths of the work, which finds the same three drills (the slow tier checks), and
# advises at a fifth; the slow tier at the real budget
@pytest.fixture(
    params=[pytest.param(True, id="fast"), pytest.param(False, id="full", marks=pytest.mark.slow)]
)
def budget(request, monkeypatch):
    if request.param:
        small_drill_budgets(monkeypatch)


@pytest.mark.slow  # a check of the fast tier's own budgets: the review at the full work is 1.8 s
def test_the_tests_small_work_finds_the_drills_of_the_full_work(demo_drills, monkeypatch):
    log, found = demo_drills
    small_drill_budgets(monkeypatch)
    few = drills.from_review(log, reviewing.review(log))  # as train --from finds it, then
    assert [(d.event, d.kind, d.about) for d in few] == [(d.event, d.kind, d.about) for d in found]


def _answers(log_text: str, kept) -> list[str]:
    """The right answer to each due drill, worked out from the position itself."""
    log = gamelog.loads(log_text)
    out = []
    for k in kept:
        at = drills.moment(log, k.drill.event)
        if k.drill.kind == "voids":
            seat = at.view.names.index(k.drill.about)
            out.append(" ".join(map(str, at.inference.cannot_hold(seat))) or "-")
        elif k.drill.kind == "count":
            n = int(k.drill.about)
            out.append(str(sum(1 for t in at.inference.unseen if t.bears(n))))
        else:
            out.append(k.drill.about)  # the advisor's move when the game was reviewed
    return out


def _game(tmp_path):
    game = tmp_path / "demo.dom"
    game.write_text(DEMO)
    return game


DAY = 86_400.0
T0 = 1_796_731_200.0  # 2026-12-08 12:00 UTC: the clock the schedule tests set


@pytest.fixture
def clock(monkeypatch):
    """The learning commands' clock, set (in UTC days): ``clock(days)`` moves it."""
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()

    def at(days: float = 0.0) -> None:
        monkeypatch.setenv("DOMINO_ADVISOR_NOW", repr(T0 + days * DAY))

    at(0)
    yield at
    monkeypatch.undo()
    time.tzset()


def test_drills_come_back_on_the_days_fsrs_gives_and_are_never_done(runner, tmp_path, budget, clock):
    game = _game(tmp_path)
    first = run(runner, "train", "--from", game, input="q\n")
    assert first.exit_code == 0, first.output
    assert "new drills" in first.output or "new drill" in first.output
    due = Record().due()
    assert due and all(k.rights == 0 for k in due)
    right = "\n".join(_answers(DEMO, due)) + "\n"
    ok = run(runner, "train", "--drills", input=right)
    assert ok.exit_code == 0 and "accuracy: 100%" in ok.output, ok.output
    assert "why:" in ok.output and "(new)" in ok.output
    # right at once (Good): FSRS's first interval is 2 days (stability 2.3)
    assert f"next: {len(due)} drills in 2 days (Thu 10 Dec)" in ok.output, ok.output
    assert Record().due() == []
    assert "no drills due today: next: " in run(runner, "train", "--drills").output  # nothing moves
    clock(1)
    run(runner, "train", "--seed", "3", input="q\n")  # a lesson does not bring drills nearer
    assert Record().due() == []
    clock(2)
    again = Record().due()
    assert [k.id for k in again] == [k.id for k in due] and all(k.rights == 1 for k in again)
    ok = run(runner, "train", "--drills", input=right)
    assert "(right 1 time before)" in ok.output, ok.output
    assert "next:" in ok.output and Record().drills_kept() == len(due)  # never done
    gap = (Record().next_due().at - (T0 + 2 * DAY)) / DAY
    assert 8 <= gap <= 14  # the second Good: about 11 days
    clock(2 + gap)
    assert [k.id for k in Record().due()] == [k.id for k in due]  # known well: back, later


def test_a_wrong_answer_comes_back_tomorrow(runner, tmp_path, budget, clock):
    game = _game(tmp_path)
    run(runner, "train", "--from", game, input="q\n")
    due = Record().due()
    move = next(i for i, k in enumerate(due) if k.drill.kind == "move")  # q there: the rest wait
    wrong = ["0 1 2 3 4 5 6" if k.drill.kind == "voids" else "9" for k in due[:move]]
    run(runner, "train", "--drills", input="\n".join(wrong) + "\nq\n")
    assert [k.id for k in Record().due()] == [k.id for k in due[move:]]  # the ones not answered yet
    assert {k.drill.kind for k in due[:move]} == {"voids", "count"}
    clock(1)
    assert {k.id for k in Record().due()} >= {k.id for k in due[:move]}  # Again: a day later
    assert all(k.rights == 0 for k in Record().due())


def test_a_game_added_twice_adds_its_drills_once(runner, tmp_path, budget):
    game = _game(tmp_path)
    run(runner, "train", "--from", game, input="q\n")
    n = Record().drills_kept()
    res = run(runner, "train", "--from", game, input="q\n")
    assert "0 new drills" in res.output and Record().drills_kept() == n


def test_drills_are_asked_from_the_record_even_when_the_file_is_gone(runner, tmp_path, budget):
    game = _game(tmp_path)
    run(runner, "train", "--from", game, input="q\n")
    game.unlink()
    res = run(runner, "train", "--drills", input="q\n")
    assert res.exit_code == 0 and "demo.dom, round 1" in res.output


def test_bad_games_and_options_are_refused(runner, tmp_path):
    bad = tmp_path / "bad.dom"
    bad.write_text('[Rules "classic"]\n[Players "me ana"]\nround 1\nme holds 6-6 6-6\n')
    refused(runner, bad, "train", "--from", bad, says="bad.dom")
    assert not path().exists() or Record().drills_kept() == 0
    refused(runner, None, "train", "--from", tmp_path / "nothing.dom", says="nothing.dom")
    refused(runner, None, "train", "--drills", "--no-record", says="progress record")


def test_the_record_gains_drills_by_migration(tmp_path):
    where = tmp_path / "progress.sqlite"
    db = sqlite3.connect(where)
    db.execute(
        "CREATE TABLE answers (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, points REAL NOT NULL, "
        "rules TEXT NOT NULL, lesson INTEGER NOT NULL, at REAL NOT NULL, "
        "source TEXT NOT NULL DEFAULT 'train', seconds REAL)"
    )
    db.execute(
        "INSERT INTO answers (kind, points, rules, lesson, at, seconds) "
        "VALUES ('count', 1, 'classic', 4, 9, 2)"
    )
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    record = Record(where)
    assert [a.kind for a in record.answers()] == ["count"]
    assert record.add_drills("g.dom", "g1", DEMO, [Drill(11, "count", "4", 0.03, "p11")]) == 1
    assert record.add_drills("g.dom", "g1", DEMO, [Drill(11, "count", "4", 0.03, "p11")]) == 0
    assert record.db.execute("PRAGMA user_version").fetchone()[0] == recordschema.VERSION


def test_the_example_game_can_be_saved_to_drill_on(runner, tmp_path):
    target = tmp_path / "demo.dom"
    res = run(runner, "demo", "--save", target)
    assert res.exit_code == 0 and target.read_text() == DEMO
    refused(runner, target, "demo", "--save", target, says="already exists")
    assert run(runner, "demo", "--save", target, "--force").exit_code == 0 and target.read_text() == DEMO
    target.write_text(DEMO + "me draws 1\n")  # played on: the player's game now, even with --force
    refused(runner, target, "demo", "--save", target, "--force", says="is a game log")
    target.write_text("mine\n")
    refused(runner, target, "demo", "--save", target, "--force", says="is not the demo's log as saved")


def test_progress_says_where_answers_came_from_and_what_is_due(runner, tmp_path, budget):
    game = _game(tmp_path)
    run(runner, "train", "--from", game, input="0\nq\n")
    out = run(runner, "progress").output
    assert "answers from drills 1" in out and "due today (train --drills)" in out
    import io

    from rich.console import Console

    from domino_advisor.learning.scorecard import sources, summary
    from domino_advisor.views import render

    answers = Record().answers()
    drills_now = {
        "kept": Record().drills_kept(),
        "due": Record().drills_due(),
        "next_due": None,
        "next_count": 0,
    }
    for width in (50, 80):
        out = io.StringIO()
        view = render.progress_view(summary(answers), "/x", 1, width, sources(answers), drills_now)
        Console(file=out, width=width, no_color=True).print(view)
        lines = out.getvalue().splitlines()
        assert any("due today" in line for line in lines)
        assert all(len(line.rstrip()) <= width for line in lines), out.getvalue()


def test_a_busy_or_broken_record_loses_nothing(runner, tmp_path, budget, monkeypatch):
    game = _game(tmp_path)
    run(runner, "train", "--from", game, input="q\n")
    monkeypatch.setattr("domino_advisor.learning.progress.WAIT", 0.05)
    kept = Record()
    due = kept.due()
    holder = sqlite3.connect(path(), timeout=0)
    holder.execute("BEGIN IMMEDIATE")  # another program writes for a long while
    try:
        assert kept.answered(due[0].id, True, 1) is False  # left as it was: asked again
        with pytest.raises(RecordError, match=r"another program .*the lesson was not started"):
            kept.start_lesson()
        with pytest.raises(RecordError, match=r"another program .*the drills were not added"):
            kept.add_drills("x.dom", "g2", "other text", [Drill(3, "count", "4", 0.1, "p3")])
        res = run(runner, "train", "--drills", input="q\n")  # locked at the start: refused
        assert res.exit_code == 2 and "another program" in res.output and "Traceback" not in res.output
    finally:
        holder.rollback()
        holder.close()
    assert [k.rights for k in Record().due()] == [0 for _ in due] and Record().drills_kept() == len(due)
    kept.close()
    # a record that is not a database: refused before any work, the file left as it was
    path().write_bytes(b"garbage" * 50)
    refused(runner, path(), "train", "--from", game, says="cannot be read")
    refused(runner, path(), "train", "--drills", says="cannot be read")


def test_the_same_game_however_logged_gives_its_drills_once(runner, tmp_path, budget):
    game = _game(tmp_path)
    run(runner, "train", "--from", game, input="q\n")
    n = Record().drills_kept()
    commented = tmp_path / "commented.dom"
    commented.write_text(DEMO + "# a note added later\n")
    respelled = tmp_path / "respelled.dom"
    respelled.write_text(DEMO.replace("me plays 5-5", "me plays 55", 1))
    for copy in (commented, respelled):
        res = run(runner, "train", "--from", copy, input="q\n")
        assert "0 new drills" in res.output, res.output
    assert Record().drills_kept() == n


def test_options_a_drill_does_not_use_are_refused(runner, tmp_path):
    game = _game(tmp_path)
    for extra in (["--seed", "3"], ["--rules", "block"], ["--players", "4"], ["--bots", "heavy"]):
        refused(runner, None, "train", "--from", game, *extra, says="does nothing with --from or --drills")
    refused(runner, None, "demo", "--save", tmp_path / "x.dom", "--pause", says="does nothing with --save")
    refused(runner, None, "demo", "--force", says="is for --save only")


def test_a_game_with_no_drills_says_why(runner, tmp_path):
    from domino_advisor.learning.chancereview import Decision, Review

    game = tmp_path / "forced.dom"
    game.write_text(
        '[Rules "block"]\n[Players "me ana"]\n[Set "set=2 hand=2"]\nround 1\nme holds 2-1 1-0\n'
        "ana plays 2-2\nme plays 2-1 on 2\nana plays 1-1 on 1\n"
    )
    res = run(runner, "train", "--from", game, input="q\n")
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert "0 costly decisions, 0 new drills (none of your moves had a choice to make)" in said

    def decision(played, best, about_equal=False):
        return Decision(1, 5, played, best, 0.5, 0.52, 2, about_equal=about_equal)

    agreed = Review(
        ["me", "ana"], "me", [decision("6-4 on 4", "6-4 on 4"), decision("5-5 on 5", "3-3 on 3", True)]
    )
    assert (
        chancereview.why_no_drills(agreed)
        == "all 2 of your decisions agreed with the advice, or were about equal to it"
    )
    small = Review(["me", "ana"], "me", [decision("6-4 on 4", "6-1 on 1")])
    assert chancereview.why_no_drills(small) == (
        "0 of 1 decision agreed with the advice; the others gave up less than 2% of your chance "
        "to win, too little to drill"
    )


def test_no_drill_is_made_from_one_sampled_deal():
    """Issue 39: a decision judged from one sampled deal has a cost whose noise is not
    known (a 30% "cost" there is one deal's luck): it became a drill all the same.  Now
    none does, and the game says why; from two deals the drills come back."""
    from pathlib import Path

    log = gamelog.loads((Path(__file__).parent / "data" / "logs" / "classic-3-midround.dom").read_text())
    one = review(log, samples=1)
    assert max(d.cost for d in one.decisions) >= chancereview.DRILL_WORTH  # what the drills took before
    assert drills.from_review(log, one) == []
    assert chancereview.why_no_drills(one) == (
        "0 of 3 decisions agreed with the advice; the others were judged from one sampled deal, "
        "too few to tell what they cost"
    )
    assert drills.from_review(log, review(log, samples=2))


def test_train_from_takes_several_games_listed_or_repeated(runner, tmp_path):
    """Issue 39: `train --from a.dom b.dom` (a shell's `--from *.dom`) was refused ('Got
    unexpected extra argument'); both spellings take every game, the first's own options
    as before."""
    games = []
    for name, hand, plays in (
        ("a.dom", "2-1 1-0", "ana plays 2-2\nme plays 2-1 on 2\n"),
        ("b.dom", "2-2 1-0", ""),
    ):
        game = tmp_path / name
        game.write_text(
            f'[Rules "block"]\n[Players "me ana"]\n[Set "set=2 hand=2"]\nround 1\nme holds {hand}\n{plays}'
        )
        games.append(game)
    for args in (["--from", games[0], games[1]], ["--from", games[0], "--from", games[1]]):
        res = run(runner, "train", *args, input="q\n")
        assert res.exit_code == 0, res.output
        said = " ".join(res.output.split())
        assert "a.dom: 0 costly decisions" in said and "b.dom: 0 costly decisions" in said
    refused(runner, None, "train", games[1], says="name the games to drill with --from: train --from")
    refused(runner, None, "train", "--drills", games[1], says="with --from")
    refused(runner, None, "train", "--from", games[0], tmp_path / "nothing.dom", says="nothing.dom")


def _corpus_of(game) -> list:
    from pathlib import Path

    logs = sorted((Path(__file__).parent / "data" / "logs").glob("*.dom"))
    return [f for f in logs if gamelog.loads(f.read_text()).game is game]


@pytest.mark.parametrize("game", registry.every_game(), ids=lambda g: g.name)
def test_every_games_logs_give_drills_that_can_be_asked(game):
    """Issue 41: drills for every game.  Each corpus log of the game, reviewed (12 worlds a
    decision): every drill it gives fits the record (its cost in the game's measure) and can
    be asked where it was (your play there judged, the count's number showing where you
    could play, the opponent one of the others)."""
    from domino_advisor.learning.review import review as judge

    for source in _corpus_of(game)[:3]:
        log = gamelog.loads(source.read_text())
        found = drills.from_review(log, judge(log, samples=12))
        assert len({d.event for d in found}) <= drills.MOST
        for d in found:
            assert drillrows.fits(source.name, source.read_text(), d.event, d.kind, d.about, d.cost, 0), d
            at = drills.moment(log, d.event)
            me = at.match.viewer
            if d.kind == "count":
                assert int(d.about) in at.round.open_numbers(me)
            if d.kind == "voids":
                assert d.about in at.view.names and at.view.names.index(d.about) != me


# where the count decides costs about 2 s a Mexican Train decision at the table's budget:
# the fast tier weighs the one with the most voids known, the slow tier all four
@pytest.mark.parametrize(
    "weighed", [pytest.param(1, id="fast"), pytest.param(None, id="full", marks=pytest.mark.slow)]
)
def test_a_train_game_gives_drills_asked_in_its_words(runner, tmp_path, monkeypatch, weighed):
    """A Mexican Train log gives drills (its costly plays, in pips), and train --drills asks
    them: the cost said in pips, the move typed as the game writes a play.  The count
    decides none of its moves clearly."""
    from pathlib import Path

    from domino_advisor.learning import countdecides

    if weighed is not None:
        monkeypatch.setattr(countdecides, "MOST_DECISIONS", weighed)
    game = Path(__file__).parent / "data" / "logs" / "mexican-train-4-midround.dom"
    res = run(runner, "train", "--from", game, input="q\n")
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())  # however the terminal wraps the file's name
    assert "1 costly decision, 3 new drills" in said and "pips against the others" in said
    assert "the count decides" not in said

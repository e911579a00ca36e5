"""The learner's record: created, migrated, read; a corrupt or locked record gives a
clear message and never loses an answer; progress shows it; train leans on it."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

import pytest

from clitools import run
from domino_advisor.learning import progress
from domino_advisor.learning.progress import Answer, Record, RecordError
from domino_advisor.learning.scorecard import summary


def _answer(kind="voids", points=1.0, lesson=1, at=1000.0):
    return Answer(kind, points, "classic", lesson, 2.5, at)


@pytest.fixture(
    params=[pytest.param(20, id="quick"), pytest.param(None, id="full-advice", marks=pytest.mark.slow)]
)
def lessons(request, monkeypatch):
    """A lesson's move question is marked against advice of 20 worlds in the fast tier
    (these tests are about the record, not the advice), of the default budget in the slow."""
    from domino_advisor.cli import lesson as train

    if request.param is not None:
        real = train.advise
        monkeypatch.setattr(
            train,
            "advise",
            lambda r, seat, options, **kw: real(r, seat, replace(options, samples=request.param), **kw),
        )


def test_a_lesson_through_the_cli_is_kept_and_shown(runner, lessons):
    res = run(runner, "train", "--seed", "4", input="0\n3\n\n")
    assert res.exit_code == 0, res.output
    assert "your answers are kept" in res.output
    data = json.loads(run(runner, "progress", "--json").output)
    assert data["answers"] >= 1
    asked = {k["kind"]: k["asked"] for k in data["kinds"]}
    assert sum(asked.values()) == data["answers"]
    shown = run(runner, "progress")
    assert shown.exit_code == 0 and "what they lack" in shown.output and "your progress" in shown.output


def test_no_record_keeps_nothing(runner, lessons):
    res = run(runner, "train", "--seed", "4", "--no-record", input="0\n")
    assert res.exit_code == 0 and "answers are kept" not in res.output
    assert json.loads(run(runner, "progress", "--json").output)["answers"] == 0
    assert "no answers kept yet" in run(runner, "progress").output


def test_an_older_record_is_migrated_and_read(tmp_path):
    where = tmp_path / "progress.sqlite"
    db = sqlite3.connect(where)  # the first form: no time taken
    db.execute(
        "CREATE TABLE answers (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, points REAL NOT NULL, "
        "rules TEXT NOT NULL, lesson INTEGER NOT NULL, at REAL NOT NULL, "
        "source TEXT NOT NULL DEFAULT 'train')"
    )
    db.execute("INSERT INTO answers (kind, points, rules, lesson, at) VALUES ('where', 0.0, 'block', 7, 5.0)")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    record = Record(where)
    assert record.answers() == [Answer("where", 0.0, "block", 7, 0.0, 5.0)]
    record.add(_answer())
    assert len(record.answers()) == 2
    assert record.db.execute("PRAGMA user_version").fetchone()[0] == progress.VERSION
    record.close()


def test_a_corrupt_record_is_refused_and_left_as_it_is(tmp_path, runner, monkeypatch):
    monkeypatch.setenv("DOMINO_ADVISOR_DATA", str(tmp_path))
    where = tmp_path / "progress.sqlite"
    where.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    before = where.read_bytes()
    for args in (["progress"], ["train", "--seed", "1"]):
        res = run(runner, *args, input="q\n")
        assert res.exit_code == 2, res.output
        assert "cannot be read" in res.output and "move it aside" in res.output
        assert "Traceback" not in res.output
    assert where.read_bytes() == before


def test_a_record_from_a_newer_version_is_refused(tmp_path):
    where = tmp_path / "progress.sqlite"
    db = sqlite3.connect(where)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(RecordError, match="newer domino-advisor"):
        Record(where)


def test_a_locked_record_keeps_the_answer_aside_and_adds_it_later(tmp_path, monkeypatch):
    monkeypatch.setattr(progress, "WAIT", 0.1)
    where = tmp_path / "progress.sqlite"
    record = Record(where)
    other = sqlite3.connect(where)
    other.execute("BEGIN EXCLUSIVE")  # another program is writing
    assert record.add(_answer("count", 0.0)) is False
    assert record.pending_path.exists()
    other.rollback()
    other.close()
    record.close()
    again = Record(where)  # the next lesson adds what waited
    assert not again.pending_path.exists()
    assert [a.kind for a in again.answers()] == ["count"]
    again.close()


def test_a_record_locked_at_the_start_is_refused_clearly(tmp_path, monkeypatch):
    monkeypatch.setattr(progress, "WAIT", 0.1)
    where = tmp_path / "progress.sqlite"
    Record(where).close()
    other = sqlite3.connect(where)
    other.execute("BEGIN EXCLUSIVE")
    with pytest.raises(RecordError, match="being written by another program"):
        Record(where)
    other.rollback()
    other.close()


def test_summary():
    answers = [_answer("voids", 1.0, lesson=1, at=10)] * 5 + [_answer("count", 0.0, lesson=1, at=20)] * 5
    rows = {r.kind: r for r in summary(answers)}
    assert rows["voids"].accuracy == 1.0 and rows["count"].accuracy == 0.0 and rows["where"].asked == 0


def test_train_asks_more_of_what_you_miss(tmp_path):
    import io
    import random

    from rich.console import Console

    from domino_advisor.cli.lesson import Lesson
    from domino_advisor.games.line.rules import preset

    record = Record(tmp_path / "p.sqlite")
    for i in range(10):
        record.add(_answer("count", 0.0, at=i))
        record.add(_answer("voids", 1.0, at=i))
        record.add(_answer("where", 1.0, at=i))
    t = Lesson(
        preset("classic", {"target": "0"}), 3, 1, Console(file=io.StringIO()), lambda p: "q", record=record
    )
    t.rng = random.Random(5)
    picks = [t.next_kind() for _ in range(300)]
    assert picks.count("count") > 2 * picks.count("voids")
    record.close()


@pytest.mark.parametrize("width", [50, 80])
def test_progress_fits_the_screen(width):
    import io

    from rich.console import Console

    from domino_advisor.views import render

    answers = [
        _answer(k, p, lesson=i, at=i * 4000) for i in range(40) for k, p in (("voids", 1.0), ("move", 0.4))
    ]
    out = io.StringIO()
    Console(file=out, width=width, no_color=True).print(
        render.progress_view(summary(answers), "/x", 80, width)
    )
    lines = out.getvalue().splitlines()
    assert lines and all(len(line.rstrip()) <= width for line in lines)
    assert "…" not in out.getvalue() and "what they lack" in out.getvalue()


def test_progress_writes_a_standalone_page(tmp_path, runner, lessons):
    assert run(runner, "train", "--seed", "4", input="0\n3\n\n").exit_code == 0
    page = tmp_path / "progress.html"
    res = run(runner, "progress", "--html", page)
    assert res.exit_code == 0, res.output
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "<script" not in html
    assert "what they lack" in html and 'name="viewport"' in html
    again = run(runner, "progress", "--html", page)  # never overwritten without --force
    assert again.exit_code == 2 and "already exists" in again.output
    assert page.read_text() == html
    assert run(runner, "progress", "--html", page, "--force").exit_code == 0


def test_a_page_never_replaces_the_record(tmp_path, runner, monkeypatch, lessons):
    monkeypatch.setenv("DOMINO_ADVISOR_DATA", str(tmp_path))
    assert run(runner, "train", "--seed", "4", input="0\n3\n\n").exit_code == 0
    before = (tmp_path / "progress.sqlite").read_bytes()
    res = run(runner, "progress", "--html", tmp_path / "progress.sqlite", "--force")
    assert res.exit_code == 2 and "is part of your progress record" in res.output
    assert (tmp_path / "progress.sqlite").read_bytes() == before


@pytest.mark.parametrize(
    "line",
    [
        "{bad",
        "[1, 2]",
        '{"x": 1}',
        '{"kind": "voids", "points": "abc", "rules": "x", "lesson": 1, '
        '"seconds": 1, "at": 1, "source": "train"}',
    ],
)
def test_unreadable_pending_answers_are_refused_and_kept(tmp_path, runner, monkeypatch, line):
    monkeypatch.setenv("DOMINO_ADVISOR_DATA", str(tmp_path))
    pending = tmp_path / "progress-pending.jsonl"
    pending.write_text(line + "\n")
    res = run(runner, "progress")
    assert res.exit_code == 2 and "line 1 is not an answer this program wrote" in res.output
    assert "Traceback" not in res.output and pending.read_text() == line + "\n"


def test_another_programs_database_is_refused_and_left_alone(tmp_path):
    where = tmp_path / "progress.sqlite"
    db = sqlite3.connect(where)
    db.execute("CREATE TABLE x (y)")
    db.commit()
    db.close()
    before = where.read_bytes()
    with pytest.raises(RecordError, match="is not a progress record"):
        Record(where)
    assert where.read_bytes() == before


@pytest.mark.parametrize("train", ["in-process", pytest.param("process", marks=pytest.mark.slow)])
def test_the_record_lives_in_the_data_folder_of_home(tmp_path, runner, train, lessons):
    """No DOMINO_ADVISOR_DATA: the record is created under HOME (platformdirs), then read
    back by another process.  The lesson that makes it: in process in the fast tier, a
    real process in the slow."""
    from clitools import process

    env = {"HOME": str(tmp_path), "DOMINO_ADVISOR_DATA": "", "XDG_DATA_HOME": ""}
    if train == "process":
        res = process("train", "--seed", "4", env=env, input=b"0\n3\n\n", timeout=120)
        assert res.returncode == 0, res.stderr
    else:
        res = run(runner, "train", "--seed", "4", env=env, input="0\n3\n\n")
        assert res.exit_code == 0, res.output
    made = list(tmp_path.rglob("progress.sqlite"))
    assert len(made) == 1 and "domino-advisor" in str(made[0])
    shown = json.loads(process("progress", "--json", env=env).stdout)
    assert shown["record"] == str(made[0]) and shown["answers"] >= 1


@pytest.mark.parametrize(
    "line",
    [
        '{"kind":"voids","points":5.0,"rules":"classic","lesson":1,"seconds":2,"at":9,"source":"train"}',
        '{"kind":"voids","points":1e400,"rules":"classic","lesson":1,"seconds":2,"at":9,"source":"train"}',
        '{"kind":"voids","points":1,"rules":"classic","lesson":1.5,"seconds":2,"at":9,"source":"train"}',
        '{"kind":"voids","points":1,"rules":"classic","lesson":1,"seconds":-3,"at":9,"source":"train"}',
        '{"kind":"voids","points":1,"rules":"classic","lesson":1,"seconds":2,"at":9,"source":"elsewhere"}',
    ],
)
def test_pending_answers_out_of_range_are_refused_and_kept(runner, line):
    progress.path().parent.mkdir(parents=True, exist_ok=True)
    pending = progress.path().with_name("progress-pending.jsonl")
    pending.write_text(line + "\n")
    res = run(runner, "progress", "--json")
    assert res.exit_code == 2 and "line 1 is not an answer this program wrote" in res.output
    assert "Traceback" not in res.output and pending.read_text() == line + "\n"


def test_a_pending_path_that_is_not_a_file_is_refused_clearly(runner):
    progress.path().parent.mkdir(parents=True, exist_ok=True)
    pending = progress.path().with_name("progress-pending.jsonl")
    pending.mkdir()
    res = run(runner, "progress")
    assert res.exit_code == 2 and "is not a file" in res.output and pending.is_dir()
    assert not list(pending.parent.glob("progress-pending.jsonl.*"))  # nothing moved


def test_a_page_never_replaces_a_game_log_or_the_pending_answers(runner, tmp_path, lessons):
    from clitools import new_game, refused

    game = new_game(runner, tmp_path / "game.dom")
    refused(runner, game, "progress", "--html", game, "--force", says="is a game log")
    run(runner, "train", "--seed", "4", input="0\nq\n")
    pending = progress.path().with_name("progress-pending.jsonl")
    refused(runner, None, "progress", "--html", pending, "--force", says="part of your progress record")
    other = tmp_path / "other.dom"
    other.write_bytes(game.read_bytes())
    demo = tmp_path / "demo.dom"
    run(runner, "demo", "--save", demo)
    refused(
        runner,
        other,
        "review",
        demo,
        "--html",
        other,
        "--force",
        "--no-hindsight",
        "--samples",
        "5",
        says="is a game log",
    )


def test_a_record_that_needs_no_migration_is_only_read(tmp_path):
    """progress opens the record without writing to it (a read-only copy reads)."""
    where = tmp_path / "progress.sqlite"
    Record(where).close()
    before = where.read_bytes()
    kept = Record(where)
    assert kept.answers() == [] and kept.drills_kept() == 0
    kept.close()
    assert where.read_bytes() == before


def test_a_damaged_record_keeps_the_answers_beside_it(runner, lessons):
    run(runner, "train", "--seed", "4", input="0\n3\nq\n")
    kept = Record()  # opened before the damage, as a lesson or a session has it
    with open(progress.path(), "r+b") as f:
        f.seek(4096)
        f.write(b"\xff" * 64)
    with pytest.raises(RecordError, match=r"cannot be read .*the answer waits in"):
        kept.add(_answer(at=77.0))
    kept.close()
    pending = progress.path().with_name("progress-pending.jsonl")
    assert json.loads(pending.read_text())["at"] == 77.0
    res = run(runner, "train", "--seed", "5", input="0\nq\n")  # seen at the start: refused
    assert res.exit_code == 2 and "cannot be read" in res.output and "Traceback" not in res.output


def test_progress_per_game_and_all_together(runner):
    """Issue 41: progress in every game together and in each: answers from a preset of the
    line games and from Mexican Train; --game keeps one game's (any preset names the line
    games), and every game's totals are said whatever it keeps."""
    record = Record()
    record.add(_answer("voids", 1.0, lesson=1))
    record.add(replace(_answer("count", 0.0, lesson=1), rules="block"))
    record.add(replace(_answer("voids", 0.5, lesson=2), rules="mexican-train"))
    record.close()
    every = json.loads(run(runner, "progress", "--json").output)
    assert every["game"] is None and every["answers"] == 3
    assert every["games"] == [
        {"game": "dominoes", "answers": 2, "accuracy": 0.5},
        {"game": "Mexican Train", "answers": 1, "accuracy": 0.5},
    ]
    train = json.loads(run(runner, "progress", "--game", "mexican-train", "--json").output)
    assert train["game"] == "Mexican Train" and train["answers"] == 1 and train["games"] == every["games"]
    assert {k["kind"]: k["asked"] for k in train["kinds"]}["voids"] == 1
    line = json.loads(run(runner, "progress", "--game", "classic", "--json").output)
    assert line["game"] == "dominoes" and line["answers"] == 2
    shown = run(runner, "progress").output
    assert "by game: dominoes 2 (50%) · Mexican Train 1 (50%)" in " ".join(shown.split())
    res = run(runner, "progress", "--game", "nope")
    assert res.exit_code == 2 and "'nope' is not a rule preset" in res.output

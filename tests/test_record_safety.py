"""The learner's record never loses an answer and never touches what is not its own
(issue 26): a waiting answer is on disk before the wait, and added once however the
lesson ended; a file that is not a record of ours is refused before anything is written
to it; damaged rows are left out and counted; a read-only folder is called read-only.

The tests go through the command line or the parts of ``Record`` that 0.9.0 had, so each
runs against 0.9.0 too (where it fails)."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from clitools import run
from domino_advisor.learning import progress
from domino_advisor.learning.progress import Answer, Record, RecordError

ANSWER = Answer("count", 0.5, "classic", 3, 2.5, 1_700_000_000.25)
LINE = json.dumps(
    {"kind": "count", "points": 0.5, "rules": "classic", "lesson": 3, "seconds": 2.5, "at": 1_700_000_000.25}
    | {"source": "train"}
)


def _strict(text: str) -> dict:
    """JSON as a strict reader takes it: no Infinity, no NaN."""

    def refuse(name):
        raise ValueError(f"{name} in JSON")

    return json.loads(text, parse_constant=refuse)


def _answers_shown(runner) -> int:
    res = run(runner, "progress", "--json")
    assert res.exit_code == 0, res.output
    return _strict(res.stdout)["answers"]


class Killed(BaseException):
    """What a kill -9 during the wait leaves: nothing after this point runs."""


# -- an answer waiting for a busy record ------------------------------------------------------
def test_a_waiting_answer_is_on_disk_before_the_wait_and_survives_a_kill(runner, monkeypatch):
    """0.9.0 wrote the pending line only after the wait: killed during it, the answer was gone."""
    monkeypatch.setattr(progress, "WAIT", 0.1)
    record = Record()
    other = sqlite3.connect(record.path)
    other.execute("BEGIN EXCLUSIVE")  # another lesson is writing
    seen = []

    def killed_while_waiting():
        pending = record.pending_path
        seen.append(pending.read_text() if pending.exists() else "")
        raise Killed

    with pytest.raises(Killed):
        record.add(ANSWER, on_wait=killed_while_waiting)
    other.rollback()
    other.close()
    record.db.close()
    assert seen and LINE in seen[0].splitlines()
    assert _answers_shown(runner) == 1  # the next open adds it
    assert _answers_shown(runner) == 1  # once
    assert not list(record.path.parent.glob("progress-pending*"))


def test_answers_taken_aside_by_0_9_0_are_added(runner):
    """0.9.0 moved the pending file to ``<name>.<pid>`` before its wait; killed there, no
    open read that name again."""
    where = progress.path()
    where.parent.mkdir(parents=True)
    (where.parent / "progress-pending.jsonl.4242").write_text(LINE + "\n")
    assert _answers_shown(runner) == 1
    assert not (where.parent / "progress-pending.jsonl.4242").exists()


def test_an_answer_both_in_the_record_and_pending_is_counted_once(runner):
    """A kill between the insert and the removal of the pending file: 0.9.0 added it twice."""
    record = Record()
    record.add(ANSWER)
    record.close()
    record.pending_path.write_text(LINE + "\n")
    assert _answers_shown(runner) == 1
    assert not record.pending_path.exists()


def test_a_line_torn_by_a_kill_is_left_out_and_the_rest_added(runner):
    """Killed mid-write, a pending file ends in half a line: that answer was never kept
    (its writer had not returned); the whole ones are added (0.9.0 refused them all)."""
    where = progress.path()
    where.parent.mkdir(parents=True)
    where.with_name("progress-pending.jsonl").write_text(LINE + "\n" + LINE.replace("3", "4")[:30])
    assert _answers_shown(runner) == 1


@pytest.mark.slow
def test_a_lesson_killed_while_it_waits_loses_no_answer(tmp_path):
    """A real kill -9 while the process waits for a record another program holds."""
    env = {**os.environ, "DOMINO_ADVISOR_DATA": str(tmp_path), "PYTHONPATH": os.pathsep.join(sys.path)}
    code = (
        "import sys\n"
        "from domino_advisor.learning.progress import Answer, Record\n"
        "r = Record()\n"
        "print('open', flush=True)\n"
        "sys.stdin.readline()\n"
        "r.add(Answer('count', 0.5, 'classic', 3, 2.5, 1700000000.25), "
        "on_wait=lambda: print('waiting', flush=True))\n"
    )
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE}
    with subprocess.Popen([sys.executable, "-c", code], env=env, **pipes) as lesson:  # type: ignore[call-overload]
        try:
            assert lesson.stdout is not None and lesson.stdin is not None
            assert lesson.stdout.readline() == b"open\n"
            other = sqlite3.connect(tmp_path / "progress.sqlite")
            other.execute("BEGIN EXCLUSIVE")  # another program writes, for longer than the wait
            lesson.stdin.write(b"go\n")
            lesson.stdin.flush()
            assert lesson.stdout.readline() == b"waiting\n"
            lesson.kill()
        finally:
            lesson.kill()
            lesson.wait(timeout=60)
    other.rollback()
    other.close()
    again = Record(tmp_path / "progress.sqlite")
    assert [a.at for a in again.answers()] == [1_700_000_000.25]
    again.close()


LESSON = """
import sys
from domino_advisor.learning import progress
from domino_advisor.learning.progress import Answer, Record
progress.WAIT = 0.2
r = Record()
print("open", flush=True)
sys.stdin.readline()
me = int(sys.argv[1])
kept = [r.add(Answer("count", 0.5, "classic", me, 1.0, 1000.0 + me + i / 100)) for i in range(5)]
print(sum(kept), flush=True)
"""


@pytest.mark.slow
def test_lessons_at_once_keep_every_answer_once(tmp_path):
    """Four lessons find the record busy and keep five answers each aside; then four more
    open it at once (each taking the pending file) and add five each as they go: every
    answer is in the record once, and no pending file is left."""
    env = {**os.environ, "DOMINO_ADVISOR_DATA": str(tmp_path), "PYTHONPATH": os.pathsep.join(sys.path)}
    Record(tmp_path / "progress.sqlite").close()

    def lessons(first: int) -> list[subprocess.Popen]:
        out = [
            subprocess.Popen(
                [sys.executable, "-c", LESSON, str(first + k)],
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
            for k in range(4)
        ]
        for p in out:
            assert p.stdout is not None and p.stdout.readline() == b"open\n"
        return out

    def go(started: list[subprocess.Popen]) -> list[bytes]:
        for p in started:
            assert p.stdin is not None
            p.stdin.write(b"go\n")
            p.stdin.flush()
        return [p.communicate(timeout=120)[0] for p in started]

    first = lessons(0)
    other = sqlite3.connect(tmp_path / "progress.sqlite")
    other.execute("BEGIN EXCLUSIVE")
    assert go(first) == [b"0\n"] * 4  # all twenty waiting beside the record
    other.rollback()
    other.close()
    assert go(lessons(10)) == [b"5\n"] * 4
    record = Record(tmp_path / "progress.sqlite")
    ats = sorted(a.at for a in record.answers())
    record.close()
    assert ats == sorted(1000.0 + me + i / 100 for me in [0, 1, 2, 3, 10, 11, 12, 13] for i in range(5))
    assert not list(tmp_path.glob("progress-pending*"))


# -- a file that is not our record ---------------------------------------------------------------
def _sqlite(where: Path, version: int, *statements: str) -> None:
    db = sqlite3.connect(where)
    for s in statements:
        db.execute(s)
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.close()


V1_ANSWERS = (
    "CREATE TABLE answers (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, points REAL NOT NULL, "
    "rules TEXT NOT NULL, lesson INTEGER NOT NULL, at REAL NOT NULL, source TEXT NOT NULL DEFAULT 'train')"
)
FOREIGN = {
    "a game log": lambda w: w.write_text("# domino-advisor log\nplayers me ana bob\n"),
    "answers of another shape": lambda w: _sqlite(w, 0, "CREATE TABLE answers (who TEXT, score INTEGER)"),
    "version 1 lacking a column": lambda w: _sqlite(
        w, 1, "CREATE TABLE answers (id INTEGER PRIMARY KEY, kind)"
    ),
    "version 2 with another table": lambda w: _sqlite(w, 2, V1_ANSWERS, "CREATE TABLE mail (x)"),
    "version 1 with a trigger": lambda w: _sqlite(
        w, 1, V1_ANSWERS, "CREATE TRIGGER t AFTER INSERT ON answers BEGIN DELETE FROM answers; END"
    ),
}


@pytest.mark.parametrize("kind", FOREIGN)
def test_a_file_that_is_not_our_record_is_refused_before_anything_is_written(runner, kind):
    """0.9.0 added a column, tables and its version to a SQLite file whose answers table
    had another shape, then refused it saying it was left as it was."""
    where = progress.path()
    where.parent.mkdir(parents=True)
    FOREIGN[kind](where)
    os.utime(where, (1_000_000_000, 1_000_000_000))
    before = where.read_bytes()
    for args in (["progress", "--json"], ["train", "--seed", "1"]):
        res = run(runner, *args, input="q\n")
        assert where.read_bytes() == before and where.stat().st_mtime == 1_000_000_000
        assert res.exit_code == 2, res.output
        assert "is not a progress record" in res.stderr or "not a SQLite database" in res.stderr, res.stderr
        assert "left as it is" in res.stderr and "Traceback" not in res.output
    assert sorted(p.name for p in where.parent.iterdir()) == ["progress.sqlite"]


# -- damaged rows --------------------------------------------------------------------------------
def _loose_record(where: Path, *rows: tuple) -> None:
    """A record of the right tables and columns without their NOT NULLs, so NULL goes in."""
    _sqlite(
        where,
        3,
        "CREATE TABLE answers (id INTEGER PRIMARY KEY, kind, points, rules, lesson, at, source, seconds)",
        "CREATE TABLE games (id TEXT PRIMARY KEY, name, text, added)",
        "CREATE TABLE drills (id INTEGER PRIMARY KEY, game, position, event, kind, about, cost, rights, due)",
        "CREATE TABLE lessons (id INTEGER PRIMARY KEY, at)",
    )
    db = sqlite3.connect(where)
    db.executemany(
        "INSERT INTO answers (kind, points, rules, lesson, at, source, seconds) VALUES (?,?,?,?,?,?,?)", rows
    )
    db.commit()
    db.close()


GOOD = ("voids", 1.0, "classic", 1, 10.0, "train", 2.0)
DAMAGED = {
    "points infinite": ("voids", 9e999, "classic", 1, 11.0, "train", 2.0),
    "points negative": ("voids", -1.0, "classic", 1, 11.0, "train", 2.0),
    "points past 1": ("voids", 7.0, "classic", 1, 11.0, "train", 2.0),
    "points text": ("voids", "all", "classic", 1, 11.0, "train", 2.0),
    "points NULL": ("voids", None, "classic", 1, 11.0, "train", 2.0),
    "kind unknown": ("luck", 1.0, "classic", 1, 11.0, "train", 2.0),
    "time infinite": ("voids", 1.0, "classic", 1, 9e999, "train", 2.0),
    "time text": ("voids", 1.0, "classic", 1, "noon", "train", 2.0),
    "time NULL": ("voids", 1.0, "classic", 1, None, "train", 2.0),
    "lesson text": ("voids", 1.0, "classic", "one", 11.0, "train", 2.0),
    "seconds infinite": ("voids", 1.0, "classic", 1, 11.0, "train", 9e999),
    "source NULL": ("voids", 1.0, "classic", 1, 11.0, None, 2.0),
}


@pytest.mark.parametrize("kind", DAMAGED)
def test_damaged_rows_are_left_out_and_counted(runner, tmp_path, kind):
    """0.9.0 printed Infinity in --json, or crashed (OverflowError, TypeError)."""
    where = progress.path()
    where.parent.mkdir(parents=True)
    _loose_record(where, GOOD, DAMAGED[kind])
    res = run(runner, "progress", "--json")
    assert res.exit_code == 0, res.output
    assert _strict(res.stdout)["answers"] == 1
    assert res.stderr.count("\n") == 1 and "1 answer in your progress record is damaged" in res.stderr
    page = tmp_path / "p.html"
    res = run(runner, "progress", "--html", page)
    assert res.exit_code == 0 and "<svg" in page.read_text(), res.output


# -- a read-only data folder -------------------------------------------------------------------
@contextlib.contextmanager
def _read_only(folder: Path):
    """The folder read-only to this process: chmod, and as root (which chmod does not stop)
    the effective user nobody meanwhile."""
    os.chmod(folder, 0o555)
    root = os.geteuid() == 0
    try:
        if root:
            os.seteuid(65534)
        yield
    finally:
        if root:
            os.seteuid(0)
        os.chmod(folder, 0o755)


@pytest.fixture
def open_folder(monkeypatch):
    """A data folder the user nobody can reach (pytest's own are root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="domino-ro-"))
    os.chmod(folder, 0o755)
    monkeypatch.setenv("DOMINO_ADVISOR_DATA", str(folder))
    import domino_advisor.views.progresspage  # imported before the user changes
    import domino_advisor.views.render  # noqa: F401

    yield folder
    for p in sorted(folder.rglob("*"), reverse=True):
        p.rmdir() if p.is_dir() else p.unlink()
    folder.rmdir()


def test_a_read_only_data_folder_is_called_read_only(runner, open_folder):
    """0.9.0: 'cannot be read (unable to open database file) ... move it aside'."""
    with _read_only(open_folder):
        res = run(runner, "progress")
    assert res.exit_code == 2, res.output
    assert f"the folder {open_folder} is read-only" in res.stderr and "move it aside" not in res.stderr


def test_an_answer_in_a_read_only_folder_says_so_and_the_record_is_read(runner, open_folder, monkeypatch):
    monkeypatch.setattr(progress, "WAIT", 0.1)
    Record().close()
    with _read_only(open_folder):
        assert _answers_shown(runner) == 0  # reading needs no write
        record = Record()
        with pytest.raises(RecordError) as e:
            record.add(ANSWER)
        record.close()
    assert "read-only" in str(e.value) and "move it aside" not in str(e.value) and "busy" not in str(e.value)


def test_a_data_folder_that_cannot_be_made_says_why(runner, open_folder, monkeypatch):
    monkeypatch.setenv("DOMINO_ADVISOR_DATA", str(open_folder / "deeper" / "data"))
    with _read_only(open_folder):
        res = run(runner, "progress")
    assert res.exit_code == 2, res.output
    assert (
        "the folder cannot be made (Permission denied)" in res.stderr and "DOMINO_ADVISOR_DATA" in res.stderr
    )


# -- the pending file is the record's own, or it is left alone ---------------------------------
GAME_LOG = b"# domino-advisor log\nplayers me ana bob\nme plays 6-6"  # its last line unended


@contextlib.contextmanager
def _busy(record: Record):
    """Another program holds the record for a write."""
    other = sqlite3.connect(record.path)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.rollback()
        other.close()


def _put(pending: Path, how: str, target: Path) -> None:
    """At ``pending``: a symlink or a hard link to ``target``, or a pipe."""
    if how == "symlink":
        pending.symlink_to(target)
    elif how == "hard link":
        os.link(target, pending)
    else:
        os.mkfifo(pending)


@pytest.mark.parametrize("how", ["symlink", "hard link", "pipe"])
def test_an_answer_is_never_kept_through_a_link_at_the_pending_name(monkeypatch, tmp_path, how):
    """The pending name a link to a game log whose last line has no newline: keep() took
    that line for a torn write, cut it off and appended an answer to the log (a pipe: it
    waited forever for a reader)."""
    monkeypatch.setattr(progress, "WAIT", 0.1)
    game = tmp_path / "game.dom"
    game.write_bytes(GAME_LOG)
    record = Record()
    _put(record.pending_path, how, game)
    with _busy(record), pytest.raises(RecordError) as e:
        record.add(ANSWER)
    record.close()
    said = str(e.value)
    assert "an answer could not be kept" in said and "is not the record's own" in said, said
    assert "move it aside" in said and "\n" not in said
    assert game.read_bytes() == GAME_LOG
    assert os.path.lexists(record.pending_path) and record.pending_path.is_symlink() == (how == "symlink")


@pytest.mark.parametrize("name", ["progress-pending.jsonl", "progress-pending.jsonl.4242"])
@pytest.mark.parametrize("how", ["symlink", "hard link", "another user's"])
def test_a_pending_name_that_is_not_ours_is_refused_and_left(runner, tmp_path, how, name):
    """A link at a pending name (or 0.9.0's leftover name) to a file that reads as answers:
    its answers were added and the name removed (a hard link: one of the file's names)."""
    if how == "another user's" and os.geteuid() != 0:
        pytest.skip("only root can give a file to another user")
    where = progress.path()
    where.parent.mkdir(parents=True)
    target = tmp_path / "answers.jsonl"
    target.write_text(LINE + "\n")
    pending = where.with_name(name)
    if how == "another user's":
        pending.write_text(LINE + "\n")
        os.chown(pending, 65534, 65534)
    else:
        _put(pending, how, target)
    res = run(runner, "progress", "--json")
    assert res.exit_code == 2 and res.stderr.count("\n") == 1, res.output
    assert f"{pending} should hold answers" in res.stderr and "is not the record's own" in res.stderr
    assert "move it aside" in res.stderr and "Traceback" not in res.output
    assert os.path.lexists(pending) and target.read_text() == LINE + "\n"


@pytest.mark.parametrize("name", ["progress-pending.jsonl", "progress-pending.jsonl.4242"])
@pytest.mark.parametrize("size", [8 * 2**20 + 1, 1500 * 2**20])
def test_a_pending_file_too_big_for_answers_is_refused_unread(tmp_path, name, size):
    """1.5 GB at the pending name was read whole (MemoryError under ``ulimit -v``); a sparse
    file here, so the test writes nothing big, and tracemalloc shows nothing big is read."""
    import tracemalloc

    pending = tmp_path / name
    with open(pending, "wb"):
        pass
    os.truncate(pending, size)
    tracemalloc.start()
    try:
        with pytest.raises(RecordError) as e:
            Record(tmp_path / "progress.sqlite")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2**20, peak  # a safety limit: nothing near the file's size
    said = str(e.value)
    assert f"{pending} should hold answers" in said and "answers never take more than 8 MB" in said
    assert pending.stat().st_size == size


@pytest.mark.parametrize(
    "data, says",
    [
        (b"\0" * 4000, "NUL bytes"),  # 0.9.0 took 300 MB of them for one torn line and removed them
        (LINE.encode() + b"\n\xff\xfe\n", "not UTF-8 text"),
    ],
)
def test_a_pending_file_that_is_not_text_is_refused_and_kept(tmp_path, data, says):
    pending = tmp_path / "progress-pending.jsonl"
    pending.write_bytes(data)
    with pytest.raises(RecordError, match=f"is not the record's own .*{says}.*move it aside"):
        Record(tmp_path / "progress.sqlite")
    assert pending.read_bytes() == data


def _line(**fields) -> str:
    return json.dumps(json.loads(LINE) | fields)


BAD_LINES = {
    "garbage": ("garbage", "it is not a line of JSON: 'garbage'"),
    "garbage in 0.9.0's leftover": ("garbage", "it is not a line of JSON: 'garbage'"),
    "nested 100,000 deep": ("[" * 100_000, "it is not a line of JSON"),  # RecursionError
    "a huge lesson number": (_line(lesson=10**30), "lesson is not a whole number"),  # SQLite overflow
    "a lesson of 1e300": (_line(lesson=1e300), "lesson is not a whole number"),
    "a huge time": (_line(at=10**30), "at is not a time"),
    "points NaN": (LINE.replace('"points": 0.5', '"points": NaN'), "points is not a number from 0 to 1"),
    "points 10**400": (_line(points=10**400), "points is not a number from 0 to 1"),  # OverflowError
    "no source": (_line(source=None), "source is not one of train, practice, drill"),
}


@pytest.mark.parametrize("bad", BAD_LINES)
def test_a_pending_line_that_is_not_an_answer_names_its_file_and_line(runner, bad):
    """0.9.0 named progress-pending.jsonl whatever file was at fault, in Python's words
    ("Expecting value: line 1 column 1 (char 0)", "Python int too large to convert to
    SQLite INTEGER"), or crashed (RecursionError: "internal error")."""
    where = progress.path()
    where.parent.mkdir(parents=True)
    pending = where.with_name("progress-pending.jsonl" + (".4242" if "leftover" in bad else ""))
    line, says = BAD_LINES[bad]
    pending.write_text(LINE + "\n" + line + "\n")
    res = run(runner, "progress", "--json")
    assert res.exit_code == 2 and res.stderr.count("\n") == 1, res.output
    assert f"error: {pending} line 2 is not an answer this program wrote ({says}" in res.stderr, res.stderr
    assert res.stderr.rstrip().endswith("fix or move that file") and len(res.stderr) < 400
    assert pending.read_text() == LINE + "\n" + line + "\n"


def test_a_torn_last_line_is_ended_not_cut_and_skipped_when_read(monkeypatch, runner):
    """keep() cut a last line with no newline; it is ended with one instead (no byte of the
    file is removed), and the reader skips it as the start of a line of ours."""
    monkeypatch.setattr(progress, "WAIT", 0.1)
    record = Record()
    torn = LINE.replace("3", "4")[:30]
    record.pending_path.write_text(LINE + "\n" + torn)
    later = Answer("voids", 1.0, "classic", 5, 1.0, 1_700_000_100.5)
    with _busy(record):
        assert record.add(later) is False
    record.close()
    written = json.dumps({k: v for k, v in later.__dict__.items() if v is not None})  # unrated: no difficulty
    assert record.pending_path.read_text() == f"{LINE}\n{torn}\n{written}\n"
    assert _answers_shown(runner) == 2
    assert not record.pending_path.exists()


def test_an_answer_kept_in_a_folder_that_is_gone_fails_instead_of_spinning(tmp_path):
    """keep() retried its open for as long as the data folder was missing: forever."""
    from domino_advisor.learning import pendingfile

    with pytest.raises(FileNotFoundError):
        pendingfile.keep(tmp_path / "gone" / "progress-pending.jsonl", LINE)

"""The learner's record on a full disk (issue 39, R8): an intact record is never called
unreadable ("move it aside"); the message says the disk is full and the record is left
as it was.  The full disk is SQLite's own: every connection capped at the pages its
file has (``PRAGMA max_page_count``), so a write that needs one more page gets
SQLITE_FULL, as it does when the disk has no room."""

from __future__ import annotations

import json
import sqlite3

import pytest

from clitools import run
from domino_advisor.learning import progress
from domino_advisor.learning.progress import Answer, Record


@pytest.fixture
def full_disk(monkeypatch):
    real = sqlite3.connect

    def no_room(*args, **kwargs):
        db = real(*args, **kwargs)
        db.execute("PRAGMA max_page_count = 1")  # never below the file's size: no page more
        return db

    def start():
        monkeypatch.setattr(sqlite3, "connect", no_room)

    return start


def _waiting(n: int) -> str:
    """``n`` answers waiting in the pending file (a lesson that found the record busy)."""
    return "".join(
        json.dumps(
            {"kind": "count", "points": 0.5, "rules": "classic", "lesson": 1, "seconds": 2.5}
            | {"at": 1_700_000_000.0 + i, "source": "train"}
        )
        + "\n"
        for i in range(n)
    )


def test_an_intact_record_on_a_full_disk_is_not_called_unreadable(runner, full_disk):
    """0.10.0 development: 'cannot be read (database or disk is full) ... move it aside'."""
    record = Record()
    record.add(Answer("count", 1.0, "classic", 1, 2.0, 1_600_000_000.0))
    record.close()
    record.pending_path.write_text(_waiting(300))  # more than the record's last page takes
    before = record.path.read_bytes(), record.pending_path.read_bytes()
    full_disk()
    res = run(runner, "progress")
    said = " ".join(res.stderr.split())
    assert res.exit_code == 2, res.output
    assert "cannot be written: the disk is full (database or disk is full)" in said, said
    assert "make room on the disk and try again" in said and "move it aside" not in said, said
    assert "cannot be read" not in said and "Traceback" not in res.output, said
    assert (record.path.read_bytes(), record.pending_path.read_bytes()) == before


def test_a_new_record_on_a_full_disk_says_the_disk_is_full(runner, full_disk):
    full_disk()
    res = run(runner, "progress")
    assert res.exit_code == 2, res.output
    assert "the disk is full" in res.stderr and "move it aside" not in res.stderr, res.stderr


def _error(text: str, code: int | None) -> sqlite3.Error:
    e = sqlite3.OperationalError(text) if code != 26 else sqlite3.DatabaseError(text)
    if code is not None:
        e.sqlite_errorcode = code
    return e


@pytest.mark.parametrize(
    "text, code, free, says",
    [
        ("disk I/O error", 778, 0, "the disk is full"),  # SQLITE_IOERR_WRITE, after ENOSPC
        ("unable to open database file", 14, 0, "the disk is full"),  # no room for the journal
        ("disk I/O error", 778, 10**9, "the disk may be failing"),
        ("database or disk is full", None, 10**9, "the disk is full"),
        ("database disk image is malformed", 11, 0, "move it aside"),
        ("file is not a database", 26, 10**9, "move it aside"),
        ("something new", 1, 10**9, "cannot be used (something new)"),
    ],
)
def test_what_sqlite_says_is_told_apart(monkeypatch, text, code, free, says):
    """Only a file SQLite finds damaged is one to move aside."""
    record = Record()
    try:
        monkeypatch.setattr(progress.shutil, "disk_usage", lambda p: type("U", (), {"free": free})())
        said = str(record._trouble(_error(text, code), "nothing was read"))
    finally:
        record.close()
    assert says in said, said
    if says != "move it aside":
        assert "move it aside" not in said, said
        assert "left as it is" in said or "as it was" in said, said

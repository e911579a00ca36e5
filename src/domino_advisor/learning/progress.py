"""The learner's record: every answered question, kept between lessons.

A small SQLite database (the standard library) in your data folder (platformdirs;
``DOMINO_ADVISOR_DATA`` names another folder).  The schema carries its version
(``PRAGMA user_version``) and is migrated forward when an older one is opened, but only
once a read-only look has found the tables and columns that version had: any other file
is refused before anything is written to it.  An answer is never lost: when the database
is busy it is written and synced to a pending file beside it before the wait
(pendingfile), and every open adds what waits there exactly once.  Rows the record
should never hold (points past 1, infinite, text, NULL) are left out and counted.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from urllib.parse import quote

from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import excerpt, printable
from domino_advisor.learning import pendingfile, recordschema
from domino_advisor.learning.answers import Answer, answer_from, answer_row
from domino_advisor.learning.clock import now
from domino_advisor.learning.drillstore import Drill as Drill  # where the record's users find them
from domino_advisor.learning.drillstore import DrillStore
from domino_advisor.learning.drillstore import Kept as Kept
from domino_advisor.learning.recordschema import VERSION

_TORN = '{"kind": "'  # how every line ``keep`` writes begins (json.dumps of an Answer)
WAIT = 5.0  # seconds to wait for another program's write


class RecordError(DominoError):
    """The record cannot be read or written: says where it is and what to do."""


def folder() -> Path:
    where = os.environ.get("DOMINO_ADVISOR_DATA")
    if where:
        return Path(where)
    from platformdirs import user_data_dir

    return Path(user_data_dir("domino-advisor", appauthor=False))


def path() -> Path:
    return folder() / "progress.sqlite"


class Record(DrillStore):
    """The open record; ``add`` writes one answer at once (or keeps it pending).

    Every use of the database goes through ``_guard``: another program holding it past
    the wait, or a file that is damaged, becomes a ``RecordError`` that says where the
    record is and what to do, never a traceback; an answer that cannot be written is kept
    in the pending file first."""

    def __init__(self, where: Path | None = None, retention: float | None = None):
        self.path = where or path()
        self.pending_path = self.path.with_name(self.path.stem + "-pending.jsonl")
        self.damaged = 0  # rows ``answers`` left out the last time it read
        self.unfit = 0  # drills ``due`` left out the last time it read
        self.retention = retention if retention is not None else self.retention
        self.copied: Path | None = None  # where an older version's record was copied, this open
        self.opened_at = now()  # the clock read before anything is made or written: a bad one refuses
        self.db = self._open()
        self.flush()

    def _open(self) -> sqlite3.Connection:
        """Look first (read-only), write only to a file found to be ours."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise RecordError(
                f"your progress record cannot be kept in {printable(str(self.path.parent))}: the folder "
                f"cannot be made ({e.strerror}); name a folder you can write to with DOMINO_ADVISOR_DATA"
            ) from None
        try:
            if self._looks_like_sqlite():
                version = self._look()
            else:
                version = 0
            db = sqlite3.connect(self.path, timeout=WAIT)
            if version < VERSION:
                try:
                    db.execute("BEGIN IMMEDIATE")  # the look again, under the write lock
                    version = self._check_shape(db)
                    if version < VERSION:
                        if version > 0:  # kept as it was, for the version that wrote it
                            self._copy_aside(db, version)
                        recordschema.migrate(db, version, self.opened_at)
                    else:  # another lesson brought it up meanwhile
                        db.rollback()
                except BaseException:
                    db.close()
                    self._drop_copy()  # not migrated: the folder as it was
                    raise
            return db
        except sqlite3.DatabaseError as e:
            raise self._trouble(e, "it was not opened") from None
        except OSError as e:
            raise RecordError(
                f"your progress record cannot be kept at {printable(str(self.path))}: {e.strerror}"
            ) from None

    def _look(self) -> int:
        """The version, from a read-only look.  A write cut short by a kill leaves a hot
        journal that only a writer may roll back (SQLite's own recovery, of a SQLite file):
        then the look is made on a connection that may."""
        uri = f"file:{quote(str(self.path.absolute()))}?mode=ro"
        for look in (
            lambda: sqlite3.connect(uri, uri=True, timeout=WAIT),
            lambda: sqlite3.connect(self.path),
        ):
            db = look()
            try:
                return self._check_shape(db)
            except sqlite3.OperationalError as e:
                if "readonly" not in str(e) or not os.path.exists(f"{self.path}-journal"):
                    raise
            finally:
                db.close()
        raise AssertionError("unreachable: the second look raises or returns")

    def _copy_aside(self, db: sqlite3.Connection, version: int) -> None:
        """A copy of the record as the older version left it, beside it, made under the
        write lock before the first write (that version can still open the copy).  The
        file's bytes are the copy: under the lock no other program writes them, and a
        journal left by a write cut short was rolled back by the look before.  (SQLite's
        backup cannot read from a connection that holds the lock.)"""
        where = recordschema.kept_copy(self.path, version)
        # a name of its own, made new (never a link or a file someone left there)
        handle, name = tempfile.mkstemp(prefix=f".{where.name}.", suffix=".part", dir=self.path.parent)
        try:
            with os.fdopen(handle, "wb") as f, open(self.path, "rb") as source:
                shutil.copyfileobj(source, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(name, where)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(name)
            raise
        self.copied = where

    def _drop_copy(self) -> None:
        """The copy made by this open, removed when the migration did not commit."""
        if self.copied is not None:
            with contextlib.suppress(OSError):
                self.copied.unlink()
            self.copied = None

    def _looks_like_sqlite(self) -> bool:
        """False for a record yet to be made; refused if the file there is not SQLite."""
        where = printable(str(self.path))
        if os.path.lexists(self.path) and not self.path.is_file():
            raise RecordError(f"your progress record at {where} is not a file: move it aside")
        found = recordschema.is_sqlite(self.path)
        if found is False:
            raise RecordError(
                f"your progress record at {where} cannot be read: it is not a SQLite database (a game "
                "log or another file by that name?); it is left as it is: move it aside and a new one "
                "will be started"
            )
        return bool(found)

    def _check_shape(self, db: sqlite3.Connection) -> int:
        """The record's version, once its tables and columns are the ones that version had."""
        version, ours = recordschema.shape_of(db)
        where = printable(str(self.path))
        if version > VERSION:
            raise RecordError(
                f"your progress record at {where} was written by a newer domino-advisor: update it "
                "to read the record"
            )
        if not ours:
            raise RecordError(
                f"{where} is not a progress record (its tables are not the ones the record has): it is "
                "left as it is; move it, or name another folder with DOMINO_ADVISOR_DATA"
            )
        return version

    def _unwritable(self) -> str | None:
        """What stops a write, in a player's words, or None."""
        for what, where in (("folder", self.path.parent), ("file", self.path)):
            if where.exists() and not os.access(where, os.W_OK, effective_ids=True):
                return f"the {what} {printable(str(where))} is read-only"
        return None

    def _trouble(self, e: sqlite3.Error, what: str) -> RecordError:
        """The error, in the words of what to do about it: only a file SQLite finds
        damaged is one to move aside; a full disk or a failing one leaves it as it is."""
        where = printable(str(self.path))
        text = str(e)
        kind = recordschema.trouble(e)
        if kind == "busy":
            return RecordError(
                f"your progress record at {where} is being written by another program (waited "
                f"{WAIT:g} s): {what}; try again when it is done"
            )
        unwritable = self._unwritable()
        if unwritable:
            return RecordError(
                f"your progress record at {where} cannot be written: {unwritable} ({what}); make it "
                "writable, or name a folder you can write to with DOMINO_ADVISOR_DATA"
            )
        if kind == "readonly":
            return RecordError(f"your progress record at {where} cannot be written (it is read-only): {what}")
        if kind == "full" or (kind == "disk" and self._disk_full()):
            return RecordError(
                f"your progress record at {where} cannot be written: the disk is full ({text}): {what}; "
                "the record is as it was: make room on the disk and try again"
            )
        if kind == "disk":
            return RecordError(
                f"your progress record at {where} cannot be read or written ({text}: the disk may be "
                f"failing, or its folder gone): {what}; the record is left as it is"
            )
        if kind == "damaged":
            return RecordError(
                f"your progress record at {where} cannot be read ({e}): {what}; move it aside and a new "
                "one will be started (the old file is left as it is)"
            )
        return RecordError(
            f"your progress record at {where} cannot be used ({e}): {what}; it is left as it is"
        )

    def _disk_full(self) -> bool:
        try:
            return shutil.disk_usage(self.path.parent).free < recordschema.ROOM
        except OSError:
            return False

    @contextmanager
    def _guard(self, what: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.DatabaseError as e:
            raise self._trouble(e, what) from None

    def add(self, answer: Answer, on_wait: Callable[[], None] | None = None) -> bool:
        """Write one answer; False if it waits in the pending file instead (the record
        busy past the wait, or the wait cut short with Ctrl-C).  The answer is in the
        pending file, synced, before ``on_wait`` is told and the wait begins, so a kill
        during the wait loses nothing.  A damaged record keeps the answer pending and
        raises ``RecordError``."""
        kept = False
        try:
            try:
                self.db.execute("PRAGMA busy_timeout = 200")
                with self.db:
                    _insert(self.db, [answer])
                return True
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) and "busy" not in str(e):
                    raise
            self._keep_aside(answer)
            kept = True
            if on_wait is not None:
                on_wait()
            self.db.execute(f"PRAGMA busy_timeout = {int(WAIT * 1000)}")
            return self._take() is not None
        except KeyboardInterrupt:  # tired of waiting: keep it beside the record, go on
            self._rollback()
            if not kept:
                self._keep_aside(answer)
            return False
        except sqlite3.DatabaseError as e:
            self._rollback()
            if not kept:
                self._keep_aside(answer)
            raise self._trouble(e, f"the answer waits in {printable(str(self.pending_path))}") from None
        finally:
            try:
                self.db.execute(f"PRAGMA busy_timeout = {int(WAIT * 1000)}")
            except sqlite3.Error:
                pass

    def _rollback(self) -> None:
        try:
            if self.db.in_transaction:
                self.db.rollback()
        except sqlite3.Error:
            pass

    def _keep_aside(self, answer: Answer) -> None:
        shown = printable(str(self.pending_path))
        try:
            fields = {k: v for k, v in asdict(answer).items() if v is not None}  # unrated: as 0.10 wrote
            pendingfile.keep(self.pending_path, json.dumps(fields))
        except pendingfile.NotOurs as e:
            raise RecordError(
                f"an answer could not be kept: the record could not take it, and {shown}, where it "
                f"would wait, is not the record's own ({e.why}); it is left as it is: move it aside"
            ) from None
        except OSError as e:
            why = self._unwritable() or e.strerror
            raise RecordError(
                f"an answer could not be kept: the record could not take it and {shown} cannot be "
                f"written ({why})"
            ) from None

    def flush(self) -> int:
        """Add the answers kept pending by an earlier lesson; how many (0 while the
        record stays busy: they wait on)."""
        return self._take() or 0

    def _take(self) -> int | None:
        """Add every pending answer not in the record yet, then remove the pending files;
        None if the record stayed busy.

        Exactly once without a new schema: the database's write lock is taken first, the
        files are locked and read under it, each answer is added only if no answer with its
        time, kind, lesson, source and rules is there (a time to the microsecond: one
        answer), and the files are removed only after the commit.  Killed between the
        commit and the removal, the next open finds the answers in and adds none again.  A
        UNIQUE index would do the same, but would need a new version (0.9.0 then refuses
        the record) and would refuse records that hold equal rows; the check costs a scan
        per pending answer, and pending answers are few."""
        files = pendingfile.found(self.pending_path)
        if not files:
            return 0
        shown = printable(str(self.pending_path))
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            if "locked" in str(e) or "busy" in str(e):
                return None  # still busy: they stay pending
            raise self._trouble(e, f"the answers waiting in {shown} stay there") from None
        try:
            with pendingfile.taken(files) as texts:
                answers = [a for where, text in texts for a in _answers_in(where, text)]
                added = _insert_new(self.db, answers)
                self.db.commit()
        except pendingfile.NotOurs as e:
            self._rollback()
            raise RecordError(
                f"{printable(str(e.path))} should hold answers waiting for your progress record, and "
                f"is not the record's own ({e.why}): it is left as it is; move it aside"
            ) from None
        except RecordError:
            self._rollback()
            raise
        except sqlite3.Error as e:
            self._rollback()
            raise self._trouble(e, f"the answers waiting in {shown} stay there") from None
        except OSError as e:
            self._rollback()
            raise RecordError(f"the answers waiting in {shown} cannot be read ({e.strerror})") from None
        except BaseException:
            self._rollback()
            raise
        return added

    def answers(self) -> list[Answer]:
        """Every answer that reads as one; the rest are counted in ``damaged``."""
        with self._guard("nothing was read"):
            rows = self.db.execute(
                "SELECT kind, points, rules, lesson, seconds, at, source, difficulty "
                "FROM answers ORDER BY at, id"
            ).fetchall()
        out = [a for a in map(answer_row, rows) if a is not None]
        self.damaged = len(rows) - len(out)
        return out

    def close(self) -> None:
        self.db.close()


def _answers_in(where: Path, text: str) -> list[Answer]:
    """A pending file's answers.  A line that is the start of one this program writes
    (``_TORN``), cut before its end, is a write cut short by a kill (its answer was never
    kept: its writer had not returned): left out.  Any other line that does not read stops
    the reading, naming the file and the line (the file is kept for the player to fix)."""
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            out.append(answer_from(line))
        except ValueError as e:
            if line.startswith(_TORN) and not line.rstrip().endswith("}"):
                continue
            raise RecordError(
                f"{printable(str(where))} line {n} is not an answer this program wrote ({e}: "
                f"'{excerpt(line)}'): fix or move that file"
            ) from None
    return out


def _insert_new(db: sqlite3.Connection, answers: list[Answer]) -> int:
    """Add the answers not in the record yet (the same time, kind, lesson, source and
    rules: the same answer); how many were added."""
    before = db.total_changes
    db.executemany(
        "INSERT INTO answers (kind, points, rules, lesson, seconds, at, source, difficulty) "
        "SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM answers "
        "WHERE at = ? AND kind = ? AND lesson = ? AND source = ? AND rules = ?)",
        [
            (
                a.kind,
                a.points,
                a.rules,
                a.lesson,
                a.seconds,
                a.at,
                a.source,
                a.difficulty,
                a.at,
                a.kind,
                a.lesson,
                a.source,
                a.rules,
            )
            for a in answers
        ],
    )
    return db.total_changes - before


def _insert(db: sqlite3.Connection, answers: Iterable[Answer]) -> None:
    db.executemany(
        "INSERT INTO answers (kind, points, rules, lesson, seconds, at, source, difficulty) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(a.kind, a.points, a.rules, a.lesson, a.seconds, a.at, a.source, a.difficulty) for a in answers],
    )

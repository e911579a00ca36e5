"""The learner's record: every answered question, kept between lessons.

A small SQLite database (the standard library) in your data folder (platformdirs;
``DOMINO_ADVISOR_DATA`` names another folder).  The schema carries its version
(``PRAGMA user_version``) and is migrated forward when an older one is opened.  An
answer is never lost: a locked database is waited for, and what still cannot be
written goes to a pending file beside it, added the next time the record opens.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from .errors import DominoError
from .printable import printable

# the question kinds, named as a player would, in the order lessons ask them
KINDS = ("voids", "count", "where", "move")
LABELS = {
    "voids": "what they lack",
    "count": "counting a number",
    "where": "where a tile is",
    "move": "your move",
}
VERSION = 2  # 1: answers without the time taken (0.6.0's first form); 2: seconds added
WAIT = 5.0  # seconds to wait for another program's write


class RecordError(DominoError):
    """The record cannot be read or written: says where it is and what to do."""


@dataclass(frozen=True)
class Answer:
    kind: str  # one of KINDS
    points: float  # 0 to 1
    rules: str  # the preset's name
    lesson: int  # the lesson's seed
    seconds: float  # time taken to answer
    at: float  # when (seconds since the epoch)
    source: str = "train"  # train, or practice at the table


def folder() -> Path:
    where = os.environ.get("DOMINO_ADVISOR_DATA")
    if where:
        return Path(where)
    from platformdirs import user_data_dir

    return Path(user_data_dir("domino-advisor", appauthor=False))


def path() -> Path:
    return folder() / "progress.sqlite"


class Record:
    """The open record; ``add`` writes one answer at once (or keeps it pending)."""

    def __init__(self, where: Path | None = None):
        self.path = where or path()
        self.pending_path = self.path.with_name(self.path.stem + "-pending.jsonl")
        self.db = self._open()
        self.flush()

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=WAIT)
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if version == 0 and tables - {"answers"}:  # some other program's database
                db.close()
                raise RecordError(
                    f"{printable(str(self.path))} is not a progress record (it holds other tables): "
                    "move it, or name another folder with DOMINO_ADVISOR_DATA"
                )
            if version > VERSION:
                raise RecordError(
                    f"your progress record at {printable(str(self.path))} was written by a newer "
                    "domino-advisor: update it to read the record"
                )
            _migrate(db, version)
            return db
        except sqlite3.OperationalError as e:
            if "locked" not in str(e):
                raise RecordError(
                    f"your progress record at {printable(str(self.path))} cannot be read ({e})"
                ) from None
            raise RecordError(
                f"your progress record at {printable(str(self.path))} is being written by another "
                f"program (waited {WAIT:g} s): try again when it is done"
            ) from None
        except sqlite3.DatabaseError as e:
            raise RecordError(
                f"your progress record at {printable(str(self.path))} cannot be read ({e}): move it "
                "aside and a new one will be started (the old file is left as it is)"
            ) from None
        except OSError as e:
            raise RecordError(
                f"your progress record cannot be kept at {printable(str(self.path))}: {e.strerror}"
            ) from None

    def add(self, answer: Answer) -> bool:
        """Write one answer; False if it had to wait in the pending file instead."""
        try:
            with self.db:
                _insert(self.db, [answer])
            return True
        except sqlite3.OperationalError:  # locked past the wait: keep it beside the record
            with open(self.pending_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(asdict(answer)) + "\n")
            return False

    def flush(self) -> int:
        """Add the answers kept pending by an earlier lesson; how many."""
        if not self.pending_path.exists():
            return 0
        # taken aside first, so an answer another lesson adds meanwhile starts a new file
        taking = self.pending_path.with_name(f"{self.pending_path.name}.{os.getpid()}")
        os.replace(self.pending_path, taking)
        text = taking.read_text(encoding="utf-8", errors="replace")
        try:
            answers = [_answer_from(line) for line in text.splitlines() if line.strip()]
            with self.db:
                _insert(self.db, answers)
        except (ValueError, TypeError, sqlite3.Error) as e:
            with open(self.pending_path, "a", encoding="utf-8") as f:  # put them back, untouched
                f.write(text)
            taking.unlink()
            if isinstance(e, sqlite3.OperationalError):
                return 0  # still busy: they stay pending
            raise RecordError(
                f"the answers waiting in {printable(str(self.pending_path))} cannot be read ({e}): "
                "fix or move that file"
            ) from None
        taking.unlink()
        return len(answers)

    def answers(self) -> list[Answer]:
        rows = self.db.execute(
            "SELECT kind, points, rules, lesson, seconds, at, source FROM answers ORDER BY at, id"
        ).fetchall()
        return [Answer(k, p, r, le, s if s is not None else 0.0, a, src) for k, p, r, le, s, a, src in rows]

    def close(self) -> None:
        self.db.close()


def _answer_from(line: str) -> Answer:
    """One pending answer, checked field by field (the file is text anyone can edit)."""
    d = json.loads(line)
    if not isinstance(d, dict) or set(d) != {f for f in Answer.__dataclass_fields__}:
        raise ValueError("not an answer")
    if d["kind"] not in KINDS or not isinstance(d["rules"], str) or not isinstance(d["source"], str):
        raise ValueError("not an answer")
    for key in ("points", "seconds", "at", "lesson"):
        if isinstance(d[key], bool) or not isinstance(d[key], (int, float)):
            raise ValueError(f"{key} is not a number")
    return Answer(**d)


def _insert(db: sqlite3.Connection, answers: Iterable[Answer]) -> None:
    db.executemany(
        "INSERT INTO answers (kind, points, rules, lesson, seconds, at, source) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(a.kind, a.points, a.rules, a.lesson, a.seconds, a.at, a.source) for a in answers],
    )


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring an older record up to VERSION, one step at a time, in one transaction."""
    with db:
        if version < 1:
            db.execute(
                "CREATE TABLE IF NOT EXISTS answers (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, "
                "points REAL NOT NULL, rules TEXT NOT NULL, lesson INTEGER NOT NULL, at REAL NOT NULL, "
                "source TEXT NOT NULL DEFAULT 'train')"
            )
        if version < 2:
            db.execute("ALTER TABLE answers ADD COLUMN seconds REAL")
        db.execute(f"PRAGMA user_version = {VERSION}")


# -- what the record says ------------------------------------------------------------------
@dataclass(frozen=True)
class KindSummary:
    kind: str
    asked: int
    accuracy: float  # mean points, 0 to 1
    recent: float | None  # the last ten answers' mean
    lessons: list[float]  # accuracy per lesson, oldest first (for the chart)


def summary(answers: list[Answer]) -> list[KindSummary]:
    out = []
    for kind in KINDS:
        mine = [a for a in answers if a.kind == kind]
        if not mine:
            out.append(KindSummary(kind, 0, 0.0, None, []))
            continue
        by_lesson: dict[tuple[int, float], list[float]] = {}
        order: list[tuple[int, float]] = []
        for a in mine:
            key = (a.lesson, a.at // 3600)  # a lesson replayed later counts apart
            if key not in by_lesson:
                by_lesson[key] = []
                order.append(key)
            by_lesson[key].append(a.points)
        last = mine[-10:]
        out.append(
            KindSummary(
                kind,
                len(mine),
                sum(a.points for a in mine) / len(mine),
                sum(a.points for a in last) / len(last),
                [sum(by_lesson[k]) / len(by_lesson[k]) for k in order],
            )
        )
    return out


def weights(answers: list[Answer]) -> dict[str, float]:
    """How often a lesson should ask each counting kind: more of what you get wrong
    (the recent miss rate, never below a floor so every kind keeps coming)."""
    out = {}
    for s in summary(answers):
        if s.kind == "move":
            continue
        miss = 1 - (s.recent if s.recent is not None else 0.5)
        out[s.kind] = max(0.15, miss)
    return out


def now() -> float:
    return time.time()

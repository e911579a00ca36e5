"""The learner's record: every answered question, kept between lessons.

A small SQLite database (the standard library) in your data folder (platformdirs;
``DOMINO_ADVISOR_DATA`` names another folder).  The schema carries its version
(``PRAGMA user_version``) and is migrated forward when an older one is opened.  An
answer is never lost: a locked database is waited for, and what still cannot be
written goes to a pending file beside it, added the next time the record opens.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from .errors import DominoError
from .printable import printable

# the question kinds, named as a player would, in the order lessons ask them
KINDS = ("voids", "count", "where", "move")
SOURCES = ("train", "practice", "drill")  # a lesson, practice at a real table, a drill from your games
RIGHT_TWICE = 2  # a drill is done when answered right this many times, in different lessons
LABELS = {
    "voids": "what they lack",
    "count": "counting a number",
    "where": "where a tile is",
    "move": "your move",
}
VERSION = 3  # 1: answers without the time taken (0.6.0's first form); 2: seconds added; 3: drills
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
    source: str = "train"  # one of SOURCES


def folder() -> Path:
    where = os.environ.get("DOMINO_ADVISOR_DATA")
    if where:
        return Path(where)
    from platformdirs import user_data_dir

    return Path(user_data_dir("domino-advisor", appauthor=False))


def path() -> Path:
    return folder() / "progress.sqlite"


class Record:
    """The open record; ``add`` writes one answer at once (or keeps it pending).

    Every use of the database goes through ``_guard``: another program holding it past
    the wait, or a file that is damaged, becomes a ``RecordError`` that says where the
    record is and what to do, never a traceback; an answer that cannot be written is kept
    in the pending file first."""

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
            if version == 0 and tables - {"answers", "games", "drills", "lessons"}:  # another program's
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
            if version < VERSION:
                _migrate(db, version)
            return db
        except sqlite3.DatabaseError as e:
            raise self._trouble(e, "it was not opened") from None
        except OSError as e:
            raise RecordError(
                f"your progress record cannot be kept at {printable(str(self.path))}: {e.strerror}"
            ) from None

    def _trouble(self, e: sqlite3.Error, what: str) -> RecordError:
        """The error, in the words of what to do about it."""
        where = printable(str(self.path))
        text = str(e)
        if "locked" in text or "busy" in text:
            return RecordError(
                f"your progress record at {where} is being written by another program (waited "
                f"{WAIT:g} s): {what}; try again when it is done"
            )
        if "readonly" in text:
            return RecordError(f"your progress record at {where} cannot be written (it is read-only): {what}")
        return RecordError(
            f"your progress record at {where} cannot be read ({e}): {what}; move it aside and a new "
            "one will be started (the old file is left as it is)"
        )

    @contextmanager
    def _guard(self, what: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.DatabaseError as e:
            raise self._trouble(e, what) from None

    def add(self, answer: Answer, on_wait: Callable[[], None] | None = None) -> bool:
        """Write one answer; False if it waits in the pending file instead (the record
        busy past the wait, or the wait cut short with Ctrl-C).  ``on_wait`` is told when
        the record is found busy, before the wait.  A damaged record keeps the answer
        pending and raises ``RecordError``."""
        try:
            try:
                self.db.execute("PRAGMA busy_timeout = 200")
                with self.db:
                    _insert(self.db, [answer])
                return True
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) and "busy" not in str(e):
                    raise
                if on_wait is not None:
                    on_wait()
                self.db.execute(f"PRAGMA busy_timeout = {int(WAIT * 1000)}")
                with self.db:
                    _insert(self.db, [answer])
                return True
        except KeyboardInterrupt:  # tired of waiting: keep it beside the record, go on
            self._keep_aside(answer)
            return False
        except sqlite3.DatabaseError as e:
            self._keep_aside(answer)
            if "locked" in str(e) or "busy" in str(e):
                return False
            raise self._trouble(e, f"the answer waits in {printable(str(self.pending_path))}") from None
        finally:
            try:
                self.db.execute(f"PRAGMA busy_timeout = {int(WAIT * 1000)}")
            except sqlite3.Error:
                pass

    def _keep_aside(self, answer: Answer) -> None:
        try:
            with open(self.pending_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(asdict(answer)) + "\n")
        except OSError as e:
            raise RecordError(
                f"an answer could not be kept: the record was busy and {printable(str(self.pending_path))} "
                f"cannot be written ({e.strerror})"
            ) from None

    def flush(self) -> int:
        """Add the answers kept pending by an earlier lesson; how many."""
        if not os.path.lexists(self.pending_path):
            return 0
        shown = printable(str(self.pending_path))
        if not self.pending_path.is_file():
            raise RecordError(
                f"{shown} should hold answers waiting for the record, but is not a file: move it"
            )
        # taken aside first, so an answer another lesson adds meanwhile starts a new file
        taking = self.pending_path.with_name(f"{self.pending_path.name}.{os.getpid()}")
        try:
            os.replace(self.pending_path, taking)
            text = taking.read_text(encoding="utf-8", errors="replace")
        except OSError as e:
            raise RecordError(f"the answers waiting in {shown} cannot be read ({e.strerror})") from None
        try:
            answers = [_answer_from(line) for line in text.splitlines() if line.strip()]
            with self.db:
                _insert(self.db, answers)
        except (ValueError, TypeError, OverflowError, sqlite3.Error) as e:
            with open(self.pending_path, "a", encoding="utf-8") as f:  # put them back, untouched
                f.write(text)
            taking.unlink()
            if isinstance(e, sqlite3.OperationalError) and ("locked" in str(e) or "busy" in str(e)):
                return 0  # still busy: they stay pending
            if isinstance(e, sqlite3.Error):
                raise self._trouble(e, f"the answers waiting in {shown} stay there") from None
            raise RecordError(
                f"the answers waiting in {shown} cannot be read ({e}): fix or move that file"
            ) from None
        taking.unlink()
        return len(answers)

    def answers(self) -> list[Answer]:
        with self._guard("nothing was read"):
            rows = self.db.execute(
                "SELECT kind, points, rules, lesson, seconds, at, source FROM answers ORDER BY at, id"
            ).fetchall()
        return [Answer(k, p, r, le, s if s is not None else 0.0, a, src) for k, p, r, le, s, a, src in rows]

    # -- drills from your own games -----------------------------------------------------------
    def add_drills(self, name: str, game: str, text: str, drills: Iterable[Drill]) -> int:
        """Keep a game's log and its drills; how many were new (a drill is added once,
        however its game is spelled or commented, or how far it was logged)."""
        with self._guard("the drills were not added"), self.db:
            self.db.execute(
                "INSERT OR IGNORE INTO games (id, name, text, added) VALUES (?, ?, ?, ?)",
                (game, name, text, now()),
            )
            before = self.db.total_changes
            self.db.executemany(
                "INSERT OR IGNORE INTO drills (game, position, event, kind, about, cost, due) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(game, d.position, d.event, d.kind, d.about, d.cost, self._lessons()) for d in drills],
            )
            return self.db.total_changes - before

    def _lessons(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM lessons").fetchone()[0]

    def lessons(self) -> int:
        with self._guard("nothing was read"):
            return self._lessons()

    def due(self, limit: int = 10) -> list[Kept]:
        """The drills due in the next lesson, the costliest first: each comes back until
        right twice."""
        with self._guard("no drills were read"):
            rows = self.db.execute(
                "SELECT d.id, g.name, g.text, d.position, d.event, d.kind, d.about, d.cost, d.rights "
                "FROM drills d JOIN games g ON g.id = d.game WHERE d.rights < ? AND d.due <= ? "
                "ORDER BY d.cost DESC, d.id LIMIT ?",
                (RIGHT_TWICE, self._lessons() + 1, limit),
            ).fetchall()
        return [Kept(i, n, t, Drill(e, k, a, c, p), r) for i, n, t, p, e, k, a, c, r in rows]

    def drills_due(self) -> int:
        """How many drills the next lesson would ask (at most ten of them are)."""
        with self._guard("no drills were read"):
            query = "SELECT COUNT(*) FROM drills WHERE rights < ? AND due <= ?"
            return self.db.execute(query, (RIGHT_TWICE, self._lessons() + 1)).fetchone()[0]

    def drills_left(self) -> int:
        with self._guard("no drills were read"):
            query = "SELECT COUNT(*) FROM drills WHERE rights < ?"
            return self.db.execute(query, (RIGHT_TWICE,)).fetchone()[0]

    def start_lesson(self) -> int:
        """A lesson begins (a practice round or drills): its number, what drills are
        spaced in."""
        with self._guard("the lesson was not started"), self.db:
            self.db.execute("INSERT INTO lessons (at) VALUES (?)", (now(),))
            return self._lessons()

    def answered(self, drill_id: int, right: bool, lesson: int) -> bool:
        """Right: once more, after a lesson's gap; wrong: again next lesson.  False if it
        could not be written: the drill is left as it was (asked again, never lost)."""
        try:
            with self.db:
                if right:
                    self.db.execute(
                        "UPDATE drills SET rights = rights + 1, due = ? WHERE id = ?", (lesson + 2, drill_id)
                    )
                else:
                    self.db.execute("UPDATE drills SET due = ? WHERE id = ?", (lesson + 1, drill_id))
            return True
        except sqlite3.DatabaseError:
            return False

    def close(self) -> None:
        self.db.close()


@dataclass(frozen=True)
class Drill:
    """A question from one of your games: at event ``event`` (before your move there),
    of ``kind``, about ``about`` (a player's name, a number, or the move)."""

    event: int
    kind: str
    about: str
    cost: float  # the win chance the decision there gave up
    position: str = ""  # the game's events up to it, hashed: the same drill however logged


@dataclass(frozen=True)
class Kept:
    id: int
    name: str  # the log's file name when it was added
    text: str  # the log itself, kept whole
    drill: Drill
    rights: int


def _answer_from(line: str) -> Answer:
    """One pending answer, checked field by field (the file is text anyone can edit)."""
    d = json.loads(line)
    if not isinstance(d, dict) or set(d) != {f for f in Answer.__dataclass_fields__}:
        raise ValueError("not an answer")
    if d["kind"] not in KINDS or not isinstance(d["rules"], str) or d["source"] not in SOURCES:
        raise ValueError("not an answer")
    for key in ("points", "seconds", "at", "lesson"):
        if isinstance(d[key], bool) or not isinstance(d[key], (int, float)) or not math.isfinite(d[key]):
            raise ValueError(f"{key} is not a number")
    if not 0 <= d["points"] <= 1 or d["seconds"] < 0 or d["at"] < 0 or not float(d["lesson"]).is_integer():
        raise ValueError("a field is out of range (points 0 to 1, a whole lesson number)")
    d["lesson"] = int(d["lesson"])
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
        if version < 3:  # drills from your own games: the log kept whole, each question's turn
            db.execute(
                "CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT NOT NULL, text TEXT NOT NULL, added REAL)"
            )
            db.execute(
                "CREATE TABLE drills (id INTEGER PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id), "
                "position TEXT NOT NULL, event INTEGER NOT NULL, kind TEXT NOT NULL, about TEXT NOT NULL, "
                "cost REAL NOT NULL, rights INTEGER NOT NULL DEFAULT 0, due INTEGER NOT NULL DEFAULT 0, "
                "UNIQUE (position, kind))"
            )
            db.execute("CREATE TABLE lessons (id INTEGER PRIMARY KEY, at REAL NOT NULL)")
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


def sources(answers: list[Answer]) -> dict[str, int]:
    """How many answers came from lessons, from practice at the table, from drills."""
    return {src: sum(1 for a in answers if a.source == src) for src in SOURCES}


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

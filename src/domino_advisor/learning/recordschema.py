"""The learner's record as a file: what each version's tables and columns were, how a
file is told to be one, and the steps from each version to the next.  No file is written
to until it has been found to be a record of a version this program knows (the check is
made on a read-only look, then again under the write lock, before ``migrate``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

VERSION = 4  # 1: answers without the time taken (0.6.0's first form); 2: seconds added; 3: drills;
# 4: each drill a card of FSRS's (its memory in its own columns; 0.11.0)
_ANSWERS = ("id", "kind", "points", "rules", "lesson", "at", "source")
SHAPES: dict[int, dict[str, tuple[str, ...]]] = {  # the tables and columns each version had
    0: {},  # a record not begun: nothing in it
    1: {"answers": _ANSWERS},
    2: {"answers": (*_ANSWERS, "seconds")},
    3: {
        "answers": (*_ANSWERS, "seconds"),
        "games": ("id", "name", "text", "added"),
        "drills": ("id", "game", "position", "event", "kind", "about", "cost", "rights", "due"),
        "lessons": ("id", "at"),
    },
}
SHAPES[4] = {
    **SHAPES[3],
    "answers": (*SHAPES[3]["answers"], "difficulty"),
    "drills": (*SHAPES[3]["drills"], "stability", "difficulty", "due_at", "reviewed", "decides"),
}
HEADER = b"SQLite format 3\x00"


def is_sqlite(path: Path) -> bool | None:
    """True for a SQLite file, False for any other, None for none yet (absent or empty:
    SQLite makes a new database there)."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(HEADER))
    except FileNotFoundError:
        return None
    if not head:
        return None
    return head == HEADER


def shape_of(db: sqlite3.Connection) -> tuple[int, bool]:
    """The file's version, and whether its tables and their columns are exactly the ones
    that version had (no views or triggers: nothing of another program's runs)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    shape = SHAPES.get(version)
    objects = db.execute("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall()
    if shape is None or any(kind in ("view", "trigger") for kind, _ in objects):
        return version, False
    if {name for kind, name in objects if kind == "table"} != set(shape):
        return version, False
    for table, columns in shape.items():
        if tuple(row[1] for row in db.execute(f"PRAGMA table_info({table})")) != columns:
            return version, False
    return version, True


def migrate(db: sqlite3.Connection, version: int, at: float) -> None:
    """Bring an older record, its shape checked, up to VERSION, one step at a time, in
    one transaction (begun by the caller, with the check under the write lock); ``at``:
    the time it is done (drills of 0.10 become due then)."""
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
        if version < 4:  # a drill is a card: its memory, and when it is due, in seconds since 1970
            for column in (
                "stability REAL",
                "difficulty REAL",
                "due_at REAL",
                "reviewed REAL",
                "decides INTEGER NOT NULL DEFAULT 0",  # 1: kept where the count decides
            ):
                db.execute(f"ALTER TABLE drills ADD COLUMN {column}")
            db.execute("ALTER TABLE answers ADD COLUMN difficulty REAL")  # each question's, for your level
            _cards_from_rights(db, at)
        db.execute(f"PRAGMA user_version = {VERSION}")


RIGHT_TWICE = 2  # 0.10 called a drill done when right this many times


def _cards_from_rights(db: sqlite3.Connection, at: float) -> None:
    """Each drill of 0.10 becomes a card: its right answers replayed as Good at the times
    of their lessons, and due when that memory says; a drill 0.10 called done (right
    twice) is due now, and so is one never answered right.

    0.10 kept how many times a drill was right and the lesson it was next due in, not
    which answer was whose: a drill's rights are taken to be in the last lessons before
    that one in which a drill of its kind was answered right (after its game was added),
    at the times of those lessons; where fewer are found, the time its game was added."""
    from domino_advisor.learning import schedule  # fsrs: loaded only where a record of 0.10 is opened

    def when(x: object) -> float | None:  # a time 0.10 could have written, else none (a hand-edited row)
        ok = isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x <= at
        return float(x) if ok else None  # type: ignore[arg-type]

    lessons = {n: t for n, x in db.execute("SELECT id, at FROM lessons") if (t := when(x)) is not None}
    rights_in: dict[str, list[tuple[int, float]]] = {}
    for kind, lesson, answered in db.execute(
        "SELECT kind, lesson, at FROM answers WHERE source = 'drill' AND points >= 0.999 ORDER BY at"
    ):
        if isinstance(lesson, int) and (t := when(answered)) is not None:
            rights_in.setdefault(kind, []).append((lesson, t))
    rows = db.execute(
        "SELECT d.id, d.kind, d.rights, d.due, g.added FROM drills d LEFT JOIN games g ON g.id = d.game"
    ).fetchall()
    for drill, kind, rights, due, added in rows:
        # 0.10 stopped at two: more is a hand-edited row, replayed as done
        rights = min(rights, RIGHT_TWICE) if isinstance(rights, int) and rights > 0 else 0
        since = when(added) or 0.0
        before = due if isinstance(due, int) else None
        right = rights_in.get(kind, [])
        lessons_right = {n for n, t in right if t >= since and (before is None or n < before)}
        found = sorted(lessons_right)[-rights:] if rights else []
        times = [lessons.get(lesson, since) for lesson in found]
        times += [since] * (rights - len(times))
        memory = schedule.replayed([min(t, at) for t in times])
        if memory is None:
            db.execute("UPDATE drills SET due_at = ? WHERE id = ?", (at, drill))
            continue
        when_due = at if rights >= RIGHT_TWICE else memory.due
        db.execute(
            "UPDATE drills SET stability = ?, difficulty = ?, due_at = ?, reviewed = ? WHERE id = ?",
            (memory.stability, memory.difficulty, when_due, memory.last_review, drill),
        )


def kept_copy(path: Path, version: int) -> Path:
    """Where the copy of a record of an older version goes before its first write: beside
    it, named for its version (a name not taken: an earlier copy is never overwritten)."""
    stem = f"{path.stem}-v{version}"
    where = path.with_name(stem + path.suffix)
    n = 2
    while where.exists():
        where = path.with_name(f"{stem}-{n}{path.suffix}")
        n += 1
    return where


ROOM = 1 << 20  # a folder with less free space than this: the disk is full, whatever SQLite said
_TROUBLES = {  # SQLite's primary result codes
    5: "busy",  # SQLITE_BUSY
    6: "busy",  # SQLITE_LOCKED
    8: "readonly",  # SQLITE_READONLY
    10: "disk",  # SQLITE_IOERR (a write refused for want of room among them)
    13: "full",  # SQLITE_FULL
    14: "disk",  # SQLITE_CANTOPEN (no room for the journal among its causes)
    11: "damaged",  # SQLITE_CORRUPT
    26: "damaged",  # SQLITE_NOTADB
}


def trouble(e: sqlite3.Error) -> str:
    """What an error of SQLite's says about the file: busy, read-only, a full disk, a disk
    that failed (an I/O error, a file that could not be opened), damaged, or other; by its
    primary result code (SQLITE_BUSY ...), by its words where it has none."""
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in _TROUBLES:
        return _TROUBLES[code & 0xFF]
    text = str(e)
    for words, kind in (
        (("locked", "busy"), "busy"),
        (("readonly",), "readonly"),
        (("disk is full",), "full"),
        (("disk I/O error", "unable to open"), "disk"),
        (("malformed", "not a database"), "damaged"),
    ):
        if any(w in text for w in words):
            return kind
    return "other"

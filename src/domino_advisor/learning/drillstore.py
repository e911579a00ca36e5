"""The drills from your games, as the record keeps them: each a card scheduled across days
by FSRS (``learning.schedule``), its memory in the drill's own columns.

A drill is never done: a drill you know comes back after a long interval.  What is due
is what falls due before the end of today (``clock``): the same record and the same
clock give the same drills, in the same order (the longest overdue first, then the
costliest).  A lesson of drills leaves room for new ones: at most six in ten of it are
reviews while new drills wait (``REVIEW_SHARE``: on model learners the mix beat 0.10.0's
rule on both retention and accuracy under every model, where reviews first won on
retention only; docs/learning.md).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from domino_advisor.learning import clock

RETENTION = 0.9  # the chance of recall drills are scheduled for, unless set (schedule.RETENTION)
REVIEW_SHARE = (
    0.6  # of a drill lesson, at most this share reviews while new drills wait (scripts/learners.py)
)
# due: before the end of today, or with a due time that is no date (text, NULL, past the
# year 9999: a row edited by hand starts again, due now, rather than never come back)
_DUE = "NOT (typeof(d.due_at) IN ('integer', 'real') AND d.due_at >= ? AND d.due_at <= ?)"
_WHEN = "CASE WHEN typeof(d.due_at) IN ('integer', 'real') THEN d.due_at ELSE 0 END"


@dataclass(frozen=True)
class Drill:
    """A question from one of your games: at event ``event`` (before your move there),
    of ``kind``, about ``about`` (a player's name, a number, or the move)."""

    event: int
    kind: str
    about: str
    cost: float  # what the decision there gave up, in its game's measure
    position: str = ""  # the game's events up to it, hashed: the same drill however logged
    decides: bool = False  # kept where the count decides (learning.countdecides), not for a costly move


@dataclass(frozen=True)
class Kept:
    id: int
    name: str  # the log's file name when it was added
    text: str  # the log itself, kept whole
    drill: Drill
    rights: int  # how often it was answered right
    due: float = 0.0  # when it fell due (seconds since 1970)


@dataclass(frozen=True)
class NextDue:
    """When the next drills fall due after today, and how many that day."""

    at: float
    count: int


class DrillStore:
    """The record's drills (a part of ``progress.Record``, which owns the database)."""

    db: sqlite3.Connection
    unfit: int
    retention: float = RETENTION

    _guard: Callable[[str], AbstractContextManager[None]]  # progress.Record's: errors in the record's words

    def add_drills(self, name: str, game: str, text: str, drills: Iterable[Drill]) -> int:
        """Keep a game's log and its drills, due now; how many were new (a drill is added
        once, however its game is spelled or commented, or how far it was logged)."""
        at = clock.now()
        with self._guard("the drills were not added"), self.db:
            self.db.execute(
                "INSERT OR IGNORE INTO games (id, name, text, added) VALUES (?, ?, ?, ?)",
                (game, name, text, at),
            )
            before = self.db.total_changes
            self.db.executemany(
                "INSERT OR IGNORE INTO drills "
                "(game, position, event, kind, about, cost, due, due_at, decides) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (game, d.position, d.event, d.kind, d.about, d.cost, self._lessons(), at, int(d.decides))
                    for d in drills
                ],
            )
            return self.db.total_changes - before

    def _lessons(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM lessons").fetchone()[0])

    def lessons(self) -> int:
        with self._guard("nothing was read"):
            return self._lessons()

    def due(self, limit: int = 10) -> list[Kept]:
        """The drills due today, the longest overdue first (then the costliest): the
        reviews (drills answered before), at most ``REVIEW_SHARE`` of ``limit`` while new
        drills wait, then the new; the reviews fill what the new leave.  A row that does
        not fit the game kept with it (``drillrows``) is left out, and counted in
        ``unfit``."""
        from domino_advisor.learning import drillrows  # a game's replay: only where drills are asked

        reviews: list[Kept] = []
        new: list[Kept] = []
        self.unfit = 0
        with self._guard("no drills were read"):
            rows = self.db.execute(
                "SELECT d.id, g.name, g.text, d.position, d.event, d.kind, d.about, d.cost, d.rights, "
                "d.due_at, d.decides, d.stability, d.difficulty, d.reviewed FROM drills d "
                f"JOIN games g ON g.id = d.game WHERE {_DUE} ORDER BY {_WHEN}, d.cost DESC, d.id",
                (self._today(), clock.LAST),
            )
            try:
                for i, n, t, p, e, k, a, c, r, when, why, s, h, seen in rows:
                    if len(reviews) >= limit and len(new) >= limit:
                        break
                    if drillrows.fits(n, t, e, k, a, c, r):
                        drill = Drill(e, k, a, c, p, decides=why == 1)
                        kept = Kept(i, n, t, drill, r, float(when) if _time(when) else 0.0)
                        (new if _memory((s, h, when, seen)) is None else reviews).append(kept)
                    else:
                        self.unfit += 1
            finally:
                rows.close()  # the read ends here, not when the cursor is collected
        room = int(REVIEW_SHARE * limit) if new else limit
        first = reviews[:room]
        fresh = new[: limit - len(first)]
        return first + fresh + reviews[room : room + limit - len(first) - len(fresh)]

    def _today(self) -> float:
        return clock.end_of_day(clock.now())

    def drills_due(self) -> int:
        """How many drills are due today (at most ten of them are asked at a time)."""
        with self._guard("no drills were read"):
            query = f"SELECT COUNT(*) FROM drills d WHERE {_DUE}"
            return int(self.db.execute(query, (self._today(), clock.LAST)).fetchone()[0])

    def drills_kept(self) -> int:
        """How many drills the record keeps (every one comes back: none is ever done)."""
        with self._guard("no drills were read"):
            return int(self.db.execute("SELECT COUNT(*) FROM drills").fetchone()[0])

    def next_due(self) -> NextDue | None:
        """The first day after today with drills due, and how many fall due that day."""
        today = self._today()
        with self._guard("no drills were read"):
            later = f"SELECT MIN(d.due_at) FROM drills d WHERE NOT ({_DUE})"
            first = self.db.execute(later, (today, clock.LAST)).fetchone()[0]
            if not _time(first):
                return None
            count = self.db.execute(
                f"SELECT COUNT(*) FROM drills d WHERE NOT ({_DUE}) AND d.due_at < ?",
                (today, clock.LAST, clock.end_of_day(first)),
            ).fetchone()[0]
        return NextDue(float(first), int(count))

    def start_lesson(self) -> int:
        """A lesson begins (a practice round or drills): its number, what its answers
        are kept under."""
        with self._guard("the lesson was not started"), self.db:
            self.db.execute("INSERT INTO lessons (at) VALUES (?)", (clock.now(),))
            return self._lessons()

    def answered(self, drill_id: int, right: bool, seconds: float = 0.0) -> bool:
        """The drill's memory after this answer, and when it is due again (FSRS).  False if
        it could not be written: the drill is left as it was (asked again, never lost)."""
        from domino_advisor.learning import schedule

        at = clock.now()
        try:
            after = schedule.review(self._memory_of(drill_id), right, seconds, at, self.retention)
            with self.db:
                self.db.execute(
                    "UPDATE drills SET rights = rights + ?, stability = ?, difficulty = ?, due_at = ?, "
                    "reviewed = ? WHERE id = ?",
                    (int(right), after.stability, after.difficulty, after.due, after.last_review, drill_id),
                )
            return True
        except (sqlite3.DatabaseError, ValueError, OverflowError):  # a schedule past any date: as it was
            return False

    def memory(self, drill_id: int) -> Any:
        """The drill's memory as kept (None: never answered right or wrong yet)."""
        with self._guard("no drills were read"):
            return self._memory_of(drill_id)

    def _memory_of(self, drill_id: int) -> Any:
        query = "SELECT stability, difficulty, due_at, reviewed FROM drills WHERE id = ?"
        return _memory(self.db.execute(query, (drill_id,)).fetchone())


def _time(x: object) -> bool:
    """A number that is a date: 1970 to the end of the year 9999 (the file is anyone's to
    edit: text, NULL, 1e308 are not)."""
    return isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x <= clock.LAST


def _memory(row: tuple | None) -> Any:
    """The memory in a drill's columns, or None where it has none (or none that reads:
    the file is anyone's to edit, and such a drill starts again)."""
    if row is None:
        return None
    stability, difficulty, due_at, reviewed = row
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in row):
        return None
    if not (0 < stability <= 36_500 and 1 <= difficulty <= 10 and _time(due_at) and _time(reviewed)):
        return None
    from domino_advisor.learning.schedule import Memory

    return Memory(float(stability), float(difficulty), float(due_at), float(reviewed))

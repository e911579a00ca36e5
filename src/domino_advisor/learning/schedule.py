"""When a drill comes back: FSRS (the ``fsrs`` package, the scheduler Anki adopted), not a
rule of our own.  A drill is a card; its memory (stability, difficulty, when it is due,
when it was last answered) lives in the record's own columns, so this module only turns
one answer into the next memory.

Days apart, never minutes: FSRS schedules across days, and repeats inside a lesson are
the lesson's job, so there are no learning steps.  No fuzz: the same record and the same
clock give the same queue.  Nothing is ever done: a drill you know well comes back after
a long interval, because dropping what you recall halves what you keep a week later
(Karpicke & Roediger 2007).  Imported by the learning commands only (fsrs is not loaded
by status, advise or session).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache

import fsrs

RETENTION = 0.9  # the chance of recall a drill is scheduled for (the setting's default)
SLOW = 30.0  # seconds: a right answer slower than this is graded Hard (the recall took work)
RETENTIONS = (0.7, 0.99)  # the settings FSRS is meant for
LONGEST = 365  # days: the longest a drill waits (FSRS's own cap is a century: as good as done)


@dataclass(frozen=True)
class Memory:
    """A drill's memory state, as the record keeps it (times in seconds since 1970)."""

    stability: float  # days for recall to fall to 90%
    difficulty: float  # 1 (easy) to 10 (hard)
    due: float
    last_review: float

    def recall(self, at: float, retention: float = RETENTION) -> float:
        """The chance you recall the drill at ``at``, by FSRS's forgetting curve."""
        card = _card(self, 0)
        return float(scheduler(retention).get_card_retrievability(card, _utc(at)))


def grade(right: bool, seconds: float) -> fsrs.Rating:
    """Wrong: Again; right: Good, or Hard when it took more than ``SLOW`` seconds.  No Easy:
    a count is right or it is not."""
    if not right:
        return fsrs.Rating.Again
    return fsrs.Rating.Hard if seconds > SLOW else fsrs.Rating.Good


@lru_cache(maxsize=8)
def scheduler(retention: float = RETENTION) -> fsrs.Scheduler:
    return fsrs.Scheduler(
        desired_retention=retention,
        learning_steps=(),
        relearning_steps=(),
        maximum_interval=LONGEST,
        enable_fuzzing=False,
    )


def review(
    memory: Memory | None, right: bool, seconds: float, at: float, retention: float = RETENTION
) -> Memory:
    """The memory after one answer at ``at`` (None: the drill's first answer)."""
    card = fsrs.Card(card_id=1) if memory is None else _card(memory, 1)
    card.due = _utc(at) if memory is None else card.due
    done, _ = scheduler(retention).review_card(card, grade(right, seconds), _utc(at))
    assert done.stability is not None and done.difficulty is not None
    return Memory(done.stability, done.difficulty, done.due.timestamp(), at)


def replayed(rights: list[float], retention: float = RETENTION) -> Memory | None:
    """A drill's memory from its right answers alone, each Good at its time (how a record
    kept by 0.10, which counted rights, becomes cards)."""
    memory = None
    for at in sorted(rights):
        memory = review(memory, True, 0.0, at, retention)
    return memory


def _card(memory: Memory, card_id: int) -> fsrs.Card:
    return fsrs.Card(
        card_id=card_id,
        state=fsrs.State.Review,
        step=None,
        stability=memory.stability,
        difficulty=memory.difficulty,
        due=_utc(memory.due),
        last_review=_utc(memory.last_review),
    )


def _utc(at: float) -> datetime:
    return datetime.fromtimestamp(at, tz=UTC)

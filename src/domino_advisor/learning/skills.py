"""Your skills, each with its evidence: every kind of question in every game family is a
skill, scored apart (as Lichess scores each puzzle theme), with its accuracy over the last
20 answers and a 95% Wilson interval, its learning curve (the error rate per practice
opportunity, how learning science shows a skill being learned), your level, and whether
it is weak.

Weak takes evidence, not one bad answer: at least ``WEAK_MISSES`` wrong of the last
``RECENT``, and the interval's upper end below your accuracy over every skill, so the
skill is worse than you are, not merely unlucky.  A lesson then takes most of its
questions from the weak skills (``next_kind``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domino_advisor.learning.answers import KINDS, LABELS, Answer

RECENT = 20  # the answers a skill's accuracy is taken over
WEAK_MISSES = 3  # wrong answers among them before a skill can be called weak
Z95 = 1.959964  # the normal quantile of a 95% interval
BLOCK = 5  # opportunities per point of the learning curve
AIMED = 0.7  # the share of a lesson's questions taken from your weak skills
RIGHT = 0.999  # points at or above this: right


@dataclass(frozen=True)
class Skill:
    game: str  # the game family, as people write it ("dominoes": every line game)
    kind: str  # the question (answers.KINDS)
    answers: int
    right: int  # right among the last RECENT
    recent: int  # how many the last RECENT are (fewer while the skill is new)
    low: float  # the 95% Wilson interval of the recent accuracy
    high: float
    curve: tuple[float, ...]  # the error rate per BLOCK opportunities, first first
    level: float | None  # your Glicko-2 rating at it (learning.level); None before an answer
    weak: bool

    @property
    def label(self) -> str:
        return LABELS[self.kind]

    @property
    def accuracy(self) -> float | None:
        return self.right / self.recent if self.recent else None


def wilson(right: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share: honest at few answers and at 0% or 100%,
    where the normal interval collapses to a point."""
    if n == 0:
        return 0.0, 1.0
    p = right / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def is_weak(recent: Sequence[bool], overall: float) -> bool:
    """At least WEAK_MISSES wrong of the last RECENT, and the interval's upper end below
    your accuracy over every skill."""
    last = list(recent)[-RECENT:]
    wrong = sum(1 for r in last if not r)
    return wrong >= WEAK_MISSES and wilson(len(last) - wrong, len(last))[1] < overall


def curve(outcomes: Sequence[bool], block: int = BLOCK) -> tuple[float, ...]:
    """The error rate per opportunity, BLOCK opportunities to a point (the last point
    may hold fewer)."""
    return tuple(
        sum(1 for r in outcomes[i : i + block] if not r) / len(outcomes[i : i + block])
        for i in range(0, len(outcomes), block)
    )


def overall(answers: Sequence[Answer]) -> float | None:
    """Your share of right answers over every skill (None before any): what a weak skill
    is below."""
    return sum(1 for a in answers if a.points >= RIGHT) / len(answers) if answers else None


def skills(
    answers: Sequence[Answer],
    family: Callable[[Answer], str],
    level: Callable[[Sequence[Answer]], float | None] = lambda _: None,
) -> list[Skill]:
    """Every skill with answers, in the order of the families met and of the kinds;
    ``family`` names an answer's game family, ``level`` rates a skill's answers."""
    share = overall(answers) or 0.0
    groups: dict[tuple[str, str], list[Answer]] = {}
    for a in answers:  # in the order the families were met, then of the kinds
        groups.setdefault((family(a), a.kind), []).append(a)
    met = list(dict.fromkeys(game for game, _ in groups))
    order = sorted(groups, key=lambda k: (met.index(k[0]), KINDS.index(k[1])))
    out = []
    for game, kind in order:
        mine = groups[(game, kind)]
        outcomes = [a.points >= RIGHT for a in mine]
        last = outcomes[-RECENT:]
        right = sum(last)
        low, high = wilson(right, len(last))
        out.append(
            Skill(
                game,
                kind,
                len(mine),
                right,
                len(last),
                low,
                high,
                curve(outcomes),
                level(mine),
                is_weak(outcomes, share),
            )
        )
    return out


def next_kind(
    asked: Sequence[str],
    weak: Sequence[str],
    kinds: Sequence[str],
    rng: random.Random,
    before: Sequence[str] = (),
) -> str:
    """The kind of the lesson's next question: while fewer than AIMED of the questions so
    far (this one counted) are from weak skills, one from them, else the other kind asked
    least (``before``: the kinds your record has answered, so the turn goes on from one
    lesson to the next instead of starting each with the first kind), so a lesson of any
    length n asks at least ceil(AIMED n) from your weak skills.  With no weak skill and no
    record, every kind in turn."""
    weak = [k for k in kinds if k in weak]
    others = [k for k in kinds if k not in weak] or list(kinds)
    n = len(asked) + 1
    from_weak = sum(1 for k in asked if k in weak)
    if weak and from_weak < math.ceil(AIMED * n):
        return rng.choice(weak)
    done = Counter(k for k in (*before, *asked) if k in others)
    return min(others, key=lambda k: (done[k], others.index(k)))

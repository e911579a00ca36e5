"""Three models of a learner, for measuring schedules (issue 41, item 7): neither is FSRS's
own forgetting curve, so a schedule built on FSRS is not judged by the model it assumes.
They are models, not a study of people: what they say about a schedule holds for
learners who forget as they forget.

A learner meets *items* (drills: one question each, of one *kind* of question, a skill)
and answers an item right by either of two routes: recalling the item itself, or working
it out with the skill (a fresh question of that kind has only the skill).  So

    P(right) = 1 - (1 - r_item) (1 - q_skill)

and ``accuracy`` on a kind is ``q_skill`` alone.  Time is in days.  The skill route is
computed once a day (``begin_day``): a day's questions use the skill as it stood when the
day began, and a day's practices of a skill count as if at the middle of the day's lesson
(``LESSON``).  Every practice is followed by the right answer (the lesson's feedback).

Model P (the primary): power-law forgetting with a strength that grows with practice.
An item's recall ``t`` days after its last practice is

    r(t) = (1 + (2^(1/d) - 1) t / h)^(-d)        (h: the item's half-life, r(h) = 1/2)

First met, h = h0 * ease_k.  Answered right at recall r, h <- h * (1 + g (1 - r)): the
harder the retrieval (the longer the gap), the more it grows, and a retrieval of what is
still fresh (r near 1) adds nothing: the spacing effect.  Answered wrong,
h <- max(h0 * ease_k, lapse * h).  The skill: each practice of kind k leaves a trace that
fades by the same power law with the skill's half-life H, and

    q_k(t) = logistic(a_k + b ln(1 + sum_j r_H(t - t_j)))

(the log law of practice, with forgetting).  Per learner, uniform on: d [0.3, 0.7],
h0 [0.5, 2] days, g [5, 15], lapse [0.2, 0.6], H [5, 20] days, b [0.3, 0.8]; per learner
and kind: a_k [-2.5, 0] (how hard the kind is before practice), ease_k [0.6, 1.5].

Model Q (the check): ACT-R's base-level activation with the decay of each practice set by
the activation at that practice (Pavlik & Anderson 2005), so practice while the item is
still active decays fast.  An item practised at t_1 < t_2 < ... has, at t,

    m(t) = ln sum_j (x (t - t_j))^(-d_j),   d_j = c e^(m(t_j)) + alpha   (d_1 = alpha)
    r(t) = logistic((m(t) - tau - delta_k) / s)

with ages in seconds scaled by x (Pavlik & Anderson's scaling of the time between
sessions), right or wrong alike (every practice is a study: the answer is shown).  The
skill is ACT-R's base-level learning with a fixed decay, no strength that grows:

    B_k(t) = ln sum_j (t - t_j)^(-e)  (days),   q_k(t) = guess_k + (1 - guess_k) logistic((B_k - tau_s) / s_s)

Per learner, uniform on: c [0.15, 0.3], alpha [0.12, 0.25], x [0.015, 0.04], tau
[-1.6, -0.8], s [0.2, 0.4], e [0.3, 0.6], tau_s [2, 4], s_s [0.5, 1]; per learner and
kind: delta_k [-0.3, 0.3], guess_k [0.05, 0.35].  Pavlik & Anderson's fit to word pairs
(c about 0.22, alpha about 0.18, x about 0.025) lies inside these ranges.

Model R (added later, to test the one mechanism P and Q leave out: recalling an item
teaches its skill): model P's item memory, with the same equations and ranges, but the
skill of kind k grows from *successful retrievals* weighted by their difficulty.  A right
answer at item recall r (r = 0 for an item met for the first time: nothing to recall)
adds (1 - r) to the kind's practice sum instead of 1 per question asked, and a wrong
answer adds nothing:

    q_k(t) = logistic(a_k + b ln(1 + sum_j w_j r_H(t - t_j))),   w_j = right_j (1 - r_j)

so which items are practised, and when, can change the skill: a right answer after a
long gap (a hard retrieval) teaches the kind more than one while the item is fresh.
Per learner, uniform on the ranges of P: d [0.3, 0.7], h0 [0.5, 2] days, g [5, 15],
lapse [0.2, 0.6], H [5, 20] days, b [0.3, 0.8]; per learner and kind: a_k [-3.5, 0.5]
(the kinds differ more than in P), ease_k [0.6, 1.5].  Model R was committed before any
comparison of schedules was run on it.

Limits (all three): no interference between items, no fatigue, no motivation, no within-day
effect of the skill, the same model for every kind (only its parameters differ), and
parameters drawn independently where people's would correlate.  Committed before any
comparison of schedules was run (the commit order is the evidence).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import ClassVar

KINDS = ("voids", "count", "where", "move")  # the kinds of question (answers.KINDS)
LESSON = 0.8  # the day's practices of a skill count as if at this time of day (days)
SECONDS = 86400.0


def logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


class Learner:
    """What both models share: items, the skill's practices by day, the two routes."""

    kinds: Sequence[str] = KINDS

    def __init__(self) -> None:
        self.items: list[str] = []  # the kind of each item met, by its number
        self.practised: dict[str, dict[int, int]] = {k: {} for k in KINDS}  # kind: day -> practices
        self.skill: dict[str, float] = {}  # q_k as the day began

    def new_item(self, kind: str) -> int:
        """A new item of ``kind``, not yet met: its number."""
        self.items.append(kind)
        return len(self.items) - 1

    def begin_day(self, t: float) -> None:
        self.skill = {k: self.skill_at(k, t) for k in KINDS}

    def p_right(self, item: int | None, kind: str, t: float) -> float:
        """The chance of a right answer at ``t`` (None: a fresh question of ``kind``)."""
        q = self.skill[kind]
        if item is None or not self.met(item):
            return q
        return 1.0 - (1.0 - self.recall(item, t)) * (1.0 - q)

    def answer(self, item: int, right: bool, t: float) -> None:
        """The item was asked at ``t`` and answered (then shown): both routes learn."""
        days = self.practised[self.items[item]]
        day = math.floor(t)
        days[day] = days.get(day, 0) + 1
        self.learn(item, right, t)

    def retention(self, t: float) -> float:
        """Mean chance of a right answer at ``t`` over every item met."""
        met = [i for i in range(len(self.items)) if self.met(i)]
        if not met:
            return 0.0
        return sum(self.p_right(i, self.items[i], t) for i in met) / len(met)

    def accuracy(self, t: float) -> dict[str, float]:
        """Each kind's chance of a right answer on a fresh question at ``t``."""
        return {k: self.skill_at(k, t) for k in KINDS}

    def ages(self, kind: str, t: float) -> list[tuple[float, int]]:
        """(age in days, practices) for each earlier day the skill was practised."""
        return [(t - day - LESSON, n) for day, n in self.practised[kind].items() if day + LESSON < t]

    # each model's own
    def met(self, item: int) -> bool:
        raise NotImplementedError

    def recall(self, item: int, t: float) -> float:
        raise NotImplementedError

    def learn(self, item: int, right: bool, t: float) -> None:
        raise NotImplementedError

    def skill_at(self, kind: str, t: float) -> float:
        raise NotImplementedError


def power(t: float, half_life: float, d: float) -> float:
    """Power-law recall ``t`` days on, 1/2 at the half-life."""
    return (1.0 + (2.0 ** (1.0 / d) - 1.0) * max(t, 0.0) / half_life) ** -d


class ModelP(Learner):
    """Power-law forgetting; a right answer's growth larger the harder the retrieval."""

    RANGES: ClassVar[dict[str, tuple[float, float]]] = {
        "d": (0.3, 0.7),
        "h0": (0.5, 2.0),
        "g": (5.0, 15.0),
        "lapse": (0.2, 0.6),
        "H": (5.0, 20.0),
        "b": (0.3, 0.8),
    }
    PER_KIND: ClassVar[dict[str, tuple[float, float]]] = {"a": (-2.5, 0.0), "ease": (0.6, 1.5)}

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        p = {name: rng.uniform(*span) for name, span in self.RANGES.items()}
        self.d, self.h0, self.g, self.lapse, self.H, self.b = (p[n] for n in self.RANGES)
        self.a = {k: rng.uniform(*self.PER_KIND["a"]) for k in KINDS}
        self.ease = {k: rng.uniform(*self.PER_KIND["ease"]) for k in KINDS}
        self.half: dict[int, float] = {}  # item -> half-life (days)
        self.last: dict[int, float] = {}  # item -> when last practised

    def met(self, item: int) -> bool:
        return item in self.half

    def recall(self, item: int, t: float) -> float:
        return power(t - self.last[item], self.half[item], self.d)

    def learn(self, item: int, right: bool, t: float) -> None:
        first = self.h0 * self.ease[self.items[item]]
        if item not in self.half:
            self.half[item] = first
        elif right:
            self.half[item] *= 1.0 + self.g * (1.0 - self.recall(item, t))
        else:
            self.half[item] = max(first, self.lapse * self.half[item])
        self.last[item] = t

    def skill_at(self, kind: str, t: float) -> float:
        traces = sum(n * power(age, self.H, self.d) for age, n in self.ages(kind, t))
        return logistic(self.a[kind] + self.b * math.log1p(traces))


class ModelQ(Learner):
    """ACT-R base-level activation, each practice's decay set by the activation then
    (Pavlik & Anderson 2005)."""

    RANGES: ClassVar[dict[str, tuple[float, float]]] = {
        "c": (0.15, 0.3),
        "alpha": (0.12, 0.25),
        "x": (0.015, 0.04),
        "tau": (-1.6, -0.8),
        "s": (0.2, 0.4),
        "e": (0.3, 0.6),
        "tau_s": (2.0, 4.0),
        "s_s": (0.5, 1.0),
    }
    PER_KIND: ClassVar[dict[str, tuple[float, float]]] = {"delta": (-0.3, 0.3), "guess": (0.05, 0.35)}

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        p = {name: rng.uniform(*span) for name, span in self.RANGES.items()}
        self.c, self.alpha, self.x, self.tau = (p[n] for n in ("c", "alpha", "x", "tau"))
        self.s, self.e, self.tau_s, self.s_s = (p[n] for n in ("s", "e", "tau_s", "s_s"))
        self.delta = {k: rng.uniform(*self.PER_KIND["delta"]) for k in KINDS}
        self.guess = {k: rng.uniform(*self.PER_KIND["guess"]) for k in KINDS}
        self.traces: dict[int, list[tuple[float, float]]] = {}  # item -> (when, decay) per practice

    def met(self, item: int) -> bool:
        return item in self.traces

    def activation(self, item: int, t: float) -> float:
        total = sum(
            (self.x * max(t - when, 1e-6) * SECONDS) ** -decay
            for when, decay in self.traces.get(item, ())
            if when < t
        )
        return math.log(total) if total > 0 else -math.inf

    def recall(self, item: int, t: float) -> float:
        m = self.activation(item, t)
        if m == -math.inf:
            return 0.0
        return logistic((m - self.tau - self.delta[self.items[item]]) / self.s)

    def learn(self, item: int, right: bool, t: float) -> None:
        m = self.activation(item, t)
        decay = self.alpha if m == -math.inf else self.c * math.exp(m) + self.alpha
        self.traces.setdefault(item, []).append((t, decay))

    def skill_at(self, kind: str, t: float) -> float:
        total = sum(n * age**-self.e for age, n in self.ages(kind, t))
        guess = self.guess[kind]
        if total <= 0:
            return guess
        return guess + (1.0 - guess) * logistic((math.log(total) - self.tau_s) / self.s_s)


class ModelR(ModelP):
    """Model P's item memory; the skill grows from right retrievals, each weighted by its
    difficulty (1 - the item's recall before the answer), and not at all from wrong ones."""

    PER_KIND: ClassVar[dict[str, tuple[float, float]]] = {"a": (-3.5, 0.5), "ease": (0.6, 1.5)}

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.credit: dict[str, dict[int, float]] = {k: {} for k in KINDS}  # kind: day -> sum of (1 - r)

    def learn(self, item: int, right: bool, t: float) -> None:
        if right:
            r = self.recall(item, t) if self.met(item) else 0.0
            days = self.credit[self.items[item]]
            day = math.floor(t)
            days[day] = days.get(day, 0.0) + (1.0 - r)
        super().learn(item, right, t)

    def skill_at(self, kind: str, t: float) -> float:
        traces = sum(
            w * power(t - day - LESSON, self.H, self.d)
            for day, w in self.credit[kind].items()
            if day + LESSON < t
        )
        return logistic(self.a[kind] + self.b * math.log1p(traces))


MODELS: dict[str, Callable[[random.Random], Learner]] = {"P": ModelP, "Q": ModelQ, "R": ModelR}


def learner(model: str, seed: str) -> Learner:
    """The learner of ``model`` drawn by ``seed`` (a string: the same learner on any machine)."""
    return MODELS[model](random.Random(seed))

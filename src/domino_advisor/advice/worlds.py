"""The worlds search, for every game: worlds are drawn from the counting (the hidden
hands from the exact posterior, the boneyard shuffled), and every candidate is played out
in the same worlds with the same dice (common random numbers), so differences between
candidates are not noise between worlds.  Each world is searched as if its hands were
seen (perfect information Monte Carlo; ``advice.tree`` searches what the seat knows
instead).

How a world is dealt, solved or played out is the game's (its rollouts:
``games.line.rollout``, ``games.hub.rollout``); what the worlds may spend is the
budget's: the worlds asked for, the work (positions searched and turns played out,
counted the same on any machine) and, only where the user asks, the clock.  Worlds are
played one by one to a budget of work, or drawn first and shared between processes
(``base.cores``: the same answer for any number of them).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from domino_advisor.base.budgets import EXACT_SEARCH
from domino_advisor.base.cores import share

RESCALE = 300.0  # a world's log weight this far above the reference: weights are rebased (no overflow)
FORK_AT_LEAST = 200  # rollouts (worlds times candidates) worth sharing between processes (about 0.1 s)

Out = TypeVar("Out")  # a candidate's outcome in one world, as the game says it


class Weighed(Protocol):
    """A dealt world's weight of how likely the others' plays were in it (soft reads):
    a log, or None where the worlds are not weighted."""

    @property
    def log_weight(self) -> float | None: ...


W = TypeVar("W", bound=Weighed)


class Rollouts(Protocol, Generic[W, Out]):
    """What a game's rollouts do for the worlds search."""

    def deal(self, rng: random.Random) -> W:
        """One world, drawn from ``rng`` (the counting's sample, the boneyard's order, its dice)."""
        ...

    def outcomes(self, dealt: W) -> tuple[list[Out], int]:
        """Every candidate's outcome in the world, in the candidates' order, and the work it took."""
        ...


@dataclass(frozen=True)
class Budget:
    """What one call's worlds may spend."""

    samples: int  # the worlds asked for
    work: int | None  # positions searched and turns played out (None: the worlds, whatever they cost)
    seconds: float | None  # the user's clock limit, if any
    start: float  # when the answer began (``time.perf_counter``), the counting before the call included
    positions: int = EXACT_SEARCH  # what the exact search of the whole round may visit
    least: int = 8  # worlds played before the clock may stop them (played one by one)

    def allows(self, worlds: int, done: int) -> bool:
        """Whether another world is played: fewer than asked, and work left."""
        return worlds < self.samples and (self.work is None or done < self.work)

    def out_of_time(self, worlds: int) -> bool:
        """The user's clock limit has passed (once a few worlds are in)."""
        return (
            self.seconds is not None
            and time.perf_counter() - self.start > self.seconds
            and worlds >= self.least
        )

    @property
    def deadline(self) -> float | None:
        return None if self.seconds is None else self.start + self.seconds


@dataclass
class Weighing(Generic[Out]):
    """What the worlds gave: each world's weight and its candidates' outcomes, in the order
    played; whether the user's clock stopped the worlds short; the work done."""

    worlds: list[tuple[float, list[Out]]]
    cut: bool
    work: int
    dealt: list = field(default_factory=list)  # the worlds themselves, in the same order


def weigh(
    rollouts: Rollouts[W, Out],
    budget: Budget,
    rng: random.Random,
    shared: int | None = None,
    candidates: int = 1,
) -> Weighing[Out]:
    """Play the candidates out in as many worlds as the budget allows.  ``shared``: the
    processes the worlds are shared between, every world drawn here first (None: one by
    one, to the budget of work); ``candidates``: how many each world plays out (a fork
    costs more than a few rollouts).  Weighted worlds are weighed relative to the first;
    one far likelier rebases them all (no weight overflows)."""
    if shared is not None:
        return _drawn_first(rollouts, budget, rng, shared, candidates)
    out: list[tuple[float, list[Out]]] = []
    kept: list[W] = []
    done = 0
    ref: float | None = None  # the first world's log weight: weights are relative to it
    while budget.allows(len(out), done):
        if budget.out_of_time(len(out)):
            return Weighing(out, True, done, kept)  # the user's time limit: the advice says it stopped short
        dealt = rollouts.deal(rng)
        w = 1.0
        lw = dealt.log_weight
        if lw is not None:  # how likely the others' plays were in this world
            ref = lw if ref is None else ref
            if lw - ref > RESCALE:  # far likelier than the first: weigh all relative to it
                factor = math.exp(ref - lw)
                out = [(weight * factor, o) for weight, o in out]
                ref = lw
            w = math.exp(lw - ref)
        outcomes, work = rollouts.outcomes(dealt)
        done += work
        out.append((w, outcomes))
        kept.append(dealt)
    return Weighing(out, False, done, kept)


def _drawn_first(
    rollouts: Rollouts[W, Out], budget: Budget, rng: random.Random, workers: int, candidates: int
) -> Weighing[Out]:
    """Every world drawn here first (the same for any number of processes), then played
    out on ``workers`` processes, the answers in world order."""
    deadline = budget.deadline
    dealt: list[W] = []
    while len(dealt) < budget.samples:
        if deadline is not None and dealt and time.perf_counter() > deadline:
            break
        dealt.append(rollouts.deal(rng))
    if len(dealt) * candidates < FORK_AT_LEAST:
        workers = 1  # a fork costs more than so few rollouts
    played: Sequence[tuple[list[Out], int]] = share(
        lambda i: rollouts.outcomes(dealt[i]), len(dealt), workers, deadline
    )
    logs = [d.log_weight for d in dealt[: len(played)]]
    top = max((lw for lw in logs if lw is not None), default=0.0)
    weights = [1.0 if lw is None else math.exp(lw - top) for lw in logs]  # relative to the likeliest
    worlds = [(w, outcomes) for w, (outcomes, _) in zip(weights, played, strict=True)]
    work = sum(work for _, work in played)
    return Weighing(worlds, len(played) < budget.samples, work, list(dealt[: len(played)]))

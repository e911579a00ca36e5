"""The worlds search: worlds are sampled from the exact posterior, every candidate is
played out in the same worlds with the same dice (common random numbers), so differences
between candidates are not noise between worlds; a world small enough is solved exactly
instead of played out.  Each world is searched as if its hands were seen (perfect
information Monte Carlo); ``advice.tree`` searches what the seat knows instead.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from domino_advisor.advice.candidate import Candidate
from domino_advisor.base.budgets import ADVICE_TURN_WORK, EXACT_SEARCH
from domino_advisor.counting.inference import Inference
from domino_advisor.counting.reads import Reads
from domino_advisor.games.line.bots import reader
from domino_advisor.games.line.engine import FastRound, Policy, from_round, from_world
from domino_advisor.games.line.scoring import Result, round_value, side_of
from domino_advisor.games.line.search import LineSolver, SearchTooBig, solve, solve_value
from domino_advisor.games.line.stakes import Stakes
from domino_advisor.games.line.state import Round

SIDE_IDS = {"left": 0, "right": 1, "up": 2, "down": 3}
TURN_WORK = ADVICE_TURN_WORK
SOLVE_BELOW = 12  # a sampled world with this many tiles in hands or fewer is solved exactly
SOLVE_DRAWING = 20  # ... and, with two players, one with this many in hands and boneyard together
RESCALE = 300.0  # a world's log weight this far above the reference: weights are rebased (no overflow)


def apply_candidate(
    fr: FastRound, c: Candidate, policy: Policy = reader, rng: random.Random | None = None
) -> None:
    if c.tile is None:  # a forced draw or pass: take the turn as the rules make you
        fr.step(policy, rng or random.Random(0))
    elif c.side is None:
        fr.play(c.tile.index, -1)
    else:
        j = [e[0] for e in fr.ends].index(SIDE_IDS[c.side])
        fr.play(c.tile.index, j)


def true_world(r: Round, seat: int, rng: random.Random) -> FastRound:
    """Every hand as it is, the boneyard's order unknown (for the omniscient ceiling)."""
    stock = list(r.stock or [])
    rng.shuffle(stock)
    return from_round(r, [set(r.hand_of(s)) for s in range(r.match.seats)], stock, seat)


@dataclass(frozen=True)
class Budget:
    """What one call's worlds may spend."""

    samples: int  # the worlds asked for
    work: int | None  # positions searched and turns played out (None: the worlds, whatever they cost)
    seconds: float | None  # the user's clock limit, if any
    start: float  # when the answer began (``time.perf_counter``), the counting before the call included
    positions: int = EXACT_SEARCH  # what the exact search of the whole round may visit

    def allows(self, worlds: int, done: int) -> bool:
        """Whether another world is played: fewer than asked, and work left."""
        return worlds < self.samples and (self.work is None or done < self.work)

    def out_of_time(self, worlds: int) -> bool:
        """The user's clock limit has passed (once a few worlds are in)."""
        return self.seconds is not None and time.perf_counter() - self.start > self.seconds and worlds >= 8


@dataclass(frozen=True)
class Rollout:
    """What one call's rollouts hold fixed: whose move, what is known, how a world is
    played out and judged, and what the worlds may spend."""

    r: Round
    seat: int
    inf: Inference | None  # the counting; None: omniscient, every hand as it is
    policy: Policy  # how every seat plays a world out
    stakes: Stakes | None  # the match played for; None: the round alone
    budget: Budget
    reads: Reads | None = None  # soft reads: each world weighted by how likely the others' plays were
    solve_drawing: int = SOLVE_DRAWING  # two players: a world with this many in hands and boneyard is solved
    solve_below: int = SOLVE_BELOW  # ... and any with this many in hands, nothing to draw

    @property
    def side(self) -> int:
        """The seat's side: whose chances these are."""
        return side_of(self.seat, self.r.rules)

    @property
    def all_fives(self) -> bool:
        """Points are scored during the round: worlds are played out, never solved."""
        return self.r.rules.all_fives


def rollouts(ro: Rollout, moves: list[Candidate], rng: random.Random) -> tuple[bool, int]:
    """Play every candidate out in as many worlds as the budget allows: the worlds asked
    for, or as many as its work allows (positions searched and turns played out,
    counted: the same on any machine); True if the user's time limit stopped it first,
    and the work done."""
    n = 0
    done = 0  # the work: positions searched, and turns played out (TURN_WORK each)
    ref = None  # the first world's log weight: weights are relative to it
    while ro.budget.allows(n, done):
        if ro.budget.out_of_time(n):
            return True, done  # the user's time limit: the advice says it stopped short
        world_seed = rng.getrandbits(32)
        w = 1.0
        if ro.inf is None:
            base = true_world(ro.r, ro.seat, rng)
        else:
            world = ro.inf.sample(rng)
            if ro.reads is not None:  # how likely the others' plays were in this world
                lw = ro.reads.log_weight(world)
                ref = lw if ref is None else ref
                if lw - ref > RESCALE:  # far likelier than the first: weigh all relative to it
                    for c in moves:
                        c.tally.rescale(math.exp(ref - lw))
                    ref = lw
                w = math.exp(lw - ref)
            base = from_world(ro.r, ro.seat, world, rng)
        values = None
        if not ro.all_fives and solvable(base, ro.solve_below, ro.solve_drawing):
            values, searched = solve_world(ro, base, moves, world_seed)
            done += searched
        if values is not None:  # the world was small enough to play perfectly
            for c, (rv, mv) in zip(moves, values, strict=True):
                c.tally.count(w, rv, mv)
        else:
            for c in moves:
                done += _play_out(ro, base, c, w, world_seed)
        n += 1
    return False, done


def _play_out(ro: Rollout, base: FastRound, c: Candidate, w: float, world_seed: int) -> int:
    """Play the candidate out in one world, every seat by the rollout policy, and count
    the outcome with the world's weight ``w``; the work it took (turns played out)."""
    fr = base.clone()
    apply_candidate(fr, c, ro.policy, random.Random(world_seed ^ 1))
    play_rng = random.Random(world_seed)
    reply = _reply(fr, ro.policy, play_rng)
    res = fr.play_out([ro.policy] * fr.n, play_rng)
    c.tally.count(
        w, round_value(res, ro.side, ro.r.rules), ro.stakes.value(fr) if ro.stakes is not None else 0.0
    )
    if ro.all_fives:
        c.tally.score(w, reply, _points_ahead(res, fr, base, ro.side))
    return TURN_WORK * (tiles_left(base) - tiles_left(fr))


def _reply(fr: FastRound, policy: Policy, rng: random.Random) -> int:
    """The next turn, played by the policy: the fives it scores for the side that plays it."""
    side = side_of(fr.turn, fr.rules)
    before = fr.fives[side]
    if not fr.over:
        fr.step(policy, rng)
    return fr.fives[side] - before


def _points_ahead(res: Result, fr: FastRound, base: FastRound, side: int) -> int:
    """All Fives: ``side``'s points less the best other side's, from the world ``base``
    to the finished round ``fr`` (what it ended with, ``res``): the round's points and
    the fives scored on the way."""
    totals = {side_of(s, fr.rules): 0 for s in range(fr.n)}
    for other, pts in res.points.items():
        totals[other] += pts
    for other in totals:
        totals[other] += fr.fives[other] - base.fives[other]
    mine = totals.pop(side)
    return mine - max(totals.values())


def tiles_left(fr: FastRound) -> int:
    """Tiles in hands and stock: what a rollout's turns have left to play."""
    return sum(h.bit_count() for h in fr.hands) + len(fr.stock)


def solvable(base: FastRound, solve_below: int, solve_drawing: int) -> bool:
    """Whether a sampled world is small enough to be played perfectly: few tiles in
    hand and nothing left to draw; or, with two players, few tiles in hands and boneyard
    together (the search then knows the sampled boneyard's order, which the table does
    not: measured, that costs less than the heuristic's mistakes; docs/strength.md: measured
    strength)."""
    held = sum(bin(h).count("1") for h in base.hands)
    drawable = base.drawable()
    if not drawable:
        return held <= solve_below
    return base.n == 2 and held + drawable <= solve_drawing


WORLD_POSITIONS = 6000  # what the exact search of one sampled world may visit


class WorldSolver:
    """The exact search of positions in one sampled world, to ``WORLD_POSITIONS`` (the
    line search, where the world fits it, to four times as many): each position's value
    for the round, and for the match where it is played for; ``searched``: the work."""

    def __init__(self, ro: Rollout, base: FastRound, line: bool = True) -> None:
        self.side, self.stakes = ro.side, ro.stakes
        self.memo: dict = {}
        self.match_memo: dict = {}
        self.left = [WORLD_POSITIONS]
        self.line = LineSolver(base, ro.side, WORLD_POSITIONS * 4) if line and LineSolver.fits(base) else None

    def value(self, fr: FastRound) -> tuple[int, float]:
        """Raises SearchTooBig past the budget."""
        rv = self.line.value(fr) if self.line else solve(fr, self.side, self.memo, self.left)
        mv = (
            solve_value(fr, self.side, self.stakes.value, self.match_memo, self.left)
            if self.stakes is not None
            else 0.0
        )
        return rv, mv

    @property
    def searched(self) -> int:
        line = WORLD_POSITIONS * 4 - self.line.budget if self.line else 0
        return WORLD_POSITIONS - self.left[0] + line


def solve_world(
    ro: Rollout, base: FastRound, moves: list[Candidate], world_seed: int
) -> tuple[list[tuple[int, float]] | None, int]:
    """Every candidate's exact value in one sampled world (the round's, and the match's
    where it is played for), or None if that is too big; and the positions searched,
    solved or not: the work this world cost.

    All candidates in a world are judged the same way (all solved, or all played
    out), so comparing them stays fair.
    """
    solver = WorldSolver(ro, base, line=all(c.tile is not None for c in moves))
    values = []
    try:
        for c in moves:
            fr = base.clone()
            apply_candidate(fr, c, ro.policy, random.Random(world_seed ^ 1))
            values.append(solver.value(fr))
    except SearchTooBig:
        values = []
    return (values or None), solver.searched

"""How the worlds search plays the line games (``advice.worlds``): a world is a fast
round (``engine``) with every hidden hand dealt from a sample and the boneyard shuffled;
it is solved exactly where it is small enough (``search``), else every candidate is
played out by the rollout policy, every seat alike.  Each outcome is the round's value
for the seat's side, the match's where one is played for (``stakes``), and in All Fives
the points scored on the way.  The counting and the soft reads are passed in as plain
callables: this module is below them."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domino_advisor.base.budgets import ADVICE_TURN_WORK
from domino_advisor.base.tiles import Tile
from domino_advisor.games.line.alphamu import fused_values
from domino_advisor.games.line.engine import FastRound, Policy, from_round, from_world
from domino_advisor.games.line.scoring import Result, round_value, side_of
from domino_advisor.games.line.search import LineSolver, SearchTooBig, solve, solve_value
from domino_advisor.games.line.stakes import Stakes
from domino_advisor.games.line.state import Round

SIDE_IDS = {"left": 0, "right": 1, "up": 2, "down": 3}
TURN_WORK = ADVICE_TURN_WORK
SOLVE_BELOW = 12  # a sampled world with this many tiles in hands or fewer is solved exactly
SOLVE_DRAWING = 20  # ... and, with two players, one with this many in hands and boneyard together
WORLD_POSITIONS = 6000  # what the exact search of one sampled world may visit
FUSE_POSITIONS = 60_000  # what one αμ search over the worlds may visit (its fronts' comparisons counted)
FUSE_WORLDS = 40  # ... over this many worlds, the first drawn (its fronts grow with them)

Sample = dict[Tile, int | None]  # where each hidden tile is: a seat, or None for the boneyard
Move = tuple[
    Tile | None, str | None
]  # a candidate: the tile and the end it joins (None: opens; no tile: draw or pass)


@dataclass(frozen=True)
class WorldOutcome:
    """One candidate in one world: the round's value for the side (``scoring.round_value``),
    the match's chance where one is played for, and in a world played out in All Fives the
    reply's points and how far ahead the side ended (None where solved)."""

    round_value: int
    match: float
    points: tuple[int, int] | None = None


@dataclass(frozen=True)
class Dealt:
    """A world as the worlds search holds it: the fast round, the weight of how likely
    the others' plays were in it (a log; None: unweighted), and its dice."""

    world: FastRound
    log_weight: float | None
    seed: int


def apply_candidate(fr: FastRound, move: Move, policy: Policy, rng: random.Random | None = None) -> None:
    """Lay the candidate in the fast round: a forced draw or pass is the turn as the rules make it."""
    tile, side = move
    if tile is None:
        fr.step(policy, rng or random.Random(0))
    elif side is None:
        fr.play(tile.index, -1)
    else:
        j = [e[0] for e in fr.ends].index(SIDE_IDS[side])
        fr.play(tile.index, j)


def true_world(r: Round, seat: int, rng: random.Random) -> FastRound:
    """Every hand as it is, the boneyard's order unknown (for the omniscient ceiling)."""
    stock = list(r.stock or [])
    rng.shuffle(stock)
    return from_round(r, [set(r.hand_of(s)) for s in range(r.match.seats)], stock, seat)


@dataclass(frozen=True)
class LineRollouts:
    """What the worlds search asks of the line games, for one seat's candidates."""

    r: Round
    seat: int
    moves: Sequence[Move]
    policy: Policy  # how every seat plays a world out
    stakes: Stakes | None  # the match played for; None: the round alone
    sample: Callable[[random.Random], Sample] | None  # the counting's draw; None: every hand seen
    weight: Callable[[Sample], float] | None = None  # soft reads: a world's log weight
    solve_below: int = SOLVE_BELOW
    solve_drawing: int = SOLVE_DRAWING
    fuse: int | None = None  # αμ: how many of your next turns are chosen alike in every world (None: off)

    @property
    def side(self) -> int:
        """The seat's side: whose chances these are."""
        return side_of(self.seat, self.r.rules)

    @property
    def all_fives(self) -> bool:
        """Points are scored during the round: worlds are played out, never solved."""
        return self.r.rules.all_fives

    def deal(self, rng: random.Random) -> Dealt:
        """One world: its dice first, then the hidden hands (``sample``), then the boneyard's order."""
        seed = rng.getrandbits(32)
        if self.sample is None:
            return Dealt(true_world(self.r, self.seat, rng), None, seed)
        world = self.sample(rng)
        lw = self.weight(world) if self.weight is not None else None
        return Dealt(from_world(self.r, self.seat, world, rng), lw, seed)

    def outcomes(self, dealt: Dealt) -> tuple[list[WorldOutcome], int]:
        """Every candidate's outcome in the world, solved where it is small enough (every
        candidate alike, so comparing them stays fair), else played out; and the work:
        positions searched, solved or not, and turns played out."""
        base, seed = dealt.world, dealt.seed
        work = 0
        if not self.all_fives and solvable(base, self.solve_below, self.solve_drawing):
            values, searched = self.solve_world(base, seed)
            work += searched
            if values is not None:
                return [WorldOutcome(rv, mv) for rv, mv in values], work
        out = []
        for move in self.moves:
            outcome, turns = self._play_out(base, move, seed)
            out.append(outcome)
            work += turns
        return out, work

    def _play_out(self, base: FastRound, move: Move, seed: int) -> tuple[WorldOutcome, int]:
        """The candidate played out in one world, every seat by the policy; the turns it took."""
        fr = base.clone()
        apply_candidate(fr, move, self.policy, random.Random(seed ^ 1))
        play_rng = random.Random(seed)
        reply = _reply(fr, self.policy, play_rng)
        res = fr.play_out([self.policy] * fr.n, play_rng)
        match = self.stakes.value(fr) if self.stakes is not None else 0.0
        points = (reply, _points_ahead(res, fr, base, self.side)) if self.all_fives else None
        outcome = WorldOutcome(round_value(res, self.side, self.r.rules), match, points)
        return outcome, TURN_WORK * (tiles_left(base) - tiles_left(fr))

    def fused(
        self, dealt: Sequence[Dealt], weights: Sequence[float]
    ) -> list[tuple[float, list[WorldOutcome]]] | None:
        """The first ``FUSE_WORLDS`` worlds, weighed again by one αμ search over them all
        (``alphamu``): each world's weight and its candidates' outcomes.  Where that applies:
        two players, the round alone, a choice of plays, nothing left to draw and every world
        small enough to solve; None where it does not (or outruns its work)."""
        if (
            self.fuse is None
            or self.stakes is not None
            or self.all_fives
            or self.r.match.seats != 2
            or len(self.moves) < 2
            or any(t is None for t, _ in self.moves)
            or not dealt
        ):
            return None
        dealt, weights = dealt[:FUSE_WORLDS], weights[:FUSE_WORLDS]
        worlds = [d.world for d in dealt]
        if any(w.drawable() or not solvable(w, self.solve_below, 0) for w in worlds):
            return None
        base = worlds[0]
        ends = [e[0] for e in base.ends]
        moves = [(t.index, -1 if side is None else ends.index(SIDE_IDS[side])) for t, side in self.moves if t]
        try:
            vectors = fused_values(worlds, weights, self.side, moves, self.fuse, [FUSE_POSITIONS])
        except SearchTooBig:
            return None
        return [(w, [WorldOutcome(v[i], 0.0) for v in vectors]) for i, w in enumerate(weights)]

    def solve_world(self, base: FastRound, seed: int) -> tuple[list[tuple[int, float]] | None, int]:
        """Every candidate's exact value in one sampled world (the round's, and the match's
        where it is played for), or None if that is too big; and the positions searched."""
        solver = WorldSolver(self.side, self.stakes, base, line=all(t is not None for t, _ in self.moves))
        values = []
        try:
            for move in self.moves:
                fr = base.clone()
                apply_candidate(fr, move, self.policy, random.Random(seed ^ 1))
                values.append(solver.value(fr))
        except SearchTooBig:
            values = []
        return (values or None), solver.searched


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


class WorldSolver:
    """The exact search of positions in one sampled world, to ``WORLD_POSITIONS`` (the
    line search, where the world fits it, to four times as many): each position's value
    for the round, and for the match where it is played for; ``searched``: the work."""

    def __init__(self, side: int, stakes: Stakes | None, base: FastRound, line: bool = True) -> None:
        self.side, self.stakes = side, stakes
        self.memo: dict = {}
        self.match_memo: dict = {}
        self.left = [WORLD_POSITIONS]
        self.line = LineSolver(base, side, WORLD_POSITIONS * 4) if line and LineSolver.fits(base) else None

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

"""Search over what you know, not over each sampled world alone (information-set Monte
Carlo tree search, the single-observer kind: Cowling, Powley and Whitehouse 2012).

Playing every sampled world out as if its hands were seen (the worlds search) lets each
world's later moves use what the table would not know; a move that only works because
the searcher "knows" the hand in that world looks better than it is (strategy fusion).
Here one tree is grown over the moves of the round from your seat's view: each pass down
it takes a world sampled from the counting, follows only the moves legal in that world,
and picks among them by their record over every world so far.  A node is a sequence of
moves as the table sees them (a draw is one move whatever was drawn), so a choice at your
later turns is one choice for every world that looks the same to you.  Below the tree the
world is played out by the rollout policy, which reads only the table.

A pass costs what its turns played out cost (budgets), so work decides the answer; the
same seed gives the same tree on any machine.  The line games' own search, on their fast
engine (their judging part's ``search_tree``): the advice says how many passes it may
make (``allows``) and counts each pass's outcome under its candidate (``record``).
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domino_advisor.base.tiles import Tile
from domino_advisor.games.line.engine import FastRound, Policy, from_world
from domino_advisor.games.line.rollout import (
    SIDE_IDS,
    TURN_WORK,
    LineRollouts,
    WorldSolver,
    solvable,
    tiles_left,
)
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.scoring import DRAW, WIN, round_value, side_of
from domino_advisor.games.line.search import SearchTooBig
from domino_advisor.games.line.stakes import Stakes

EXPLORE = 0.7  # the exploration constant (rewards are chances, 0 to 1); chosen on pilot seeds
PASS = (-1, -1)  # the table sees a pass
DRAW_ONE = (-2, -2)  # ... and a draw, whatever was drawn
POOL = 256  # worlds weighed by the soft reads are drawn from this many, by weight


class Node:
    """A sequence of moves as the table sees them; ``reward``: the total, over the passes
    through it, of the chance of the seat that made its last move."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[int, int], Node] = {}
        self.visits = 0
        self.available = 0  # the passes in which its move was legal (its parent was reached)
        self.reward = 0.0


class PassEnd:
    """How one pass ended, for every seat: the round's value (0, a half, 1) for its side,
    and your side's match chance where the match is played for."""

    __slots__ = ("match", "round_for_me", "seats")

    def __init__(self, seats: list[float], round_for_me: int, match: float) -> None:
        self.seats, self.round_for_me, self.match = seats, round_for_me, match


@dataclass(frozen=True)
class Setting:
    """What one tree search holds fixed.  ``world(rng)``: a sampled world as a fast
    round, the seat to move; ``root_moves``: the candidates as (tile, end); ``judge(fr)``:
    the PassEnd of a finished round; ``leaf(fr)``: where a pass leaves the tree, the
    world's (PassEnd, work) found another way than playing it out (solved), or None."""

    world: Callable[[random.Random], FastRound]
    root_moves: Sequence[tuple[int, int]]
    policy: Policy  # how a world is played out below the tree
    judge: Callable[[FastRound], PassEnd]
    leaf: Callable[[FastRound], tuple[PassEnd, int] | None] | None = None
    explore: float = EXPLORE


Allows = Callable[[int, int], bool]  # (passes, work) -> whether another pass is made
Record = Callable[[int, int, float], None]  # (candidate, round value for the seat, match chance)


def search(setting: Setting, record: Record, rng: random.Random, allows: Allows) -> tuple[int, int]:
    """Grow the tree from the seat's turn and ``record`` every pass under the root move it
    went through (its index in ``setting.root_moves``).  Returns the passes made and the
    work done."""
    root = Node()
    index = {m: i for i, m in enumerate(setting.root_moves)}
    passes = work = 0
    while allows(passes, work):
        fr = setting.world(rng)
        play_rng = random.Random(rng.getrandbits(32))
        path: list[tuple[Node, int]] = []
        node = root
        first: tuple[int, int] | None = None
        turns = 0
        expanded = False
        while not fr.over and not expanded:
            mover = fr.turn
            legal = fr.moves(mover)
            if legal:
                actions = legal
            elif fr.drawable():
                actions = [DRAW_ONE]
            else:
                actions = [PASS]
            if node is root:
                actions = [m for m in actions if m in index]
            move, expanded = _select(node, actions, setting.explore, play_rng)
            child = node.children.get(move)
            if child is None:
                child = node.children[move] = Node()
            path.append((child, mover))
            if first is None:
                first = move
            _do(fr, move)
            turns += 1
            node = child
        found = setting.leaf(fr) if setting.leaf is not None and not fr.over else None
        if found is not None:
            outcome, searched = found
            work += searched
        else:
            start = tiles_left(fr)
            if not fr.over:
                fr.play_out([setting.policy] * fr.n, play_rng)
            outcome = setting.judge(fr)
            turns += start - tiles_left(fr)
        for n, mover in path:
            n.visits += 1
            n.reward += outcome.seats[mover]
        if first is not None:
            record(index[first], outcome.round_for_me, outcome.match)
        passes += 1
        work += TURN_WORK * max(turns, 1)
    return passes, work


def _select(
    node: Node, actions: Sequence[tuple[int, int]], explore: float, rng: random.Random
) -> tuple[tuple[int, int], bool]:
    """The move to follow and whether it is new to the tree: a move never tried here first
    (at random among them), else the best by its record and how seldom it was tried."""
    fresh = [m for m in actions if m not in node.children]
    for m in actions:
        child = node.children.get(m)
        if child is not None:
            child.available += 1
    if fresh:
        return fresh[rng.randrange(len(fresh))], True
    best, best_score = actions[0], -math.inf
    for m in actions:
        child = node.children[m]
        score = child.reward / child.visits + explore * math.sqrt(math.log(child.available) / child.visits)
        if score > best_score:
            best, best_score = m, score
    return best, False


def _do(fr: FastRound, move: tuple[int, int]) -> None:
    if move == DRAW_ONE:
        fr.draw()
    elif move == PASS:
        fr.pass_()
    else:
        fr.play(*move)


def outcome_judge(rules: Rules, seat: int, stakes: Stakes | None) -> Callable[[FastRound], PassEnd]:
    """How a finished fast round is judged: each seat by its side's round (what the
    others are taken to play for), your own seat by the match where one is played."""

    mine = side_of(seat, rules)

    def judge(fr: FastRound) -> PassEnd:
        res = fr.result()
        seats = []
        for s in range(fr.n):
            v = round_value(res, side_of(s, rules), rules)
            seats.append(1.0 if v == WIN else 0.5 if v == DRAW else 0.0)
        match = stakes.value(fr) if stakes is not None else 0.0
        if stakes is not None:
            for s in range(fr.n):
                if side_of(s, rules) == mine:
                    seats[s] = match
        return PassEnd(seats, round_value(res, mine, rules), match)

    return judge


def search_tree(ask: LineRollouts, rng: random.Random, explore: float, allows: Allows, record: Record) -> int:
    """The candidates (``ask.moves``) searched by one tree over the seat's information;
    worlds weighed by the soft reads are drawn by weight from a pool sampled first.
    Returns the work done."""
    sample = ask.sample
    assert sample is not None  # the tree searches what the seat knows, never every hand seen
    pool: list[dict[Tile, int | None]] = []
    cumulative: list[float] = []
    if ask.weight is not None:
        logs = []
        for _ in range(POOL):
            world = sample(rng)
            pool.append(world)
            logs.append(ask.weight(world))
        top = max(logs)
        total = 0.0
        for lw in logs:
            total += math.exp(lw - top)
            cumulative.append(total)

    def base_of(g: random.Random) -> FastRound:
        if pool:
            world = pool[bisect.bisect_left(cumulative, g.random() * cumulative[-1])]
        else:
            world = sample(g)
        return from_world(ask.r, ask.seat, world, g)

    probe = from_world(ask.r, ask.seat, sample(random.Random(0)), random.Random(0))
    root_moves = []
    for tile, side in ask.moves:
        assert tile is not None  # the tree searches plays
        if side is None:
            root_moves.append((tile.index, -1))
        else:
            root_moves.append((tile.index, [e[0] for e in probe.ends].index(SIDE_IDS[side])))
    judge = outcome_judge(ask.r.rules, ask.seat, ask.stakes)
    setting = Setting(base_of, root_moves, ask.policy, judge, _leaf_solver(ask), explore)
    _, work = search(setting, record, rng, allows)
    return work


def _leaf_solver(ask: LineRollouts) -> Callable[[FastRound], tuple[PassEnd, int] | None]:
    """Where the tree's pass leaves it in a world small enough, the world solved (as the
    worlds search solves it): the tree above has chosen on what the seat knows."""
    rules = ask.r.rules
    side = side_of(ask.seat, rules)

    def leaf(fr: FastRound) -> tuple[PassEnd, int] | None:
        if not solvable(fr, ask.solve_below, ask.solve_drawing):
            return None
        solver = WorldSolver(side, ask.stakes, fr)
        try:
            rv, mv = solver.value(fr)
        except SearchTooBig:
            return None
        mine = mv if ask.stakes is not None else rv / 2
        seats = [mine if side_of(s, rules) == side else 1.0 - rv / 2 for s in range(fr.n)]
        return PassEnd(seats, rv, mv), max(1, solver.searched)

    return leaf

"""Exact search where nothing is left to chance.

With every hand known and the boneyard's order fixed (one sampled world, or two
players with nothing to draw), the rest of the round is a finite game of perfect
information, solved by minimax with alpha-beta and memory.  Values: 2 the side
wins the round, 1 a drawn (tied) round, 0 it loses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from domino_advisor.games.line.engine import FastRound, bits
from domino_advisor.games.line.scoring import LOSS, WIN, round_value, score_blocked, side_of


class SearchTooBig(Exception):
    """The search would take longer than it is allowed to."""


def _key(fr: FastRound) -> tuple:
    return (tuple(fr.hands), len(fr.stock), fr.ends, fr.turn, fr.passes, fr.sides, fr.armed)


def solve(fr: FastRound, side: int, memo: dict | None = None, budget: list[int] | None = None) -> int:
    """The value of the position for ``side`` under best play by everyone.

    Draws come off the (known) stock in order.  ``budget`` is a one-item list of
    nodes still allowed; running out raises ``SearchTooBig``.
    """
    memo = {} if memo is None else memo
    return _solve(fr, side, memo, budget if budget is not None else [10**9], 0, 2)


def _solve(fr: FastRound, side: int, memo: dict, budget: list[int], alpha: int, beta: int) -> int:
    if fr.over:
        return _terminal(fr, side)
    key = _key(fr)
    hit = memo.get(key)
    if hit is not None:
        return hit
    budget[0] -= 1
    if budget[0] < 0:
        raise SearchTooBig
    seat = fr.turn
    moves = fr.moves(seat)
    if not moves:
        child = fr.clone()
        if child.drawable():
            child.draw()
        else:
            child.pass_()
        value = _solve(child, side, memo, budget, alpha, beta)
        memo[key] = value
        return value
    mine = side_of(seat, fr.rules) == side
    value = -1 if mine else 3
    a, b = alpha, beta
    exact = True
    for t, j in moves:
        child = fr.clone()
        child.play(t, j)
        v = _solve(child, side, memo, budget, a, b)
        if mine:
            value = max(value, v)
            a = max(a, value)
        else:
            value = min(value, v)
            b = min(b, value)
        if a >= b:
            exact = value in (LOSS, WIN)  # a cut-off value is a bound, exact only at the extremes
            break
    if exact:
        memo[key] = value
    return value


def solve_value(
    fr: FastRound,
    side: int,
    leaf: Callable[[FastRound], float],
    memo: dict | None = None,
    budget: list[int] | None = None,
) -> float:
    """``solve`` with finished rounds judged by ``leaf`` (a number from 0 to 1 for
    ``side``, such as the chance of winning the match from the score reached) instead of
    won, drawn or lost.  Your side's turns take the most, the others' the least."""
    memo = {} if memo is None else memo
    return _ValueSearch(side, leaf, memo, budget if budget is not None else [10**9]).value(fr, 0.0, 1.0)


EXACT, LOWER, UPPER = 0, 1, 2  # what a remembered value is: the value, or a bound on it


@dataclass(frozen=True, slots=True)
class _ValueSearch:
    """``solve_value``'s search: what stays the same down the tree."""

    side: int
    leaf: Callable[[FastRound], float]  # a finished round's value for ``side``
    memo: dict  # position -> (value, EXACT, LOWER or UPPER)
    budget: list[int]  # positions still allowed (one item, shared with the caller)

    def value(self, fr: FastRound, alpha: float, beta: float) -> float:
        if fr.over:
            return self.leaf(fr)
        key = (*_key(fr), tuple(fr.fives))
        hit = self.memo.get(key)
        if hit is not None:
            value, kind = hit
            if kind == EXACT or (kind == LOWER and value >= beta) or (kind == UPPER and value <= alpha):
                return value
        self.budget[0] -= 1
        if self.budget[0] < 0:
            raise SearchTooBig
        moves = fr.moves(fr.turn)
        if not moves:
            child = fr.clone()
            if child.drawable():
                child.draw()
            else:
                child.pass_()
            return self.value(child, alpha, beta)
        mine = side_of(fr.turn, fr.rules) == self.side
        value = -1.0 if mine else 2.0
        a, b = alpha, beta
        for t, j in moves:
            child = fr.clone()
            child.play(t, j)
            v = self.value(child, a, b)
            if mine:
                value = max(value, v)
                a = max(a, value)
            else:
                value = min(value, v)
                b = min(b, value)
            if a >= b:
                break
        kind = UPPER if value <= alpha else LOWER if value >= beta else EXACT
        self.memo[key] = (value, kind)
        return value


class LineSolver:
    """The same search, lean, for a single line of play (no spinner) judged by who wins.

    Only the two end numbers matter then, so a position is a handful of small ints:
    the hands, the ends (in either order), how far into the stock, whose turn, and
    how many have passed in a row.  About ten times faster than ``solve``.
    """

    def __init__(self, fr: FastRound, side: int, budget: int = 10**9) -> None:
        self.rules = fr.rules
        self.n = fr.n
        self.hi, self.lo, self.pips, self.nm = fr.T[0], fr.T[1], fr.T[2], fr.T[3]
        self.stock = tuple(fr.stock)
        self.drawable = len(fr.stock) - fr.reserve if fr.draws else 0
        self.side = side
        self.sides = [side_of(s, fr.rules) for s in range(fr.n)]
        self.memo: dict = {}
        self.budget = budget
        self.order: dict[int, list[int]] = {}  # tiles heaviest first, for quick cut-offs

    @staticmethod
    def fits(fr: FastRound) -> bool:
        return fr.spinner < 0 and not fr.spinning and fr.center >= 0 and len(fr.ends) == 2

    def value(self, fr: FastRound) -> int:
        if fr.over:
            return _terminal(fr, self.side)
        a, b = fr.ends[0][1], fr.ends[1][1]
        drawn = 0
        return self._v(tuple(fr.hands), min(a, b), max(a, b), drawn, fr.turn, fr.passes)

    def _end(self, hands: tuple[int, ...]) -> int:
        """A blocked round, scored as the rules score it."""
        result = score_blocked([self._pips(h) for h in hands], self.rules)
        return round_value(result, self.side, self.rules)

    def _pips(self, h: int) -> int:
        p = self.pips
        total = 0
        while h:
            low = h & -h
            total += p[low.bit_length() - 1]
            h ^= low
        return total

    def _v(self, hands: tuple[int, ...], a: int, b: int, drawn: int, turn: int, passes: int) -> int:
        key = (hands, a, b, drawn, turn, passes)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.budget -= 1
        if self.budget < 0:
            raise SearchTooBig
        nm, hi, lo = self.nm, self.hi, self.lo
        hand = hands[turn]
        playable = hand & (nm[a] | nm[b])
        nxt = (turn + 1) % self.n
        if not playable:
            if drawn < self.drawable:  # draw one and look again
                t = self.stock[drawn]
                new = list(hands)
                new[turn] = hand | (1 << t)
                value = self._v(tuple(new), a, b, drawn + 1, turn, passes)
            elif passes + 1 >= self.n:
                value = self._end(hands)
            else:
                value = self._v(hands, a, b, drawn, nxt, passes + 1)
            self.memo[key] = value
            return value
        mine = self.sides[turn] == self.side
        best = -1 if mine else 3
        order = self.order.get(playable)
        if order is None:
            order = sorted(bits(playable), key=lambda t: -self.pips[t])
            self.order[playable] = order
        for t in order:
            rest = hand & ~(1 << t)
            h, low = hi[t], lo[t]
            options = []
            if h == a or low == a:
                options.append((low if h == a else h, b))
            if (h == b or low == b) and a != b:
                options.append((a, low if h == b else h))
            for x, y in options:
                if not rest:  # out: the side that plays its last tile wins the round
                    v = WIN if self.sides[turn] == self.side else LOSS
                else:
                    new = list(hands)
                    new[turn] = rest
                    v = self._v(tuple(new), min(x, y), max(x, y), drawn, nxt, 0)
                if mine:
                    if v > best:
                        best = v
                        if best == WIN:
                            self.memo[key] = WIN
                            return WIN
                else:
                    if v < best:
                        best = v
                        if best == LOSS:
                            self.memo[key] = LOSS
                            return LOSS
        self.memo[key] = best
        return best


def _terminal(fr: FastRound, side: int) -> int:
    return round_value(fr.result(), side, fr.rules)

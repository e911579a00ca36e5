"""Exact search where nothing is left to chance.

With every hand known and the boneyard's order fixed (one sampled world, or two
players with nothing to draw), the rest of the round is a finite game of perfect
information, solved by minimax with alpha-beta and memory.  Values: 2 the side
wins the round, 1 a drawn (tied) round, 0 it loses.
"""

from __future__ import annotations

from .engine import FastRound
from .scoring import side_of


class TooBig(Exception):
    """The search would take longer than it is allowed to."""


def _key(fr: FastRound) -> tuple:
    return (tuple(fr.hands), len(fr.stock), fr.ends, fr.turn, fr.passes, fr.sides, fr.armed)


def solve(fr: FastRound, side: int, memo: dict | None = None, budget: list[int] | None = None) -> int:
    """The value of the position for ``side`` under best play by everyone.

    Draws come off the (known) stock in order.  ``budget`` is a one-item list of
    nodes still allowed; running out raises ``TooBig``.
    """
    memo = {} if memo is None else memo
    return _solve(fr, side, memo, budget if budget is not None else [10**9], 0, 2)


def _solve(fr: FastRound, side: int, memo: dict, budget: list[int], alpha: int, beta: int) -> int:
    if fr.over:
        res = fr.result()
        if res.winner is None:
            return 1
        return 2 if side_of(res.winner, fr.rules) == side else 0
    key = _key(fr)
    hit = memo.get(key)
    if hit is not None:
        return hit
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
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
            exact = value in (0, 2)  # a cut-off value is a bound, exact only at the extremes
            break
    if exact:
        memo[key] = value
    return value

"""Exact search for rounds with nothing hidden and nothing to draw.

Two players with an empty boneyard know each other's hands: the round is a finite
game of perfect information, solved here by minimax with memory.  Values: 2 the
side wins, 1 a drawn (tied) round, 0 it loses.
"""

from __future__ import annotations

from .engine import FastRound
from .scoring import side_of


def _key(fr: FastRound) -> tuple:
    return (tuple(fr.hands), fr.ends, fr.turn, fr.passes, fr.spinner, fr.sides, fr.armed)


def solve(fr: FastRound, side: int, memo: dict | None = None) -> int:
    """The value of the position for ``side`` under best play by everyone."""
    memo = {} if memo is None else memo
    if fr.over:
        res = fr.result()
        if res.winner is None:
            return 1
        return 2 if side_of(res.winner, fr.rules) == side else 0
    key = _key(fr)
    if key in memo:
        return memo[key]
    mover = side_of(fr.turn, fr.rules) == side
    moves = fr.moves(fr.turn)
    if not moves:
        if fr.drawable():
            raise ValueError("exact search needs an empty (or reserved) boneyard")
        child = fr.clone()
        child.pass_()
        value = solve(child, side, memo)
    else:
        value = -1 if mover else 3
        for t, j in moves:
            child = fr.clone()
            child.play(t, j)
            v = solve(child, side, memo)
            if mover:
                value = max(value, v)
                if value == 2:
                    break
            else:
                value = min(value, v)
                if value == 0:
                    break
    memo[key] = value
    return value

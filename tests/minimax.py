"""Exhaustive search on the reference engine alone: the independent truth the fast
searches (solve, LineSolver) and the advisor's exact answers are held to."""

from __future__ import annotations

from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.scoring import round_value, side_of


def value(match: Match, side: int, memo: dict | None = None) -> int:
    """The round's value for ``side`` under best play by all: 2 won, 1 drawn, 0 lost."""
    memo = {} if memo is None else memo
    r = match.playing
    if r.over:
        result = r.result()
        assert result is not None
        return round_value(result, side, r.rules)
    key = (tuple(frozenset(h or ()) for h in r.hands), r.layout, r.turn, r.passes, r.boneyard)
    if key in memo:
        return memo[key]
    moves = legal_moves(r)
    mover = r.turn if r.turn is not None else match.seat(moves[0].player)  # or the opener
    values = []
    for move in moves:
        child = match.copy()
        child.apply(move)
        values.append(value(child, side, memo))
    best = max(values) if side_of(mover, r.rules) == side else min(values)
    memo[key] = best
    return best

"""Less strategy fusion where the worlds are solved exactly: αμ search (Cazenave and
Ventos, "The αμ Search Algorithm for the Game of Bridge", 2020), for two players with
nothing left to draw.

Solving each sampled world on its own lets your later moves differ from world to world,
as if you saw the hidden hand (strategy fusion).  αμ searches every world at once: at
your turns one move is chosen for all the worlds alike, at the opponent's each world
follows the moves its hand allows; your next ``m`` turns are chosen this way and below
them each world is solved on its own, as before.  A node's value is a Pareto front: the
vectors of per-world outcomes your strategies from there can reach (a vector another is
at least as good as everywhere is dropped).  At the root each candidate takes the vector
of its front with the best weighted mean over the worlds.

Work is counted as the exact search counts it (positions visited, the worlds' solves
included) and capped; past the cap the caller keeps the worlds' own solves.
"""

from __future__ import annotations

from collections.abc import Sequence

from domino_advisor.games.line.engine import FastRound
from domino_advisor.games.line.scoring import WIN, round_value, side_of
from domino_advisor.games.line.search import SearchTooBig, solve

UNSET = WIN + 1  # a world no move of the opponent's has reached yet, at their turn
OUT = -1  # a world not in this node's set (the same in every vector of the node)

Vector = tuple[int, ...]


def reduced(front: list[Vector]) -> list[Vector]:
    """The front without repeats or vectors another is at least as good as everywhere."""
    keep: list[Vector] = []
    for v in sorted(set(front), key=sum, reverse=True):
        if not any(all(a >= b for a, b in zip(u, v, strict=True)) for u in keep):
            keep.append(v)
    return keep


class Fused:
    """One αμ search over a fixed set of worlds (the same public position, each hand as
    its world deals it); ``left``: positions still allowed, shared with the worlds' solves."""

    def __init__(self, side: int, n: int, left: list[int], memos: list[dict] | None = None) -> None:
        self.side, self.n, self.left = side, n, left
        self.memos = memos if memos is not None else [{} for _ in range(n)]

    def _charge(self, vectors: int) -> None:
        """The fronts' own work: a position's worth for each pair of vectors compared."""
        self.left[0] -= vectors
        if self.left[0] < 0:
            raise SearchTooBig

    def _leaf(self, states: dict[int, FastRound]) -> list[Vector]:
        v = [OUT] * self.n
        for w, fr in states.items():
            v[w] = self._value(w, fr)
        return [tuple(v)]

    def _value(self, w: int, fr: FastRound) -> int:
        if fr.over:
            return round_value(fr.result(), self.side, fr.rules)
        return solve(fr, self.side, self.memos[w], self.left)

    def front(self, states: dict[int, FastRound], m: int) -> list[Vector]:
        """The Pareto front of the position, every world in ``states`` at it, with your
        next ``m`` turns chosen alike in all of them."""
        any_state = next(iter(states.values()))
        if any_state.over or m <= 0:
            return self._leaf(states)  # below your last joint choice each world is solved on its own
        self.left[0] -= 1
        if self.left[0] < 0:
            raise SearchTooBig
        seat = any_state.turn
        if side_of(seat, any_state.rules) == self.side:
            return self._mine(states, seat, m)
        return self._theirs(states, seat, m)

    def _mine(self, states: dict[int, FastRound], seat: int, m: int) -> list[Vector]:
        moves = next(iter(states.values())).moves(seat)  # your hand is the same in every world
        if not moves:
            return self.front(_each(states, None), m)  # a pass: no choice
        out: list[Vector] = []
        for move in moves:
            out.extend(self.front(_each(states, move), m - 1))
        self._charge(len(out) ** 2)
        return reduced(out)

    def _theirs(self, states: dict[int, FastRound], seat: int, m: int) -> list[Vector]:
        by_move: dict[tuple[int, int] | None, dict[int, FastRound]] = {}
        for w, fr in states.items():
            moves: list[tuple[int, int] | None] = [*fr.moves(seat)] or [None]  # None: they pass
            for move in moves:
                by_move.setdefault(move, {})[w] = fr
        front: list[Vector] = [tuple(UNSET if w in states else OUT for w in range(self.n))]
        for move, worlds in by_move.items():
            child = self.front(_each(worlds, move), m)
            self._charge((len(front) * len(child)) ** 2)
            front = reduced(
                [
                    tuple(min(a, b) if w in worlds else a for w, (a, b) in enumerate(zip(u, v, strict=True)))
                    for u in front
                    for v in child
                ]
            )
        return front


def _each(states: dict[int, FastRound], move: tuple[int, int] | None) -> dict[int, FastRound]:
    """Every world after the move (None: a pass)."""
    out = {}
    for w, fr in states.items():
        c = fr.clone()
        if move is None:
            c.pass_()
        else:
            c.play(*move)
        out[w] = c
    return out


def fused_values(
    worlds: Sequence[FastRound],
    weights: Sequence[float],
    side: int,
    candidates: Sequence[tuple[int, int] | None],
    m: int,
    left: list[int],
) -> list[Vector]:
    """Each candidate's outcome in every world (won 2, drawn 1, lost 0) under the best
    strategy that chooses your next ``m`` turns after it alike in every world; the worlds
    are at the candidate's turn, one public position.  Raises SearchTooBig past ``left``."""
    search = Fused(side, len(worlds), left)
    states = dict(enumerate(worlds))
    out = []
    for move in candidates:
        front = search.front(_each(states, move), m)
        out.append(max(front, key=lambda v: sum(w * x for w, x in zip(weights, v, strict=True))))
    return out

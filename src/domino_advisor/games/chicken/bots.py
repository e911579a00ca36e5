"""Chicken Foot players for simulation, each choosing among the legal moves with only
its own hand known to it.

- ``random``: any legal move.
- ``heavy``: the heaviest tile it can play.
- ``heuristic``: sheds pips, but lays a double first when it holds another tile of
  that number (it can then lay a toe on its own double while others may have to draw),
  and among the rest prefers a tile that leaves an end it can follow (it keeps its
  options open).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from domino_advisor.games.chicken.state import ChickenRound
from domino_advisor.games.events import Play
from domino_advisor.games.hub.match import Move, random_policy


def heavy_policy(r: ChickenRound, moves: list[Move], rng: random.Random) -> Move:
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:
        return moves[0]
    return max(plays, key=lambda m: (m.tile.pips, m.tile.high))


def heuristic_policy(r: ChickenRound, moves: list[Move], rng: random.Random) -> Move:
    plays = [m for m in moves if isinstance(m, Play)]
    if len(plays) <= 1:
        return plays[0] if plays else moves[0]
    hand = r.hands[r.turn] or set()
    numbers = {r.place_name(p): n for p, n in r.open_ends(r.turn)}  # each place's number, named once
    return max(plays, key=lambda m: (worth(r, hand, m, numbers), m.tile.high, str(m.on)))


def worth(r: ChickenRound, hand: set, m: Play, numbers: dict[str, int] | None = None) -> int:
    """Pips shed, and what the play leaves you: a double you can toe yourself, an end you
    can follow.  ``numbers``: each open place's number by its name (read from the table
    when not given)."""
    t = m.tile
    if t.is_double:
        toes = any(x.bears(t.high) for x in hand if x != t)
        return t.pips + (12 if toes else 4)
    number = numbers.get(str(m.on)) if numbers is not None else None
    if number is None:
        number = r.number_at(r.where_to(r.turn, t, m.on))
    end = t.other(number)
    follow = sum(1 for x in hand if x != t and x.bears(end))
    return t.pips + 2 * min(follow, 2)


POLICIES: dict[str, Callable] = {
    "random": random_policy,
    "heavy": heavy_policy,
    "heuristic": heuristic_policy,
}

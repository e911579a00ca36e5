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

from collections.abc import Callable

from domino_advisor.base.tiles import Tile
from domino_advisor.games.chicken.state import ChickenRound
from domino_advisor.games.hub.match import as_policy, random_policy

Place = int | Tile  # a line's number, or the double taking toes


def heavy_choice(r: ChickenRound, plays: list[tuple[Tile, Place]]) -> tuple[Tile, Place]:
    """The heaviest tile."""
    return max(plays, key=lambda p: (p[0].pips, p[0].high))


def heuristic_choice(r: ChickenRound, plays: list[tuple[Tile, Place]]) -> tuple[Tile, Place]:
    """The heuristic's play among the legal ones (what the rollouts play): the most
    ``worth``, then the higher tile, then the place whose name sorts last."""
    if len(plays) == 1:
        return plays[0]
    bearing = numbers_held(r.hands[r.turn] or set(), r.rules.top)
    scored = [((worth(r, bearing, tile, place), tile.high), tile, place) for tile, place in plays]
    best = max(score for score, _, _ in scored)
    tied = [(tile, place) for score, tile, place in scored if score == best]
    if len(tied) == 1:
        return tied[0]
    return max(tied, key=lambda p: r.place_name(p[1]))  # the first of equal names, as max keeps it


def numbers_held(hand: set[Tile], top: int) -> list[int]:
    """How many tiles of the hand bear each number (a double once)."""
    bearing = [0] * (top + 1)
    for x in hand:
        bearing[x.high] += 1
        if x.low != x.high:
            bearing[x.low] += 1
    return bearing


def worth(r: ChickenRound, bearing: list[int], t: Tile, place: Place) -> int:
    """Pips shed, and what the play leaves you: a double you can toe yourself, an end you
    can follow.  ``bearing``: how many tiles of your hand (``t`` among them) bear each number."""
    if t.is_double:
        toes = bearing[t.high] > 1  # another tile of its number
        return t.pips + (12 if toes else 4)
    end = t.other(r.number_at(place))
    follow = bearing[end] - 1  # the tiles that can follow it, itself apart
    return t.pips + 2 * min(follow, 2)


heavy_policy = as_policy(heavy_choice)
heuristic_policy = as_policy(heuristic_choice)


POLICIES: dict[str, Callable] = {
    "random": random_policy,
    "heavy": heavy_policy,
    "heuristic": heuristic_policy,
}

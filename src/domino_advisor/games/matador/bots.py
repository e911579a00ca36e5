"""Matador players for simulation and for the rollouts, each choosing among the plays open
to one seat with only its own hand and the table known.

- ``heuristic``: keeps its matadors for when nothing else fits (or to go out), and
  otherwise lays its heaviest tile, a play that leaves a blank end (which only a matador
  takes) first among equals: the rollouts' player, and the advice's plan.
- ``heavy``: the heaviest tile that fits, matador or not.
- ``random``: any move open to the seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domino_advisor.base.tiles import Tile
from domino_advisor.games.hub.match import as_policy, random_policy
from domino_advisor.games.matador.layout import is_matador, shows

Place = int | None
Choice = Callable[[Any, list[tuple[Tile, Place]]], tuple[Tile, Place]]


def heavy_choice(r: Any, plays: list[tuple[Tile, Place]]) -> tuple[Tile, Place]:
    """The heaviest tile (then the higher number), on the first end offered."""
    return max(plays, key=lambda p: (p[0].pips, p[0].high))


def heuristic_choice(r: Any, plays: list[tuple[Tile, Place]]) -> tuple[Tile, Place]:
    """A matador kept unless nothing else fits or it is the last tile; else the heaviest
    tile, leaving a blank end where it can."""
    plain = [p for p in plays if not is_matador(p[0])]
    pool = plain or plays

    def key(p: tuple[Tile, Place]) -> tuple[int, bool, int]:
        tile, on = p
        blank = on is not None and shows(tile, on) == 0
        return (tile.pips, blank, tile.high)

    return max(pool, key=key)


def random_choice(seed: int) -> Choice:
    """Any play, by its own dice."""
    rng = random.Random(seed)

    def choose(r: Any, plays: list[tuple[Tile, Place]]) -> tuple[Tile, Place]:
        return plays[rng.randrange(len(plays))]

    return choose


# the players ``simulate`` and lessons seat: each a whole move among the seat's (``hub.match.Policy``)
POLICIES: dict[str, Callable[..., Any]] = {
    "heuristic": as_policy(heuristic_choice),
    "heavy": as_policy(heavy_choice),
    "random": random_policy,
}

"""Tiddly-wink players for simulation and for the rollouts, each choosing among the plays
open to one seat with only its own hand known.

- ``heavy``: the heaviest tile that fits (the rollouts' player, and the advice's first
  guess: at a race, shed the most pips while you can).
- ``random``: any move open to the seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domino_advisor.base.tiles import Tile
from domino_advisor.games.hub.match import as_policy, random_policy

Place = int | str | None
Choice = Callable[[Any, list[tuple[Tile, Place]]], tuple[Tile, Place]]


def heavy_choice(r: Any, plays: list[tuple[Tile, Place]]) -> tuple[Tile, Place]:
    """The heaviest tile (then the higher number), on the first end offered."""
    return max(plays, key=lambda p: (p[0].pips, p[0].high))


def random_choice(seed: int) -> Choice:
    """Any play, by its own dice."""
    rng = random.Random(seed)

    def choose(r: Any, plays: list[tuple[Tile, Place]]) -> tuple[Tile, Place]:
        return plays[rng.randrange(len(plays))]

    return choose


# the players ``simulate`` and lessons seat: each a whole move among the seat's (``hub.match.Policy``)
POLICIES: dict[str, Callable] = {
    "heavy": as_policy(heavy_choice),
    "heuristic": as_policy(heavy_choice),
    "random": random_policy,
}

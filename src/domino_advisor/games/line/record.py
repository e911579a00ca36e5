"""A public move of a line-game round as the counting reads it: who, what, and the open
ends it was made against."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domino_advisor.base.tiles import Tile


@dataclass(frozen=True)
class Acted:
    """A public move with the open ends it was made against: the evidence inference reads."""

    seat: int
    kind: Literal["play", "draw", "pass"]
    tile: Tile | None = None
    count: int = 0
    tiles: tuple[Tile, ...] | None = None  # drawn tiles, when the drawer's hand is known
    ends: tuple[int, ...] = ()
    line: int | None = None
    side: str | None = None  # the end a play joined (None for the opening)
    met: int | None = None  # the number showing on that end

    @property
    def showing(self) -> int | None:
        """The number a play left showing where it was laid (the opening: its higher
        half); None for a draw or a pass."""
        if self.kind != "play" or self.tile is None:
            return None
        return self.tile.high if self.met is None else self.tile.other(self.met)

"""What the table saw of a Matador round's moves: plain values the counting reads (a seat's
log keeps them as it is applied)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domino_advisor.base.tiles import Tile
from domino_advisor.games.matador.layout import shows

Kind = Literal["play", "draw", "pass"]


@dataclass(frozen=True)
class MatadorActed:
    """A public move and the open ends it met: what the counting reads."""

    seat: int
    kind: Kind
    tile: Tile | None = None  # the tile played; or drawn, where the drawer's hand is known
    on: int | None = None  # the end a play was laid on, by the number it showed (None: the opening)
    ends: tuple[int, ...] = ()  # the open ends' numbers when the move was made
    line: int | None = None

    @property
    def showing(self) -> int | None:
        """The number a play left showing where it was laid (the opening: its higher
        half); None for a draw or a pass."""
        if self.kind != "play" or self.tile is None:
            return None
        return self.tile.high if self.on is None else shows(self.tile, self.on)

    @property
    def count(self) -> int:
        """Tiles drawn: one a draw, as every game's history says it."""
        return 1 if self.kind == "draw" else 0

    @property
    def tiles(self) -> tuple[Tile, ...] | None:
        """The tile drawn, where the drawer's hand is known."""
        return (self.tile,) if self.kind == "draw" and self.tile is not None else None

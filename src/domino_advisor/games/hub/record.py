"""What the table saw of a round played off a middle double: plain values the counting
reads (the round keeps them as it is applied)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domino_advisor.base.tiles import Tile


@dataclass(frozen=True)
class HubActed:
    """A public move, with the numbers the player could have played on then: what a
    draw that led to no play says they lack."""

    seat: int
    kind: str  # play, draw or pass
    tile: Tile | None = None
    train: Any = None  # where the play went, as the round names it (a seat, mexican, head, toe2)
    ends: tuple[int, ...] = ()
    count: int = 0  # tiles drawn (one, in these games)
    line: int | None = None  # the log's line, where there is a log
    tiles: tuple[Tile, ...] | None = None  # the tile drawn, when its drawer's hand is known
    met: int | None = None  # the number a play was laid against (its train's or line's end)

    @property
    def showing(self) -> int | None:
        """The number a play left showing where it was laid; None for a draw or a pass."""
        if self.kind != "play" or self.tile is None or self.met is None:
            return None
        return self.tile.other(self.met)

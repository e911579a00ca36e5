"""What the table saw of a Tiddly-wink round, and what each move proves: plain values the
counting reads (a seat's log keeps them as it is applied)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from domino_advisor.base.printable import describe_numbers
from domino_advisor.base.tiles import Tile

Kind = Literal["play", "draw", "pass"]


@dataclass(frozen=True)
class TiddlyActed:
    """A public move and the open ends it met: what the counting reads."""

    seat: int
    kind: Kind
    tile: Tile | None = None  # the tile played; or drawn, where the drawer's hand is known
    on: int | str | None = None  # where a play went, as the log writes it (None: the opening)
    ends: tuple[int, ...] = ()  # the open ends' numbers when the move was made
    line: int | None = None

    @property
    def showing(self) -> int | None:
        """The number a play left showing where it was laid (the opening: its higher
        half); None for a draw or a pass."""
        if self.kind != "play" or self.tile is None:
            return None
        if self.on is None:
            return self.tile.high
        met = self.on if isinstance(self.on, int) else next(n for n in self.ends if self.tile.bears(n))
        return self.tile.other(met)

    @property
    def count(self) -> int:
        """Tiles drawn: one a draw, as every game's history says it."""
        return 1 if self.kind == "draw" else 0

    @property
    def tiles(self) -> tuple[Tile, ...] | None:
        """The tile drawn, where the drawer's hand is known."""
        return (self.tile,) if self.kind == "draw" and self.tile is not None else None


@dataclass(frozen=True)
class Lacks:
    """What a draw or a pass proves, and all it proves: at move ``at`` the seat held no tile
    bearing these numbers (a drawn tile may bear them).  Nobody else is proved anything:
    at a race, a player who did not play may only have been slow."""

    seat: int
    numbers: frozenset[int]
    at: int  # the move's place in the round's history
    line: int | None
    verb: Literal["drew", "passed"]

    def text(self, names: Sequence[str]) -> str:
        where = f" (line {self.line})" if self.line else ""
        return f"{names[self.seat]} {self.verb} on {describe_numbers(sorted(self.numbers))}{where}"

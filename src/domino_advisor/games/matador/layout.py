"""Matador's line of play: two open ends, and what each end takes (docs/matador.md).

An end showing ``n`` (1 to 6) takes a tile whose touching half is ``7 - n``, and then
shows the tile's other half; an end showing 0 (a blank) takes only a matador.  The
matadors (6-1, 5-2, 4-3 and 0-0) go on any end.  How a matador lies, the house rule
here, so a play names only its end: its touching half is the one that makes seven with
the end where one does, else its higher half touches (0-0 always shows 0).  A double is
laid like any tile, lengthwise: its end shows its number.  There is no spinner.

A play's place is the number its end shows (``on 6``), as the log writes it; where both
ends show one number, laying on either leaves the same ends, so it is one choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games.matador.rules import TOP

SEVEN = 7
MATADORS = frozenset({Tile(6, 1), Tile(5, 2), Tile(4, 3), Tile(0, 0)})


def is_matador(tile: Tile) -> bool:
    return tile in MATADORS


def fits(tile: Tile, end: int) -> bool:
    """Whether ``tile`` may be laid on an end showing ``end``."""
    return tile in MATADORS or (end >= 1 and tile.bears(SEVEN - end))


def touching(tile: Tile, end: int) -> int:
    """The half of ``tile`` that touches an end showing ``end`` (the tile fits it)."""
    if end >= 1 and tile.bears(SEVEN - end):
        return SEVEN - end
    return tile.high  # a matador on an end it makes no seven with: its higher half touches


def shows(tile: Tile, end: int) -> int:
    """What the end shows once ``tile`` is laid on it."""
    return tile.other(touching(tile, end))


def takes(end: int) -> str:
    """What an end takes, in words."""
    if end == 0:
        return "only a matador (6-1, 5-2, 4-3, 0-0)"
    return f"a {SEVEN - end} or a matador"


@cache
def fitting(ends: tuple[int, ...]) -> frozenset[Tile]:
    """Every tile of the set that may be laid on one of these ends: what a player who draws
    or passes there certainly lacks (the matadors always among them)."""
    return frozenset(t for t in full_set(TOP) if any(fits(t, n) for n in ends))


@dataclass(frozen=True)
class MatadorLine:
    """The line of play, left to right, each tile as (left half, right half)."""

    halves: tuple[tuple[int, int], ...] = ()

    @classmethod
    def empty(cls) -> MatadorLine:
        return cls()

    @property
    def is_empty(self) -> bool:
        return not self.halves

    @property
    def ends(self) -> tuple[int, ...]:
        """The two open ends' numbers, left then right (none before the opening)."""
        if not self.halves:
            return ()
        return (self.halves[0][0], self.halves[-1][1])

    @property
    def numbers(self) -> list[int]:
        return list(self.ends)

    @property
    def tiles(self) -> list[Tile]:
        return [Tile(a, b) for a, b in self.halves]

    def places(self, tile: Tile) -> list[int]:
        """The ends (by the number each shows, each number once) this tile may be laid on."""
        return sorted({n for n in self.ends if fits(tile, n)}, reverse=True)

    def open_with(self, tile: Tile) -> MatadorLine:
        return MatadorLine(((tile.high, tile.low),))

    def place(self, tile: Tile, end: int) -> MatadorLine:
        """The line with ``tile`` laid on an end showing ``end`` (the right end where both do)."""
        touch = touching(tile, end)
        shown = tile.other(touch)
        if self.halves[-1][1] == end:
            return MatadorLine((*self.halves, (touch, shown)))
        return MatadorLine(((shown, touch), *self.halves))

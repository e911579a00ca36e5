"""Tiles and sets: the value type every other module speaks.

A tile prints as high-low with a hyphen (``6-4``) and parses from any of the
spellings people write at a table (``64``, ``6|4``, ``6:4``, ``4-6``).  Each tile
also has a small integer index so hands can be bitmasks on hot paths.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from domino_advisor.base.errors import NotationError
from domino_advisor.base.printable import excerpt

DEFAULT_TOP = 6
_SEPARATED = re.compile(r"^\s*([0-9]{1,2})\s*[-|:/]\s*([0-9]{1,2})\s*$")
_SET_NAMES = {6: "double-six", 9: "double-nine", 12: "double-twelve"}


def set_name(top: int) -> str:
    return _SET_NAMES.get(top, f"double-{top}")


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One domino, stored high half first so equal tiles compare equal."""

    high: int
    low: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            hi, lo = self.low, self.high
            object.__setattr__(self, "high", hi)
            object.__setattr__(self, "low", lo)
        if self.low < 0:
            raise NotationError(f"{self.high}-{self.low} is not a tile: pips cannot be negative")

    @classmethod
    def parse(cls, text: str, top: int = DEFAULT_TOP) -> Tile:
        """Read ``6-4``, ``64``, ``6|4``, ``6:4`` or ``4-6`` (and ``125`` for 12-5 in a set past
        nine, where only one split makes a tile); reject tiles outside the set."""
        raw = text.strip()
        m = _SEPARATED.match(raw)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
        elif len(raw) == 2 and raw.isascii() and raw.isdigit():
            a, b = int(raw[0]), int(raw[1])
        elif top >= 10 and 3 <= len(raw) <= 4 and raw.isascii() and raw.isdigit():
            return cls._run_together(raw, top)
        else:
            raise NotationError(f"'{excerpt(text)}' is not a tile: write it as two numbers, like 6-4 or 64")
        if a > top or b > top:
            raise NotationError(
                f"'{excerpt(text)}' is not a tile of the {set_name(top)} set: numbers run from 0 to {top}"
            )
        return cls(a, b)

    @classmethod
    def _run_together(cls, raw: str, top: int) -> Tile:
        """``125`` in a set past nine: 12-5, the one way to split it; ``110`` could be
        11-0 or 1-10, so it needs its hyphen."""
        ways = {
            cls(int(raw[:i]), int(raw[i:]))
            for i in range(1, len(raw))
            if all(part == "0" or not part.startswith("0") for part in (raw[:i], raw[i:]))
            and int(raw[:i]) <= top
            and int(raw[i:]) <= top
        }
        if len(ways) == 1:
            return ways.pop()
        if not ways:
            raise NotationError(
                f"'{raw}' is not a tile of the {set_name(top)} set: numbers run from 0 to {top}"
            )
        shown = " or ".join(str(t) for t in sorted(ways, reverse=True))
        raise NotationError(f"'{raw}' could be {shown}: write it with a hyphen")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile('{self}')"

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def index(self) -> int:
        """Position in the set's canonical order; the same for every top."""
        return self.high * (self.high + 1) // 2 + self.low

    @property
    def bit(self) -> int:
        return 1 << self.index

    def bears(self, number: int) -> bool:
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The half left showing when the tile is joined on ``number``."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise ValueError(f"{self} does not bear {number}")

    def heavier_than(self, other: Tile) -> bool:
        """Heaviest-tile order for the lead rule: more pips, then the higher half."""
        return (self.pips, self.high) > (other.pips, other.high)


@cache
def full_set(top: int = DEFAULT_TOP) -> tuple[Tile, ...]:
    """Every tile of the double-``top`` set, in index order."""
    return tuple(Tile(high, low) for high in range(top + 1) for low in range(high + 1))


def set_size(top: int) -> int:
    return (top + 1) * (top + 2) // 2


def tile_from_index(index: int) -> Tile:
    return _by_index(index)


@cache
def _by_index(index: int) -> Tile:
    h = 0
    while (h + 1) * (h + 2) // 2 <= index:
        h += 1
    return Tile(h, index - h * (h + 1) // 2)


def parse_tiles(text: str | Iterable[str], top: int = DEFAULT_TOP) -> list[Tile]:
    """Read a list of tiles separated by spaces or commas; duplicates are an error."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    tiles = [Tile.parse(w, top) for w in words]
    seen: set[Tile] = set()
    for t in tiles:
        if t in seen:
            raise NotationError(f"{t} is written twice in '{excerpt(' '.join(words), 60)}'")
        seen.add(t)
    return tiles


def format_tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


def sort_tiles(tiles: Iterable[Tile]) -> list[Tile]:
    """Highest first, the way people arrange a hand."""
    return sorted(tiles, reverse=True)


def mask_of(tiles: Iterable[Tile]) -> int:
    m = 0
    for t in tiles:
        m |= t.bit
    return m


def tiles_of(mask: int) -> Iterator[Tile]:
    i = 0
    while mask:
        if mask & 1:
            yield tile_from_index(i)
        mask >>= 1
        i += 1

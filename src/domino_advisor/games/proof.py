"""What a round's public moves prove about the hidden hands, as plain values the counting
reads (docs/how-it-works.md).  Evidence belongs to the game: each game's seat view says
what its events prove (``evidence()``); the counting (``counting.exact``,
``counting.sampler``) finds every deal that fits, whatever the game.

Each opponent's hand is the dealt group plus a group per moment it took tiles; a void
says the seat held no tile bearing some numbers at a moment, for the groups it held
then; a tile played at a moment came from a group held then.  ``turns`` is what the
games played in turn share: a pass or a draw proves a void on the numbers then open.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from domino_advisor.base.tiles import Tile, full_set, mask_of


class Seated:
    """The seats around a view's table (every game's seat view)."""

    names: tuple[str, ...]
    me: int

    @property
    def seats(self) -> int:
        return len(self.names)

    @property
    def opponents(self) -> list[int]:
        return [s for s in range(self.seats) if s != self.me]


BONEYARD = "boneyard"
LATER = 10**9  # the time of "the end of the log", after every event


@dataclass
class Group:
    """Tiles a seat took at one moment: the deal, or one turn's draws."""

    seat: int
    acquired: float  # history index of the deal (-1) or the first draw of the turn
    size: int
    dealt: bool


@dataclass
class Void:
    """A pass or a draw: the seat held no tile bearing these numbers then; or, where a
    game's ends do not take the tiles bearing their numbers (Matador's take the tile that
    makes seven), no tile of ``tiles``, the numbers then being the ends it met."""

    seat: int
    time: int
    numbers: set[int]
    line: int | None
    verb: str
    tiles: frozenset[Tile] | None = None  # the tiles it proves lacked (None: those bearing ``numbers``)

    def text(self, names: Sequence[str]) -> str:
        where = f" (line {self.line})" if self.line else ""
        nums = " and ".join(str(n) for n in sorted(self.numbers))
        return f"{names[self.seat]} {self.verb} on {nums}{where}"

    def mask(self, top: int) -> int:
        """The tiles it proves lacked, as a mask."""
        return bearing_mask(self.numbers, top) if self.tiles is None else mask_of(self.tiles)

    def forbids(self, tile: Tile) -> bool:
        """Whether it proves ``tile`` lacked."""
        if self.tiles is None:
            return tile.high in self.numbers or tile.low in self.numbers
        return tile in self.tiles


@dataclass
class Case:
    """One branch of the lead rule's evidence: tiles the deal could not hold, a tile it must."""

    forbid_dealt: int = 0  # tiles no opponent was dealt
    required: tuple[Tile, int] | None = None  # (tile, seat): that seat was dealt it


@dataclass
class Evidence:
    """What the round's public moves say about the hidden hands, for the count."""

    groups: dict[int, list[Group]]
    voids: list[Void]
    played: dict[int, list[tuple[Tile, int, int | None]]]  # seat -> (tile, time, line) of unpinned tiles
    cases: list[Case]
    lead_text: str = ""


def bearing_mask(numbers: Collection[int], top: int) -> int:
    return mask_of(t for t in full_set(top) if t.high in numbers or t.low in numbers)


class TurnView(Protocol):
    """What ``turns`` reads of a seat's view."""

    @property
    def me(self) -> int: ...

    @property
    def opponents(self) -> list[int]: ...

    @property
    def history(self) -> Sequence[Any]: ...  # each move: seat, kind, tile, ends, count, line

    @property
    def shown(self) -> dict[int, tuple[Tile, ...]]: ...

    def dealt_size(self) -> int: ...


class Proving(Protocol):
    """A seat's view of any game: it says what its round's moves prove."""

    def evidence(self) -> Evidence: ...


class SetSize(Protocol):
    """What the counting reads of a game's rules: the set's highest number, its tiles."""

    @property
    def top(self) -> int: ...

    @property
    def tile_count(self) -> int: ...


class Known(Proving, Protocol):
    """One seat's view of a round of any game, as the counting reads it (each game's seat
    view: ``line.view.SeatView``, ``hub.view.HubSeatView``, ``tiddly.view.TiddlySeatView``):
    its own hand, what is on the table and shown, every public move, and what they prove."""

    @property
    def rules(self) -> SetSize: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def me(self) -> int: ...

    @property
    def opponents(self) -> list[int]: ...

    @property
    def dealt(self) -> tuple[Tile, ...]: ...

    @property
    def hand(self) -> frozenset[Tile]: ...

    @property
    def boneyard(self) -> int: ...

    @property
    def over(self) -> bool: ...

    @property
    def counts(self) -> tuple[int, ...]: ...

    @property
    def table(self) -> frozenset[Tile]: ...

    @property
    def shown(self) -> dict[int, tuple[Tile, ...]]: ...

    @property
    def history(self) -> Sequence[Any]: ...  # each move: seat, kind, tile, ends, count, line, showing


def turns(view: TurnView) -> Evidence:
    """The evidence of a game played in turn: a draw or a pass is a void on the ends then
    open, a turn's draws one group (the tile played after drawing is the last drawn)."""
    groups: dict[int, list[Group]] = {s: [Group(s, -1, view.dealt_size(), True)] for s in view.opponents}
    voids: list[Void] = []
    played: dict[int, list[tuple[Tile, int, int | None]]] = {s: [] for s in view.opponents}
    drawing: dict[int, Group] = {}
    for i, a in enumerate(view.history):
        s = a.seat
        if s == view.me:
            continue
        if a.kind == "draw":
            if s in drawing:
                drawing[s].size += a.count
            else:
                drawing[s] = Group(s, i, a.count, False)
                groups[s].append(drawing[s])
                voids.append(Void(s, i, set(a.ends), a.line, "drew"))
        elif a.kind == "pass":
            voids.append(Void(s, i, set(a.ends), a.line, "passed"))
            drawing.pop(s, None)
        elif i == 0:
            groups[s][0].size -= 1  # the opening tile came from the deal
        elif s in drawing:
            drawing.pop(s).size -= 1  # the tile played after drawing is the last one drawn
        elif a.tile is not None:
            played[s].append((a.tile, i, a.line))
    for s, g in drawing.items():  # still drawing: the last tile drawn may still play
        g.size -= 1
        groups[s].append(Group(s, len(view.history) - 0.5, 1, False))
    for s, tiles in view.shown.items():
        played[s].extend((t, LATER, None) for t in tiles)
    return Evidence(groups, voids, played, [Case()])

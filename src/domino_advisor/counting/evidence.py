"""The evidence a round's public moves give about the hidden hands (docs/how-it-works.md).

Each opponent's hand is the dealt group plus one group per drawing turn; a pass or
a draw is a void on the numbers then showing, for the groups held at that moment.
The lead rule adds what the deal could not hold, split into disjoint cases where it
is a disjunction (``highest-double-any``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from domino_advisor.base.tiles import Tile, full_set, mask_of
from domino_advisor.counting.view import SeatView
from domino_advisor.games.line import lead

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
    """A pass or a draw: the seat held no tile bearing these numbers then."""

    seat: int
    time: int
    numbers: set[int]
    line: int | None
    verb: str

    def text(self, names: Sequence[str]) -> str:
        where = f" (line {self.line})" if self.line else ""
        nums = " and ".join(str(n) for n in sorted(self.numbers))
        return f"{names[self.seat]} {self.verb} on {nums}{where}"


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


def gather(view: SeatView) -> Evidence:
    """Turn the round's public moves into groups, voids and lead-rule cases."""
    groups: dict[int, list[Group]] = {
        s: [Group(s, -1, view.rules.hand_size(view.seats), True)] for s in view.opponents
    }
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
    cases, text = _lead_cases(view)
    return Evidence(groups, voids, played, cases, text)


def _lead_cases(view: SeatView) -> tuple[list[Case], str]:
    if not view.history or view.opening is None or lead.free(view.rules, view.opening):
        return [Case()], ""
    first = view.history[0]
    opener, tile = first.seat, first.tile
    if tile is None:  # the first public move of a round is its opening play
        return [Case()], ""
    # a double the opener must have been dealt is a constraint only on a hidden hand
    cases = [
        Case(mask_of(c.forbid), None if c.required is None or opener == view.me else (c.required, opener))
        for c in lead.evidence(view.rules, view.opening, opener, tile, view.seats, view.me, view.dealt)
    ]
    name = view.names[opener]
    if view.rules.lead == "highest-double":
        if tile.is_double:
            return cases, f"{name} opened {tile}, so nobody was dealt a higher double"
        return cases, f"{name} opened {tile}, so nobody was dealt a double or a heavier tile"
    if opener == view.me:
        return cases, ""
    nobody = any(c.required is None for c in cases)
    return cases, f"{name} led, so {name} was dealt the highest double" + (
        " (or nobody was dealt one)" if nobody else ""
    )

"""The tiles on the table: a line with two open ends, or four round a spinner.

A ``Layout`` is immutable; ``play`` returns the next one, so any earlier table can
be kept or thrown away freely (undo is a replay).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from domino_advisor.base.errors import AmbiguousMoveError, IllegalMoveError
from domino_advisor.base.printable import describe_numbers
from domino_advisor.base.tiles import Tile

if TYPE_CHECKING:
    from domino_advisor.base import shapes

SIDES = ("left", "right", "up", "down")
LINE_SIDES = ("left", "right")


# -- the rule decisions both engines take from here ------------------------------------------
def end_count(number: int, double: bool, bare: bool) -> int:
    """What an open end adds to the All Fives count: a crossways double both halves, a
    spinner arm with nothing on it nothing."""
    return 0 if bare else 2 * number if double else number


def table_count(lone_pips: int | None, counts: Iterable[int]) -> int:
    """The sum All Fives scores on: a lone first tile counts both its halves."""
    return lone_pips if lone_pips is not None else sum(counts)


# when the spinner's other two sides (up and down) open (rule spinner_opens)
AFTER_BOTH, AT_ONCE, FILL_FIRST = "after-both", "at-once", "fill-first"


def arms_open_at_once(opens: str) -> bool:
    """Up and down open as soon as the spinner is down (else once both line sides are taken)."""
    return opens != AFTER_BOTH


def held_back(opens: str) -> bool:
    """Every side of the spinner must be taken before any other end is played on: the
    ends beyond it wait (Sebastopol)."""
    return opens == FILL_FIRST


def branch_sides(number: int, first: bool) -> tuple[str, str]:
    """The two ends off a spinner's long sides: up and down for the first spinner; with
    spinner=every-double, a later double showing ``number`` opens upN and downN."""
    return ("up", "down") if first else (f"up{number}", f"down{number}")


def side_order(side: str) -> int:
    """Where an end comes in the table's order (left, right, up, down, then the later
    spinners' ends by number): both engines list released ends in this order."""
    if side in SIDES:
        return SIDES.index(side)
    number = int(side.lstrip("updown"))
    return 4 + 2 * number + (0 if side.startswith("up") else 1)


def is_side(word: str) -> bool:
    """A side name as the log writes it: left, right, up, down, or upN / downN."""
    if word in SIDES:
        return True
    for head in ("up", "down"):
        if word.startswith(head) and word[len(head) :].isdigit() and len(word) - len(head) <= 2:
            return True
    return False


def alike(number: int, count: int, spinner_side: bool, all_fives: bool) -> tuple[int, int, bool]:
    """Two open ends a tile fits are alike, and the choice between them changes nothing
    for the rest of the round, when their keys are equal: the same number, the same
    count where All Fives scores it, and both or neither a side of the spinner still
    to be taken (taking the last one opens the spinner's other arms)."""
    return (number, count if all_fives else 0, spinner_side)


@dataclass(frozen=True, slots=True)
class End:
    """One open end: the number showing, and how it counts in All Fives."""

    side: str
    number: int
    double: bool = False  # a double lies crossways here: both halves count
    bare: bool = False  # a spinner arm (up/down) with nothing on it: counts nothing

    @property
    def count(self) -> int:
        return end_count(self.number, self.double, self.bare)


@dataclass(frozen=True, slots=True)
class Layout:
    """The tiles on the table as they lie: the center, its arms, and the open ends."""

    center: Tile | None = None
    arms: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    ends: tuple[End, ...] = ()
    spinner: Tile | None = None  # the first spinner (its ends are up and down)
    spinning: bool = False  # the first double becomes a spinner (rule spinner=first-double)
    opens: str = AFTER_BOTH  # rule spinner_opens: when the spinner's up and down sides open
    held: tuple[End, ...] = ()  # ends waiting until the spinner's sides are all taken (fill-first)
    every: bool = False  # every double is a spinner (rule spinner=every-double)
    owners: tuple[tuple[str, int], ...] = ()  # ends still a spinner itself, and its number
    branches: tuple[tuple[str, Tile, tuple[Tile, ...]], ...] = ()  # later spinners' ends: side, double, tiles

    @property
    def spinner_sides(self) -> frozenset[str]:
        """Ends still a spinner itself, whose taking matters (it opens, or releases, ends)."""
        return frozenset(side for side, _ in self.owners)

    @classmethod
    def empty(cls, spinner: bool = False, opens: str = AFTER_BOTH, every: bool = False) -> Layout:
        return cls(spinning=spinner or every, opens=opens, every=every)

    @property
    def is_empty(self) -> bool:
        return self.center is None

    def drawn(self) -> shapes.DrawnJson:
        """The tiles as they lie, each as its two halves in order: the line left to right
        (touching halves meet), and a spinner's arms outward from it; for pictures."""
        if self.center is None:
            return {"line": [], "up": [], "down": [], "spinner": []}
        left, showing = [], self.center.high
        for t in self.arms[0]:
            far = t.other(showing)
            left.append([far, showing])
            showing = far
        order = [*reversed(self.arms[0]), self.center, *self.arms[1]]
        line = [*reversed(left), [self.center.high, self.center.low]]
        showing = self.center.low
        for t in self.arms[1]:
            far = t.other(showing)
            line.append([showing, far])
            showing = far
        at = [i for i, t in enumerate(order) if t == self.spinner]
        arms: list[list[list[int]]] = [[], []]
        for arm, i in zip(arms, (2, 3), strict=True):
            if self.spinner is not None:
                showing = self.spinner.high
                for t in self.arms[i]:
                    far = t.other(showing)
                    arm.append([showing, far])
                    showing = far
        out: shapes.DrawnJson = {"line": line, "up": arms[0], "down": arms[1], "spinner": at}
        if self.branches:
            branches: list[shapes.BranchJson] = []
            for side, double, tiles in self.branches:
                showing, arm = double.high, []
                for t in tiles:
                    far = t.other(showing)
                    arm.append([showing, far])
                    showing = far
                branches.append({"side": side, "tiles": arm})
            out["branches"] = branches
        return out

    @property
    def numbers(self) -> list[int]:
        """The open-end numbers, in side order (left, right, up, down)."""
        return [e.number for e in self.ends]

    @property
    def tiles(self) -> list[Tile]:
        out = [] if self.center is None else [self.center]
        for arm in self.arms:
            out.extend(arm)
        for _side, _double, tiles in self.branches:
            out.extend(tiles)
        return out

    def end(self, side: str) -> End | None:
        for e in self.ends:
            if e.side == side:
                return e
        return None

    def fives_count(self) -> int:
        """The sum All Fives scores on: a lone first tile counts both its halves."""
        if self.center is None:
            return 0
        ends = self.ends + self.held  # an end waiting for the spinner still counts
        return table_count(None if any(self.arms) else self.center.pips, (e.count for e in ends))

    def can_play(self, tile: Tile) -> bool:
        if self.center is None:
            return True
        return any(tile.bears(e.number) for e in self.ends)

    def playable_numbers(self) -> set[int]:
        return {e.number for e in self.ends}

    # -- placing tiles -------------------------------------------------------------
    def open_with(self, tile: Tile) -> Layout:
        if self.center is not None:
            raise IllegalMoveError(f"{tile} cannot open: the round is already open")
        ends = (End("left", tile.high, tile.is_double), End("right", tile.low, tile.is_double))
        if self.spinning and tile.is_double:
            return replace(self, center=tile, ends=ends)._spin(tile, LINE_SIDES)
        return replace(self, center=tile, ends=ends)

    def _spin(self, tile: Tile, sides: tuple[str, ...]) -> Layout:
        """``tile`` becomes a spinner, its free line ``sides`` still to take."""
        first = self.spinner is None
        spinner = tile if first else self.spinner
        n = tile.high
        owners = self.owners + tuple((side, n) for side in sides)
        if not arms_open_at_once(self.opens):
            return replace(self, spinner=spinner, owners=owners)
        # an opening spinner open four ways at once has four alike sides, each counting
        # nothing until taken; one that joined the line still counts both halves at its
        # free end, as any crossways double
        opening = len(sides) == 2
        ends = tuple(
            End(e.side, e.number, bare=True) if opening and e.side in sides else e for e in self.ends
        )
        up, down = branch_sides(n, first)
        ends += (End(up, n, bare=True), End(down, n, bare=True))
        branches = self.branches if first else (*self.branches, (up, tile, ()), (down, tile, ()))
        if not held_back(self.opens):
            return replace(self, ends=ends, spinner=spinner, branches=branches)
        own = {*sides, up, down}
        return replace(
            self,
            ends=tuple(e for e in ends if e.side in own),
            held=self.held + tuple(e for e in ends if e.side not in own),
            spinner=spinner,
            owners=self.owners + tuple((side, n) for side in sorted(own, key=side_order)),
            branches=branches,
        )

    def place(self, tile: Tile, side: str) -> Layout:
        """Join ``tile`` on the open end at ``side`` (which it must match)."""
        end = self.end(side)
        if end is None or not tile.bears(end.number):
            raise IllegalMoveError(f"{tile} does not fit the {side} end")
        showing = tile.other(end.number)
        new_end = End(side, showing, tile.is_double)
        ends = [new_end if e.side == side else e for e in self.ends]
        arms, branches = list(self.arms), self.branches
        if side in SIDES:
            i = SIDES.index(side)
            arms[i] = arms[i] + (tile,)
        else:
            branches = tuple((b, d, (*ts, tile) if b == side else ts) for b, d, ts in branches)
        held, owners = self.held, self.owners
        if side in self.spinner_sides:
            owner = dict(owners)[side]
            owners = tuple((s, n) for s, n in owners if s != side)
            if held_back(self.opens):  # the new end waits until every side is taken
                ends = [e for e in ends if e.side != side]
                held += (new_end,)
                if not owners:
                    ends = sorted([*ends, *held], key=lambda e: side_order(e.side))
                    held = ()
            elif not any(n == owner for _, n in owners):  # its sides are taken: up and down open
                first = self.spinner is not None and self.spinner.high == owner
                up, down = branch_sides(owner, first)
                ends += [End(up, owner, bare=True), End(down, owner, bare=True)]
                if not first:
                    double = Tile(owner, owner)
                    branches = (*branches, (up, double, ()), (down, double, ()))
        elif tile.is_double and (self.every or (self.spinning and self.spinner is None)):
            return replace(self, arms=tuple(arms), ends=tuple(ends), branches=branches)._spin(tile, (side,))
        return replace(
            self,
            arms=tuple(arms),
            ends=tuple(ends),
            held=held,
            owners=owners,
            branches=branches,
        )

    def alike_key(self, end: End, all_fives: bool) -> tuple[int, int, bool]:
        return alike(end.number, end.count, end.side in self.spinner_sides, all_fives)

    def options(self, tile: Tile) -> list[End]:
        return [e for e in self.ends if tile.bears(e.number)]

    def choices(self, tile: Tile, all_fives: bool) -> list[tuple[End, int | str]]:
        """The ends a tile can join, alike ends once, each with how the log writes it:
        the number showing, or the side where two ends show it and the choice matters."""
        kept: dict[tuple[int, int, bool], End] = {}
        for e in self.options(tile):
            kept.setdefault(self.alike_key(e, all_fives), e)
        numbers = [e.number for e in kept.values()]
        return [(e, e.side if numbers.count(e.number) > 1 else e.number) for e in kept.values()]

    def written(self, tile: Tile, side: str, all_fives: bool) -> int | str:
        """How the log writes ``tile`` joined at ``side``: the same as any alike end."""
        end = self.end(side)
        if end is None:
            raise IllegalMoveError(f"the {side} end is not open")
        key = self.alike_key(end, all_fives)
        return next(on for e, on in self.choices(tile, all_fives) if self.alike_key(e, all_fives) == key)

    def resolve(self, tile: Tile, on: int | str | None, all_fives: bool = False) -> str | None:
        """The side ``tile`` goes on, from what was written after ``on``.

        ``None`` for the opening tile.  Raises when the tile fits nowhere, or when it
        fits two ends and the choice changes the rest of the round.
        """
        if self.center is None:
            if on is not None:
                raise IllegalMoveError(f"the table is empty: the first tile is played without 'on {on}'")
            return None
        fits = self.options(tile)
        if isinstance(on, str):
            end = self.end(on)
            if end is None:
                open_sides = ", ".join(e.side for e in self.ends)
                raise IllegalMoveError(f"the {on} end is not open (the open ends are {open_sides})")
            if not tile.bears(end.number):
                raise IllegalMoveError(f"{tile} does not match the {on} end, which shows {end.number}")
            return on
        if on is not None:
            if on not in self.playable_numbers():
                raise IllegalMoveError(
                    f"no open end shows {on} (the open ends are {describe_numbers(self.numbers)})"
                )
            if not tile.bears(on):
                raise IllegalMoveError(f"{tile} cannot go on {on}: it has no {on}")
            fits = [e for e in fits if e.number == on]
        if not fits:
            raise IllegalMoveError(f"{tile} does not match the open ends {describe_numbers(self.numbers)}")
        if len(fits) > 1:
            if len({self.alike_key(e, all_fives) for e in fits}) > 1:
                choices = " or ".join(f"'on {e.side}'" for e in fits)
                if len({e.number for e in fits}) > 1:
                    shown = " or ".join(f"'on {n}'" for n in sorted({e.number for e in fits}))
                    raise AmbiguousMoveError(
                        f"{tile} fits the ends showing {describe_numbers([e.number for e in fits])}: "
                        f"say which, {shown}"
                    )
                raise AmbiguousMoveError(
                    f"{tile} fits {len(fits)} ends showing {fits[0].number} and the choice matters "
                    f"here: say which, {choices}"
                )
        return fits[0].side

    def play(self, tile: Tile, on: int | str | None = None, all_fives: bool = False) -> Layout:
        side = self.resolve(tile, on, all_fives)
        return self.open_with(tile) if side is None else self.place(tile, side)

    def describe(self) -> str:
        if self.center is None:
            return "empty table"
        return "open ends " + describe_numbers(self.numbers)

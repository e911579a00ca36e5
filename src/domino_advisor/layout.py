"""The tiles on the table: a line with two open ends, or four round a spinner.

A ``Layout`` is immutable; ``play`` returns the next one, so any earlier table can
be kept or thrown away freely (undo is a replay).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .errors import AmbiguousMoveError, IllegalMoveError
from .tiles import Tile

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
    center: Tile | None = None
    arms: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    ends: tuple[End, ...] = ()
    spinner: Tile | None = None
    spinner_sides: frozenset[str] = frozenset()  # ends still the spinner itself, whose taking matters
    spinning: bool = False  # the first double becomes a spinner (rule spinner=first-double)
    opens: str = AFTER_BOTH  # rule spinner_opens: when the spinner's up and down sides open
    held: tuple[End, ...] = ()  # ends waiting until the spinner's sides are all taken (fill-first)

    @classmethod
    def empty(cls, spinner: bool = False, opens: str = AFTER_BOTH) -> Layout:
        return cls(spinning=spinner, opens=opens)

    @property
    def is_empty(self) -> bool:
        return self.center is None

    def drawn(self) -> dict[str, list[list[int]] | list[int]]:
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
        return {"line": line, "up": arms[0], "down": arms[1], "spinner": at}

    @property
    def numbers(self) -> list[int]:
        """The open-end numbers, in side order (left, right, up, down)."""
        return [e.number for e in self.ends]

    @property
    def tiles(self) -> list[Tile]:
        out = [] if self.center is None else [self.center]
        for arm in self.arms:
            out.extend(arm)
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
        """``tile`` becomes the spinner, its free line ``sides`` still to take."""
        if not arms_open_at_once(self.opens):
            return replace(self, spinner=tile, spinner_sides=frozenset(sides))
        # open four ways at once, its sides are alike: each counts nothing until taken
        ends = tuple(End(e.side, e.number, bare=True) if e.side in sides else e for e in self.ends)
        ends += (End("up", tile.high, bare=True), End("down", tile.high, bare=True))
        if not held_back(self.opens):
            return replace(self, ends=ends, spinner=tile, spinner_sides=frozenset())
        own = {*sides, "up", "down"}
        return replace(
            self,
            ends=tuple(e for e in ends if e.side in own),
            held=tuple(e for e in ends if e.side not in own),
            spinner=tile,
            spinner_sides=frozenset(own),
        )

    def place(self, tile: Tile, side: str) -> Layout:
        """Join ``tile`` on the open end at ``side`` (which it must match)."""
        end = self.end(side)
        if end is None or not tile.bears(end.number):
            raise IllegalMoveError(f"{tile} does not fit the {side} end")
        showing = tile.other(end.number)
        new_end = End(side, showing, tile.is_double)
        ends = [new_end if e.side == side else e for e in self.ends]
        arms = list(self.arms)
        i = SIDES.index(side)
        arms[i] = arms[i] + (tile,)
        spinner, sides, held = self.spinner, self.spinner_sides, self.held
        if side in sides and spinner is not None:
            sides = sides - {side}
            if held_back(self.opens):  # the new end waits until every side is taken
                ends = [e for e in ends if e.side != side]
                held += (new_end,)
                if not sides:
                    ends = sorted([*ends, *held], key=lambda e: SIDES.index(e.side))
                    held = ()
            elif not sides:  # both sides of the spinner are taken: up and down open
                ends += [End("up", spinner.high, bare=True), End("down", spinner.high, bare=True)]
        elif self.spinning and spinner is None and tile.is_double and side in LINE_SIDES:
            return replace(self, arms=tuple(arms), ends=tuple(ends))._spin(tile, (side,))
        return replace(
            self, arms=tuple(arms), ends=tuple(ends), spinner=spinner, spinner_sides=sides, held=held
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


def describe_numbers(numbers: list[int]) -> str:
    """``3 and 2``, ``3, 2 and 5``: how a player reads the ends aloud."""
    words = [str(n) for n in numbers]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]

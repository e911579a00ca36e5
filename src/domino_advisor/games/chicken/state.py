"""A round of Chicken Foot as a state machine: apply a play, a draw or a pass, or refuse
it in the table's words and change nothing.

The round's double (the head, set aside before the deal) takes its toes first: each
toe is a tile bearing the head's number, and each starts a line. Once the head has all
its toes, any open line may grow. A double laid at a line's end closes that line and
takes its own toes (three by default) before play goes anywhere else; each toe starts
a line of its own. A player who cannot play draws one tile, plays it if it fits, else
passes. Hands may be unknown (the log of one seat): then only what the table sees is
checked.

Places are named as the log names them: ``head`` while the head takes toes, the
waiting double (``4-4``) while it takes its toes, and ``toeN`` for the line started by
the Nth toe laid in the round.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace

from domino_advisor.base.errors import IllegalMoveError, NotationError
from domino_advisor.base.tiles import Tile
from domino_advisor.games.chicken.rules import ChickenRules
from domino_advisor.games.events import Play
from domino_advisor.games.hub.round import HubRound

HEAD = "head"


@functools.lru_cache(maxsize=512)
def place_word(word: str, top: int) -> str | None:
    """A place as the log writes it, from any way it is typed or written: ``head`` (``h``),
    ``toe3`` (``t3``), a double (``66`` is ``6-6``); None if the word names no place."""
    low = word.lower()
    if low in (HEAD, "h"):
        return HEAD
    for prefix in ("toe", "t"):
        number = low.removeprefix(prefix)
        if low.startswith(prefix) and number.isascii() and number.isdigit() and len(number) <= 3:
            return f"toe{int(number)}"
    try:
        tile = Tile.parse(low, top)
    except NotationError:
        return None
    return str(tile) if tile.is_double else None


@functools.lru_cache(maxsize=512)
def _double(place: str, top: int) -> Tile:
    """The double a place word names (rollouts name the same few places again and again)."""
    return Tile.parse(place, top)


@dataclass
class Line:
    """A toe and what grew from it."""

    end: int  # the number showing at its open end
    tiles: list[Tile] = field(default_factory=list)
    root: Tile | None = None  # the double it sprouted from (the head or a later double)
    closed: bool = False  # a double was laid at its end: the line goes on through that double's toes


@dataclass
class Waiting:
    """A double still taking toes: nothing else may be played until it has them."""

    double: Tile
    need: int
    have: int = 0


class ChickenRound(HubRound):
    """A Chicken Foot round (the shared bookkeeping is ``trains.hub.HubRound``)."""

    rules: ChickenRules

    def __init__(
        self,
        rules: ChickenRules,
        names: list[str],
        number: int,
        hands: list[tuple[Tile, ...] | None],
        stock: list[Tile] | None = None,
        first: int | None = None,
    ):
        super().__init__(rules, names, number, hands, stock, first)
        self.lines: list[Line] = []
        self.waiting: Waiting | None = Waiting(self.engine, rules.head_toes)

    def _copy_table(self, other: ChickenRound) -> None:
        other.lines = [replace(x, tiles=list(x.tiles)) for x in self.lines]
        other.waiting = None if self.waiting is None else replace(self.waiting)

    # -- what the table allows ----------------------------------------------------------------
    def place_name(self, place: int | Tile) -> str:
        """``head``, the waiting double (``4-4``), or ``toeN`` for line N (from 1)."""
        if isinstance(place, Tile):
            return HEAD if place == self.engine else str(place)
        return f"toe{place + 1}"

    def open_places(self) -> list[int | Tile]:
        """Where a tile may go now: the waiting double only, else every open line's end."""
        if self.waiting is not None:
            return [self.waiting.double]
        return [k for k, x in enumerate(self.lines) if not x.closed]

    def number_at(self, place: int | Tile) -> int:
        return place.high if isinstance(place, Tile) else self.lines[place].end

    def open_ends(self, seat: int) -> list[tuple[int | Tile, int]]:
        """The same for every seat: the waiting double only, else every open line's end."""
        return [(p, self.number_at(p)) for p in self.open_places()]

    # -- changing it ---------------------------------------------------------------------------
    def where_to(self, seat: int, tile: Tile, on: object) -> int | Tile:
        """The place a play names (``head``, ``4-4``, ``toe3``), or the only one it fits."""
        word = str(on).lower() if on is not None else ""
        if not word:
            fits = self.fits(seat, tile)
            if len(fits) == 1:
                return fits[0]
            if not fits:
                raise IllegalMoveError(f"{tile} fits nowhere open now ({self._open_words()})")
            named = " and ".join(self.place_name(p) for p in fits)
            raise IllegalMoveError(f"{tile} fits {named}: say which, like 'on {self.place_name(fits[0])}'")
        place = place_word(word, self.rules.top)
        if place == HEAD:
            return self.engine
        if place is not None and place.startswith("toe"):
            k = int(place[3:]) - 1
            if not 0 <= k < len(self.lines):
                raise IllegalMoveError(f"there is no {place} yet ({len(self.lines)} toes so far)")
            return k
        if place is not None:
            return _double(place, self.rules.top)
        raise IllegalMoveError(
            f"'on {word}': name where it goes: head, a toe like toe3, or a double like 4-4"
        )

    def history_place(self, place: int | Tile) -> str:
        """Chicken Foot's history keeps a play's place by its name (head, 4-4, toe3)."""
        return self.place_name(place)

    def waiting_words(self) -> str:
        """The double taking toes, as the table says it: the head, or the double 4-4."""
        w = self.waiting
        assert w is not None
        return "the head" if w.double == self.engine else f"the double {w.double}"

    def alike(
        self, plays: list[tuple[Tile, int | Tile]]
    ) -> tuple[list, dict[tuple[Tile, object], list[str]]]:
        """One play per tile and number showing: lines that end in the same number are alike
        (the place names apart), so a tile need be tried on the first of them only; and
        for each kept play, the names of the places alike to it."""
        kept: list = []
        first: dict[tuple[Tile, int], int | Tile] = {}
        same: dict[tuple[Tile, object], list[str]] = {}
        for tile, place in plays:
            if isinstance(place, Tile):  # the waiting double: one place
                kept.append((tile, place))
                continue
            key = (tile, self.number_at(place))
            if key in first:
                same.setdefault((tile, first[key]), []).append(self.place_name(place))
                continue
            first[key] = place
            kept.append((tile, place))
        return kept, same

    def _open_words(self) -> str:
        return ", ".join(f"{self.place_name(p)} shows {self.number_at(p)}" for p in self.open_places())

    def _play(self, seat: int, event: Play) -> None:
        tile = event.tile
        if self.checked:
            self._check_play(seat, event)
        place = self.where_to(seat, tile, event.on)
        if self.checked and place not in self.open_places():
            raise IllegalMoveError(self._closed(place))
        number = self.number_at(place)
        if self.checked and not tile.bears(number):
            raise IllegalMoveError(f"{tile} does not fit {self.place_name(place)} (it shows {number})")
        self.lay(seat, tile, place)

    def lay(self, seat: int, tile: Tile, place: int | Tile) -> None:
        number = self.number_at(place)
        self._laid(seat, tile, place, number)
        if isinstance(place, Tile):  # a toe on the waiting double: a new line
            w = self.waiting
            assert w is not None
            self.lines.append(Line(tile.other(number), [tile], place))
            w.have += 1
            if w.have == w.need:
                self.waiting = None
        else:
            x = self.lines[place]
            x.tiles.append(tile)
            x.end = tile.other(number)
            if tile.is_double:
                x.closed = True  # the line goes on through this double's toes
                self.waiting = Waiting(tile, self.rules.toes)
        if self.over:
            return
        self._next()
        if self.waiting is not None and self.waiting.have < self.waiting.need and not self._toes_left():
            self.waiting = None  # every tile of its number is down: it cannot take more toes

    def _toes_left(self) -> bool:
        """Tiles that could still be a toe of the waiting double (not on the table)."""
        w = self.waiting
        assert w is not None
        n = w.double.high
        return any(
            Tile(n, k) not in self.placed and Tile(n, k) != self.engine for k in range(self.rules.top + 1)
        )

    def _closed(self, place: int | Tile) -> str:
        w = self.waiting
        if w is not None:
            return f"{self.waiting_words()} takes its toes first ({w.have} of {w.need} so far)"
        if place == self.engine:
            return "the head has all its toes: play on a toe's line"
        if isinstance(place, Tile):
            return f"{place} is not waiting for toes"
        return f"{self.place_name(place)} is closed: it goes on through the toes of its double"

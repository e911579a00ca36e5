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

from dataclasses import dataclass, field
from operator import attrgetter

from ..errors import IllegalMoveError
from ..events import Draw, Pass, Play
from ..tiles import Tile
from ..trains.game import Acted
from .rules import ChickenRules

HEAD = "head"
_by_number = attrgetter("high", "low")


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
    line: int | None = None  # the line it closed (None: the head)


class ChickenRound:
    def __init__(
        self,
        rules: ChickenRules,
        names: list[str],
        number: int,
        hands: list[tuple[Tile, ...] | None],
        stock: list[Tile] | None = None,
        first: int | None = None,
    ):
        n = len(names)
        size = rules.hand_size(n)
        self.rules, self.names, self.number = rules, list(names), number
        e = rules.engine(number)
        self.engine = Tile(e, e)
        self.lines: list[Line] = []
        self.waiting: Waiting | None = Waiting(self.engine, rules.head_toes)
        self.placed: set[Tile] = set()
        self.hands: list[set[Tile] | None] = [None if h is None else set(h) for h in hands]
        self.dealt = [None if h is None else tuple(h) for h in hands]
        self.counts = [size] * n
        self.boneyard = rules.tile_count - 1 - n * size
        self.stock = list(stock) if stock is not None else None
        self.turn = (number - 1) % n if first is None else first
        self.drew: Tile | bool | None = False
        self.passes = 0  # passes in a row: all of them with nothing to draw and the round is blocked
        self.line: int | None = None  # the log line being applied
        self.history: list[Acted] = []
        self.winner: int | None = None
        self.over = False
        self.checked = True
        for s, h in enumerate(self.hands):
            if h is not None and (len(h) != size or self.engine in h):
                raise IllegalMoveError(
                    f"{self.names[s]} should hold {size} tiles, the head {self.engine} not among them"
                )

    def clone(self, checked: bool = True) -> ChickenRound:
        """A copy to play on; unchecked, it takes each move as legal and skips only the refusals."""
        other = ChickenRound.__new__(ChickenRound)
        other.__dict__.update(self.__dict__)
        other.lines = [Line(x.end, list(x.tiles), x.root, x.closed) for x in self.lines]
        w = self.waiting
        other.waiting = None if w is None else Waiting(w.double, w.need, w.have, w.line)
        other.hands = [None if h is None else set(h) for h in self.hands]
        other.counts = list(self.counts)
        other.stock = None if self.stock is None else list(self.stock)
        other.history = list(self.history)
        other.placed = set(self.placed)
        other.checked = checked
        return other

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

    def ends(self) -> tuple[int, ...]:
        """The numbers a player could play on now (what a draw without a play says they lack)."""
        return tuple(sorted({self.number_at(p) for p in self.open_places()}))

    def fits(self, tile: Tile) -> list[int | Tile]:
        return [p for p in self.open_places() if tile.bears(self.number_at(p))]

    def plays(self, seat: int) -> list[tuple[Tile, int | Tile]]:
        """Every legal play from a known hand (the drawn tile only, after a draw); a tile
        that fits several line ends showing the same number is offered once per end."""
        hand = self.hands[seat]
        if hand is None:
            raise ValueError(f"{self.names[seat]}'s hand is not known")
        tiles = [self.drew] if isinstance(self.drew, Tile) else sorted(hand, key=_by_number, reverse=True)
        places = [(p, self.number_at(p)) for p in self.open_places()]
        return [(t, p) for t in tiles for p, number in places if t.bears(number)]

    # -- changing it ---------------------------------------------------------------------------
    def apply(self, event: Play | Draw | Pass, line: int | None = None) -> None:
        """Play it, or refuse it (and change nothing) in the table's words."""
        self.line = line
        if self.over:
            raise IllegalMoveError(f"round {self.number} is over: start the next round")
        if event.player not in self.names:
            raise IllegalMoveError(
                f"'{event.player}' is not at this table (the players are {', '.join(self.names)})"
            )
        seat = self.names.index(event.player)
        if seat != self.turn:
            raise IllegalMoveError(f"it is {self.names[self.turn]}'s turn, not {event.player}'s")
        if isinstance(event, Play):
            self._play(seat, event)
        elif isinstance(event, Draw):
            self._draw(seat, event)
        else:
            self._pass(seat)

    def place_of(self, tile: Tile, on: object) -> int | Tile:
        """The place a play names (``head``, ``4-4``, ``toe3``), or the only one it fits."""
        word = str(on).lower() if on is not None else ""
        if not word:
            fits = self.fits(tile)
            if len(fits) == 1:
                return fits[0]
            if not fits:
                raise IllegalMoveError(f"{tile} fits nowhere open now ({self._open_words()})")
            named = " and ".join(self.place_name(p) for p in fits)
            raise IllegalMoveError(f"{tile} fits {named}: say which, like 'on {self.place_name(fits[0])}'")
        if word == HEAD:
            return self.engine
        if word.startswith("toe") and word[3:].isascii() and word[3:].isdigit():
            k = int(word[3:]) - 1
            if not 0 <= k < len(self.lines):
                raise IllegalMoveError(f"there is no {word} yet ({len(self.lines)} toes so far)")
            return k
        try:
            double = Tile.parse(word, self.rules.top)
        except Exception:
            double = None
        if double is not None and double.is_double:
            return double
        raise IllegalMoveError(
            f"'on {word}': name where it goes: head, a toe like toe3, or a double like 4-4"
        )

    def _open_words(self) -> str:
        return ", ".join(f"{self.place_name(p)} shows {self.number_at(p)}" for p in self.open_places())

    def _play(self, seat: int, event: Play) -> None:
        tile = event.tile
        hand = self.hands[seat]
        if self.checked:
            self._check_play(seat, event)
        place = self.place_of(tile, event.on)
        if self.checked and place not in self.open_places():
            raise IllegalMoveError(self._closed(place))
        number = self.number_at(place)
        if self.checked and not tile.bears(number):
            raise IllegalMoveError(f"{tile} does not fit {self.place_name(place)} (it shows {number})")
        if hand is not None:
            hand.discard(tile)
        self.counts[seat] -= 1
        self.history.append(Acted(seat, "play", tile, self.place_name(place), self.ends(), line=self.line))
        self.placed.add(tile)
        self.passes = 0
        self.drew = False
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
                self.waiting = Waiting(tile, self.rules.toes, line=place)
        if self.counts[seat] == 0:
            self.over, self.winner = True, seat
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

    def _check_play(self, seat: int, event: Play) -> None:
        tile, who = event.tile, event.player
        hand = self.hands[seat]
        if tile == self.engine or tile.high > self.rules.top:
            raise IllegalMoveError(f"{tile} is not in play this round (the head is {self.engine})")
        if hand is not None and tile not in hand:
            raise IllegalMoveError(f"{who} does not hold {tile}")
        for s, h in enumerate(self.hands):
            if s != seat and h is not None and tile in h:
                raise IllegalMoveError(f"{who} cannot hold {tile}: it is in {self.names[s]}'s hand")
        if self.counts[seat] == 0:
            raise IllegalMoveError(f"{who} has no tiles left")
        if tile in self.placed:
            raise IllegalMoveError(f"{tile} is already on the table")
        if isinstance(self.drew, Tile) and tile != self.drew:
            raise IllegalMoveError(f"after drawing, {who} may play only the tile drawn, {self.drew}")

    def _closed(self, place: int | Tile) -> str:
        w = self.waiting
        if w is not None:
            what = "the head" if w.double == self.engine else f"the double {w.double}"
            return f"{what} takes its toes first ({w.have} of {w.need} so far)"
        if isinstance(place, Tile):
            return f"{place} is not waiting for toes"
        return f"{self.place_name(place)} is closed: it goes on through the toes of its double"

    def _draw(self, seat: int, event: Draw) -> None:
        who = event.player
        if event.count != 1:
            raise IllegalMoveError(f"{who} draws one tile at a time in Chicken Foot")
        if self.drew is not False:
            raise IllegalMoveError(f"{who} has drawn already this turn: play the tile drawn, or pass")
        if self.boneyard == 0:
            raise IllegalMoveError(f"the boneyard is empty: {who} passes")
        hand = self.hands[seat]
        if self.checked and hand is not None and self.plays(seat):
            tile, place = self.plays(seat)[0]
            raise IllegalMoveError(f"{who} can play {tile} on {self.place_name(place)}: play if you can")
        drawn = self._take(event)
        known = (drawn,) if drawn is not None else None
        self.history.append(Acted(seat, "draw", ends=self.ends(), count=1, line=self.line, tiles=known))
        self.boneyard -= 1
        self.counts[seat] += 1
        if hand is not None and drawn is not None:
            hand.add(drawn)
        self.drew = drawn if drawn is not None else True

    def _take(self, event: Draw) -> Tile | None:
        named = event.tiles[0] if event.tiles else None
        if self.stock is not None:
            if named is not None and named != self.stock[0]:
                raise IllegalMoveError(f"the next tile in the boneyard is {self.stock[0]}, not {named}")
            return self.stock.pop(0)
        if named is not None:
            seen = set(self.placed) | {self.engine}
            for h in self.hands:
                seen |= h or set()
            if named in seen:
                raise IllegalMoveError(f"{named} cannot be in the boneyard: it is already seen")
        return named

    def _pass(self, seat: int) -> None:
        who = self.names[seat]
        if self.drew is False and self.boneyard > 0:
            raise IllegalMoveError(f"{who} draws a tile before passing ({self.boneyard} in the boneyard)")
        if self.checked and self.hands[seat] is not None and self.plays(seat):
            tile, place = self.plays(seat)[0]
            raise IllegalMoveError(f"{who} can play {tile} on {self.place_name(place)}: play if you can")
        self.history.append(Acted(seat, "pass", ends=self.ends(), line=self.line))
        self.drew = False
        self.passes += 1
        if self.boneyard == 0 and self.passes >= len(self.names):
            self.over = True  # nobody can play and nothing can be drawn
            return
        self._next()

    def _next(self) -> None:
        self.turn = (self.turn + 1) % len(self.names)

    # -- the count -----------------------------------------------------------------------------
    def pips_left(self, seat: int) -> int | None:
        hand = self.hands[seat]
        if hand is None:
            return None
        blank = Tile(0, 0)
        return sum(self.rules.blank_double if t == blank else t.pips for t in hand)

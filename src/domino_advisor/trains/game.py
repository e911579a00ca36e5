"""A round of Mexican Train as a state machine: apply a play, a draw or a pass, or
refuse it in the table's words and change nothing.

Each player has a train from the engine (the round's double, set aside before the
deal); the Mexican train is everyone's. On your turn you play one tile where you may:
your own train, the Mexican train, or a train with a marker on it (its owner could not
play). A player who cannot play draws one tile, plays it if it fits, else passes and
puts the marker on their own train until they next play on it. A double must be
satisfied (the next play goes on it) before play goes anywhere else; with
``double_again`` the player who laid it plays again, on it.  Hands may be unknown (the
log of one seat): then only what the table sees is checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from ..errors import IllegalMoveError
from ..events import Draw, Pass, Play
from ..tiles import Tile, format_tiles
from .rules import TrainRules

_by_number = attrgetter("high", "low")  # the tiles' own order, without building them pairs to compare

MEXICAN = "mexican"
Key = int | str  # a player's seat, or MEXICAN


@dataclass
class Train:
    end: int  # the number showing at its open end (the engine's while empty)
    tiles: list[Tile] = field(default_factory=list)
    marker: bool = False  # its owner could not play: anyone may play on it


@dataclass(frozen=True)
class Acted:
    """A public move, with the numbers the player could have played on then: what a
    draw that led to no play says they lack."""

    seat: int
    kind: str  # play, draw or pass
    tile: Tile | None = None
    train: Key | None = None
    ends: tuple[int, ...] = ()
    count: int = 0  # tiles drawn (one, in this game)
    line: int | None = None  # the log's line, where there is a log
    tiles: tuple[Tile, ...] | None = None  # the tile drawn, when its drawer's hand is known


class TrainRound:
    def __init__(
        self,
        rules: TrainRules,
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
        self.trains: dict[Key, Train] = {s: Train(e) for s in range(n)}
        self.trains[MEXICAN] = Train(e)
        self.placed: set[Tile] = set()  # every tile on a train (the engine apart)
        self.hands: list[set[Tile] | None] = [None if h is None else set(h) for h in hands]
        self.dealt = [None if h is None else tuple(h) for h in hands]
        self.counts = [size] * n
        self.boneyard = rules.tile_count - 1 - n * size
        self.stock = list(stock) if stock is not None else None  # the boneyard in order, when known
        self.turn = (number - 1) % n if first is None else first
        self.double: Key | None = None  # the train ending in a double still to satisfy
        self.drew: Tile | bool | None = False  # the player to move drew: the tile, or True if unseen
        self.passes = 0  # passes in a row (all of them with nothing to draw: the round is blocked)
        self.line: int | None = None  # the log line being applied
        self.history: list[Acted] = []
        self.winner: int | None = None
        self.over = False
        self.checked = True  # False only for rollouts fed the legal moves: the same play, fewer checks
        self.chain: int | None = None  # first_chain: the player laying their first turn's chain
        self.first_done: set[int] = set()  # the players whose first turn of the round is over
        for s, h in enumerate(self.hands):
            if h is not None and (len(h) != size or self.engine in h):
                raise IllegalMoveError(
                    f"{self.names[s]} should hold {size} tiles, the engine {self.engine} not among them"
                )

    def clone(self, checked: bool = True) -> TrainRound:
        """A copy to play on (simulation): cheaper than a deep copy, nothing shared that changes.
        Unchecked, it takes each move as legal (a rollout's moves come from ``plays``) and
        skips only the refusals; every change to the table is the same code."""
        other = TrainRound.__new__(TrainRound)
        other.__dict__.update(self.__dict__)
        other.trains = {k: Train(t.end, list(t.tiles), t.marker) for k, t in self.trains.items()}
        other.hands = [None if h is None else set(h) for h in self.hands]
        other.counts = list(self.counts)
        other.stock = None if self.stock is None else list(self.stock)
        other.history = list(self.history)
        other.placed = set(self.placed)
        other.first_done = set(self.first_done)
        other.checked = checked
        return other

    # -- what the table allows ----------------------------------------------------------------
    def key_name(self, key: Key) -> str:
        return MEXICAN if key == MEXICAN else self.names[int(key)]

    def open_to(self, seat: int) -> list[Key]:
        """The trains this player may play on now, their own first."""
        if self.double is not None:
            return [self.double]
        if self.chain == seat:
            return [seat]  # a first turn's chain goes on your own train
        own_started = bool(self.trains[seat].tiles)
        keys: list[Key] = [seat]
        if self.trains[MEXICAN].tiles or not self.rules.mexican_after_own or own_started:
            keys.append(MEXICAN)
        keys += [s for s in range(len(self.names)) if s != seat and self.trains[s].marker]
        return keys

    def ends_for(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted({self.trains[k].end for k in self.open_to(seat)}))

    def fits(self, seat: int, tile: Tile) -> list[Key]:
        return [k for k in self.open_to(seat) if tile.bears(self.trains[k].end)]

    def plays(self, seat: int) -> list[tuple[Tile, Key]]:
        """Every legal play from a known hand (the drawn tile only, after a draw)."""
        hand = self.hands[seat]
        if hand is None:
            raise ValueError(f"{self.names[seat]}'s hand is not known")
        tiles = [self.drew] if isinstance(self.drew, Tile) else sorted(hand, key=_by_number, reverse=True)
        ends = [(k, self.trains[k].end) for k in self.open_to(seat)]
        return [(t, k) for t in tiles for k, end in ends if t.bears(end)]

    # -- changing it ---------------------------------------------------------------------------
    def apply(self, event: Play | Draw | Pass, line: int | None = None) -> None:
        """Play it, or refuse it (and change nothing) in the table's words."""
        self.line = line
        if self.over:
            raise IllegalMoveError(f"round {self.number} is over: start the next round")
        seat = self._seat(event.player)
        kept = (self.chain, self.turn, set(self.first_done))
        if self.chain is not None and seat != self.chain and seat == (self.chain + 1) % len(self.names):
            self._end_chain()  # the next player's move ends the chain (put back if it is refused)
        if seat != self.turn:
            self.chain, self.turn, self.first_done = kept
            raise IllegalMoveError(f"it is {self.names[self.turn]}'s turn, not {event.player}'s")
        try:
            if isinstance(event, Play):
                self._play(seat, event)
            elif self.chain == seat:
                raise IllegalMoveError(
                    f"{event.player} has played this turn: lay more of the chain on your own train, "
                    "or the next player goes on"
                )
            elif isinstance(event, Draw):
                self._draw(seat, event)
            else:
                self._pass(seat)
        except IllegalMoveError:
            self.chain, self.turn, self.first_done = kept
            raise

    def _end_chain(self) -> None:
        self.chain = None
        self._next()

    def for_next(self, seat: int) -> TrainRound:
        """The round as ``seat`` meets it: while the player before them lays a first chain
        whose end nobody can know yet, ``seat``'s move is what ends it, so advice and
        review look at the round with that chain over (a copy; this round is unchanged)."""
        if self.chain is None or self.chain == seat or (self.chain + 1) % len(self.names) != seat:
            return self
        other = self.clone()
        other._end_chain()
        return other

    def _seat(self, name: str) -> int:
        if name not in self.names:
            raise IllegalMoveError(f"'{name}' is not at this table (the players are {', '.join(self.names)})")
        return self.names.index(name)

    def key_of(self, seat: int, on: object, tile: Tile | None = None) -> Key:
        """The train a play names (mexican, mine, a player), in the table's words if none fits."""
        word = str(on).lower() if on is not None else ""
        if word == MEXICAN:
            return MEXICAN
        if word in ("mine", "own"):
            return seat
        named = [s for s, n in enumerate(self.names) if n.lower() == word]
        if named:
            return named[0]
        if on is None and tile is not None:
            fits = self.fits(seat, tile)
            if not fits:
                ends = ", ".join(
                    f"{self.key_name(k)} ends in {self.trains[k].end}" for k in self.open_to(seat)
                )
                raise IllegalMoveError(f"{tile} fits no train open to {self.names[seat]} ({ends})")
            if len(fits) > 1:
                where = " and ".join(self.key_name(k) for k in fits)
                raise IllegalMoveError(f"{tile} fits {where}: say which, like 'on {self.key_name(fits[0])}'")
        raise IllegalMoveError(
            f"say which train: 'on mexican', 'on mine' or a player's name ({', '.join(self.names)})"
        )

    def _play(self, seat: int, event: Play) -> None:
        tile = event.tile
        hand = self.hands[seat]
        if self.checked:
            self._check_play(seat, event)
        key = self.key_of(seat, event.on, tile)
        train = self.trains[key]
        if self.checked and key not in self.open_to(seat):
            raise IllegalMoveError(self._closed(seat, key))
        if self.checked and not tile.bears(train.end):
            raise IllegalMoveError(
                f"{tile} does not fit {self.key_name(key)}'s train (it ends in {train.end})"
            )
        self._lay(seat, tile, key, train, hand)

    def _check_play(self, seat: int, event: Play) -> None:
        tile, who = event.tile, event.player
        hand = self.hands[seat]
        if tile == self.engine or tile.high > self.rules.top:
            raise IllegalMoveError(f"{tile} is not in play this round (the engine is {self.engine})")
        if hand is not None and tile not in hand:
            raise IllegalMoveError(f"{who} does not hold {tile}")
        holder = next(
            (s for s, h in enumerate(self.hands) if s != seat and h is not None and tile in h), None
        )
        if holder is not None:
            raise IllegalMoveError(f"{who} cannot hold {tile}: it is in {self.names[holder]}'s hand")
        if self.counts[seat] == 0:
            raise IllegalMoveError(f"{who} has no tiles left")
        if tile in self.placed:
            raise IllegalMoveError(f"{tile} is already on the table")
        if isinstance(self.drew, Tile) and tile != self.drew:
            raise IllegalMoveError(f"after drawing, {who} may play only the tile drawn, {self.drew}")

    def _lay(self, seat: int, tile: Tile, key: Key, train: Train, hand: set[Tile] | None) -> None:
        self.chain = None  # set again below while a first turn's chain may go on
        drawn = self.drew is not False  # a tile drawn and played ends the turn: no chain from it
        if hand is not None:
            hand.discard(tile)
        self.counts[seat] -= 1
        self.history.append(Acted(seat, "play", tile, key, self.ends_for(seat), line=self.line))
        train.tiles.append(tile)
        self.placed.add(tile)
        train.end = tile.other(train.end)
        if key == seat:
            train.marker = False
        self.passes = 0
        self.drew = False
        if self.counts[seat] == 0:
            self.over, self.winner = True, seat
            return
        if tile.is_double:
            self.double = key
            if self.rules.double_again:
                return  # the same player goes on, on the double
        elif self.double == key:
            self.double = None
        if (
            self.rules.first_chain
            and key == seat
            and seat not in self.first_done
            and self.double is None
            and not drawn
        ):
            self.chain = seat  # the first turn: the chain may go on, on your own train
            if hand is not None and not self.plays(seat):
                self._end_chain()  # nothing more fits: the chain is over
            return
        self._next()

    def _closed(self, seat: int, key: Key) -> str:
        if self.double is not None:
            return f"the double on {self.key_name(self.double)}'s train must be satisfied first"
        if self.chain == seat:
            return "during a first chain you play only on your own train (or the next player goes on)"
        if key == MEXICAN:
            return "the Mexican train starts only after your own train has (mexican_after_own)"
        return f"{self.key_name(key)}'s train is not open (no marker on it)"

    def _draw(self, seat: int, event: Draw) -> None:
        who = event.player
        if event.count != 1:
            raise IllegalMoveError(f"{who} draws one tile at a time in Mexican Train")
        if self.drew is not False:
            raise IllegalMoveError(f"{who} has drawn already this turn: play the tile drawn, or pass")
        if self.boneyard == 0:
            raise IllegalMoveError(f"the boneyard is empty: {who} passes")
        hand = self.hands[seat]
        if self.checked and hand is not None and self.plays(seat):
            tile, key = self.plays(seat)[0]
            raise IllegalMoveError(f"{who} can play {tile} on {self.key_name(key)}: play if you can")
        drawn = self._take(event)
        known = (drawn,) if drawn is not None else None
        self.history.append(
            Acted(seat, "draw", ends=self.ends_for(seat), count=1, line=self.line, tiles=known)
        )
        self.boneyard -= 1
        self.counts[seat] += 1
        if hand is not None and drawn is not None:
            hand.add(drawn)
        self.drew = drawn if drawn is not None else True

    def _take(self, event: Draw) -> Tile | None:
        """The tile drawn: the stock's next when it is known, or the one the log names."""
        named = event.tiles[0] if event.tiles else None
        if self.stock is not None:
            if named is not None and named != self.stock[0]:
                raise IllegalMoveError(f"the next tile in the boneyard is {self.stock[0]}, not {named}")
            return self.stock.pop(0)
        if named is not None:
            seen = {t for tr in self.trains.values() for t in tr.tiles} | {self.engine}
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
            tile, key = self.plays(seat)[0]
            raise IllegalMoveError(f"{who} can play {tile} on {self.key_name(key)}: play if you can")
        self.history.append(Acted(seat, "pass", ends=self.ends_for(seat), line=self.line))
        newly = not self.trains[seat].marker
        self.trains[seat].marker = True
        self.drew = False
        # a new marker opens a train to the others: only passes after it say they cannot play
        self.passes = 1 if newly else self.passes + 1
        if self.boneyard == 0 and self.passes >= len(self.names):
            self.over = True  # nobody can play and nothing can be drawn
            return
        self._next()

    def _next(self) -> None:
        self.first_done.add(self.turn)
        self.turn = (self.turn + 1) % len(self.names)

    # -- the count -----------------------------------------------------------------------------
    def pips_left(self, seat: int) -> int | None:
        hand = self.hands[seat]
        if hand is None:
            return None
        blank = Tile(0, 0)
        return sum(self.rules.blank_double if t == blank else t.pips for t in hand)

    def describe(self) -> str:
        lines = [f"engine {self.engine}"]
        for key, train in self.trains.items():
            mark = " (marker)" if train.marker else ""
            lines.append(f"{self.key_name(key)}: {format_tiles(train.tiles) or '-'} ends {train.end}{mark}")
        return "\n".join(lines)

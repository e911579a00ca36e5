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

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile, format_tiles
from domino_advisor.games.events import Draw, Pass, Play
from domino_advisor.games.hub.round import HubRound
from domino_advisor.games.trains.rules import TrainRules

MEXICAN = "mexican"
Key = int | str  # a player's seat, or MEXICAN


@dataclass
class Train:
    end: int  # the number showing at its open end (the engine's while empty)
    tiles: list[Tile] = field(default_factory=list)
    marker: bool = False  # its owner could not play: anyone may play on it


class TrainRound(HubRound):
    """A Mexican Train round (the shared bookkeeping is ``hub.HubRound``)."""

    rules: TrainRules

    def __init__(
        self,
        rules: TrainRules,
        names: list[str],
        number: int,
        hands: list[tuple[Tile, ...] | None],
        stock: list[Tile] | None = None,
        first: int | None = None,
    ):
        super().__init__(rules, names, number, hands, stock, first)
        e = self.engine.high
        self.trains: dict[Key, Train] = {s: Train(e) for s in range(len(names))}
        self.trains[MEXICAN] = Train(e)
        self.double: Key | None = None  # the train ending in a double still to satisfy
        self.chain: int | None = None  # first_chain: the player laying their first turn's chain
        self.first_done: set[int] = set()  # the players whose first turn of the round is over

    def _copy_table(self, other: TrainRound) -> None:
        other.trains = {k: Train(t.end, list(t.tiles), t.marker) for k, t in self.trains.items()}
        other.first_done = set(self.first_done)

    # -- what the table allows ----------------------------------------------------------------
    def place_name(self, key: Key) -> str:
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

    def open_ends(self, seat: int) -> list[tuple[Key, int]]:
        return [(k, self.trains[k].end) for k in self.open_to(seat)]

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
            raise self.wrong_turn(seat)
        try:
            if self.chain == seat and not isinstance(event, Play):
                raise IllegalMoveError(
                    f"{event.player} has played this turn: lay more of the chain on your own train, "
                    "or the next player goes on"
                )
            self._move(seat, event)
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

    def where_to(self, seat: int, tile: Tile, on: object) -> Key:
        return self.key_of(seat, on, tile)

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
                    f"{self.place_name(k)} ends in {self.trains[k].end}" for k in self.open_to(seat)
                )
                raise IllegalMoveError(f"{tile} fits no train open to {self.names[seat]} ({ends})")
            if len(fits) > 1:
                where = " and ".join(self.place_name(k) for k in fits)
                example = self.place_name(fits[0])
                raise IllegalMoveError(f"{tile} fits {where}: say which, like 'on {example}'")
        raise IllegalMoveError(
            f"say which train: 'on mexican', 'on mine' or a player's name ({', '.join(self.names)})"
        )

    def _play(self, seat: int, event: Play) -> None:
        tile = event.tile
        if self.checked:
            self._check_play(seat, event)
        key = self.key_of(seat, event.on, tile)
        train = self.trains[key]
        if self.checked and key not in self.open_to(seat):
            raise IllegalMoveError(self._closed(seat, key))
        if self.checked and not tile.bears(train.end):
            whose = "your" if key == self.viewer else f"{self.place_name(key)}'s"
            raise IllegalMoveError(f"{tile} does not fit {whose} train (it ends in {train.end})")
        self.lay(seat, tile, key)

    def lay(self, seat: int, tile: Tile, key: Key) -> None:
        train = self.trains[key]
        self.chain = None  # set again below while a first turn's chain may go on
        drawn = self.drew is not False  # a tile drawn and played ends the turn: no chain from it
        self._laid(seat, tile, key, train.end)
        train.tiles.append(tile)
        train.end = tile.other(train.end)
        if key == seat:
            train.marker = False
        if self.over:
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
            if self.hands[seat] is not None and not self.plays(seat):
                self._end_chain()  # nothing more fits: the chain is over
            return
        self._next()

    def _closed(self, seat: int, key: Key) -> str:
        if self.double is not None:
            return f"the double on {self.place_name(self.double)}'s train must be satisfied first"
        if self.chain == seat:
            return "during a first chain you play only on your own train (or the next player goes on)"
        if key == MEXICAN:
            return "the Mexican train starts only after your own train has (mexican_after_own)"
        return f"{self.place_name(key)}'s train is not open (no marker on it)"

    def _passes_after(self, seat: int) -> int:
        """A new marker opens a train to the others: only passes after it say they cannot play."""
        newly = not self.trains[seat].marker
        self.trains[seat].marker = True
        return 1 if newly else self.passes + 1

    def _next(self) -> None:
        self.first_done.add(self.turn)
        self.turn = (self.turn + 1) % len(self.names)

    def describe(self) -> str:
        lines = [f"engine {self.engine}"]
        for key, train in self.trains.items():
            mark = " (marker)" if train.marker else ""
            lines.append(f"{self.place_name(key)}: {format_tiles(train.tiles) or '-'} ends {train.end}{mark}")
        return "\n".join(lines)

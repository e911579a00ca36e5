"""Matador's round as a state machine: apply a move, or refuse it and change nothing.

The opener lays any tile; then play goes round the table in seat order.  A tile is laid
on an end it fits (``layout.py``: the half that makes seven with the end, or a matador
anywhere); a player who can lay a tile must, and one who cannot draws one tile at a time
until one can be laid, or passes once the boneyard is empty.  The round ends when a
player lays their last tile, or is blocked when every player has passed in turn.

One engine serves a simulation (every hand and the boneyard's order known) and one seat's
log (``seat.MatadorSeatRound``: only that hand known), each check made against what is known: a
hidden hand's draw or pass is taken as logged (it proves the hand held nothing that fits,
``view.MatadorSeatView``); a known hand's is refused while it holds a tile that fits.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Self

from domino_advisor.base.errors import AmbiguousMoveError, IllegalMoveError
from domino_advisor.base.printable import describe_numbers
from domino_advisor.base.tiles import Tile, full_set, set_name, sort_tiles
from domino_advisor.games.events import Draw, Event, Move, Pass, Play
from domino_advisor.games.hub.seattable import SeatTable
from domino_advisor.games.matador.layout import MatadorLine, fits, takes
from domino_advisor.games.matador.record import MatadorActed
from domino_advisor.games.matador.rules import TITLE, MatadorRules
from domino_advisor.games.matador.scoring import Scored, score

Place = int | None  # where a play goes: the number its end shows; None opens


def shuffle_deal(
    rules: MatadorRules, players: int, rng: random.Random
) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
    """A fair deal: the hands, and the boneyard in the order it is drawn."""
    tiles = list(full_set(rules.top))
    rng.shuffle(tiles)
    size = rules.hand_size(players)
    hands = [tuple(tiles[i * size : (i + 1) * size]) for i in range(players)]
    return hands, tiles[players * size :]


class MatadorRound(SeatTable):
    """One round's deal, what is known of it (``hub.seattable.SeatTable``), and its moves.
    The round as the one stack's uses play it (``games.registry.GameRound``): the player to
    move, the plays open to a seat, a rollout's step, the pips left."""

    race = False  # the players take turns: one acts at a time
    rules: MatadorRules

    def __init__(
        self,
        rules: MatadorRules,
        names: Sequence[str],
        hands: Sequence[Sequence[Tile] | None],
        stock: Sequence[Tile] | None = None,
        viewer: int | None = None,
        number: int = 1,
        opener: int = 0,
    ):
        super().__init__(rules, names, stock, viewer, number)
        self.opener = opener % self.seats
        self.turn = self.opener  # the player to move
        self.layout = MatadorLine.empty()
        self.history: list[MatadorActed] = []
        self.drew = 0  # tiles the player to move has drawn this turn
        self.passes = 0  # passes in a row (every player's: the round is blocked)
        self.deal_hands(hands)

    @classmethod
    def shuffled(cls, rules: MatadorRules, names: Sequence[str], rng: random.Random, opener: int = 0) -> Self:
        """A fair deal with every hand and the boneyard's order known (simulation, tests)."""
        hands, stock = shuffle_deal(rules, len(names), rng)
        return cls(rules, names, hands, stock, opener=opener)

    def fitting(self, seat: int) -> list[Tile]:
        """The tiles of a known hand that may be laid now, heaviest first (none if hidden)."""
        hand = self.hands[seat]
        if hand is None or self.layout.is_empty:
            return []
        ends = self.layout.ends
        return sort_tiles(t for t in hand if any(fits(t, n) for n in ends))

    def result(self) -> Scored | None:
        """How the round was won and scored, once the hands that matter are known."""
        if not self.over:
            return None
        known = [self.pips(s) for s in range(self.seats)]
        pips = [p for p in known if p is not None]
        if len(pips) < self.seats:
            return None
        return score(pips, self.out)

    # -- who may act, and how ---------------------------------------------------------------
    def actors(self) -> frozenset[int]:
        """The player to move (nobody once the round is over)."""
        return frozenset() if self.over else frozenset({self.turn})

    def mover(self) -> int | None:
        return None if self.over else self.turn

    def may_play(self, seat: int) -> bool:
        """It is this seat's turn, as far as the round knows."""
        return not self.over and self.turn == seat

    def idle(self, seat: int) -> str:
        """What the player to move does when no tile fits: draw one, or pass once the boneyard is empty."""
        return "draw" if self.boneyard > 0 else "pass"

    def next_actor(self, rng: random.Random) -> int:
        """The player to move (taking turns, nobody is drawn by lot: ``rng`` is left as it was)."""
        return self.turn

    def legal_moves(self) -> list[Move]:
        """What the player to move may do, every hand known."""
        return self.moves_of(self.turn)

    def moves_of(self, seat: int) -> list[Move]:
        """What this seat may do, every hand known: a play where one fits (a player who can
        play must), else draw one tile, else pass."""
        who = self.names[seat]
        plays = self.plays(seat)
        if plays:
            return [Play(who, t, p) for t, p in plays]
        if self.boneyard > 0:
            assert self.stock is not None  # a full round's boneyard is known
            return [Draw(who, 1, (self.stock[0],))]
        return [Pass(who)]

    def plays(self, seat: int) -> list[tuple[Tile, Place]]:
        """Every legal play from a known hand, heaviest first: any tile to open; then each
        tile that fits, once for each end (by the number it shows) it may be laid on."""
        hand = self.hands[seat]
        if hand is None:
            raise ValueError(f"{self.names[seat]}'s hand is not known")
        if self.layout.is_empty:
            return [(t, None) for t in sort_tiles(hand)]
        return [(t, n) for t in self.fitting(seat) for n in self.layout.places(t)]

    def open_numbers(self, seat: int) -> tuple[int, ...]:
        """The numbers showing on the open ends (each takes the tile that makes seven)."""
        return tuple(sorted(set(self.layout.ends)))

    def fits(self, seat: int, tile: Tile) -> list[Place]:
        """The places a tile could go now."""
        if self.layout.is_empty:
            return [None]
        return list(self.layout.places(tile))

    def alike(
        self, plays: list[tuple[Tile, Place]]
    ) -> tuple[list[tuple[Tile, Place]], dict[tuple[Tile, Place], tuple[str, ...]]]:
        """Two ends showing one number are offered once already (``MatadorLine.places``)."""
        return plays, {}

    def where_to(self, seat: int, tile: Tile, on: object) -> Place:
        """The end a play names (as the log writes it), or the only one its tile fits."""
        return self._resolve(self.names[seat], tile, on)

    def place_name(self, place: Place) -> str:
        return "the table" if place is None else str(place)

    def play_event(self, seat: int, tile: Tile, place: Place) -> Play:
        """A legal play as the log writes it: the end's number, none to open."""
        return Play(self.names[seat], tile, place)

    def table_tiles(self) -> frozenset[Tile]:
        return frozenset(self.placed)

    def seen_where(self, viewer: int, tile: Tile) -> str:
        """Where a tile on the table lies, in words."""
        who = "you" if self.placed[tile] == viewer else self.names[self.placed[tile]]
        return f"on the table ({who} played it)"

    def seat_view(self, seat: int, shown: dict[int, tuple[Tile, ...]] | None = None) -> object:
        """What ``seat`` knows, for the counting (``view.MatadorSeatView``)."""
        from domino_advisor.games.matador.view import MatadorSeatView

        return MatadorSeatView.of(self, seat, shown)

    def for_next(self, seat: int) -> Self:
        return self

    def start_words(self) -> str:
        """The round's start, for a lesson's first line."""
        return f"{self.names[self.opener]} opens with any tile; then round the table"

    def end_words(self) -> str | None:
        """How the round ended, for a lesson's last line: who went out, the pips left."""
        from domino_advisor.games.words import pips_left_said

        return pips_left_said(self) if self.over else None

    # -- applying moves --------------------------------------------------------------------
    def apply(self, event: Event, line: int | None = None) -> None:
        """Apply a move, or refuse it in the table's words and change nothing."""
        if not isinstance(event, Play | Draw | Pass):
            raise IllegalMoveError(f"'{event}' is not a move: a player plays, draws or passes")
        seat = self.seat(event.player)
        self._check_act(seat, event)
        if isinstance(event, Play):
            self._play(seat, event, line)
        elif isinstance(event, Draw):
            self._draw(seat, event, line)
        else:
            self._pass(seat, line)

    def _check_act(self, seat: int, event: Move) -> None:
        doing = {Play: "plays", Draw: "draws", Pass: "passes"}[type(event)]
        if self.over:
            why = f"{self.names[self.out]} went out" if self.out is not None else "it is blocked"
            raise IllegalMoveError(
                f"round {self.number} is over: {why}, and nobody {doing} now "
                "(log the hands with 'shows' or 'counts')"
            )
        if not self.ready:
            me = self.names[self.viewer or 0]
            raise IllegalMoveError(
                f"round {self.number} has not been dealt: log your hand first ('{me} holds ...')"
            )
        if seat != self.turn:
            turn = "your" if self.turn == self.viewer else f"{self.names[self.turn]}'s"
            whose = "yours" if seat == self.viewer else f"{self.names[seat]}'s"
            opens = " (they open this round)" if self.layout.is_empty else ""
            raise IllegalMoveError(f"it is {turn} turn, not {whose}{opens}")
        if self.layout.is_empty and not isinstance(event, Play):
            raise IllegalMoveError(
                f"{event.player} {doing} before the first tile is played: the opener lays any tile"
            )

    def _could_play(self, seat: int, doing: str) -> None:
        """A player who can lay a tile neither draws nor passes (known where the hand is)."""
        tiles = self.fitting(seat)
        if tiles:
            holds = "you hold" if seat == self.viewer else f"{self.names[seat]} holds"
            where = describe_numbers(self.layout.places(tiles[0]))
            raise IllegalMoveError(
                f"{self.names[seat]} cannot {doing}: {holds} {tiles[0]}, which plays on {where} "
                "(a player who can lay a tile must play)"
            )

    def _resolve(self, who: str, tile: Tile, on: object) -> Place:
        """The end a play goes on, from what was written after ``on``: refused in the table's
        words where it fits no end or fits two and names none."""
        if self.layout.is_empty:
            if on is not None:
                raise IllegalMoveError(f"the table is empty: the first tile is played without 'on {on}'")
            return None
        ends = self.layout.ends
        shown = describe_numbers(sorted(set(ends), reverse=True))
        if on is not None:
            if not isinstance(on, int):
                raise IllegalMoveError(
                    f"'on {on}': name the end by the number it shows (the open ends are {shown})"
                )
            if on not in ends:
                raise IllegalMoveError(f"no open end shows {on} (the open ends are {shown})")
            if not fits(tile, on):
                raise IllegalMoveError(f"{tile} cannot go on {on}: an end showing {on} takes {takes(on)}")
            return on
        places = self.layout.places(tile)
        if not places:
            wanted = "; ".join(f"{n} takes {takes(n)}" for n in sorted(set(ends), reverse=True))
            raise IllegalMoveError(f"{tile} does not go on the open ends {shown} ({wanted})")
        if len(places) > 1:
            said = " or ".join(f"'on {n}'" for n in places)
            raise AmbiguousMoveError(
                f"{tile} fits the ends showing {describe_numbers(places)}: say which, {said}"
            )
        return places[0]

    def _play(self, seat: int, event: Play, line: int | None) -> None:
        tile, hand, who = event.tile, self.hands[seat], event.player
        if tile.high > self.rules.top:
            raise IllegalMoveError(f"{tile} is not a tile of the {set_name(self.rules.top)} set")
        if tile in self.placed:
            raise IllegalMoveError(f"{who} cannot play {tile}: {self.where(tile)}")
        if hand is not None and tile not in hand:
            raise IllegalMoveError(f"{'you do' if seat == self.viewer else who + ' does'} not hold {tile}")
        where = self.where(tile) if hand is None else None
        if where:
            raise IllegalMoveError(f"{who} cannot play {tile}: {where}")
        on = self._resolve(who, tile, event.on)
        ends = tuple(self.layout.ends)
        # every check passed: change the state
        self._lay(seat, tile, on)
        self.history.append(MatadorActed(seat, "play", tile, on, ends, line))

    def _lay(self, seat: int, tile: Tile, on: Place) -> None:
        """What laying a legal tile does to the table."""
        self.layout = self.layout.open_with(tile) if on is None else self.layout.place(tile, on)
        self.placed[tile] = seat
        hand = self.hands[seat]
        if hand is not None:
            hand.discard(tile)
        self.counts[seat] -= 1
        self.drew = 0
        self.passes = 0
        if self.counts[seat] == 0:
            self.over, self.how, self.out = True, "out", seat
        else:
            self.turn = (seat + 1) % self.seats

    def _draw(self, seat: int, event: Draw, line: int | None) -> None:
        who, hand = event.player, self.hands[seat]
        if event.count != 1:
            raise IllegalMoveError(f"{who} draws {event.count}: in {TITLE} a player draws one tile at a time")
        if self.boneyard == 0:
            raise IllegalMoveError(
                f"{who} cannot draw: the boneyard is empty (a player who cannot play passes)"
            )
        self._could_play(seat, "draw")
        tile = event.tiles[0] if event.tiles else None
        if tile is None and hand is not None and self.stock is not None:
            tile = self.stock[0]  # the boneyard's order known: a draw counted is its next tile
        if hand is not None and tile is None:
            raise IllegalMoveError(f"{who} drew 1: write which tile, like '{who} draws 6-4'")
        if hand is None and tile is not None:
            raise IllegalMoveError(f"{who}'s draws are hidden: write how many, like '{who} draws 1'")
        if tile is not None and self.stock is not None and tile != self.stock[0]:
            raise IllegalMoveError(f"{who} draws {tile}, but the boneyard's top is {self.stock[0]}")
        if tile is not None and self.stock is None and self.where(tile):
            raise IllegalMoveError(f"{who} cannot draw {tile}: {self.where(tile)}")
        # every check passed: change the state
        self.history.append(MatadorActed(seat, "draw", tile, None, tuple(self.layout.ends), line))
        self._take(seat, tile)

    def _take(self, seat: int, tile: Tile | None) -> None:
        self.boneyard -= 1
        if self.stock is not None:
            del self.stock[0]
        hand = self.hands[seat]
        if hand is not None and tile is not None:
            hand.add(tile)
        self.counts[seat] += 1
        self.drew += 1

    def _pass(self, seat: int, line: int | None) -> None:
        who = self.names[seat]
        if self.boneyard:
            n = self.boneyard
            raise IllegalMoveError(
                f"{who} cannot pass: {n} tile{'s' if n != 1 else ''} can still be drawn "
                "(a player who cannot play draws one tile at a time)"
            )
        self._could_play(seat, "pass")
        self.history.append(MatadorActed(seat, "pass", None, None, tuple(self.layout.ends), line))
        self._passed(seat)

    def _passed(self, seat: int) -> None:
        self.drew = 0
        self.passes += 1
        if self.passes >= self.seats:
            self.over, self.how = True, "blocked"  # every player passed in turn
        else:
            self.turn = (seat + 1) % self.seats

    # -- what a rollout does -----------------------------------------------------------------
    def clone(self, checked: bool = True) -> Self:
        """A copy to play on, nothing shared that changes (``SeatTable.clone``, and the
        history)."""
        other = super().clone(checked)
        other.history = list(self.history)
        return other

    def dealt_again(
        self, hands: list[tuple[Tile, ...]], stock: list[Tile], as_logged: bool = False
    ) -> MatadorRound:
        """This round dealt again with every hand and the boneyard known (hindsight); taking
        turns, the moves are checked alike either way."""
        return MatadorRound(self.rules, self.names, hands, stock, None, self.number, self.opener)

    def lay(self, seat: int, tile: Tile, place: Place) -> None:
        """Lay a legal play (one ``plays`` offered)."""
        if self.checked:
            self.apply(Play(self.names[seat], tile, place))
        else:
            self._lay(seat, tile, place)

    def step(
        self, choose: Callable[[Self, list[tuple[Tile, Place]]], tuple[Tile, Place]], rng: random.Random
    ) -> None:
        """A rollout's move, every hand known: the player to move lays what ``choose`` picks
        among their plays, else draws, else passes (taking turns, ``rng`` is not used)."""
        seat = self.turn
        plays = self.plays(seat)
        if plays:
            tile, place = choose(self, plays)
            self.lay(seat, tile, place)
        elif not self.checked:
            if self.boneyard:
                assert self.stock is not None
                hand = self.hands[seat]
                assert hand is not None
                tile = self.stock[0]
                self._take(seat, tile)
            else:
                self._passed(seat)
        elif self.boneyard:
            assert self.stock is not None
            self.apply(Draw(self.names[seat], 1, (self.stock[0],)))
        else:
            self.apply(Pass(self.names[seat]))

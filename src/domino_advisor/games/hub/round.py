"""What every game played off a double set aside in the middle shares (Mexican Train's
engine, Chicken Foot's head): the deal's bookkeeping, one-tile draws, passes that block
the round when nothing is left to draw, the checks a play must pass wherever it goes,
and the count at the end.  A game says only where a tile may go (``open_ends``), what
a place is called, and what laying a tile does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import attrgetter
from typing import Any, Self

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Draw, Pass, Play
from domino_advisor.games.hub.record import HubActed
from domino_advisor.games.hub.rules import HubRules

_by_number = attrgetter("high", "low")  # the tiles' own order, without building them pairs to compare


class HubRound:
    """A round's state; hands may be unknown (the log of one seat): then only what the
    table sees is checked."""

    race = False  # the players take turns: one acts at a time

    def __init__(
        self,
        rules: HubRules,
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
        self.placed: set[Tile] = set()  # every tile laid (the hub apart)
        self.hands: list[set[Tile] | None] = [None if h is None else set(h) for h in hands]
        self.dealt = [None if h is None else tuple(h) for h in hands]
        self.counts = [size] * n
        self.boneyard = rules.tile_count - 1 - n * size
        self.stock = list(stock) if stock is not None else None  # the boneyard in order, when known
        self.turn = (number - 1) % n if first is None else first
        self.drew: Tile | bool | None = False  # the player to move drew: the tile, or True if unseen
        self.passes = 0  # passes in a row (all of them with nothing to draw: the round is blocked)
        self.line: int | None = None  # the log line being applied
        self.history: list[HubActed] = []
        self.winner: int | None = None
        self.over = False
        self.checked = True  # False only for rollouts fed the legal plays: no checks, no history
        self.viewer: int | None = None  # whose log this is, where it is one seat's: refusals say "your turn"
        for s, h in enumerate(self.hands):
            if h is not None and (len(h) != size or self.engine in h):
                raise IllegalMoveError(
                    f"{self.names[s]} should hold {size} tiles, "
                    f"the {rules.hub_word} {self.engine} not among them"
                )

    def clone(self, checked: bool = True) -> Self:
        """A copy to play on (simulation): cheaper than a deep copy, nothing shared that changes.
        Unchecked, it takes each move as legal (a rollout's moves come from ``plays``): it
        skips the refusals and keeps no history (nothing in a rollout reads it); every
        change to the table is the same code."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands = [None if h is None else set(h) for h in self.hands]
        other.counts = list(self.counts)
        other.stock = None if self.stock is None else list(self.stock)
        other.history = list(self.history)
        other.placed = set(self.placed)
        other.checked = checked
        self._copy_table(other)
        return other

    def _copy_table(self, other: Self) -> None:
        """Give ``other`` its own copy of what this game keeps on the table."""
        raise NotImplementedError

    # -- what the table allows ----------------------------------------------------------------
    def place_name(self, place: Any) -> str:
        raise NotImplementedError

    def where_to(self, seat: int, tile: Tile, on: object) -> Any:
        """The place a play names (``on`` as the log writes it), or the only one its tile fits;
        refused in the table's words."""
        raise NotImplementedError

    def open_ends(self, seat: int) -> list[tuple[Any, int]]:
        """Each place this player may play on now, with the number showing there."""
        raise NotImplementedError

    def ends_for(self, seat: int) -> tuple[int, ...]:
        """The numbers this player could play on now: what a draw without a play says they lack."""
        return tuple(sorted({number for _, number in self.open_ends(seat)}))

    def open_numbers(self, seat: int) -> tuple[int, ...]:
        return self.ends_for(seat)

    def fits(self, seat: int, tile: Tile) -> list[Any]:
        return [p for p, number in self.open_ends(seat) if tile.bears(number)]

    def alike(self, plays: list[tuple[Tile, Any]]) -> tuple[list[tuple[Tile, Any]], dict]:
        """The plays worth trying apart, and for each the places alike to it (none here;
        Chicken Foot's lines ending in one number are alike)."""
        return plays, {}

    def plays(self, seat: int) -> list[tuple[Tile, Any]]:
        """Every legal play from a known hand (the drawn tile only, after a draw); a tile
        that fits two places is offered once for each."""
        hand = self.hands[seat]
        if hand is None:
            raise ValueError(f"{self.names[seat]}'s hand is not known")
        tiles = [self.drew] if isinstance(self.drew, Tile) else sorted(hand, key=_by_number, reverse=True)
        ends = self.open_ends(seat)
        return [(t, p) for t in tiles for p, number in ends if t.bears(number)]

    # -- what the one stack asks of a round (games.registry.GameRound) ---------------------------
    def legal_moves(self) -> list[Play | Draw | Pass]:
        """What the player to move may do, every hand known (``moves_of``)."""
        return self.moves_of(self.turn)

    def actors(self) -> frozenset[int]:
        """Who may act now: the player whose turn it is (nobody once the round is over)."""
        return frozenset() if self.over else frozenset({self.turn})

    def dealt_again(self, hands: list[tuple[Tile, ...]], stock: list[Tile], as_logged: bool = False) -> Self:
        """This round dealt again with every hand and the boneyard known (hindsight); taking
        turns, the moves are checked alike either way."""
        return type(self)(self.rules, self.names, self.number, list(hands), list(stock))

    def play_event(self, seat: int, tile: Tile, place: Any) -> Play:
        """A legal play as the log writes it: the place by its name."""
        return Play(self.names[seat], tile, self.place_name(place))

    def mover(self) -> int | None:
        """The player to move (None once the round is over)."""
        return None if self.over else self.turn

    def may_play(self, seat: int) -> bool:
        """It is this seat's turn, as far as the round knows."""
        return not self.over and self.turn == seat

    def idle(self, seat: int) -> str:
        """What the player to move does when no tile fits: draw one, or pass after drawing."""
        return "draw" if self.drew is False and self.boneyard > 0 else "pass"

    def next_actor(self, rng: random.Random) -> int:
        """Who acts next, every hand known: the player to move (taking turns, nobody is
        drawn by lot, and ``rng`` is left as it was; the games that race draw by it)."""
        return self.turn

    def moves_of(self, seat: int) -> list[Play | Draw | Pass]:
        """What this seat may do, every hand known (the player to move): a play where one
        fits (you must play if you can), else draw one, else pass."""
        who = self.names[seat]
        plays = self.plays(seat)
        if plays:
            return [Play(who, t, self.place_name(k)) for t, k in plays]
        if self.drew is False and self.boneyard > 0:
            assert self.stock is not None
            return [Draw(who, 1, (self.stock[0],))]
        return [Pass(who)]

    def start_words(self) -> str:
        """The round's start, for a lesson's first line: the double in the middle."""
        return f"{self.rules.hub_word} {self.engine}"

    def end_words(self) -> str | None:
        """How the round ended, for a lesson's last line: who went out, the pips left."""
        from domino_advisor.games.words import pips_left_said

        return pips_left_said(self) if self.over else None

    def seat_view(self, seat: int, shown: dict[int, tuple[Tile, ...]] | None = None) -> Any:
        """What ``seat`` knows, for the counting (``hub.view.HubSeatView``)."""
        from domino_advisor.games.hub.view import HubSeatView

        return HubSeatView.of(self, seat, shown)

    def seen_where(self, viewer: int, tile: Tile) -> str:
        """Where a tile on the table lies, in words: the hub, or its place."""
        if tile == self.engine:
            return f"the {self.rules.hub_word}"
        from domino_advisor.games.words import words_of

        return f"on {words_of(self).place_of(self, viewer, tile)}"

    def table_tiles(self) -> frozenset[Tile]:
        """Every tile seen on the table: the hub and the tiles laid."""
        return frozenset(self.placed | {self.engine})

    def step(
        self,
        choose: Callable[[Self, list[tuple[Tile, Any]]], tuple[Tile, Any]],
        rng: random.Random | None = None,
    ) -> None:
        """The player to move plays what ``choose`` picks among their legal plays, else
        draws, else passes: a rollout's move, every hand known, with no names to read back
        (``legal_moves`` and ``apply`` make the same moves from the same choices).  Taking
        turns, nobody is drawn by lot: ``rng`` is for the games that race."""
        seat = self.turn
        self.line = None
        plays = self.plays(seat)
        if plays:
            tile, place = choose(self, plays)
            self.lay(seat, tile, place)
        elif self.drew is False and self.boneyard > 0:
            assert self.stock is not None
            self._move(seat, Draw(self.names[seat], 1, (self.stock[0],)))
        else:
            self._move(seat, Pass(self.names[seat]))

    def for_next(self, seat: int) -> Self:
        """The round as ``seat`` meets it (Mexican Train's first chain ends at their move)."""
        return self

    # -- changing it ---------------------------------------------------------------------------
    def apply(self, event: Play | Draw | Pass, line: int | None = None) -> None:
        """Play it, or refuse it (and change nothing) in the table's words."""
        self.line = line
        if self.over:
            raise IllegalMoveError(f"round {self.number} is over: start the next round")
        seat = self._seat(event.player)
        if seat != self.turn:
            raise self.wrong_turn(seat)
        self._move(seat, event)

    def wrong_turn(self, seat: int) -> IllegalMoveError:
        """Whose turn it is, in the words of the seat whose log this is."""
        turn = "your" if self.turn == self.viewer else f"{self.names[self.turn]}'s"
        whose = "yours" if seat == self.viewer else f"{self.names[seat]}'s"
        return IllegalMoveError(f"it is {turn} turn, not {whose}")

    def _move(self, seat: int, event: Play | Draw | Pass) -> None:
        if isinstance(event, Play):
            self._play(seat, event)
        elif isinstance(event, Draw):
            self._draw(seat, event)
        else:
            self._pass(seat)

    def _play(self, seat: int, event: Play) -> None:
        """Refuse the play in the table's words, or find its place and ``lay`` it."""
        raise NotImplementedError

    def lay(self, seat: int, tile: Tile, place: Any) -> None:
        """Lay a legal play (a tile the player holds, on a place open to it): what it does
        to the table; ``_play`` checks a logged play and comes here."""
        raise NotImplementedError

    def history_place(self, place: Any) -> Any:
        """A play's place as the history keeps it (a game may keep its name)."""
        return place

    def _seat(self, name: str) -> int:
        if name not in self.names:
            raise IllegalMoveError(f"'{name}' is not at this table (the players are {', '.join(self.names)})")
        return self.names.index(name)

    def _check_play(self, seat: int, event: Play) -> None:
        """What a play must pass wherever it goes: a tile in play, held by nobody else, not laid."""
        tile, who = event.tile, event.player
        hand = self.hands[seat]
        if tile == self.engine or tile.high > self.rules.top:
            raise IllegalMoveError(
                f"{tile} is not in play this round (the {self.rules.hub_word} is {self.engine})"
            )
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

    def _laid(self, seat: int, tile: Tile, place: Any, met: int | None = None) -> None:
        """The bookkeeping of any play: out of the hand, on the table, in the history
        (``met``: the number it is laid against, where the game knows it)."""
        hand = self.hands[seat]
        if hand is not None:
            hand.discard(tile)
        self.counts[seat] -= 1
        if self.checked:
            kept = self.history_place(place)
            ends = self.ends_for(seat)
            self.history.append(HubActed(seat, "play", tile, kept, ends, line=self.line, met=met))
        self.placed.add(tile)
        self.passes = 0
        self.drew = False
        if self.counts[seat] == 0:
            self.over, self.winner = True, seat

    def _could_play(self, seat: int) -> None:
        if self.checked and self.hands[seat] is not None and self.plays(seat):
            tile, place = self.plays(seat)[0]
            raise IllegalMoveError(
                f"{self.names[seat]} can play {tile} on {self.place_name(place)}: play if you can"
            )

    def _draw(self, seat: int, event: Draw) -> None:
        who = event.player
        if event.count != 1:
            raise IllegalMoveError(f"{who} draws one tile at a time in {self.rules.title}")
        if self.drew is not False:
            raise IllegalMoveError(f"{who} has drawn already this turn: play the tile drawn, or pass")
        if self.boneyard == 0:
            raise IllegalMoveError(f"the boneyard is empty: {who} passes")
        self._could_play(seat)
        drawn = self._take(event)
        if self.checked:
            known = (drawn,) if drawn is not None else None
            self.history.append(
                HubActed(seat, "draw", ends=self.ends_for(seat), count=1, line=self.line, tiles=known)
            )
        self.boneyard -= 1
        self.counts[seat] += 1
        hand = self.hands[seat]
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
            seen = self.placed | {self.engine}
            for h in self.hands:
                seen |= h or set()
            if named in seen:
                raise IllegalMoveError(f"{named} cannot be in the boneyard: it is already seen")
        return named

    def _pass(self, seat: int) -> None:
        who = self.names[seat]
        if self.drew is False and self.boneyard > 0:
            raise IllegalMoveError(f"{who} draws a tile before passing ({self.boneyard} in the boneyard)")
        self._could_play(seat)
        if self.checked:
            self.history.append(HubActed(seat, "pass", ends=self.ends_for(seat), line=self.line))
        self.drew = False
        self.passes = self._passes_after(seat)
        if self.boneyard == 0 and self.passes >= len(self.names):
            self.over = True  # nobody can play and nothing can be drawn
            return
        self._next()

    def _passes_after(self, seat: int) -> int:
        """Passes in a row once this one is counted."""
        return self.passes + 1

    def _next(self) -> None:
        self.turn = (self.turn + 1) % len(self.names)

    # -- the count -----------------------------------------------------------------------------
    def pips_left(self, seat: int) -> int | None:
        hand = self.hands[seat]
        if hand is None:
            return None
        blank = Tile(0, 0)
        return sum(self.rules.blank_double if t == blank else t.pips for t in hand)

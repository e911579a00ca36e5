"""The line games' round as the one stack's uses play it (``games.registry.GameRound``):
who may act, the plays open to a seat, a rollout's step, what a seat knows.

A place is what the log writes after ``on``: the number showing on the end a tile joins
(or the side, where two ends showing the same number play differently), None for the
opening.  The line games take turns: one seat acts at a time (before the opening, the
seats the lead rule and the known hands allow).  ``state.Round`` is this class's only
subclass; the rules themselves stay there (and the fast engine, ``games.line.engine``, takes
its decisions from the same modules: tests/test_engine.py holds the two together).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile, sort_tiles
from domino_advisor.games.events import Counts, Draw, Event, Move, Pass, Play, Shows
from domino_advisor.games.line import lead

if TYPE_CHECKING:
    from domino_advisor.base.doubts import Doubt
    from domino_advisor.games.line.layout import Layout
    from domino_advisor.games.line.lead import Opening
    from domino_advisor.games.line.record import Acted
    from domino_advisor.games.line.rules import Rules
    from domino_advisor.games.line.scoring import Result
    from domino_advisor.games.line.view import SeatView

Place = int | str | None  # as the log writes it: an end's number or a side; None opens
Chooser = Callable[[Any, list[tuple[Tile, Place]]], tuple[Tile, Place]]  # a bot's pick among the plays


class PlayedIn(Protocol):
    """What the round interface reads of the match a round is part of (``match.Match``)."""

    players: list[str]

    @property
    def rounds(self) -> Sequence[Playing]: ...

    @property
    def round(self) -> Playing | None: ...

    def apply(self, event: Event, line: int | None = None) -> list[Doubt]: ...

    def copy(self) -> PlayedIn: ...


class Playing:
    """The round interface of ``state.Round``, which holds every attribute read here."""

    race = False  # the seats take turns: one acts at a time

    if TYPE_CHECKING:  # state.Round's own, set in its __init__
        match: PlayedIn
        rules: Rules
        layout: Layout
        hands: list[set[Tile] | None]
        dealt: list[tuple[Tile, ...] | None]
        counts: list[int]
        shown: dict[int, tuple[Tile, ...]]
        stock: list[Tile] | None
        placed: dict[Tile, tuple[int, int]]
        opening: Opening
        fixed_opener: int | None
        over: bool
        how: Literal["out", "blocked", "target"] | None
        out: int | None
        number: int
        turn: int | None
        history: list[Acted]
        boneyard: int
        dealt_ready: bool

        @property
        def drawable(self) -> int: ...

        def to_move(self) -> int | None: ...

        def pips(self, seat: int) -> int | None: ...

        def result(self) -> Result | None: ...

        def deal(self, seat: int, tiles: tuple[Tile, ...]) -> None: ...

    # -- who may act -------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.match.players)

    @property
    def winner(self) -> int | None:
        """The seat that went out (a target reached in play ends the round without one)."""
        return self.out if self.how == "out" else None

    def _openers(self) -> list[tuple[int, Tile]]:
        return lead.openings(self.rules, self.opening, self.hands, self.fixed_opener)

    def actors(self) -> frozenset[int]:
        """The seat to move; before the opening, every seat the lead rule lets open (as far
        as the hands known tell)."""
        if self.over:
            return frozenset()
        if self.layout.is_empty and self.turn is None:
            return frozenset(s for s, _ in self._openers())
        return frozenset() if self.turn is None else frozenset({self.turn})

    def mover(self) -> int | None:
        """The seat whose turn it is (before the opening, where the rule and the hands
        known settle who opens); None once the round is over."""
        return self.to_move()

    def may_play(self, seat: int) -> bool:
        mover = self.mover()
        return not self.over and (mover is None or mover == seat) and bool(self.plays(seat))

    def idle(self, seat: int) -> str:
        """What a seat that cannot play does: draw, where the rules let it and the boneyard
        has tiles to draw, else pass."""
        return "draw" if self.rules.draws and self.drawable else "pass"

    def next_actor(self, rng: random.Random) -> int:
        """Who acts next, every hand known: the player to move, or, before the opening, the
        first the lead rule lets open (``rng`` is left as it was: only a race draws by it)."""
        mover = self.mover()
        if mover is not None:
            return mover
        return sorted(self.actors())[0]

    # -- the plays ---------------------------------------------------------------------------
    def plays(self, seat: int) -> list[tuple[Tile, Place]]:
        """Every legal play of a known hand: the openings the lead rule allows, or each
        tile that fits with each end that plays differently (alike ends offered once)."""
        hand = self.hands[seat]
        if hand is None:
            raise ValueError(f"{self.names[seat]}'s hand is not known")
        if self.layout.is_empty:
            return [(t, None) for s, t in self._openers() if s == seat]
        all_fives = self.rules.all_fives
        return [
            (t, on)
            for t in sort_tiles(hand)
            if self.layout.can_play(t)
            for _, on in self.layout.choices(t, all_fives)
        ]

    def alike(
        self, plays: list[tuple[Tile, Place]]
    ) -> tuple[list[tuple[Tile, Place]], dict[tuple[Tile, Place], tuple[str, ...]]]:
        """Alike ends are offered once already (``Layout.choices``)."""
        return plays, {}

    def open_numbers(self, seat: int) -> tuple[int, ...]:
        """The numbers showing on the open ends (every seat plays on the same ends)."""
        return tuple(sorted(set(self.layout.numbers)))

    def fits(self, seat: int, tile: Tile) -> list[Place]:
        if self.layout.is_empty:
            return [None]
        return [on for _, on in self.layout.choices(tile, self.rules.all_fives)]

    def where_to(self, seat: int, tile: Tile, on: Place) -> Place:
        """The end a play names (as the log writes it), or the only one its tile fits."""
        if self.layout.is_empty:
            return None
        all_fives = self.rules.all_fives
        side = self.layout.resolve(tile, on, all_fives)
        return None if side is None else self.layout.written(tile, side, all_fives)

    def place_name(self, place: Place) -> str:
        return "the table" if place is None else str(place)

    def play_event(self, seat: int, tile: Tile, place: Place) -> Play:
        return Play(self.names[seat], tile, place)

    def moves_of(self, seat: int) -> list[Move]:
        """What this seat may do, every hand known (``legal_moves``, its own)."""
        who = self.names[seat]
        return [m for m in self.legal_moves() if m.player == who]

    def legal_moves(self) -> list[Move]:
        """Every legal event for the seat to move (or every opening), every hand known."""
        if self.over:
            return []
        if self.layout.is_empty:
            return [Play(self.names[s], t) for s, t in self._openers()]
        seat = self.turn
        assert seat is not None  # once the round is open, someone is always to move
        who = self.names[seat]
        moves: list[Move] = [Play(who, t, on) for t, on in self.plays(seat)]
        if moves:
            return moves
        if self.rules.draws and self.drawable:
            return [Draw(who, 1, (self.stock[0],) if self.stock else None)]
        return [Pass(who)]

    # -- playing -----------------------------------------------------------------------------
    def apply(self, event: Event, line: int | None = None) -> None:
        """A move (or a hand shown or counted at the end) applied through the match, so its
        warnings are kept; refused in the table's words with nothing changed."""
        if self.match.round is not self:
            raise ValueError("only the match's round in play takes moves")
        if not isinstance(event, Play | Draw | Pass | Shows | Counts):
            raise IllegalMoveError(f"'{event}' is not a move: a player plays, draws or passes")
        self.match.apply(event, line)

    def lay(self, seat: int, tile: Tile, place: Place) -> None:
        """Lay a legal play (one ``plays`` offered)."""
        self.apply(Play(self.names[seat], tile, place))

    def step(
        self, choose: Callable[[Any, list[tuple[Tile, Place]]], tuple[Tile, Place]], rng: random.Random
    ) -> None:
        """A rollout's move, every hand known: the player to move lays what ``choose``
        picks among its plays, else draws one (the boneyard's top), else passes."""
        seat = self.next_actor(rng)
        plays = self.plays(seat)
        if plays:
            tile, place = choose(self, plays)
            self.lay(seat, tile, place)
            return
        (move,) = self.legal_moves()
        self.apply(move)

    def clone(self, checked: bool = True) -> Playing:
        """A copy to play on, in a copy of its match (nothing shared that changes); the
        line games' moves are checked either way (a rollout's fast path is the bitmask
        engine, ``games.line.engine``)."""
        return self.match.copy().rounds[self.number - 1]

    def dealt_again(
        self, hands: list[tuple[Tile, ...]], stock: list[Tile], as_logged: bool = False
    ) -> Playing:
        """This round dealt again with every hand and the boneyard known, in a copy of the
        match as it stood when the round began (its scores, the opener the rules name)."""
        match: Any = self.match.copy()
        del match.rounds[self.number - 1 :]
        made: Any = type(self)  # state.Round, which this module does not import (it imports this one)
        again: Playing = made(match, self.number, self.opening, self.fixed_opener)
        match.rounds.append(again)
        again.deal_all(hands, stock)
        return again

    def deal_all(self, hands: list[tuple[Tile, ...]], stock: list[Tile]) -> None:
        """Deal every hand and the ordered boneyard: the whole truth, for a simulated round."""
        for seat, hand in enumerate(hands):
            self.deal(seat, tuple(hand))
        self.stock = list(stock)
        self.boneyard = len(stock)
        self.dealt_ready = True

    def pips_left(self, seat: int) -> int | None:
        return self.pips(seat)

    def for_next(self, seat: int) -> Any:
        """The round as ``seat`` meets it: the line games take turns, nothing is laid between."""
        return self

    # -- what is known -------------------------------------------------------------------------
    def seat_view(self, seat: int, shown: dict[int, tuple[Tile, ...]] | None = None) -> SeatView:
        """What ``seat`` knows, for the counting (the hands shown are the round's own)."""
        from domino_advisor.games.line.view import SeatView

        return SeatView.of(self, seat)

    def table_tiles(self) -> frozenset[Tile]:
        return frozenset(self.placed)

    def seen_where(self, viewer: int, tile: Tile) -> str:
        """Where a tile on the table lies, in words."""
        return f"on the table (played by {self.names[self.placed[tile][0]]})"

    def start_words(self) -> str:
        """The round's start, for a lesson's first line."""
        opener = self.mover()
        return "the lead rule says who opens" if opener is None else f"{self.names[opener]} to open"

    def end_words(self) -> str | None:
        """How the round ended, for a lesson's last line: who won it (None while it goes on,
        or until the hands that score it are known)."""
        result = self.result()
        if not self.over or result is None:
            return None
        who = "nobody (a tie)" if result.winner is None else self.names[result.winner]
        return f"round over: {who} won"

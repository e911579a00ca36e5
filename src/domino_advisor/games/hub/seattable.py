"""What every game drawn as one line of play and logged from one seat shares (Tiddly-wink,
Matador): a round's deal and what is known of where every tile is (``SeatTable``), the
events only one seat's log has (``SeatLog``: your hand, the hands shown or counted at the
end, a count check), and the match of such rounds as that seat logged them
(``SeatLogMatch``).  The moves, the scoring and who opens are each game's own."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, Protocol, Self

from domino_advisor.base.errors import CountMismatch, DominoError, IllegalMoveError
from domino_advisor.base.printable import plural
from domino_advisor.base.tiles import Tile, format_tiles, full_set, set_name, sort_tiles
from domino_advisor.games.events import Counts, Event, Has, Holds, NewRound, Pass, Shows


class DealRules(Protocol):
    """What the deal reads of a game's rules."""

    @property
    def top(self) -> int: ...

    @property
    def tile_count(self) -> int: ...

    def hand_size(self, players: int) -> int: ...

    def check_players(self, players: int) -> None: ...


class SeatTable:
    """One round's deal and what is known of it; ``hands[s]`` is None where a hand is hidden,
    ``stock`` None where the boneyard's order is.  The same knowledge serves a simulation
    (every hand and the boneyard's order known) and one seat's log (only its own hand)."""

    rules: DealRules
    history: list[Any]  # the public moves, each game's own record (set by the game's round)

    def __init__(
        self,
        rules: DealRules,
        names: Sequence[str],
        stock: Sequence[Tile] | None,
        viewer: int | None,
        number: int,
    ):
        n = len(names)
        rules.check_players(n)
        self.rules = rules
        self.names, self.seats, self.viewer, self.number = tuple(names), n, viewer, number
        size = rules.hand_size(n)
        self.hands: list[set[Tile] | None] = [None] * n
        self.dealt: list[tuple[Tile, ...] | None] = [None] * n
        self.counts = [size] * n
        self.boneyard = rules.tile_count - n * size
        self.stock = None if stock is None else list(stock)
        self.placed: dict[Tile, int] = {}  # tile -> the seat that played it
        self.over = False
        self.how: Literal["out", "blocked"] | None = None
        self.out: int | None = None
        self.revealed: dict[int, int] = {}  # seat -> pips shown or counted at the end
        self.shown: dict[int, tuple[Tile, ...]] = {}
        self.checked = True  # False: a rollout's copy, each move taken as legal (``clone``)

    def deal_hands(self, hands: Sequence[Sequence[Tile] | None]) -> None:
        """The hands known dealt, and the boneyard's order checked against them (the last
        step of a round's making, once the game's own state is set)."""
        for seat, hand in enumerate(hands):
            if hand is not None:
                self.deal(seat, tuple(hand))
        if self.stock is not None:
            if len(self.stock) != self.boneyard:
                raise IllegalMoveError(f"the boneyard holds {self.boneyard} tiles, not {len(self.stock)}")
            for t in self.stock:
                if self.where(t) or self.stock.count(t) > 1:
                    raise IllegalMoveError(f"{t} cannot be in the boneyard: it is dealt twice")

    def deal(self, seat: int, tiles: tuple[Tile, ...]) -> None:
        size = self.rules.hand_size(self.seats)
        you = "you hold" if seat == self.viewer else f"{self.names[seat]} holds"
        if self.hands[seat] is not None:
            raise IllegalMoveError(f"{self.possessive(seat)} hand for round {self.number} is already logged")
        if len(tiles) != size or len(set(tiles)) != len(tiles):
            raise IllegalMoveError(
                f"{you} {len(set(tiles))} different tiles, but each player is dealt {size}"
            )
        top = self.rules.top
        for t in tiles:
            where = self.where(t)
            if where or t.high > top:
                raise IllegalMoveError(where or f"{t} is not a tile of the {set_name(top)} set")
        self.hands[seat] = set(tiles)
        self.dealt[seat] = tiles

    # -- what is known --------------------------------------------------------------------
    @property
    def full(self) -> bool:
        """Every hand and the boneyard known: a simulation."""
        return self.stock is not None and all(h is not None for h in self.hands)

    @property
    def ready(self) -> bool:
        """The hands are dealt as far as the table knows them (a seat's log: its own)."""
        return self.full if self.viewer is None else self.hands[self.viewer] is not None

    def possessive(self, seat: int) -> str:
        return "your" if seat == self.viewer else f"{self.names[seat]}'s"

    def where(self, tile: Tile) -> str | None:
        """Where a tile already is, in words, or None if it could be anywhere hidden."""
        if tile in self.placed:
            return f"{tile} is already on the table ({self.names[self.placed[tile]]} played it)"
        for s, h in enumerate(self.hands):
            if h is not None and tile in h:
                return f"{tile} is in {self.possessive(s)} hand"
        for s, tiles in self.shown.items():
            if tile in tiles:
                return f"{tile} was shown by {self.names[s]}"
        return None

    def unseen(self) -> list[Tile]:
        return [t for t in full_set(self.rules.top) if self.where(t) is None]

    def seat(self, name: str) -> int:
        if name not in self.names:
            raise IllegalMoveError(f"'{name}' is not at this table (the players are {', '.join(self.names)})")
        return self.names.index(name)

    @property
    def winner(self) -> int | None:
        """The seat that went out, if one did."""
        return self.out

    # -- the end ------------------------------------------------------------------------
    def pips(self, seat: int) -> int | None:
        """The pips left in a hand, if known or deducible."""
        hand = self.hands[seat]
        if self.counts[seat] == 0 or hand is not None:
            return sum(t.pips for t in hand or ())
        if seat in self.revealed:
            return self.revealed[seat]
        # with nothing left to draw, the unseen tiles are the hidden hands': the last one not
        # counted is what the others' counts leave
        hidden = [
            s for s in range(self.seats) if self.counts[s] and self.hands[s] is None and s not in self.shown
        ]
        counted = [self.revealed.get(s) for s in hidden if s != seat]
        if self.boneyard or None in counted:
            return None
        return sum(t.pips for t in self.unseen()) - sum(p or 0 for p in counted)

    def pips_left(self, seat: int) -> int | None:
        return self.pips(seat)

    def clone(self, checked: bool = True) -> Self:
        """A copy to play on, nothing shared that changes (a game copies its own state too).
        Unchecked, it takes each move as legal (a rollout's come from ``plays``): no
        refusals, no history, the same changes to the table (tests/test_round_interface.py
        holds the two together)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.checked = checked
        other.hands = [None if h is None else set(h) for h in self.hands]
        other.counts = list(self.counts)
        other.stock = None if self.stock is None else list(self.stock)
        other.placed = dict(self.placed)
        other.revealed = dict(self.revealed)
        other.shown = dict(self.shown)
        return other

    def apply(self, event: Event, line: int | None = None) -> None:
        """A move applied, or refused in the table's words with nothing changed (each game's)."""
        raise NotImplementedError


class SeatLog(SeatTable):
    """What a round as one seat logs it adds to the game's round (listed first among its
    bases): your hand known once logged, the others' hidden; the hands shown or counted at
    the end; a count check."""

    @property
    def me(self) -> int:
        assert self.viewer is not None  # a seat's round is always seen from its seat
        return self.viewer

    def apply(self, event: Event, line: int | None = None) -> None:
        """Apply any event of a round's log, or refuse it and change nothing."""
        if isinstance(event, NewRound):
            raise IllegalMoveError(f"this log is of round {self.number}: a new round is a new round's log")
        if isinstance(event, Holds):
            self._holds(self.seat(event.player), event.tiles)
        elif isinstance(event, Shows):
            self._reveal(self.seat(event.player), event.tiles, None)
        elif isinstance(event, Counts):
            self._reveal(self.seat(event.player), None, event.pips)
        elif isinstance(event, Has):
            seat = self.seat(event.player)
            if not self.ready:
                raise IllegalMoveError(f"round {self.number} has not been dealt: log your hand first")
            if self.counts[seat] != event.count:
                raise CountMismatch.of(list(self.names), self.viewer, seat, self.counts[seat], event.count)
        else:
            super().apply(event, line)

    def _holds(self, seat: int, tiles: tuple[Tile, ...]) -> None:
        if seat != self.me:
            raise IllegalMoveError(
                f"{self.names[seat]} holds ...: the log records only your own hand ({self.names[self.me]})"
            )
        if self.history:
            raise IllegalMoveError("your hand is logged at the start of the round, before any play")
        self.deal(seat, tiles)

    def _reveal(self, seat: int, tiles: tuple[Tile, ...] | None, pips: int | None) -> None:
        """A hand shown or counted once the round is over: what scores it."""
        who, hand, k = self.names[seat], self.hands[seat], self.counts[seat]
        if not self.over:
            raise IllegalMoveError(
                f"round {self.number} is not over: hands are shown or counted only at the end"
            )
        if k == 0:
            raise IllegalMoveError(f"{who} went out and has no tiles left")
        if seat in self.revealed:
            raise IllegalMoveError(f"{self.possessive(seat)} hand is already shown or counted")
        if tiles is not None:
            if len(set(tiles)) != k:
                raise IllegalMoveError(f"{who} shows {plural(len(set(tiles)), 'tile')} but holds {k}")
            if hand is not None and set(tiles) != hand:
                raise IllegalMoveError(
                    f"{who} holds {format_tiles(sort_tiles(hand))}, not {format_tiles(tiles)}"
                )
            for t in tiles if hand is None else ():
                where = self.where(t)
                if where:
                    raise IllegalMoveError(where)
            pips = sum(t.pips for t in tiles)
        if pips is None:
            raise IllegalMoveError(f"{who}: say the tiles shown or the pips counted")
        if hand is not None and pips != sum(t.pips for t in hand):
            raise IllegalMoveError(f"{who} holds {sum(t.pips for t in hand)} pips, not {pips}")
        pool = sorted(t.pips for t in self.unseen())
        low, high = sum(pool[:k]), sum(pool[-k:])
        if hand is None and tiles is None and not low <= pips <= high:
            raise IllegalMoveError(
                f"{who} cannot count {pips} with {plural(k, 'tile')}: "
                f"between {low} and {high} pips are possible"
            )
        if tiles is not None and hand is None:
            self.shown[seat] = tiles
        self.revealed[seat] = pips

    def replayed(self, events: Iterable[Event]) -> Self:
        """This round with a log's events applied, the first refused one quoted with its number."""
        for k, event in enumerate(events, 1):
            try:
                self.apply(event, k)
            except DominoError as e:
                raise type(e)(f"event {k} '{event}': {e}") from None
        return self


class SeatLogMatch:
    """A match as one seat logged it: rounds in order (``round N``, your hand, then what
    everyone does), each checked as far as that seat can see (the game's ``SeatLog`` round,
    made by ``new_round``), each finished round's points on its winner's total (the most
    win).  What a round scores, and when the match is over, are the game's to say."""

    most_wins = True  # each round's points to its winner; the most win

    def __init__(self, rules: DealRules, players: list[str], me: str):
        rules.check_players(len(players))
        self.rules, self.players, self.me = rules, list(players), me
        self.names = self.players
        self.viewer = self.players.index(me)
        self.rounds: list[Any] = []  # the game's SeatLog rounds
        self.pending: int | None = None  # a round announced, your hand not yet logged

    # -- the game's to say --------------------------------------------------------------------
    def new_round(self, number: int) -> Any:
        """The round ``number`` as this seat logs it, its hand not yet logged."""
        raise NotImplementedError

    def points(self, result: Any) -> int:
        """What a finished round's result puts on its winner's total."""
        raise NotImplementedError

    def over_now(self) -> bool:
        """Whether the match is over once the last round is scored."""
        raise NotImplementedError

    # -- every such match's ---------------------------------------------------------------------
    @property
    def match(self) -> Self:
        """The match itself (the hub games' logs keep their match apart)."""
        return self

    @property
    def round(self) -> Any:
        return self.rounds[-1] if self.rounds else None

    @property
    def shown(self) -> list[dict[int, tuple[Tile, ...]]]:
        """Per round, the hands shown at its end."""
        return [r.shown for r in self.rounds]

    @property
    def settled(self) -> list[set[int]]:
        """Per round, the seats whose pips left are known: yours, and those shown or counted."""
        return [{self.viewer, *r.revealed} for r in self.rounds]

    @property
    def totals(self) -> list[int]:
        """Each player's points: every finished round's, to its winner."""
        out = [0] * len(self.players)
        for r in self.rounds:
            res = r.result()
            if res is not None and res.winner is not None:
                out[res.winner] += self.points(res)
        return out

    @property
    def warnings(self) -> list[object]:
        return []

    @property
    def finished(self) -> bool:
        r = self.round
        if r is None or r.result() is None:
            return False
        return self.over_now()

    def winners(self) -> list[int]:
        """The most points (a tie shares it)."""
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def to_count(self) -> list[int]:
        """The seats whose tiles left in the round just over are not yet shown or counted."""
        r = self.round
        if r is None or not r.over or self.pending is not None:
            return []
        return [s for s in range(len(self.players)) if r.counts[s] and r.pips(s) is None]

    def skipped(self, event: Event) -> list[Pass]:
        """Nothing is taken as read: every move is logged."""
        return []

    def could_play(self) -> list[Tile]:
        return []

    def value(self, t: Tile) -> int:
        return t.pips

    def apply(self, event: Event, line: int | None = None) -> None:
        if isinstance(event, NewRound):
            self._new_round(event.number)
        elif isinstance(event, Holds):
            if self.pending is None:
                raise IllegalMoveError("your hand is logged once, right after 'round N'")
            if event.player != self.me:
                raise IllegalMoveError(
                    f"only your own hand is logged ('{self.me} holds ...'), not {event.player}'s"
                )
            r = self.new_round(self.pending)
            r.apply(event, line)
            self.rounds.append(r)
            self.pending = None
        elif self.pending is not None or self.round is None:
            raise IllegalMoveError(
                f"log your hand for round {self.pending or 1} first, like "
                f"'{self.me} holds {self.rules.top}-5 {self.rules.top - 1}-3 ...'"
            )
        else:
            self.round.apply(event, line)

    def _new_round(self, number: int) -> None:
        done = len(self.rounds)
        if number != done + 1:
            raise IllegalMoveError(f"the next round is round {done + 1}, not round {number}")
        if self.pending is not None:
            raise IllegalMoveError(
                f"round {self.pending} has begun already: log your hand ('{self.me} holds ...')"
            )
        r = self.round
        if r is None:
            self.pending = number
            return
        if not r.over:
            raise IllegalMoveError(f"round {done} is not over yet")
        if r.result() is None:
            missing = ", ".join(self.players[s] for s in self.to_count())
            raise IllegalMoveError(
                f"round {number} cannot start: round {done}'s points are not known yet "
                f"(log {missing} with 'shows' or 'counts')"
            )
        if self.finished:
            raise IllegalMoveError("the match is over")
        self.pending = number

"""Tiddly-wink's round as a state machine: apply a move, or refuse it and change nothing.

After the opening there are no turns: any player holding a tile that matches an open end
may play it, the same player several times running included.  When nobody can, the
players draw one tile each in seat order, from the one after the last to play, until
someone can.  The round ends when a player goes out, or blocks when nobody can play
and the boneyard is empty; it is scored as the draw game (``rules.TiddlyRules.line``).

One engine serves a simulation (every hand and the boneyard's order known) and one
seat's log (``seat.SeatRound``: only that hand known), each check made against what is
known (``table.TiddlyTable``).  With every hand known the table is ideal: nobody draws
or passes while a player can play, and the round blocks by itself.  From one seat, only
a player's own known hand is held against what they do: at a race a player may miss a
tile, and the log says what the table did.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Self

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile, set_name, sort_tiles
from domino_advisor.games.events import Draw, Event, Move, Pass, Play
from domino_advisor.games.line import lead
from domino_advisor.games.tiddly.record import Lacks, TiddlyActed
from domino_advisor.games.tiddly.rules import TITLE
from domino_advisor.games.tiddly.table import OPENING, TiddlyTable
from domino_advisor.games.tiddly.view import TiddlySeatView

Place = int | str | None  # where a play goes, as the log writes it: an end's number, a side; None opens


class TiddlyRound(TiddlyTable):
    """A round's moves: who may act, what they may do, and each move applied or refused;
    and the round as the one stack's uses play it (``games.registry.GameRound``): the plays
    open to a seat, a rollout's step, the pips left.  At a race ``turn`` is the seat in
    question (the one a chooser is choosing for), not a turn: anyone who can play may."""

    turn = 0
    race = True  # anyone who can play may; nobody has the move

    # -- who may act, and how ---------------------------------------------------------------
    def actors(self) -> frozenset[int]:
        """The seats that may act now: the opener; then everyone who can play; when nobody
        can, the one player whose draw it is; nobody once the round is over."""
        if self.over:
            return frozenset()
        self._need_full()
        if self.layout.is_empty:
            return frozenset(s for s, _ in lead.openings(self.rules.line, OPENING, self.hands))
        players = frozenset(s for s in range(self.seats) if self.fitting(s))
        if players or self.drawer is None:
            return players
        return frozenset({self.drawer})

    def legal_moves(self) -> list[Move]:
        """Every move of every seat that may act, seat by seat (a tile fitting two ends that
        play differently once for each)."""
        out: list[Move] = []
        for seat in sorted(self.actors()):
            who = self.names[seat]
            if self.layout.is_empty:
                out += [
                    Play(who, t) for s, t in lead.openings(self.rules.line, OPENING, self.hands) if s == seat
                ]
            elif self.fitting(seat):
                out += [
                    Play(who, t, on) for t in self.fitting(seat) for _, on in self.layout.choices(t, False)
                ]
            else:
                assert self.stock is not None  # a full round's boneyard is known
                out.append(Draw(who, 1, (self.stock[0],)))
        return out

    def _need_full(self) -> None:
        if not self.full:
            raise ValueError("who may act is known only with every hand known")

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
        if (
            self.full
            and self.ideal
            and not self.over
            and self.boneyard == 0
            and not any(map(self.fitting, range(self.seats)))
        ):
            self.over, self.how = True, "blocked"  # nobody can play, nothing to draw

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
        if self.layout.is_empty and not isinstance(event, Play):
            raise IllegalMoveError(f"{event.player} {doing} before the first tile is played: nobody may")

    def _could_play(self, seat: int, doing: str) -> None:
        """A player who can play neither draws nor passes; with every hand known, nobody does
        while anyone can (from one seat, only the player's own hand is known to say so)."""
        who = self.names[seat]
        for s in [seat, *(range(self.seats) if self.full and self.ideal else ())]:
            tiles = self.fitting(s)
            if tiles:
                holds = "you hold" if s == self.viewer else f"{self.names[s]} holds"
                rest = "" if s == seat else f", and nobody may {doing} while a player can play"
                raise IllegalMoveError(
                    f"{who} cannot {doing}: {holds} {tiles[0]}, which plays on {self._fit(tiles[0])}{rest}"
                )

    def _play(self, seat: int, event: Play, line: int | None) -> None:
        tile, hand = event.tile, self.hands[seat]
        if tile.high > self.rules.top:
            raise IllegalMoveError(f"{tile} is not a tile of the {set_name(self.rules.top)} set")
        if tile in self.placed:
            raise IllegalMoveError(f"{event.player} cannot play {tile}: {self.where(tile)}")
        if hand is not None and tile not in hand:
            raise IllegalMoveError(
                f"{'you do' if seat == self.viewer else event.player + ' does'} not hold {tile}"
            )
        where = self.where(tile) if hand is None else None
        if where:
            raise IllegalMoveError(f"{event.player} cannot play {tile}: {where}")
        opening = self.layout.is_empty
        if opening:
            self._check_opening(seat, tile)
        side = self.layout.resolve(tile, event.on)
        on = None if side is None else self.layout.written(tile, side, False)
        ends = tuple(self.layout.numbers)
        # every check passed: change the state
        self.layout = self.layout.open_with(tile) if side is None else self.layout.place(tile, side)
        self.placed[tile] = seat
        if hand is not None:
            hand.discard(tile)
        self.counts[seat] -= 1
        self.history.append(TiddlyActed(seat, "play", tile, on, ends, line))
        if opening and self.viewer is not None:
            own = self.hands[self.viewer] or ()
            self.opening_cases = tuple(
                lead.evidence(self.rules.line, OPENING, seat, tile, self.seats, self.viewer, own)
            )
        self.drawer = (seat + 1) % self.seats
        self.passed.clear()
        if self.counts[seat] == 0:
            self.over, self.how, self.out = True, "out", seat

    def _check_opening(self, seat: int, tile: Tile) -> None:
        why = lead.refusal(self.rules.line, OPENING, seat, tile, self.hands)
        if why is None:
            return
        holds = "you hold" if why.holder == self.viewer else f"{self.names[why.holder]} holds"
        base = f"{self.names[seat]} cannot open with {tile}"
        if why.kind == "higher-double":
            raise IllegalMoveError(
                f"{base}: {holds} {why.tile}, a higher double, and the holder of the highest double opens"
            )
        you = "you" if seat == self.viewer else self.names[seat]
        raise IllegalMoveError(
            f"{base}: {holds} no double, so {you} cannot open (the holder of the highest "
            f"double opens, or {self.names[0]} if nobody has one)"
        )

    def _draw(self, seat: int, event: Draw, line: int | None) -> None:
        who, hand = event.player, self.hands[seat]
        if event.count != 1:
            raise IllegalMoveError(f"{who} draws {event.count}: in {TITLE} a player draws one tile at a time")
        if self.boneyard == 0:
            raise IllegalMoveError(
                f"{who} cannot draw: the boneyard is empty (a player who cannot play passes)"
            )
        self._could_play(seat, "draw")
        if self.drawer is not None and seat != self.drawer:
            turn = "your" if self.drawer == self.viewer else f"{self.names[self.drawer]}'s"
            whose = "yours" if seat == self.viewer else f"{who}'s"
            raise IllegalMoveError(
                f"it is {turn} draw, not {whose}: while nobody can play, the players draw one "
                "tile each in seat order, from the one after the last to play"
            )
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
        ends = tuple(self.layout.numbers)
        self.lacks.append(Lacks(seat, frozenset(ends), len(self.history), line, "drew"))
        self.history.append(TiddlyActed(seat, "draw", tile, None, ends, line))
        self.boneyard -= 1
        if self.stock is not None:
            del self.stock[0]
        if hand is not None and tile is not None:
            hand.add(tile)
        self.counts[seat] += 1
        self.drawer = (seat + 1) % self.seats

    def _pass(self, seat: int, line: int | None) -> None:
        """A player says they cannot play, once nothing is left to draw; when every player
        has said so since the last play, the round is blocked (how a seat's log ends one)."""
        who = self.names[seat]
        if self.boneyard:
            n = self.boneyard
            raise IllegalMoveError(
                f"{who} cannot pass: {n} tile{'s' if n != 1 else ''} can still be drawn "
                "(while nobody can play, the players draw in seat order)"
            )
        self._could_play(seat, "pass")
        if seat in self.passed:
            raise IllegalMoveError(f"{who} has passed already, and nobody has played since")
        ends = tuple(self.layout.numbers)
        self.lacks.append(Lacks(seat, frozenset(ends), len(self.history), line, "passed"))
        self.history.append(TiddlyActed(seat, "pass", None, None, ends, line))
        self.passed.add(seat)
        if len(self.passed) == self.seats:
            self.over, self.how = True, "blocked"

    # -- what the one stack asks of a round (games.registry.GameRound) ----------------------------

    def mover(self) -> int | None:
        """Nobody has the move at a race: anyone who can play may."""
        return None

    def may_play(self, seat: int) -> bool:
        """This seat could lay a tile now, as far as the round knows (its own hand)."""
        return not self.over and self.hands[seat] is not None and bool(self.plays(seat))

    def idle(self, seat: int) -> str:
        """What a seat that cannot play does: wait for the others, or, when nobody can,
        draw in its turn, or pass once the boneyard is empty."""
        if self.boneyard == 0:
            return "pass"
        return "draw" if self.drawer == seat else "wait"

    def plays(self, seat: int) -> list[tuple[Tile, Place]]:
        """Every legal play from a known hand, heaviest first: the openings the lead rule
        allows, then each tile that fits with each end it may take."""
        hand = self.hands[seat]
        if hand is None:
            raise ValueError(f"{self.names[seat]}'s hand is not known")
        if self.layout.is_empty:
            rules = self.rules.line
            return [(t, None) for t in sort_tiles(hand) if lead.allowed(rules, OPENING, seat, t, self.hands)]
        return [(t, on) for t in self.fitting(seat) for _, on in self.layout.choices(t, False)]

    def open_numbers(self, seat: int) -> tuple[int, ...]:
        """The numbers showing on the open ends (anyone plays on the same ends)."""
        return tuple(sorted(set(self.layout.numbers)))

    def fits(self, seat: int, tile: Tile) -> list[Place]:
        if self.layout.is_empty:
            return [None]
        return [on for _, on in self.layout.choices(tile, False)]

    def alike(
        self, plays: list[tuple[Tile, Place]]
    ) -> tuple[list[tuple[Tile, Place]], dict[tuple[Tile, Place], tuple[str, ...]]]:
        """Alike ends are offered once already (``Layout.choices``)."""
        return plays, {}

    def where_to(self, seat: int, tile: Tile, on: Place) -> Place:
        """The end a play names (as the log writes it), or the only one its tile fits."""
        if self.layout.is_empty:
            return None
        side = self.layout.resolve(tile, on)
        return None if side is None else self.layout.written(tile, side, False)

    def place_name(self, place: Place) -> str:
        return "the table" if place is None else str(place)

    def table_tiles(self) -> frozenset[Tile]:
        return frozenset(self.placed)

    def seen_where(self, viewer: int, tile: Tile) -> str:
        """Where a tile on the table lies, in words."""
        who = "you" if self.placed[tile] == viewer else self.names[self.placed[tile]]
        return f"on the table ({who} played it)"

    def seat_view(self, seat: int, shown: dict[int, tuple[Tile, ...]] | None = None) -> TiddlySeatView:
        """What ``seat`` knows, for the counting."""
        return TiddlySeatView.of(self, seat, shown)

    def for_next(self, seat: int) -> Self:
        """The round as ``seat`` meets it: the seat a chooser chooses for."""
        other = self.clone()
        other.turn = seat
        return other

    def clone(self, checked: bool = True) -> Self:
        """A copy to play on, nothing shared that changes (``SeatTable.clone``, and the race's
        own: the history, what the moves proved, who passed)."""
        other = super().clone(checked)
        other.history = list(self.history)
        other.lacks = list(self.lacks)
        other.passed = set(self.passed)
        return other

    def dealt_again(
        self, hands: list[tuple[Tile, ...]], stock: list[Tile], as_logged: bool = False
    ) -> TiddlyRound:
        """This round dealt again with every hand and the boneyard known (hindsight);
        ``as_logged``: its moves checked as a log's are, where a player may miss a tile."""
        again = TiddlyRound(self.rules, self.names, hands, stock, None, self.number)
        again.ideal = not as_logged
        return again

    def play_event(self, seat: int, tile: Tile, place: Place) -> Play:
        """A legal play as the log writes it: the end's number or side, none to open."""
        return Play(self.names[seat], tile, place)

    def lay(self, seat: int, tile: Tile, place: Place) -> None:
        """Lay a legal play (one ``plays`` offered)."""
        self.turn = seat
        if self.checked or self.layout.is_empty:
            self.apply(Play(self.names[seat], tile, place))
            return
        side = self.layout.resolve(tile, place)
        assert side is not None  # the table is not empty
        self.layout = self.layout.place(tile, side)
        self.placed[tile] = seat
        hand = self.hands[seat]
        assert hand is not None  # a rollout knows every hand
        hand.discard(tile)
        self.counts[seat] -= 1
        self.drawer = (seat + 1) % self.seats
        self.passed.clear()
        if self.counts[seat] == 0:
            self.over, self.how, self.out = True, "out", seat
        self._block_if_stuck()

    def _able(self) -> list[int]:
        """The seats holding a tile that fits an open end, in seat order (every hand known)."""
        numbers = set(self.layout.numbers)
        return [
            s for s, h in enumerate(self.hands) if h and any(t.high in numbers or t.low in numbers for t in h)
        ]

    def _block_if_stuck(self) -> None:
        if not self.over and self.boneyard == 0 and not self._able():
            self.over, self.how = True, "blocked"  # nobody can play, nothing to draw

    def step(
        self, choose: Callable[[Self, list[tuple[Tile, Place]]], tuple[Tile, Place]], rng: random.Random
    ) -> None:
        """A rollout's move, every hand known: one of the players who can play, drawn
        uniformly by ``rng`` (who is quicker is not known: a documented assumption), lays
        what ``choose`` picks; when nobody can, the player whose draw it is draws."""
        if not self.checked and not self.layout.is_empty:
            self._step_unchecked(choose, rng)
            return
        seat = self.next_actor(rng)
        self.turn = seat
        plays = self.plays(seat)
        if plays:
            tile, place = choose(self, plays)
            self.apply(Play(self.names[seat], tile, place))
        else:
            assert self.stock is not None
            self.apply(Draw(self.names[seat], 1, (self.stock[0],)))

    def _step_unchecked(
        self, choose: Callable[[Self, list[tuple[Tile, Place]]], tuple[Tile, Place]], rng: random.Random
    ) -> None:
        """``step``'s moves without the checks: the same seat drawn by the same dice."""
        able = self._able() or ([] if self.drawer is None else [self.drawer])
        seat = able[0] if len(able) == 1 else able[rng.randrange(len(able))]
        self.turn = seat
        plays = self.plays(seat)
        if plays:
            tile, place = choose(self, plays)
            self.lay(seat, tile, place)
            return
        assert self.stock is not None and self.hands[seat] is not None  # every hand known
        self.hands[seat].add(self.stock.pop(0))  # type: ignore[union-attr]
        self.boneyard -= 1
        self.counts[seat] += 1
        self.drawer = (seat + 1) % self.seats
        self._block_if_stuck()

    def next_actor(self, rng: random.Random) -> int:
        """Who acts next, every hand known: one of the players who can play, drawn uniformly
        by ``rng`` (who is quicker is not known: a documented assumption; one who alone can
        draws nothing from ``rng``); when nobody can, the player whose draw it is."""
        able = sorted(self.actors())
        return able[0] if len(able) == 1 else able[rng.randrange(len(able))]

    def moves_of(self, seat: int) -> list[Move]:
        """What this seat may do, every hand known (``legal_moves``, its own)."""
        who = self.names[seat]
        return [m for m in self.legal_moves() if m.player == who]

    def start_words(self) -> str:
        """The round's start, for a lesson's first line: no turns."""
        return "anyone who can play may, in any order"

    def end_words(self) -> str | None:
        """How the round ended, for a lesson's last line: who went out, the pips left."""
        from domino_advisor.games.words import pips_left_said

        return pips_left_said(self) if self.over else None

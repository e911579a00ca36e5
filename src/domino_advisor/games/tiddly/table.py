"""A Tiddly-wink round's table: the deal, and what is known of where every tile is.

The same knowledge serves a simulation (every hand and the boneyard's order known) and
one seat's log (only its own hand), as the line games' ``Round`` does; the moves are
``state.TiddlyRound``'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, Self

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.printable import describe_numbers
from domino_advisor.base.tiles import Tile, full_set, set_name, sort_tiles
from domino_advisor.games.line import lead
from domino_advisor.games.line.layout import Layout
from domino_advisor.games.line.moves import shuffle_deal
from domino_advisor.games.line.scoring import Result, score_blocked, score_out
from domino_advisor.games.tiddly.record import Lacks, TiddlyActed
from domino_advisor.games.tiddly.rules import TiddlyRules

OPENING: lead.Opening = "lead"  # every round opens by the lead rule (the draw game's next_lead=same)


class TiddlyTable:
    """One round's deal and what is known of it; ``hands[s]`` is None where a hand is hidden,
    ``stock`` None where the boneyard's order is."""

    def __init__(
        self,
        rules: TiddlyRules,
        names: Sequence[str],
        hands: Sequence[Sequence[Tile] | None],
        stock: Sequence[Tile] | None = None,
        viewer: int | None = None,
        number: int = 1,
    ):
        n = len(names)
        rules.check_players(n)
        self.rules, self.names, self.seats, self.viewer, self.number = rules, tuple(names), n, viewer, number
        size = rules.hand_size(n)
        self.hands: list[set[Tile] | None] = [None] * n
        self.dealt: list[tuple[Tile, ...] | None] = [None] * n
        self.counts = [size] * n
        self.boneyard = rules.tile_count - n * size
        self.stock = None if stock is None else list(stock)
        self.layout = Layout.empty()
        self.placed: dict[Tile, int] = {}  # tile -> the seat that played it
        self.history: list[TiddlyActed] = []
        self.lacks: list[Lacks] = []
        self.opening_cases: tuple[lead.OpeningCase, ...] = ()  # the deals the opening allows (a seat's log)
        self.drawer: int | None = None  # who draws next if nobody can play
        self.passed: set[int] = set()  # seats that passed since the last play
        self.over = False
        self.how: Literal["out", "blocked"] | None = None
        self.out: int | None = None
        self.revealed: dict[int, int] = {}  # seat -> pips shown or counted at the end
        self.shown: dict[int, tuple[Tile, ...]] = {}
        # every hand known, the table is ideal: nobody draws or passes while anyone can play,
        # and the round blocks by itself; False: checked as a log is (a player may miss a tile)
        self.ideal = True
        self.checked = True  # False: a rollout's copy, each move taken as legal (``state.clone``)
        for seat, hand in enumerate(hands):
            if hand is not None:
                self.deal(seat, tuple(hand))
        if self.stock is not None:
            if len(self.stock) != self.boneyard:
                raise IllegalMoveError(f"the boneyard holds {self.boneyard} tiles, not {len(self.stock)}")
            for t in self.stock:
                if self.where(t) or self.stock.count(t) > 1:
                    raise IllegalMoveError(f"{t} cannot be in the boneyard: it is dealt twice")

    @classmethod
    def shuffled(cls, rules: TiddlyRules, names: Sequence[str], rng: random.Random) -> Self:
        """A fair deal with every hand and the boneyard's order known (simulation, tests)."""
        hands, stock = shuffle_deal(rules.line, len(names), rng)
        return cls(rules, names, hands, stock)

    def deal(self, seat: int, tiles: tuple[Tile, ...]) -> None:
        size = self.rules.hand_size(self.seats)
        you = "you hold" if seat == self.viewer else f"{self.names[seat]} holds"
        if self.hands[seat] is not None:
            raise IllegalMoveError(f"{self.possessive(seat)} hand for round {self.number} is already logged")
        if len(tiles) != size or len(set(tiles)) != len(tiles):
            raise IllegalMoveError(
                f"{you} {len(set(tiles))} different tiles, but each player is dealt {size}"
            )
        for t in tiles:
            where = self.where(t)
            if where or t.high > self.rules.top:
                raise IllegalMoveError(where or f"{t} is not a tile of the {set_name(self.rules.top)} set")
        self.hands[seat] = set(tiles)
        self.dealt[seat] = tiles

    # -- what is known --------------------------------------------------------------------
    @property
    def full(self) -> bool:
        """Every hand and the boneyard known: a simulation, held to the ideal table."""
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

    def fitting(self, seat: int) -> list[Tile]:
        """The tiles of a known hand that play now, heaviest first (none if hidden)."""
        hand = self.hands[seat]
        if hand is None or self.layout.is_empty:
            return []
        return sort_tiles(t for t in hand if self.layout.can_play(t))

    def _fit(self, tile: Tile) -> str:
        return describe_numbers(sorted({e.number for e in self.layout.options(tile)}))

    def seat(self, name: str) -> int:
        if name not in self.names:
            raise IllegalMoveError(f"'{name}' is not at this table (the players are {', '.join(self.names)})")
        return self.names.index(name)

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

    def result(self) -> Result | None:
        """How the round was won and scored, as the draw game scores it, once the hands
        that matter are known."""
        if not self.over:
            return None
        known = [self.pips(s) for s in range(self.seats)]
        pips = [p for p in known if p is not None]
        if len(pips) < self.seats:
            return None
        if self.out is not None:
            return score_out(self.out, pips, self.rules.line)
        return score_blocked(pips, self.rules.line)

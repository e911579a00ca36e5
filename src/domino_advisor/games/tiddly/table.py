"""A Tiddly-wink round's table: the deal, and what is known of where every tile is.

The same knowledge serves a simulation (every hand and the boneyard's order known) and
one seat's log (only its own hand), as the line games' ``Round`` does; the moves are
``state.TiddlyRound``'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Self

from domino_advisor.base.printable import describe_numbers
from domino_advisor.base.tiles import Tile, sort_tiles
from domino_advisor.games.hub.seattable import SeatTable
from domino_advisor.games.line import lead
from domino_advisor.games.line.layout import Layout
from domino_advisor.games.line.moves import shuffle_deal
from domino_advisor.games.line.scoring import Result, score_blocked, score_out
from domino_advisor.games.tiddly.record import Lacks, TiddlyActed
from domino_advisor.games.tiddly.rules import TiddlyRules

OPENING: lead.Opening = "lead"  # every round opens by the lead rule (the draw game's next_lead=same)


class TiddlyTable(SeatTable):
    """One round's deal and what is known of it (``hub.seattable.SeatTable``), with the line
    of play and what the moves proved."""

    rules: TiddlyRules

    def __init__(
        self,
        rules: TiddlyRules,
        names: Sequence[str],
        hands: Sequence[Sequence[Tile] | None],
        stock: Sequence[Tile] | None = None,
        viewer: int | None = None,
        number: int = 1,
    ):
        super().__init__(rules, names, stock, viewer, number)
        self.layout = Layout.empty()
        self.history: list[TiddlyActed] = []
        self.lacks: list[Lacks] = []
        self.opening_cases: tuple[lead.OpeningCase, ...] = ()  # the deals the opening allows (a seat's log)
        self.drawer: int | None = None  # who draws next if nobody can play
        self.passed: set[int] = set()  # seats that passed since the last play
        # every hand known, the table is ideal: nobody draws or passes while anyone can play,
        # and the round blocks by itself; False: checked as a log is (a player may miss a tile)
        self.ideal = True
        self.deal_hands(hands)

    @classmethod
    def shuffled(cls, rules: TiddlyRules, names: Sequence[str], rng: random.Random) -> Self:
        """A fair deal with every hand and the boneyard's order known (simulation, tests)."""
        hands, stock = shuffle_deal(rules.line, len(names), rng)
        return cls(rules, names, hands, stock)

    def fitting(self, seat: int) -> list[Tile]:
        """The tiles of a known hand that play now, heaviest first (none if hidden)."""
        hand = self.hands[seat]
        if hand is None or self.layout.is_empty:
            return []
        return sort_tiles(t for t in hand if self.layout.can_play(t))

    def _fit(self, tile: Tile) -> str:
        return describe_numbers(sorted({e.number for e in self.layout.options(tile)}))

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

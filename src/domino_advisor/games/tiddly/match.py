"""A Tiddly-wink match with every hand known (simulation): rounds dealt fairly,
each scored as the draw game scores it (the round's winner scores the others' pips), the
most points win.  The moves are the round's (``state.TiddlyRound``)."""

from __future__ import annotations

import random
from typing import ClassVar

from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Move
from domino_advisor.games.line.moves import shuffle_deal
from domino_advisor.games.tiddly.rules import TiddlyRules
from domino_advisor.games.tiddly.state import TiddlyRound


class TiddlyMatch:
    """Rounds until the rules' end (one round, ``rounds=N``, or ``target=N`` points)."""

    most_wins: ClassVar[bool] = True  # the most points win (the draw game's scoring)

    def __init__(self, rules: TiddlyRules, names: list[str]):
        rules.check_players(len(names))
        self.rules, self.names = rules, list(names)
        self.rounds: list[TiddlyRound] = []
        self.totals = [0] * len(names)

    @property
    def round(self) -> TiddlyRound | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        r = self.round
        if r is None or not r.over:
            return False
        rules = self.rules
        if rules.single_round or (rules.rounds and len(self.rounds) >= rules.rounds):
            return True
        return bool(rules.target) and max(self.totals) >= rules.target

    def deal(self, rng: random.Random) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
        """A fair deal (the draw game's): the hands and the boneyard in order."""
        hands, stock = shuffle_deal(self.rules.line, len(self.names), rng)
        return [tuple(h) for h in hands], list(stock)

    def start(self, hands: list[tuple[Tile, ...]], stock: list[Tile]) -> TiddlyRound:
        r = self.round
        if r is not None and not r.over:
            raise ValueError("the round in play is not over")
        r = TiddlyRound(self.rules, self.names, hands, stock, number=len(self.rounds) + 1)
        self.rounds.append(r)
        return r

    def apply(self, move: Move, line: int | None = None) -> None:
        """Apply a move (or refuse it); a round that ends scores its winner's points."""
        r = self.round
        if r is None:
            raise ValueError("no round has started")
        r.apply(move, line)
        result = r.result() if r.over else None
        if result is not None and result.winner is not None:
            self.totals[result.winner] += sum(result.points.values())

    def winners(self) -> list[int]:
        """The most points (a tie shares it)."""
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

"""A Matador match with every hand known (simulation): rounds dealt fairly until a player
reaches the target at the end of a round (or the one round, ``target=0``), each scored by
``scoring.py``; the most points win.  The moves are the round's (``state.MatadorRound``)."""

from __future__ import annotations

import random
from typing import ClassVar

from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Move
from domino_advisor.games.matador.rules import MatadorRules
from domino_advisor.games.matador.scoring import next_opener
from domino_advisor.games.matador.state import MatadorRound, shuffle_deal


class MatadorMatch:
    """Rounds until the rules' end; each finished round's points to its winner."""

    most_wins: ClassVar[bool] = True  # the most points win

    def __init__(self, rules: MatadorRules, names: list[str]):
        rules.check_players(len(names))
        self.rules, self.names = rules, list(names)
        self.rounds: list[MatadorRound] = []
        self.totals = [0] * len(names)

    @property
    def round(self) -> MatadorRound | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        r = self.round
        if r is None or not r.over:
            return False
        return self.rules.single_round or max(self.totals) >= self.rules.target

    def deal(self, rng: random.Random) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
        """A fair deal: the hands and the boneyard in order."""
        hands, stock = shuffle_deal(self.rules, len(self.names), rng)
        return [tuple(h) for h in hands], list(stock)

    def opener(self) -> int:
        """Who opens the next round: the first player, then the last round's winner (a blocked
        round with no single winner: the player after the one who opened it)."""
        r = self.round
        if r is None:
            return 0
        result = r.result()
        return next_opener(r.opener, None if result is None else result.winner, len(self.names))

    def start(self, hands: list[tuple[Tile, ...]], stock: list[Tile]) -> MatadorRound:
        r = self.round
        if r is not None and not r.over:
            raise ValueError("the round in play is not over")
        r = MatadorRound(
            self.rules, self.names, hands, stock, number=len(self.rounds) + 1, opener=self.opener()
        )
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
            self.totals[result.winner] += result.points

    def winners(self) -> list[int]:
        """The most points (a tie shares it)."""
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

"""A Tiddly-wink match as one seat logged it: rounds in order (``round N``, your hand,
then what everyone does), each checked as far as that seat can see (``seat.SeatRound``),
the points of each finished round on its winner's total, as the draw game scores them
(every such match's bookkeeping is ``hub.seattable.SeatLogMatch``).
"""

from __future__ import annotations

from domino_advisor.games.hub.seattable import SeatLogMatch
from domino_advisor.games.line.scoring import Result
from domino_advisor.games.tiddly.rules import TiddlyRules
from domino_advisor.games.tiddly.seat import SeatRound


class TiddlyLogMatch(SeatLogMatch):
    """The match from one seat: every event applied or refused, nothing changed."""

    rules: TiddlyRules
    rounds: list[SeatRound]

    def new_round(self, number: int) -> SeatRound:
        return SeatRound(self.rules, self.players, self.me, number)

    def points(self, result: Result) -> int:
        """The draw game's points: every side's, to the winner."""
        return sum(result.points.values())

    def over_now(self) -> bool:
        """A single round, the rounds played, or the target reached."""
        rules = self.rules
        if rules.single_round or (rules.rounds and len(self.rounds) >= rules.rounds):
            return True
        return bool(rules.target) and max(self.totals) >= rules.target

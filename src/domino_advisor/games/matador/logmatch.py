"""A Matador match as one seat logged it: rounds in order (``round N``, your hand, then what
everyone does), each checked as far as that seat can see (``seat.MatadorSeatRound``), the points
of each finished round on its winner's total (every such match's bookkeeping is
``hub.seattable.SeatLogMatch``).  Who opens each round is the match's to say: the first
player named, then the last round's winner."""

from __future__ import annotations

from domino_advisor.games.hub.seattable import SeatLogMatch
from domino_advisor.games.matador.rules import MatadorRules
from domino_advisor.games.matador.scoring import Scored, next_opener
from domino_advisor.games.matador.seat import MatadorSeatRound


class MatadorLogMatch(SeatLogMatch):
    """The match from one seat: every event applied or refused, nothing changed."""

    rules: MatadorRules
    rounds: list[MatadorSeatRound]

    def new_round(self, number: int) -> MatadorSeatRound:
        return MatadorSeatRound(self.rules, self.players, self.me, number, self.opener())

    def points(self, result: Scored) -> int:
        return result.points

    def over_now(self) -> bool:
        """A single round, or the target reached."""
        return self.rules.single_round or max(self.totals) >= self.rules.target

    def opener(self) -> int:
        """Who opens the next round (``scoring.next_opener``)."""
        r = self.round
        if r is None:
            return 0
        result = r.result()
        return next_opener(r.opener, None if result is None else result.winner, len(self.players))

"""What a finished round is worth to you: your chance of winning the match from the
score it leaves.

A round is only a step in a match.  Winning it by 2 points or by 40, losing it when
the other side needs 5 or needs 90: the match-equity table (``equity``) turns every
such end into one number, your chance of winning the match from there, and the
advisor ranks moves by it.  In All Fives the match can end in the middle of a round,
the moment a side's points reach the target; the fast round stops there and the side
that got there has won.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import FastRound
from .equity import Table, chance_among, table_for
from .game import Round
from .scoring import side_of


@dataclass(frozen=True)
class Stakes:
    """The match around one round, as the seat to advise sees it."""

    table: Table
    target: int
    me: int  # your side
    before: tuple[int, ...]  # each side's score before this round (this round's fives not in it)
    opener: int  # the seat that opened (or will open) this round
    sides: int
    seats: int
    next_lead: str
    rules_name: str
    approximate: bool  # the table is for the preset; these rules differ from it

    def value(self, fr: FastRound) -> float:
        """Your chance of winning the match, once the fast round ``fr`` is over."""
        rules = fr.rules
        if fr.reached:  # the target was passed in the middle of the round
            return 1.0 if side_of(fr.out, rules) == self.me else 0.0
        result = fr.result()
        scores = [self.before[s] + fr.fives[s] + result.points.get(s, 0) for s in range(self.sides)]
        best = max(scores)
        if best >= self.target:
            leaders = [s for s, v in enumerate(scores) if v == best]
            return 0.0 if self.me not in leaders else 1.0 / len(leaders)
        needs = [self.target - v for v in scores]
        if self.sides == 2:
            return self.table.chance(
                needs[self.me], needs[1 - self.me], self._next_opener(result.winner, rules)
            )
        return chance_among(self.table, needs, self.me)

    def _next_opener(self, winner: int | None, rules) -> int | None:
        """Who opens the next round, from your side: 0 you, 1 them, None as the lead rule falls."""
        if self.next_lead == "winner" and winner is not None:
            return 0 if side_of(winner, rules) == self.me else 1
        if self.next_lead == "rotate":
            return 0 if side_of((self.opener + 1) % self.seats, rules) == self.me else 1
        return None


# rule parameters that do not change a match table: who opens the first round, the
# target itself (the table is read by points still needed), and the spinner's shape
_SAME_TABLE = {"target", "lead", "spinner"}


def stakes(r: Round, seat: int) -> Stakes | None:
    """The match around this round, or None where the round is all there is (a single
    round, no table for these rules, or the match already decided)."""
    rules = r.rules
    match = r.match
    if not rules.target or match.finished:
        return None
    table = table_for(rules, match.seats)
    if table is None:
        return None
    scores = match.scores()
    sides = 2 if rules.partners else match.seats
    before = tuple(scores.get(s, 0) - r.fives.get(s, 0) for s in range(sides))
    opener = r.opener if r.opener is not None else seat
    differs = set(rules.differences()) - _SAME_TABLE
    return Stakes(
        table,
        rules.target,
        side_of(seat, rules),
        before,
        opener,
        sides,
        match.seats,
        rules.next_lead,
        rules.name,
        bool(differs),
    )

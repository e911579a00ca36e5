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

import math
from dataclasses import dataclass

from domino_advisor.games.line.engine import FastRound
from domino_advisor.games.line.equity import EquityTable, chance_among, key_of, table_for
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.scoring import side_of
from domino_advisor.games.line.state import Round


@dataclass(frozen=True)
class Stakes:
    """The match around one round, as the seat to advise sees it."""

    table: EquityTable | None  # None: a match of a number of rounds, judged by the race below
    target: int
    me: int  # your side
    before: tuple[int, ...]  # each side's score before this round (this round's fives not in it)
    opener: int  # the seat that opened (or will open) this round
    sides: int
    seats: int
    next_lead: str
    rules_name: str
    approximate: bool  # the table is for the preset; these rules differ from it
    rounds_left: int | None = None  # rounds after this one in a match of a number of rounds
    spread: float = 0.0  # a round's points, one side less another: the standard deviation
    banked: tuple[int, ...] = ()  # All Fives: each side's fives scored so far this round (in the scores)

    def value(self, fr: FastRound) -> float:
        """Your chance of winning the match, once the fast round ``fr`` is over."""
        rules = fr.rules
        if fr.reached:  # the target was passed in the middle of the round
            return 1.0 if side_of(fr.out, rules) == self.me else 0.0
        result = fr.result()
        scores = [self.before[s] + fr.fives[s] + result.points.get(s, 0) for s in range(self.sides)]
        best = max(scores)
        if (self.target and best >= self.target) or self.rounds_left == 0:
            leaders = [s for s, v in enumerate(scores) if v == best]
            return 0.0 if self.me not in leaders else 1.0 / len(leaders)
        if self.rounds_left is not None or self.table is None:
            return self._race(scores)
        needs = [self.target - v for v in scores]
        if self.sides == 2:
            return self.table.chance(
                needs[self.me], needs[1 - self.me], self._next_opener(result.winner, rules)
            )
        return chance_among(self.table, needs, self.me)

    def _race(self, scores: list[int]) -> float:
        """A match of a number of rounds: the lead against the spread of the rounds left,
        each round's difference taken as normal (and each rival apart, with three or four)."""
        sd = self.spread * math.sqrt(max(1, self.rounds_left or 1))
        chance = 1.0
        for s, v in enumerate(scores):
            if s != self.me:
                chance *= 0.5 * (1 + math.erf((scores[self.me] - v) / (sd * math.sqrt(2))))
        return chance

    def _next_opener(self, winner: int | None, rules: Rules) -> int | None:
        """Who opens the next round, from your side: 0 you, 1 them, None as the lead rule falls."""
        if self.next_lead == "winner" and winner is not None:
            return 0 if side_of(winner, rules) == self.me else 1
        if self.next_lead == "rotate":
            return 0 if side_of((self.opener + 1) % self.seats, rules) == self.me else 1
        return None


# rule parameters that do not change a match table: who opens the first round, the
# target itself (the table is read by points still needed), and the spinner's shape
_SAME_TABLE = {"target", "lead", "spinner", "spinner_opens", "rounds"}

# one round's points, one side less another: the standard deviation, by preset and
# players (1,500 rounds of the heuristic on every seat, equity.sample, seed 404); a
# bigger set scales it by its top pip
SPREAD = {
    "classic/2": 20.3,
    "classic/3": 27.1,
    "classic/4": 28.5,
    "all-fives/2": 28.2,
    "all-fives/3": 30.4,
    "all-fives/4": 32.6,
    "block/2": 11.6,
    "block/3": 15.1,
    "block/4": 17.5,
    "draw/2": 20.3,
    "draw/3": 27.1,
    "draw/4": 28.5,
    "reserve/2": 18.5,
    "reserve/3": 25.9,
    "reserve/4": 25.9,
    "partnership/4": 24.3,
    "sebastopol/4": 32.6,
}


def round_spread(rules: Rules, players: int) -> float:
    base = SPREAD.get(f"{rules.name}/{players}", SPREAD["classic/2"])
    return base * rules.top / 6


def stakes(r: Round, seat: int) -> Stakes | None:
    """The match around this round, or None where the round is all there is (a single
    round, no table for these rules, or the match already decided)."""
    rules = r.rules
    match = r.match
    if rules.single_round or match.finished:
        return None
    rounds_left = max(0, rules.rounds - r.number) if rules.rounds else None
    table = table_for(rules, match.seats) if rules.target and not rules.rounds else None
    if table is None and rounds_left is None:
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
        bool(differs)
        or rounds_left is not None
        or (table is not None and table.key != key_of(rules, match.seats)),
        rounds_left,
        round_spread(rules, match.seats),
        tuple(r.fives.get(s, 0) for s in range(sides)),
    )

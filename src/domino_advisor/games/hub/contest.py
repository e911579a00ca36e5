"""The tournament of the games played off a middle double and of Tiddly-wink
(``Parts.simulate``), as the one tournament (``measure.tournament``) plays it: each deal's
whole match is played once per rotation of the bots round the table, so every bot meets
the same tiles and the same move dice from every seat; ``--games`` counts deals.

The score is the match total: pips left over every round, lower is better; or, where
the match says the most points win (Tiddly-wink: the draw game's scoring), points won,
higher is better.  The figures come with 95% intervals over deals, and the first two
bots' difference is paired by deal, which is what the interval of "is A better than B"
needs.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domino_advisor.base.stats import half_width
from domino_advisor.games.hub.logmatch import AnyRules, match_of
from domino_advisor.games.registry import game_for

if TYPE_CHECKING:
    from domino_advisor.base import shapes

Outcome = tuple[list[int], list[int], int]  # the totals, each seat's rounds won, the rounds played
Summary = tuple[dict[str, tuple[float, int, int]], int]  # each bot's totals, rounds won, rounds sat; rounds


@dataclass
class HubBotScore:
    spec: str
    seats: int  # seats it fills in a rotation
    totals: list[float] = field(default_factory=list)  # its mean match total, per deal
    rounds_won: int = 0
    rounds: int = 0

    @property
    def mean(self) -> float:
        return statistics.fmean(self.totals)

    @property
    def ci95(self) -> float | None:
        return half_width(self.totals)


@dataclass
class HubTournament:
    rules: AnyRules
    players: int
    deals: int
    bots: list[HubBotScore]
    difference: list[float] = field(default_factory=list)  # first bot's total less the second's, per deal
    most_wins: bool = False  # the match's: higher totals are better (points won), not lower (pips)
    rounds_played: int = 0  # over every match played

    @property
    def rounds_a_match(self) -> int | float:
        """Rounds a match (a match to a target may take more or fewer), whole where it is."""
        matches = self.deals * self.players
        mean = self.rounds_played / matches if matches else 0
        return int(mean) if mean == int(mean) else round(mean, 2)

    def add(self, played: Summary) -> None:
        """One deal's matches (``HubContestDeal.summary``)."""
        per_deal, rounds = played
        self.rounds_played += rounds
        scores = {b.spec: b for b in self.bots}
        for name, score in scores.items():
            total, won, sat = per_deal[name]
            score.totals.append(total / (self.players * score.seats))
            score.rounds_won += won
            score.rounds += sat
        if len(self.bots) >= 2:
            self.difference.append(self.bots[0].totals[-1] - self.bots[1].totals[-1])

    def as_json(self) -> shapes.HubSimulateJson:
        """``simulate --json``: each bot's total a match (and, where the most points win,
        ``most_wins``: higher totals are better)."""
        out: shapes.HubSimulateJson = {
            "rules": self.rules.name,
            "players": self.players,
            "deals": self.deals,
            "matches": self.deals * self.players,
            "rounds_a_match": self.rounds_a_match,
            "bots": [
                {
                    "bot": b.spec,
                    "seats": b.seats,
                    "total_per_match": round(b.mean, 2),
                    "total_ci95": None if b.ci95 is None else round(b.ci95, 2),
                    "rounds_won": round(b.rounds_won / (b.rounds or 1), 4),
                }
                for b in self.bots
            ],
            "difference": self._paired(),
        }
        if self.most_wins:
            out["most_wins"] = True
        return out

    def _paired(self) -> shapes.PairedJson | None:
        """The first bot's match total less the second's, paired by deal, with its 95% interval."""
        if len(self.bots) < 2 or not self.difference:
            return None
        mean = sum(self.difference) / len(self.difference)
        half = half_width(self.difference)
        return {
            "first": self.bots[0].spec,
            "second": self.bots[1].spec,
            "mean": round(mean, 2),
            "ci95": None if half is None else round(half, 2),
            "per_deal": [round(d, 2) for d in self.difference],
        }


class HubSitting:
    """A whole match with these bots by seat, dealt from the deal's seed, its moves drawn
    from the deal's move dice (who acts next at a race, the advisor's seeds)."""

    def __init__(self, rules: AnyRules, bots: list[str], deal_seed: int, move_seed: int):
        n = len(bots)
        self.bots = bots
        self.match: Any = match_of(rules, [f"seat{i}" for i in range(n)])
        self.deals, self.dice = random.Random(deal_seed), random.Random(move_seed)
        self.won = [0] * n
        self.outcome: Outcome | None = None

    def rounds(self) -> Iterator[Any]:
        match, won, n = self.match, self.won, len(self.bots)
        while not match.finished:
            hands, stock = match.deal(self.deals)
            r = match.start(list(hands), stock)
            yield r
            # a round won: out first, or the fewest pips in a blocked round; a tie shares none
            if r.winner is not None:
                won[r.winner] += 1
            else:
                left = [r.pips_left(s) or 0 for s in range(n)]
                if left.count(min(left)) == 1:
                    won[left.index(min(left))] += 1
        self.outcome = (match.totals, won, len(match.rounds))


class HubContestDeal:
    """One deal's matches, once per rotation of the bots round the table."""

    def __init__(self, rules: AnyRules, seeds: tuple[int, int], by_seat: list[str]):
        self.rules, self.by_seat = rules, by_seat
        self.deal_seed, self.move_seed = seeds
        self.sittings: list[HubSitting] = []

    def sit(self, rotation: int) -> HubSitting:
        seats = self.by_seat[rotation:] + self.by_seat[:rotation]
        sitting = HubSitting(self.rules, seats, self.deal_seed, self.move_seed)
        self.sittings.append(sitting)
        return sitting

    def summary(self) -> Summary:
        """Each bot's summed totals, rounds won and rounds sat (a round counted once per
        seat it fills), and the rounds played."""
        out = {name: (0.0, 0, 0) for name in self.by_seat}
        played = 0
        for sitting in self.sittings:
            assert sitting.outcome is not None  # played out
            totals, won, rounds = sitting.outcome
            played += rounds
            for s, name in enumerate(sitting.bots):
                total, wins, sat = out[name]
                out[name] = (total + totals[s], wins + won[s], sat + rounds)
        return out, played


class HubContest:
    """The tournament of whole matches of a game played through the hub's parts."""

    example = "heuristic,heavy"
    chunk = 5  # a deal is a whole match a rotation: few deals to a process at a time

    def __init__(self, rules: AnyRules, seats: int, matches: bool = False):
        self.rules, self.seats = rules, seats  # a game is always a whole match

    def deals(self, games: int) -> int:
        """``--games`` is the number of deals."""
        return games

    def check_bots(self, specs: list[str]) -> None:
        return None  # any of the game's bots plays with any other

    def seeds(self, seed: int, deals: int) -> list[tuple[int, int]]:
        """Each deal's seeds for its tiles and its move dice, drawn in deal order."""
        rng = random.Random(seed)
        return [(rng.getrandbits(32), rng.getrandbits(32)) for _ in range(deals)]

    def deal(self, seeds: tuple[int, int], by_seat: list[str]) -> HubContestDeal:
        return HubContestDeal(self.rules, seeds, by_seat)

    def standings(self, by_seat: list[str], deals: int) -> HubTournament:
        names = list(dict.fromkeys(by_seat))
        bots = [HubBotScore(name, by_seat.count(name)) for name in names]
        return HubTournament(self.rules, self.seats, deals, bots, most_wins=self._most_wins())

    def _most_wins(self) -> bool:
        """Whether the game's match is won by the most points (its match class says)."""
        game: Any = game_for(self.rules.name)  # the one stack's games name their match class
        most: bool = game.match_class.most_wins
        return most

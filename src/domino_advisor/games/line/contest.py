"""The line games' tournament (``Parts.simulate``), as the one tournament
(``measure.tournament``) plays it: a game is one round, played for the round (the target
set aside), or with ``matches`` a whole match to the target, its rounds dealt the same
whichever seat holds which bot.  A deal's hands go round the seats, the bots staying in
theirs, so every bot plays every hand; ``--games`` counts games (rounds or matches), a
deal being one per seat.  Each bot's games won (any seat of its side winning), drawn and
points, with 95% intervals over deals, and, for rounds, the games its side opened and won.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domino_advisor.base.stats import half_width
from domino_advisor.games.events import NewRound
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import setup_round, shuffle_deal
from domino_advisor.games.line.players import check_table
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.scoring import side_of
from domino_advisor.games.line.state import Round

if TYPE_CHECKING:
    from domino_advisor.base import shapes

NAMES = ["s1", "s2", "s3", "s4"]
MAX_ROUNDS = 50  # a match still undecided after this many rounds is counted drawn
# a game's outcome: the side that won (None: drawn), each side's points, the seat that
# opened (a round's; None for a match, which has an opener a round)
Outcome = tuple[int | None, dict[int, int], int | None]
Tally = list[float]  # a bot's games won, drawn, points, games, won as the opener, opened


@dataclass
class BotScore:
    spec: str
    seats: int = 0  # seats this bot fills at the table (a win is any of them winning)
    games: int = 0
    wins: float = 0.0
    ties: float = 0.0
    points: float = 0.0
    per_deal_wins: list[float] = field(default_factory=list)
    per_deal_points: list[float] = field(default_factory=list)
    opened: int = 0  # games (rounds) its side opened
    won_opening: float = 0.0  # ... and won

    @property
    def opener_win_rate(self) -> float | None:
        """Games won of those its side opened (the opening move is worth most in two-player
        block games); None where it opened none."""
        return self.won_opening / self.opened if self.opened else None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def points_per_game(self) -> float:
        return self.points / self.games if self.games else 0.0

    def interval(self, values: list[float]) -> float:
        """Half-width of a 95% confidence interval over deals (duplicates are paired)."""
        width = half_width(values)
        return float("nan") if width is None else width


@dataclass
class LineStandings:
    """Each bot's figures over the deals played."""

    rules_name: str
    seats: int
    deals: int
    matches: bool
    bots: list[BotScore]

    def add(self, per_bot: dict[str, Tally]) -> None:
        """One deal's tallies (``LineContestDeal.summary``)."""
        scores = {s.spec: s for s in self.bots}
        for spec, (w, t, p, g, ow, og) in per_bot.items():
            sc = scores[spec]
            sc.games += int(g)
            sc.wins += w
            sc.ties += t
            sc.points += p
            sc.won_opening += ow
            sc.opened += int(og)
            sc.per_deal_wins.append(w / g)
            sc.per_deal_points.append(p / g)

    def as_json(self) -> shapes.SimulateJson:
        """``simulate --json``: each bot's games won and points, with their intervals (NaN
        from one deal, printed as null)."""
        return {
            "rules": self.rules_name,
            "players": self.seats,
            "deals": self.deals,
            "game": "match" if self.matches else "round",
            "bots": [
                {
                    "bot": s.spec,
                    "seats": s.seats,
                    "games": s.games,
                    "win_rate": s.win_rate,
                    "win_ci95": s.interval(s.per_deal_wins),
                    "tie_rate": s.ties / s.games,
                    "points_per_game": s.points_per_game,
                    "points_ci95": s.interval(s.per_deal_points),
                    **self._opening(s),
                }
                for s in self.bots
            ],
        }

    def _opening(self, s: BotScore) -> shapes.OpeningJson:
        """The games its side opened and the share it won (rounds only: a match has many openers)."""
        if self.matches:
            return {}
        return {"opened": s.opened, "opener_win_rate": s.opener_win_rate}


class RoundSitting:
    """One round of the deal, its hands ``rotation`` seats on, played for the round."""

    def __init__(
        self, rules: Rules, bots: list[str], hands: list[Any], stock: list[Any], opener: int, dice: Any
    ):
        self.rules, self.bots, self.dice = rules, bots, dice
        self.hands, self.stock, self.opener = hands, stock, opener
        self.match = Match(rules, NAMES[: len(bots)])
        self.outcome: Outcome | None = None

    def rounds(self) -> Iterator[Round]:
        self.match.apply(NewRound(1))
        r = self.match.playing
        setup_round(r, self.hands, self.stock)
        if r.opening == "chosen":
            r.turn = self.opener
        yield r
        res = r.result()
        assert res is not None  # every hand is known to a simulation
        points = dict(r.fives)
        for side, pts in res.points.items():
            points[side] = points.get(side, 0) + pts
        assert r.opener is not None  # a round is over only once opened
        self.outcome = (res.winner, points, r.opener)


class MatchSitting:
    """A whole match to the target: its rounds are dealt from the deal's seed (the same
    deals whichever seat each bot holds), each hand going to the seat ``rotation`` on."""

    def __init__(self, rules: Rules, bots: list[str], deal_seed: int, rotation: int, dice: Any):
        self.rules, self.bots, self.dice = rules, bots, dice
        self.deal_seed, self.rotation = deal_seed, rotation
        self.match = Match(rules, NAMES[: len(bots)])
        self.outcome: Outcome | None = None

    def rounds(self) -> Iterator[Round]:
        seats, match, rotation = len(self.bots), self.match, self.rotation
        for k in range(MAX_ROUNDS):
            if match.finished:
                break
            deal_rng = random.Random(self.deal_seed * 1_009 + k)
            hands, stock = shuffle_deal(self.rules, seats, deal_rng)
            chosen = deal_rng.randrange(seats)
            match.apply(NewRound(k + 1))
            r = match.playing
            setup_round(r, [hands[(s + rotation) % seats] for s in range(seats)], stock)
            if r.opening == "chosen":
                r.turn = (chosen - rotation) % seats
            yield r
        winner = match.match_winner() if match.finished else None
        self.outcome = (winner, match.scores(), None)


class LineContestDeal:
    """One deal: the hands, the boneyard and who is chosen to open, shuffled from its
    seed, and each rotation's dice drawn from the same numbers in turn."""

    def __init__(self, rules: Rules, matches: bool, deal_seed: int, by_seat: list[str]):
        self.rules, self.matches, self.deal_seed, self.by_seat = rules, matches, deal_seed, by_seat
        seats = len(by_seat)
        self.rng = random.Random(deal_seed)
        self.hands, self.stock = shuffle_deal(rules, seats, self.rng)
        self.opener = self.rng.randrange(seats)
        self.sittings: list[RoundSitting | MatchSitting] = []

    def sit(self, rotation: int) -> RoundSitting | MatchSitting:
        seats = len(self.by_seat)
        rotated = [self.hands[(s + rotation) % seats] for s in range(seats)]
        dice = random.Random(self.rng.getrandbits(64))
        sitting: RoundSitting | MatchSitting
        if self.matches:
            sitting = MatchSitting(self.rules, self.by_seat, self.deal_seed, rotation, dice)
        else:
            opener = (self.opener - rotation) % seats
            sitting = RoundSitting(self.rules, self.by_seat, rotated, self.stock, opener, dice)
        self.sittings.append(sitting)
        return sitting

    def summary(self) -> dict[str, Tally]:
        """Each bot's tally over the deal's games."""
        rules, specs, seats = self.rules, self.by_seat, len(self.by_seat)
        per_bot: dict[str, Tally] = {}
        for sitting in self.sittings:
            assert sitting.outcome is not None  # played out
            winner, points, opened = sitting.outcome
            for spec in dict.fromkeys(specs):
                sides = {side_of(s, rules) for s in range(seats) if specs[s] == spec}
                w, t, p, g, ow, og = per_bot.get(spec, [0.0, 0.0, 0.0, 0, 0.0, 0])
                won = winner is not None and (winner if self.matches else side_of(winner, rules)) in sides
                w += 1 if won else 0
                t += 1 if winner is None else 0
                p += sum(points.get(side, 0) for side in sides) / len(sides)
                if opened is not None and side_of(opened, rules) in sides:
                    og += 1
                    ow += 1 if won else 0
                per_bot[spec] = [w, t, p, g + 1, ow, og]
        return per_bot


class LineContest:
    """The line games' tournament of rounds (or, with ``matches``, of matches)."""

    example = "advisor,heavy"
    chunk = 25  # rounds are quick: many deals to a process at a time

    def __init__(self, rules: Rules, seats: int, matches: bool = False):
        self.given, self.seats, self.matches = rules, seats, matches
        # a game of one round is played for the round: the target is set aside
        self.rules = rules if matches else rules.with_overrides({"target": "0"})

    def deals(self, games: int) -> int:
        """A deal is one game a seat."""
        return max(1, math.ceil(games / self.seats))

    def check_bots(self, specs: list[str]) -> None:
        check_table(specs, self.rules, self.seats)

    def seeds(self, seed: int, deals: int) -> list[int]:
        return [seed * 1_000_003 + d for d in range(deals)]

    def deal(self, seeds: int, by_seat: list[str]) -> LineContestDeal:
        return LineContestDeal(self.rules, self.matches, seeds, by_seat)

    def standings(self, by_seat: list[str], deals: int) -> LineStandings:
        bots = [BotScore(spec, seats=by_seat.count(spec)) for spec in dict.fromkeys(by_seat)]
        return LineStandings(self.given.name, self.seats, deals, self.matches, bots)

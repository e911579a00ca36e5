"""Mexican Train tournaments on duplicate deals: each deal's whole match is played once
per rotation of the bots round the table, so every bot meets the same tiles from every
seat, and the figures come with 95% intervals over deals.

The score is the match total (pips left over every round): lower is better.  The first
two bots' difference is paired by deal, which is what the interval of "is A better
than B" needs.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import DominoError
from .simulate import half_width
from .trains.bots import POLICIES
from .trains.match import TrainMatch, deal, legal_moves
from .trains.rules import TrainRules


@dataclass
class BotScore:
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
class TrainTournament:
    rules: TrainRules
    players: int
    deals: int
    bots: list[BotScore]
    difference: list[float] = field(default_factory=list)  # first bot's total less the second's, per deal


def play_one(
    rules: TrainRules, specs: list[str], deal_seed: int, move_seed: int
) -> tuple[list[int], list[int]]:
    """A whole match with these bots by seat: the totals, and each seat's rounds won
    (out first, or the fewest pips in a blocked round; a tie shares none)."""
    n = len(specs)
    match = TrainMatch(rules, [f"seat{i}" for i in range(n)])
    deals, moves = random.Random(deal_seed), random.Random(move_seed)
    won = [0] * n
    while not match.finished:
        hands, stock = deal(rules, n, len(match.rounds) + 1, deals)
        r = match.start(list(hands), stock)
        while not r.over:
            match.apply(POLICIES[specs[r.turn]](r, legal_moves(r), moves))
        if r.winner is not None:
            won[r.winner] += 1
        else:
            left = [r.pips_left(s) or 0 for s in range(n)]
            if left.count(min(left)) == 1:
                won[left.index(min(left))] += 1
    return match.totals, won


def tournament(
    rules: TrainRules,
    players: int,
    specs: list[str],
    deals: int,
    seed: int = 0,
    on_progress: Callable[[int], None] | None = None,
) -> TrainTournament:
    rules.check_players(players)
    for spec in specs:
        if spec not in POLICIES:
            raise DominoError(f"'{spec}' is not a Mexican Train bot (the bots are {', '.join(POLICIES)})")
    by_seat = [specs[i % len(specs)] for i in range(players)]
    names = list(dict.fromkeys(by_seat))
    scores = {name: BotScore(name, by_seat.count(name)) for name in names}
    out = TrainTournament(rules, players, deals, list(scores.values()))
    rng = random.Random(seed)
    for _ in range(deals):
        deal_seed, move_seed = rng.getrandbits(32), rng.getrandbits(32)
        sums = {name: 0.0 for name in names}
        for turn in range(players):  # every rotation of the bots round the table
            seats = by_seat[turn:] + by_seat[:turn]
            totals, won = play_one(rules, seats, deal_seed, move_seed)
            for s, name in enumerate(seats):
                sums[name] += totals[s]
                scores[name].rounds_won += won[s]
                scores[name].rounds += rules.round_count
        for name in names:
            scores[name].totals.append(sums[name] / (players * scores[name].seats))
        if len(names) >= 2:
            out.difference.append(scores[names[0]].totals[-1] - scores[names[1]].totals[-1])
        if on_progress:
            on_progress(1)
    return out

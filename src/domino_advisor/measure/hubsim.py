"""Tournaments of the games played through the one stack (Mexican Train, Chicken Foot,
Tiddly-wink) on duplicate deals: each deal's whole match is played once per rotation of
the bots round the table, so every bot meets the same tiles from every seat, and the
figures come with 95% intervals over deals.

The score is the match total: pips left over every round, lower is better; or, where
the match says the most points win (Tiddly-wink: the draw game's scoring), points won,
higher is better.  Who acts next is the round's to say (``next_actor``): the player to
move, or at a race one of those who can play, drawn by the deal's move dice, so the
figures are the same for any number of jobs.  The first two bots' difference is paired
by deal, which is what the interval of "is A better than B" needs.
"""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domino_advisor.advice.hubadvice import DEFAULT_SAMPLES, SURE, HubOptions, advise
from domino_advisor.base.errors import NotationError
from domino_advisor.games.events import Play, number_at_most
from domino_advisor.games.hub.logmatch import AnyRules, match_of
from domino_advisor.games.hub.match import Move, Policy
from domino_advisor.games.hub.round import HubRound
from domino_advisor.games.registry import game_for
from domino_advisor.games.words import words_for
from domino_advisor.measure.simulate import half_width, in_processes

# the advisor bot's worlds a decision: the table's (0.9.0: 20), never a time
ADVISOR_SAMPLES = DEFAULT_SAMPLES
MOST_SAMPLES = 10_000


class AdvisorBot:
    """The advisor as a player: it sees its own hand and the table (``advise`` counts from
    the seat's view), tries each play in ``samples`` worlds and plays the best."""

    def __init__(self, samples: int = ADVISOR_SAMPLES, sure: float = SURE, workers: int | None = None):
        self.samples = samples
        self.sure = sure
        self.workers = workers  # processes a decision may use (None: one per core)

    def __call__(self, r: HubRound, moves: list[Move], rng: random.Random) -> Move:
        if sum(isinstance(m, Play) for m in moves) <= 1:
            return moves[0]
        seed = rng.getrandbits(32)
        options = HubOptions(self.samples, seed, seconds=None, sure=self.sure, workers=self.workers)
        seat = r.names.index(moves[0].player)  # the seat the moves are for (at a race, one of several)
        best = advise(r, seat, options).moves[0]
        return r.play_event(seat, best.tile, best.place)


def make_policy(spec: str, rules: AnyRules, workers: int | None = None) -> Policy:
    """``heuristic``, ``heavy``, ``random``, ``advisor`` or ``advisor:N`` (worlds a decision),
    for the game of ``rules``; the advisor's decisions in ``workers`` processes (the same moves)."""
    policies = words_for(rules.name).BOTS
    name, colon, arg = spec.partition(":")
    if name in policies and not colon:
        return policies[name]
    if name == "advisor":
        if not colon:
            return AdvisorBot(workers=workers)
        samples = number_at_most(arg, MOST_SAMPLES)
        if samples:
            return AdvisorBot(samples, workers=workers)
        raise NotationError(f"'{spec}': the advisor's worlds are a whole number from 1 to {MOST_SAMPLES:,}")
    title = rules.title
    raise NotationError(
        f"'{spec}' is not a {title} bot (the bots are {', '.join(policies)}, advisor[:worlds])"
    )


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


def play_one(
    rules: AnyRules, specs: list[str], deal_seed: int, move_seed: int, workers: int | None = None
) -> tuple[list[int], list[int], int]:
    """A whole match with these bots by seat: the totals, each seat's rounds won (out
    first, or the fewest pips in a blocked round; a tie shares none), and the rounds played."""
    n = len(specs)
    policies = [make_policy(spec, rules, workers) for spec in specs]
    match = match_of(rules, [f"seat{i}" for i in range(n)])
    deals, moves = random.Random(deal_seed), random.Random(move_seed)
    won = [0] * n
    while not match.finished:
        hands, stock = match.deal(deals)
        r = match.start(list(hands), stock)
        while not r.over:
            seat = r.next_actor(moves)
            match.apply(policies[seat](r, r.moves_of(seat), moves))
        if r.winner is not None:
            won[r.winner] += 1
        else:
            left = [r.pips_left(s) or 0 for s in range(n)]
            if left.count(min(left)) == 1:
                won[left.index(min(left))] += 1
    return match.totals, won, len(match.rounds)


Deal = tuple[dict[str, tuple[float, int, int]], int]  # each bot's totals, rounds won, rounds sat; rounds


def play_deal(
    rules: AnyRules, by_seat: list[str], deal_seed: int, move_seed: int, workers: int | None = None
) -> Deal:
    """One deal's matches, once per rotation of the bots: each bot's summed totals, rounds
    won and rounds sat (a round counted once per seat it fills), and the rounds played."""
    out = {name: (0.0, 0, 0) for name in by_seat}
    played = 0
    for turn in range(len(by_seat)):
        seats = by_seat[turn:] + by_seat[:turn]
        totals, won, rounds = play_one(rules, seats, deal_seed, move_seed, workers)
        played += rounds
        for s, name in enumerate(seats):
            total, wins, sat = out[name]
            out[name] = (total + totals[s], wins + won[s], sat + rounds)
    return out, played


def _deals(args) -> list[Deal]:
    rules, by_seat, seeds = args
    return [play_deal(rules, by_seat, d, m, workers=1) for d, m in seeds]  # the cores are the jobs


def _most_wins(rules: AnyRules) -> bool:
    """Whether the game's match is won by the most points (its match class says)."""
    game: Any = game_for(rules.name)  # the one stack's games name their match class
    most: bool = game.match_class.most_wins
    return most


def tournament(
    rules: AnyRules,
    players: int,
    specs: list[str],
    deals: int,
    seed: int = 0,
    on_progress: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> HubTournament:
    """``deals`` deals, each played once per rotation; in ``jobs`` processes, the same figures."""
    rules.check_players(players)
    for spec in specs:
        make_policy(spec, rules)
    by_seat = [specs[i % len(specs)] for i in range(players)]
    names = list(dict.fromkeys(by_seat))
    scores = {name: HubBotScore(name, by_seat.count(name)) for name in names}
    out = HubTournament(rules, players, deals, list(scores.values()), most_wins=_most_wins(rules))
    rng = random.Random(seed)
    seeds = [(rng.getrandbits(32), rng.getrandbits(32)) for _ in range(deals)]

    def absorb(played: Deal) -> None:
        per_deal, rounds = played
        out.rounds_played += rounds
        for name in names:
            total, won, sat = per_deal[name]
            scores[name].totals.append(total / (players * scores[name].seats))
            scores[name].rounds_won += won
            scores[name].rounds += sat
        if len(names) >= 2:
            out.difference.append(scores[names[0]].totals[-1] - scores[names[1]].totals[-1])
        if on_progress:
            on_progress(1)

    jobs = max(1, min(jobs, deals, os.cpu_count() or 1))
    if jobs == 1:
        for d, m in seeds:
            absorb(play_deal(rules, by_seat, d, m))
        return out
    size = max(1, min(5, deals // (jobs * 4) or 1))
    chunks = [(rules, by_seat, seeds[i : i + size]) for i in range(0, deals, size)]
    for results in in_processes(jobs, _deals, chunks):
        for per_deal in results:
            absorb(per_deal)
    return out

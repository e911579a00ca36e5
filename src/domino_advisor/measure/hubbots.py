"""The bots of the games played off a middle double and of Tiddly-wink, by name
(``Parts.bots``, and the lessons'): the game's own (its words' ``BOTS``) and the advisor
as a player, which sees its own hand and the table (``advice.advise.advise`` counts
from the seat's view)."""

from __future__ import annotations

import random
from typing import Any

from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.budgets import TRAIN_ADVICE_SAMPLES as DEFAULT_SAMPLES
from domino_advisor.base.errors import NotationError
from domino_advisor.games.events import Play, number_at_most
from domino_advisor.games.words import words_for

# the advisor bot's worlds a decision: the table's (0.9.0: 20), never a time
ADVISOR_SAMPLES = DEFAULT_SAMPLES
MOST_SAMPLES = 10_000


class AdvisorBot:
    """The advisor as a player: it sees its own hand and the table (``advise`` counts from
    the seat's view), tries each play in ``samples`` worlds and plays the best."""

    def __init__(self, samples: int = ADVISOR_SAMPLES, sure: float | None = None, workers: int | None = None):
        self.samples = samples
        self.sure = sure  # None: the game's own bar for leaving its plan (its judging part's)
        self.workers = workers  # processes a decision may use (None: one per core)

    def __call__(self, r: Any, moves: list[Any], rng: random.Random) -> Any:
        if sum(isinstance(m, Play) for m in moves) <= 1:
            return moves[0]
        seed = rng.getrandbits(32)
        options = Options(samples=self.samples, seed=seed, seconds=None, sure=self.sure, workers=self.workers)
        seat = r.names.index(moves[0].player)  # the seat the moves are for (at a race, one of several)
        best = advise(r, seat, options).moves[0]
        return r.play_event(seat, best.tile, best.place)


def make_policy(spec: str, rules: Any, workers: int | None = None) -> Any:
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

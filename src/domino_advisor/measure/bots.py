"""Every game's bots by name, as ``simulate`` and the lessons call them (``Parts.bots``):
the game's own, by the names its folder gives them (``Game.bot``), and the advisor as a
player of any game, which sees its own hand and the table as it advises you
(``advice.advise.advise`` counts from the seat's view)."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.budgets import TRAIN_ADVICE_SAMPLES
from domino_advisor.counting.reads import models_for
from domino_advisor.games.events import Play
from domino_advisor.games.registry import game_for

ADVISOR_SAMPLES = TRAIN_ADVICE_SAMPLES  # the advisor bot's worlds a decision, unless its name says (100)


class AdvisorBot:
    """The advisor as a player: at a choice of plays it advises its own seat, from that
    seat's view, and plays the first move.  ``samples`` None: the table's own budget of
    work; the other settings as ``advice.asking.Options`` takes them (None: the game's)."""

    def __init__(
        self,
        samples: int | None = ADVISOR_SAMPLES,
        omniscient: bool = False,
        objective: str = "match",
        reads: bool = True,
        policy: Any = None,
        solve_drawing: int | None = None,
        search: str = "worlds",
        sure: float | None = None,
        workers: int | None = None,
        reading: str = "model",
        fuse: int | None = None,
    ):
        self.name = "omniscient" if omniscient else "advisor"
        self.samples = samples
        self.omniscient = omniscient
        self.objective = objective  # "match": plays for the match where there is one; "round"
        self.reads = reads  # soft reads, where a style is shipped for the rules
        self.policy = policy  # how the sampled worlds are played out (None: the game's)
        self.solve_drawing = solve_drawing  # two-player worlds with a boneyard solved up to this size
        self.search = search  # "tree": one tree over the seat's information, where the game has one
        self.sure = sure  # None: the game's own bar for leaving its plan
        self.workers = workers  # processes a decision may use (None: one per core; the same move)
        self.fuse = fuse  # αμ's joint turns where every world is solved (None: each world on its own)
        self.reading = reading  # "model": the shipped model of play; "simple": 0.5.0-0.10.0's, the tile alone

    def __call__(self, r: Any, moves: list[Any], rng: random.Random) -> Any:
        """The move for the seat these moves are for (at a race, one of several)."""
        if sum(isinstance(m, Play) for m in moves) <= 1:
            return moves[0]
        seat = r.names.index(moves[0].player)
        options = Options(
            samples=self.samples,
            seed=rng.getrandbits(32),
            seconds=None,
            omniscient=self.omniscient,
            reasons=False,
            objective=self.objective,
            style=self._style(r) if self.reads else None,
            policy=self.policy,
            solve_drawing=self.solve_drawing,
            search=self.search,
            fuse=self.fuse,
            sure=self.sure,
            workers=self.workers,
        )
        return advise(r, seat, options).event()

    def _style(self, r: Any) -> Any:
        pair = models_for(r.rules, len(r.names))
        return None if pair is None else pair[self.reading == "simple"]

    def choose(self, r: Any, seat: int, rng: random.Random) -> Any:
        """The move for ``seat`` (as the line games' players are asked)."""
        return self(r, r.moves_of(seat), rng)


def bot(spec: str, rules: Any = None, workers: int | None = None) -> Any:
    """A bot by its name, for the game of ``rules`` (``Parts.bots``): (round, the moves open
    to one seat, dice) -> the move it makes.  The advisor's decisions use ``workers``
    processes where its game shares them (the same moves)."""
    game: Any = game_for("" if rules is None else rules.name)
    return game.bot(spec, rules, partial(AdvisorBot, workers=workers))

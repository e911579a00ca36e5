"""The line games' bots for ``simulate`` and ``train``: the game's own by name
(``games.line.players``), and the advisor as a player, which works from a ``SeatView``
as it advises you (``advice.advise.advise``)."""

from __future__ import annotations

import random
from typing import Any

from domino_advisor.advice.advise import DEFAULT_OPTIONS, Options, advise
from domino_advisor.counting.reads import style_for
from domino_advisor.games.events import Event, Play
from domino_advisor.games.line import players as line_players


class AdvisorPlayer:
    def __init__(
        self,
        samples: int | None = 100,  # None: the table's default budget of work
        omniscient: bool = False,
        objective: str = "match",
        reads: bool = True,
        policy: Any = DEFAULT_OPTIONS.policy,  # how the sampled worlds are played out (the reader)
        solve_drawing: int | None = DEFAULT_OPTIONS.solve_drawing,  # None: the game's
        search: str = "worlds",
    ):
        self.name = "omniscient" if omniscient else "advisor"
        self.samples = samples
        self.omniscient = omniscient
        self.objective = objective  # "match": plays for the match where there is one; "round"
        self.reads = reads  # soft reads, where a style is shipped for the rules
        self.policy = policy
        self.solve_drawing = solve_drawing  # two-player worlds with a boneyard solved up to this size
        self.search = search  # "tree": one tree over the seat's information (advice.tree)

    def choose(self, r: Any, seat: int, rng: random.Random) -> Event:
        moves = r.moves_of(seat)
        plays = [m for m in moves if isinstance(m, Play)]
        if len(plays) <= 1:
            return moves[0]
        options = Options(
            samples=self.samples,
            seed=rng.getrandbits(32),
            omniscient=self.omniscient,
            reasons=False,
            objective=self.objective,
            style=style_for(r.rules, r.match.seats) if self.reads else None,
            policy=self.policy,
            solve_drawing=self.solve_drawing,
            search=self.search,
        )
        advice = advise(r, seat, options)
        return advice.event()  # written as legal_moves writes it: both use Layout.choices


def make_player(spec: str) -> Any:
    """``heavy``, ``advisor`` or ``advisor:96`` (samples per decision), ``dominoes[:samples]``,
    ``dominoes-strong[:samples]``, ``ismcts[:simulations[:c]]`` (``games.line.players``)."""
    return line_players.make_player(spec, AdvisorPlayer)


def bot(spec: str, rules: Any = None, workers: int | None = None) -> line_players.Bot:
    """A line bot as the one tournament calls it (``Parts.bots``); the line advisor decides
    in the process that plays it, whatever ``workers`` says."""
    return line_players.Bot(make_player(spec))

"""Positions to measure on, in any game: a round dealt fairly and stopped part-way, every
hand known (``bench``'s positions).  Played through the round interface
(``games.registry.GameRound``), so the same dice give the same positions in every game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domino_advisor.games.registry import GameRound, game_for

Policy = Callable[[Any, list[Any], random.Random], Any]  # (round, legal moves, dice) -> the move
NAMES = ["me", "ana", "bob", "cy", "di", "ed", "flo", "gus"]


def random_policy(round_: Any, moves: list[Any], rng: random.Random) -> Any:
    return rng.choice(moves)


def random_position(
    rules: Any,
    seats: int,
    rng: random.Random,
    min_draws: int = 0,
    events: tuple[int, int] = (4, 30),
    policy: Policy = random_policy,
    names: list[str] | None = None,
) -> GameRound:
    """A round stopped part-way, every hand known, with at least ``min_draws`` draws
    (``events``: how many moves are played, drawn by the dice)."""
    game = game_for(rules.name)
    names = names or NAMES[:seats]
    while True:
        r = game.deal_round(rules, names, rng)
        cut = rng.randint(*events)
        for _ in range(cut):
            if r.over:
                break
            r.apply(policy(r, r.legal_moves(), rng))
        if not r.over and sum(1 for a in r.history if a.kind == "draw") >= min_draws:
            return r

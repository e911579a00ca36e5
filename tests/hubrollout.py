"""The rollouts' moves against the logged ones, for the games played off a middle double:
``HubRound.step`` lays the chooser's pick through ``lay`` with no place names, no checks
and no history; the same choices logged as moves (``legal_moves``, then ``apply``) must
leave the same table after every move."""

from __future__ import annotations

import random

from domino_advisor.games.hub.match import legal_moves
from domino_advisor.games.hub.round import HubRound

NOT_THE_TABLE = ("history", "checked", "line")  # what a rollout does not keep


def table_of(r: HubRound) -> dict:
    """Everything a round holds but its history (the game's own table included)."""
    return {k: v for k, v in vars(r).items() if k not in NOT_THE_TABLE}


def rollout_keeps_step(checked: HubRound, rng: random.Random) -> HubRound:
    """Play ``checked`` to its end at random, a rollout's copy beside it making the same
    choices by ``step``; the two tables are compared after every move."""
    fast = checked.clone(checked=False)
    while not checked.over:
        moves = legal_moves(checked)
        k = rng.randrange(len(moves))
        checked.apply(moves[k])
        fast.step(lambda r, plays, k=k: plays[k])
        assert table_of(fast) == table_of(checked)
    assert fast.over and fast.history == []
    return fast

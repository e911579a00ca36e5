"""Every game on the one stack answers the round interface (games.registry.GameRound), and a
rollout's move (``step``, no names read back) is always one of the legal moves, applied
with every check to the same state (issue 40: the fast path held to the generic one on
200 random positions of each game).  The games are the registry's, every one (the line
games over every preset; their fast engine, ``games.line.engine``, is held to this round by
tests/test_engine.py)."""

from __future__ import annotations

import inspect
import random

import pytest

from domino_advisor.base.errors import DominoError
from domino_advisor.games import registry
from domino_advisor.games.events import Play

STACK = registry.every_game()
NAMES = ["ana", "bob", "cy", "dee"]


def table(game, rng: random.Random, players: int | None = None):
    """One of the game's rule sets (a line preset, or the game's own) and a table it takes."""
    while True:
        rules = game.rules_from(rng.choice(sorted(game.rules_names())), "")
        seats = players or rng.choice([2, 3, 4])
        try:
            rules.check_players(seats)
        except DominoError:
            players = None
            continue
        return rules, NAMES[:seats]


def members() -> list[str]:
    return [n for n in dir(registry.GameRound) if not n.startswith("_")] + list(
        registry.GameRound.__annotations__
    )


def test_every_game_is_played_through_the_interface():
    assert {g.name for g in STACK} == {"line", *registry.own_names()}


@pytest.mark.parametrize("game", STACK, ids=[g.name for g in STACK])
def test_each_round_answers_every_member_of_the_interface(game):
    rules, names = table(game, random.Random(0), 3)
    r = game.deal_round(rules, names, random.Random(0))
    for name in members():
        assert hasattr(r, name), f"{game.name}'s round has no {name}"
        wanted = getattr(registry.GameRound, name, None)
        if callable(wanted):
            have = inspect.signature(getattr(r, name)).parameters
            need = [p for p in inspect.signature(wanted).parameters if p != "self"]
            assert all(p in have for p in need) or len(have) >= len(need), (game.name, name)


def state(r) -> tuple:
    return (
        [None if h is None else sorted(h) for h in r.hands],
        list(r.counts),
        r.boneyard,
        r.over,
        r.winner,
        sorted(r.table_tiles()),
    )


def chooser(seed: int):
    rng = random.Random(seed)
    return lambda r, plays: plays[rng.randrange(len(plays))]


def _positions(game, count: int, seed: int):
    rng = random.Random(seed)
    made = 0
    while made < count:
        r = game.deal_round(*table(game, rng), rng)
        for _ in range(rng.randrange(30)):
            if r.over:
                break
            r.step(chooser(rng.randrange(1000)), random.Random(rng.randrange(1000)))
        if not r.over:
            yield r, rng.randrange(1 << 30)
            made += 1


# the fast tier: 30 positions a game (a Tiddly-wink position tries every actor's moves
# with every check: a hundredth of a second); the slow tier: the 200
@pytest.mark.parametrize(
    "count", [pytest.param(30, id="fast"), pytest.param(200, id="200", marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("game", STACK, ids=[g.name for g in STACK])
def test_a_rollouts_step_is_a_legal_move_applied_with_every_check(game, count):
    for r, seed in _positions(game, count, 40 + count):
        fast = r.clone(checked=False)
        fast.step(chooser(seed), random.Random(seed))
        legal = r.legal_moves()
        assert legal
        matches = []
        for move in legal:
            checked = r.clone()
            checked.apply(move)
            if state(checked) == state(fast):
                matches.append(move)
        assert matches, f"{game.name}: the rollout's move is none of {legal}"
        assert all(isinstance(m, Play) for m in matches) or len(matches) == 1

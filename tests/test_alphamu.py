"""αμ (``games.line.alphamu``) against strategies enumerated one by one: with no joint
turn it is each world solved on its own; with one, the best weighted outcome over every
way of choosing your next turn from what the table shows (the opponent, in each world,
answering as that world's hand allows best)."""

from __future__ import annotations

import itertools
import random

import pytest

from domino_advisor.base.tiles import Tile
from domino_advisor.games.line.alphamu import fused_values, reduced
from domino_advisor.games.line.engine import FastRound, from_tiles
from domino_advisor.games.line.rules import preset
from domino_advisor.games.line.scoring import round_value
from domino_advisor.games.line.search import solve


def _worlds(rules_name: str, seed: int, most: int, count: int) -> tuple[list[FastRound], list]:
    """A two-player round played at random to ``most`` tiles in hands or fewer, at a turn
    of seat 0 with two plays or more, nothing left to draw; and ``count`` worlds of it:
    the opponent's hand dealt again from the tiles seat 0 does not see."""
    rules = preset(rules_name)
    rng = random.Random(seed)
    while True:
        tiles = [Tile(a, b) for a in range(7) for b in range(a, 7)]
        rng.shuffle(tiles)
        fr = from_tiles(rules, [tiles[:7], tiles[7:14]], tiles[14:], 0)
        while not fr.over and (fr.hands[0].bit_count() + fr.hands[1].bit_count() > most or fr.drawable()):
            fr.step(lambda f, moves, r: moves[r.randrange(len(moves))], rng)
        if fr.over or fr.turn != 0 or len(fr.moves(0)) < 2:
            continue
        laid = _laid(fr)
        unseen = [t for t in range(28) if not fr.hands[0] >> t & 1 and t not in laid]
        worlds = []
        for _ in range(count):
            c = fr.clone()
            rng.shuffle(unseen)
            size = c.hands[1].bit_count()
            c.hands[1] = sum(1 << t for t in unseen[:size])
            c.stock = unseen[size:]
            worlds.append(c)
        return worlds, fr.moves(0)


def _laid(fr: FastRound) -> set[int]:
    held = fr.hands[0] | fr.hands[1]
    return {t for t in range(28) if not held >> t & 1 and t not in fr.stock}


def _after(fr: FastRound, move) -> FastRound:
    c = fr.clone()
    if move is None:
        c.pass_()
    else:
        c.play(*move)
    return c


def _leaf(fr: FastRound) -> int:
    return round_value(fr.result(), 0, fr.rules) if fr.over else solve(fr, 0)


def _paths(fr: FastRound, history: tuple) -> list[tuple[tuple, FastRound]]:
    """Every way the table can go from ``fr`` to your next turn with a play (or the end):
    the public moves on the way and where they lead; your passes are no choice."""
    if fr.over:
        return [(history, fr)]
    moves = fr.moves(fr.turn)
    if fr.turn == 0 and moves:
        return [(history, fr)]
    out = []
    for move in moves or [None]:
        out.extend(_paths(_after(fr, move), (*history, move)))
    return out


def _best_by_strategies(worlds, weights, candidate) -> float:
    paths = [_paths(_after(w, candidate), ()) for w in worlds]
    turns = sorted({h for ps in paths for h, s in ps if not s.over}, key=repr)
    options = {}
    for ps in paths:
        for h, s in ps:
            if not s.over:
                options[h] = s.moves(0)
    best = None
    for choice in itertools.product(*(options[h] for h in turns)):
        plan = dict(zip(turns, choice, strict=True))
        total = 0.0
        for wt, ps in zip(weights, paths, strict=True):
            total += wt * min(_leaf(s) if s.over else _leaf(_after(s, plan[h])) for h, s in ps)
        best = total if best is None else max(best, total)
    assert best is not None
    return best


@pytest.mark.parametrize("rules_name", ["block", "classic"])
@pytest.mark.parametrize("seed", range(3))
def test_with_no_joint_turn_each_world_is_solved_on_its_own(rules_name, seed):
    worlds, moves = _worlds(rules_name, seed, 8, 4)
    got = fused_values(worlds, [1.0] * 4, 0, moves, 0, [10**6])
    for move, vector in zip(moves, got, strict=True):
        assert list(vector) == [_leaf(_after(w, move)) for w in worlds]


# the fast tier: the block deals with strategy fusion in them (2 s of CPU); the slow, more
@pytest.mark.parametrize(
    ("rules_name", "seeds"),
    [
        ("block", range(3)),
        pytest.param("block", range(3, 40), marks=pytest.mark.slow),
        pytest.param("classic", range(20), marks=pytest.mark.slow),
    ],
)
def test_with_one_joint_turn_it_finds_the_best_strategy(rules_name, seeds):
    fused = 0  # candidates whose worlds' outcomes differ from each world solved on its own
    for seed in seeds:
        worlds, moves = _worlds(rules_name, 100 + seed, 10, 4)
        rng = random.Random(seed)
        weights = [rng.uniform(0.2, 1.0) for _ in worlds]
        got = fused_values(worlds, weights, 0, moves, 1, [10**6])
        for move, vector in zip(moves, got, strict=True):
            mean = sum(w * x for w, x in zip(weights, vector, strict=True))
            assert mean == pytest.approx(_best_by_strategies(worlds, weights, move)), (seed, move)
            alone = [_leaf(_after(w, move)) for w in worlds]
            # never above each world solved on its own: it sees less
            assert all(x <= y for x, y in zip(vector, alone, strict=True))
            fused += list(vector) != alone
    if rules_name == "block":  # these deals have strategy fusion to remove (seeds 100, 109, 130, ...)
        assert fused >= 1


def test_the_front_keeps_only_what_nothing_beats_everywhere():
    assert sorted(reduced([(2, 0), (1, 0), (0, 2), (2, 0), (1, 1)])) == [(0, 2), (1, 1), (2, 0)]
    assert reduced([(1, 1), (2, 1), (2, 2)]) == [(2, 2)]

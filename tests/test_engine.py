"""The fast engine against the reference engine, move for move on random games."""

from __future__ import annotations

import random

import pytest

from domino_advisor.deal import deal_round
from domino_advisor.engine import from_tiles
from domino_advisor.events import Draw, Pass, Play
from domino_advisor.match import Match
from domino_advisor.moves import legal_moves
from domino_advisor.rules import PRESETS, preset

SIDE = {"left": 0, "right": 1, "up": 2, "down": 3}
CASES = [(name, seats, spinner) for name in PRESETS for seats in (2, 3, 4)
         for spinner in ("none", "first-double") if name != "partnership" or seats == 4]


@pytest.mark.parametrize("name,seats,spinner", CASES)
def test_fast_engine_mirrors_reference(name, seats, spinner):
    rules = preset(name, {"spinner": spinner})
    rng = random.Random(hash((name, seats, spinner)) % 10**6)
    for _ in range(15):
        match = Match(rules, ["me", "ana", "bob", "cy"][:seats])
        deal_round(match, rng)
        r = match.round
        fast = None
        while not r.over:
            move = rng.choice(legal_moves(r))
            seat = match.seat(move.player)
            if fast is None:
                fast = from_tiles(rules, [r.hands[s] for s in range(seats)], list(r.stock), seat)
            assert fast.turn == seat
            if isinstance(move, Play):
                if r.layout.is_empty:
                    j = -1
                else:
                    side = r.layout.resolve(move.tile, move.on, rules.all_fives)
                    j = [e[0] for e in fast.ends].index(SIDE[side])
                    assert (move.tile.index, j) in fast.moves(seat) or any(
                        t == move.tile.index for t, _ in fast.moves(seat))
                fast.play(move.tile.index, j)
            elif isinstance(move, Draw):
                assert not fast.moves(seat) and fast.drawable()
                assert fast.draw() == move.tiles[0].index
            else:
                assert isinstance(move, Pass) and not fast.moves(seat) and not fast.drawable()
                fast.pass_()
            match.apply(move)
            assert sorted(fast.ends) == sorted(
                (SIDE[e.side], e.number, 2 if e.bare else int(e.double)) for e in r.layout.ends)
            assert fast.fives_count() == r.layout.fives_count()
            assert fast.hands == [sum(1 << t.index for t in h) for h in r.hands]
            assert fast.over == r.over
        res, ref = fast.result(), r.result()
        assert (res.winner, res.points) == (ref.winner, ref.points)
        assert {k: v for k, v in enumerate(fast.fives) if v} == r.fives

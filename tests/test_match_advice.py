"""Advice that plays for the match: a move that wins the match at once is always
first, the chances shown are the match's, and a single round is judged as before."""

from __future__ import annotations

import random

from domino_advisor import api
from domino_advisor.advisor import advise
from domino_advisor.deal import deal_round
from domino_advisor.events import Play
from domino_advisor.match import Match
from domino_advisor.moves import legal_moves
from domino_advisor.rules import preset


def _wins_at_once(match: Match, move: Play) -> bool:
    child = match.copy()
    child.apply(move)
    r = child.playing
    return r.how == "target" and r.out == match.seat(move.player)


def _positions_with_a_winning_move(count: int, seed: int):
    """All Fives, two players, a low target: turns where one play reaches it and another does not."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        rules = preset("all-fives", {"target": str(rng.choice([15, 20, 25, 30]))})
        match = Match(rules, ["me", "ana"])
        deal_round(match, rng)
        r = match.playing
        while not r.over:
            moves = legal_moves(r)
            plays = [m for m in moves if isinstance(m, Play)]
            if r.turn is not None and not r.layout.is_empty and len(plays) >= 2:
                winning = [m for m in plays if _wins_at_once(match, m)]
                if winning and len(winning) < len(plays):
                    found += 1
                    yield match, winning
                    break
            match.apply(rng.choice(moves))


def test_a_move_that_wins_the_match_at_once_is_first():
    for match, winning in _positions_with_a_winning_move(30, seed=31):
        r = match.playing
        advice = advise(r, r.turn, samples=60, seed=1, reasons=False)
        best = advice.moves[0]
        side = r.layout.resolve(best.tile, best.on, True)
        assert any(m.tile == best.tile and r.layout.resolve(m.tile, m.on, True) == side for m in winning)
        assert best.match == 1.0 and advice.stakes is not None


def test_a_single_round_is_judged_by_the_round():
    rules = preset("classic", {"target": "0"})
    rng = random.Random(4)
    match = Match(rules, ["me", "ana"])
    deal_round(match, rng)
    r = match.playing
    while r.turn is None or r.layout.is_empty or len(legal_moves(r)) < 2:
        match.apply(rng.choice(legal_moves(r)))
    advice = advise(r, r.turn, samples=40, seed=2, reasons=False)
    assert advice.stakes is None
    assert [c.value for c in advice.moves] == sorted((c.value for c in advice.moves), reverse=True)


def test_the_round_objective_can_be_asked_for():
    text = """[Rules "all-fives"]
[Set "target=20"]
[Players "me ana"]
round 1
me holds 6-6 6-1 5-0 4-4 3-2 2-2 1-0
me plays 6-6
ana plays 6-3 on 6
"""
    data = api.advise(text, samples=40, seed=1, seconds=None)
    assert "match" in data and data["stakes"]["target"] == 20
    pos = api.Position.of(api.loads(text))
    advice = advise(pos.match.playing, 0, samples=40, seed=1, objective="round", reasons=False)
    assert advice.stakes is None

"""Advice that plays for the match: a move that wins the match at once is always
first, the chances shown are the match's, and a single round is judged as before."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from domino_advisor import api
from domino_advisor.advice.advise import Options, advise
from domino_advisor.games.events import Play
from domino_advisor.games.line.deal import deal_round
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import preset
from domino_advisor.log import gamelog
from domino_advisor.views.chanceview import advice_view


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


# ten positions in the fast tier (it fails as thirty do with the target reached only
# past it, or a match won mid-round worth less than certain), thirty in the slow tier
@pytest.mark.parametrize(
    "count", [pytest.param(10, id="fast"), pytest.param(30, id="full", marks=pytest.mark.slow)]
)
def test_a_move_that_wins_the_match_at_once_is_first(count):
    for match, winning in _positions_with_a_winning_move(count, seed=31):
        r = match.playing
        advice = advise(r, r.turn, Options(samples=60, seed=1, reasons=False))
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
    advice = advise(r, r.turn, Options(samples=40, seed=2, reasons=False))
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
    advice = advise(pos.match.playing, 0, Options(samples=40, seed=1, objective="round", reasons=False))
    assert advice.stakes is None


# -- a match of a number of rounds (rounds=N) ---------------------------------------------
def _last_round_of_two(monkeypatch, lead: int) -> Match:
    """The second and last round of a two-player classic match of two rounds, ``me``
    ahead by ``lead`` points (round 1 played out at random, then the scores set)."""
    rules = preset("classic", {"rounds": "2", "target": "0"})
    rng = random.Random(3)
    match = Match(rules, ["me", "ana"], "me")
    deal_round(match, rng)
    while not match.playing.over:
        match.apply(rng.choice(legal_moves(match.playing)))
    deal_round(match, rng)
    monkeypatch.setattr(match, "scores", lambda: {0: lead, 1: 0})
    return match


def test_the_last_round_of_a_fixed_match_is_judged_by_the_final_score(monkeypatch):
    from domino_advisor.games.line.stakes import stakes

    match = _last_round_of_two(monkeypatch, 30)
    st = stakes(match.playing, 0)
    assert st is not None and st.table is None and st.rounds_left == 0
    assert st.before == (30, 0) and st.approximate  # no equity table: the race model


def test_the_race_over_rounds_left_is_even_when_level_and_grows_with_the_lead():
    from domino_advisor.games.line.stakes import Stakes

    def chance(lead: int, left: int, sides: int = 2) -> float:
        st = Stakes(None, 0, 0, (0,) * sides, 0, sides, sides, "same", "classic", True, left, 20.0)
        return st._race([lead] + [0] * (sides - 1))

    assert chance(0, 3) == 0.5
    assert 0.5 < chance(10, 3) < chance(20, 3) < chance(20, 1) < 1
    assert chance(-20, 1) < chance(-20, 3) < 0.5
    assert chance(0, 2, sides=3) < chance(0, 2)  # two rivals are harder to beat than one


def test_advice_plays_for_a_fixed_number_of_rounds():
    rules = preset("classic", {"rounds": "3", "target": "0"})
    rng = random.Random(8)
    match = Match(rules, ["me", "ana"], "me")
    deal_round(match, rng)
    r = match.playing
    while r.turn != 0 or r.layout.is_empty:
        match.apply(rng.choice(legal_moves(r)))
    adv = advise(r, 0, Options(samples=30, seed=1))
    assert adv.stakes is not None and adv.stakes.rounds_left == 2
    assert all(0 <= c.match <= 1 for c in adv.moves)


def test_the_last_round_is_worth_the_match_not_the_round(monkeypatch):
    """Ahead by 30 in the last round, losing it by less still wins the match."""
    from domino_advisor.games.line.bots import heuristic
    from domino_advisor.games.line.engine import from_round
    from domino_advisor.games.line.stakes import stakes

    match = _last_round_of_two(monkeypatch, 30)
    r = match.playing
    st = stakes(r, 0)
    assert st is not None
    for seed in range(20):
        fr = from_round(r, [set(h) for h in r.hands], list(r.stock), r.to_move())
        result = fr.play_out([heuristic, heuristic], random.Random(seed))
        mine, theirs = 30 + result.points.get(0, 0), result.points.get(1, 0)
        want = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
        assert st.value(fr) == want


def test_sebastopol_borrows_the_all_fives_table_and_says_so():
    from domino_advisor.games.line.stakes import stakes

    rules = preset("sebastopol")
    match = Match(rules, ["me", "ana", "bob", "cy"], "me")
    deal_round(match, random.Random(4))
    st = stakes(match.playing, 0)
    assert st is not None and st.table is not None
    assert st.table.key == "all-fives/4" and st.approximate


def test_all_fives_counts_the_points_banked_this_round():
    """The header says what each side needs with this round's fives already scored."""
    text = """[Rules "all-fives"]
[Players "me ana"]
round 1
me holds 5-5 5-0 4-1 3-2 6-3 6-1 2-0
me plays 5-5
ana plays 5-4 on 5
"""
    data = api.advice_dict(api.advice_of(api.Position.of(gamelog.loads(text)), samples=8))
    assert data["stakes"]["scores"] == [0, 0] and data["stakes"]["banked"] == [10, 0]
    out = io.StringIO()
    Console(file=out, width=120, no_color=True).print(advice_view(data, 120))
    shown = out.getvalue()
    assert (
        "playing for the match to 100: you need 90, they need 100 (this round's fives so far counted)"
        in shown
    )

"""The exact inference against brute-force enumeration, the shared worked example,
and the posterior's own invariants."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

import bruteforce
from domino_advisor.counting.inference import infer
from domino_advisor.games.line.view import SeatView
from domino_advisor.log import gamelog, logfile
from positions import random_round, random_views, small_rules, to_position

SHARED = Path(__file__).resolve().parents[2] / "shared" / "examples"
DATA = Path(__file__).parent / "data"


def _example(name: str) -> Path:
    for folder in (SHARED, DATA):
        if (folder / name).exists():
            return folder / name
    pytest.skip(f"{name} not found")


def test_shared_example_matches_expected_exactly():
    expected = json.loads(_example("three-players.expected.json").read_text())
    match = logfile.load(_example("three-players.dom")).replay()
    inf = infer(SeatView.of(match.round, match.viewer))
    assert [str(t) for t in inf.unseen] == expected["unseen"]
    for tile in inf.unseen:
        got = inf.where(tile)
        for loc, p in expected["where"][str(tile)].items():
            assert got[loc] == pytest.approx(p, abs=1e-9)
    for p in expected["players"]:
        seat = match.players.index(p["name"])
        assert inf.cannot_hold(seat) == p["cannot_hold"]
        assert float(inf.expected_pips(seat)) == pytest.approx(p["expected_pips"], abs=1e-9)


def _agrees_with_brute_force(view: SeatView) -> None:
    truth = bruteforce.posterior(to_position(view))
    inf = infer(view)
    assert not inf.warnings
    assert [(t.high, t.low) for t in sorted(inf.unseen)] == sorted(truth.unseen)
    for t in inf.unseen:
        for s in view.opponents:
            assert inf.probability[t][s] == truth.where[(t.high, t.low)][s], (t, s)
        assert inf.probability[t][None] == truth.where[(t.high, t.low)]["boneyard"]
    for s in view.opponents:
        assert inf.cannot_hold(s) == truth.cannot_hold[s]
        assert inf.expected_pips(s) == truth.expected_pips[s]


# (chunk, position) of the first 12s whose brute force costs the most (0.3-3 s each: four
# seats dealt from the double-four, early in the round); the slow tier checks them below
HEAVY = {(0, 2), (1, 2), (1, 10), (3, 2)}


@pytest.mark.parametrize("chunk", range(6))
def test_inference_equals_brute_force_sample(chunk):
    """The fast tier: the first 12 of each chunk of the 300 positions below, but the HEAVY."""
    for i, view in enumerate(random_views(12, seed=1000 + chunk)):
        if (chunk, i) not in HEAVY:
            _agrees_with_brute_force(view)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(6))
def test_inference_equals_brute_force(chunk):
    """All 300 positions, every preset, 2-4 players: exact equality as fractions."""
    for view in random_views(50, seed=1000 + chunk):
        _agrees_with_brute_force(view)


def test_probabilities_sum_and_true_hands_possible():
    rng = random.Random(7)
    for i in range(120):
        rules, seats = small_rules(i)
        match = random_round(rules, seats, rng, cut=rng.randint(1, 16))
        r = match.round
        if r.over:
            continue
        view = SeatView.of(r, 0)
        inf = infer(view)
        for t in inf.unseen:
            assert sum(inf.probability[t].values()) == 1
        for s in view.opponents:
            assert sum(inf.probability[t][s] for t in inf.unseen) == r.counts[s]
            for t in r.hands[s]:  # the truth is never ruled out
                assert inf.probability[t][s] > 0
        assert sum(inf.probability[t][None] for t in inf.unseen) == r.boneyard


@pytest.mark.parametrize(
    "skip", [pytest.param({2}, id="fast"), pytest.param(set(), id="full", marks=pytest.mark.slow)]
)
def test_holds_number_against_brute_force(skip):
    """P(seat holds no tile of n) = worlds where it could also pass on n / all worlds.

    The fast tier leaves out the third position (four seats, one move in: 1.4 s of brute
    force, nine tenths of the cost) and the last 15 (the slow tier's)."""
    views = random_views(10 if skip else 25, seed=77)
    for view in (v for i, v in enumerate(views) if i not in skip):
        inf = infer(view)
        position = to_position(view)
        truth = bruteforce.posterior(position)
        for s in view.opponents:
            for n in range(view.rules.top + 1):
                extra = dict(position, events=position["events"] + [{"seat": s, "kind": "pass", "ends": [n]}])
                try:
                    none = bruteforce.posterior(extra).worlds
                except bruteforce.Inconsistent:
                    none = 0
                assert inf.holds_number(s, n) == 1 - Fraction(none, truth.worlds), (s, n)


def test_sampler_is_exact_in_distribution():
    """Sampled worlds reproduce the exact marginals (a chi-square-free tolerance check)."""
    rng = random.Random(5)
    views = list(random_views(6, seed=99))
    for view in views:
        inf = infer(view)
        n = 3000
        counts = {t: {s: 0 for s in [*view.opponents, None]} for t in inf.unseen}
        for _ in range(n):
            world = inf.sample(rng)
            assert sorted(world) == sorted(inf.unseen)
            for t, loc in world.items():
                counts[t][loc] += 1
            for s in view.opponents:
                assert sum(1 for loc in world.values() if loc == s) == view.counts[s]
        for t in inf.unseen:
            for loc, c in counts[t].items():
                p = float(inf.probability[t][loc])
                assert abs(c / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 0.01


def test_contradiction_gives_warning_not_crash():
    text = """[Rules "block"]
[Players "me ana bob"]
round 1
me holds 6-6 6-1 5-2 4-0 1-1
me plays 6-6
ana plays 6-3 on 6
bob passes
me plays 6-1 on 6
ana passes
bob plays 3-2 on 3
me plays 5-2 on 2
ana plays 5-5 on 5
"""
    log = gamelog.loads(text)
    match = log.replay()
    assert any("bob passed on 3 and 6" in str(w) for w in match.warnings), match.warnings
    assert all(w.kind == "misplay" and w.seat == 2 and w.line is not None for w in match.warnings)
    inf = infer(SeatView.of(match.round, 0))
    assert inf.worlds > 0
    assert inf.warnings


def test_a_misplay_sets_aside_only_that_players_void():
    text = """[Rules "block"]
[Players "me ana bob"]
round 1
me holds 6-6 6-1 5-0 4-4 3-2
me plays 6-6
ana passes
bob passes
me plays 6-1 on 6
ana plays 6-5 on 6
"""
    from domino_advisor import api

    data = api.status(text)
    assert [p["cannot_hold"] for p in data["players"]] == [[], [6]]  # bob's pass still counts
    assert len(data["warnings"]) == 1 and "ana passed on 6 (line 6)" in data["warnings"][0]
    assert data["where"]["6-4"]["bob"] == 0

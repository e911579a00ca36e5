"""Mexican Train counting against brute force: on small sets every deal and every
tile an opponent could have drawn is enumerated, the round replayed through the rules
with every hand known (a world the rules refuse is not a world), and the chance of each
unseen tile being in each hand or the boneyard compared with the counting's, exactly.

The enumerator shares no code with the counting (``evidence``, ``counting``,
``sampler``, ``inference``); it asks only the rules (``trains.game``), which
tests/test_trains.py holds by its own invariants and worked cases.
"""

from __future__ import annotations

import functools

import pytest

from domino_advisor.games.trains.match import TrainMatch
from domino_advisor.games.trains.rules import TrainRules
from hubbrute import brute, check, positions

CASES = [
    (TrainRules(top=3, hand=2), 2),
    (TrainRules(top=3, hand=2, double_again=False), 2),
    (TrainRules(top=4, hand=3), 2),
    (TrainRules(top=4, hand=2, mexican_after_own=True), 3),
    (TrainRules(top=4, hand=2), 3),
]


POSITIONS = list(positions(TrainMatch, CASES, 15, 2024))
TWO = [k for k, (r, _) in enumerate(POSITIONS) if len(r.names) == 2]  # quick to enumerate
THREE = [k for k in range(len(POSITIONS)) if k not in TWO]  # a minute or so each


@functools.cache
def truth(k: int):
    r, me = POSITIONS[k]
    return brute(r, me)


def _check(k: int) -> None:
    r, me = POSITIONS[k]
    check(r, me, truth(k))


@pytest.mark.parametrize("k", TWO)
def test_counting_matches_brute_force(k):
    _check(k)


@pytest.mark.slow
@pytest.mark.parametrize("k", THREE)
def test_counting_matches_brute_force_three_players(k):
    _check(k)


def test_the_checker_sees_voids():
    """Over the quick positions, some opponent certainly lacks a number (the check above
    is not only about uniform chances)."""
    assert len(TWO) >= 8
    assert sum(1 for k in TWO for v in truth(k)[1].values() if v) >= 3

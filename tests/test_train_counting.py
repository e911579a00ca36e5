"""Mexican Train counting against brute force: on small sets every deal and every
tile an opponent could have drawn is enumerated, the round replayed through the rules
with every hand known (a world the rules refuse is not a world), and the chance of each
unseen tile being in each hand or the boneyard compared with the counting's, exactly.

The enumerator shares no code with the counting (``evidence``, ``counting``,
``sampler``, ``inference``); it asks only the rules (``trains.game``), which
tests/test_trains.py holds by its own invariants and worked cases.
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from domino_advisor.errors import IllegalMoveError
from domino_advisor.events import Draw, Pass, Play
from domino_advisor.tiles import Tile, full_set
from domino_advisor.trains.game import TrainRound
from domino_advisor.trains.match import TrainMatch, deal, legal_moves
from domino_advisor.trains.rules import TrainRules
from domino_advisor.trainseat import TrainSeatView, count

NAMES = ["me", "ana", "bob"]


def brute(r: TrainRound, me: int):
    """where[tile][seat or None] and each opponent's certain voids, over every world."""
    rules, n = r.rules, len(r.names)
    engine = r.engine
    mine = set(r.dealt[me])
    pool0 = [t for t in full_set(rules.top) if t != engine and t not in mine]
    size = rules.hand_size(n)
    opponents = [s for s in range(n) if s != me]
    found: Counter = Counter()
    holds: dict[int, set[int]] = {s: set() for s in opponents}
    worlds = 0

    def deals(left, seats):
        if not seats:
            yield {}
            return
        for hand in combinations(left, size):
            rest = [t for t in left if t not in hand]
            for more in deals(rest, seats[1:]):
                yield {seats[0]: hand, **more}

    def walk(state: TrainRound, pool: list[Tile], k: int):
        nonlocal worlds
        if k == len(r.history):
            worlds += 1
            for s in opponents:
                for t in state.hands[s]:
                    found[(t, s)] += 1
                    holds[s] |= {t.high, t.low}
            for t in pool:
                found[(t, None)] += 1
            return
        a = r.history[k]
        who = r.names[a.seat]
        if a.kind == "draw" and a.seat != me:
            for t in pool:
                nxt = copy.deepcopy(state)
                try:
                    nxt.apply(Draw(who, 1, (t,)))
                except IllegalMoveError:
                    continue
                walk(nxt, [x for x in pool if x != t], k + 1)
            return
        nxt = state  # this path's own copy: only a branch copies
        try:
            if a.kind == "draw":
                drawn = a.tiles[0]
                if drawn not in pool:
                    return
                nxt.apply(Draw(who, 1, (drawn,)))
                pool = [x for x in pool if x != drawn]
            elif a.kind == "play":
                nxt.apply(Play(who, a.tile, r.key_name(a.train)))
            else:
                nxt.apply(Pass(who))
        except IllegalMoveError:
            return
        walk(nxt, pool, k + 1)

    for hands in deals(pool0, opponents):
        all_hands = [hands.get(s, tuple(r.dealt[me])) for s in range(n)]
        start = TrainRound(rules, r.names, r.number, all_hands, None, 0)
        walk(start, [t for t in pool0 if not any(t in h for h in hands.values())], 0)
    assert worlds, "the true world is always among them"
    where = {key: Fraction(c, worlds) for key, c in found.items()}
    voids = {s: [x for x in range(rules.top + 1) if x not in holds[s]] for s in opponents}
    return where, voids


CASES = [
    (TrainRules(top=3, hand=2), 2),
    (TrainRules(top=3, hand=2, double_again=False), 2),
    (TrainRules(top=4, hand=3), 2),
    (TrainRules(top=4, hand=2, mexican_after_own=True), 3),
    (TrainRules(top=4, hand=2), 3),
]


def positions(count_: int, seed: int):
    rng = random.Random(seed)
    made = 0
    while made < count_:
        rules, n = CASES[made % len(CASES)]
        match = TrainMatch(rules, NAMES[:n])
        hands, stock = deal(rules, n, 1, rng)
        r = match.start(list(hands), stock)
        for _ in range(rng.randint(2, 12)):
            if r.over:
                break
            match.apply(rng.choice(legal_moves(r)))
        if r.over or not any(a.kind == "draw" or a.kind == "pass" for a in r.history):
            continue
        yield r, rng.randrange(n)
        made += 1


POSITIONS = list(positions(15, 2024))
TWO = [k for k, (r, _) in enumerate(POSITIONS) if len(r.names) == 2]  # quick to enumerate
THREE = [k for k in range(len(POSITIONS)) if k not in TWO]  # a minute or so each


@functools.cache
def truth(k: int):
    r, me = POSITIONS[k]
    return brute(r, me)


def _check(k: int) -> None:
    r, me = POSITIONS[k]
    where, voids = truth(k)
    view = TrainSeatView.of(r, me)
    inf = count(view)
    assert inf.exact
    for t in inf.unseen:
        for loc in [*view.opponents, None]:
            assert inf.probability[t][loc] == where.get((t, loc), 0), (t, loc)
    assert {s: inf.cannot_hold(s) for s in view.opponents} == voids


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

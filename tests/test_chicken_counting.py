"""Chicken Foot counting against brute force (issue 16): on double-four every deal and
every tile an opponent could have drawn is enumerated, the round replayed through the
rules with every hand known (a world the rules refuse is not a world), and the chance
of each unseen tile being in each hand or the boneyard compared with the counting's,
exactly.  The counting is the same engine as for every game, given the seat's view of
the round (``TrainSeatView``): a draw without a play says the player lacked every
number open then, or only the waiting double's.

The enumerator shares no code with the counting; it asks only the rules
(``chicken.game``), which tests/test_chicken.py holds by its own invariants.
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from domino_advisor.chicken.game import ChickenRound
from domino_advisor.chicken.match import ChickenMatch, deal, legal_moves
from domino_advisor.chicken.rules import ChickenRules
from domino_advisor.errors import IllegalMoveError
from domino_advisor.events import Draw, Pass, Play
from domino_advisor.tiles import Tile, full_set
from domino_advisor.trainseat import TrainSeatView, count

NAMES = ["me", "ana", "bob"]


def brute(r: ChickenRound, me: int):
    """where[tile][seat or None] and each opponent's certain voids, over every world."""
    rules, n = r.rules, len(r.names)
    mine = set(r.dealt[me])
    pool0 = [t for t in full_set(rules.top) if t != r.engine and t not in mine]
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

    def walk(state: ChickenRound, pool: list[Tile], k: int):
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
        try:
            if a.kind == "draw":
                drawn = a.tiles[0]
                if drawn not in pool:
                    return
                state.apply(Draw(who, 1, (drawn,)))
                pool = [x for x in pool if x != drawn]
            elif a.kind == "play":
                state.apply(Play(who, a.tile, a.train))
            else:
                state.apply(Pass(who))
        except IllegalMoveError:
            return
        walk(state, pool, k + 1)

    for hands in deals(pool0, opponents):
        all_hands = [hands.get(s, tuple(r.dealt[me])) for s in range(n)]
        start = ChickenRound(rules, r.names, r.number, all_hands, None, 0)
        walk(start, [t for t in pool0 if not any(t in h for h in hands.values())], 0)
    assert worlds, "the true world is always among them"
    where = {key: Fraction(c, worlds) for key, c in found.items()}
    voids = {s: [x for x in range(rules.top + 1) if x not in holds[s]] for s in opponents}
    return where, voids


CASES = [
    (ChickenRules(top=4, hand=3, head_toes=2, toes=2), 2),
    (ChickenRules(top=4, hand=2, head_toes=3, toes=1), 2),
    (ChickenRules(top=4, hand=3, head_toes=1, toes=3), 2),
    (ChickenRules(top=4, hand=2, head_toes=2, toes=2), 3),
]


def positions(count_: int, seed: int):
    rng = random.Random(seed)
    made = 0
    while made < count_:
        rules, n = CASES[made % len(CASES)]
        match = ChickenMatch(rules, NAMES[:n])
        hands, stock = deal(rules, n, 1, rng)
        r = match.start(list(hands), stock)
        for _ in range(rng.randint(2, 12)):
            if r.over:
                break
            match.apply(rng.choice(legal_moves(r)))
        if r.over or not any(a.kind in ("draw", "pass") for a in r.history):
            continue
        yield r, rng.randrange(n)
        made += 1


POSITIONS = list(positions(12, 2026))
TWO = [k for k, (r, _) in enumerate(POSITIONS) if len(r.names) == 2]
THREE = [k for k in range(len(POSITIONS)) if k not in TWO]


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


def test_the_checker_sees_voids_and_narrow_draws():
    """Some opponent certainly lacks a number, and some draw or pass had one number open
    (the head or a double waiting for toes, or one line), so narrow evidence is exercised."""
    assert len(TWO) >= 6
    assert sum(1 for k in TWO for v in truth(k)[1].values() if v) >= 2
    narrow = [
        a for k in TWO for a in POSITIONS[k][0].history if a.kind in ("draw", "pass") and len(a.ends) == 1
    ]
    assert narrow

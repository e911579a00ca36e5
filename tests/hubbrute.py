"""Brute-force counting for the games played off a middle double (Mexican Train,
Chicken Foot): every deal and every tile an opponent could have drawn is enumerated,
the round replayed through the rules with every hand known (a world the rules refuse
is not a world), and the chance of each unseen tile being in each hand or the boneyard
found by counting worlds.

It shares no code with the counting (``evidence``, ``counting``, ``sampler``,
``inference``); it asks only the rules, which tests/test_trains.py and
tests/test_chicken.py hold by their own invariants and worked cases.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.counting.inference import infer as count
from domino_advisor.games.events import Draw, Pass, Play
from domino_advisor.games.hub.match import deal, legal_moves

NAMES = ["me", "ana", "bob"]


def brute(r, me: int):
    """where[(tile, seat or None)] and each opponent's certain voids, over every world."""
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

    def walk(state, pool: list[Tile], k: int):
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
        try:  # this path's own copy: only a branch copies
            if a.kind == "draw":
                drawn = a.tiles[0]
                if drawn not in pool:
                    return
                state.apply(Draw(who, 1, (drawn,)))
                pool = [x for x in pool if x != drawn]
            elif a.kind == "play":
                on = a.train if isinstance(a.train, str) else r.place_name(a.train)  # a seat: its name
                state.apply(Play(who, a.tile, on))
            else:
                state.apply(Pass(who))
        except IllegalMoveError:
            return
        walk(state, pool, k + 1)

    for hands in deals(pool0, opponents):
        all_hands = [hands.get(s, tuple(r.dealt[me])) for s in range(n)]
        start = type(r)(rules, r.names, r.number, all_hands, None, 0)
        walk(start, [t for t in pool0 if not any(t in h for h in hands.values())], 0)
    assert worlds, "the true world is always among them"
    where = {key: Fraction(c, worlds) for key, c in found.items()}
    voids = {s: [x for x in range(rules.top + 1) if x not in holds[s]] for s in opponents}
    return where, voids


def positions(match_class, cases, count_: int, seed: int):
    """Random rounds a few moves in, each with a draw or a pass, and a seat to count from."""
    rng = random.Random(seed)
    made = 0
    while made < count_:
        rules, n = cases[made % len(cases)]
        match = match_class(rules, NAMES[:n])
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


def check(r, me: int, truth) -> None:
    """The counting from ``me``'s seat is the brute force's, exactly."""
    where, voids = truth
    view = r.seat_view(me)
    inf = count(view)
    assert inf.exact
    for t in inf.unseen:
        for loc in [*view.opponents, None]:
            assert inf.probability[t][loc] == where.get((t, loc), 0), (t, loc)
    assert {s: inf.cannot_hold(s) for s in view.opponents} == voids

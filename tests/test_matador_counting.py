"""Matador's counting against brute force: on rounds played with every hand known by random
legal moves, cut a few moves in and read back from one seat's log, every unseen tile's
chance in every hand and the boneyard, and every opponent's certain lacks, are compared
exactly with tests/matadorbrute.py, which enumerates the worlds from the rule text alone
(docs/matador.md, "What a move proves"): a draw or a pass proves the mover held no tile
that could be laid on either end then (no tile making seven with an end showing 1 to 6,
and no matador), the drawn tile may fit, and a play proves nothing else.

The brute force shares no code with the counting, ``games/proof.py`` or Matador's modules;
it reads the position only from the seat's round (its history, its hand, the hands
shown).  It is itself checked against a dumber enumerator on tiny rounds.
"""

from __future__ import annotations

import random

import pytest

from domino_advisor.base.tiles import Tile
from domino_advisor.counting.inference import certain_lacks, infer
from domino_advisor.games.events import Shows
from domino_advisor.games.matador.rules import MatadorRules
from domino_advisor.games.matador.seat import MatadorSeatRound, log_for, replay
from domino_advisor.games.matador.state import MatadorRound
from matadorbrute import Move, Position, Posterior, posterior, posterior_naive

NAMES = ("ann", "bob", "cy")
MID = [(2, 2), (2, 3), (3, 2)]  # (players, hand): small enough to enumerate
BLOCK = [(2, 12), (2, 13)]  # a whole round to its end, read before the hands are shown (few deals)


def mid_round(seed: int, table: list[tuple[int, int]] = MID, most: int = 12) -> MatadorSeatRound:
    """A round played at random with every hand known, cut 2 to ``most`` moves in, from a
    random seat's log."""
    rng = random.Random(seed)
    players, hand = rng.choice(table)
    rules = MatadorRules(hand=hand, target=0)
    r = MatadorRound.shuffled(rules, NAMES[:players], rng, opener=rng.randrange(players))
    cut = rng.randint(2, most)
    while not r.over and len(r.history) < cut:
        r.apply(rng.choice(r.legal_moves()))
    me = rng.randrange(players)
    return replay(rules, NAMES[:players], NAMES[me], log_for(r, me), opener=r.opener)


def _pair(t: Tile) -> tuple[int, int]:
    return (t.high, t.low)


def as_position(r: MatadorSeatRound, shown: bool = True) -> Position:
    """The brute force's input, read off the seat's round."""
    moves = tuple(
        Move(a.seat, a.kind, None if a.tile is None else _pair(a.tile), tuple(a.ends)) for a in r.history
    )
    dealt = r.dealt[r.me]
    assert dealt is not None
    return Position(
        players=r.seats,
        hand=r.rules.hand_size(r.seats),
        me=r.me,
        dealt=tuple(map(_pair, dealt)),
        moves=moves,
        shown={s: tuple(map(_pair, t)) for s, t in r.shown.items()} if shown else {},
    )


def assert_same(r: MatadorSeatRound, truth: Posterior) -> None:
    view = r.seat_view(r.me)
    inf = infer(view, budget=None)
    assert inf.exact and not inf.warnings
    assert sorted(map(_pair, inf.unseen)) == sorted(truth.unseen)
    for t in inf.unseen:
        got = inf.probability[t]
        want = truth.where[_pair(t)]
        assert {s: got[s] for s in view.opponents} == {s: want[s] for s in view.opponents}, t
        assert got[None] == want[None], t
    for s in view.opponents:
        assert inf.cannot_hold(s) == truth.cannot_hold[s], s
    assert certain_lacks(view) == truth.cannot_hold


def _with_draws(seeds: range, table: list[tuple[int, int]] = MID) -> list[int]:
    """Seeds whose cut round has a draw or a pass by an opponent of the seat (the proofs)."""
    out = []
    for seed in seeds:
        r = mid_round(seed, table)
        if any(a.kind != "play" and a.seat != r.me for a in r.history):
            out.append(seed)
    return out


# the fast tier's rounds, less the two dearest to count by brute force (17 and 19, about 3 s
# and 2 s of CPU), which the slow tier counts with the rest
FAST = [seed for seed in _with_draws(range(60))[:12] if seed not in (17, 19)]
DEAR = [seed for seed in _with_draws(range(60))[:12] if seed in (17, 19)]


@pytest.mark.parametrize("seed", FAST)
def test_the_count_is_the_brute_forces(seed):
    r = mid_round(seed)
    assert_same(r, posterior(as_position(r)))


@pytest.mark.slow
@pytest.mark.parametrize("seed", DEAR + _with_draws(range(60, 400))[:60])
def test_the_count_is_the_brute_forces_on_more_rounds(seed):
    r = mid_round(seed)
    assert_same(r, posterior(as_position(r)))


def test_a_draw_proves_no_matador_whatever_the_ends():
    """Ann opens 6-6 (ends 6 and 6) and bob draws: his three dealt tiles hold no 1 (the 6's
    seven) and no matador, the 5-2, 4-3 and 0-0 included though they bear neither 1 nor 6.
    Of the 25 unseen tiles, 15 are left for his deal (C(15, 3) deals), and his drawn tile
    is any of the 22 others: a matador or a 1 is bob's only as that one tile (1/22), a
    tile like 5-5 from the deal or the draw (3/15, else 1/22).  A void by numbers alone would give the 5-2 a
    dealt chance."""
    from fractions import Fraction

    from domino_advisor.games.events import parse_event

    rules = MatadorRules(hand=3, target=0)
    events = ["ann holds 6-6 3-3 2-2", "ann plays 6-6", "bob draws 1"]
    r = replay(rules, ["ann", "bob"], "ann", [parse_event(e) for e in events])
    inf = infer(r.seat_view(0), budget=None)
    for tile in (Tile(5, 2), Tile(4, 3), Tile(0, 0), Tile(6, 1), Tile(1, 0)):
        assert inf.probability[tile][1] == Fraction(1, 22), tile
    # dealt to him (3 of the 15), or else drawn (1 of the 22 left)
    assert inf.probability[Tile(5, 5)][1] == Fraction(3, 15) + Fraction(12, 15) * Fraction(1, 22)
    assert inf.cannot_hold(1) == []  # the tile drawn may be anything
    assert_same(r, posterior(as_position(r)))


@pytest.mark.parametrize("seed", range(3))
def test_the_brute_force_is_checked_by_a_dumber_one(seed):
    """Tiny rounds (two players, two tiles each, at most two draws of theirs), every deal
    and every sequence of drawn tiles replayed on plain lists."""
    for extra in range(200):
        r = mid_round(1000 + 37 * seed + extra, [(2, 2)], most=5)
        theirs = sum(1 for a in r.history if a.seat != r.me and a.kind == "draw")
        if theirs and theirs <= 2:
            break
    pos = as_position(r)
    quick, slow = posterior(pos), posterior_naive(pos)
    assert quick.where == slow.where and quick.cannot_hold == slow.cannot_hold


def blocked_round(seed: int) -> MatadorSeatRound | None:
    """A round played to its end (None if someone went out): blocked, read from a seat's
    log before the other hands are shown."""
    rng = random.Random(seed)
    players, hand = rng.choice(BLOCK)
    rules = MatadorRules(hand=hand, target=0)
    r = MatadorRound.shuffled(rules, NAMES[:players], rng)
    while not r.over:
        r.apply(rng.choice(r.legal_moves()))
    if r.how != "blocked":
        return None
    me = rng.randrange(players)
    log = [e for e in log_for(r, me) if not isinstance(e, Shows)]
    return replay(rules, NAMES[:players], NAMES[me], log)


def test_a_blocked_round_is_counted_as_the_brute_force_counts_it():
    """A blocked round's passes prove, at once, everything each player still holds lacks a
    tile that fits the last ends: the counting reaches the brute force's chances."""
    done = 0
    for seed in range(200):
        r = blocked_round(seed)
        if r is None:
            continue
        assert_same(r, posterior(as_position(r), limit=200_000))
        done += 1
        if done == 2:
            break
    assert done == 2

"""Chicken Foot's rules (issue 16, begun), held by random legal games for 2 to 8 players
(every tile in one place, the set's pips accounted for, each line a chain from its
double, the head's toes and every double's toes laid before play goes elsewhere), by
worked cases, and by refusals that change nothing."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domino_advisor.base.errors import IllegalMoveError, RulesError
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games.chicken.match import ChickenMatch, deal, legal_moves, play_match
from domino_advisor.games.chicken.rules import ChickenRules
from domino_advisor.games.chicken.state import HEAD, ChickenRound
from domino_advisor.games.events import Draw, Pass, Play
from hubrollout import rollout_keeps_step

NAMES = ["ana", "bob", "cy", "di", "ed", "flo", "gus", "hal"]


def T(text):
    return Tile.parse(text, 12)


def places(r: ChickenRound) -> list[Tile]:
    out = [r.engine]
    for h in r.hands:
        out += list(h or ())
    for x in r.lines:
        out += x.tiles
    return out + list(r.stock or ())


def check(r: ChickenRound) -> None:
    tiles = places(r)
    assert sorted(tiles) == sorted(full_set(r.rules.top))  # each tile once, none missing
    assert sum(t.pips for t in tiles) == sum(t.pips for t in full_set(r.rules.top))
    assert r.counts == [len(h or ()) for h in r.hands]
    assert r.boneyard == len(r.stock or ())
    head_toes = [x for x in r.lines if x.root == r.engine]
    assert len(head_toes) <= r.rules.head_toes
    for x in r.lines:  # each line a chain from the double it sprouted from
        end = x.root.high
        for t in x.tiles:
            assert t.bears(end)
            end = t.other(end)
        assert end == x.end
        if x.closed:  # closed by a double at its end, which has (or awaits) its toes
            assert x.tiles[-1].is_double
            toes = [y for y in r.lines if y.root == x.tiles[-1]]
            assert len(toes) <= r.rules.toes
    waiting = r.waiting
    if waiting is None:
        assert len(head_toes) == r.rules.head_toes or not _any_left(r, r.engine.high)


def _any_left(r: ChickenRound, n: int) -> bool:
    return any(t.bears(n) and t not in r.placed and t != r.engine for t in full_set(r.rules.top))


def run_round(rules: ChickenRules, players: int, seed: int):
    rng = random.Random(seed)
    match = ChickenMatch(rules, NAMES[:players])
    hands, stock = deal(rules, players, 1, rng)
    r = match.start(list(hands), stock)
    moves = 0
    while not r.over:
        check(r)
        waiting = r.waiting
        move = rng.choice(legal_moves(r))
        match.apply(move)
        moves += 1
        if waiting is not None and isinstance(move, Play):  # a double's toes come first
            assert r.lines[-1].root == waiting.double and r.lines[-1].tiles == [move.tile]
        assert moves < 3000
    check(r)
    return match, r


# The fast tier plays two seeded rounds for each set and table size, the slow tier five;
# the hypothesis tests below draw 25 examples in the fast tier, 100 in the slow.
SEEDS = [pytest.param(range(2), id="fast"), pytest.param(range(5), id="full", marks=pytest.mark.slow)]
FAST = settings(max_examples=25)
LONG = settings(max_examples=100)


@pytest.mark.parametrize("seeds", SEEDS)
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("top", [9, 12])
def test_random_rounds_keep_the_invariants(top, players, seeds):
    rules = ChickenRules(top=top)
    for seed in seeds:
        match, r = run_round(rules, players, seed)
        if r.winner is not None:
            assert r.counts[r.winner] == 0
        else:  # blocked: nothing to draw, and nobody could play
            assert r.boneyard == 0 and all(not r.plays(s) for s in range(players))
        assert match.totals == [r.pips_left(s) for s in range(players)]


SMALL_SETS = (
    st.integers(0, 10_000),
    st.integers(2, 4),
    st.sampled_from([4, 5, 6]),
    st.integers(1, 4),
    st.integers(1, 3),
)


@FAST
@given(*SMALL_SETS)
def test_small_sets_with_every_option(seed, players, top, head_toes, toes):
    small_set_round(seed, players, top, head_toes, toes)


@pytest.mark.slow
@LONG
@given(*SMALL_SETS)
def test_small_sets_with_every_option_long(seed, players, top, head_toes, toes):
    small_set_round(seed, players, top, head_toes, toes)


def small_set_round(seed, players, top, head_toes, toes):
    rules = ChickenRules(top=top, hand=2, head_toes=min(head_toes, top), toes=toes, blank_double=0)
    _, r = run_round(rules, players, seed)
    for s in range(players):
        assert r.pips_left(s) == sum(t.pips for t in r.hands[s])


def test_a_match_has_a_round_per_double_and_counts_the_blank_double_fifty():
    rules = ChickenRules(top=4, hand=3, head_toes=3)
    match = play_match(rules, NAMES[:3], 7)
    assert [r.engine for r in match.rounds] == [Tile(e, e) for e in (4, 3, 2, 1, 0)]
    assert match.finished and match.winners()
    assert ChickenRules().blank_double == 50


def test_hand_sizes_follow_the_table():
    assert [ChickenRules().hand_size(n) for n in (2, 3, 4)] == [9, 7, 7]
    with pytest.raises(RulesError, match="2 to 8 players"):
        ChickenRules().hand_size(9)
    with pytest.raises(RulesError, match="head_toes=10"):
        ChickenRules(head_toes=10)


def _round(hands, stock=None, rules=None, first=0):
    rules = rules or ChickenRules(top=4, hand=len(hands[0]), head_toes=2, toes=2)
    return ChickenRound(rules, NAMES[: len(hands)], 1, hands, stock, first)


def test_the_head_takes_its_toes_first_then_any_line_grows():
    r = _round([(T("41"), T("13"), T("30")), (T("42"), T("21"), T("00"))])
    with pytest.raises(IllegalMoveError, match="fits nowhere open now"):
        r.apply(Play("ana", T("13")))
    r.apply(Play("ana", T("41"), HEAD))
    assert r.waiting is not None and r.waiting.have == 1
    with pytest.raises(IllegalMoveError, match="the head takes its toes first"):
        r.apply(Play("bob", T("21"), "toe1"))
    r.apply(Play("bob", T("42")))  # the only place it fits: the head
    assert r.waiting is None and [x.end for x in r.lines] == [1, 2]
    r.apply(Play("ana", T("13"), "toe1"))
    r.apply(Play("bob", T("21"), "toe2"))
    assert [x.end for x in r.lines] == [3, 1]


def test_a_double_closes_its_line_and_takes_toes_before_anything_else():
    r = _round([(T("41"), T("11"), T("30"), T("23")), (T("42"), T("10"), T("21"), T("33"))])
    r.apply(Play("ana", T("41"), HEAD))
    r.apply(Play("bob", T("42"), HEAD))
    r.apply(Play("ana", T("11"), "toe1"))  # a double at toe1's end
    assert r.lines[0].closed and r.waiting.double == T("11")
    with pytest.raises(IllegalMoveError, match="the double 1-1 takes its toes first"):
        r.apply(Play("bob", T("21"), "toe2"))
    r.apply(Play("bob", T("10"), "1-1"))
    with pytest.raises(IllegalMoveError, match=r"draws a tile before passing|can play"):
        r.apply(Pass("ana"))
    r.apply(Draw("ana", 1, (T("31"),)))  # ana has no 1: draws 3-1 and must play it there
    with pytest.raises(IllegalMoveError, match="only the tile drawn"):
        r.apply(Play("ana", T("30"), "toe2"))
    r.apply(Play("ana", T("31"), "1-1"))
    assert r.waiting is None and len(r.lines) == 4 and [x.end for x in r.lines[2:]] == [0, 3]
    with pytest.raises(IllegalMoveError, match="toe1 is closed"):
        r.apply(Play("bob", T("21"), "toe1"))


def test_a_blocked_round_ends_when_everyone_passes_with_nothing_to_draw():
    """Found in random rounds of a small set: the last tile drawn, then a pass all round."""
    rules = ChickenRules(top=4, hand=3, head_toes=3)
    blocked = 0
    for seed in range(200):
        rng = random.Random(seed)
        hands, stock = deal(rules, 2, 1, rng)
        r = ChickenRound(rules, NAMES[:2], 1, list(hands), stock)
        while not r.over:
            r.apply(rng.choice(legal_moves(r)))
        if r.winner is not None:
            continue
        blocked += 1
        assert r.boneyard == 0 and r.stock == []
        assert [a.kind for a in r.history[-2:]] == ["pass", "pass"]
        for s in range(2):  # nobody could play: no tile in hand bears an open end
            assert not any(t.bears(n) for t in r.hands[s] for n in r.ends_for(s))
    assert blocked >= 3


def test_a_double_laid_when_its_number_is_all_down_takes_no_toes():
    rules = ChickenRules(top=3, hand=4, head_toes=3, toes=3)
    ana = (T("30"), T("32"), T("21"), T("10"))
    bob = (T("31"), T("20"), T("22"), T("00"))
    r = _round([ana, bob], [T("11")], rules)
    for who, tile, on in [("ana", "30", HEAD), ("bob", "31", HEAD), ("ana", "32", HEAD)]:
        r.apply(Play(who, T(tile), on))
    r.apply(Play("bob", T("20"), "toe1"))
    r.apply(Play("ana", T("21"), "toe2"))  # 3-2, 2-0 and 2-1 down: no 2 left but the double
    r.apply(Play("bob", T("22"), "toe3"))
    assert r.lines[2].closed and r.waiting is None and not r.over
    assert r.open_places() == [0, 1]  # play goes on at once


def test_a_double_whose_number_is_all_down_stops_waiting():
    rules = ChickenRules(top=3, hand=3, head_toes=1, toes=3)
    # head 3-3; ana lays 3-1 (the head's one toe); bob 1-1 closes toe1 and waits for three 1s:
    # 1-0, 2-1 and 3-1 are the others, 3-1 is down, so at most two more can come
    r = _round([(T("31"), T("10"), T("20")), (T("11"), T("21"), T("30"))], [T("22"), T("32"), T("00")], rules)
    r.apply(Play("ana", T("31"), HEAD))
    r.apply(Play("bob", T("11"), "toe1"))
    r.apply(Play("ana", T("10"), "1-1"))
    r.apply(Play("bob", T("21"), "1-1"))
    assert r.waiting is None  # no 1 left anywhere: play goes on


@pytest.mark.parametrize("seed", range(15))
def test_refusals_change_nothing(seed):
    rng = random.Random(seed)
    rules = ChickenRules(top=6, hand=5, head_toes=3)
    hands, stock = deal(rules, 3, 1, rng)
    r = ChickenRound(rules, NAMES[:3], 1, list(hands), stock)
    tries = 0
    while not r.over and tries < 200:
        tries += 1
        wrong = rng.choice(
            [
                Play(
                    rng.choice(NAMES[:3]),
                    rng.choice(full_set(6)),
                    rng.choice([None, HEAD, "toe1", "toe9", "2-2"]),
                ),
                Draw(rng.choice(NAMES[:3]), rng.choice([1, 2])),
                Pass(rng.choice(NAMES[:3])),
            ]
        )
        before = copy.deepcopy(r.__dict__)
        try:
            r.apply(wrong)
        except IllegalMoveError:
            assert r.__dict__ == before
        else:
            if not r.over:
                r.apply(rng.choice(legal_moves(r)))
        if not r.over:
            r.apply(rng.choice(legal_moves(r)))


@FAST
@given(st.integers(0, 10_000), st.integers(2, 8))
def test_rollouts_unchecked_play_the_same_round(seed, players):
    rollout_plays_the_same_round(seed, players)


@pytest.mark.slow
@LONG
@given(st.integers(0, 10_000), st.integers(2, 8))
def test_rollouts_unchecked_play_the_same_round_long(seed, players):
    rollout_plays_the_same_round(seed, players)


def rollout_plays_the_same_round(seed, players):
    rules = ChickenRules()
    rng = random.Random(seed)
    hands, stock = deal(rules, players, 1, rng)
    checked = ChickenRound(rules, NAMES[:players], 1, list(hands), stock)
    fast = rollout_keeps_step(checked, rng)  # the same table after every move
    assert fast.lines == checked.lines and fast.hands == checked.hands and fast.winner == checked.winner


@pytest.mark.parametrize("seed", range(12))
def test_the_heuristic_chooses_as_its_rule_says(seed):
    """The heuristic's pick, against its rule written out plainly from the hand: pips,
    a double worth 12 more when another tile of its number is held (4 if not), a tile
    worth 2 for each tile that could follow it (at most 2); then the higher tile, then
    the place whose name sorts last."""
    from domino_advisor.games.chicken.bots import heuristic_choice

    rng = random.Random(seed)
    rules = ChickenRules()
    hands, stock = deal(rules, 4, 1, rng)
    r = ChickenRound(rules, NAMES[:4], 1, list(hands), stock)
    met = 0
    while not r.over:
        plays = r.plays(r.turn) if r.hands[r.turn] is not None else []
        if len(plays) > 1:
            hand = r.hands[r.turn]

            def plain(play, hand=hand):
                tile, place = play
                if tile.is_double:
                    value = tile.pips + (12 if any(x != tile and x.bears(tile.high) for x in hand) else 4)
                else:
                    end = tile.other(r.number_at(place))
                    value = tile.pips + 2 * min(sum(1 for x in hand if x != tile and x.bears(end)), 2)
                return (value, tile.high, r.place_name(place))

            assert heuristic_choice(r, plays) == max(plays, key=plain)
            met += 1
        r.apply(rng.choice(legal_moves(r)))
    assert met

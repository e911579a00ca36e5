"""Mexican Train's rules, held by random legal games for 2 to 8 players (every tile in
one place, the set's pips all accounted for, doubles satisfied before play moves on,
markers only where their owner could not play), by worked cases, and by refusals that
change nothing."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domino_advisor.base.errors import IllegalMoveError, RulesError
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games.events import Draw, Pass, Play
from domino_advisor.games.hub.match import deal, legal_moves
from domino_advisor.games.trains.match import TrainMatch, play_match
from domino_advisor.games.trains.rules import HANDS, TrainRules
from domino_advisor.games.trains.state import MEXICAN, TrainRound
from hubrollout import rollout_keeps_step

NAMES = ["ana", "bob", "cy", "di", "ed", "flo", "gus", "hal"]


def places(r: TrainRound) -> list[Tile]:
    """Every tile where it is: hands, trains, boneyard, the engine."""
    out = [r.engine]
    for h in r.hands:
        out += list(h or ())
    for train in r.trains.values():
        out += train.tiles
    return out + list(r.stock or ())


def check(r: TrainRound) -> None:
    tiles = places(r)
    assert sorted(tiles) == sorted(full_set(r.rules.top))  # each tile once, none missing
    assert sum(t.pips for t in tiles) == sum(t.pips for t in full_set(r.rules.top))
    assert r.counts == [len(h or ()) for h in r.hands]
    assert r.boneyard == len(r.stock or ())
    for key, train in r.trains.items():  # each train a chain from the engine
        end = r.engine.high
        for t in train.tiles:
            assert t.bears(end)
            end = t.other(end)
        assert end == train.end, key


def run_round(rules: TrainRules, players: int, seed: int):
    rng = random.Random(seed)
    match = TrainMatch(rules, NAMES[:players])
    hands, stock = deal(rules, players, 1, rng)
    r = match.start(list(hands), stock)
    moves = 0
    while not r.over:
        check(r)
        before_double = r.double
        move = rng.choice(legal_moves(r))
        match.apply(move)
        moves += 1
        if before_double is not None and isinstance(move, Play):
            last = r.history[-1]
            assert last.train == before_double  # a double is satisfied before play moves on
        if isinstance(move, Pass):
            assert r.over or r.trains[r.names.index(move.player)].marker
        assert moves < 2000
    check(r)
    return match, r


# The fast tier plays two seeded rounds for each set and table size, the slow tier six;
# the hypothesis tests below draw 25 examples in the fast tier, 100 in the slow.
SEEDS = [pytest.param(range(2), id="fast"), pytest.param(range(6), id="full", marks=pytest.mark.slow)]
FAST = settings(max_examples=25)
LONG = settings(max_examples=100)


@pytest.mark.parametrize("seeds", SEEDS)
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("top", [12, 9])
def test_random_rounds_keep_the_invariants(top, players, seeds):
    rules = TrainRules(top=top)
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
    st.sampled_from([3, 4]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)


@FAST
@given(*SMALL_SETS)
def test_small_sets_with_every_option(seed, players, top, again, after_own, chain):
    small_set_round(seed, players, top, again, after_own, chain)


@pytest.mark.slow
@LONG
@given(*SMALL_SETS)
def test_small_sets_with_every_option_long(seed, players, top, again, after_own, chain):
    small_set_round(seed, players, top, again, after_own, chain)


def small_set_round(seed, players, top, again, after_own, chain):
    rules = TrainRules(
        top=top, hand=2, double_again=again, mexican_after_own=after_own, blank_double=50, first_chain=chain
    )
    _, r = run_round(rules, players, seed)
    blank = Tile(0, 0)
    for s in range(players):
        assert r.pips_left(s) == sum(50 if t == blank else t.pips for t in r.hands[s])


def test_a_match_has_a_round_per_engine_and_the_lowest_total_wins():
    match = play_match(TrainRules(top=9), NAMES[:4], seed=3)
    assert [r.engine for r in match.rounds] == [Tile(e, e) for e in range(9, -1, -1)]
    assert [r.turn for r in match.rounds] and len(match.rounds) == 10
    assert match.totals == [sum(r.pips_left(s) for r in match.rounds) for s in range(4)]
    assert all(match.totals[w] == min(match.totals) for w in match.winners())


def test_hand_sizes_follow_the_table():
    assert [TrainRules().hand_size(n) for n in range(2, 9)] == [HANDS[12][n] for n in range(2, 9)]
    assert TrainRules().hand_size(4) == 15 and TrainRules().hand_size(8) == 11
    with pytest.raises(RulesError, match="2 to 8 players"):
        TrainRules().hand_size(9)
    with pytest.raises(RulesError, match="needs 56 tiles"):
        TrainRules(top=9, hand=14).hand_size(4)
    assert TrainRules().with_settings({"set": "9", "blank_double": "50"}) == TrainRules(
        top=9, blank_double=50
    )
    for bad, says in [
        ({"set": "30"}, "double-3 to double-18"),
        ({"spinner": "yes"}, "not a Mexican Train rule"),
    ]:
        with pytest.raises(RulesError, match=says):
            TrainRules().with_settings(bad)


# -- worked cases ---------------------------------------------------------------------------
def _round(hands, stock, rules=None, first=0):
    """A round with the hands known and the boneyard's order not (the draws name their tile)."""
    rules = rules or TrainRules(top=4, hand=3)
    return TrainRound(rules, NAMES[: len(hands)], 1, hands, None, first)


def T(text):
    return Tile.parse(text, 12)


def test_a_double_is_satisfied_first_by_whoever_can():
    # engine 4-4; ana lays 4-2 then 2-2 on her train and must play again, on the double
    r = _round([(T("42"), T("22"), T("30")), (T("21"), T("10"), T("31"))], [T("33"), T("11")])
    r.apply(Play("ana", T("42"), "mine"))
    assert r.turn == 1
    with pytest.raises(IllegalMoveError, match="bob's turn, not ana's"):
        r.apply(Play("ana", T("22"), "ana"))
    r.apply(Draw("bob", 1, (T("33"),)))  # bob has no 4: draws 3-3, which does not fit: passes
    r.apply(Pass("bob"))
    assert r.trains[1].marker
    r.apply(Play("ana", T("22"), "ana"))
    assert r.turn == 0 and r.double == 0  # the double on ana's train waits
    with pytest.raises(IllegalMoveError, match="must be satisfied first"):
        r.apply(Play("ana", T("30"), "bob"))
    r.apply(Draw("ana", 1, (T("11"),)))  # no 2: draws, cannot play, passes
    r.apply(Pass("ana"))
    r.apply(Play("bob", T("21"), "ana"))  # bob satisfies ana's double
    assert r.double is None and r.trains[0].end == 1


def test_a_marker_opens_a_train_until_its_owner_plays_on_it():
    hands = [(T("41"), T("10"), T("32"), T("30")), (T("43"), T("20"), T("21"), T("11"))]
    r = _round(hands, [], TrainRules(top=4, hand=4))
    r.apply(Play("ana", T("41"), "mine"))
    r.apply(Play("bob", T("43"), "mine"))
    with pytest.raises(IllegalMoveError, match="bob's train is not open"):
        r.apply(Play("ana", T("32"), "bob"))
    r.apply(Play("ana", T("10"), "ana"))
    r.apply(Draw("bob", 1, (T("22"),)))
    with pytest.raises(IllegalMoveError, match="only the tile drawn, 2-2"):
        r.apply(Play("bob", T("20"), "bob"))
    r.apply(Pass("bob"))  # marker on bob's train
    r.apply(Play("ana", T("32"), "bob"))  # now open to ana
    r.apply(Play("bob", T("21"), "bob"))  # bob plays on his own: the marker comes off
    assert not r.trains[1].marker and r.trains[1].end == 1


def test_the_mexican_train_may_wait_for_your_own():
    rules = TrainRules(top=4, hand=3, mexican_after_own=True)
    r = _round([(T("41"), T("40"), T("32")), (T("43"), T("30"), T("21"))], [T("22")], rules)
    with pytest.raises(IllegalMoveError, match="only after your own"):
        r.apply(Play("ana", T("40"), MEXICAN))
    r.apply(Play("ana", T("41"), "mine"))
    r.apply(Play("bob", T("43"), "bob"))
    r.apply(Play("ana", T("40"), MEXICAN))  # her own has started
    assert r.trains[MEXICAN].end == 0


def test_you_must_play_if_you_can_and_draw_before_passing():
    r = _round([(T("41"), T("10"), T("32")), (T("43"), T("30"), T("21"))], [T("22")])
    with pytest.raises(IllegalMoveError, match="can play 4-1"):
        r.apply(Draw("ana", 1, (T("22"),)))
    with pytest.raises(IllegalMoveError, match="draws a tile before passing"):
        r.apply(Pass("ana"))
    with pytest.raises(IllegalMoveError, match="one tile at a time"):
        r.apply(Draw("ana", 2))


def test_a_first_chain_goes_on_your_own_train_until_the_next_player_moves():
    rules = TrainRules(top=4, hand=4, first_chain=True)
    hands = [(T("41"), T("10"), T("32"), T("30")), (T("43"), T("20"), T("21"), T("11"))]
    r = _round(hands, [T("22"), T("33")], rules)
    r.apply(Play("ana", T("41"), "mine"))
    assert r.turn == 0 and r.chain == 0  # the chain may go on
    with pytest.raises(IllegalMoveError, match="during a first chain you play only on your own train"):
        r.apply(Play("ana", T("30"), "bob"))
    with pytest.raises(IllegalMoveError, match="during a first chain"):
        r.apply(Play("ana", T("10"), MEXICAN))
    with pytest.raises(IllegalMoveError, match="has played this turn"):
        r.apply(Draw("ana", 1, (T("22"),)))
    assert r.chain == 0 and r.turn == 0  # refused: nothing changed
    r.apply(Play("ana", T("10"), "ana"))
    assert r.chain == 0  # 3-0 still fits: she may go on, or stop
    r.apply(Play("bob", T("43"), "bob"))  # bob's move ends her chain
    assert r.trains[0].end == 0 and r.counts[0] == 2
    assert r.chain is None and r.turn == 0  # and nothing of bob's bears a 3: his chain is over too
    r.apply(Play("ana", T("30"), "ana"))  # her second turn: one tile, then bob
    assert r.chain is None and r.turn == 1


def test_a_tile_drawn_and_played_starts_no_chain():
    rules = TrainRules(top=4, hand=3, first_chain=True)
    r = _round([(T("31"), T("10"), T("22")), (T("43"), T("30"), T("21"))], [T("41")], rules)
    r.apply(Draw("ana", 1, (T("41"),)))  # no 4: she draws 4-1, which fits her own train
    r.apply(Play("ana", T("41"), "mine"))
    assert r.chain is None and r.turn == 1  # her turn is over, though 1-0 would fit


def test_a_first_chain_ends_by_itself_when_nothing_more_fits():
    rules = TrainRules(top=4, hand=3, first_chain=True)
    r = _round([(T("41"), T("10"), T("22")), (T("43"), T("30"), T("21"))], [T("33")], rules)
    r.apply(Play("ana", T("41"), "mine"))
    r.apply(Play("ana", T("10"), "mine"))  # nothing of hers bears a 0: the chain is over
    assert r.chain is None and r.turn == 1
    off = _round([(T("41"), T("10"), T("22")), (T("43"), T("30"), T("21"))], [T("33")])
    off.apply(Play("ana", T("41"), "mine"))
    with pytest.raises(IllegalMoveError, match="bob's turn, not ana's"):
        off.apply(Play("ana", T("10"), "mine"))  # without the option, one tile a turn


def test_a_blocked_round_ends_when_everyone_passes_with_nothing_to_draw():
    r = _round([(T("30"), T("20")), (T("31"), T("21"))], [], TrainRules(top=4, hand=2))
    r.boneyard = 0  # a table with nothing left to draw
    r.apply(Pass("ana"))
    r.apply(Pass("bob"))
    assert not r.over  # bob's new marker opened his train to ana: only her next pass says she cannot
    r.apply(Pass("ana"))
    assert r.over and r.winner is None and [r.pips_left(0), r.pips_left(1)] == [5, 7]


def test_a_new_marker_gives_the_players_before_it_another_turn():
    """Found by a red team: with nothing to draw, a pass that opens a train is not the
    end of the round while someone can play on it."""
    rules = TrainRules(top=3, hand=4)
    r = _round([(T("21"), T("31"), T("10"), T("22")), (T("32"), T("30"), T("11"), T("00"))], [], rules)
    r.boneyard = 1
    r.apply(Play("ana", T("31"), MEXICAN))
    r.apply(Play("bob", T("32"), "bob"))
    r.apply(Play("ana", T("10"), MEXICAN))
    r.apply(Play("bob", T("30"), MEXICAN))
    r.apply(Draw("ana", 1, (T("20"),)))
    r.apply(Pass("ana"))
    r.apply(Pass("bob"))  # bob's train, ending in 2, now has a marker
    assert not r.over
    r.apply(Play("ana", T("22"), "bob"))


@pytest.mark.parametrize("seed", range(20))
def test_refusals_change_nothing(seed):
    """Random wrong events on random positions: each refused, the round as it was."""
    rng = random.Random(seed)
    rules = TrainRules(top=6, hand=5)
    match = TrainMatch(rules, NAMES[:3])
    hands, stock = deal(rules, 3, 1, rng)
    r = match.start(list(hands), stock)
    for _ in range(rng.randint(0, 25)):
        if r.over:
            break
        match.apply(rng.choice(legal_moves(r)))
    if r.over:
        return
    legal = {str(m) for m in legal_moves(r)}
    for _ in range(30):
        who = rng.choice(NAMES[:3])
        tile = rng.choice(full_set(6))
        on = rng.choice(["mexican", "mine", *NAMES[:3], "nowhere"])
        event = rng.choice([Play(who, tile, on), Draw(who, 1), Pass(who), Draw(who, 2)])
        if str(event) in legal:
            continue
        before = copy.deepcopy(r.__dict__)
        try:
            r.apply(event)
        except IllegalMoveError:
            assert r.__dict__ == before, event
        else:  # accepted: only another spelling of a legal move ('on mine', a draw not named)
            if isinstance(event, Play):
                assert str(Play(who, tile, who if on == "mine" else on)) in legal, event
            else:
                assert isinstance(event, Draw) and any(m.startswith(f"{who} draws") for m in legal), event
            return


ROLLOUTS = (
    st.integers(0, 10_000),
    st.integers(2, 8),
    st.sampled_from([3, 4, 9, 12]),
    st.booleans(),
    st.booleans(),
)


@FAST
@given(*ROLLOUTS)
def test_rollouts_unchecked_play_the_same_round(seed, players, top, again, after_own):
    rollout_plays_the_same_round(seed, players, top, again, after_own)


@pytest.mark.slow
@LONG
@given(*ROLLOUTS)
def test_rollouts_unchecked_play_the_same_round_long(seed, players, top, again, after_own):
    rollout_plays_the_same_round(seed, players, top, again, after_own)


def rollout_plays_the_same_round(seed, players, top, again, after_own):
    """A rollout's moves skip the refusals, the names and the history, nothing else: the
    same choices make the same table, hands and score as the checked round's."""
    rules = TrainRules(top=top, double_again=again, mexican_after_own=after_own)  # hands as dealt
    rng = random.Random(seed)
    hands, stock = deal(rules, players, 1, rng)
    checked = TrainRound(rules, NAMES[:players], 1, list(hands), stock)
    fast = rollout_keeps_step(checked, rng)
    assert {k: (t.tiles, t.end, t.marker) for k, t in fast.trains.items()} == {
        k: (t.tiles, t.end, t.marker) for k, t in checked.trains.items()
    }
    assert [fast.pips_left(s) for s in range(players)] == [checked.pips_left(s) for s in range(players)]

"""Independent truth for the rules, from a second outside engine: OpenSpiel's
``python_block_dominoes`` (issue 29's yardstick), played in lockstep with ours.

OpenSpiel's game is our block game for two players with the first seat opening with any
tile (``--rules block --set lead=chosen``, one round). Random games are played in both
engines at once: at every move the same player is to move (OpenSpiel skips a player who
cannot play, where we log a pass), both offer the same plays (a tile and the number it
joins), and the round ends at the same move with the same points (OpenSpiel's returns:
the winner scores the other hand's pips, a tie nothing). The bridge the ISMCTS bot
plays through (``games.line.openspiel``) rebuilds OpenSpiel's state from our round and is
held to the same agreement; its resampler deals only hands the table allows.
"""

from __future__ import annotations

import random

import pytest

from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import NewRound, Pass, Play
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves, setup_round, shuffle_deal
from domino_advisor.games.line.rules import preset

pytest.importorskip("pyspiel")

from domino_advisor.games.line.openspiel import Bridge, check_rules, spots, state_of

RULES = preset("block", {"lead": "chosen", "target": "0"})
NAMES = ["p0", "p1"]


def _round(seed: int):
    rng = random.Random(seed)
    match = Match(RULES, NAMES)
    match.apply(NewRound(1))
    r = match.playing
    hands, stock = shuffle_deal(RULES, 2, rng)
    setup_round(r, hands, stock)
    r.turn = rng.randrange(2)
    return match, r, rng


@pytest.mark.parametrize("seed", range(60))
def test_both_engines_play_the_same_round(seed):
    bridge = Bridge()
    match, r, rng = _round(seed)
    opener = r.turn
    player = {opener: 0, 1 - opener: 1}
    state = bridge.state((sorted(r.hand_of(opener)), sorted(r.hand_of(1 - opener))), [])
    while not r.over:
        seat = r.turn if r.turn is not None else opener
        moves = [m for m in legal_moves(r) if match.seat(m.player) == seat]
        if isinstance(moves[0], Pass):
            assert state.is_terminal() or state.current_player() == player[1 - seat]
            match.apply(moves[0])
            continue
        assert state.current_player() == player[seat]
        assert spots(r, moves) == bridge.legal(state)
        assert state_of(bridge, r, seat).information_state_string() == state.information_state_string()
        move = rng.choice([m for m in moves if isinstance(m, Play)])
        (spot,) = spots(r, [move])
        state.apply_action(bridge.action[(player[seat], spot)])
        match.apply(move)
    assert state.is_terminal()
    result = r.result()
    returns = state.returns()
    ours = [result.points.get(seat, 0) if result.winner == seat else 0 for seat in (0, 1)]
    theirs = [max(0, int(returns[player[seat]])) for seat in (0, 1)]
    assert ours == theirs


@pytest.mark.parametrize("seed", range(20))
def test_the_resampler_deals_only_hands_the_table_allows(seed):
    """Each resampled state keeps what the player to move knows (OpenSpiel's information
    state) and gives the other no tile of a number they were skipped on."""
    bridge = Bridge()
    match, r, rng = _round(seed)
    while not r.over:
        seat = r.turn
        moves = [m for m in legal_moves(r) if match.seat(m.player) == seat]
        plays = [m for m in moves if isinstance(m, Play)]
        if plays and r.history:
            state = state_of(bridge, r, seat)
            me = state.current_player()
            for _ in range(5):
                again = bridge.resample(state, me, rng)
                assert again.information_state_string() == state.information_state_string()
                other = {Tile(int(b), int(a)) for a, b in again.hands[1 - me]}
                assert len(other) == len(r.hand_of(1 - seat))
                for a in r.history:
                    if a.kind == "pass" and a.seat == 1 - seat:
                        assert not any(t.bears(n) for t in other for n in a.ends)
        match.apply(rng.choice(moves))


def test_other_tables_are_refused_in_words():
    from domino_advisor.base.errors import RulesError

    check_rules(RULES, 2)
    for rules, seats in ((preset("block"), 2), (RULES, 3), (preset("classic", {"lead": "chosen"}), 2)):
        with pytest.raises(RulesError, match="lead=chosen"):
            check_rules(rules, seats)

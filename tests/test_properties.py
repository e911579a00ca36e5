"""Hypothesis drives random legal games through every preset, 2-4 players, spinner on
and off and every way it opens, matches to a target or of a number of rounds: the
invariants hold at every step, the log one seat writes replays to the same state, and
loads(dumps(x)) == x."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_advisor.base.tiles import full_set
from domino_advisor.counting.inference import infer
from domino_advisor.games.line.deal import deal_round, play_match, random_policy, seat_log_lines
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import PRESETS, preset
from domino_advisor.games.line.view import SeatView
from domino_advisor.log import gamelog

NAMES = ["me", "ana", "bob", "cy"]

tables = st.tuples(
    st.sampled_from(sorted(PRESETS)),
    st.integers(2, 4),
    st.sampled_from(
        [
            "spinner=none",
            "spinner=first-double",
            "spinner=first-double spinner_opens=at-once",
            "spinner=first-double spinner_opens=fill-first",
            "spinner=every-double",
            "spinner=every-double spinner_opens=at-once",
            "spinner=every-double spinner_opens=fill-first",
        ]
    ),
    st.integers(0, 2**32),
).filter(lambda t: t[0] not in ("partnership", "sebastopol") or t[1] == 4)
FORMS = st.sampled_from(["target=60", "rounds=2 target=0", "rounds=3 target=60"])

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _rules(name, spinner, form=""):
    return preset(name, f"{spinner} {form}")


def _dealt(rules, seats: int, rng: random.Random) -> Match:
    """A match whose first round is dealt, every hand known."""
    match = Match(rules, NAMES[:seats])
    deal_round(match, rng)
    return match


def check_invariants(r) -> None:
    """Every tile in exactly one place; the pips add up to the set's total."""
    places = [set(r.placed)] + [set(h) for h in r.hands] + [set(r.stock)]
    everything = set(full_set(r.rules.top))
    assert sum(len(p) for p in places) == len(everything)
    assert set().union(*places) == everything
    assert sum(t.pips for p in places for t in p) == sum(t.pips for t in everything)
    assert [len(h) for h in r.hands] == r.counts
    assert len(r.stock) == r.boneyard
    # four ends at most round one spinner, two more off each later one (every-double)
    assert 1 <= len(r.layout.ends) + len(r.layout.held) <= 4 + len(r.layout.branches) or r.layout.is_empty
    assert sorted(r.layout.tiles) == sorted(r.placed)


@FAST
@given(tables)
def test_random_rounds_keep_invariants(table):
    random_round_keeps_invariants(table)


@pytest.mark.slow
@LONG
@given(tables)
def test_random_rounds_keep_invariants_long(table):
    random_round_keeps_invariants(table)


def random_round_keeps_invariants(table):
    name, seats, spinner, seed = table
    rules = _rules(name, spinner)
    rng = random.Random(seed)
    match = _dealt(rules, seats, rng)
    r = match.round
    check_invariants(r)
    while not r.over:
        moves = legal_moves(r)
        assert moves
        match.apply(random_policy(r, moves, rng))
        check_invariants(r)
    assert r.result() is not None


@FAST
@given(tables, st.integers(0, 3), FORMS)
def test_seat_log_replays_to_same_state(table, viewer_seat, form):
    seat_log_replays(table, viewer_seat, form)


@pytest.mark.slow
@LONG
@given(tables, st.integers(0, 3), FORMS)
def test_seat_log_replays_to_same_state_long(table, viewer_seat, form):
    seat_log_replays(table, viewer_seat, form)


def seat_log_replays(table, viewer_seat, form):
    name, seats, spinner, seed = table
    rules = _rules(name, spinner, form)
    match, events, deals = play_match(rules, NAMES[:seats], seed)
    viewer = NAMES[viewer_seat % seats]
    lines = seat_log_lines(events, deals, viewer, match.players)
    text = (
        f'[Rules "{name}"]\n[Set "{spinner} {form}"]\n'
        f'[Players "{" ".join(match.players)}"]\n[Me "{viewer}"]\n' + "\n".join(lines) + "\n"
    )
    log = gamelog.loads(text)
    replayed = log.replay()
    assert replayed.player_scores() == match.player_scores()
    assert replayed.finished == match.finished and match.finished
    assert replayed.match_winner() == match.match_winner()
    assert len(replayed.rounds) == len(match.rounds)
    if rules.rounds:
        assert len(match.rounds) <= rules.rounds
    for a, b in zip(replayed.rounds, match.rounds, strict=False):
        assert a.layout.numbers == b.layout.numbers
        assert a.counts == b.counts
        assert a.boneyard == b.boneyard
        assert (a.result().winner if a.result() else None) == (b.result().winner if b.result() else None)
    # the file format round-trips
    assert gamelog.loads(gamelog.dumps(log)) == log
    assert gamelog.dumps(gamelog.loads(gamelog.dumps(log))) == gamelog.dumps(log)
    assert gamelog.dumps(log) == text


@settings(max_examples=25, deadline=None)
@given(tables, st.integers(1, 40))
def test_true_hands_always_possible_full_set(table, cut):
    name, seats, spinner, seed = table
    rules = _rules(name, spinner)
    rng = random.Random(seed)
    match = _dealt(rules, seats, rng)
    r = match.round
    for _ in range(cut):
        if r.over:
            break
        match.apply(random_policy(r, legal_moves(r), rng))
    view = SeatView.of(r, rng.randrange(seats))
    inf = infer(view)
    assert not inf.warnings
    for s in view.opponents:
        for t in r.hands[s]:
            assert inf.probability[t][s] > 0
        assert sum(inf.probability[t][s] for t in inf.unseen) == r.counts[s]
    for t in r.stock:
        assert inf.probability[t][None] > 0
    for t in inf.unseen:
        assert sum(inf.probability[t].values()) == 1

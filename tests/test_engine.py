"""One rulebook, two engines: the fast bitmask round and the searches take their rule
decisions from the same places as the reference engine, and must agree with it on
random games of every preset, 2-4 players, spinner on and off, every ``tie``,
``blocked`` and ``out`` setting:

* the same legal moves, ends told apart the same way (two ends are offered as two moves
  exactly when the choice matters);
* the same ends, All Fives points, hands and results after every move;
* the same value of a finished round, and of every small endgame, from the exhaustive
  search (``solve``), the line search (``LineSolver``) where it applies, and a plain
  minimax written here on the reference engine.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import minimax
from domino_advisor.games.events import Draw, Event, Pass, Play
from domino_advisor.games.line.deal import deal_round
from domino_advisor.games.line.engine import FastRound, from_round, from_tiles, public_shows, public_voids
from domino_advisor.games.line.layout import side_order
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import PRESETS, preset
from domino_advisor.games.line.scoring import round_value, side_of
from domino_advisor.games.line.search import LineSolver, solve
from domino_advisor.games.line.state import Round
from domino_advisor.log.gamelog import loads


class _Sides(dict):
    """Side names to the fast round's numbers, as layout.side_order gives them."""

    def __missing__(self, side: str) -> int:
        return side_order(side)


SIDE = _Sides()
NAMES = ["me", "ana", "bob", "cy"]


@st.composite
def tables(draw):
    """A rule set of every preset with its round-end settings varied, and a table for it."""
    name = draw(st.sampled_from(sorted(PRESETS)))
    seats = 4 if name in ("partnership", "sebastopol") else draw(st.integers(2, 4))
    overrides = {
        "spinner": draw(st.sampled_from(["none", "first-double", "every-double"])),
        "spinner_opens": draw(st.sampled_from(["after-both", "at-once", "fill-first"])),
        "tie": draw(st.sampled_from(["none", "shared"])),
        "blocked": draw(st.sampled_from(["others", "difference", "none"])),
        "out": draw(st.sampled_from(["others", "all"])),
    }
    if draw(st.booleans()):  # small hands reach endgames the searches can take whole
        overrides["hand"] = str(draw(st.integers(2, 4)))
    if name == "all-fives" and draw(st.booleans()):  # a target reached in the middle of a round
        overrides["target"] = str(draw(st.sampled_from([5, 10, 20])))
    return preset(name, overrides), seats, draw(st.integers(0, 2**32 - 1))


def reference_moves(r: Round) -> set[tuple[int, int]]:
    """The reference engine's plays for the seat to move, as (tile, side) pairs."""
    out = set()
    for m in legal_moves(r):
        if isinstance(m, Play):
            out.add((m.tile.index, SIDE[r.layout.resolve(m.tile, m.on, r.rules.all_fives)]))
    return out


def fast_moves(fr: FastRound) -> set[tuple[int, int]]:
    return {(t, fr.ends[j][0]) for t, j in fr.moves(fr.turn)}


def _apply_fast(fr: FastRound, r: Round, move: Event) -> None:
    if isinstance(move, Play):
        side = r.layout.resolve(move.tile, move.on, r.rules.all_fives)
        j = -1 if side is None else [e[0] for e in fr.ends].index(SIDE[side])
        fr.play(move.tile.index, j)
    elif isinstance(move, Draw):
        assert fr.draw() == move.tiles[0].index
    else:
        fr.pass_()


def _check_searches(match: Match) -> None:
    """Every search agrees on a small endgame, with the boneyard's order known."""
    r = match.round
    hands = [set(h) for h in r.hands]
    fr = from_round(r, hands, list(r.stock), r.to_move())
    for side in {side_of(s, r.rules) for s in range(match.seats)}:
        truth = minimax.value(match, side)
        assert solve(fr.clone(), side) == truth
        if LineSolver.fits(fr) and not r.rules.all_fives:
            assert LineSolver(fr, side).value(fr.clone()) == truth


def play_both(rules, seats: int, seed: int, searches: bool = True) -> None:
    rng = random.Random(seed)
    match = Match(rules, NAMES[:seats])
    deal_round(match, rng)
    r = match.round
    fast = None
    searched = searched_drawing = False
    while not r.over:
        moves = legal_moves(r)
        move = rng.choice(moves)
        if fast is None and r.to_move() is not None:  # the fast twin, from the opening on
            fast = from_round(r, [set(h) for h in r.hands], list(r.stock), r.to_move())
        if fast is not None and r.layout.is_empty:  # the opener's tile is the lead rule's (the reference's)
            assert fast.turn == r.to_move()
        elif fast is not None:
            assert fast.turn == r.turn
            assert fast_moves(fast) == reference_moves(r)
            if not fast_moves(fast):
                assert isinstance(move, (Draw, Pass))
                assert bool(fast.drawable()) == isinstance(move, Draw)
        if (
            searches
            and not searched
            and fast is not None
            and not r.layout.is_empty  # the opening tile is the lead rule's: the searches take it from there
            and not fast.drawable()
            and sum(len(h) for h in r.hands) <= 7
        ):
            _check_searches(match)
            searched = True
        if (  # a world with a boneyard to draw from, its order known (the advisor's two-player worlds)
            searches
            and not searched_drawing
            and fast is not None
            and not r.layout.is_empty
            and fast.drawable()
            and sum(len(h) for h in r.hands) + fast.drawable() <= 8
        ):
            _check_searches(match)
            searched_drawing = True
        if fast is not None:
            _apply_fast(fast, r, move)
        match.apply(move)
        if fast is not None:
            assert sorted(fast.ends) == sorted(
                (SIDE[e.side], e.number, 2 if e.bare else int(e.double)) for e in r.layout.ends
            )
            assert sorted(fast.held) == sorted(
                (SIDE[e.side], e.number, 2 if e.bare else int(e.double)) for e in r.layout.held
            )
            assert fast.fives_count() == r.layout.fives_count()
            assert fast.hands == [sum(1 << t.index for t in h) for h in r.hands]
            assert fast.over == r.over
            assert {k: v for k, v in enumerate(fast.fives) if v} == r.fives
            # the voids both engines read off the table are true of every hand
            assert fast.voids == public_voids(r.history, seats)
            assert fast.shows == public_shows(r.history, seats)
            nm = fast.T[3]
            drawing = r.history[-1].seat if r.history[-1].kind == "draw" else None
            for s, lacks in enumerate(fast.voids):
                if s == drawing:  # the tile it drew last may be the one it plays
                    continue
                assert not any(fast.hands[s] & nm[n] for n in range(len(nm)) if lacks >> n & 1)
    ref = r.result()
    if fast is not None:
        res = fast.result()
        assert (res.winner, res.points, res.tied) == (ref.winner, ref.points, ref.tied)
        for side in {side_of(s, rules) for s in range(seats)}:
            assert round_value(res, side, rules) == round_value(ref, side, rules)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_both_engines_play_by_one_rulebook(table):
    rules, seats, seed = table
    play_both(rules, seats, seed)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_both_engines_play_by_one_rulebook_long(table):
    rules, seats, seed = table
    play_both(rules, seats, seed)


def test_a_bare_spinner_arm_is_alike_outside_all_fives():
    """With a spinner, 5-0 on the line's 5 or on a bare arm of the 5-5 spinner plays
    alike in classic; in All Fives the bare arm counts nothing, so there it matters."""
    body = (
        "round 1\nme holds 5-5 5-2 5-4 5-0 1-1 1-0 6-1\nme plays 5-5\nana plays 5-3 on 5\n"
        "me plays 5-2 on 5\nana plays 4-3 on 3\nme plays 5-4 on 4\nana plays 2-2 on 2\n"
    )
    for name, distinct in (("classic", 1), ("all-fives", 2)):
        r = _replayed(f'[Rules "{name}"]\n[Set "spinner=first-double"]\n[Players "me ana"]\n' + body)
        assert sorted(r.layout.numbers) == [2, 5, 5, 5]
        fr = from_round(r, [set(r.hands[0]), set()], [], 0)
        tile = _t("5-0").index
        assert len([m for m in fast_moves(fr) if m[0] == tile]) == distinct
        assert len([m for m in reference_moves_for(r, 0) if m[0] == tile]) == distinct
        if distinct == 1:  # the log need not say which: the engine takes it as written
            loads(
                f'[Rules "{name}"]\n[Set "spinner=first-double"]\n[Players "me ana"]\n'
                + body
                + "me plays 5-0 on 5\n"
            ).replay()


def reference_moves_for(r: Round, seat: int) -> set[tuple[int, int]]:
    out = set()
    for t in r.hands[seat]:
        for e, _ in r.layout.choices(t, r.rules.all_fives):
            out.add((t.index, SIDE[e.side]))
    return out


def test_a_shared_tie_is_a_drawn_round_for_every_search():
    """tie=shared: a blocked round tied for fewest pips is drawn (both sides score), for
    the exhaustive search, the line search and the reference alike."""
    rules = preset("block", {"tie": "shared", "hand": "2"})
    fr = from_tiles(rules, [{_t("6-6"), _t("3-2")}, {_t("4-1"), _t("0-0")}], [], 0)
    fr.play(_t("6-6").index, -1)  # nobody can play on 6: blocked, 5 pips each
    for side in (0, 1):
        assert solve(fr.clone(), side) == LineSolver(fr, side).value(fr.clone()) == 1
    fr.pass_()
    fr.pass_()
    assert fr.over and round_value(fr.result(), 0, rules) == 1


def _replayed(text: str) -> Round:
    return loads(text).replay().round


def _t(text):
    from domino_advisor.base.tiles import Tile

    return Tile.parse(text)


def test_a_copied_match_shares_nothing_it_could_change():
    """Match.copy is what the searches try moves on: every mutable part is its own."""
    match = Match(preset("classic"), NAMES[:3])
    deal_round(match, random.Random(5))
    other = match.copy()
    mutable = (list, dict, set)
    for a, b in ((match, other), (match.playing, other.playing)):
        for name, value in vars(a).items():
            if isinstance(value, mutable):
                assert getattr(b, name) is not value, name
                if name != "rounds":  # rounds are copied too, so they are not equal objects
                    assert getattr(b, name) == value, name
    assert other.playing.match is other
    before = [set(h) for h in match.playing.hands]
    other.apply(legal_moves(other.playing)[0])
    assert [set(h) for h in match.playing.hands] == before and not match.playing.history


@pytest.mark.parametrize("name", ["classic", "draw", "reserve"])
def test_two_player_worlds_with_a_boneyard_are_solved_as_the_reference_plays_them(name):
    """The advisor solves two-player sampled worlds with tiles still to draw (their order
    known in that world): the searches against the plain minimax on such endgames."""
    for seed in range(20):
        play_both(preset(name, {"hand": "3"}), 2, seed)

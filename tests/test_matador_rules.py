"""Matador's own rules, each from the rule text (docs/matador.md): the deal, who opens, what
an end takes and how a matador lies, drawing and passing, the end of a round, its points,
the match, and the settings a table may change."""

from __future__ import annotations

import random
import re

import pytest

from domino_advisor.base.errors import AmbiguousMoveError, IllegalMoveError, RulesError
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games.events import Draw, Pass, Play
from domino_advisor.games.matador.layout import MATADORS, MatadorLine, fits, fitting, shows
from domino_advisor.games.matador.match import MatadorMatch
from domino_advisor.games.matador.rules import MatadorRules
from domino_advisor.games.matador.scoring import next_opener, score
from domino_advisor.games.matador.state import MatadorRound
from domino_advisor.games.registry import game_for

T = Tile.parse
NAMES = ["ana", "bob", "cy", "dee"]


# -- the deal ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "hand", "boneyard"), [(2, 7, 14), (3, 5, 13), (4, 5, 8)])
def test_the_deal_by_the_tables_size(players, hand, boneyard):
    r = MatadorRound.shuffled(MatadorRules(), NAMES[:players], random.Random(1))
    assert r.counts == [hand] * players and r.boneyard == boneyard and len(r.stock or ()) == boneyard
    assert sorted(t for h in r.hands for t in h or ()) + sorted(r.stock or ()) != []
    assert len({t for h in r.hands for t in h or ()} | set(r.stock or ())) == 28


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(RulesError, match="2 to 4 players"):
        MatadorRules().check_players(players)


def test_the_hand_setting_deals_another_number_and_is_held_to_the_set():
    assert MatadorRules(hand=6).hand_size(3) == 6
    MatadorRules(hand=7).check_players(4)  # all 28 dealt
    with pytest.raises(RulesError, match="at most 9 each"):
        MatadorRules(hand=10).check_players(3)


# -- what an end takes, and how a tile lies ------------------------------------------------------
def test_an_end_takes_the_half_that_makes_seven_and_a_blank_only_a_matador():
    for end in range(7):
        for t in full_set(6):
            want = t in MATADORS or (end >= 1 and (t.high == 7 - end or t.low == 7 - end))
            assert fits(t, end) == want, (t, end)
    assert [t for t in full_set(6) if fits(t, 0)] == sorted(MATADORS)
    assert {t for t in full_set(6) if fits(t, 6)} == {T("6-1"), T("1-1"), T("2-1"), T("3-1"), T("4-1")} | {
        T("5-1"),
        T("1-0"),
    } | MATADORS


@pytest.mark.parametrize(
    ("tile", "end", "shown"),
    [
        ("6-1", 6, 6),  # the 1 touches
        ("6-1", 1, 1),  # the 6 touches
        *(("6-1", n, 1) for n in (0, 2, 3, 4, 5)),  # no seven: the higher half touches
        ("5-2", 5, 5),
        ("5-2", 2, 2),
        *(("5-2", n, 2) for n in (0, 1, 3, 4, 6)),
        ("4-3", 4, 4),
        ("4-3", 3, 3),
        *(("4-3", n, 3) for n in (0, 1, 2, 5, 6)),
        *(("0-0", n, 0) for n in range(7)),  # always 0
        ("6-6", 1, 6),  # a double lengthwise: its end shows its number
        ("3-3", 4, 3),
        ("5-0", 2, 0),  # a blank left showing
        ("4-4", 3, 4),
    ],
)
def test_how_a_tile_lies(tile, end, shown):
    assert shows(T(tile), end) == shown


def test_the_line_has_two_ends_and_no_spinner():
    line = MatadorLine.empty().open_with(T("6-6"))
    assert line.ends == (6, 6)
    line = line.place(T("6-1"), 6)  # 1 touches, 6 shows
    assert line.ends == (6, 6) and len(line.tiles) == 2
    line = line.place(T("1-0"), 6)
    assert sorted(line.ends) == [0, 6]
    assert line.places(T("5-2")) == [6, 0] and line.places(T("2-1")) == [6] and line.places(T("5-5")) == []


def test_a_draw_proves_the_seven_makers_and_the_matadors():
    assert fitting((6, 3)) == {t for t in full_set(6) if t.bears(1) or t.bears(4)} | MATADORS
    assert fitting((0, 0)) == MATADORS


# -- a round ------------------------------------------------------------------------------------
def _round(hands: list[str], stock: str = "", opener: int = 0, **rules) -> MatadorRound:
    parsed = [tuple(T(t) for t in h.split()) for h in hands]
    rest = [t for t in full_set(6) if all(t not in h for h in parsed)]
    order = [T(t) for t in stock.split()]
    order += [t for t in rest if t not in order]
    hand = len(parsed[0])
    return MatadorRound(
        MatadorRules(hand=hand, target=0, **rules), NAMES[: len(hands)], parsed, order, opener=opener
    )


def test_the_opener_lays_any_tile_and_play_goes_round_the_table():
    r = _round(["2-1 3-0", "6-6 5-5", "4-4 0-0"])
    assert r.mover() == 0 and r.plays(0) == [(T("3-0"), None), (T("2-1"), None)]
    with pytest.raises(IllegalMoveError, match="it is ana's turn, not bob's"):
        r.apply(Play("bob", T("6-6")))
    r.apply(Play("ana", T("2-1")))
    assert r.mover() == 1 and r.layout.ends == (2, 1)


def test_a_later_round_is_opened_by_the_winner_or_after_a_tied_block_the_next_player():
    assert next_opener(0, 2, 3) == 2
    assert next_opener(2, None, 3) == 0
    m = MatadorMatch(MatadorRules(target=1000), NAMES[:3])
    rng = random.Random(5)
    for _ in range(6):
        r = m.start(*m.deal(rng))
        opener = r.opener
        while not r.over:
            m.apply(r.legal_moves()[0])
        res = r.result()
        assert res is not None
        assert m.opener() == (res.winner if res.winner is not None else (opener + 1) % 3)
    assert m.rounds[0].opener == 0


def test_a_play_on_an_end_it_does_not_fit_is_refused_and_changes_nothing():
    r = _round(["5-5 2-0", "6-6 4-1", "3-3 6-2"])
    r.apply(Play("ana", T("5-5")))
    before = (r.layout, list(r.counts), r.turn)
    with pytest.raises(IllegalMoveError, match="6-6 cannot go on 5: an end showing 5 takes a 2 or a matador"):
        r.apply(Play("bob", T("6-6"), 5))
    with pytest.raises(IllegalMoveError, match="does not go on the open ends 5"):
        r.apply(Play("bob", T("6-6")))
    with pytest.raises(IllegalMoveError, match="no open end shows 4"):
        r.apply(Play("bob", T("4-1"), 4))
    assert (r.layout, list(r.counts), r.turn) == before


def test_a_tile_fitting_two_ends_names_one():
    r = _round(["6-6 2-0", "6-1 5-5", "3-3 4-4"])
    r.apply(Play("ana", T("6-6")))  # ends 6 and 6: one choice
    r.apply(Play("bob", T("6-1")))  # 1 touches: 6 and 6 again
    assert r.layout.ends == (6, 6)
    r2 = _round(["5-3 2-0", "6-1 5-5", "3-3 4-4"])
    r2.apply(Play("ana", T("5-3")))
    with pytest.raises(AmbiguousMoveError, match="say which, 'on 5' or 'on 3'"):
        r2.apply(Play("bob", T("6-1")))
    r2.apply(Play("bob", T("6-1"), 3))
    assert r2.layout.ends == (5, 1)


def test_a_matador_goes_on_any_end_at_any_turn():
    r = _round(["5-0 6-6", "4-3 2-5", "1-1 0-0"])
    r.apply(Play("ana", T("5-0")))  # ends 5 and 0
    assert r.plays(1) == [(T("5-2"), 5), (T("5-2"), 0), (T("4-3"), 5), (T("4-3"), 0)]
    r.apply(Play("bob", T("4-3"), 0))  # the blank takes it: the 4 touches, 3 shows
    assert sorted(r.layout.ends) == [3, 5]


def test_a_player_who_can_lay_a_tile_must_play_a_matador_included():
    r = _round(["6-6 3-3 2-2", "0-0 5-5 4-4", "1-1 6-5 5-4"], stock="6-4 6-0 1-0")
    r.apply(Play("ana", T("6-6")))
    with pytest.raises(IllegalMoveError, match=r"bob cannot draw: bob holds 0-0.*must play"):
        r.apply(Draw("bob", 1, (T("6-4"),)))
    r.apply(Play("bob", T("0-0"), 6))  # ends 6 and 0
    with pytest.raises(IllegalMoveError, match="cy cannot pass: 19 tiles can still be drawn"):
        r.apply(Pass("cy"))


def test_a_player_draws_one_tile_at_a_time_until_one_fits_then_lays_it():
    r = _round(["6-6 3-3 2-2", "5-5 4-4 3-0", "1-1 6-5 5-4"], stock="6-4 6-0 2-1 1-0")
    r.apply(Play("ana", T("6-6")))
    assert r.moves_of(1) == [Draw("bob", 1, (T("6-4"),))]
    with pytest.raises(IllegalMoveError, match="one tile at a time"):
        r.apply(Draw("bob", 2))
    r.apply(Draw("bob", 1, (T("6-4"),)))
    r.apply(Draw("bob", 1, (T("6-0"),)))
    assert r.mover() == 1 and r.moves_of(1)[0] == Draw("bob", 1, (T("2-1"),))
    r.apply(Draw("bob", 1, (T("2-1"),)))  # a 1 for the 6: now he must lay it
    assert r.moves_of(1) == [Play("bob", T("2-1"), 6)]
    with pytest.raises(IllegalMoveError, match="must play"):
        r.apply(Draw("bob", 1, (T("1-0"),)))
    r.apply(Play("bob", T("2-1"), 6))
    assert r.mover() == 2 and r.layout.ends == (6, 2)


def test_a_pass_once_the_boneyard_is_empty_and_every_player_passing_blocks():
    # two players, every tile dealt: ana opens the 0-0, and nobody holds a matador left
    a = "0-0 6-6 5-5 4-4 3-3 2-2 1-1 6-0 5-0 4-0 3-0 2-0 1-0 6-5"
    b = "6-4 6-3 6-2 6-1 5-4 5-3 5-2 5-1 4-3 4-2 4-1 3-2 3-1 2-1"
    r = _round([a, b])
    assert r.boneyard == 0
    r.apply(Play("ana", T("0-0")))  # ends 0 and 0: only a matador
    r.apply(Play("bob", T("6-1"), 0))  # the 6 touches: ends 0 and 1
    r.apply(Play("ana", T("6-6"), 1))  # ends 0 and 6
    r.apply(Play("bob", T("5-2"), 0))  # ends 2 and 6
    r.apply(Play("ana", T("5-5"), 2))  # ends 5 and 6
    r.apply(Play("bob", T("4-3"), 5))  # no seven: the 4 touches, ends 3 and 6
    r.apply(Play("ana", T("4-4"), 3))  # ends 4 and 6
    r.apply(Play("bob", T("3-1"), 4))  # 3 touches: ends 1 and 6
    r.apply(Play("ana", T("6-0"), 1))  # 6 touches: ends 0 and 6
    assert sorted(r.layout.ends) == [0, 6]
    assert Play("bob", T("2-1"), 6) in r.moves_of(1)
    r.apply(Play("bob", T("2-1"), 6))  # ends 0 and 2
    assert Play("ana", T("5-0"), 2) in r.moves_of(0)
    r.apply(Play("ana", T("5-0"), 2))  # ends 0 and 0
    assert r.moves_of(1) == [Pass("bob")]
    with pytest.raises(IllegalMoveError, match="it is bob's turn"):
        r.apply(Pass("ana"))
    r.apply(Pass("bob"))
    assert not r.over
    r.apply(Pass("ana"))
    assert r.over and r.how == "blocked" and r.winner is None


def test_going_out_ends_the_round():
    r = _round(["6-6", "1-1"])
    r.apply(Play("ana", T("6-6")))
    assert r.over and r.how == "out" and r.winner == 0
    res = r.result()
    assert res is not None and res.winner == 0 and res.points == 2


# -- points ------------------------------------------------------------------------------------
def test_going_out_scores_every_other_hands_pips():
    assert score([0, 12, 7], out=0).points == 19


def test_a_blocked_round_scores_the_others_pips_less_the_winners_own():
    assert score([6, 19, 26, 12], out=None) == score([6, 19, 26, 12], None)
    s = score([6, 19, 26, 12], out=None)
    assert s.winner == 0 and s.points == 19 + 26 + 12 - 6 == 51


def test_a_tie_for_the_fewest_scores_nobody():
    s = score([8, 8, 20], out=None)
    assert s.winner is None and s.points == 0


# -- the match ---------------------------------------------------------------------------------
def test_the_match_is_to_the_target_the_most_points_winning():
    assert MatadorRules().target == 100
    m = MatadorMatch(MatadorRules(target=40), NAMES[:2])
    rng = random.Random(2)
    while not m.finished:
        r = m.start(*m.deal(rng))
        while not r.over:
            m.apply(r.legal_moves()[0])
        if not m.finished:
            assert max(m.totals) < 40
    assert max(m.totals) >= 40 and m.winners() == [m.totals.index(max(m.totals))]
    assert MatadorMatch.most_wins


def test_target_zero_is_a_single_round():
    m = MatadorMatch(MatadorRules(target=0), NAMES[:3])
    r = m.start(*m.deal(random.Random(1)))
    while not r.over:
        m.apply(r.legal_moves()[0])
    assert m.finished


# -- the settings ------------------------------------------------------------------------------
def test_the_settings_a_table_may_change():
    game = game_for("matador")
    assert game.rules_from("matador", "target=150 hand=6") == MatadorRules(hand=6, target=150)
    assert game.rules_from("matador", "").differences() == {}
    assert MatadorRules(target=150).differences() == {"target": 150}
    for bad, says in [
        ("set=9", "there is no Matador rule called 'set' (the rules are hand, target)"),
        ("spinner=first-double", "there is no Matador rule called 'spinner'"),
        ("target=-1", "target is a whole number from 0 to 100 000"),
        ("hand=0", "hand is a whole number from 1 to 14"),
        ("hand=15", "hand is a whole number"),
        ("target", "write a rule as key=value"),
    ]:
        with pytest.raises(RulesError, match=re.escape(says)):
            game.rules_from("matador", bad)


# -- random rounds: invariants ------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_random_rounds_keep_every_tile_and_end_by_the_rules(seed):
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    r = MatadorRound.shuffled(MatadorRules(), NAMES[:players], rng, opener=rng.randrange(players))
    while not r.over:
        moves = r.legal_moves()
        assert len({type(m) for m in moves}) == 1  # a play if one fits, else a draw, else a pass
        move = rng.choice(moves)
        if isinstance(move, Play) and r.history:
            assert fits(move.tile, move.on)
        r.apply(move)
        held = [t for h in r.hands for t in h or ()]
        assert len(held) + len(r.placed) + r.boneyard == 28
        assert len(set(held) | set(r.placed) | set(r.stock or ())) == 28
    if r.how == "out":
        assert r.counts[r.winner] == 0
    else:
        ends = r.layout.ends
        assert r.boneyard == 0 and not any(fits(t, n) for h in r.hands for t in h or () for n in ends)

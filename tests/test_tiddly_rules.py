"""Tiddly-wink's rules (games/tiddly, docs/tiddly-wink.md): each rule on a hand-written
deal, hostile events from one seat's log, and random legal games with every hand known,
whose seat logs replay and whose proofs are true of the real hands.

Deals are written whole: the hands, then the boneyard's top tiles in the order drawn
(the rest of the set follows in its own order).  ``hand=2`` keeps a round short where
the rule under test needs no more.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_advisor.base.errors import (
    AmbiguousMoveError,
    CountMismatch,
    DominoError,
    IllegalMoveError,
    RulesError,
)
from domino_advisor.base.tiles import Tile, full_set, parse_tiles
from domino_advisor.games.events import Draw, Pass, Play, parse_event
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import setup_round
from domino_advisor.games.line.rules import PRESETS
from domino_advisor.games.line.scoring import score_blocked, score_out
from domino_advisor.games.tiddly.record import Lacks
from domino_advisor.games.tiddly.rules import SETTINGS, TiddlyRules
from domino_advisor.games.tiddly.seat import SeatRound, log_for, replay
from domino_advisor.games.tiddly.state import TiddlyRound

NAMES = ("ana", "bob", "cy", "dee")


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text.split(), 9))


def dealt(hands: list[str], top: str = "", rules: TiddlyRules | None = None) -> TiddlyRound:
    """A round with every hand and the boneyard known (``top``: its first tiles, in order)."""
    rules = rules or TiddlyRules()
    held = [tiles(h) for h in hands]
    first = list(tiles(top))
    used = {t for h in held for t in h} | set(first)
    stock = first + [t for t in full_set(rules.top) if t not in used]
    return TiddlyRound(rules, NAMES[: len(hands)], held, stock)


def play(r: TiddlyRound, *lines: str) -> None:
    for line in lines:
        r.apply(parse_event(line, r.rules.top))


def snapshot(r: TiddlyRound) -> tuple:
    """Everything a move changes, to check a refused one changed nothing."""
    hands = tuple(None if h is None else frozenset(h) for h in r.hands)
    stock = None if r.stock is None else tuple(r.stock)
    return (
        hands,
        tuple(r.counts),
        r.boneyard,
        stock,
        r.layout,
        tuple(r.placed.items()),
        tuple(r.history),
        tuple(r.lacks),
        r.over,
        r.how,
        r.out,
        r.drawer,
        frozenset(r.passed),
        tuple(r.revealed.items()),
    )


def refused(r: TiddlyRound, line: str, words: str, kind: type[DominoError] = IllegalMoveError) -> None:
    before = snapshot(r)
    with pytest.raises(kind) as err:
        r.apply(parse_event(line, r.rules.top))
    assert words in str(err.value), str(err.value)
    assert snapshot(r) == before, f"'{line}' was refused but changed the round"


# -- the rule set: the draw game's, one source of truth --------------------------------------
def test_the_rules_are_the_draw_games_but_for_the_race():
    draw = PRESETS["draw"]
    rules = TiddlyRules()
    assert rules.line == draw and rules.name == "tiddly-wink" and rules.single_round
    for players in (2, 3, 4):
        assert rules.hand_size(players) == draw.hand_size(players)
    nine = rules.with_settings({"set": "9", "hand": "7", "target": "100"})
    assert (nine.top, nine.hand_size(4), nine.line.lead, nine.line.blocked) == (9, 7, draw.lead, "others")
    assert nine.differences() == {"set": 9, "hand": 7, "target": 100}
    assert set(SETTINGS) == {"set", "hand", "target", "rounds"}


@pytest.mark.parametrize(
    "settings, words",
    [
        ({"set": "12"}, "double-six or double-nine"),
        ({"set": "x"}, "double-six or double-nine"),
        ({"spinner": "first-double"}, "no Tiddly-wink rule called 'spinner'"),
        ({"hand": "0"}, "hand is a whole number from 1"),
        ({"target": "-1"}, "target takes a whole number"),
    ],
)
def test_a_bad_setting_is_refused_in_the_tables_words(settings, words):
    with pytest.raises(RulesError, match=words):
        TiddlyRules().with_settings(settings)


def test_tables_the_rules_cannot_deal_to_are_refused():
    with pytest.raises(RulesError, match="2 to 4 players"):
        TiddlyRules().check_players(5)
    with pytest.raises(RulesError, match="needs 32 tiles"):
        TiddlyRules(hand=8).check_players(4)
    with pytest.raises(RulesError, match="double-six or double-nine"):
        TiddlyRules(top=12)


# -- the rules, one by one, every hand known -------------------------------------------------
RACE = ["6-6 6-5 5-5 2-0 1-1 1-0 0-0", "6-4 4-3 3-3 3-1 5-3 2-2 2-1"]


def test_the_holder_of_the_highest_double_opens_with_any_tile():
    r = dealt(RACE)
    assert r.actors() == {0}
    assert {m.tile for m in r.legal_moves()} == set(tiles(RACE[0]))
    refused(r, "bob plays 3-3", "bob cannot open with 3-3: ana holds 6-6, a higher double")
    refused(r, "ana draws 6-3", "before the first tile is played")


def test_the_race_either_player_who_can_play_may():
    r = dealt(RACE)
    play(r, "ana plays 6-6")
    assert r.actors() == {0, 1}
    assert {(m.player, m.tile) for m in r.legal_moves()} == {("ana", Tile(6, 5)), ("bob", Tile(6, 4))}
    for first in ("ana plays 6-5", "bob plays 6-4"):
        other = dealt(RACE)
        play(other, "ana plays 6-6", first)
        assert len(other.layout.tiles) == 2


def test_a_tile_already_played_cannot_be_played_again():
    r = dealt(RACE)
    play(r, "ana plays 6-6", "bob plays 6-4")
    refused(r, "ana plays 6-6", "ana cannot play 6-6: 6-6 is already on the table (ana played it)")
    refused(r, "bob plays 6-4", "bob cannot play 6-4: 6-4 is already on the table (bob played it)")
    mine = seat(OPENED)
    refused(mine, "me plays 6-6", "me cannot play 6-6: 6-6 is already on the table (me played it)")


def test_the_same_player_may_play_twice_running():
    r = dealt(RACE)
    play(r, "ana plays 6-6", "ana plays 6-5", "ana plays 5-5")
    assert r.layout.numbers == [5, 6] and r.counts == [4, 7] and r.actors() == {1}


def test_when_nobody_can_play_the_next_seat_after_the_last_to_play_draws():
    rules = TiddlyRules(hand=2)
    r = dealt(["6-6 0-0", "1-1 2-0", "3-3 2-1"], "5-1 6-2", rules)
    play(r, "ana plays 6-6")
    assert r.actors() == {1} and r.legal_moves() == [Draw("bob", 1, (Tile(5, 1),))]
    refused(r, "cy draws 6-2", "it is bob's draw, not cy's")
    refused(r, "bob draws 6-2", "the boneyard's top is 5-1")
    refused(r, "bob passes", "can still be drawn")
    play(r, "bob draws 5-1")  # no 6 on it: the next seat draws
    assert r.actors() == {2}
    play(r, "cy draws 6-2")  # a drawer who can now play: play is a race again
    assert r.actors() == {2} and r.legal_moves() == [Play("cy", Tile(6, 2), 6)]
    play(r, "cy plays 6-2")
    assert r.actors() == {1, 2} and r.drawer == 0  # bob holds 2-0, cy 2-1; ana would draw next


def test_nobody_draws_while_a_player_can_play():
    r = dealt(RACE)
    play(r, "ana plays 6-6")
    refused(r, "bob draws 6-3", "bob cannot draw: bob holds 6-4, which plays on 6")
    play(r, "bob plays 6-4", "bob plays 4-3", "bob plays 3-3", "bob plays 5-3")  # ends 5 and 6
    assert r.actors() == {0}
    refused(r, "bob draws 3-0", "bob cannot draw: ana holds 6-5, which plays on 5 and 6, and nobody may draw")


def test_going_out_ends_the_round_and_a_later_slap_is_refused():
    r = dealt(["6-6 6-5", "6-4 3-0", "4-1 2-2"], rules=TiddlyRules(hand=2))
    play(r, "ana plays 6-6", "ana plays 6-5")
    assert (r.over, r.how, r.out, r.actors(), r.legal_moves()) == (True, "out", 0, frozenset(), [])
    refused(r, "bob plays 6-4 on 5", "round 1 is over: ana went out, and nobody plays now")
    assert r.result() == score_out(0, [0, 13, 9], PRESETS["draw"])


# four players, all 28 dealt (hand=7): ten plays in seat order put all seven sixes down,
# both ends show 6 and the round is blocked; legal in turn order and in a race alike
BLOCK = [
    "6-6 3-2 5-4 0-0 1-1 2-0 2-1",
    "6-0 6-1 6-5 2-2 3-0 3-1 4-0",
    "6-2 6-3 3-3 4-1 4-2 5-0 5-1",
    "1-0 6-4 4-4 5-5 4-3 5-2 5-3",
]
BLOCK_PLAYS = [
    "ana plays 6-6",
    "bob plays 6-0 on 6",
    "cy plays 6-2 on 6",
    "dee plays 1-0 on 0",
    "ana plays 3-2 on 2",
    "bob plays 6-1 on 1",
    "cy plays 6-3 on 3",
    "dee plays 6-4 on 6",
    "ana plays 5-4 on 4",
    "bob plays 6-5 on 5",
]


def test_a_round_blocks_when_nobody_can_play_and_the_boneyard_is_empty():
    r = dealt(BLOCK, rules=TiddlyRules(hand=7))
    play(r, *BLOCK_PLAYS[:-1])
    assert not r.over and 1 in r.actors()
    play(r, BLOCK_PLAYS[-1])
    assert (r.over, r.how, r.actors()) == (True, "blocked", frozenset())
    refused(r, "ana passes", "round 1 is over: it is blocked")
    pips = [7, 15, 28, 40]  # ana has fewest and scores the others' 83
    assert r.result() == score_blocked(pips, PRESETS["draw"]) and r.result().points == {0: 83}


def _draw_game(hands: list[str], moves: list[str], hand: int) -> Match:
    """The same deal played in turn order as the draw game (the line games' own round)."""
    match = Match(PRESETS["draw"].with_overrides(f"hand={hand}"), list(NAMES[: len(hands)]))
    match.start_round(1)
    held = [tiles(h) for h in hands]
    rest = [t for t in full_set(6) if all(t not in h for h in held)]
    setup_round(match.playing, held, rest)
    for line in moves:
        match.apply(parse_event(line))
    return match


@pytest.mark.parametrize(
    "hands, moves, hand, passes",
    [
        (
            ["6-6 6-5", "6-4 3-0", "4-1 2-2"],
            ["ana plays 6-6", "bob plays 6-4", "cy plays 4-1", "ana plays 6-5"],
            2,
            0,
        ),
        (BLOCK, BLOCK_PLAYS, 7, 4),
    ],
    ids=["out", "blocked"],
)
def test_a_round_scores_as_the_draw_game_on_the_same_hands(hands, moves, hand, passes):
    draw_game = _draw_game(hands, moves + [f"{NAMES[(2 + i) % 4]} passes" for i in range(passes)], hand)
    r = dealt(hands, rules=TiddlyRules(hand=hand))
    play(r, *moves)
    assert r.result() is not None and r.result() == draw_game.playing.result()


def test_a_tile_fitting_both_ends_differently_needs_its_end_named():
    r = dealt(RACE)
    play(r, "ana plays 6-6", "bob plays 6-4")  # ends 4 and 6
    refused(r, "bob plays 4-3 on 3", "no open end shows 3")
    play(r, "bob plays 4-3", "ana plays 6-5 on 6")  # one end fits: no need to say which
    assert r.layout.numbers == [3, 5]
    assert [m for m in r.legal_moves() if m.tile == Tile(5, 3)] == [
        Play("bob", Tile(5, 3), 3),
        Play("bob", Tile(5, 3), 5),
    ]
    refused(r, "bob plays 5-3", "5-3 fits the ends showing 3 and 5: say which", AmbiguousMoveError)
    play(r, "bob plays 5-3 on 5")
    assert r.layout.numbers == [3, 3]


# -- one seat's log: the checks it can make, and what each event proves -----------------------
def seat(lines: list[str], rules: TiddlyRules | None = None, names=("me", "ana", "bob")) -> SeatRound:
    rules = rules or TiddlyRules()
    return replay(rules, names, names[0], [parse_event(line, rules.top) for line in lines])


OPENED = ["me holds 6-6 6-4 5-3 2-1 0-0", "me plays 6-6", "ana plays 6-5", "ana plays 5-5"]


def test_a_seat_log_takes_plays_in_any_order_the_same_player_twice_included():
    r = seat([*OPENED, "bob plays 6-1 on 6", "me plays 5-3", "ana plays 3-2", "ana plays 2-2"])
    assert r.layout.numbers == [2, 1] and r.counts == [3, 1, 4] and r.lacks == []


@pytest.mark.parametrize(
    "line, words",
    [
        ("ana plays 6-5", "ana cannot play 6-5: 6-5 is already on the table (ana played it)"),
        ("bob plays 5-3", "bob cannot play 5-3: 5-3 is in your hand"),
        ("me plays 4-4", "you do not hold 4-4"),
        ("bob plays 4-2", "4-2 does not match the open ends 5 and 6"),
        ("me draws 4-4", "me cannot draw: you hold 6-4, which plays on 6"),
        ("ana draws 1", "it is bob's draw, not ana's"),
        ("ana draws 2", "one tile at a time"),
        ("me passes", "can still be drawn"),
        ("ana holds 1-1 2-2 3-3 4-4 5-5", "the log records only your own hand"),
        ("ana shows 1-1", "round 1 is not over"),
        ("ana has 5", "the log gives ana 3 tiles, but ana has 5"),
    ],
)
def test_a_seat_log_refuses_what_it_can_see_is_illegal_and_changes_nothing(line, words):
    r = seat(OPENED)
    kind = CountMismatch if " has " in line else IllegalMoveError
    refused(r, line, words, kind)


def test_another_players_draw_proves_only_the_drawers_lack():
    """From one seat only the drawer's own hand is held against a draw: you may have
    missed your 6-4 at a fast table, and the draw still says bob had no 5 or 6; ana, who
    did not play, is proved nothing."""
    r = seat([*OPENED, "bob draws 1"])
    assert r.lacks == [Lacks(2, frozenset({5, 6}), 3, 5, "drew")]
    assert r.lacks[0].text(r.names) == "bob drew on 5 and 6 (line 5)"
    assert r.counts == [4, 3, 6] and r.boneyard == 12 and r.drawer == 0


def test_the_opening_is_checked_against_your_hand_and_kept_as_evidence():
    with pytest.raises(IllegalMoveError, match="ana cannot open with 5-4: you hold 6-6, a higher double"):
        seat(["me holds 6-6 6-4 5-3 2-1 0-0", "ana plays 5-4"])
    r = seat(["me holds 5-5 6-4 5-3 2-1 0-0", "ana plays 4-1"])
    assert [c.required for c in r.opening_cases] == [Tile(6, 6)]  # ana was dealt the 6-6


def test_a_slap_logged_after_a_player_went_out_is_refused():
    rules = TiddlyRules(hand=2)
    r = seat(["me holds 5-5 4-1", "ana plays 6-6", "ana plays 6-4"], rules, ("me", "ana"))
    assert (r.over, r.out) == (True, 1)
    refused(r, "me plays 4-1", "round 1 is over: ana went out, and nobody plays now")
    refused(r, "ana counts 3", "ana went out and has no tiles left")
    assert r.result() == score_out(1, [15, 0], PRESETS["draw"])


def test_a_seat_log_blocks_when_every_player_has_passed_since_the_last_play():
    rules, names = TiddlyRules(hand=7), NAMES
    hand = f"ana holds {BLOCK[0]}"
    events = [parse_event(line) for line in [hand, *BLOCK_PLAYS, "dee passes", "ana passes"]]
    r = replay(rules, names, "ana", events)
    refused(r, "dee passes", "dee has passed already")
    play(r, "cy passes")
    assert not r.over
    play(r, "bob passes")
    assert (r.over, r.how) == (True, "blocked") and r.result() is None  # two hidden hands unknown
    refused(r, "bob shows 2-2 3-0", "bob shows 2 tiles but holds 4")
    play(r, "bob shows 2-2 3-0 3-1 4-0", "cy counts 28")
    full = dealt(BLOCK, rules=rules)
    play(full, *BLOCK_PLAYS)
    assert r.result() == full.result()
    assert [(lack.seat, lack.verb, lack.numbers) for lack in r.lacks] == [
        (s, "passed", frozenset({6})) for s in (3, 0, 2, 1)
    ]


def test_a_play_after_a_pass_lets_the_passer_pass_again():
    """Passes count since the last play: a play opens new ends, so what a pass said is
    said again before the round blocks."""
    lines = [f"ana holds {BLOCK[0]}", *BLOCK_PLAYS[:9], "ana passes", BLOCK_PLAYS[9], "ana passes"]
    r = replay(TiddlyRules(hand=7), NAMES, "ana", [parse_event(line) for line in lines])
    play(r, "bob passes", "dee passes")
    assert not r.over and r.passed == {0, 1, 3}
    play(r, "cy passes")
    assert r.how == "blocked"
    assert [(lack.seat, sorted(lack.numbers)) for lack in r.lacks[:2]] == [(0, [5, 6]), (0, [6])]


def test_you_may_not_pass_holding_a_tile_that_fits():
    rules = TiddlyRules(hand=7)
    r = replay(rules, NAMES, "bob", [parse_event(f"bob holds {BLOCK[1]}"), parse_event(BLOCK_PLAYS[0])])
    refused(r, "bob passes", "bob cannot pass: you hold 6-5, which plays on 6")


def test_a_refusal_quotes_the_event_and_its_number():
    with pytest.raises(IllegalMoveError, match=r"event 5 'ana plays 6-5 on 5': ana cannot play 6-5"):
        seat([*OPENED, "ana plays 6-5 on 5"])


def test_events_of_the_whole_log_have_their_own_checks():
    r = seat(OPENED)
    refused(r, "me holds 1-1 2-2 3-3 4-4 5-5", "before any play")
    with pytest.raises(IllegalMoveError, match="log your hand first"):
        seat(["ana plays 6-6"])
    with pytest.raises(IllegalMoveError, match="your hand for round 1 is already logged"):
        seat(["me holds 6-6 6-4 5-3 2-1 0-0", "me holds 6-6 6-4 5-3 2-1 0-0"])


# -- random legal games, every hand known -----------------------------------------------------
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# (seed, players, set, the whole set dealt: most such rounds block)
games = st.tuples(
    st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.sampled_from([6, 6, 9]), st.booleans()
)


def check_table(r: TiddlyRound) -> None:
    """Every tile in exactly one place, the counts its hands, the ends the line's ends."""
    assert r.stock is not None
    places = [set(r.placed), set(r.stock), *(set(h or ()) for h in r.hands)]
    assert sum(map(len, places)) == len(full_set(r.rules.top)) and set().union(*places) == set(
        full_set(r.rules.top)
    )
    assert [len(h or ()) for h in r.hands] == r.counts and len(r.stock) == r.boneyard
    line = r.layout.drawn()["line"]
    assert all(a[1] == b[0] for a, b in itertools.pairwise(line))
    assert not line or r.layout.numbers == [line[0][0], line[-1][1]]


def check_actors(r: TiddlyRound) -> None:
    actors, moves = r.actors(), r.legal_moves()
    assert {r.seat(m.player) for m in moves} == actors
    players = {s for s in range(r.seats) if r.fitting(s)}
    if r.over:
        assert not actors
    elif r.layout.is_empty or players:
        assert actors and (r.layout.is_empty or actors == players)
    else:
        assert actors == {r.drawer} and r.boneyard > 0


def an_illegal_move(r: TiddlyRound, rng: random.Random):
    """A move the rules forbid here: a tile already down, a tile fitting no end, a draw by
    someone whose draw it is not (or while a player can play), a pass."""
    names, actors = r.names, r.actors()
    options = [Pass(rng.choice(names))]
    if r.placed:
        options.append(Play(rng.choice(names), rng.choice(sorted(r.placed))))
    if r.stock and not r.layout.is_empty:
        drawers = [s for s in range(r.seats) if s not in actors or any(map(r.fitting, range(r.seats)))]
        options += [Draw(names[s], 1, (r.stock[0],)) for s in drawers]
    if not r.layout.is_empty:
        options += [
            Play(names[s], t) for s in range(r.seats) for t in r.hands[s] or () if not r.layout.can_play(t)
        ]
    return rng.choice(options)


def random_game(seed: int, players: int, top: int, whole: bool) -> None:
    rng = random.Random(seed)
    rules = TiddlyRules(top=top)
    if whole:
        rules = TiddlyRules(top=top, hand=rules.tile_count // players)
    r = TiddlyRound.shuffled(rules, NAMES[:players], rng)
    before: list[list[frozenset[Tile]]] = []  # each seat's hand as each move met it
    for _ in range(2 * rules.tile_count):  # a tile is drawn at most once and played at most once
        check_table(r)
        check_actors(r)
        if r.over:
            break
        wrong = an_illegal_move(r, rng)
        state = snapshot(r)
        with pytest.raises(DominoError):
            r.apply(wrong)
        assert snapshot(r) == state, wrong
        before.append([frozenset(h or ()) for h in r.hands])
        r.apply(rng.choice(r.legal_moves()))
    assert r.over, "the round ends"
    pips = [sum(t.pips for t in h or ()) for h in r.hands]
    draw = PRESETS["draw"].with_overrides(f"set={top}" + (f" hand={rules.hand}" if whole else ""))
    expect = score_out(r.out, pips, draw) if r.how == "out" else score_blocked(pips, draw)
    assert r.result() == expect
    final = [frozenset(h or ()) for h in r.hands]
    for me in range(players):
        log = log_for(r, me)
        mine = replay(rules, NAMES[:players], NAMES[me], log)
        assert (mine.result(), mine.counts, mine.layout) == (r.result(), r.counts, r.layout)
        for lack in mine.lacks:  # each proof is true of the real hand at that moment
            held = before[lack.at][lack.seat] if lack.at < len(before) else final[lack.seat]
            assert not any(t.high in lack.numbers or t.low in lack.numbers for t in held), (lack, held)
        drew = sum(1 for a in r.history if a.kind == "draw")
        assert sum(1 for lack in mine.lacks if lack.verb == "drew") == drew


@FAST
@given(games)
def test_random_games_keep_the_rules_and_replay_from_every_seat(game):
    random_game(*game)


@pytest.mark.slow
@LONG
@given(games)
def test_random_games_keep_the_rules_and_replay_from_every_seat_long(game):
    random_game(*game)

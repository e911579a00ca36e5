"""Table-driven rule tests: every parameter of docs/rules.md, checked on small hand-written
logs whose right answer is worked out by hand from docs/rules.md (the arithmetic is in the
comments).

Conventions: ``me`` is the logged seat; players sit in the order written; bodies are
event lines, one a line or separated by ``;`` (``round 1`` is added when missing).
``hand=1``/``hand=2`` keep rounds short where the rule under test does not need more.
"""

from __future__ import annotations

import re

import pytest

from domino_advisor.base.errors import DominoError, IllegalMoveError
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import parse_event
from domino_advisor.games.line.layout import Layout
from domino_advisor.games.line.rules import preset
from domino_advisor.games.line.scoring import fives_points, round_points, score_blocked, score_out
from domino_advisor.log.gamelog import loads

P2, P3, P4 = "me ana", "me ana bob", "me ana bob cy"


def log_text(body: str, rules: str = "classic", players: str = P2, sets: str = "") -> str:
    head = [f'[Rules "{rules}"]'] + ([f'[Set "{sets}"]'] if sets else [])
    head += [f'[Players "{players}"]', '[Me "me"]']
    lines = [line.strip() for line in re.split(r"[;\n]", body) if line.strip()]
    if not lines[0].startswith("round"):
        lines.insert(0, "round 1")
    return "\n".join(head + lines) + "\n"


def replay(body: str, **kw):
    return loads(log_text(body, **kw)).replay()


def check(body: str, expect: str | None, **kw):
    """``expect`` None: the log is accepted (the match is returned); else the refusal says it."""
    if expect is None:
        return replay(body, **kw)
    with pytest.raises(DominoError) as err:
        replay(body, **kw)
    assert expect in str(err.value), str(err.value)
    return None


# -- presets: the table of docs/rules.md -----------------------------------------------------
HD, UP = "highest-double", "until-playable"


@pytest.mark.parametrize(
    "name, expected",
    [
        (
            "classic",
            dict(
                hand=None,
                lead=HD,
                draw=UP,
                reserve=0,
                spinner="none",
                scoring="block",
                blocked="others",
                target=100,
            ),
        ),
        (
            "all-fives",
            dict(
                hand=None,
                lead=HD,
                draw=UP,
                reserve=0,
                spinner="none",
                scoring="all-fives",
                round_to=5,
                blocked="difference",
                target=100,
            ),
        ),
        ("draw", dict(lead="highest-double-any", draw=UP, blocked="others", tie="none", target=0)),
        (
            "reserve",
            dict(
                lead="chosen",
                next_lead="rotate",
                draw=UP,
                reserve=2,
                blocked="difference",
                tie="none",
                target=100,
            ),
        ),
        ("block", dict(lead=HD, draw="none", reserve=0, blocked="others", target=100)),
        (
            "partnership",
            dict(
                hand=7,
                lead=HD,
                next_lead="winner",
                draw="none",
                scoring="block",
                teams="partners",
                out="all",
                blocked="others",
                target=100,
            ),
        ),
        (
            "sebastopol",
            dict(
                hand=7,
                lead=HD,
                draw="none",
                spinner="first-double",
                spinner_opens="fill-first",
                scoring="all-fives",
                round_to=5,
                blocked="difference",
                target=100,
                rounds=0,
            ),
        ),
    ],
)
def test_presets_match_rules_table(name, expected):
    params = preset(name).parameters()
    assert {k: params[k] for k in expected} == expected


@pytest.mark.parametrize("opens", ["after-both", "at-once", "fill-first"])
def test_a_spinner_joining_the_line_counts_both_halves(opens):
    """All Fives: 5-0 opens (5), 5-5 joins the 5 and counts 10 at that end: 10 + 0."""
    body = "me holds 5-0 6-6 4-4 3-3 2-2 1-1 6-1\nme plays 5-0\nana plays 5-5 on 5\n"
    m = replay(body, rules="all-fives", sets=f"spinner=first-double spinner_opens={opens} lead=chosen")
    assert m.player_scores()["ana"] == 10


def test_sebastopol_deals_every_tile_and_fills_the_spinner_first():
    """Four players, 7 each, no boneyard; the 6-6 opens and its four sides are taken first."""
    body = (
        "me holds 6-6 5-5 4-4 3-3 2-2 1-1 0-0\nme plays 6-6\nana plays 6-5 on 6\n"
        "bob plays 6-4 on 6\ncy plays 6-3 on 6\n"
    )
    m = replay(body, rules="sebastopol", players=P4)
    r = m.round
    assert r.boneyard == 0 and sorted(r.layout.numbers) == [6]  # one side left to take
    # the 6-6 alone counts 12; then a waiting end still counts, an untaken side nothing:
    # 5 (ana scores 5), 5 + 4, 5 + 4 + 3
    assert m.player_scores() == {"me": 0, "ana": 5, "bob": 0, "cy": 0}
    check(body + "me plays 5-5 on 5", "no open end shows 5", rules="sebastopol", players=P4)
    check(body + "me passes", None, rules="sebastopol", players=P4)  # me holds no 6: a pass


# -- hand sizes ---------------------------------------------------------------------------
LOW = "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1".split()


@pytest.mark.parametrize(
    "rules, players, sets, size, boneyard",
    [
        ("classic", P2, "", 7, 14),  # 28 - 2*7
        ("classic", P3, "", 5, 13),  # 28 - 3*5
        ("classic", P4, "", 5, 8),  # 28 - 4*5
        ("partnership", P4, "", 7, 0),  # 7 x 4, no boneyard
        ("classic", P2, "hand=6", 6, 16),
        ("block", P3, "hand=3", 3, 19),
        ("partnership", P4, "hand=5", 5, 8),
        ("classic", P2, "set=9", 7, 41),  # double-nine: 55 - 14
    ],
)
def test_hand_size(rules, players, sets, size, boneyard):
    m = check("me holds " + " ".join(LOW[:size]), None, rules=rules, players=players, sets=sets)
    n = len(players.split())
    assert m.round.counts == [size] * n and m.round.boneyard == boneyard
    check(
        "me holds " + " ".join(LOW[: size + 1]),
        f"each player is dealt {size}",
        rules=rules,
        players=players,
        sets=sets,
    )


@pytest.mark.parametrize(
    "players, sets, says",
    [
        (P4, "hand=8", "needs 32 tiles; the set has 28"),
        (P2, "reserve=15", "needs 29 tiles"),  # 14 dealt + 15 kept
        (P3, "teams=partners", "teams=partners needs 4 players"),
        (P2, "lead=first", "lead is one of"),
        (P2, "round_to=3", "round_to is 1 or 5"),
        (P2, "colour=red", "there is no rule called 'colour'"),
    ],
)
def test_bad_rule_settings_refused(players, sets, says):
    with pytest.raises(DominoError) as err:
        loads(log_text("me holds 6-6", players=players, sets=sets))
    assert says in str(err.value)


# -- set= top pip -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "players, sets, body, expect",
    [
        (P2, "set=9", "me holds 9-9 8-8 1-0 2-0 3-0 4-0 5-0\nme plays 9-9", None),
        (P2, "set=9", "me holds 99 8-8 1-0 2-0 3-0 4-0 5-0\nme plays 8-8", "you hold 9-9, a higher double"),
        (P2, "", "me holds 9-9 8-8 1-0 2-0 3-0 4-0 5-0", "not a tile of the double-six set"),
        (P2, "set=6", "me holds 6-6 6-5 1-0 2-0 3-0 4-0 7-0", "numbers run from 0 to 6"),
        (P3, "set=12", "me holds 12-12 12-11 1-0 2-0 3-0\nme plays 12-12", None),
    ],
)
def test_set_top_pip(players, sets, body, expect):
    check(body, expect, players=players, sets=sets)


# -- lead ---------------------------------------------------------------------------------
NODBL = "me holds 6-5 6-3 5-2 3-1 4-0\n"  # no double; heaviest 6-5 (11 pips)
D66 = "me holds 6-6 5-5 3-1 2-0 1-0\n"
D44 = "me holds 4-4 6-3 5-2 3-1 1-0\n"
D22 = "me holds 2-2 6-3 5-2 3-1 4-0\n"


@pytest.mark.parametrize(
    "rules, players, body, expect",
    [
        # highest-double: the holder of the highest double must open with it
        ("classic", P3, D66 + "me plays 6-6", None),
        ("classic", P3, D66 + "me plays 5-5", "you hold 6-6, a higher double"),
        ("classic", P3, "me holds 5-5 6-3 5-2 3-1 4-0\nme plays 6-3", "you hold 5-5, a double"),
        ("classic", P3, D44 + "ana plays 3-3", "you hold 4-4, a higher double"),
        ("classic", P3, D44 + "ana plays 5-5", None),  # ana may hold 5-5 > 4-4
        ("classic", P3, D44 + "ana plays 6-5", "you hold 4-4, a double"),
        # ... no double dealt: the heaviest tile opens
        ("classic", P3, NODBL + "me plays 6-5", None),
        ("classic", P3, NODBL + "me plays 6-3", "you hold 6-5, a heavier tile"),
        ("classic", P3, NODBL + "ana plays 5-4", "you hold 6-5, a heavier tile"),  # 9 < 11
        ("classic", P3, NODBL + "ana plays 1-1", None),  # a double beats any non-double
        # ambiguous in RULES ("most pips"): 6-3 and 5-4 both have 9; the engine breaks the
        # tie by the higher half, so 5-4 may not open while 6-3 is held
        ("classic", P2, "me holds 6-3 5-4 1-0 2-0 3-1 4-0 5-1\nme plays 5-4", "6-3, a heavier tile"),
        # highest-double-any (preset draw): the highest double opens with any tile,
        # else the first seat; here me sits second ("ana me bob")
        ("draw", "ana me bob", NODBL + "me plays 3-1", "no double, so you cannot lead"),
        ("draw", "ana me bob", D22 + "me plays 3-1", None),
        ("draw", P3, NODBL + "me plays 3-1", None),  # first seat, no double: may open
        ("draw", "ana me bob", D22 + "bob plays 6-1", None),  # bob may hold a higher double
        # I hold 6-6, the highest double of the set: only I can lead
        ("draw", "ana me bob", "me holds 6-6 6-3 5-2 3-1 4-0\nana plays 3-2", "cannot open"),
        ("draw", P3, "me holds 6-6 6-3 5-2 3-1 4-0\nbob plays 1-0", "cannot open"),
        # chosen: anyone opens anything, then play goes on to the left
        ("reserve", P3, D66 + "ana plays 1-1", None),
        ("reserve", P3, D66 + "me plays 3-1", None),
        ("reserve", P3, D66 + "bob plays 4-1\nana plays 1-1 on 1", "turn, not ana's"),
    ],
)
def test_lead(rules, players, body, expect):
    check(body, expect, rules=rules, players=players)


# -- next_lead on round 2 -------------------------------------------------------------
# Round 1 (classic, 3 players, hand=2): me opens 6-6 (highest double), bob goes out.
ROUND1 = (
    "round 1; me holds 6-6 1-0; me plays 6-6; ana plays 6-4 on 6; bob plays 6-2 on 6; "
    "me draws 5-3 4-1; me plays 4-1 on 4; ana draws 1; ana plays 2-2 on 2; "
    "bob plays 1-1 on 1; me shows 5-3 1-0; ana shows 3-0; round 2; me holds 5-5 2-0\n"
)


def test_round1_of_next_lead_logs():
    m = replay(ROUND1.split("round 2")[0], players=P3, sets="hand=2")
    res = m.round.result()
    # bob out; me 5+3+1+0 = 9, ana 3+0 = 3: bob scores 12
    assert (res.how, res.winner, m.player_scores()) == ("out", 2, {"me": 0, "ana": 0, "bob": 12})


@pytest.mark.parametrize(
    "next_lead, line, expect",
    [
        # same: the lead rule again (me holds 5-5; only 6-6 could beat it)
        ("same", "me plays 5-5", None),
        ("same", "me plays 2-0", "you hold 5-5, a double"),
        ("same", "ana plays 3-1", "you hold 5-5, a double"),
        ("same", "ana plays 6-6", None),
        # winner: bob won round 1 and opens with any tile
        ("winner", "bob plays 3-1", None),
        ("winner", "ana plays 6-6", "it is bob's turn, not ana's"),
        ("winner", "me plays 5-5", "it is bob's turn, not yours"),
        # rotate: me opened round 1, so ana (the next seat) opens, any tile
        ("rotate", "ana plays 3-1", None),
        ("rotate", "bob plays 3-1", "it is ana's turn, not bob's"),
        ("rotate", "me plays 5-5", "it is ana's turn, not yours"),
    ],
)
def test_next_lead(next_lead, line, expect):
    m = check(ROUND1 + line, expect, players=P3, sets=f"hand=2 next_lead={next_lead}")
    if m is not None:
        assert m.round.number == 2 and m.round.layout.tiles == [Tile.parse(line.split()[-1])]


# -- draw and reserve ---------------------------------------------------------------------
# 2 players, 7 each, 14 in the boneyard.  After 6-6 me holds no 5 and no 6.
OPEN = "me holds 6-6 4-4 4-1 3-1 2-1 1-0 0-0\nme plays 6-6\n"


@pytest.mark.parametrize(
    "sets, body, expect, boneyard",
    [
        ("", "ana passes", "ana cannot pass: 14 tiles can still be drawn", None),
        ("", "ana draws 2\nana plays 6-5 on 6", None, 12),
        ("", "ana draws 2\nana passes", "12 tiles can still be drawn", None),
        ("", "ana draws 1\nme plays 4-4", "it is ana's turn", None),  # drawing does not end a turn
        ("", "ana draws 14\nana passes", None, 0),
        ("", "ana draws 15", "only 14 can be drawn", None),
        ("", "ana plays 6-5 on 6\nme passes", "14 tiles can still be drawn", None),
        ("", "ana plays 6-5 on 6\nme draws 3-2 5-1\nme plays 5-1 on 5", None, 12),
        ("", "ana plays 6-5 on 6\nme draws 5-1 3-2", "would have stopped drawing at 5-1", None),
        ("", "ana plays 6-5 on 6\nme draws 5-1\nme draws 3-2", "you hold 5-1, which plays on 5", None),
        ("", "ana plays 6-5 on 6\nme draws 5-1\nme passes", "me cannot pass", None),
        ("", "ana plays 6-4 on 6\nme draws 2-0", "you hold 4-4, which plays on 4", None),
        # draw=none: pass at once, never draw
        ("draw=none", "ana draws 1", "this is a block game (draw=none)", None),
        ("draw=none", "ana passes", None, 14),
        ("draw=none", "ana plays 6-5 on 6\nme passes", None, 14),
        ("draw=none", "ana plays 6-4 on 6\nme passes", "you hold 4-4, which plays on 4", None),
        # reserve=2: only 14 - 2 = 12 can be drawn; passing allowed once only the reserve is left
        ("reserve=2", "ana draws 13", "only 12 can be drawn (14 in the boneyard, 2 must stay", None),
        ("reserve=2", "ana draws 11\nana passes", "ana cannot pass", None),
        ("reserve=2", "ana draws 12\nana passes", None, 2),
        ("reserve=12", "ana plays 6-5 on 6\nme draws 3-2 4-3 2-0", "only 2 can be drawn", None),
        ("reserve=14", "ana passes", None, 14),  # nothing drawable from the start
    ],
)
def test_draw_and_reserve(sets, body, expect, boneyard):
    m = check(OPEN + body, expect, sets=sets)
    if m is not None:
        assert m.round.boneyard == boneyard


@pytest.mark.parametrize(
    "sets, body",
    [
        ("reserve=2", "ana draws 12\nana passes\nme passes"),  # both passed, only reserve left
        ("reserve=14", "ana passes\nme passes"),
        ("draw=none", "ana passes\nme passes"),
    ],
)
def test_blocked_when_everyone_passes(sets, body):
    m = replay(OPEN + body, sets=sets)
    assert m.round.over and m.round.how == "blocked" and m.round.to_move() is None


# -- spinner --------------------------------------------------------------------------------
def open_ends_or_refusal(sets: str, body: str, expect) -> None:
    """``expect`` a list: the open ends' numbers, sorted; a string: what the refusal says."""
    if isinstance(expect, str):
        check(body, expect, sets=sets)
    else:
        assert sorted(replay(body, sets=sets).round.layout.numbers) == expect


C55 = "me holds 5-5 5-3 5-2 6-1 4-1 2-1 0-0\nme plays 5-5\nana plays 5-0 on 5\n"
S65 = "me holds 6-5 5-3 5-2 6-1 4-1 2-1 0-0\nme plays 6-5\nana plays 5-5 on 5\n"


@pytest.mark.parametrize(
    "sets, body, expect",
    [
        ("spinner=first-double", "me holds 5-5 5-3 5-2 6-1 4-1 2-1 0-0\nme plays 5-5", [5, 5]),
        ("spinner=first-double", C55, [0, 5]),  # one side taken: still 2 ends
        ("spinner=first-double", C55 + "me plays 5-3 on up", "the up end is not open"),
        ("spinner=first-double", C55 + "me plays 5-3 on 5", [0, 3, 5, 5]),  # both sides: 4 ends
        ("spinner=first-double", C55 + "me plays 5-3 on 5\nana plays 5-4 on up", [0, 3, 4, 5]),
        (
            "spinner=first-double",
            C55 + "me plays 5-3 on 5\nana plays 5-4 on up\nme plays 5-2 on 5",
            [0, 2, 3, 4],
        ),
        ("spinner=none", C55 + "me plays 5-3 on 5", [0, 3]),  # crossways, no branch
        ("spinner=none", C55 + "me plays 5-3 on 5\nana plays 5-4 on 5", "no open end shows 5"),
        ("spinner=none", C55 + "me plays 5-3 on up", "the up end is not open"),
        # the first double need not open the round: 5-5 joins 6-5 and spins
        ("spinner=first-double lead=chosen", S65 + "me plays 5-3 on 5", [3, 5, 5, 6]),
        ("spinner=none lead=chosen", S65 + "me plays 5-3 on 5", [3, 6]),
    ],
)
def test_spinner(sets, body, expect):
    open_ends_or_refusal(sets, body, expect)


# spinner_opens: when the spinner's up and down sides open
FD = "spinner=first-double spinner_opens="
C55B = "me holds 5-5 5-3 5-2 6-1 4-1 2-1 0-0\nme plays 5-5\n"


@pytest.mark.parametrize(
    "sets, body, expect",
    [
        (FD + "after-both", C55B, [5, 5]),  # the default: two ends until both sides are taken
        (FD + "after-both", C55B + "ana plays 5-0 on up", "the up end is not open"),
        (FD + "at-once", C55B, [5, 5, 5, 5]),  # four ends from the start
        (FD + "at-once", C55B + "ana plays 5-0 on up", [0, 5, 5, 5]),
        (FD + "at-once", C55B + "ana plays 5-0 on up\nme plays 5-3 on 5", [0, 3, 5, 5]),
        (
            FD + "at-once",
            C55B + "ana plays 5-0 on left\nme plays 5-3 on right\nana plays 6-0 on 0",
            [3, 5, 5, 6],
        ),
        # fill-first (Sebastopol): the ends beyond the spinner wait until all four sides are taken
        (FD + "fill-first", C55B, [5, 5, 5, 5]),
        (FD + "fill-first", C55B + "ana plays 5-0 on left", [5, 5, 5]),
        (
            FD + "fill-first",
            C55B + "ana plays 5-0 on left\nme plays 5-3 on right\nana plays 6-0 on 0",
            "no open end shows 0",
        ),
        (
            FD + "fill-first",
            C55B + "ana plays 5-0 on left\nme plays 5-3 on right\nana plays 5-4 on up\nme plays 5-2 on 5",
            [0, 2, 3, 4],
        ),
        # a spinner that joins the line: the ends beyond it wait too
        ("lead=chosen " + FD + "fill-first", S65, [5, 5, 5]),
        ("lead=chosen " + FD + "fill-first", S65 + "me plays 6-1 on 6", "no open end shows 6"),
        ("lead=chosen " + FD + "at-once", S65, [5, 5, 5, 6]),
    ],
)
def test_spinner_opens(sets, body, expect):
    open_ends_or_refusal(sets, body, expect)


# spinner=every-double: every double branches; a later one's ends are upN and downN
ED = "spinner=every-double"
E66 = "me holds 6-6 6-5 5-5 5-3 2-2 2-1 0-0\nme plays 6-6\nana plays 6-4 on 6\nme plays 6-5 on 6\n"


@pytest.mark.parametrize(
    "sets, body, expect",
    [
        (ED, E66, [4, 5, 6, 6]),  # the 6-6 spins as with first-double
        (ED, E66 + "ana plays 4-4 on 4", [4, 5, 6, 6]),  # 4-4 joins: its far side is still it
        (ED, E66 + "ana plays 4-4 on 4\nme plays 5-5 on 5", [4, 5, 6, 6]),
        (ED, E66 + "ana plays 4-4 on 4\nme plays 5-5 on 5\nana plays 4-1 on 4", [1, 4, 4, 5, 6, 6]),
        (ED, E66 + "ana plays 4-4 on 4\nme plays 5-5 on 5\nana plays 4-1 on up4", "the up4 end is not open"),
        (
            ED,
            E66 + "ana plays 4-4 on 4\nme plays 5-5 on 5\nana plays 4-1 on 4\nme plays 5-3 on 5",
            [1, 3, 4, 4, 5, 5, 6, 6],
        ),
        (
            ED,
            E66 + "ana plays 4-4 on 4\nme plays 5-5 on 5\nana plays 4-1 on 4\nme plays 5-3 on 5\n"
            "ana plays 4-0 on up4",
            [0, 1, 3, 4, 5, 5, 6, 6],
        ),
        (ED + " spinner_opens=at-once", E66 + "ana plays 4-4 on 4", [4, 4, 4, 5, 6, 6]),
        (
            "spinner=first-double",
            E66 + "ana plays 4-4 on 4\nme plays 5-5 on 5\nana plays 4-1 on 4",
            [1, 5, 6, 6],
        ),
    ],
)
def test_every_double_spins(sets, body, expect):
    open_ends_or_refusal(sets, body, expect)


# -- All Fives: points during play -----------------------------------------------------
AF = "me holds 6-6 6-4 5-5 4-2 3-2 5-3 1-0\n"


@pytest.mark.parametrize(
    "players, sets, body, scores",
    [
        (P2, "", AF + "me plays 5-5", {"me": 10}),  # lone double: its pips, 10 (counted once)
        (P2, "", AF + "me plays 6-4", {"me": 10}),  # lone tile: 6 + 4
        (P2, "", AF + "me plays 4-2", {}),  # 6: no score (RULES: ends 4 and 2)
        (P2, "", AF + "me plays 3-2", {"me": 5}),
        (P2, "", AF + "me plays 6-6", {}),  # 12
        (P2, "", AF + "me plays 6-6\nana plays 6-3 on 6", {"ana": 15}),  # 6-6 crossways 12 + 3
        (P2, "", AF + "me plays 6-4\nana plays 6-1 on 6", {"me": 10, "ana": 5}),  # 4 + 1
        (P2, "", AF + "me plays 6-4\nana plays 4-4 on 4", {"me": 10}),  # 6 + 8 = 14
        # a double crossways / an untaken spinner side counts both halves: 0 + 5 + 5 = 10
        (P2, "", AF + "me plays 5-5\nana plays 5-0 on 5", {"me": 10, "ana": 10}),
        (P2, "spinner=first-double", AF + "me plays 5-5\nana plays 5-0 on 5", {"me": 10, "ana": 10}),
        # both sides taken: 0 + 3, the spinner no longer counts
        (
            P2,
            "spinner=first-double",
            AF + "me plays 5-5\nana plays 5-0 on 5\nme plays 5-3 on 5",
            {"me": 10, "ana": 10},
        ),
        # 4 ends 0, 3, up 2, bare down arm (counts nothing): 5
        (
            P2,
            "spinner=first-double",
            AF + "me plays 5-5\nana plays 5-0 on 5\nme plays 5-3 on 5\nana plays 5-2 on up",
            {"me": 10, "ana": 15},
        ),
        # partners score together: ana's 10 is cy's too
        (
            P4,
            "teams=partners hand=2",
            "me holds 5-5 1-0\nme plays 5-5\nana plays 5-0 on 5",
            {"me": 10, "bob": 10, "ana": 10, "cy": 10},
        ),
    ],
)
def test_all_fives_play_points(players, sets, body, scores):
    m = replay(body, rules="all-fives", players=players, sets=f"lead=chosen {sets}")
    assert m.player_scores() == {p: scores.get(p, 0) for p in players.split()}


def test_block_scoring_scores_nothing_during_play():
    m = replay(AF + "me plays 6-6\nana plays 6-3 on 6", sets="lead=chosen")
    assert m.player_scores() == {"me": 0, "ana": 0} and m.round.fives == {}


# -- round_to -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "points, step, rounded",
    [
        (12, 5, 10),
        (13, 5, 15),
        (0, 5, 0),
        (2, 5, 0),
        (3, 5, 5),
        (17, 5, 15),
        (18, 5, 20),
        (25, 5, 25),
        (13, 1, 13),
    ],
)
def test_round_points(points, step, rounded):
    assert round_points(points, step) == rounded


@pytest.mark.parametrize(
    "rules, sets, shown, points",
    [
        # me goes out with 1-1 (lone 2: no fives); ana and bob show one tile each
        ("all-fives", "", "6-5 1-0", 10),  # 11 + 1 = 12 -> 10
        ("all-fives", "", "6-5 2-0", 15),  # 11 + 2 = 13 -> 15
        ("classic", "", "6-5 2-0", 13),  # round_to=1
        ("classic", "round_to=5", "6-5 2-0", 15),
    ],
)
def test_round_to_end_of_round(rules, sets, shown, points):
    ana, bob = shown.split()
    body = f"me holds 1-1\nme plays 1-1\nana shows {ana}\nbob shows {bob}"
    m = replay(body, rules=rules, players=P3, sets=f"hand=1 {sets}")
    assert m.round.result().points == {0: points} and m.player_scores()["me"] == points


# -- out ----------------------------------------------------------------------------------
# 4 players, hand=2, partnership (draw=none): me goes out; ana 2+1 = 3,
# bob 4+3+2+2 = 11, cy 5+4+3 = 12.  Partners: me+bob against ana+cy.
OUT4 = (
    "me holds 6-6 6-5; me plays 6-6; ana plays 6-1 on 6; bob passes; cy passes; "
    "me plays 6-5 on 6; ana shows 2-1; bob shows 4-3 2-2; cy shows 5-4 3-0;"
)


@pytest.mark.parametrize(
    "sets, scores",
    [
        ("", {"me": 26, "bob": 26}),  # out=all: 3 + 11 + 12, partner's hand too
        ("out=others", {"me": 15, "bob": 15}),  # opponents only: 3 + 12
        ("teams=none", {"me": 26}),  # no teams: every other hand
        ("teams=none out=others", {"me": 26}),
        ("round_to=5", {"me": 25, "bob": 25}),  # 26 -> 25
        ("out=others round_to=5", {"me": 15, "bob": 15}),
    ],
)
def test_out_scoring(sets, scores):
    m = replay(OUT4, rules="partnership", players=P4, sets=f"hand=2 {sets}")
    assert m.round.how == "out" and m.round.result().winner == 0
    assert m.player_scores() == {p: scores.get(p, 0) for p in P4.split()}


def test_out_others_with_teams_needs_no_partner_count():
    body = OUT4.replace("bob shows 4-3 2-2;", "")
    m = replay(body, rules="partnership", players=P4, sets="hand=2 out=others")
    assert m.round.pips(2) is None and m.round.result().points == {0: 15}


# -- blocked and tie -------------------------------------------------------------------
# block preset, hand=4: me opens 6-6, everyone passes; me keeps 5-4 3-2 1-0 = 15 pips.
def blocked_log(players: str, counts: tuple[int, ...]) -> str:
    others = players.split()[1:]
    body = "me holds 6-6 5-4 3-2 1-0\nme plays 6-6\n"
    body += "".join(f"{p} passes\n" for p in others) + "me passes\n"
    return body + "".join(f"{p} counts {c}\n" for p, c in zip(others, counts, strict=False))


@pytest.mark.parametrize(
    "players, sets, counts, scores, winner",
    [
        (P3, "", (20, 25), {"me": 45}, "me"),  # others: 20 + 25
        (P3, "blocked=difference", (20, 25), {"me": 30}, "me"),  # 45 - 15
        (P3, "blocked=none", (20, 25), {}, None),  # a draw
        (P3, "", (12, 25), {"ana": 40}, "ana"),  # 15 + 25
        (P3, "blocked=difference", (12, 25), {"ana": 28}, "ana"),  # 40 - 12
        (P3, "blocked=difference round_to=5", (20, 22), {"me": 25}, "me"),  # 42 - 15 = 27 -> 25
        (P3, "", (15, 25), {}, None),  # tie at 15, tie=none by default: nobody scores
        (P3, "tie=shared", (15, 25), {"me": 40, "ana": 40}, None),  # each: the other hands
        (P3, "tie=shared blocked=difference", (15, 25), {"me": 25, "ana": 25}, None),  # 40 - 15
        # partners: me+bob against ana+cy, by the sum of the two hands
        (P4, "teams=partners", (20, 14, 22), {"me": 42, "bob": 42}, "bob"),  # 29 < 42: ana+cy
        (P4, "teams=partners blocked=difference", (20, 14, 22), {"me": 13, "bob": 13}, "bob"),
        (P4, "teams=partners out=all", (20, 14, 22), {"me": 57, "bob": 57}, "bob"),  # 15+20+22
        (P4, "teams=partners", (10, 30, 10), {"ana": 45, "cy": 45}, "ana"),  # 20 < 45
        (P4, "teams=partners", (15, 20, 20), {}, None),  # 35 = 35: tie=none
        (P4, "teams=partners tie=shared", (15, 20, 20), {p: 35 for p in P4.split()}, None),
    ],
)
def test_blocked_scoring(players, sets, counts, scores, winner):
    m = replay(blocked_log(players, counts), rules="block", players=players, sets=f"hand=4 {sets}")
    res = m.round.result()
    assert res.how == "blocked"
    assert m.player_scores() == {p: scores.get(p, 0) for p in players.split()}
    assert (None if res.winner is None else m.players[res.winner]) == winner


def test_blocked_none_needs_no_counts():
    body = blocked_log(P3, ())
    m = replay(body, rules="block", players=P3, sets="hand=4 blocked=none")
    assert m.round.result() is not None and m.round.result().winner is None


# -- target and matches -------------------------------------------------------------------
WIN5 = "round 1\nme holds 6-6\nme plays 6-6\nana shows 3-2\n"  # hand=1: me out, scores 5


@pytest.mark.parametrize(
    "rules, sets, finished, round2",
    [
        ("classic", "target=0", True, "the match is over (target=0: a single round)"),
        ("draw", "", True, "the match is over"),  # preset draw: target 0
        ("classic", "target=5", True, "the match is over: me reached 5"),
        ("classic", "target=6", False, None),
        ("classic", "", False, None),  # target 100
    ],
)
def test_target(rules, sets, finished, round2):
    m = replay(WIN5, rules=rules, sets=f"hand=1 {sets}")
    assert m.finished is finished and m.player_scores() == {"me": 5, "ana": 0}
    assert m.match_winner() == (0 if finished else None)
    check(WIN5 + "round 2\nme holds 1-0", round2, rules=rules, sets=f"hand=1 {sets}")


def test_multi_round_match():
    sets = "hand=1 target=6"
    # round 2: me holds no double, opens its heaviest (only) tile and is out; ana 2 -> 5 + 2 = 7
    body = WIN5 + "round 2\nme holds 6-5\nme plays 6-5\nana shows 2-0\n"
    m = replay(body, sets=sets)
    assert m.player_scores() == {"me": 7, "ana": 0} and m.finished and m.match_winner() == 0
    check(body + "round 3", "the match is over: me reached 7", sets=sets)


# rounds=N: a match of a fixed number of rounds, the most points winning
R2 = WIN5 + "round 2\nme holds 6-5\nme plays 6-5\nana shows 2-0\n"  # me 5 then 7


@pytest.mark.parametrize(
    "sets, body, finished, winner, next_round",
    [
        ("rounds=2 target=0", WIN5, False, None, None),  # one round of two played
        ("rounds=2 target=0", R2, True, 0, "all 2 rounds are played"),
        ("rounds=1 target=0", WIN5, True, 0, "rounds=1: the round is played"),
        ("rounds=3 target=0", R2, False, None, None),
        ("rounds=3 target=6", R2, True, 0, "me reached 7"),  # the target comes first
        ("rounds=2 target=100", R2, True, 0, "all 2 rounds are played"),  # the rounds come first
    ],
)
def test_rounds(sets, body, finished, winner, next_round):
    m = replay(body, sets=f"hand=1 {sets}")
    assert m.finished is finished and m.match_winner() == winner
    following = body + ("round 3" if "6-5" in body else "round 2\nme holds 1-0")
    check(following, next_round, sets=f"hand=1 {sets}")


def test_rounds_tied_match_has_no_winner():
    # round 2: ana opens her only tile and is out, scoring the 5 pips of me's 3-2: 5 all
    body = WIN5 + "round 2\nme holds 3-2\nana plays 4-1\n"
    m = replay(body, sets="hand=1 rounds=2 target=0 lead=chosen")
    assert m.finished and m.player_scores() == {"me": 5, "ana": 5}
    assert m.match_winner() is None


def test_next_round_waits_for_the_count():
    check("me holds 6-6; me plays 6-6; round 2", "round 1's points are not known yet", sets="hand=1")


# all-fives, target 10, lead=chosen, hand=2: ana opens 6-4 and scores 10 at once (6 + 4),
# reaching the target first; ends 6|3 (9), 6|3-3 (6 + 6 = 12), 2|3-3 (2 + 6 = 8): no more
# fives; me goes out, ana holds 6-6 5-5 = 22 -> 20.  Totals: me 20, ana 10.
FIRST = (
    "me holds 4-3 6-2; ana plays 6-4; me plays 4-3 on 4; ana draws 2; ana plays 3-3 on 3; "
    "me plays 6-2 on 6; ana shows 6-6 5-5"
)


def test_all_fives_points_and_round_points_add_up():
    m = replay(FIRST, rules="all-fives", sets="hand=2 lead=chosen target=100")
    assert m.round.fives == {1: 10} and m.round.result().points == {0: 20}
    assert m.player_scores() == {"me": 20, "ana": 10} and not m.finished


def test_first_to_reach_target_wins():
    # All Fives, target 10: ana's opening 6-4 scores 10 at once and wins the match there;
    # RULES: "first to reach it wins the match", so the next play is refused
    with pytest.raises(IllegalMoveError, match="the match is over: ana reached the target of 10"):
        replay(FIRST, rules="all-fives", sets="hand=2 lead=chosen target=10")
    m = replay("me holds 4-3 6-2; ana plays 6-4", rules="all-fives", sets="hand=2 lead=chosen target=10")
    assert m.finished and m.match_winner() == 1 and m.round.result().winner == 1
    assert m.player_scores() == {"me": 0, "ana": 10}


# -- the worked examples of docs/rules.md ------------------------------------------------------
def test_worked_example_all_fives():
    # ends 6-6 crossways and 3: 12 + 3 = 15 scores 15
    table = Layout.empty().play(Tile(6, 6)).play(Tile(6, 3), 6)
    assert sorted(table.numbers) == [3, 6] and table.fives_count() == 15
    assert fives_points(table.fives_count()) == 15
    # ends 4 and 2: 6, no score
    line = Layout.empty().play(Tile(6, 4)).play(Tile(6, 2), 6)
    assert sorted(line.numbers) == [2, 4] and fives_points(line.fives_count()) == 0


def test_worked_examples_out_and_difference():
    # classic: you go out, the others hold 9, 14 and 6: 29
    assert score_out(0, [0, 9, 14, 6], preset("classic")).points == {0: 29}
    # blocked, difference: you hold 4, the others 9, 14 and 6: 29 - 4 = 25
    res = score_blocked([4, 9, 14, 6], preset("classic", "blocked=difference"))
    assert (res.winner, res.points) == (0, {0: 25})
    assert score_blocked([4, 9, 14, 6], preset("classic")).points == {0: 29}  # others


def test_worked_example_out_through_a_log():
    # classic, 4 players, 5 tiles each: me goes out; ana 6-3 = 9, bob 6-2 6-0 = 14, cy 4-2 = 6
    body = (
        "me holds 6-6 6-5 5-4 4-3 3-2; me plays 6-6; ana plays 6-1 on 6; bob plays 1-0 on 1; "
        "cy plays 0-0 on 0; me plays 6-5 on 6; ana plays 2-0 on 0; bob plays 2-1 on 2; "
        "cy plays 1-1 on 1; me plays 5-4 on 5; ana plays 3-1 on 1; bob plays 3-0 on 3; "
        "cy plays 5-0 on 0; me plays 4-3 on 4; ana plays 5-5 on 5; bob draws 1; "
        "bob plays 5-2 on 5; cy plays 2-2 on 2; me plays 3-2 on 3; "
        "ana shows 6-3; bob shows 6-2 6-0; cy shows 4-2"
    )
    m = replay(body, players=P4)
    assert m.round.how == "out" and m.round.boneyard == 7 and not m.warnings
    assert m.player_scores() == {"me": 29, "ana": 0, "bob": 0, "cy": 0}


@pytest.mark.parametrize("sets, points", [("blocked=difference", 25), ("", 29)])
def test_worked_example_blocked_through_a_log(sets, points):
    # block game, hand=2: me opens 6-6 and keeps 4-0 (4 pips); everyone passes
    body = (
        "me holds 6-6 4-0\nme plays 6-6\nana passes\nbob passes\ncy passes\nme passes\n"
        "ana counts 9\nbob counts 14\ncy counts 6"
    )
    m = replay(body, rules="block", players=P4, sets=f"hand=2 {sets}")
    assert m.round.result().points == {0: points}


# -- tile notation --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, shown",
    [
        ("6-4", "6-4"),
        ("64", "6-4"),
        ("6|4", "6-4"),
        ("6:4", "6-4"),
        ("4-6", "6-4"),
        ("46", "6-4"),
        (" 6-4 ", "6-4"),
        ("00", "0-0"),
        ("1:6", "6-1"),
        ("7-1", None),
        ("6-4-2", None),
        ("x", None),
        ("6", None),
        ("645", None),  # refused
    ],
)
def test_tile_spellings(text, shown):
    if shown is None:
        with pytest.raises(DominoError):
            Tile.parse(text)
    else:
        assert str(Tile.parse(text)) == shown and Tile.parse(text) == Tile.parse(shown[::-1])


def test_spellings_in_a_log():
    m = replay("me holds 66 6|5 5:4 3-4 23 1-0 0-0\nme plays 66\nana plays 46 on 6\nme plays 5|6 on 6")
    assert [str(t) for t in m.round.layout.tiles] == ["6-6", "6-4", "6-5"]
    assert str(parse_event("ana plays 4:6 on 6")) == "ana plays 6-4 on 6"
    assert str(parse_event("me draws 23 0|1", me="me")) == "me draws 3-2 1-0"

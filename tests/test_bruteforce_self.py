"""Self-tests of the brute-force checker on tiny hand-worked positions.

Expected answers are derived by hand in the comments.  Tile names: "20"
means the tile (2, 0).  The double-2 set has six tiles:
00 10 11 20 21 22.
Each hand-worked position is also cross-checked against the permutation-walking
reference ``posterior_naive``.
"""

import os
import sys
import time
from fractions import Fraction as F

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bruteforce import (
    BONEYARD,
    Inconsistent,
    posterior,
    posterior_naive,
    tile_str,
)


def pos(top, players, hand_size, my_hand, events, *, me=0, draw="until-playable", lead="free", first_seat=0):
    return {
        "top": top,
        "players": players,
        "me": me,
        "hand_size": hand_size,
        "draw": draw,
        "lead": lead,
        "first_seat": first_seat,
        "my_hand": my_hand,
        "events": events,
    }


def play(seat, tile, ends):
    return {"seat": seat, "kind": "play", "tile": tile, "ends": ends}


def draw(seat, count, ends, tiles=None):
    return {"seat": seat, "kind": "draw", "count": count, "tiles": tiles, "ends": ends}


def pass_(seat, ends):
    return {"seat": seat, "kind": "pass", "ends": ends}


def check(p, worlds, where, cannot_hold, expected_pips):
    """Compare with hand-worked values; ``where`` lists non-zero entries only."""
    post = posterior(p)
    assert post.worlds == worlds
    assert post.unseen == sorted(where)
    for t, locs in where.items():
        full = {s: F(0) for s in post.cannot_hold}
        full[BONEYARD] = F(0)
        full.update(locs)
        assert post.where[t] == full, tile_str(t)
    assert post.cannot_hold == cannot_hold
    assert post.expected_pips == expected_pips
    # Invariants: each tile is somewhere; the naive reference agrees.
    for locs in post.where.values():
        assert sum(locs.values()) == 1
    assert posterior_naive(p) == post
    return post


def test_block_game_pass_then_play():
    # Block game, 2 seats x 2 tiles. I hold 22 21; unknown 00 10 11 20.
    # Opp dealt 2 of 4 (6 deals), boneyard 2 tiles (2 orders).
    # I play 22 -> opp passes on [2,2]: opp holds no 2 -> from {00,10,11}.
    # I play 21 -> opp plays 10: opp was dealt 10 + (00 or 11): 2 deals.
    # worlds = 2 deals x 2! = 4. Opp now holds 00 or 11 (1/2 each);
    # boneyard = 20 plus the other one. Opp never holds a 2; E[pips]=(0+2)/2.
    p = pos(
        2,
        2,
        2,
        [[2, 2], [2, 1]],
        [
            play(0, [2, 2], []),
            pass_(1, [2, 2]),
            play(0, [2, 1], [2, 2]),
            play(1, [1, 0], [2, 1]),
        ],
        draw="none",
    )
    check(
        p,
        4,
        {
            (0, 0): {1: F(1, 2), BONEYARD: F(1, 2)},
            (1, 1): {1: F(1, 2), BONEYARD: F(1, 2)},
            (2, 0): {BONEYARD: F(1)},
        },
        {1: [2]},
        {1: F(1)},
    )


def test_highest_double_lead():
    # (a) Doubles dealt. I hold 21 10; opp opens 11 under highest-double,
    # so 11 is the highest double dealt: 22 was dealt to nobody -> boneyard.
    # Opp = 11 + (00 or 20): 2 deals x 2! boneyard orders = 4 worlds.
    # After the play opp holds 00 or 20 (1/2 each), never a 1.
    p = pos(2, 2, 2, [[2, 1], [1, 0]], [play(1, [1, 1], [])], draw="none", lead="highest-double")
    check(
        p,
        4,
        {
            (0, 0): {1: F(1, 2), BONEYARD: F(1, 2)},
            (2, 0): {1: F(1, 2), BONEYARD: F(1, 2)},
            (2, 2): {BONEYARD: F(1)},
        },
        {1: [1]},
        {1: F(1)},
    )
    # (b) No double dealt. 2 seats x 1 tile; I hold 10; opp opens 21.
    # Consistent only if no double was dealt (true: 21 and 10) and 21 is
    # the heaviest dealt tile (3 pips > 1). Opp deal forced, boneyard of
    # 4 tiles in any order: 4! = 24 worlds; opp is now empty.
    p = pos(2, 2, 1, [[1, 0]], [play(1, [2, 1], [])], lead="highest-double")
    check(p, 24, {t: {BONEYARD: F(1)} for t in [(0, 0), (1, 1), (2, 0), (2, 2)]}, {1: [0, 1, 2]}, {1: F(0)})


def test_highest_double_any_lead():
    # 3 seats x 1 tile, first_seat=2. I hold 10; seat 2 opens 20.
    # Seat 2 was dealt only 20, not a double, so (rule) no double may have
    # been dealt at all, and then the opener must be first_seat=2: OK.
    # Seat 1 therefore holds a non-double other than 10/20: only 21.
    # Boneyard = 00 11 22 in any order: 3! = 6 worlds.
    p = pos(2, 3, 1, [[1, 0]], [play(2, [2, 0], [])], lead="highest-double-any", first_seat=2)
    check(
        p,
        6,
        {(0, 0): {BONEYARD: F(1)}, (1, 1): {BONEYARD: F(1)}, (2, 1): {1: F(1)}, (2, 2): {BONEYARD: F(1)}},
        {1: [0], 2: [0, 1, 2]},
        {1: F(3), 2: F(0)},
    )
    # Same log with first_seat=0: nobody dealt a double and the opener is
    # not first_seat -> no world.
    p["first_seat"] = 0
    with pytest.raises(Inconsistent):
        posterior(p)


def test_opponent_draws_then_plays():
    # 2 seats x 1 tile. I hold 11; unknown 00 10 20 21 22.
    # I open 11 (ends [1,1]). Opp draws 2 then plays 21.
    # Opp dealt tile d has no 1: d in {00,20,22} (3 ways). Before the 2nd
    # draw opp still holds no 1, so draw #1 is one of the two remaining of
    # {00,20,22} (2 ways); draw #2 is 21 (the played tile). Boneyard left:
    # 10 + the last of {00,20,22}: 2! orders. worlds = 3*2*2 = 12.
    # Opp now holds a uniformly random pair of {00,20,22}: each 2/3.
    # E[pips] = 2/3*(0+2+4) = 4. Opp never holds a 1.
    p = pos(
        2,
        2,
        1,
        [[1, 1]],
        [
            play(0, [1, 1], []),
            draw(1, 2, [1, 1]),
            play(1, [2, 1], [1, 1]),
        ],
    )
    check(
        p,
        12,
        {
            (0, 0): {1: F(2, 3), BONEYARD: F(1, 3)},
            (1, 0): {BONEYARD: F(1)},
            (2, 0): {1: F(2, 3), BONEYARD: F(1, 3)},
            (2, 2): {1: F(2, 3), BONEYARD: F(1, 3)},
        },
        {1: [1]},
        {1: F(4)},
    )


def test_my_draws_fix_the_boneyard_order():
    # 3 seats x 1 tile. I hold 22; unknown 00 10 11 20 21.
    # Seat 1 opens 11 -> seat 1 was dealt 11.
    # Seat 2 draws 1 on [1,1] and plays 10: seat 2's dealt tile has no 1,
    # so it is 00 or 20; the boneyard top is 10.
    # I draw 21 on [1,0] (I hold only 22: legal) -> boneyard 2nd is 21,
    # and I play it. Left in the boneyard: the other of {00,20}, 1! = 1.
    # worlds = 2. Seat 2 holds 00 or 20 (1/2 each): always a 0, never a 1.
    p = pos(
        2,
        3,
        1,
        [[2, 2]],
        [
            play(1, [1, 1], []),
            draw(2, 1, [1, 1]),
            play(2, [1, 0], [1, 1]),
            draw(0, 1, [1, 0], tiles=[[2, 1]]),
            play(0, [2, 1], [1, 0]),
        ],
    )
    check(
        p,
        2,
        {(0, 0): {2: F(1, 2), BONEYARD: F(1, 2)}, (2, 0): {2: F(1, 2), BONEYARD: F(1, 2)}},
        {1: [0, 1, 2], 2: [1]},
        {1: F(0), 2: F(1)},
    )


def test_inconsistent_positions():
    # I was dealt 22, so opp cannot open 11 under highest-double.
    p = pos(2, 2, 2, [[2, 2], [2, 1]], [play(1, [1, 1], [])], draw="none", lead="highest-double")
    with pytest.raises(Inconsistent):
        posterior(p)
    with pytest.raises(Inconsistent):
        posterior_naive(p)
    # I hold 22 11 and open 22. Opp (no 2 in hand) must be {00,10}, so the
    # boneyard is {20,21}: both bear 2, so opp cannot draw twice on [2,2].
    p = pos(2, 2, 2, [[2, 2], [1, 1]], [play(0, [2, 2], []), draw(1, 2, [2, 2])])
    with pytest.raises(Inconsistent):
        posterior(p)
    # ...while a single draw is fine: the opp is still drawing, 2 orders.
    p["events"][1]["count"] = 1
    assert posterior(p).worlds == 2


def test_fast_enough_on_top4():
    # Not hand-worked: the size the checker is meant for must be quick.
    p = pos(
        4,
        3,
        3,
        [[4, 2], [3, 0], [2, 2]],
        [
            play(1, [4, 4], []),
            draw(2, 2, [4, 4]),
            play(2, [4, 3], [4, 4]),
            play(0, [3, 0], [4, 3]),
            draw(1, 1, [4, 0]),
            play(1, [4, 0], [4, 0]),
            play(2, [1, 0], [0, 0]),
            draw(0, 1, [0, 1], tiles=[[1, 1]]),
            play(0, [1, 1], [0, 1]),
        ],
        lead="highest-double",
    )
    start = time.perf_counter()
    post = posterior(p)
    assert time.perf_counter() - start < 1.0
    assert post.worlds > 0
    for _t, locs in post.where.items():
        assert sum(locs.values()) == 1


def _simulate(rng, top, players, hand_size, me, lead, draw_rule):
    """Play a random legal line game; return the position dict (full log).

    Opponents choose uniformly among legal moves; draws may be split over
    two events to exercise draw runs.
    """
    tiles = [(a, b) for a in range(top + 1) for b in range(a + 1)]
    rng.shuffle(tiles)
    hands = [tiles[k * hand_size : (k + 1) * hand_size] for k in range(players)]
    boneyard = tiles[players * hand_size :]
    my_hand = [list(t) for t in hands[me]]
    dealt = [t for h in hands for t in h]
    doubles = [t for t in dealt if t[0] == t[1]]
    first_seat = rng.randrange(players)
    if lead == "highest-double":
        tile = max(doubles) if doubles else max(dealt, key=lambda t: (sum(t), t[0]))
        opener = next(s for s in range(players) if tile in hands[s])
    elif lead == "highest-double-any" and doubles:
        opener = next(s for s in range(players) if max(doubles) in hands[s])
        tile = rng.choice(hands[opener])
    else:
        opener = first_seat if lead == "highest-double-any" else rng.randrange(players)
        tile = rng.choice(hands[opener])
    hands[opener].remove(tile)
    events = [play(opener, list(tile), [])]
    ends = [tile[0], tile[1]]
    seat, passes = (opener + 1) % players, 0
    while all(hands) and passes < players:
        hand = hands[seat]
        can = [t for t in hand if ends[0] in t or ends[1] in t]
        if not can and draw_rule == "until-playable" and boneyard:
            drawn = []
            while boneyard and not can:
                t = boneyard.pop(0)
                hand.append(t)
                drawn.append(t)
                can = [t] if ends[0] in t or ends[1] in t else []
            cut = rng.randrange(1, len(drawn) + 1)
            for part in (drawn[:cut], drawn[cut:]):
                if part:
                    events.append(
                        draw(seat, len(part), list(ends), [list(t) for t in part] if seat == me else None)
                    )
        if can:
            t = rng.choice(can)
            k = rng.choice([k for k in (0, 1) if ends[k] in t])
            events.append(play(seat, list(t), list(ends)))
            hand.remove(t)
            ends[k] = t[1] if t[0] == ends[k] else t[0]
            passes = 0
        else:
            events.append(pass_(seat, list(ends)))
            passes += 1
        seat = (seat + 1) % players
    return pos(
        top, players, hand_size, my_hand, events, me=me, draw=draw_rule, lead=lead, first_seat=first_seat
    )


# 60 random games in the slow tier, the first 20 (four of each shape) in the fast one
@pytest.mark.parametrize(
    "games", [pytest.param(20, id="fast"), pytest.param(60, id="full", marks=pytest.mark.slow)]
)
def test_random_games_match_naive(games):
    # Not hand-worked: random legal games, cut at random points, must be
    # consistent and give the same posterior as walking every shuffle.
    import random

    rng = random.Random(20240601)
    shapes = [(2, 2, 1), (2, 2, 2), (2, 3, 1), (3, 2, 3), (3, 3, 2)]
    rules = [
        (lead, d)
        for lead in ("highest-double", "highest-double-any", "free")
        for d in ("until-playable", "none")
    ]
    for n in range(games):
        top, players, hand_size = shapes[n % len(shapes)]
        lead, draw_rule = rules[n % len(rules)]
        p = _simulate(rng, top, players, hand_size, rng.randrange(players), lead, draw_rule)
        p["events"] = p["events"][: rng.randrange(1, len(p["events"]) + 1)]
        assert posterior(p) == posterior_naive(p), p

"""The rollout player that reads the table: it shuts out a player seen to lack the
numbers, spares a partner, and plays to a partner's suit; from public knowledge only."""

from __future__ import annotations

import random

from domino_advisor.base.tiles import Tile
from domino_advisor.games.line.bots import heuristic, reader
from domino_advisor.games.line.engine import from_tiles
from domino_advisor.games.line.rules import preset


def t(text: str) -> Tile:
    return Tile.parse(text, 6)


def opened(rules, hands, center: str, turn: int):
    """A round opened with ``center`` by the seat before ``turn``."""
    fr = from_tiles(rules, [[t(x) for x in h] for h in hands], [], (turn - 1) % len(hands))
    fr.hands[fr.turn] |= 1 << t(center).index
    fr.play(t(center).index, -1)
    return fr


def test_it_leaves_the_next_player_only_what_they_lack():
    rules = preset("block")
    # ends 6 and 2 after 6-2; me to move with 2-1 (leaves 6 and 1) or 6-1 (leaves 1 and 2)
    fr = opened(rules, [["2-1", "6-1", "0-0"], ["5-5", "3-3"]], "6-2", 0)
    moves = fr.moves(0)
    assert heuristic(fr, moves, random.Random(0)) == (t("6-1").index, 0)  # heavier: the plain choice
    assert reader(fr, moves, random.Random(0)) == (t("6-1").index, 0)  # nothing seen yet
    fr.voids[1] = 1 << 6 | 1 << 1  # ana was seen to pass on 6 and 1
    assert reader(fr, moves, random.Random(0)) == (t("2-1").index, 1)  # she must pass again


def test_it_spares_a_partner():
    rules = preset("partnership")
    fr = opened(rules, [["2-1", "6-1", "0-0"], ["5-5"], ["3-3"], ["4-4"]], "6-2", 0)
    moves = fr.moves(0)
    assert reader(fr, moves, random.Random(0)) == (t("6-1").index, 0)
    fr.voids[2] = 1 << 1 | 1 << 2  # my partner lacks 1 and 2: 6-1 would leave them nothing
    assert reader(fr, moves, random.Random(0)) == (t("2-1").index, 1)


def test_it_plays_to_a_partners_suit():
    rules = preset("partnership")
    # 6-0 (leaves 0 and 2) and 4-2 (leaves 6 and 4) are worth the same to the plain heuristic
    hands = [["6-0", "4-2", "3-3"], ["5-5"], ["1-1"], ["5-1"]]
    for suit, tile, end in ((4, "4-2", 1), (0, "6-0", 0)):
        fr = opened(rules, hands, "6-2", 0)
        fr.shows[2] = 1 << suit  # my partner left the suit showing before
        assert reader(fr, fr.moves(0), random.Random(0)) == (t(tile).index, end)
        fr.voids[2] = 1 << suit  # ... but has since passed on it: no longer a suit to feed
        assert reader(fr, fr.moves(0), random.Random(0)) == heuristic(fr, fr.moves(0), random.Random(0))


def test_it_reads_only_what_the_table_shows():
    """Two worlds alike but for ana's hidden hand: in the first she holds no 6 or 1, so a
    player peeking at her hand would play 2-1 and shut her out; the reader, which sees
    only the table (nothing seen of her yet), plays the same in both."""
    rules = preset("block")
    a = opened(rules, [["2-1", "6-1", "0-0"], ["2-2", "3-3"]], "6-2", 0)
    b = opened(rules, [["2-1", "6-1", "0-0"], ["6-6", "1-1"]], "6-2", 0)
    assert (
        reader(a, a.moves(0), random.Random(0))
        == reader(b, b.moves(0), random.Random(0))
        == (t("6-1").index, 0)
    )
    peek = a.clone()
    peek.voids[1] = 1 << 6 | 1 << 1 | 1 << 4 | 1 << 5 | 1 << 0  # what her hand would tell a peeker
    assert reader(peek, peek.moves(0), random.Random(0)) == (t("2-1").index, 1)  # so peeking would show


def test_the_advice_says_when_it_plays_to_a_partners_suit():
    from domino_advisor import api

    text = """[Rules "partnership"]
[Players "me ana bob cy"]
[Me "me"]
round 1
me holds 6-6 6-5 5-5 4-1 3-2 2-0 1-0
me plays 6-6
ana plays 6-4
bob plays 4-3
cy plays 6-2
"""
    data = api.advise(text, samples=30, seconds=None)
    reasons = {(m["tile"], m["on"]): m["reasons"] for m in data["moves"]}
    assert "leaves 3 for bob, who has shown it" in reasons[("2-0", 2)]  # the 3 stays open
    assert not any("who has shown" in r for r in reasons[("3-2", 3)])  # covers the 3

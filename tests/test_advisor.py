"""The advisor: legal advice only, repeatable with a seed, and certain wins found
whenever exhaustive search (written here on the reference engine) finds one."""

from __future__ import annotations

import random
import zlib

import pytest

import minimax
from domino_advisor import api
from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import NewRound, Play
from domino_advisor.games.line.deal import deal_round, seat_log_lines
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import preset
from domino_advisor.games.line.scoring import WIN
from domino_advisor.log import edits, gamelog

NAMES = ["me", "ana", "bob", "cy"]


def _round_until_my_turn(rules, seats, rng, min_moves):
    """A full-information round stopped at a turn of seat 0 with two or more plays."""
    while True:
        match = Match(rules, NAMES[:seats])
        hands = deal_round(match, rng)
        r = match.round
        events = [NewRound(1)]
        steps = 0
        while not r.over:
            moves = legal_moves(r)
            plays = [m for m in moves if isinstance(m, Play)]
            if steps >= min_moves and r.turn == 0 and len({m.tile for m in plays}) >= 2:
                return match, events, hands
            move = rng.choice(moves)
            match.apply(move)
            events.append(move)
            steps += 1


TABLES = [
    ("classic", 2, {}),
    ("classic", 4, {}),
    ("all-fives", 3, {"spinner": "first-double"}),
    ("block", 3, {}),
    ("partnership", 4, {}),
    ("reserve", 2, {}),
    ("draw", 3, {}),
]
# Two players with a boneyard solve each sampled world exactly: the fast tier advises at 4
# worlds (legality and repeatability do not depend on how many), the slow tier at 40.
SAMPLES = [pytest.param(4, id="fast"), pytest.param(40, id="full", marks=pytest.mark.slow)]


@pytest.mark.parametrize("samples", SAMPLES)
@pytest.mark.parametrize("name,seats,extra", TABLES)
def test_advice_is_legal_and_repeatable(name, seats, extra, samples):
    rules = preset(name, extra)
    rng = random.Random(len(name) * 31 + seats)
    for _ in range(4):
        match, events, hands = _round_until_my_turn(rules, seats, rng, rng.randint(1, 12))
        lines = seat_log_lines(events, [(1, hands)], "me", match.players)
        text = (
            f'[Rules "{name}"]\n'
            + (f'[Set "{" ".join(f"{k}={v}" for k, v in extra.items())}"]\n' if extra else "")
            + f'[Players "{" ".join(match.players)}"]\n'
            + "\n".join(lines)
            + "\n"
        )
        log = gamelog.loads(text)
        first = api.advise(text, samples=samples, seed=3, seconds=None)
        again = api.advise(text, samples=samples, seed=3, seconds=None)
        for d in (first, again):
            d.pop("seconds")
        assert first == again
        assert first["action"] == "play" and len(first["moves"]) >= 2
        layout = match.playing.layout
        legal = {(m.tile, layout.resolve(m.tile, m.on, rules.all_fives)) for m in legal_moves(match.playing)}
        advised = set()
        for move in first["moves"]:
            on = move.get("side", move["on"])
            line = f"me plays {move['tile']}" + ("" if on is None else f" on {on}")
            edits.append(log, [line])  # raises if the engine refuses it
            tile = Tile.parse(move["tile"])
            advised.add((tile, layout.resolve(tile, on, rules.all_fives)))
            assert 0 <= move["win"] <= 1 and move["reasons"]
        assert advised == legal  # every legal move is ranked, each end told apart once


# Each position is checked against a plain minimax: the fast tier finds 4 certain wins
# on each rule set, the slow tier 12.
@pytest.mark.parametrize(
    "wins,least", [pytest.param(4, 4, id="fast"), pytest.param(12, 10, id="full", marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("name", ["classic", "all-fives", "block"])
def test_certain_wins_are_always_found(name, wins, least):
    """Two players, every tile dealt (hand=14): nothing hidden, nothing to draw."""
    # target=0: the round alone decides, as the searches judge it (a match target reached
    # mid-round in All Fives is the match's business, not the round's)
    rules = preset(
        name, {"hand": "14", "target": "0", "spinner": "first-double" if name == "all-fives" else "none"}
    )
    rng = random.Random(zlib.crc32(name.encode()))  # the same positions in every run
    found = 0
    tries = 0
    while found < wins and tries < 400:
        tries += 1
        match, _, _ = _round_until_my_turn(rules, 2, rng, 0)
        r = match.round
        if len(r.hands[0]) + len(r.hands[1]) > 9:
            # play on at random to a small endgame
            while not r.over and len(r.hands[0]) + len(r.hands[1]) > 9:
                match.apply(rng.choice(legal_moves(r)))
            if r.over or r.turn != 0 or len({m.tile for m in legal_moves(r) if isinstance(m, Play)}) < 2:
                continue
        memo: dict = {}
        winning = []
        for move in legal_moves(r):
            child = match.copy()
            child.apply(move)
            if minimax.value(child, 0, memo) == WIN:
                winning.append(move)
        if not winning:
            continue
        found += 1
        advice = advise(r, 0, Options(samples=20, seed=1, reasons=False))
        best = advice.moves[0]
        assert advice.exact and best.exact and best.win == 1.0
        side = r.layout.resolve(best.tile, best.on, rules.all_fives)
        assert any(
            m.tile == best.tile and r.layout.resolve(m.tile, m.on, rules.all_fives) == side for m in winning
        )
    assert found >= least


def test_about_equal_is_two_paired_standard_errors_world_by_world():
    """The gap between two moves over the same worlds, and its standard error, as a
    statistician works them out from the differences; two errors or less is about equal,
    more is not; a solved move is about equal only to one solved to the same value."""
    import statistics

    from domino_advisor.advice.candidate import MATCH, ROUND, Candidate, paired_gap
    from domino_advisor.advice.chance import _mark_about_equal
    from domino_advisor.games.line.scoring import DRAW, LOSS

    first, second, third = (Candidate(Tile.parse(t), None, None) for t in ("6-6", "5-5", "4-4"))
    outcomes = [(WIN, WIN, LOSS), (WIN, LOSS, LOSS), (LOSS, LOSS, LOSS), (WIN, WIN, LOSS), (DRAW, WIN, LOSS)]
    for a, b, c in outcomes:
        first.tally.count(1.0, a, 0.5)
        second.tally.count(1.0, b, 0.25)
        third.tally.count(1.0, c, 0.0)
    value = {WIN: 1.0, DRAW: 0.5, LOSS: 0.0}
    diffs = [value[a] - value[b] for a, b, _ in outcomes]
    gap, error = paired_gap(first.tally, second.tally, ROUND)
    assert gap == pytest.approx(statistics.fmean(diffs))
    assert error == pytest.approx(statistics.pstdev(diffs) / len(diffs) ** 0.5)
    assert paired_gap(first.tally, second.tally, MATCH) == (
        pytest.approx(0.25),
        0.0,
    )  # the same gap in every world
    _mark_about_equal([first, second, third], ROUND)
    assert second.about_equal and not third.about_equal and not first.about_equal
    _mark_about_equal([first, second, third], MATCH)  # 0.25 behind in every world: no noise to hide in
    assert not second.about_equal and not third.about_equal
    solved = [Candidate(Tile.parse(t), None, None, exact=True) for t in ("6-6", "5-5", "4-4")]
    for c, v in zip(solved, (WIN, WIN, LOSS), strict=True):
        c.tally.count(1.0, v)
    _mark_about_equal(solved, ROUND)
    assert [c.about_equal for c in solved] == [False, True, False]


def _advice_at(text: str) -> dict:
    return api.advice_dict(api.advice_of(api.Position.of(gamelog.loads(text)), samples=20))


BLOCK3 = '[Rules "block"]\n[Players "me ana"]\n[Set "hand=3"]\nround 1\n'


def test_a_forced_move_says_so_and_nothing_else():
    data = _advice_at(BLOCK3 + "me holds 6-6 6-5 1-0\nme plays 6-6\nana plays 6-4 on 6\n")
    assert [m["tile"] for m in data["moves"]] == ["6-5"]
    assert data["moves"][0]["reasons"] == ["forced: your only legal play"]


def test_going_out_is_called_going_out_and_is_certain():
    """The last tile: the round is won (no interval), the reasons say so and what it
    scores from the hand the other holds, nothing about replies or ends."""
    data = _advice_at(
        BLOCK3
        + "me holds 6-6 6-5 2-2\nme plays 6-6\nana plays 6-4 on 6\nme plays 6-5 on 6\nana plays 4-2 on 4\n"
    )
    (move,) = data["moves"]
    assert move["goes_out"] and move["win"] == 1 and move["margin"] == 0
    assert move["reasons"][0] == "forced: your only legal play"
    assert move["reasons"][1].startswith("you go out (domino): about +") and len(move["reasons"]) == 2
    # the whole double-two set dealt: what ana holds is known, so is what going out scores
    known = _advice_at(
        '[Rules "block"]\n[Players "me ana"]\n[Set "set=2 hand=3"]\nround 1\nme holds 2-2 2-1 0-0\n'
        "me plays 2-2\nana plays 2-0 on 2\nme plays 2-1 on 2\nana plays 1-1 on 1\n"
    )
    (out,) = known["moves"]
    assert out["reasons"] == ["forced: your only legal play", "you go out (domino): +1"]

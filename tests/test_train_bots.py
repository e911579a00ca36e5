"""Mexican Train's planner and bots: the longest line against every ordering of small
hands, every bot's move legal, and duplicate-deal tournaments from the command line."""

from __future__ import annotations

import json
import random
from itertools import permutations

import pytest

from clitools import refused, run
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games.hub.match import deal, legal_moves
from domino_advisor.games.trains.bots import POLICIES, heuristic_policy
from domino_advisor.games.trains.match import TrainMatch
from domino_advisor.games.trains.plan import longest_line
from domino_advisor.games.trains.rules import TrainRules
from domino_advisor.measure.tournament import tournament


def best_by_brute_force(hand: list[Tile], end: int) -> tuple[int, int]:
    """(length, pips) of the best run, trying every ordering of every subset."""
    best = (0, 0)
    for k in range(1, len(hand) + 1):
        for order in permutations(hand, k):
            at, ok = end, True
            for t in order:
                if not t.bears(at):
                    ok = False
                    break
                at = t.other(at)
            if ok:
                best = max(best, (k, sum(t.pips for t in order)))
    return best


@pytest.mark.parametrize("seed", range(40))
def test_the_longest_line_is_the_longest(seed):
    rng = random.Random(seed)
    hand = rng.sample(list(full_set(6)), rng.randint(1, 6))
    end = rng.randrange(7)
    line = longest_line(hand, end)
    at = end
    for t in line:  # a real run from the end, from the hand, each tile once
        assert t in hand and t.bears(at)
        at = t.other(at)
    assert len(set(line)) == len(line)
    assert (len(line), sum(t.pips for t in line)) == best_by_brute_force(hand, end)


@pytest.mark.parametrize("bot", sorted(POLICIES))
def test_every_bot_moves_legally(bot):
    rng = random.Random(9)
    rules = TrainRules(top=9)
    match = TrainMatch(rules, ["a", "b", "c"])
    for number in (1, 2):
        hands, stock = deal(rules, 3, number, rng)
        r = match.start(list(hands), stock)
        while not r.over:
            moves = legal_moves(r)
            move = POLICIES[bot](r, moves, rng)
            assert move in moves
            match.apply(move)


def test_a_tournament_rotates_the_bots_and_pairs_the_deals():
    result = tournament(TrainRules(top=6, rounds=3), 3, ["heuristic", "random"], 4, seed=3)
    h, rnd = result.bots
    assert (h.spec, h.seats, rnd.spec, rnd.seats) == ("heuristic", 2, "random", 1)
    assert len(h.totals) == len(rnd.totals) == len(result.difference) == 4
    assert result.difference == [a - b for a, b in zip(h.totals, rnd.totals, strict=True)]
    assert h.rounds == 4 * 3 * 3 * 2 and rnd.rounds == 4 * 3 * 3  # deals x rotations x rounds x seats
    same = tournament(TrainRules(top=6, rounds=2), 2, ["heavy"], 2)
    assert [b.spec for b in same.bots] == ["heavy"] and same.difference == []


def test_simulate_plays_mexican_train_from_the_command_line(runner):
    res = run(
        runner,
        "simulate",
        "--rules",
        "mexican-train",
        "--set",
        "set=9",
        "--set",
        "rounds=3",
        "--players",
        "4",
        "--bots",
        "heuristic,heavy",
        "--games",
        "3",
        "--json",
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["matches"] == 12 and data["rounds_a_match"] == 3
    assert [b["bot"] for b in data["bots"]] == ["heuristic", "heavy"]
    shown = run(
        runner,
        "simulate",
        "--rules",
        "mexican-train",
        "--players",
        "3",
        "--bots",
        "heuristic,random",
        "--games",
        "2",
        "--set",
        "rounds=2",
    )
    assert "heuristic less random, per match, paired by deal" in shown.output
    for bot, says in (("wizard", "not a Mexican Train bot"), ("advisor:0", "the advisor's worlds are")):
        refused(
            runner, None, "simulate", "--rules", "mexican-train", "--bots", bot, "--games", "1", says=says
        )


def test_the_advisor_plays_and_processes_change_no_figure(runner):
    small = ["simulate", "--rules", "mexican-train", "--set", "set=6", "--set", "rounds=1", "--players", "3"]
    res = run(runner, *small, "--bots", "advisor:2,heuristic", "--games", "2", "--json")
    data = json.loads(res.output)
    assert [b["bot"] for b in data["bots"]] == ["advisor:2", "heuristic"]
    assert data["difference"]["first"] == "advisor:2" and len(data["difference"]["per_deal"]) == 2
    one = run(runner, *small, "--bots", "heuristic,heavy", "--games", "4", "--json", "--jobs", "1")
    two = run(runner, *small, "--bots", "heuristic,heavy", "--games", "4", "--json", "--jobs", "2")
    assert json.loads(one.output) == json.loads(two.output)
    refused(
        runner,
        None,
        "simulate",
        "--rules",
        "mexican-train",
        "--bots",
        "heavy",
        "--matches",
        says="does nothing with mexican-train",
    )


def _my_turn(seed: int):
    """A four-player double-twelve round played a while by the planning bot, at a turn
    of seat 0 with a choice to make, the others' hands then hidden."""
    from domino_advisor.games.trains.bots import heuristic_policy

    rng = random.Random(seed)
    rules = TrainRules()
    match = TrainMatch(rules, ["me", "ana", "bob", "cy"])
    hands, stock = deal(rules, 4, 1, rng)
    r = match.start(list(hands), stock)
    for _ in range(rng.randint(4, 20)):
        match.apply(heuristic_policy(r, legal_moves(r), rng))
    while r.turn != 0 or len(r.plays(0)) < 2:
        match.apply(heuristic_policy(r, legal_moves(r), rng))
    seen = r.clone()
    for s in (1, 2, 3):
        seen.hands[s] = None
    seen.stock = None
    return r, seen


# The ranking's rules (every legal play, the rest by margin, the plan's move kept unless
# clearly beaten, seeded) at 6 sampled worlds in the fast tier, at 12 in the slow.
@pytest.mark.parametrize(
    "samples", [pytest.param(6, id="fast"), pytest.param(12, id="full", marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_advice_ranks_every_legal_play_from_what_you_see(seed, samples):
    from domino_advisor.advice.advise import Options, advise

    full, seen = _my_turn(seed)
    advice = advise(seen, 0, Options(samples=samples, seed=3, seconds=None))
    legal = {(t, full.place_name(k)) for t, k in full.plays(0)}
    assert {(m.tile, m.train) for m in advice.moves} == legal and advice.samples == samples
    rest = [m.margin for m in advice.moves[1:]]
    assert rest == sorted(rest)
    first = advice.moves[0]
    if first.margin > min(rest, default=first.margin):  # kept: the plan's move, not clearly beaten
        plan = heuristic_policy(seen, legal_moves(seen), random.Random(0))
        assert (first.tile, first.train) == (plan.tile, plan.on)
        assert first.reasons[0].startswith("kept as the plan's move")
    bare = advise(
        seen, 0, Options(samples=samples, seed=3, seconds=None, sure=0)
    )  # ranked by the worlds alone
    assert [m.margin for m in bare.moves] == sorted(m.margin for m in bare.moves)
    assert all(m.reasons and len(m.pips) == samples for m in advice.moves)
    again = advise(seen, 0, Options(samples=samples, seed=3, seconds=None))
    assert [m.as_dict() for m in again.moves] == [m.as_dict() for m in advice.moves]  # seeded


def test_advise_on_a_mexican_train_log(runner, tmp_path):
    game = tmp_path / "mt.dom"
    hand = "12-5 9-3 8-8 7-1 6-6 5-5 4-2 11-3 10-10 3-0 2-2 1-1 12-0 9-9 6-0"
    run(runner, "new", game, "--rules", "mexican-train", "--players", "me ana bob cy", "--hand", hand)
    data = json.loads(run(runner, "advise", game, "--json", "--samples", "5", "--time", "30").output)
    assert data["action"] == "play" and data["samples"] == 5
    assert {(m["tile"], m["train"]) for m in data["moves"]} == {
        ("12-5", "me"),
        ("12-5", "mexican"),
        ("12-0", "me"),
        ("12-0", "mexican"),
    }
    shown = run(runner, "advise", game, "--samples", "3")
    assert shown.exit_code == 0 and "advice for me" in shown.output and "vs others" in shown.output
    run(runner, "log", game, "me plays 12-5 on me")
    refused(runner, game, "advise", game, says="advice is for your own turn")


def test_more_bots_than_players_is_refused(runner):
    refused(
        runner,
        None,
        "simulate",
        "--players",
        "2",
        "--bots",
        "heuristic,heavy,random",
        "--games",
        "1",
        says="more bots than the 2 players",
    )
    refused(
        runner,
        None,
        "simulate",
        "--rules",
        "mexican-train",
        "--players",
        "2",
        "--bots",
        "heuristic,heavy,random",
        "--games",
        "1",
        says="more bots than the 2 players",
    )

"""Match-equity tables: the dynamic program against hand-worked cases, the shipped
tables' own properties, and a table made again from its seed."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from domino_advisor.cli.app import main
from domino_advisor.games.line import equity
from domino_advisor.games.line.equity import EquityTable, chance_among, solve, table_for
from domino_advisor.games.line.rules import preset


def rounds(*outcomes: tuple[float, tuple, int | None]) -> Counter:
    """Outcomes told from the opener's side (0) and, mirrored, from the other (1)."""
    out: Counter = Counter()
    for weight, events, winner in outcomes:
        out[(0, (events, winner))] += weight
        mirrored = tuple((1 - s, p) for s, p in events)
        out[(1, (mirrored, None if winner is None else 1 - winner))] += weight
    return out


# the opener wins a round of 10 points 60% of the time
SIXTY = rounds((60, ((0, 10),), 0), (40, ((1, 10),), 1))


def test_a_one_point_target_is_one_round():
    table = solve(SIXTY, 1, 30, "same", 2)
    assert table.chance(1, 1, 0) == pytest.approx(0.6)
    assert table.chance(1, 1, 1) == pytest.approx(0.4)
    assert table.chance(1, 1) == pytest.approx(0.5)  # each side alike to open


def test_a_target_one_round_away_and_two():
    same = solve(SIXTY, 10, 3, "same", 2)
    assert same.chance(10, 10, 0) == pytest.approx(0.6)
    # you need one round, they need two: win this one, or lose it and play an even one
    assert same.chance(10, 20, 0) == pytest.approx(0.6 + 0.4 * 0.5)
    assert same.chance(10, 20, 1) == pytest.approx(0.4 + 0.6 * 0.5)
    winner = solve(SIXTY, 10, 3, "winner", 2)  # the winner opens the next round
    assert winner.chance(10, 20, 0) == pytest.approx(0.6 + 0.4 * 0.4)
    assert winner.chance(10, 20, 1) == pytest.approx(0.4 + 0.6 * 0.4)  # they win and open again
    rotate = solve(SIXTY, 10, 3, "rotate", 2)  # the other side opens the next round
    assert rotate.chance(10, 20, 0) == pytest.approx(0.6 + 0.4 * 0.4)
    assert rotate.chance(10, 20, 1) == pytest.approx(0.4 + 0.6 * 0.6)  # they win; you open next


def test_equal_scores_and_drawn_rounds():
    drawn = rounds((50, ((0, 10),), 0), (30, ((1, 10),), 1), (20, (), None))
    table = solve(drawn, 10, 5, "same", 2)
    assert table.chance(10, 10, 0) == pytest.approx(0.6)  # 0.5 + 0.2 * (0.6 + 0.4) / 2
    for n in (10, 30, 50):
        assert table.chance(n, n) == pytest.approx(0.5)
    assert table.chance(0, 10) == 1.0 and table.chance(10, 0) == 0.0


def test_a_target_reached_in_the_middle_of_a_round():
    """All Fives: both sides would pass the target in this round; who got there first
    wins, whatever the round's totals."""
    race = rounds((1, ((1, 5), (0, 10), (1, 10)), 1))
    table = solve(race, 5, 4, "same", 2)
    assert table.chance(10, 15, 0) == 1.0  # you reach 10 before they reach 15
    assert table.chance(10, 5, 0) == 0.0  # they reach 5 first


def test_teams_and_two_players_are_two_sides():
    for name, players in (("partnership", 4), ("classic", 2), ("all-fives", 2), ("block", 2)):
        table = table_for(preset(name), players)
        assert table is not None and table.openers == 2
        for a, b in ((5, 5), (20, 60), (60, 20), (100, 35)):
            # what one side gains the other loses, to the table's rounding
            assert table.chance(a, b, 0) + table.chance(b, a, 1) == pytest.approx(1, abs=2e-4)
            assert table.chance(a, b) <= table.chance(a, b + 5) + 1e-9  # more for them to go: better
            assert table.chance(a + 5, b) <= table.chance(a, b) + 1e-9


def test_more_players_share_the_match():
    table = table_for(preset("classic"), 3)
    assert table is not None and table.openers == 3 and table.players == 3
    needs = [40, 60, 100]
    chances = [chance_among(table, needs, me) for me in range(3)]
    assert sum(chances) == pytest.approx(1)
    assert chances[0] > chances[1] > chances[2]
    assert chance_among(table, [0, 10, 10], 0) == 1.0 and chance_among(table, [10, 0, 10], 0) == 0.0


def test_the_races_power_leaves_two_players_exact_and_tempers_a_leader():
    two = table_for(preset("classic"), 2)
    assert two is not None
    for a, b in [(20, 40), (75, 10), (100, 100)]:
        assert chance_among(two, [a, b], 0) == pytest.approx(two.chance(a, b))
    three = table_for(preset("classic"), 3)
    assert three is not None
    needs = [20, 60, 60]
    product = three.chance(20, 60) ** 2
    rival = three.chance(60, 20) * three.chance(60, 60)
    plain = product / (product + 2 * rival)  # the races multiplied as if independent
    assert 1 / 3 < chance_among(three, needs, 0) < plain


# A table's dynamic program is pure Python over every pair of needs: block counts points
# one by one (150 x 150 pairs), All Fives by fives (50 x 50), so the fast tier makes an
# All Fives table again from a few rounds, the slow tier a block one from 300.
@pytest.mark.parametrize(
    "name,rounds,needs",
    [
        pytest.param("all-fives", 10, (35, 50), id="fast"),
        pytest.param("block", 300, (37, 52), id="full", marks=pytest.mark.slow),
    ],
)
def test_a_table_is_made_again_the_same_from_its_seed(name, rounds, needs):
    rules = preset(name)
    a = equity.build(rules, 2, rounds=rounds, seed=7)
    b = equity.build(rules, 2, rounds=rounds, seed=7)
    assert a.to_json() == b.to_json()
    again = EquityTable.from_json(a.to_json())
    assert abs(again.chance(*needs) - a.chance(*needs)) < 1e-4


def test_every_preset_with_a_target_has_a_table():
    for name, counts in equity.PRESET_TABLES:
        for players in counts:
            table = table_for(preset(name), players)
            assert table is not None and table.rounds == equity.ROUNDS and table.seed == equity.SEED


# -- the three- and four-player approximation, measured ------------------------------------
def test_check_states_cover_every_mix():
    from domino_advisor.games.line.equity_check import states

    three = states(100, 1, 3)
    assert len(three) == 5 * 15  # your five needs, the others' fifteen unordered pairs
    assert all(list(s[1:]) == sorted(s[1:]) for s in three)
    assert (20, 20, 20) in three and (100, 20, 60) in three
    assert all(n % 5 == 0 for s in states(100, 5, 4) for n in s)


# the simulated share is held to three standard errors of its own count of matches
@pytest.mark.parametrize(
    "matches", [pytest.param(100, id="fast"), pytest.param(300, id="full", marks=pytest.mark.slow)]
)
def test_check_from_equal_scores_is_even(matches):
    from domino_advisor.games.line.equity_check import check

    [c] = check(preset("classic"), 3, matches, seed=11, needs=[(100, 100, 100)])
    assert c.approximation == pytest.approx(1 / 3)  # the approximation is symmetric
    assert abs(c.simulated - 1 / 3) < 3 * (1 / 3 * 2 / 3 / matches) ** 0.5 + 1e-9


def test_check_summary_takes_out_the_simulation_noise():
    from domino_advisor.games.line.equity_check import Check, summary

    exact = [Check((50, 50, 50), 0.5, 0.5, 100), Check((20, 50, 50), 0.7, 0.7, 100)]
    assert summary(exact)["error"] == 0 and summary(exact)["largest_gap"] == 0
    off = [Check((50, 50, 50), 0.6, 0.5, 10_000)]
    assert summary(off)["error"] == pytest.approx(0.1, abs=0.002)


def test_check_refuses_two_sides(runner):
    res = runner.invoke(main, ["equity", "--check", "--players", "2"])
    assert res.exit_code == 2 and "with two sides the table is exact" in res.output


# From every mix of scores (five marks each: 5 x 35 with four players) at ten matches a
# score, the check plays 1,750 matches: the fast tier checks to a target of 3 points (marks
# 1, 2 and 3: 3 x 10 mixes, short matches), the slow tier the whole of a 100-point target.
@pytest.mark.parametrize(
    "target,mixes",
    [pytest.param("3", 3 * 10, id="fast"), pytest.param("100", 5 * 35, id="full", marks=pytest.mark.slow)],
)
def test_check_command_json(runner, target, mixes):
    args = ["equity", "--check", "--players", "4", "--target", target, "--matches", "10", "--json"]
    res = runner.invoke(main, args)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert len(data["states"]) == mixes and data["seed"] == 1 and data["target"] == int(target)
    needs = [tuple(s["needs"]) for s in data["states"]]
    assert len(set(needs)) == len(needs) and all(list(n[1:]) == sorted(n[1:]) for n in needs)
    assert 0 <= data["mean_gap"] <= data["largest_gap"] <= 1


def test_check_gives_the_same_figures_on_any_jobs(runner):
    """Each score's matches are seeded by its place: the pool (and a cluster:
    tests/test_cluster.py) plays them anywhere and prints the same bytes."""
    args = ["equity", "--check", "--players", "3", "--target", "3", "--matches", "10", "--seed", "4"]
    args.append("--json")
    one = runner.invoke(main, args)
    two = runner.invoke(main, [*args, "--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, two.output
    assert one.output == two.output

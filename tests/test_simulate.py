"""Tournaments: tallies add up, results do not depend on how the work is split, and
bad bots or tables are refused with a message."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from domino_advisor.base.errors import RulesError
from domino_advisor.cli.app import main
from domino_advisor.games.line.rules import preset
from domino_advisor.measure.tournament import tournament


def simulate(*args, **kwargs):
    """Each bot's figures from the one tournament, the line games' standings."""
    return tournament(*args, **kwargs).bots


def test_tallies_and_duplicate_deals():
    scores = simulate(preset("classic"), 2, ["heuristic", "heavy"], 40, jobs=1, seed=3)
    a, b = scores
    assert a.games == b.games == 40  # 20 deals, each played twice with the hands swapped
    assert len(a.per_deal_wins) == 20
    assert a.wins + b.wins + a.ties == 40  # every game is won by one side or drawn
    assert a.ties == b.ties


def test_split_across_processes_gives_the_same_result():
    one = simulate(preset("block"), 3, ["random", "heavy", "heuristic"], 30, jobs=1, seed=5)
    two = simulate(preset("block"), 3, ["random", "heavy", "heuristic"], 30, jobs=2, seed=5)
    assert [(s.spec, s.wins, s.points) for s in one] == [(s.spec, s.wins, s.points) for s in two]


def test_partnership_sides_share_results():
    scores = simulate(preset("partnership"), 4, ["heavy", "random"], 8, jobs=1, seed=1)
    assert [s.seats for s in scores] == [2, 2]
    assert scores[0].wins + scores[1].wins + scores[0].ties == scores[0].games


def test_peer_bot_needs_its_rule_set():
    with pytest.raises(RulesError, match="four partners"):
        simulate(preset("classic"), 2, ["dominoes", "heavy"], 2)
    with pytest.raises(RulesError, match="four partners"):
        simulate(preset("classic"), 2, ["dominoes-strong:4", "heavy"], 2)


# The peer bots' games: four (one deal) in the fast tier, eight (two) in the slow.
@pytest.mark.parametrize(
    "games", [pytest.param(4, id="fast"), pytest.param(8, id="full", marks=pytest.mark.slow)]
)
def test_peer_bot_plays_legally(games):
    pytest.importorskip("dominoes")
    scores = simulate(preset("partnership"), 4, ["dominoes", "heavy"], games, jobs=1, seed=2)
    assert scores[0].games == games


# The strong setting's search (from move 8, doubles first before it) over 1 sampled deal
# in the fast tier, over 4 in the slow.
@pytest.mark.parametrize(
    "samples", [pytest.param(1, id="fast"), pytest.param(4, id="full", marks=pytest.mark.slow)]
)
def test_the_strong_peer_setting_plays_legally_and_is_set_as_issue_12_asks(samples):
    pytest.importorskip("dominoes")
    from domino_advisor.games.line.players import make_player as line_player
    from domino_advisor.measure.bots import AdvisorBot

    strong = line_player("dominoes-strong", AdvisorBot)
    assert (strong.samples, strong.start_move, strong.first, strong.name) == (
        20,
        8,
        "double",
        "dominoes-strong",
    )
    assert line_player("dominoes-strong:5", AdvisorBot).samples == 5
    assert line_player("dominoes", AdvisorBot).first == "bota_gorda"
    spec = f"dominoes-strong:{samples}"
    scores = simulate(preset("partnership"), 4, [spec, "heavy"], 4, jobs=1, seed=3)
    assert scores[0].games == 4 and scores[0].spec == spec


def test_advisor_in_a_tournament():
    scores = simulate(preset("classic"), 2, ["advisor:8", "random"], 4, jobs=1, seed=1)
    assert scores[0].games == 4


@pytest.mark.parametrize(
    "args,says",
    [
        (["--bots", "genius,heavy"], "'genius' is not a bot"),
        (["--bots", "heavy:3,heavy"], "'heavy:3' is not a bot"),
        (["--bots", "dominoes,heavy"], "four partners"),
        (["--bots", "dominoes-strong,heavy"], "four partners"),
        (["--bots", "reader:5,heavy"], "'reader:5' is not a bot"),
        (["--bots", "heavy", "--players", "5"], "dominoes here is for 2 to 4 players"),
        (["--bots", "heavy", "--rules", "nope"], "'nope' is not a rule preset"),
    ],
)
def test_simulate_refuses_bad_input(args, says):
    res = CliRunner().invoke(main, ["simulate", *args, "--games", "2"])
    assert res.exit_code == 2 and says in res.output, res.output
    assert "Traceback" not in res.output


def test_simulate_json():
    res = CliRunner().invoke(main, ["simulate", "--bots", "heavy,random", "--games", "6", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert [b["bot"] for b in data["bots"]] == ["heavy", "random"]
    assert data["deals"] == 3 and data["bots"][0]["games"] == 6


def test_a_match_is_played_to_its_target():
    from domino_advisor.games.line.contest import LineContest
    from domino_advisor.measure.bots import bot
    from domino_advisor.measure.tournament import play

    rules = preset("all-fives").with_overrides({"target": "60"})
    bots = {"heuristic": bot("heuristic"), "heavy": bot("heavy")}
    contest = LineContest(rules, 2, matches=True)
    for deal in range(6):
        sitting = contest.deal(deal, ["heuristic", "heavy"]).sit(deal % 2)
        play(sitting, bots)
        winner, scores, opened = sitting.outcome
        assert winner is not None and scores[winner] >= 60 and opened is None
        assert all(points < 60 for side, points in scores.items() if side != winner)  # the first there wins


def test_match_tournament_counts_matches():
    rules = preset("block").with_overrides({"target": "30"})
    scores = simulate(rules, 2, ["heuristic", "round-advisor:4"], 4, jobs=1, seed=7, matches=True)
    a, b = scores
    assert a.games == b.games == 4
    assert a.wins + b.wins + a.ties == 4
    assert a.points / a.games >= 0 and (a.points + b.points) / 4 >= 30  # someone reached 30 each match


def test_simulate_json_says_what_a_game_is():
    args = ["simulate", "--rules", "block", "--set", "target=20", "--bots", "heavy,random", "--games", "2"]
    res = CliRunner().invoke(main, [*args, "--matches", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["game"] == "match"
    res = CliRunner().invoke(main, [*args, "--json"])
    assert json.loads(res.output)["game"] == "round"


def test_each_bot_opens_its_share_of_the_duplicate_deals():
    """With the opener chosen by the deal, the opening hand goes round with the hands:
    each of two bots opens once a deal, and its wins as the opener are among its wins."""
    scores = simulate(preset("block", {"lead": "chosen"}), 2, ["heavy", "random"], 40, jobs=1, seed=9)
    for s in scores:
        assert s.opened == 20 and s.won_opening <= s.wins
        assert s.opener_win_rate == s.won_opening / 20
    lead = simulate(preset("classic"), 3, ["heuristic", "heavy", "random"], 30, jobs=1, seed=2)
    assert sum(s.opened for s in lead) == 30  # the lead rule opens each game once
    res = CliRunner().invoke(
        main,
        ["simulate", "--rules", "block", "--set", "lead=chosen", "--bots", "heavy,random", "--games", "4"],
    )
    assert res.exit_code == 0 and "won as the opener: heavy" in res.output

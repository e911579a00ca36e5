"""Tiddly-wink in ``simulate``: the heavy bot and the advisor race on duplicate deals (the
next to play drawn among those who can by each deal's move dice), scored as the draw game
(a round's winner scores the others' pips; the most points win, so higher is better), the
same figures in one process or two."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.cli.app import main
from domino_advisor.counting.inference import infer as count
from domino_advisor.games.tiddly.match import TiddlyMatch
from domino_advisor.games.tiddly.rules import TiddlyRules
from domino_advisor.games.tiddly.state import TiddlyRound
from domino_advisor.measure.tournament import tournament


def _simulate(*args: str):
    res = CliRunner().invoke(main, ["simulate", "--rules", "tiddly-wink", "--games", "2", *args])
    assert res.exit_code == 0, res.output
    return res.output


def test_a_tiny_tournament_says_higher_is_better():
    shown = " ".join(_simulate("--bots", "heavy,random", "--players", "3").split())
    assert "tiddly wink, 3 players, 2 deals x 3 rotations, 1 rounds a match" in shown
    assert "heavy less random, per match, paired by deal" in shown and " points" in shown
    assert "higher totals are better" in shown
    data = json.loads(_simulate("--bots", "heavy,random", "--players", "3", "--json"))
    assert data["most_wins"] is True and data["matches"] == 6 and data["rounds_a_match"] == 1
    assert [b["bot"] for b in data["bots"]] == ["heavy", "random"]


def test_a_match_scores_the_winner_the_others_pips():
    from domino_advisor.games.hub.contest import HubContest
    from domino_advisor.measure.bots import bot
    from domino_advisor.measure.tournament import play

    rules = TiddlyRules()
    sitting = HubContest(rules, 3).deal((5, 6), ["heavy", "heavy", "heavy"]).sit(0)
    play(sitting, {"heavy": bot("heavy", rules)})
    totals, won, rounds = sitting.outcome
    assert rounds == 1 and sum(won) <= 1
    assert sorted(totals)[:2] == [0, 0] and max(totals) > 0  # one round: only its winner scores
    match = TiddlyMatch(rules.with_settings({"rounds": "3"}), ["a", "b"])
    assert not match.finished and match.most_wins


@pytest.mark.slow
def test_the_advisor_plays_and_the_figures_are_the_same_for_any_jobs():
    rules = TiddlyRules()
    one = tournament(rules, 3, ["heavy", "advisor:4"], 2, seed=7, jobs=1)
    two = tournament(rules, 3, ["heavy", "advisor:4"], 2, seed=7, jobs=2)
    assert [b.totals for b in one.bots] == [b.totals for b in two.bots]
    assert one.difference == two.difference and one.rounds_played == two.rounds_played == 6
    assert [b.rounds_won for b in one.bots] == [b.rounds_won for b in two.bots]
    a = _simulate("--bots", "heavy,advisor:4", "--players", "3", "--json", "--jobs", "1")
    b = _simulate("--bots", "heavy,advisor:4", "--players", "3", "--json", "--jobs", "2")
    assert a == b


def test_the_seat_the_table_asks_to_open_knows_nobody_holds_a_higher_double():
    """Every hand known, the table says who opens: an opener with 5-5 knows 6-6 is in the
    boneyard, so the advisor's worlds never deal it to another (they would refuse the opening)."""
    tiles = Tile.parse
    me = [tiles(x, 6) for x in "5-5 5-4 2-1 0-3 3-1".split()]
    ana = [tiles(x, 6) for x in "6-4 6-1 6-2 5-3 4-0".split()]
    bob = [tiles(x, 6) for x in "6-5 6-3 5-2 4-2 1-0".split()]
    stock = [x for x in full_set(6) if x not in me + ana + bob]
    r = TiddlyRound(TiddlyRules(), ["me", "ana", "bob"], [me, ana, bob], stock)
    assert r.actors() == {0}
    where = count(r.seat_view(0)).where(tiles("6-6", 6))
    assert set(where) == {"boneyard"} or all(p == 0 for k, p in where.items() if k != "boneyard"), where
    advice = advise(r, 0, Options(samples=20, seed=3, seconds=None, workers=1))
    assert advice.action == "play" and len(advice.moves) == 5

"""Chicken Foot logs (issue 16): random legal matches written from one seat replay to
the same table and totals; a round logged from the command line is checked event by
event, counted, advised, and bad input refused (exit 2, the file unchanged) in the
table's words."""

from __future__ import annotations

import json

import pytest

from clitools import refused, run
from domino_advisor.games.chicken.bots import heuristic_policy
from domino_advisor.games.chicken.rules import ChickenRules
from domino_advisor.log import gamelog
from seatlogs import seat_log

HAND = "9-8 9-7 9-5 7-7 6-2 5-5 3-1"


def _table(r):
    return (
        [(x.tiles, x.end, x.closed, x.root) for x in r.lines],
        None if r.waiting is None else (r.waiting.double, r.waiting.have, r.waiting.need),
        r.counts,
        r.winner,
        r.boneyard,
    )


@pytest.mark.parametrize("players", range(2, 9))
def test_random_matches_replay_from_any_seat(players):
    for seed in range(3):
        rules = ChickenRules(rounds=2, head_toes=4 if seed == 1 else 6, toes=2 if seed == 2 else 3)
        policy = heuristic_policy if seed == 0 else None
        truth, text = seat_log(rules, players, seed, seed % players, policy)
        replayed = gamelog.loads(text).replay()
        assert replayed.totals == truth.totals
        for r, t in zip(replayed.rounds, truth.rounds, strict=True):
            assert _table(r) == _table(t)
        assert gamelog.dumps(gamelog.loads(text)) == text  # the text round-trips


def test_options_travel_in_the_header():
    rules = ChickenRules(top=6, hand=4, head_toes=4, toes=2, blank_double=0, rounds=2)
    truth, text = seat_log(rules, 3, 5)
    assert '[Rules "chicken-foot"]' in text and "head_toes=4" in text
    log = gamelog.loads(text)
    assert log.rules == rules and log.replay().totals == truth.totals


@pytest.fixture
def table(tmp_path, runner):
    game = tmp_path / "cf.dom"
    res = run(runner, "new", game, "--rules", "chicken-foot", "--players", "me ana bob", "--hand", HAND)
    assert res.exit_code == 0, res.output
    assert "head 9-9" in res.output and "to move: me" in res.output
    assert "takes its toes first: 0 of 6" in res.output
    return game


def test_a_round_logged_from_the_command_line(runner, table):
    res = run(runner, "log", table, "me 98", "ana d", "ana p", "bob plays 9-3 on head")
    assert res.exit_code == 0, res.output
    text = table.read_text()
    assert "me plays 9-8 on head" in text and "ana draws 1" in text  # shorthand written in full
    data = json.loads(run(runner, "status", table, "--json").output)
    assert data["waiting"] == {"double": "head", "toes": 2, "needs": 6}
    assert [x["line"] for x in data["lines"]] == ["toe1", "toe2"]
    assert data["lines"][1] == {"line": "toe2", "from": "head", "tiles": ["9-3"], "end": 3, "closed": False}
    lacks = {p["name"]: p.get("cannot_hold") for p in data["players"]}
    assert lacks == {"me": None, "ana": [9], "bob": []}  # ana drew and passed with only the head open
    assert data["your_plays"] == ["9-7 on head", "9-5 on head"]
    assert data["unseen_by_number"][9] == 9 - 4  # nine besides the head: 9-8, 9-7, 9-5 mine, 9-3 down
    assert "ana: no 9" in run(runner, "status", table).output
    where = json.loads(run(runner, "where", table, "9-3", "--json").output)
    assert where["known"] == "on toe2"
    assert json.loads(run(runner, "where", table, "9-9", "--json").output)["known"] == "the head"
    chances = json.loads(run(runner, "where", table, "9-0", "--json").output)["where"]
    assert chances["ana"] == 0 and abs(sum(chances.values()) - 1) < 1e-9
    assert run(runner, "undo", table).exit_code == 0
    assert json.loads(run(runner, "status", table, "--json").output)["waiting"]["toes"] == 1


def test_a_double_takes_its_toes_before_anything_else(runner, tmp_path):
    game = tmp_path / "d.dom"
    rules = ["--rules", "chicken-foot", "--set", "head_toes=1", "--set", "toes=2"]
    res = run(
        runner, "new", game, *rules, "--players", "me ana", "--hand", "9-7 7-7 7-3 5-5 5-2 3-1 4-0 8-1 2-0"
    )
    assert res.exit_code == 0, res.output
    assert run(runner, "log", "-q", game, "me 97", "ana plays 7-6 on toe1").exit_code == 0
    refused(runner, game, "log", game, "me plays 7-7", says="fits nowhere open now (toe1 shows 6)")
    assert run(runner, "log", "-q", game, "me d 6-6", "me plays 6-6 on toe1").exit_code == 0
    data = json.loads(run(runner, "status", game, "--json").output)
    assert data["waiting"] == {"double": "6-6", "toes": 0, "needs": 2} and data["lines"][0]["closed"]
    refused(
        runner, game, "log", game, "ana plays 2-1 on toe1", says="the double 6-6 takes its toes first (0 of 2"
    )
    assert run(runner, "log", "-q", game, "ana plays 6-5 on 66").exit_code == 0
    assert "ana plays 6-5 on 6-6" in game.read_text()  # a double's place written as the tile
    out = run(runner, "status", game).output
    assert "the double 6-6 takes its toes first: 1 of 2" in out and "toe2 (6-6)" in out


@pytest.mark.parametrize(
    "events,says",
    [
        (["ana plays 9-4 on head"], "it is your turn, not ana's"),
        (["me plays 9-8 on nowhere"], "name where it goes"),
        (["me plays 9-8 on toe1"], "there is no toe1 yet"),
        (["me plays 6-2 on head"], "does not fit head"),
        (["me draws 4-4"], "play if you can"),
        (["me plays 9-8", "ana draws 4-4"], "you cannot see which tile ana drew"),
        (["me plays 9-8", "ana draws 2"], "one tile at a time in Chicken Foot"),
        (["me plays 9-8", "ana passes"], "draws a tile before passing"),
        (["me plays 9-8", "ana plays 9-8 on head"], "already on the table"),
        (["me plays 9-8", "ana plays 9-7 on head"], "in me's hand"),
        (["me plays 9-8", "ana plays 8-4 on toe1"], "the head takes its toes first (1 of 6 so far)"),
        (["me plays 9-9"], "not in play this round (the head is 9-9)"),
    ],
)
def test_bad_events_are_refused_and_the_file_kept(runner, table, events, says):
    refused(runner, table, "log", table, *events, says=says)


def test_bad_tables_and_hands_are_refused(runner, tmp_path):
    game = tmp_path / "x.dom"
    base = ["new", game, "--rules", "chicken-foot", "--players", "me ana bob"]
    refused(runner, None, *base, "--hand", "9-9 9-7 9-5 7-7 6-2 5-5 3-1", says="this round's head")
    refused(runner, None, *base, "--hand", "9-8 9-7", says="a hand here is 7 tiles")
    refused(runner, None, *base, "--hand", HAND, "--set", "toes=0", says="a double takes 1 to 9 toes")
    refused(runner, None, *base, "--hand", HAND, "--set", "spinner=yes", says="not a Chicken Foot rule")
    refused(
        runner, None, "new", game, "--rules", "chicken-foot", "--players", "me", "--hand", HAND, says="2 to 8"
    )
    assert not game.exists()


def test_drills_are_taken_from_its_logs(runner, table):
    """Issue 41: drills for every game (Chicken Foot logs were refused): a log with no play of
    yours to judge gives none, and says why in the words of its review."""
    res = run(runner, "train", "--from", table, input="q\n")
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert "0 costly decisions, 0 new drills (none of your plays had a choice to make)" in said


def test_status_json_follows_its_schema(runner, table):
    jsonschema = pytest.importorskip("jsonschema")
    from domino_advisor import api

    run(runner, "log", table, "me plays 9-8", "ana d", "ana p")
    data = json.loads(run(runner, "status", table, "--json").output)
    jsonschema.Draft202012Validator(api.schema("chicken-status")).validate(data)
    assert data["game"] == "chicken-foot" and data["to_move"] == "bob" and "your_plays" not in data


# Where and why, not the ranking: 4 sampled worlds in the fast tier, 30 in the slow.
@pytest.mark.parametrize(
    "samples", [pytest.param(4, id="fast"), pytest.param(30, id="full", marks=pytest.mark.slow)]
)
def test_advice_says_where_and_why(runner, table, samples):
    data = json.loads(run(runner, "advise", table, "--json", "--samples", samples, "--time", "60").output)
    assert data["game"] == "chicken-foot" and data["samples"] == samples
    assert {(m["tile"], m["on"]) for m in data["moves"]} == {
        ("9-8", "head"),
        ("9-7", "head"),
        ("9-5", "head"),
    }
    assert all(any("a toe on the head (1 of 6)" in r for r in m["reasons"]) for m in data["moves"])
    out = run(runner, "advise", table, "--samples", samples, "--time", "60").output
    assert "on head" in out and "sheds" in out


def test_rules_lists_the_chicken_foot_settings(runner):
    res = run(runner, "rules", "chicken-foot")
    for key in ("set", "hand", "head_toes", "toes", "blank_double", "rounds"):
        assert f"│ {key} " in res.output


def test_simulate_plays_whole_matches(runner):
    res = run(
        runner, "simulate", "--rules", "chicken-foot", "--set", "rounds=2", "--players", "3",
        "--bots", "heuristic,random", "--games", "3", "--json",
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["rules"] == "chicken-foot" and data["matches"] == 9 and data["rounds_a_match"] == 2
    assert [b["bot"] for b in data["bots"]] == ["heuristic", "random"]
    refused(
        runner, None, "simulate", "--rules", "chicken-foot", "--bots", "smart", says="not a Chicken Foot bot"
    )


def test_train_plays_a_chicken_foot_lesson(runner, tmp_path):
    res = run(
        runner, "train", "--rules", "chicken-foot", "--players", "3", "--seed", "2", "--no-record",
        input="q\n", env={"HOME": str(tmp_path)},
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "a practice round of Chicken Foot for 3" in res.output and "head 9-9" in res.output


# The review's decisions and schema, not its figures: 2 sampled worlds a decision in the
# fast tier, 8 in the slow.
@pytest.mark.parametrize(
    "samples", [pytest.param(2, id="fast"), pytest.param(8, id="full", marks=pytest.mark.slow)]
)
def test_review_marks_your_decisions(runner, tmp_path, samples):
    _, text = seat_log(ChickenRules(rounds=1, head_toes=4), 3, 3, 0, heuristic_policy)
    game = tmp_path / "done.dom"
    game.write_text(text)
    quick = ["--no-hindsight"] if samples == 2 else []  # hindsight's 40 worlds a choice: the slow tier's
    res = run(runner, "review", game, "--json", "--samples", samples, *quick)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert ("hindsight" in data) == (not quick)
    assert data["game"] == "chicken-foot" and data["summary"]["decisions"] == len(data["decisions"])
    assert all(" on " in d["played"] for d in data["decisions"])
    jsonschema = pytest.importorskip("jsonschema")
    from domino_advisor import api

    jsonschema.Draft202012Validator(api.schema("train-review")).validate(data)
    refused(runner, game, "review", game, "--reads", says="--reads does nothing with a Chicken Foot log")


# -- found by a red team --------------------------------------------------------------------
def test_the_double_blank_counts_fifty_in_counts_and_expectations(runner, tmp_path):
    game = tmp_path / "b.dom"
    args = ["--set", "set=3", "--set", "head_toes=3", "--set", "hand=2"]
    res = run(
        runner, "new", game, "--rules", "chicken-foot", "--players", "me ana bob", "--hand", "1-1 2-2", *args
    )
    assert res.exit_code == 0, res.output
    assert (
        run(runner, "log", "-q", game, "me d 1-0", "me p", "ana d", "ana p", "bob d", "bob p").exit_code == 0
    )
    assert run(runner, "log", "-q", game, "ana shows 3-0 3-1 3-2").exit_code == 0
    data = json.loads(run(runner, "status", game, "--json").output)
    bob = next(p for p in data["players"] if p["name"] == "bob")
    assert bob["expected_pips"] == 55  # 0-0 2-0 2-1: the double-blank counts 50
    refused(runner, game, "log", game, "bob counts 0", says="bob's 3 tiles hold at least 55 pips")
    assert run(runner, "log", "-q", game, "bob counts 55").exit_code == 0
    data = json.loads(run(runner, "status", game, "--json").output)
    assert data["scores"]["bob"] == 55 and data["waiting"] is None and data["open"] == []


@pytest.mark.parametrize(
    "events,says",
    [
        (["me 98", "ana d 54"], "you cannot see which tile ana drew"),
        (["me plays 9-8 h"], "'on toe3' or on a waiting double"),
        (["me 98", "ana d", "ana p", "bob 93", "me 95 on toe 1"], "write a play as 'me 94' or 'me 94 h'"),
    ],
)
def test_refusals_speak_chicken_foot(runner, table, events, says):
    refused(runner, table, "log", table, *events, says=says)


def test_settings_and_names_that_would_mislead(runner, tmp_path):
    game = tmp_path / "s.dom"
    base = ["new", game, "--rules", "chicken-foot", "--hand", HAND]
    refused(
        runner, None, *base, "--players", "me ana", "--set", "top=12", says="'top' is not a Chicken Foot rule"
    )
    refused(runner, None, *base, "--players", "me Ana ana", says="the shorthand goes by them")
    assert run(runner, *base, "--players", "me mexican bob").exit_code == 0  # no trains to confuse it with
    other = ["new", game, "--rules", "Chicken-Foot", "--force", "--players", "me ana", "--hand", HAND]
    refused(runner, None, *other, says="the other games: mexican-train, chicken-foot, tiddly-wink")


def test_the_head_is_written_by_its_name_and_a_full_head_says_so(runner, table):
    assert run(runner, "log", "-q", table, "me plays 9-8 on 9-9").exit_code == 0
    assert "me plays 9-8 on head" in table.read_text()


def test_a_finished_match_says_who_won(runner):
    from pathlib import Path

    corpus = Path(__file__).parent / "data" / "logs" / "chicken-foot-3-match.dom"
    data = json.loads(run(runner, "status", corpus, "--json").output)
    assert data["match_over"] is True and data["match_winner"] == ["bob"]
    assert "match over: bob wins with 6" in run(runner, "status", corpus).output


def test_a_tile_on_lines_alike_is_advised_once(runner, tmp_path):
    from pathlib import Path

    game = tmp_path / "m.dom"
    game.write_text((Path(__file__).parent / "data" / "logs" / "chicken-foot-4-midround.dom").read_text())
    assert run(runner, "log", "-q", game, "bob p", "cy 76 77").exit_code == 0
    data = json.loads(run(runner, "advise", game, "--json", "--samples", "6", "--time", "60").output)
    twos = [m for m in data["moves"] if m["tile"] == "2-1"]
    assert [m["on"] for m in twos] == ["toe3", "toe5"]  # toe3 shows 2, toe5 shows 1: the rest alike
    assert any("the same as on toe9, toe11" in r for r in twos[0]["reasons"])
    assert run(runner, "log", "-q", game, "me plays 2-1 on toe11").exit_code == 0
    review = json.loads(run(runner, "review", game, "--json", "--samples", "4").output)
    assert review["decisions"][-1]["played"] == "2-1 on toe11"


# A round of double-nine Chicken Foot for three takes the advisor seconds to play: the fast
# tier plays double-six (the same code, every decision advised) at 1 sampled world a
# decision, the slow tier double-nine at 3.
@pytest.mark.parametrize(
    "rules,advisor",
    [
        pytest.param(
            ChickenRules(top=6, hand=7, head_toes=4, toes=2, blank_double=0, rounds=1), "advisor:1", id="fast"
        ),
        pytest.param(ChickenRules(rounds=1), "advisor:3", id="full", marks=pytest.mark.slow),
    ],
)
def test_the_advisor_plays_whole_matches_as_a_bot(rules, advisor):
    from domino_advisor.measure.tournament import tournament

    result = tournament(rules, 3, [advisor, "heuristic"], 2, seed=9)
    assert [b.spec for b in result.bots] == [advisor, "heuristic"]
    assert len(result.difference) == 2 and all(b.rounds == 2 * 3 * b.seats for b in result.bots)


def test_advice_at_a_fixed_count_does_not_depend_on_the_clock(monkeypatch):
    """Where the chances are sampled, advice at a fixed count of worlds (simulate, review,
    lessons) runs the sampler to its fixed steps: a slow machine gives the same advice."""
    import random

    from domino_advisor.advice.advise import Options, advise
    from domino_advisor.counting import sampler
    from domino_advisor.counting.inference import infer as count
    from domino_advisor.games.hub.logmatch import match_of
    from domino_advisor.games.hub.match import deal, legal_moves

    rules = ChickenRules()
    rng = random.Random(5)
    for _ in range(200):  # a round of eight whose count is sampled, you to move with a choice
        match = match_of(rules, [f"p{i}" for i in range(8)])
        hands, stock = deal(rules, 8, 1, rng)
        r = match.start(list(hands), stock)
        for _ in range(rng.randint(8, 40)):
            if r.over:
                break
            match.apply(rng.choice(legal_moves(r)))
        if r.over or len(r.plays(r.turn)) < 2 or count(r.seat_view(r.turn)).exact:
            continue
        break
    else:
        pytest.fail("no sampled position found")
    first = advise(r, r.turn, Options(samples=4, seed=1, seconds=None)).as_dict()
    clock = iter(range(0, 10**9, 1000))  # every look at the clock: a thousand seconds later
    monkeypatch.setattr(sampler.time, "perf_counter", lambda: float(next(clock)))
    slow = advise(r, r.turn, Options(samples=4, seed=1, seconds=None)).as_dict()
    assert first["counting"] != "exact" and not first["cut_short"]
    del first["seconds"], slow["seconds"]  # the time it took is measured, and is all that differs
    assert json.dumps(slow, sort_keys=True) == json.dumps(first, sort_keys=True)

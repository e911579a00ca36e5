"""A Tiddly-wink log from the command line (issue 40): the race logged in the order it
happened, hostile events refused in the table's words with the file unchanged, what the
moves prove (and what they do not), its status's schema, and a match of several rounds."""

from __future__ import annotations

import json

import jsonschema
import pytest
from click.testing import CliRunner

from clitools import refused, run
from domino_advisor import api

HEAD = '[Rules "tiddly-wink"]\n[Players "ana me bob"]\n[Me "me"]\nround 1\nme holds 6-4 5-2 5-3 3-1 0-0\n'


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def table(tmp_path):
    """ana opens 6-6 and plays again at once; bob joins on 5; you may play 5-2 or 5-3."""
    f = tmp_path / "race.dom"
    f.write_text(HEAD + "ana plays 6-6\nana plays 6-5 on 6\nbob plays 6-1 on 6\n")
    return f


def logged(runner, f, *events):
    res = run(runner, "log", "-q", f, *events)
    assert res.exit_code == 0, res.output
    return res


def status(runner, f) -> dict:
    res = run(runner, "status", "--json", f)
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def test_plays_in_any_order_the_same_player_running_included(runner, table):
    logged(runner, table, "bob plays 1-0 on 1", "bob plays 2-0 on 0", "me plays 5-3 on 5")
    data = status(runner, table)
    assert sorted(data["ends"]) == [2, 3] and data["to_move"] is None
    assert [p["tiles"] for p in data["players"]] == [3, 4, 2]


def test_a_slap_of_a_tile_already_played_is_refused(runner, table):
    refused(
        runner, table, "log", table, "bob plays 6-5 on 5", says="6-5 is already on the table (ana played it)"
    )


def test_a_play_on_no_matching_end_is_refused(runner, table):
    refused(runner, table, "log", table, "ana plays 4-2", says="4-2 does not match the open ends")


def test_your_draw_while_you_hold_a_tile_that_fits_is_refused(runner, table):
    refused(runner, table, "log", table, "me draws 2-2", says="you hold 5-3, which plays on 5")


def test_a_draw_out_of_seat_order_is_refused(runner, tmp_path):
    """Nobody can play on 6 and 6 as far as you know: the draws go round in seat order from
    the player after the opener (you, then bob, then ana); one out of turn is refused."""
    f = tmp_path / "draws.dom"
    f.write_text(
        '[Rules "tiddly-wink"]\n[Players "ana me bob"]\n[Me "me"]\nround 1\n'
        "me holds 2-2 2-0 4-0 3-0 1-0\nana plays 6-6\n"
    )
    refused(runner, f, "log", f, "bob draws 1", says="it is your draw, not bob's")
    logged(runner, f, "me draws 5-5")
    refused(runner, f, "log", f, "ana draws 1", says="it is bob's draw, not ana's")


def test_a_slap_logged_after_a_player_went_out_is_refused(runner, tmp_path):
    f = tmp_path / "out.dom"
    f.write_text(
        '[Rules "tiddly-wink"]\n[Set "hand=2"]\n[Players "ana me bob"]\n[Me "me"]\nround 1\n'
        "me holds 6-4 3-1\nana plays 6-6\nana plays 6-5 on 6\n"
    )
    refused(runner, f, "log", f, "bob plays 5-1 on 5", says="round 1 is over: ana went out")


def test_the_opening_by_the_lead_rule_and_the_wrong_opener_refused(runner, tmp_path):
    f = tmp_path / "open.dom"
    f.write_text(HEAD.replace("6-4 5-2", "6-6 5-2"))
    refused(runner, f, "log", f, "ana plays 5-5", says="you hold 6-6, a higher double")


def test_a_draw_proves_the_drawers_lack_only_before_it_and_not_playing_proves_nothing(runner, table):
    # ends 5 and 1: you could play (you missed it), and so may bob; ana, after bob, draws
    logged(runner, table, "ana draws 1")
    lacks = {p["name"]: p.get("cannot_hold") for p in status(runner, table)["players"]}
    # ana's dealt tiles hold no 5 and no 1, but the tile she drew may: not certain; and bob,
    # who did not play, is proved nothing
    assert lacks == {"ana": [], "me": None, "bob": []}
    where = status(runner, table)["where"]
    assert 0 < where["5-5"]["ana"] < where["5-5"]["bob"]  # only her one drawn tile may be it


def test_a_block_is_every_players_pass_and_the_status_says_the_winner(runner, tmp_path):
    f = tmp_path / "block.dom"
    f.write_text(
        '[Rules "tiddly-wink"]\n[Set "hand=7"]\n[Players "ana me bob cy"]\n[Me "me"]\nround 1\n'
        "me holds 5-5 5-4 5-3 5-2 5-1 5-0 4-4\n"
        "ana plays 6-6\nbob plays 6-5 on 6\nbob plays 6-4 on 6\n"
    )
    data = status(runner, f)
    jsonschema.Draft202012Validator(api.schema("line-status")).validate(data)
    assert data["game"] == "tiddly-wink" and data["most_wins"] is True


def test_status_of_every_corpus_log_follows_its_schema(runner):
    from pathlib import Path

    for path in sorted((Path(__file__).parent / "data" / "logs").glob("tiddly-wink-*.dom")):
        res = run(runner, "status", "--json", path)
        assert res.exit_code == 0, res.output
        jsonschema.Draft202012Validator(api.schema("line-status")).validate(json.loads(res.output))


def test_a_match_of_rounds_gives_each_rounds_points_to_its_winner(runner, tmp_path):
    f = tmp_path / "match.dom"
    f.write_text(
        '[Rules "tiddly-wink"]\n[Set "hand=2 rounds=2"]\n[Players "ana me"]\n[Me "me"]\nround 1\n'
        "me holds 6-4 3-1\nana plays 6-6\nana plays 6-5 on 6\nme shows 6-4 3-1\n"
    )
    refused(runner, f, "log", f, "ana plays 5-5", says="round 1 is over")
    data = status(runner, f)
    assert data["scores"] == {"ana": 14, "me": 0}
    logged(
        runner, f, "round 2", "me holds 6-6 6-1", "me plays 6-6", "ana plays 6-2 on 6", "me plays 6-1 on 6"
    )
    refused(runner, f, "log", f, "ana plays 2-2 on 2", says="round 2 is over")

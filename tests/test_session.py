"""The live session, driven by a script: shorthand, checks, undo, advice, clean exits."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from clitools import drive
from domino_advisor.base.errors import NotationError
from domino_advisor.cli.app import main
from domino_advisor.log import gamelog
from domino_advisor.log.shorthand import expand

PLAYERS = ["me", "ana", "bob"]


@pytest.mark.parametrize(
    "typed,full",
    [
        ("ana 64", "ana plays 64"),
        ("ana 64 on 4", "ana plays 64 on 4"),
        ("ana 64 4", "ana plays 64 on 4"),
        ("ana 6-4 left", "ana plays 6-4 on left"),
        ("bob d2", "bob draws 2"),
        ("cy p", None),
        ("bob p", "bob passes"),
        ("me 55", "me plays 55"),
        ("me d 61 30", "me draws 61 30"),
        ("me d61", "me draws 61"),
        ("an 33", "ana plays 33"),
        ("ana s 33 21", "ana shows 33 21"),
        ("bob c 14", "bob counts 14"),
        ("me h 66 53", "me holds 66 53"),
        ("ana plays 6-4 on 6", "ana plays 6-4 on 6"),
        ("round 2", "round 2"),
    ],
)
def test_shorthand(typed, full):
    if full is None:
        with pytest.raises(NotationError, match="'cy' is not at this table"):
            expand(typed, PLAYERS, "me")
    else:
        assert expand(typed, PLAYERS, "me") == full


@pytest.mark.parametrize(
    "typed,says",
    [
        ("ana", "say what ana did"),
        ("bob d2 3", "write how many bob drew"),
        ("me d", "the tiles, like 'me d 64 10'"),
        ("ana 64 on 4 5", "write a play as"),
        ("bob p now", "a pass takes nothing"),
    ],
)
def test_shorthand_mistakes(typed, says):
    with pytest.raises(NotationError, match=says):
        expand(typed, PLAYERS, "me")


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "s.dom"
    path.write_text('[Rules "classic"]\n[Players "me ana bob"]\nround 1\nme holds 6-6 6-3 5-2 3-1 0-0\n')
    return path


def test_a_session_logs_checks_and_advises(game):
    out = drive(
        game,
        [
            "me 66",
            "ana 64",
            "bob d2",
            "bob 41",
            "zed 11",
            "ana 11",
            "?",
            "a",
            "s",
            "me 31",
            "u",
            "me 63 on 6",
        ],
    )
    text = game.read_text()
    assert text.endswith(
        "me plays 6-6\nana plays 6-4 on 6\nbob draws 2\nbob plays 4-1 on 4\nme plays 6-3 on 6\n"
    )
    assert "not logged: 'zed 11': 'zed' is not at this table" in out
    assert "not logged: 'ana plays 11': it is your turn, not ana's" in out
    assert "removed: me plays 3-1 on 1" in out
    assert "advice for me" in out and "type what happens" in out
    assert "the log is saved" in out
    assert gamelog.loads(text).replay().round.turn == 1


def test_ctrl_c_ends_cleanly_with_the_log_intact(game):
    before = game.read_text()
    out = drive(game, ["me 66", "ana 99"], end=KeyboardInterrupt)
    assert "not logged" in out and "'99' is not a tile" in out
    assert game.read_text() == before + "me plays 6-6\n"


def test_q_quits(game):
    out = drive(game, ["q", "me 66"])
    assert "me plays 6-6" not in game.read_text() and "saved" in out


def test_session_through_the_cli(game):
    res = CliRunner().invoke(main, ["session", str(game), "--samples", "10"], input="me 66\nana d3\nana p\n")
    assert res.exit_code == 2, res.output  # from a pipe, a line not logged is an error
    assert "not logged" in res.output and "ana cannot pass" in res.output
    assert game.read_text().endswith("me plays 6-6\nana draws 3\n")


def test_session_on_a_missing_file(tmp_path):
    res = CliRunner().invoke(main, ["session", str(tmp_path / "none.dom")])
    assert res.exit_code == 2 and "no such file" in res.output


@pytest.mark.parametrize("fix", [["me 31", "u"], ["replace 6 bob 42"], ["insert 6 bob d1"], ["delete 5"]])
def test_the_advice_is_shown_again_after_any_change_that_leaves_you_to_move(game, fix):
    """A fix that leaves you to move (undo, replace, insert, delete) shows the advice for
    the table as it now is, as a logged event does."""
    again = game.with_name("again.dom")
    again.write_text(game.read_text())
    out = drive(game, ["me 66", "ana 64", "bob d2", "bob 41", *fix])
    fixed = re.split(r"(?m)\w+> ", out)[-2]  # what the last line typed printed (then the last prompt)
    assert len(re.findall(r"(?m)^1 \d-\d on \d  \d+%", fixed)) == 1, fixed  # the short advice's first row
    full = drive(again, ["me 66", "ana 64", "bob d2", "bob 41", *fix], full=True)
    assert re.split(r"(?m)\w+> ", full)[-2].count("advice for me") == 1, full


def test_going_out_while_the_boneyard_had_tiles_suggests_a_count_check(tmp_path):
    """A draw left out of the log first reads as the player going out: the report says
    how to check, once, when it is logged."""
    path = tmp_path / "short.dom"
    path.write_text('[Rules "classic"]\n[Players "me ana"]\n[Set "hand=2"]\nround 1\nme holds 6-6 5-5\n')
    lines = ["me 66", "ana d1", "ana 64", "me draws 5-0", "me draws 4-3", "me 43", "ana 31"]
    out = drive(path, [*lines, "me draws 6-0", "me 60 on 6", "ana 10 on 1"])
    assert (
        "ana went out; if ana still holds tiles, a draw is missing: 'ana =N' (the tiles held) checks" in out
    )
    assert out.count("a draw is missing") == 1
    quiet = tmp_path / "quiet.dom"  # ana never drew: her going out is nothing to check
    quiet.write_text(path.read_text().split("round 1")[0] + "round 1\nme holds 6-6 5-5\n")
    out = drive(quiet, ["me 66", "ana 64", "me draws 5-0", "me draws 4-3", "me 43", "ana 31"])
    assert "a draw is missing" not in out

"""The command line, driven through click's CliRunner: good paths, and every bad input
the issue lists, each with exit code 2, a message that says what is wrong, no
traceback, and the log on disk byte for byte as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clitools import HAND, new_game, refused, run
from domino_advisor.cli.app import main


@pytest.fixture
def game(tmp_path, runner) -> Path:  # here a game not yet opened (conftest's has 6-6 down)
    return new_game(runner, tmp_path / "game.dom")


def test_quiet_writes_the_same_and_prints_only_warnings(runner, tmp_path):
    """``new -q`` and ``log -q``: the file each writes without it, nothing printed but a
    warning (here a pass on 6 that a later 6 contradicts)."""
    loud, quiet = tmp_path / "loud.dom", tmp_path / "quiet.dom"
    block = ["--rules", "block", "--set", "hand=5"]
    res = run(runner, "new", loud, "--players", "me ana bob", "--hand", HAND, *block)
    assert res.exit_code == 0 and "started" in res.output and "what each opponent can hold" in res.output
    res = run(runner, "new", "-q", quiet, "--players", "me ana bob", "--hand", HAND, *block)
    assert res.exit_code == 0 and res.output == ""
    assert quiet.read_bytes() == loud.read_bytes()
    events = ["me plays 6-6", "ana passes"]
    for path, flag in ((loud, []), (quiet, ["-q"])):
        res = run(runner, "log", *flag, path, *events)
        assert res.exit_code == 0, res.output
    assert res.output == "" and quiet.read_bytes() == loud.read_bytes()
    res = run(runner, "log", "-q", quiet, "bob plays 6-5 on 6", "me plays 5-2 on 5", "ana plays 6-1 on 6")
    assert res.exit_code == 0, res.output
    assert res.output.startswith("warning:") and "ana" in res.output and len(res.output.splitlines()) == 1


def test_every_command_has_help(runner):
    res = run(runner, "--help")
    assert res.exit_code == 0
    for name, cmd in main.commands.items():
        assert cmd.help, name
        assert run(runner, name, "--help").exit_code == 0


def test_new_log_status_undo_round_trip(runner, game):
    res = run(runner, "log", game, "me plays 6-6", "ana plays 6-4 on 6", "bob draws 2")
    assert res.exit_code == 0, res.output
    text = game.read_text()
    assert text.endswith("me plays 6-6\nana plays 6-4 on 6\nbob draws 2\n")
    data = json.loads(run(runner, "status", game, "--json").output)
    assert data["to_move"] == "bob" and sorted(data["ends"]) == [4, 6] and data["boneyard"] == 11
    assert data["hand"] == ["6-3", "5-2", "3-1", "0-0"]
    assert [p["name"] for p in data["players"]] == ["ana", "bob"]
    assert data["players"][1]["cannot_hold"] == []  # still drawing: the last tile may play
    res = run(runner, "undo", game, 2)
    assert res.exit_code == 0 and "removed: bob draws 2" in res.output
    assert game.read_text().endswith("me plays 6-6\n")


def test_log_keeps_comments_and_spelling(runner, game):
    game.write_text(game.read_text() + "# first play, by hand\nme plays 66\n")
    assert run(runner, "log", game, "ana plays 64 on 6").exit_code == 0
    assert game.read_text().endswith("# first play, by hand\nme plays 66\nana plays 6-4 on 6\n")


def test_all_or_nothing(runner, game):
    refused(
        runner,
        game,
        "log",
        game,
        "me plays 6-6",
        "ana plays 6-4 on 6",
        "bob plays 5-5 on 4",
        says="5-5 cannot go on 4",
    )


BAD_EVENTS = [
    # (events logged first, the bad event, what the message must say)
    ([], "bob plays 5-5", "bob cannot open with 5-5: you hold 6-6, a higher double"),
    (["me plays 6-6"], "bob plays 6-4 on 6", "it is ana's turn, not bob's"),
    (["me plays 6-6"], "ana plays 6-6 on 6", "6-6 is already on the table (me, turn 1)"),
    (["me plays 6-6"], "ana plays 6-3 on 6", "6-3 is in your hand"),
    (
        ["me plays 6-6", "ana plays 6-4 on 6", "bob plays 4-1 on 4"],
        "me plays 5-5 on 1",
        "you do not hold 5-5",
    ),
    (["me plays 6-6"], "ana plays 5-4 on 6", "5-4 cannot go on 6"),
    (["me plays 6-6"], "ana plays 5-4", "5-4 does not match the open ends 6 and 6"),
    (["me plays 6-6"], "ana plays 6-4 on 3", "no open end shows 3"),
    (["me plays 6-6"], "ana plays 6-4 on up", "the up end is not open"),
    (["me plays 6-6"], "ana passes", "ana cannot pass: 13 tiles can still be drawn"),
    (["me plays 6-6"], "ana draws 14", "ana cannot draw 14: only 13 can be drawn"),
    (
        ["me plays 6-6", "ana plays 6-4 on 6", "bob plays 4-1 on 4"],
        "me draws 5-5",
        "me cannot draw: you hold 6-3, which plays on 6",
    ),
    (
        ["me plays 6-6", "ana plays 6-4 on 6", "bob plays 4-1 on 4"],
        "me passes",
        "me cannot pass: you hold 6-3, which plays on 6",
    ),
    (["me plays 6-6"], "ana plays 7-2 on 6", "'7-2' is not a tile of the double-six set"),
    (["me plays 6-6"], "ana plays 6-x on 6", "'6-x' is not a tile"),
    (["me plays 6-6"], "zed plays 6-4 on 6", "'zed' is not at this table"),
    (["me plays 6-6"], "ana jumps", "'jumps' is not something a player does"),
    (["me plays 6-6"], "ana draws 5-5", "ana's draws are hidden"),
    ([], "ana holds 5-5 4-4 1-1 2-2 3-3", "the log records only your own hand"),
    (["me plays 6-6"], "ana shows 5-5", "round 1 is not over"),
    (["me plays 6-6"], "round 2", "round 1 is still being played"),
    (["me plays 6-6"], "ana plays", "say which tile"),
    (["me plays 6-6"], "ana plays 6-4 on", "write 'plays 6-4' or 'plays 6-4 on 6'"),
]


@pytest.mark.parametrize("before,bad,says", BAD_EVENTS, ids=[b for _, b, _ in BAD_EVENTS])
def test_bad_events_are_refused(runner, game, before, bad, says):
    if before:
        assert run(runner, "log", game, *before).exit_code == 0
    refused(runner, game, "log", game, bad, says=says)


def test_block_game_refuses_draws_and_reserve_counts(runner, tmp_path):
    path = tmp_path / "b.dom"
    assert (
        run(
            runner,
            "new",
            path,
            "--players",
            "me ana",
            "--rules",
            "block",
            "--hand",
            "6-6 6-3 5-2 3-1 0-0 4-4 2-1",
        ).exit_code
        == 0
    )
    assert run(runner, "log", path, "me plays 6-6").exit_code == 0
    refused(runner, path, "log", path, "ana draws 1", says="this is a block game")
    assert run(runner, "log", path, "ana passes").exit_code == 0
    path2 = tmp_path / "r.dom"
    assert (
        run(
            runner,
            "new",
            path2,
            "--players",
            "me ana",
            "--rules",
            "reserve",
            "--hand",
            "6-6 6-3 5-2 3-1 0-0 4-4 2-1",
        ).exit_code
        == 0
    )
    assert run(runner, "log", path2, "ana plays 5-5").exit_code == 0
    refused(runner, path2, "log", path2, "me draws 1-1", says="me cannot draw: you hold 5-2")
    path3 = tmp_path / "r3.dom"
    assert (
        run(
            runner,
            "new",
            path3,
            "--players",
            "me ana",
            "--rules",
            "reserve",
            "--hand",
            "6-6 6-3 6-2 3-1 0-0 4-4 2-1",
        ).exit_code
        == 0
    )
    assert run(runner, "log", path3, "ana plays 5-5").exit_code == 0
    refused(
        runner,
        path3,
        "log",
        path3,
        "me draws "
        + " ".join(
            ["5-4", "5-3", "5-1", "5-0", "4-3", "4-2", "4-1", "4-0", "3-3", "3-2", "3-0", "2-2", "1-1"]
        ),
        says="only 12 can be drawn (14 in the boneyard, 2 must stay in the boneyard)",
    )


NEW_BAD = [
    (
        ["--hand", "6-6 6-3"],
        "you hold 2 tiles, but each player is dealt 5 under these rules; if your table "
        "deals 2, that is the rule hand=2 (new ... --set hand=2)",
    ),
    (["--hand", "6-6"], "you hold 1 tile, but"),
    (["--hand", "6-6 6-3 6-6 1-1 2-2"], "6-6 is written twice"),
    (["--hand", "6-6 6-3 5-5 1-1 2-2", "--players", "me ana bob cy dan"], "dominoes here is for 2 to 4"),
    (["--hand", "6-6 6-3 5-5 1-1 2-2", "--rules", "foo"], "'foo' is not a rule preset"),
    (["--hand", "6-6 6-3 5-5 1-1 2-2", "--set", "target=abc"], "target takes a whole number"),
    (["--hand", "6-6 6-3 5-5 1-1 2-2", "--set", "colour=red"], "there is no rule called 'colour'"),
    (["--hand", "6-6 6-3 5-5 1-1 2-2", "--set", "spinner=sometimes"], "spinner is one of none, first-double"),
    (["--hand", "6-6 6-3 5-5 1-1 2-2", "--set", "target"], "write key=value"),
    (["--hand", "6-6 6-3 5-5 1-1 2-2", "--rules", "partnership"], "teams=partners needs 4 players"),
    (["--hand", "6-6 6-3 5-5 1-1 2-2", "--me", "zed"], "zed is not one of the players"),
    (["--hand", "6-6 6-3 5-5 1-1 2-2", "--players", "me ana me"], "a name is written twice"),
    (["--hand", "6-6 6-3 9-5 1-1 2-2"], "'9-5' is not a tile of the double-six set"),
]


@pytest.mark.parametrize("args,says", NEW_BAD, ids=[s for _, s in NEW_BAD])
def test_new_refuses_bad_input(runner, tmp_path, args, says):
    path = tmp_path / "n.dom"
    full = ["new", path, "--players", "me ana bob", *args]
    refused(runner, path, *full, says=says)
    assert not path.exists()


def test_new_will_not_overwrite(runner, game):
    refused(
        runner,
        game,
        "new",
        game,
        "--players",
        "me ana",
        "--hand",
        "6-6 5-5 4-4 3-3 2-2 1-1 0-0",
        says="already exists",
    )
    refused(
        runner, game, "new", game, "--players", "me ana", "--hand", "6-6", says="already exists"
    )  # said first


FILE_BAD = [
    (b"\x7fELF\x00\x01binary", "is not a text file"),
    ("é".encode("latin-1") + b"\n", "is not UTF-8 text"),
    (b'[Rules classic]\n[Players "me ana"]\n', 'a tag is written [Name "value"]'),
    (
        b'[Players "me ana"]\nround 1\nme holds 6-6 5-5 4-4 3-3 2-2 1-1 0-0\n[Rules "classic"]\n',
        "tags go at the top",
    ),
    (b'[Rules "classic"]\nround 1\n', "no [Players"),
    (b'[Players "me ana bob cy dan"]\n', "for 2 to 4 players"),
    (b'[Rules "fives"]\n[Players "me ana"]\n', "'fives' is not a rule preset"),
    (b'[Players "me ana"]\nround 1\nme holds 6-6 5-5 4-4 3-3 2-2 1-1\n', "you hold 6 tiles"),
    (
        b'[Players "me ana"]\nround 1\nme holds 6-6 5-5 4-4 3-3 2-2 1-1 0-0\nme plays 5-5\n',
        "me cannot open with 5-5: you hold 6-6, a higher double",
    ),
]


@pytest.mark.parametrize("content,says", FILE_BAD, ids=[s for _, s in FILE_BAD])
def test_bad_files(runner, tmp_path, content, says):
    path = tmp_path / "bad.dom"
    path.write_bytes(content)
    refused(runner, path, "status", path, says=says)
    refused(runner, path, "log", path, "ana passes", says=says)


def test_missing_file_and_folder(runner, tmp_path):
    assert "no such file" in run(runner, "status", tmp_path / "nope.dom").output
    assert run(runner, "status", tmp_path / "nope.dom").exit_code == 2
    assert run(runner, "status", tmp_path).exit_code == 2


def test_undo_bad_counts(runner, game):
    refused(runner, game, "undo", game, 9, says="the log has only 2 events")
    refused(runner, game, "undo", game, 0, says="0 is not in the range")


def test_rules_command(runner):
    res = run(runner, "rules")
    assert res.exit_code == 0 and "all-fives" in res.output and "partnership" in res.output
    res = run(runner, "rules", "reserve")
    assert res.exit_code == 0 and "rotate" in res.output
    assert run(runner, "rules", "nope").exit_code == 2


def test_status_json_on_shared_example(runner):
    example = Path(__file__).resolve().parents[2] / "shared" / "examples" / "three-players.dom"
    if not example.exists():
        example = Path(__file__).parent / "data" / "three-players.dom"
    data = json.loads(run(runner, "status", example, "--json").output)
    for key in [
        "round",
        "to_move",
        "over",
        "ends",
        "boneyard",
        "hand",
        "players",
        "unseen",
        "where",
        "scores",
        "winner",
        "warnings",
    ]:
        assert key in data
    assert data["to_move"] == "me" and sorted(data["ends"]) == [2, 3]
    assert data["players"][0]["cannot_hold"] == [0, 1, 3, 6]


# The demo asks for advice at 300 sampled deals at each of its nine turns: the fast tier
# walks the same game with the advice at 20 (the lessons, the colour and the end do not
# depend on it); the slow tier at the demo's own 300.
@pytest.mark.parametrize(
    "samples", [pytest.param(20, id="fast"), pytest.param(None, id="full", marks=pytest.mark.slow)]
)
def test_demo_runs_and_degrades_without_colour(runner, monkeypatch, samples):
    if samples is not None:
        from domino_advisor.cli import demo

        advice_of = demo.api.advice_of

        def fewer(pos, **kwargs):
            return advice_of(pos, **{**kwargs, "samples": samples})

        monkeypatch.setattr(demo.api, "advice_of", fewer)
    monkeypatch.setenv("NO_COLOR", "1")
    res = run(runner, "demo")
    assert res.exit_code == 0, res.output
    assert "\x1b[" not in res.output
    assert "bob now certainly has no 2 and 5" in res.output
    assert "me won it" in res.output


def test_module_entry_point():
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-m", "domino_advisor", "rules"], capture_output=True, text=True)
    assert res.returncode == 0 and "classic" in res.stdout


def test_unknown_option_and_command(runner, game):
    refused(runner, game, "status", game, "--colour", says="No such option")
    refused(runner, game, "frobnicate", game, says="No such command")


def test_advise_json_contract(runner, game):
    assert run(runner, "log", game, "me plays 6-6", "ana plays 6-4 on 6", "bob plays 4-1 on 4").exit_code == 0
    res = run(runner, "advise", game, "--json", "--samples", "60", "--seed", "2")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["to_move"] == "me" and data["action"] == "play"
    tiles = [(m["tile"], m["on"]) for m in data["moves"]]
    assert ("6-3", 6) in tiles and ("3-1", 1) in tiles
    assert all(0 <= m["win"] <= 1 and m["reasons"] for m in data["moves"])
    matches = [m["match"] for m in data["moves"]]  # a match to 100: ranked by the match
    assert data["moves"][0]["match"] == max(matches) and data["match"] == matches[0]
    assert data["stakes"] == {
        "target": 100,
        "scores": [0, 0, 0],
        "side": 0,
        "table": "classic/3",
        "approximate": False,
    }
    again = json.loads(run(runner, "advise", game, "--json", "--samples", "60", "--seed", "2").output)
    assert [m["tile"] for m in again["moves"]] == [m["tile"] for m in data["moves"]]
    assert "win" in run(runner, "advise", game, "--samples", "30").output


def test_advise_refuses_when_not_your_turn(runner, game):
    assert run(runner, "log", game, "me plays 6-6").exit_code == 0
    refused(runner, game, "advise", game, says="it is ana's turn, not yours")
    refused(runner, game, "advise", game, "--samples", "0", says="0 is not in the range")


def test_advise_says_draw_when_nothing_plays(runner, tmp_path):
    path = tmp_path / "d.dom"
    assert (
        run(runner, "new", path, "--players", "me ana", "--hand", "6-6 4-4 4-3 4-2 3-3 3-2 2-2").exit_code
        == 0
    )
    assert run(runner, "log", path, "me plays 6-6", "ana plays 6-5 on 6").exit_code == 0
    data = json.loads(run(runner, "advise", path, "--json", "--samples", "30").output)
    assert data["action"] == "draw" and data["moves"] == [] and 0 <= data["win"] <= 1
    assert "nothing plays, so draw" in run(runner, "advise", path, "--samples", "30").output


def test_review_findings_stay_fixed(runner, tmp_path, game):
    # odd digits are not numbers: a clear refusal, not an internal error
    assert run(runner, "log", game, "me plays 6-6").exit_code == 0
    for bad, says in (
        ("ana draws ²", "'²' is not a tile"),
        ("round ²", "write a new round"),
        ("ana plays 6-4 on ²", "name an open end by its number"),
    ):
        refused(runner, game, "log", game, bad, says=says)
    # writing where it cannot: exit 2 and a message
    res = run(runner, "new", tmp_path / "no" / "such" / "g.dom", "--players", "me ana bob", "--hand", HAND)
    assert res.exit_code == 2 and "cannot write there" in res.output
    # reserved and Unicode names
    res = run(runner, "new", tmp_path / "b.dom", "--players", "me boneyard bob", "--hand", HAND)
    assert res.exit_code == 2 and "cannot be a player name" in res.output
    assert run(runner, "new", tmp_path / "j.dom", "--players", "me josé bob", "--hand", HAND).exit_code == 0
    # a rule set twice
    res = run(
        runner,
        "new",
        tmp_path / "t.dom",
        "--players",
        "me ana",
        "--hand",
        HAND + " 2-2 1-1",
        "--set",
        "hand=7 hand=6",
    )
    assert res.exit_code == 2 and "hand is set twice" in res.output
    # no bots at all
    assert run(runner, "simulate", "--bots", ",", "--games", "1").exit_code == 2


def test_winner_known_when_someone_goes_out(runner, tmp_path):
    path = tmp_path / "w.dom"
    assert run(runner, "new", path, "--players", "me ana", "--set", "hand=1", "--hand", "6-6").exit_code == 0
    assert run(runner, "log", path, "me plays 6-6").exit_code == 0
    data = json.loads(run(runner, "status", path, "--json").output)
    assert data["over"] and data["winner"] == "me"


def test_advise_on_is_a_number_and_side_is_added(runner, tmp_path):
    path = tmp_path / "f.dom"
    assert (
        run(
            runner,
            "new",
            path,
            "--players",
            "me ana",
            "--rules",
            "all-fives",
            "--hand",
            "6-6 6-1 5-0 4-4 3-2 2-2 1-0",
        ).exit_code
        == 0
    )
    assert (
        run(
            runner,
            "log",
            path,
            "me plays 6-6",
            "ana plays 6-3 on 6",
            "me plays 3-2 on 3",
            "ana plays 6-2 on 2",
        ).exit_code
        == 0
    )
    data = json.loads(run(runner, "advise", path, "--json", "--samples", "20").output)
    assert all(isinstance(m["on"], int) for m in data["moves"])
    assert {m.get("side") for m in data["moves"] if m["tile"] == "6-1"} == {"left", "right"}


def test_chosen_lead_can_be_advised(runner, tmp_path):
    path = tmp_path / "c.dom"
    assert (
        run(
            runner,
            "new",
            path,
            "--players",
            "me ana",
            "--rules",
            "reserve",
            "--hand",
            "6-6 6-1 5-0 4-4 3-2 2-2 1-0",
        ).exit_code
        == 0
    )
    data = json.loads(run(runner, "advise", path, "--json", "--samples", "10").output)
    assert data["action"] == "play" and len(data["moves"]) == 7


def test_every_command_shows_examples_that_parse(runner):
    """Each command's --help ends with examples, and each example is a command line click
    accepts (its options exist and take what is given)."""
    import shlex

    from domino_advisor.cli.app import COMMANDS
    from domino_advisor.cli.examples import EXAMPLES

    assert set(EXAMPLES) == set(COMMANDS)
    for name, lines in EXAMPLES.items():
        res = run(runner, name, "--help")
        assert res.exit_code == 0 and "Examples:\n" in res.output, name
        for line in lines:
            if line.startswith("  "):  # a note under the example
                continue
            assert f"domino-advisor {line}" in res.output
            args = shlex.split(line)
            command = main.commands[args[0]]
            with command.make_context(args[0], args[1:], resilient_parsing=False):
                pass


def test_completion_for_each_shell(runner):
    for shell in ("bash", "zsh", "fish"):
        res = run(runner, "completion", shell)
        assert res.exit_code == 0 and "_DOMINO_ADVISOR_COMPLETE" in res.output, shell
    env = {"_DOMINO_ADVISOR_COMPLETE": "bash_complete", "COMP_WORDS": "domino-advisor sta", "COMP_CWORD": "1"}
    res = runner.invoke(main, [], env=env, prog_name="domino-advisor")
    assert "plain,status" in res.output.split()
    refused(runner, None, "completion", "powershell", says="'powershell' is not one of")


def test_undo_quiet_prints_nothing_but_takes_the_event_back(runner, game):
    before = game.read_text()
    assert run(runner, "log", game, "me 66").exit_code == 0
    res = run(runner, "undo", game, "-q")
    assert res.exit_code == 0 and res.output == ""
    assert game.read_text() == before


def test_completion_without_a_shell_names_the_shells_in_one_readable_line(runner):
    """Issue 39, R11: click's own message for a missing choice held a line break and
    tabs, printed as escapes ('Choose from:\\x0a\\x09bash,...')."""
    res = refused(runner, None, "completion", says="which shell: bash, zsh or fish")
    error = [line for line in res.output.splitlines() if line.startswith("Error:")]
    assert len(error) == 1 and "\\x" not in res.output, res.output


@pytest.mark.parametrize(
    "instruction,words,cword",
    [
        ("bash_complete", "domino-advisor sta", "x"),  # issue 39, R13: a traceback
        ("zsh_complete", "domino-advisor sta", "²"),  # a digit to isdigit(), not to int()
        pytest.param("bash_complete", "domino-advisor sta", "9" * 5000, id="5000-digits"),  # int() refuses
        ("bash_complete", None, "1"),  # no COMP_WORDS
        ("zsh_complete", "domino-advisor sta", None),  # no COMP_CWORD
        ("fish_complete", "domino-advisor sta", " "),  # a word that splits to nothing
    ],
)
def test_a_completion_request_that_does_not_read_completes_nothing(runner, instruction, words, cword):
    """Issue 39, R13: the shell's completion protocol with a value that is not what a
    shell sends: nothing to complete, no traceback."""
    env = {"_DOMINO_ADVISOR_COMPLETE": instruction, "COMP_WORDS": words, "COMP_CWORD": cword}
    res = runner.invoke(main, [], env=env, prog_name="domino-advisor")
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert res.output.strip() == "", res.output
    cword = "sta" if instruction.startswith("fish") else "1"
    good = {**env, "COMP_WORDS": "domino-advisor sta", "COMP_CWORD": cword}
    assert "status" in runner.invoke(main, [], env=good, prog_name="domino-advisor").output


# The examples on one game, command by command, as a player copying them would type them:
# the game is started, events logged and fixed, then read, advised, reviewed, and undone.
ON_ONE_GAME = ["new", "log", "status", "where", "events", "advise", "review", "edit", "session", "train"]
ON_ONE_GAME += ["undo"]
ADVISED = {"advise", "review", "session", "train"}  # the advice's own work: run in full in the slow tier


def _examples_shown(runner, *command: str) -> list[list[str]]:
    """The example command lines under a --help, as the player reads them there."""
    import shlex

    res = run(runner, *command, "--help")
    assert res.exit_code == 0, res.output
    shown = res.output.split("\n  Examples", 1)[1].splitlines()[1:]
    lines = [line.strip() for line in shown if line.strip().startswith("domino-advisor ")]
    assert lines, res.output
    return [shlex.split(line)[1:] for line in lines]


def _run_in_order(runner, tmp_path, monkeypatch, lines: list[list[str]], skip: set[str]) -> int:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOMINO_ADVISOR_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.setenv("EDITOR", "true")  # edit: the editor saves nothing, so the log stays
    ran = 0
    for args in lines:
        if args[0] in skip:
            continue
        res = runner.invoke(main, args, input="q\n")  # session and train: quit at the prompt
        assert res.exit_code == 0, (args, res.output)
        ran += 1
    return ran


@pytest.mark.parametrize("full", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_the_help_examples_run_in_order_as_written(runner, tmp_path, monkeypatch, full):
    """Issue 39, R10: `log --help`'s example was refused after `new --help`'s ('cy cannot
    pass': the boneyard still held tiles), and new's train example held '...'."""
    skip = set() if full else ADVISED
    lines = [args for name in ON_ONE_GAME for args in _examples_shown(runner, name)]
    assert _run_in_order(runner, tmp_path, monkeypatch, lines, skip) == (20 if full else 12)
    assert "me plays 6-6" in (tmp_path / "friday.dom").read_text()
    assert (tmp_path / "train.dom").exists()


@pytest.mark.parametrize("full", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_the_top_level_help_shows_a_games_first_steps_that_run(runner, tmp_path, monkeypatch, full):
    """Issue 39: every command's --help had examples, the program's own none."""
    lines = _examples_shown(runner)
    assert [args[0] for args in lines] == ["new", "log", "status", "advise", "session", "review", "train"]
    ran = _run_in_order(runner, tmp_path, monkeypatch, lines, set() if full else ADVISED)
    assert ran == (7 if full else 3)


def test_review_takes_an_off_switch_for_what_the_game_lacks(runner, tmp_path):
    """Issue 39: `review --no-hindsight` on a Chicken Foot log exited 2 naming --hindsight,
    which was not typed; turning off what the game has not asks for nothing."""
    path = tmp_path / "foot.dom"
    hand = ["--hand", "75 33 53 81 30 98 21"]
    assert (
        run(runner, "new", path, "--rules", "chicken-foot", "--players", "me ana bob", *hand, "-q").exit_code
        == 0
    )
    for off in (["--no-hindsight"], ["--no-reads"], ["--no-hindsight", "--no-reads", "--json"]):
        res = run(runner, "review", path, *off)
        assert res.exit_code == 0, (off, res.output)
    refused(runner, path, "review", path, "--reads", says="--reads does nothing with a Chicken Foot log")


def test_an_option_refused_is_named_as_typed(runner):
    """The off side of an on/off option is named as typed: --no-reads, not --reads."""
    args = ["train", "--rules", "mexican-train", "--no-record"]
    res = refused(
        runner, None, *args, "--no-reads", says="--no-reads does nothing with --rules mexican-train"
    )
    assert "--reads does" not in res.output
    refused(runner, None, *args, "--reads", says="--reads does nothing with --rules mexican-train")


def test_a_draw_again_with_no_play_between_is_logged_with_one_warning(runner, tmp_path):
    """Issue 39: 'ana d2' then 'ana d2' was taken as one continued draw without a word.
    It is legal (the drawing goes on until a tile plays), so both lines are logged, each
    as written, and `log` says once that ana drew again, as it says a misplay (a doubt);
    a later repeat, by ana or anyone, is said again; a draw after a play is not."""
    from clitools import drive

    path = new_game(runner, tmp_path / "game.dom")
    res = run(runner, "log", path, "me 66", "ana d2", "ana d2")
    assert res.exit_code == 0, res.output
    said = [line for line in res.output.splitlines() if line.startswith("warning:")]
    assert len(said) == 1 and "ana draws again (line 8) with no play between: 4 tiles" in said[0], said
    assert path.read_text().count("ana draws 2\n") == 2
    quiet = run(runner, "log", "-q", path, "ana 64", "bob 43 on 4", "me 63 on 3", "ana d1", "ana d1")
    assert quiet.exit_code == 0 and quiet.output.count("warning: ") == 1, quiet.output
    assert "ana draws again (line 13)" in quiet.output and "2 tiles this turn in all" in quiet.output
    assert run(runner, "log", "-q", path, "ana 65 on 6", "bob d1").output == ""  # a first draw: no word
    text = drive(path, ["bob d1"])  # the session reports it with the event, as it reports a misplay
    assert "warning: bob draws again" in text, text

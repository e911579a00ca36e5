"""Your defaults (issue 11): a TOML file in the config folder of a temporary HOME, used
by ``new`` and ``train``, shown by ``config``; the command line always wins; a bad file
is refused with what is wrong in it."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from clitools import process
from domino_advisor.cli.app import main

CONFIG = """\
name = "ana"
players = "me ana bob"
rules = "all-fives"
set = ["target=150"]
[train]
players = 2
bots = "random"
"""


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "home"
    (home / ".config" / "domino-advisor").mkdir(parents=True)
    return home


def run(home: Path, *args, stdin: bytes | None = None, real: bool = False):
    """The command with ``home`` as HOME and the folder it runs in: in this process (the
    file is looked up afresh by each command), or, with ``real``, as a process of its own."""
    env = {"HOME": str(home), "XDG_CONFIG_HOME": "", "DOMINO_ADVISOR_CONFIG": ""}
    if real:
        return process(*args, env=env, input=stdin, cwd=home)
    with contextlib.chdir(home):
        res = CliRunner().invoke(main, [str(a) for a in args], input=stdin, env=env)
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return SimpleNamespace(returncode=res.exit_code, stdout=res.stdout_bytes, stderr=res.stderr_bytes)


def write(home: Path, text: str) -> Path:
    p = home / ".config" / "domino-advisor" / "config.toml"
    p.write_text(text)
    return p


def test_no_file_says_where_and_how(home):
    res = run(home, "config")
    out = res.stdout.decode()
    assert res.returncode == 0 and "no config file yet" in out
    assert str(home / ".config" / "domino-advisor" / "config.toml") in out and 'players = "me ana bob"' in out


def test_new_takes_your_defaults_and_the_command_line_wins(home):
    write(home, CONFIG)
    shown = run(home, "config").stdout.decode()
    assert "new: --players me ana bob, --me ana, --rules all-fives, --set target=150" in shown
    res = run(home, "new", "a.dom", "--hand", "6-6 5-5 4-4 3-3 2-2", real=True)  # one end to end
    assert res.returncode == 0, res.stderr
    text = (home / "a.dom").read_text()
    assert '[Rules "all-fives"]' in text and '[Set "target=150"]' in text and '[Me "ana"]' in text
    res = run(home, "new", "b.dom", "--hand", "6-6 5-5 4-4 3-3 2-2", "--rules", "block", "--me", "bob")
    assert res.returncode == 0, res.stderr
    text = (home / "b.dom").read_text()
    assert '[Rules "block"]' in text and '[Me "bob"]' in text and '[Players "me ana bob"]' in text


# In process in the fast tier (new above is the end-to-end one), a real process in the slow.
@pytest.mark.parametrize("real", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_train_takes_your_defaults(home, real):
    write(home, CONFIG)
    res = run(home, "train", "--seed", "3", stdin=b"q\n", real=real)  # train reads the terminal itself
    assert res.returncode == 0, res.stderr
    assert "all-fives" in res.stdout.decode()


@pytest.mark.parametrize(
    "text, says",
    [
        ("nme = 1\n", "'nme' is not a setting"),
        ("name = 3\n", "name should be text in quotes"),
        ('rules = "nope"\n', "'nope' is not a preset"),
        ('set = ["target=-4"]\n', "target"),
        ('players = "me"\n', "players names 2 to 4 players"),
        ('name = "zed"\nplayers = "me ana"\n', "'zed' is not one of the players"),
        ("[train]\nplayers = 9\n", "train.players is 2 to 4"),
        ("[train]\nbots = 'x'\n", "train.bots is one of"),
        ("name = \n", "it is TOML"),
        ("a = " + "[" * 1000 + "]" * 1000 + "\n", "nested too deep"),  # was a RecursionError
        ("a = " + "{b = " * 1000 + "1" + "}" * 1000 + "\n", "nested too deep"),
        ('players = "me a#b bob"\n', "players: 'a#b' is not a player name"),
        ('players = "me round bob"\n', "players: 'round' cannot be a player name"),
        ('name = "a b"\n', "name: 'a b' is not a player name"),
    ],
)
def test_a_bad_file_is_refused_saying_what_is_wrong(home, text, says):
    write(home, text)
    res = run(home, "new", "c.dom", "--hand", "6-6 5-5 4-4 3-3 2-2", "--players", "me ana bob")
    assert res.returncode == 2 and says in res.stderr.decode(), res.stderr
    assert b"Traceback" not in res.stderr and not (home / "c.dom").exists()


def test_other_commands_do_not_read_it(home):
    write(home, "nme = 1\n")
    assert run(home, "rules").returncode == 0


def test_the_command_line_players_win_over_your_name(home):
    write(home, 'name = "me"\n')
    res = run(home, "new", "x.dom", "--players", "ana bob zed", "--hand", "6-6 5-5 4-4 3-3 2-2")
    assert res.returncode == 0, res.stderr
    assert '[Me "ana"]' in (home / "x.dom").read_text()


def test_a_bad_file_does_not_block_help(home):
    write(home, "nme = 1\n")
    res = run(home, "new", "--help")
    assert res.returncode == 0 and b"Start a game log" in res.stdout


def test_a_byte_order_mark_is_fine(home):
    (home / ".config" / "domino-advisor" / "config.toml").write_bytes(b'\xef\xbb\xbfname = "me"\n')
    assert b"--me me" in run(home, "config").stdout


def test_a_huge_file_is_refused_without_reading_it(home):
    """A config file of 300 MB (sparse: no disk) is refused from its size, not read
    into memory first (0.9.0 read it whole, then refused it)."""
    import tracemalloc

    from domino_advisor.cli import config

    p = home / ".config" / "domino-advisor" / "config.toml"
    with open(p, "wb") as f:
        f.truncate(300_000_000)
    tracemalloc.start()
    try:
        with pytest.raises(config.LogFileError, match="is over 64,000 bytes"):
            config.load(p)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 30_000_000  # a safety limit: reading it costs ten times that


def test_a_pipe_is_refused_without_waiting(home):
    p = home / ".config" / "domino-advisor" / "config.toml"
    os.mkfifo(p)
    res = run(home, "new", "c.dom", "--hand", "6-6 5-5 4-4 3-3 2-2", "--players", "me ana bob")
    assert res.returncode == 2 and b"is not a file" in res.stderr, res.stderr


# -- issue 39: your defaults can never stop a game --------------------------------------------
GAME = '[Rules "classic"]\n[Players "me ana bob"]\nround 1\nme holds 6-3 5-2 3-1 0-0 4-4\nbob plays 6-6\n'


@pytest.mark.parametrize("columns", ["200", "40"])
def test_the_printed_example_is_toml_however_it_is_piped(home, columns):
    """`config > FILE` at any width makes a file that reads, the example's settings in it
    (0.9.0 wrapped a comment at 80 columns, leaving a line reading only 'train')."""
    import tomllib

    res = run(home, "config")
    assert res.returncode == 0
    parsed = tomllib.loads(res.stdout.decode())
    assert parsed["players"] == "me ana bob" and parsed["train"]["bots"] == "advisor"
    assert parsed["session"] == {"full": False}
    p = home / ".config" / "domino-advisor" / "config.toml"
    with contextlib.chdir(home):  # the shell makes the file, empty, before the command runs
        p.write_text("")
        res = CliRunner().invoke(main, ["config"], env={"HOME": str(home), "COLUMNS": columns})
    p.write_text(res.stdout)
    assert tomllib.loads(p.read_text()) == {} or "sets nothing" in res.stdout  # comments only
    assert run(home, "config", "--check").returncode == 0


def test_every_line_of_the_example_is_short():
    from domino_advisor.cli import config

    assert max(len(line) for line in config.EXAMPLE.splitlines()) <= 40


@pytest.mark.parametrize(
    "command",
    [
        ["status", "g.dom"],
        ["status", "g.dom", "--json"],
        ["where", "g.dom", "5-5"],
        ["events", "g.dom"],
        ["advise", "g.dom", "--samples", "5", "--json"],
        ["review", "g.dom", "--samples", "2", "--json"],
        ["log", "-q", "g.dom", "me 63"],
        ["undo", "-q", "g.dom"],
    ],
    ids=lambda c: " ".join(c[:1] + c[2:]),
)
def test_a_config_that_does_not_read_is_one_warning_on_a_game_in_progress(home, command):
    """The commands on a log say what is wrong (file, line, setting) in one warning line
    on standard error and go on with the built-in defaults: the same output as with no
    config file at all."""
    (home / "g.dom").write_text(GAME)
    clean = run(home, *command)
    assert clean.returncode == 0 and clean.stderr == b"", clean.stderr
    (home / "g.dom").write_text(GAME)
    p = write(home, 'name = "me"\nreads = "yes"\n')
    res = run(home, *command)
    assert res.returncode == 0, res.stderr

    def timeless(out: bytes) -> list[bytes]:  # the time the advice took is the machine's
        return [line for line in out.splitlines() if b'"seconds"' not in line]

    assert timeless(res.stdout) == timeless(clean.stdout)
    lines = res.stderr.decode().splitlines()
    assert lines == [
        f"warning: config {p}, line 2: reads should be true or false; your defaults are not used "
        "('domino-advisor config --check' lists what is wrong)"
    ]


def test_the_session_and_edit_go_on_too(home, monkeypatch):
    (home / "g.dom").write_text(GAME)
    write(home, "[session]\nfull = 3\n")
    res = run(home, "session", "g.dom", "--samples", "5", stdin=b"me 63\nq\n")
    assert res.returncode == 0 and b"line 2: session.full should be true or false" in res.stderr
    assert (home / "g.dom").read_text().endswith("me plays 6-3 on 6\n")
    res = run(home, "edit", "g.dom")  # EDITOR=false: nothing saved, the warning said first
    assert res.stderr.decode().startswith("warning: config")


def test_new_and_train_refuse_with_the_configs_own_words(home):
    """R7: one mistake in the file made `new` say "Missing option '--players'"; it says
    the file's problem now, exit 2, and makes nothing."""
    p = write(home, 'players = "me ana bob"\nreads = "yes"\n')
    res = run(home, "new", "c.dom", "--hand", "6-6 5-5 4-4 3-3 2-2")
    said = res.stderr.decode()
    assert res.returncode == 2 and f"config {p}, line 2: reads should be true or false" in said, said
    assert "--players" not in said and not (home / "c.dom").exists()
    res = run(home, "train", "--seed", "1", stdin=b"q\n")
    assert res.returncode == 2 and "line 2: reads should be true or false" in res.stderr.decode()


def test_config_check_lists_every_reason(home):
    assert run(home, "config", "--check").returncode == 0  # no file: the built-in defaults
    p = write(home, 'reads = "yes"\n[train]\nplayers = 9\n')
    res = run(home, "config", "--check")
    assert res.returncode == 2
    assert res.stderr.decode().splitlines() == [
        f"error: config {p}, line 1: reads should be true or false",
        f"error: config {p}, line 3: train.players is 2 to 4, not 9",
    ]
    write(home, CONFIG)
    res = run(home, "config", "--check")
    assert res.returncode == 0 and b"reads" in res.stdout


def test_the_session_full_setting_is_the_sessions_default(home):
    (home / "g.dom").write_text(GAME)
    write(home, "[session]\nfull = true\n")
    full = run(home, "session", "g.dom", "--samples", "5", stdin=b"me 63\nq\n").stdout.decode()
    assert "logged event 4: me plays 6-3 on 6" in full and "what each opponent can hold" in full
    short = run(home, "session", "g.dom", "--short", "--samples", "5", stdin=b"ana d1\nq\n").stdout.decode()
    assert "5 ana draws 1 · ends 3 6 · ana next" in short and "logged event" not in short


def test_an_option_that_reads_help_is_not_a_request_for_it(home):
    """F1: a value, or a word after --, that read -h or --help let `new` past a config
    that does not read (and made the game from the built-in defaults)."""
    write(home, 'reads = "yes"\n')
    for args in (
        ["new", "y.dom", "--players", "-h b", "--me", "-h", "--hand", "66 65 64 63 62 61 60"],
        ["new", "--players", "a b", "--hand", "66 65 64 63 62 61 60", "--", "--help"],
        ["new", "x.dom", "--players", "a b", "--", "--help"],
    ):
        res = run(home, *args)
        assert res.returncode == 2 and b"line 1: reads should be true or false" in res.stderr, (
            args,
            res.stderr,
        )
        assert b"Missing option" not in res.stderr
    assert not any(home.glob("*.dom")) and not (home / "--help").exists()


@pytest.mark.parametrize(
    "text, first",
    [
        ("reads = true\nreads = false\n", "line 2: reads: cannot overwrite a value"),
        ("train = {players = 9}\n", "line 1: train.players is 2 to 4, not 9"),
        ('reads = "x"\n[train]\nplayers = 9\n', "line 1: reads should be true or false"),
        ('[train]\nplayers = 9\n[session]\nfull = 1\nrules = "nope"\n', "line 2: train.players"),
    ],
)
def test_every_problem_names_its_line_and_the_first_comes_first(home, text, first):
    """F5: tomllib's own words named no setting, an inline table no line, and the
    warning's problem was not the file's first."""
    p = write(home, text)
    res = run(home, "config", "--check")
    said = res.stderr.decode().splitlines()
    assert res.returncode == 2 and said[0].startswith(f"error: config {p}, {first}"), said


@pytest.mark.parametrize(
    "xdg, home",
    [
        ("", "/home/ana"),
        ("/tmp/xdg", "/home/ana"),
        ("relative/xdg", "/home/ana"),
        ("", "/home/ana/"),
        ("", ""),
    ],
)
def test_the_config_folder_is_platformdirs_own(monkeypatch, xdg, home):
    """The folder worked out without platformdirs (start-up) is the one it gives."""
    from platformdirs import user_config_dir

    from domino_advisor.cli import config

    monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    monkeypatch.setenv("HOME", home)
    if not home:
        monkeypatch.delenv("HOME")
    assert config._config_folder() == user_config_dir("domino-advisor", appauthor=False)

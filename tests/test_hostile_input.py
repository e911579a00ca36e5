"""Text from a file, an option or a typed line is data: never markup, never terminal
control, never a crash.  Numbers have sane ranges, and output that cannot be encoded or
written is handled in one line.  Every refusal leaves the file's bytes as they were."""

from __future__ import annotations

import contextlib
import io
import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from clitools import CLI, HAND, console_under, measured, new_game, process, refused, run, usage_of

MARKUP = "[/x]"
LINK = "[link=file:///etc/passwd]click[/link]"
ESCAPES = ["\x1b[2J", "\x1b]8;;http://evil.example/\x1b\\here\x1b]8;;\x1b\\", "\x9b31m", "\u202e"]


def session_output(game: Path, lines: list[str]) -> tuple[int, str]:
    """A session on ``game`` fed these lines: how many were not logged, and what it printed."""
    import io
    import sys

    from domino_advisor.cli.session import run as run_session
    from domino_advisor.views.terminal import make_console

    typed = iter(lines)
    out = io.StringIO()
    old, sys.stdout = sys.stdout, out
    try:
        refused = run_session(game, make_console(), lambda prompt: next(typed), samples=10, seconds=0.05)
    finally:
        sys.stdout = old
    return refused, out.getvalue()


def clean(output: str) -> None:
    assert "Traceback" not in output and "MarkupError" not in output, output
    assert "\x1b" not in output and "\x9b" not in output and "\u202e" not in output, repr(output)


# -- markup --------------------------------------------------------------------------------
def test_markup_in_an_event_is_shown_as_written(runner, game):
    res = refused(runner, game, "log", game, f"bob plays {MARKUP}", says=MARKUP)
    clean(res.output)


def test_markup_in_tags_and_names(runner, tmp_path):
    for tag, says in (
        (f'[Rules "{MARKUP}"]', MARKUP),
        (f'[Rules "{LINK}"]', LINK),
        (f'[Players "me {MARKUP}"]', MARKUP),
        (f'[Set "{LINK}=1"]', LINK),
    ):
        path = tmp_path / "t.dom"
        players = "" if "Players" in tag else '[Players "me ana"]\n'
        path.write_text(f"{tag}\n{players}round 1\nme holds 6-6 5-5 4-4 3-3 2-2 1-1 0-0\n")
        clean(refused(runner, path, "status", path, says=says).output)
    res = refused(
        runner, None, "new", tmp_path / "n.dom", "--players", f"me {MARKUP}", "--hand", HAND, says=MARKUP
    )
    clean(res.output)


def test_markup_in_a_file_name_and_options(runner, tmp_path):
    path = tmp_path / "[bold red]loud.dom"  # a file name cannot hold '/'
    res = run(runner, "new", path, "--players", "me ana bob", "--hand", HAND)
    assert res.exit_code == 0 and f"started {path}" in res.output, res.output
    res = refused(runner, None, "status", tmp_path / "[link=https:x]click.dom", says="[link=https:x]")
    clean(res.output)
    for args in (
        ["new", tmp_path / "r.dom", "--players", "me ana", "--rules", MARKUP, "--hand", HAND],
        ["simulate", "--bots", MARKUP, "--games", "1"],
        ["simulate", "--rules", MARKUP, "--bots", "heavy", "--games", "1"],
        ["train", "--bots", MARKUP],
        ["simulate", "--bots", "heavy", "--set", f"{MARKUP}=1", "--games", "1"],
    ):
        clean(refused(runner, None, *args, says=MARKUP).output)


# -- terminal control ----------------------------------------------------------------------
@pytest.mark.parametrize("escape", ESCAPES, ids=["clear", "osc-link", "csi-c1", "bidi"])
def test_escapes_in_a_log_line_are_shown_as_escapes(runner, game, escape):
    game.write_text(game.read_text() + f"ana plays 6-4{escape} on 6\n")
    res = refused(runner, game, "status", game, says="is not a tile")
    clean(res.output)
    assert "\\x1b" in res.output or "\\x9b" in res.output or "\\u202e" in res.output


def test_escapes_in_comments_and_tags_never_reach_the_terminal(runner, game):
    game.write_text(game.read_text().replace("round 1", "# \x1b[2J wiped\nround 1") + "# \x1b]0;title\x07\n")
    res = run(runner, "status", game)
    assert res.exit_code == 0, res.output
    clean(res.output)
    res = run(runner, "log", game, "ana draws 1")
    assert res.exit_code == 0
    assert "\x1b[2J" in game.read_text()  # the file keeps what the user wrote


def test_typed_escapes_are_refused_and_never_written(runner, game):
    for bad, says in (
        ("ana plays 6-4 on 6 # \x1b[2J", "holds a control character (\\x1b)"),
        ("ana draws 1 # one\nme plays 6-3 on 6", "holds a line break"),
    ):
        res = refused(runner, game, "log", game, bad, says=says)
        clean(res.output)


def test_escapes_on_a_piped_stderr(tmp_path, runner):
    path = new_game(runner, tmp_path / "p.dom")
    res = process("log", path, "ana plays \x1b[2J6-4")
    assert res.returncode == 2
    assert b"\x1b" not in res.stderr + res.stdout and b"\\x1b[2J" in res.stderr


def test_session_echoes_are_data(runner, game):
    _, out = session_output(game, [f"ana 64 on {MARKUP}", "ana \x1b[2J", "u \x1b[2J", "q"])
    clean(out)
    assert "\\x1b[2J" in out and MARKUP in out


# -- numbers --------------------------------------------------------------------------------
HUGE = "9" * 4000


def test_huge_and_odd_numbers_are_refused(runner, game):
    refused(runner, game, "log", game, f"ana draws {HUGE}", says="has only 28 tiles")
    refused(runner, game, "log", game, f"ana plays 6-4 on {HUGE}", says="name an open end")
    refused(runner, game, "log", game, f"round {HUGE}", says="write a new round")
    refused(runner, game, "undo", game, HUGE, says="is not in the range")
    refused(runner, None, "bench", "--positions", "-5", says="-5 is not in the range")
    refused(
        runner,
        None,
        "simulate",
        "--bots",
        f"advisor:{HUGE}",
        "--games",
        "1",
        says="the samples are a whole number",
    )
    refused(
        runner, None, "simulate", "--bots", "advisor:²", "--games", "1", says="the samples are a whole number"
    )
    refused(runner, game, "advise", game, "--samples", HUGE, says="is not in the range")


def test_counts_beyond_the_set_are_refused(runner, game, tmp_path):
    res = refused(runner, game, "log", game, f"ana counts {HUGE}", says="at most 168 pips")
    assert len(res.output) < 400  # the message quotes the start of the line, not all of it
    refused(runner, game, "log", game, "ana counts 169", says="at most 168 pips")
    nine = new_game(runner, tmp_path / "nine.dom", "me ana bob", "9-9 6-3 5-2 3-1 0-0", "--set", "set=9")
    refused(runner, nine, "log", nine, "ana counts 496", says="at most 495 pips in the double-nine set")


def test_session_numbers(runner, game):
    before = game.read_bytes()
    refused, out = session_output(game, [f"u {HUGE}", "u ²", f"bob d{HUGE}", "bob d²", "q"])
    assert refused == 4
    text = " ".join(out.split())  # messages wrap at the console's width
    assert "internal error" not in text and "Traceback" not in text, text
    assert text.count("not logged") == 4, text
    assert "the log has only 3 events" in text and "undo takes a number" in text
    assert "write how many bob drew" in text and len(text) < 8000
    assert game.read_bytes() == before


def test_time_must_be_finite(runner, game):
    for bad in ("nan", "inf", "-1", "0"):
        refused(runner, game, "advise", game, "--time", bad, says="--time")


# -- output that cannot be encoded or written -------------------------------------------------
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_status_on_a_terminal_without_unicode(tmp_path, runner, encoding):
    path = new_game(runner, tmp_path / "e.dom")
    res = process("status", path, env={"PYTHONIOENCODING": encoding})
    assert res.returncode == 0, res.stderr
    text = res.stdout.decode(encoding)
    assert "what each opponent can hold" in text and "+-" in text  # ASCII boxes
    # advice in process, to an output of the same encoding (the real process: slow tier)
    res = run(CliRunner(charset=encoding), "advise", path, "--samples", "20")
    assert res.exit_code == 0, res.output
    res.stdout_bytes.decode(encoding)


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_advice_on_a_terminal_without_unicode_as_a_process(tmp_path, runner, encoding):
    path = new_game(runner, tmp_path / "e.dom")
    res = process("advise", path, "--samples", "20", env={"PYTHONIOENCODING": encoding})
    assert res.returncode == 0, res.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["status"], ["status", "--json"], ["rules"]])
def test_a_full_disk_on_stdout_is_one_line_in_process(tmp_path, runner, monkeypatch, args):
    """In process, the commands' standard output a file on /dev/full (as real processes:
    status below, every command in the slow tier)."""
    from domino_advisor.views import terminal

    path = new_game(runner, tmp_path / "f.dom")
    full = [args[0], path, *args[1:]] if args[0] != "rules" else args
    sink = open("/dev/full", "w")  # closed below, whatever it still holds
    stdout = terminal._Stream.target
    monkeypatch.setattr(terminal._Stream, "target", property(lambda s: stdout.fget(s) if s.stderr else sink))
    try:
        res = run(runner, *full)
    finally:
        with contextlib.suppress(OSError):
            sink.close()
    assert res.exit_code == 1 and "Traceback" not in res.output, res.output
    assert res.stderr.strip().count("\n") == 0 and "could not write the output" in res.stderr, res.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["status"],
        pytest.param(["status", "--json"], marks=pytest.mark.slow),
        pytest.param(["rules"], marks=pytest.mark.slow),
    ],
)
def test_a_full_disk_on_stdout_is_one_line(tmp_path, runner, args):
    path = new_game(runner, tmp_path / "f.dom")
    full = [args[0], path, *args[1:]] if args[0] != "rules" else args
    with open("/dev/full", "w") as sink:
        res = subprocess.run([*CLI, *map(str, full)], stdout=sink, stderr=subprocess.PIPE, timeout=60)
    err = res.stderr.decode()
    assert res.returncode == 1 and "Traceback" not in err, err
    assert err.strip().count("\n") == 0 and "could not write the output" in err


def test_a_closed_pipe_is_quiet(tmp_path, runner):
    path = new_game(runner, tmp_path / "pipe.dom")
    p = subprocess.Popen(
        [*CLI, "status", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
    )
    p.stdout.close()  # like `| head -0`
    err = p.stderr.read().decode()
    p.wait(timeout=60)
    assert "Traceback" not in err and err.count("\n") <= 1, err


def _on_a_terminal(args, env) -> str:
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.environ.update(env)
        os.execv(CLI[0], [*CLI, *args])
    out = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 1)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.waitpid(pid, 0)
    return out.decode("utf-8", "replace")


@pytest.mark.parametrize("columns", ["0", "1", "abc", "99999999999999"])
def test_odd_columns_still_print(tmp_path, runner, monkeypatch, columns):
    """In process: a console made under this COLUMNS prints the status (on a real
    terminal: below, and the slow tier)."""
    path = new_game(runner, tmp_path / "w.dom")
    console_under(monkeypatch, COLUMNS=columns)
    res = run(runner, "status", path)
    assert res.exit_code == 0 and "what each opponent can hold" in " ".join(res.output.split()), res.output


@pytest.mark.parametrize(
    "columns", ["0", *(pytest.param(c, marks=pytest.mark.slow) for c in ["1", "abc", "99999999999999"])]
)
def test_odd_columns_on_a_terminal_still_print(tmp_path, runner, columns):
    path = new_game(runner, tmp_path / "w.dom")
    out = _on_a_terminal(["status", str(path)], {"COLUMNS": columns, "NO_COLOR": "1"})
    assert "what each opponent" in out.replace("\r\n", " ").replace("\n", " ") or "opponent" in out, out


# -- lines and comments --------------------------------------------------------------------------
@pytest.mark.parametrize("separator", ["\u2028", "\u0085", "\x0c", "\u2029", "\x1c", "\r"])
def test_a_comment_cannot_hide_an_event(runner, tmp_path, separator):
    path = new_game(runner, tmp_path / "h.dom")
    plain = json.loads(run(runner, "status", path, "--json").output)
    path.write_text(path.read_text() + f"# note{separator}me draws 6-6\n")
    res = run(runner, "status", path, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output) == plain  # a comment, as every text tool shows it


def test_crlf_lines_still_read(runner, tmp_path):
    path = new_game(runner, tmp_path / "crlf.dom")
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n") + b"me plays 6-6\r\n")
    data = json.loads(run(runner, "status", path, "--json").output)
    assert data["to_move"] == "ana"


def test_a_comment_after_an_event_is_kept(runner, game):
    game.write_text(game.read_text() + "ana plays 6-2 on 6  # fixed by hand\n")
    res = run(runner, "status", game, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["to_move"] == "bob"
    assert run(runner, "log", "-q", game, "bob plays 2-2 on 2   # a spinner? no").exit_code == 0
    text = game.read_text()
    assert "ana plays 6-2 on 6  # fixed by hand\n" in text
    assert text.endswith("bob plays 2-2 on 2  # a spinner? no\n")
    tagged = game.read_text().replace('[Rules "classic"]', '[Rules "classic"]  # our house')
    game.write_text(tagged)
    assert run(runner, "log", game, "me passes").exit_code == 2  # still refused for its own reason
    assert run(runner, "undo", game).exit_code == 0
    assert '[Rules "classic"]  # our house' in game.read_text()


def test_a_session_starts_on_a_log_with_trailing_comments(runner, game):
    from domino_advisor.cli.session import Session
    from domino_advisor.views.terminal import make_console

    game.write_text(game.read_text() + "ana plays 6-2 on 6  # fixed by hand\n")
    s = Session(game, make_console(), samples=10, seconds=0.05)
    s.handle("bob 22 # slow")
    assert game.read_text().endswith("bob plays 2-2 on 2  # slow\n")


# -- found by a red team --------------------------------------------------------------------------
class _EndlessLine(io.TextIOBase):
    """Standard input holding one line of ``size`` characters, then 'q': made as it is
    read, so only what the program keeps takes memory."""

    def __init__(self, size: int):
        self.left = size
        self.rest = ["\n", "q\n"]

    def readline(self, limit: int | None = -1) -> str:  # type: ignore[override]
        if self.left:
            n = self.left if limit is None or limit < 0 else min(limit, self.left)
            self.left -= n
            return "x" * n
        return self.rest.pop(0) if self.rest else ""

    def isatty(self) -> bool:
        return False


def test_a_typed_line_is_read_in_bounded_memory(monkeypatch):
    """40 MB on one line: read_line keeps at most its limit of it (a readline without a
    limit held all 40 MB, and a session's or a lesson's memory grew with the line)."""
    import tracemalloc

    from domino_advisor.views.terminal import read_line

    monkeypatch.setattr(sys, "stdin", _EndlessLine(40_000_000))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    tracemalloc.start()
    try:
        line = read_line("> ", 4_096)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(line) == 4_097 and read_line("> ", 4_096) == "q"
    assert peak < 4_000_000, peak  # it needs some 200 kB; the whole line would be 40 MB


@pytest.mark.slow
def test_an_endless_typed_line_is_refused_in_bounded_memory(tmp_path, runner):
    path = new_game(runner, tmp_path / "z.dom")
    usage = tmp_path / "usage.json"
    for command in (["session", path, "--samples", "5"], ["train", "--seed", "1"]):
        p = measured(
            *command, usage=usage, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            for _ in range(40):  # 40 MB on one line, then quit
                p.stdin.write(b"x" * 1_000_000)
            p.stdin.write(b"\nq\n")
            p.stdin.close()
        except BrokenPipeError:
            pass
        err = p.stderr.read()
        p.stderr.close()
        p.wait()
        assert b"Traceback" not in err and b"internal error" not in err, err
        assert usage_of(usage)["mb"] < 200, usage_of(usage)


def test_bytes_that_are_not_utf8(tmp_path, runner):
    path = new_game(runner, tmp_path / "b.dom")
    assert run(runner, "log", "-q", path, "me plays 6-6").exit_code == 0
    refused(runner, path, "log", path, "ana draws 1 # caf\udce9", says="not UTF-8 text")
    res = process("session", path, "--samples", "5", input=b"ana d1 # caf\xe9\nana d1\nq\n")
    assert b"not UTF-8 text" in res.stdout and b"Traceback" not in res.stdout + res.stderr
    assert path.read_text().endswith("ana draws 1\n")
    res = process(
        "session",
        path,
        "--samples",
        "5",
        input="ana d1 # café\nq\n".encode(),
        env={"PYTHONIOENCODING": "ascii"},
    )
    assert b"Traceback" not in res.stdout + res.stderr and res.returncode == 2
    # a file name that is not UTF-8, as Python hands it over from the command line
    odd = os.fsdecode(os.fsencode(tmp_path) + b"/\xfe.dom")
    res = run(runner, "new", odd, "--players", "me ana bob", "--hand", HAND)
    assert res.exit_code == 0 and "\\udcfe.dom" in res.output, res.output
    page = tmp_path / "page.html"
    res = run(runner, "review", odd, "--samples", "2", "--html", page)
    assert res.exit_code == 0, res.output
    assert "\\udcfe.dom" in page.read_text()


@pytest.mark.slow
def test_a_file_name_that_is_not_utf8_as_a_process(tmp_path):
    odd = os.fsencode(tmp_path) + b"/\xfe.dom"
    res = subprocess.run(
        [*CLI, "new", odd, "--players", "me ana bob", "--hand", HAND],
        capture_output=True,
        env={**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    assert res.returncode == 0 and b"\\udcfe.dom" in res.stdout, res.stdout + res.stderr
    page = tmp_path / "page.html"
    res = subprocess.run(
        [*CLI, "review", odd, "--samples", "2", "--html", str(page)],
        capture_output=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=120,
    )
    assert res.returncode == 0, res.stderr
    assert "\\udcfe.dom" in page.read_text()


def test_zeros_in_front_do_not_make_a_huge_number(runner, game):
    refused(
        runner,
        None,
        "simulate",
        "--bots",
        "advisor:" + "0" * 5000 + "1000000",
        "--games",
        "1",
        says="the samples are a whole number",
    )
    res = run(runner, "simulate", "--bots", "heavy,advisor:" + "0" * 5000 + "1", "--games", "1")
    assert res.exit_code == 0 and "Traceback" not in res.output
    _, out = session_output(game, ["u " + "0" * 4000 + "1", "q"])
    assert "Traceback" not in out and "removed: me plays 6-6" in out
    assert not game.read_text().endswith("me plays 6-6\n")


def test_demo_pause_without_input_runs_through(runner, monkeypatch):
    """In process, stdin empty (not a terminal) and the demo's advice at 5 samples: its
    pauses meet the end of input and the demo goes on to the end."""
    from domino_advisor import api

    advice_of = api.advice_of
    monkeypatch.setattr(api, "advice_of", lambda pos, **kw: advice_of(pos, **{**kw, "samples": 5}))
    res = run(runner, "demo", "--pause", input="")
    assert res.exit_code == 0 and "the round is over" in res.output, res.output
    assert res.output.count("press Enter to go on") == 1, res.output


@pytest.mark.slow
def test_demo_pause_without_input_runs_through_as_a_process():
    res = process("demo", "--pause", input=b"")
    assert res.returncode == 0 and b"the round is over" in res.stdout, res.stderr


@pytest.mark.parametrize("name", ["COLUMNS", "LINES"])
def test_odd_digits_in_the_size_variables_in_process(runner, monkeypatch, name):
    console_under(monkeypatch, **{name: "²"})
    res = run(runner, "rules")
    assert res.exit_code == 0 and "classic" in res.output, res.output


@pytest.mark.parametrize("name", ["COLUMNS", pytest.param("LINES", marks=pytest.mark.slow)])
def test_odd_digits_in_the_size_variables(name):
    res = process("rules", env={name: "²"})
    assert res.returncode == 0 and b"Traceback" not in res.stderr, res.stderr


def _main_with_stdout(monkeypatch, stdout, args) -> tuple[int, str]:
    """The program's main in this process (no runner: click writes help and version
    straight to sys.stdout), standard output ``stdout``: its exit code and stderr."""
    import io
    import sys

    from domino_advisor.cli.app import main

    err = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", err)
    with pytest.raises(SystemExit) as end:
        main.main(list(args), prog_name="domino-advisor")
    return end.value.code, err.getvalue()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["status", "--help"]])
def test_help_and_version_to_a_full_disk_in_process(monkeypatch, args):
    """In process, sys.stdout a file on /dev/full (as a real process: --help below, the
    three in the slow tier)."""
    sink = open("/dev/full", "w")  # closed below, whatever it still holds
    try:
        code, err = _main_with_stdout(monkeypatch, sink, args)
    finally:
        with contextlib.suppress(OSError):
            sink.close()
    assert code == 1 and "Traceback" not in err and "internal error" not in err, err
    assert "could not write the output" in err and err.strip().count("\n") == 0


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        pytest.param(["--version"], marks=pytest.mark.slow),
        pytest.param(["status", "--help"], marks=pytest.mark.slow),
    ],
)
def test_help_and_version_to_a_full_disk(args):
    with open("/dev/full", "w") as sink:
        res = subprocess.run([*CLI, *args], stdout=sink, stderr=subprocess.PIPE, timeout=60)
    err = res.stderr.decode()
    assert res.returncode == 1 and "Traceback" not in err and "internal error" not in err, err
    assert "could not write the output" in err and err.strip().count("\n") == 0


def test_help_into_a_closed_pipe_in_process(monkeypatch):
    """In process, sys.stdout a pipe whose reading end is closed (as a real process:
    the slow tier)."""
    read, write = os.pipe()
    os.close(read)
    pipe = open(write, "w")  # closed below, whatever it still holds
    try:
        code, err = _main_with_stdout(monkeypatch, pipe, ["status", "--help"])
    finally:
        with contextlib.suppress(OSError):
            pipe.close()
    assert code == 1 and "internal error" not in err and "Traceback" not in err, err
    assert err == ""  # a closed pipe is no news to the reader


@pytest.mark.slow
def test_help_into_a_closed_pipe():
    p = subprocess.Popen([*CLI, "status", "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    err = p.stderr.read().decode()
    p.wait(timeout=60)
    assert "internal error" not in err and "Traceback" not in err, err


def test_a_message_cannot_forge_a_line(runner):
    """In process: the message on stderr (the real process: the slow tier)."""
    res = run(runner, "rules", "classic\nerror: fake second line")
    assert res.exit_code == 2 and res.stderr.count("\n") == 1 and "\\x0aerror: fake" in res.stderr, res.stderr
    res = run(runner, "rules", "a\x07b\rc")
    assert "\\x07" in res.stderr and "\\x0d" in res.stderr
    res = run(runner, "rules", "9" * 5000)
    assert res.exit_code == 2 and len(res.stderr.encode()) < 700


@pytest.mark.slow
def test_a_message_cannot_forge_a_line_as_a_process():
    res = process("rules", "classic\nerror: fake second line")
    err = res.stderr.decode()
    assert res.returncode == 2 and err.count("\n") == 1 and "\\x0aerror: fake" in err, err
    res = process("rules", "a\x07b\rc")
    assert "\\x07" in res.stderr.decode() and "\\x0d" in res.stderr.decode()
    res = process("rules", "9" * 5000)
    assert res.returncode == 2 and len(res.stderr) < 700

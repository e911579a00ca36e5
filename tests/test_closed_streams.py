"""A write that has landed is never reported as a failure, a closed standard input is
the end of input, and output cut short is never exit code 0.

Once a command's change is on disk, an output that fails (closed, full, cut short by
``ulimit -f``, a closed pipe) is a warning on standard error and exit code 0, so a
script that retries on failure does not log the same events twice; a command that
wrote nothing exits 1 with one line.  Started without a standard input (``<&-``), a
command that reads lines ends as at Ctrl-D.  In process, ``main_with`` sets the
streams as Python leaves them for ``>&-`` and ``<&-`` (None); the real processes below
check the same through the shell's own redirections."""

from __future__ import annotations

import errno
import io
import os
import resource
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from clitools import CLI, CLOSED, HAND, main_with, new_game


@pytest.fixture
def game(tmp_path) -> Path:
    return new_game(CliRunner(), tmp_path / "g.dom")


def test_new_with_stdout_closed_is_a_warning_and_exit_0(tmp_path, monkeypatch):
    path = tmp_path / "n.dom"
    code, _, err = main_with(
        monkeypatch, "new", path, "--players", "me ana bob", "--hand", HAND, stdout=CLOSED
    )
    assert code == 0, err
    assert err.strip().count("\n") == 0 and "was started, but the output could not be written" in err, err
    assert "standard output is closed" in err and "internal error" not in err
    assert "me holds 6-6" in path.read_text()


@pytest.mark.parametrize(
    "args, done, ends",
    [
        (["log", "{}", "me plays 6-6"], "logged 1 event", "me plays 6-6\n"),
        (["log", "{}", "--replace", "2", f"me holds {HAND}"], "changed event 2", f"me holds {HAND}\n"),
        (["undo", "{}"], "removed 1 event", "round 1\n"),
    ],
)
def test_a_change_with_stdout_closed_is_a_warning_and_exit_0(game, monkeypatch, args, done, ends):
    code, _, err = main_with(monkeypatch, *[a.format(game) for a in args], stdout=CLOSED)
    assert code == 0, err
    assert f"{done}, but the output could not be written (standard output is closed)" in err, err
    assert err.strip().count("\n") == 0 and "internal error" not in err
    assert game.read_text().endswith(ends)


def test_a_change_with_stdout_and_stderr_closed_is_silent_and_exit_0(game, monkeypatch):
    code, _, _ = main_with(monkeypatch, "log", game, "me plays 6-6", stdout=CLOSED, stderr=CLOSED)
    assert code == 0
    assert game.read_text().endswith("me plays 6-6\n")


@pytest.mark.parametrize(
    "args", [["status", "{}"], ["status", "{}", "--json"], ["rules"], ["progress", "--json"]]
)
def test_a_reader_with_stdout_closed_is_one_line_and_exit_1(game, monkeypatch, args):
    code, _, err = main_with(monkeypatch, *[a.format(game) for a in args], stdout=CLOSED)
    assert code == 1, err
    assert err == "error: could not write the output (standard output is closed)\n", err


def test_a_reader_with_stdout_and_stderr_closed_exits_1(game, monkeypatch):
    code, _, _ = main_with(monkeypatch, "status", game, stdout=CLOSED, stderr=CLOSED)
    assert code == 1


class _FullOnceLogged(io.StringIO):
    """An output that fills up (ENOSPC) once the log on disk ends with ``line``."""

    def __init__(self, path: Path, line: str):
        super().__init__()
        self.path, self.line = path, line

    def write(self, text: str) -> int:
        if self.path.read_text().endswith(self.line + "\n"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return super().write(text)


def test_a_session_whose_output_fails_after_a_logged_line_is_a_warning(game, monkeypatch):
    sink = _FullOnceLogged(game, "me plays 6-6")
    code, _, err = main_with(
        monkeypatch, "session", game, "--samples", "20", typed="me plays 6-6\nana plays 6-5\n", stdout=sink
    )
    assert code == 0, err
    assert "what the session logged is saved in" in err and "could not be written (No space" in err, err
    assert err.strip().count("\n") == 0
    assert game.read_text().endswith("me plays 6-6\n")  # the next line was not read, nor logged


def test_a_page_written_then_output_lost_is_a_warning(tmp_path, monkeypatch):
    """progress --html: the page is on disk, the table after it could not be shown."""
    page = tmp_path / "p.html"
    code, _, err = main_with(monkeypatch, "progress", "--html", page, stdout=CLOSED)
    assert code == 0, err
    assert f"wrote {page}, but the output could not be written" in err, err
    assert page.read_text().lower().startswith("<!doctype html>")


def test_a_review_page_written_then_output_lost_is_a_warning(game, tmp_path, monkeypatch):
    page = tmp_path / "r.html"
    args = ["review", game, "--html", page, "--samples", "5", "--no-hindsight"]
    code, _, err = main_with(monkeypatch, *args, stdout=CLOSED)
    assert code == 0, err
    assert f"wrote {page}, but the output could not be written" in err, err
    assert page.read_text().lower().startswith("<!doctype html>")


def test_demo_save_then_output_lost_is_a_warning(tmp_path, monkeypatch):
    saved = tmp_path / "demo.dom"
    code, _, err = main_with(monkeypatch, "demo", "--save", saved, stdout=CLOSED)
    assert code == 0, err
    assert f"wrote {saved}, but the output could not be written" in err, err
    assert saved.read_text().startswith("# The bundled demo")


def test_a_session_with_stdin_closed_ends_as_at_end_of_input(game, monkeypatch):
    code, out, err = main_with(monkeypatch, "session", game, "--samples", "20", stdin=CLOSED)
    assert code == 0 and err == "", err
    assert "me> \nthe log is saved in" in out  # the prompt, then the end as at Ctrl-D


def test_a_lesson_with_stdin_closed_ends_as_at_end_of_input(monkeypatch):
    code, out, err = main_with(monkeypatch, "train", "--seed", "3", "--no-record", stdin=CLOSED)
    assert code == 0 and err == "", err
    assert "stopped" in out


def test_edit_with_stdin_closed_abandons_and_leaves_the_log(game, monkeypatch):
    """The editor's result does not replay; asked to edit again or abandon, there is no
    more input: abandoned, exit 2, the log as it was; the refusal on standard error, as
    every refusal (issue 39: it was on standard output)."""
    monkeypatch.setattr("domino_advisor.cli.editor.edit", lambda *a, **k: b"not a game log\n")
    before = game.read_bytes()
    code, out, err = main_with(monkeypatch, "edit", game, stdin=CLOSED)
    assert code == 2 and "internal error" not in err, err
    assert "not saved: " in err and "abandoned: the log is as it was" in err
    assert "not saved" not in out and "abandoned" not in out, out
    assert game.read_bytes() == before


# Real processes: the shell's own redirections.


def _closing(*fds: int):
    def close() -> None:  # pragma: no cover - the child, before exec
        for fd in fds:
            os.close(fd)

    return close


def _file_limit(size: int):
    def limit() -> None:  # pragma: no cover - the child, before exec
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


def _run(args, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run([*CLI, *map(str, args)], env=full_env, timeout=60, **kwargs)


def test_output_cut_short_by_a_file_size_limit_exits_1(game, tmp_path):
    """``(ulimit -f 1; status --json > out)``: Python takes the short write as done and
    ends with exit code 0 and half a JSON document unless each write is taken to its end."""
    out = tmp_path / "out.json"
    with open(out, "w") as sink:
        res = _run(
            ["status", game, "--json"], stdout=sink, stderr=subprocess.PIPE, preexec_fn=_file_limit(1024)
        )
    err = res.stderr.decode()
    assert res.returncode == 1, (res.returncode, err)
    assert err == "error: could not write the output (File too large)\n", err
    assert out.stat().st_size == 1024


@pytest.mark.slow
@pytest.mark.parametrize("unbuffered", ["1", ""])
def test_a_logged_event_cut_short_by_a_file_size_limit_is_a_warning(game, tmp_path, unbuffered):
    with open(tmp_path / "out.txt", "w") as sink:
        res = _run(
            ["log", game, "me plays 6-6"],
            stdout=sink,
            stderr=subprocess.PIPE,
            preexec_fn=_file_limit(1024),  # the log is far smaller, the report larger
            env={"PYTHONUNBUFFERED": unbuffered},
        )
    err = res.stderr.decode()
    assert res.returncode == 0, err
    assert "logged 1 event, but the output could not be written (File too large)" in err, err
    assert game.read_text().endswith("me plays 6-6\n")


@pytest.mark.slow
@pytest.mark.parametrize("args", [["rules"], ["--help"], ["events", "{}", "--json"]])
def test_readers_cut_short_by_a_file_size_limit_exit_1(game, tmp_path, args):
    with open(tmp_path / "out.txt", "w") as sink:
        res = _run(
            [a.format(game) for a in args], stdout=sink, stderr=subprocess.PIPE, preexec_fn=_file_limit(100)
        )
    assert res.returncode == 1 and b"File too large" in res.stderr, res.stderr


@pytest.mark.slow
def test_log_with_stdout_closed_as_a_process(game):
    res = _run(["log", game, "me plays 6-6"], stderr=subprocess.PIPE, preexec_fn=_closing(1))
    err = res.stderr.decode()
    assert res.returncode == 0, err
    assert "logged 1 event, but the output could not be written" in err and "internal error" not in err
    assert game.read_text().endswith("me plays 6-6\n")


@pytest.mark.slow
def test_status_with_stdout_closed_as_a_process(game):
    res = _run(["status", game], stderr=subprocess.PIPE, preexec_fn=_closing(1))
    assert res.returncode == 1, res.stderr
    assert res.stderr == b"error: could not write the output (standard output is closed)\n"


@pytest.mark.slow
def test_log_with_stdout_and_stderr_closed_as_a_process(game):
    res = _run(["log", game, "me plays 6-6"], preexec_fn=_closing(1, 2))
    assert res.returncode == 0
    assert game.read_text().endswith("me plays 6-6\n")


@pytest.mark.slow
@pytest.mark.parametrize(
    "args, says",
    [
        (["session", "{}", "--samples", "20"], b"the log is saved in"),
        (["train", "--seed", "3", "--no-record"], b"stopped"),
        (["demo", "--pause"], b"the round is over"),
    ],
)
def test_stdin_closed_is_the_end_of_input_as_a_process(game, args, says):
    res = _run([a.format(game) for a in args], capture_output=True, preexec_fn=_closing(0))
    assert res.returncode == 0 and res.stderr == b"", res.stderr
    assert says in res.stdout


@pytest.mark.slow
def test_a_closed_pipe_after_a_logged_event_is_a_warning(game):
    """``log ... | head -0``: the event is logged; the reader left is no failure of it."""
    p = subprocess.Popen(
        [*CLI, "log", str(game), "me plays 6-6"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(timeout=60) == 0, err
    assert game.read_text().endswith("me plays 6-6\n")

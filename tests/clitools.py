"""Running the command line in tests: in process (click's CliRunner) and as a real
process (for locks, pipes, terminals and memory), with the checks every refusal owes:
exit code 2, a message that says what is wrong, no traceback, the file unchanged."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from domino_advisor.cli.app import main

HAND = "6-6 6-3 5-2 3-1 0-0"
REVIEW_WORK = 12_000  # the advice's work when a game is reviewed for drills in tests (small_drill_budgets)
CLI = [sys.executable, "-m", "domino_advisor"]


def run(runner: CliRunner, *args, **kwargs):
    return runner.invoke(main, [str(a) for a in args], **kwargs)


def refused(runner: CliRunner, path: Path | None, *args, says: str, **kwargs):
    """Run a command that must be refused, and check the file did not change."""
    assert says, "a refusal test must name what the message says"
    before = path.read_bytes() if path is not None and path.exists() else None
    res = run(runner, *args, **kwargs)
    assert res.exit_code == 2, res.output
    assert says in res.output, res.output
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    if before is not None:
        assert path.read_bytes() == before
    return res


def console_under(monkeypatch, **env: str) -> None:
    """The commands' console made again as a start-up makes it under these environment
    variables (``COLUMNS="50"``): how a test in process gets a terminal's width."""
    from domino_advisor.cli import about, measuring, models, practice, shell
    from domino_advisor.cli import table as cli_table
    from domino_advisor.views.terminal import make_console

    for name, value in env.items():
        monkeypatch.setenv(name, value)
    made = make_console()
    for module in (shell, cli_table, about, practice, measuring, models):  # each command's module holds it
        monkeypatch.setattr(module, "console", made)


_COUNTED: dict = {}  # where the count decides in a game, by its events and the options
_REVIEWED: dict = {}  # a game's review for drills, made once a run (reviews are deterministic)


def small_drill_budgets(monkeypatch) -> None:
    """For tests whose point is the learner's record: a lesson's move question advised at
    a fifth of the advice's default work (6,000), and ``train --from``'s review of a game
    made at two fifths (12,000: the demo's review finds the same three drills there as at
    the full work, test_drills checks; below it the demo's one costly move reads as about
    equal) once a run, then remembered (the same game gives the same review, however its
    lines are spelled or commented); where the count decides in it, weighed at the
    lesson's work and remembered alike."""
    from domino_advisor.advice import chance as advisor
    from domino_advisor.learning import review as reviewing

    monkeypatch.setattr(advisor, "DEFAULT_WORK", 6_000)
    real = reviewing.review

    def remembered(log, samples=None, seed=0, on_step=None, reads=True):
        game = (tuple(sorted(log.tags.items())), tuple(str(e) for _, e in log.numbered_events()))
        key = (game, samples, seed, reads)
        if key not in _REVIEWED:
            with monkeypatch.context() as m:
                m.setattr(advisor, "DEFAULT_WORK", REVIEW_WORK)
                _REVIEWED[key] = real(log, samples, seed, None, reads)
        if on_step is not None:
            on_step(len(log.events), len(log.events))
        return copy.deepcopy(_REVIEWED[key])

    monkeypatch.setattr(reviewing, "review", remembered)
    from domino_advisor.learning import countdecides

    found = countdecides.from_game

    def counted(log, options, most=None, on_step=None):
        """Where the count decides, at the lesson's fifth of the work: once a run, then remembered."""
        game = (tuple(sorted(log.tags.items())), tuple(str(e) for _, e in log.numbered_events()))
        key = (game, options.samples, options.seed, options.style is not None, most)
        if key not in _COUNTED:
            _COUNTED[key] = found(log, options, most)
        return list(_COUNTED[key])

    monkeypatch.setattr(countdecides, "from_game", counted)


def new_game(runner: CliRunner, path: Path, players: str = "me ana bob", hand: str = HAND, *extra) -> Path:
    """A log started as ``new`` starts it; quiet (-q): a test's set-up has no use for the
    status new prints (its drawing cost 30 ms a game, 10 s over the fast tier)."""
    res = run(runner, "new", "-q", path, "--players", players, "--hand", hand, *extra)
    assert res.exit_code == 0, res.output
    return path


def drive(path, lines, end=EOFError, samples: int = 20, full: bool = False) -> str:
    """A session on ``path`` typed from ``lines`` (then ``end``); what it printed, with
    the check that every line it did not log says so."""
    import io

    from rich.console import Console

    from domino_advisor.cli.session import run as run_session

    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True)
    script = iter(lines)

    def read(prompt):
        out.write(prompt)
        try:
            return next(script)
        except StopIteration:
            raise end from None

    not_logged = run_session(path, console, read, samples=samples, seconds=None, full=full)
    text = out.getvalue()
    assert not_logged == text.count("not logged:")
    return text


def process(*args, env: dict | None = None, timeout: float = 60, **kwargs) -> subprocess.CompletedProcess:
    """The command as a real process, colour off, output captured as bytes."""
    full_env = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run(
        [*CLI, *[str(a) for a in args]], capture_output=True, env=full_env, timeout=timeout, **kwargs
    )


# A process's peak memory as the kernel keeps it (ru_maxrss) starts from its parent's at
# the fork: measured straight from pytest, a command would be charged with the test
# process's own size (which grows over a run to 250 MB and more). So the command is run
# by a small Python of its own that reports, in a file, the command's exit, peak memory
# and CPU time.
_MEASURE = """
import json, os, sys
out, *command = sys.argv[1:]
pid = os.fork()
if pid == 0:
    os.execv(command[0], command)
_, status, usage = os.wait4(pid, 0)
with open(out, "w") as f:
    json.dump({"code": os.waitstatus_to_exitcode(status), "mb": usage.ru_maxrss / 1024,
               "cpu": usage.ru_utime + usage.ru_stime}, f)
"""


def measured(*args, usage: Path, **kwargs) -> subprocess.Popen:
    """The command as a real process, colour off, whose exit code, peak memory (MB) and
    CPU seconds (its own, from the kernel) ``usage_of(usage)`` reads once it has ended."""
    env = {**os.environ, "NO_COLOR": "1", **kwargs.pop("env", {})}
    return subprocess.Popen(
        [sys.executable, "-c", _MEASURE, str(usage), *CLI, *[str(a) for a in args]], env=env, **kwargs
    )


def usage_of(usage: Path) -> dict:
    import json

    return json.loads(usage.read_text())


CLOSED = object()  # a standard stream the program was started without (``<&-``, ``>&-``)


def main_with(
    monkeypatch, *args, typed: str = "", stdin=None, stdout=None, stderr=None
) -> tuple[int, str, str]:
    """The program's main in this process (no runner: it sees the streams as a started
    program does).  A standard stream given ``CLOSED`` is None, as Python leaves it for
    ``<&-`` or ``>&-``; one not given is the test's (standard input: ``typed``).  The
    exit code, and what was written to standard output and error if the test has them."""
    import io

    import pytest

    def stream(given, text: str = ""):
        return None if given is CLOSED else io.StringIO(text) if given is None else given

    streams = stream(stdin, typed), stream(stdout), stream(stderr)
    for name, value in zip(("stdin", "stdout", "stderr"), streams, strict=False):
        monkeypatch.setattr(sys, name, value)
    with pytest.raises(SystemExit) as end:
        main.main([str(a) for a in args], prog_name="domino-advisor")
    code = end.value.code
    out, err = (s.getvalue() if isinstance(s, io.StringIO) else "" for s in streams[1:])
    return (code if isinstance(code, int) else 0), out, err

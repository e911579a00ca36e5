"""The session in a real terminal 50 columns wide (tmux), as a player on a phone sees
it: typed lines are logged, what they taught is said, nothing is wider than the screen.
Skipped where tmux is not installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


def tmux(socket: str, *args: str) -> str:
    return subprocess.run(
        ["tmux", "-L", socket, *args], capture_output=True, text=True, timeout=30, check=True
    ).stdout


def unique_socket(name: str) -> str:
    """A tmux server of this test's own: tmux keeps one folder of sockets for each user,
    which other runs of these tests (other workers, other checkouts) share; a name they
    could also choose would let one run's kill-server end another's session."""
    return f"{name}-{os.getpid()}-{uuid.uuid4().hex[:12]}"


def start(socket: str, width: int, height: int, command: str) -> None:
    """A tmux server of its own running ``command`` in one pane, which stays on the screen
    when the command exits (remain-on-exit, set before the pane exists): what it printed
    last can still be read, and how it exited, however fast it went."""
    tmux(
        socket, "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
        "new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height), command,
    )  # fmt: skip


def wait_for(socket: str, text: str, seconds: float = 120) -> str:
    """The screen once ``text`` shows on it (a generous deadline: a loaded machine is slow)."""
    deadline = time.monotonic() + seconds
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux(socket, "capture-pane", "-p", "-t", "t", "-S", "-200")
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never showed:\n{screen}")


def exit_status(socket: str, seconds: float = 120) -> int | None:
    """Wait for the pane's command to exit, and how it exited: None where tmux marked the
    pane dead (its terminal closed) but never learned the status (seen with tmux 3.3a,
    now and then: the command had closed its terminal on its way out)."""
    deadline = time.monotonic() + seconds
    dead_since = None
    while time.monotonic() < deadline:
        fmt = "#{pane_dead} #{pane_dead_status} #{pane_dead_signal}"
        fields = tmux(socket, "list-panes", "-t", "t", "-F", fmt).split()
        if fields[:1] == ["1"]:
            if len(fields) > 1:
                assert len(fields) == 2, f"the command was ended by signal {fields[2:]}"
                return int(fields[1])
            dead_since = dead_since or time.monotonic()
            if time.monotonic() - dead_since > 10:
                return None
        time.sleep(0.2)
    raise AssertionError("the command never exited")


def test_a_session_on_a_phone_sized_terminal(tmp_path: Path, runner):
    from clitools import new_game

    game = new_game(runner, tmp_path / "t.dom")
    socket = unique_socket("domino-session")
    command = f"{sys.executable} -m domino_advisor session {game} --samples 20"
    start(socket, 50, 60, command)
    try:
        wait_for(socket, "me>")
        for line, shows in (("me 66", "ana>"), ("ana d2", "logged event 4"), ("ana 64", "ana: no 6")):
            tmux(socket, "send-keys", "-t", "t", line, "Enter")
            screen = wait_for(socket, shows)
        assert "ana now certainly has no 6" in screen
        assert max(len(row) for row in screen.splitlines()) <= 50
        tmux(socket, "send-keys", "-t", "t", "q", "Enter")
        wait_for(socket, "the log is saved")
        assert exit_status(socket) in (0, None)  # None: tmux lost the status, the pane is gone
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, timeout=30)
    assert game.read_text().endswith("me plays 6-6\nana draws 2\nana plays 6-4 on 6\n")


def test_a_long_review_shows_its_progress_on_the_terminal(tmp_path: Path):
    """stdout to a file, stderr the terminal: the bar is drawn there while it works."""
    logs = Path(__file__).parent / "data" / "logs"
    socket = unique_socket("domino-review")
    out = tmp_path / "review.txt"
    review = f"{sys.executable} -m domino_advisor review {logs / 'classic-2-match.dom'} --samples 200"
    command = f"{review} > {out}"
    start(socket, 80, 20, command)
    try:
        screen = wait_for(socket, "reviewing")
        assert "%" in screen
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, timeout=30)

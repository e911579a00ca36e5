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
    last can still be read, however fast it went."""
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


def exit_code(written: Path, seconds: float = 120) -> int:
    """Wait for the pane's command to exit, and its exit code, which the pane's shell
    writes to ``written`` (tmux marks a pane dead when its terminal closes, which can be
    before it has reaped the process and knows how it ended, or never knows)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if written.exists() and written.read_text().endswith("\n"):
            return int(written.read_text())
        time.sleep(0.2)
    raise AssertionError("the command never exited")


def test_a_session_on_a_phone_sized_terminal(tmp_path: Path, runner):
    from clitools import new_game

    game = new_game(runner, tmp_path / "t.dom")
    socket = unique_socket("domino-session")
    code = tmp_path / "exit-code"
    command = f"{sys.executable} -m domino_advisor session {game} --samples 20; echo $? > {code}"
    start(socket, 50, 60, command)
    try:
        wait_for(socket, "me>")
        for line, shows in (("me 66", "ana>"), ("ana d2", "4 ana draws 2"), ("ana 64", "5 ana plays 6-4")):
            tmux(socket, "send-keys", "-t", "t", line, "Enter")
            screen = wait_for(socket, shows)
        assert "ana: no 6 now" in screen
        assert max(len(row) for row in screen.splitlines()) <= 50
        tmux(socket, "send-keys", "-t", "t", "q", "Enter")
        wait_for(socket, "the log is saved")
        assert exit_code(code) == 0
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

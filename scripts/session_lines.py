"""How many terminal rows the session prints between one typed event and the next
prompt, at a real table's narrow terminal.

Each log is replayed through ``domino-advisor session`` in a pseudo-terminal of the
given width: a new log is started with the log's tags and its first hand, then every
later line of the log is typed as a player would, one at a time, waiting for the next
prompt.  The rows between the typed line and the next prompt are counted as the
terminal shows them: colour and cursor codes left out, a line wider than the terminal
counted as the rows it wraps onto.  Your own turns (the advice) are counted like any
other event.

    python scripts/session_lines.py [--width 50] [--full] [LOG ...]

With no LOG, the three of issue 39: a two-player classic match, a four-player Mexican
Train round and a three-player Chicken Foot round from tests/data/logs.  ``--json``
prints the figures for a program.
"""

from __future__ import annotations

import argparse
import errno
import fcntl
import json
import math
import os
import pty
import re
import select
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

from rich.cells import cell_len

LOGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "logs"
DEFAULT = [
    LOGS / "classic-2-match.dom",
    LOGS / "mexican-train-4-midround.dom",
    LOGS / "chicken-foot-3-match.dom",
]
ROUNDS = {"chicken-foot-3-match.dom": 1}  # the Chicken Foot match's first round: "a round"
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
PROMPT = re.compile(r"(?:^|\n)([^\n]*> )$")
QUIET = 0.25  # seconds with nothing printed after a prompt-like ending: the prompt


def split(text: str, rounds: int | None) -> tuple[list[str], list[str]]:
    """The log's opening (tags, the first round line, your first hand) and the lines to
    type after it (comments and blank lines left out; with ``rounds``, only that many)."""
    opening: list[str] = []
    typed: list[str] = []
    seen_rounds = 0
    for raw in text.splitlines():
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        if body.startswith("round "):
            seen_rounds += 1
            if rounds is not None and seen_rounds > rounds:
                break
        if (opening and " holds " in opening[-1]) or typed:
            typed.append(body)
        else:
            opening.append(body)
    return opening, typed


def rows(text: str, width: int) -> int:
    """The terminal rows a printed text takes at ``width`` columns."""
    return sum(max(1, math.ceil(cell_len(line) / width)) for line in text.split("\n"))


def replay(log: Path, width: int, full: bool, rounds: int | None) -> list[tuple[str, int]]:
    """Each typed line with the rows printed after it, up to the next prompt."""
    opening, typed = split(log.read_text(encoding="utf-8"), rounds)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.dom"
        path.write_text("\n".join(opening) + "\n", encoding="utf-8")
        env = dict(os.environ, COLUMNS=str(width), LINES="1000", TERM="xterm-256color")
        env["DOMINO_ADVISOR_DATA"] = env["XDG_CONFIG_HOME"] = folder
        env.pop("DOMINO_ADVISOR_CONFIG", None)
        args = [sys.executable, "-m", "domino_advisor", "session", str(path)] + (["--full"] if full else [])
        pid, fd = pty.fork()
        if pid == 0:  # the child: the session, in the pseudo-terminal
            os.execve(sys.executable, args, env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 1000, width, 0, 0))
        try:
            _read_to_prompt(fd)
            out = []
            for line in typed:
                os.write(fd, (line + "\n").encode())
                printed = _read_to_prompt(fd)
                # the echo of the typed line ends the prompt's row; what follows is counted
                after = printed.split("\n", 1)[1] if "\n" in printed else ""
                body = after[: after.rfind("\n") + 1] if PROMPT.search(after) else after
                out.append((line, rows(body.rstrip("\n"), width) if body.strip() else 0))
                if os.environ.get("SESSION_LINES_TEXT"):  # what was counted, to look at
                    print(f"> {line}\n{body.rstrip()}", file=sys.stderr)
            os.write(fd, b"q\n")
            _read_all(fd)
        finally:
            os.waitpid(pid, 0)
            os.close(fd)
    return out


def _read_to_prompt(fd: int, limit: float = 120.0) -> str:
    """What the session prints until it waits at its prompt (no output for a moment
    after a line ending in '> ')."""
    buf = ""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], QUIET)
        if not ready:
            if PROMPT.search(buf):
                return buf
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError as e:  # the child closed the terminal
            if e.errno == errno.EIO:
                return buf
            raise
        if not chunk:
            return buf
        buf += ESCAPES.sub("", chunk.decode("utf-8", "replace")).replace("\r\n", "\n").replace("\r", "")
    raise SystemExit(f"no prompt within {limit:.0f} s; the session printed:\n{buf[-2000:]}")


def _read_all(fd: int) -> None:
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="*", type=Path)
    parser.add_argument("--width", type=int, default=50)
    parser.add_argument("--full", action="store_true", help="the long form (session --full)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show", action="store_true", help="each typed line and its rows")
    a = parser.parse_args()
    results = {}
    for log in a.logs or DEFAULT:
        counted = replay(log, a.width, a.full, ROUNDS.get(log.name))
        if a.show:
            for line, n in counted:
                print(f"{n:3}  {line}")
        figures = [n for _, n in counted]
        results[log.name] = {
            "events": len(figures),
            "median": statistics.median(figures),
            "most": max(figures),
            "over_10": sum(n > 10 for n in figures),
        }
    if a.json:
        print(json.dumps({"width": a.width, "full": a.full, "logs": results}, indent=1))
        return
    form = "full" if a.full else "short"
    print(f"session rows between one typed event and the next prompt ({form} form, {a.width} columns)")
    print(f"{'log':<30} {'events':>6} {'median':>6} {'most':>5} {'>10':>4}")
    for name, r in results.items():
        print(f"{name:<30} {r['events']:>6} {r['median']:>6} {r['most']:>5} {r['over_10']:>4}")


if __name__ == "__main__":
    main()

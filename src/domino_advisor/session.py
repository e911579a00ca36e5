"""The advisor at the table: type events as they happen, see the table after each.

Every line is checked and written at once (crash-safe); a bad line explains itself
and is not written.  The loop reads through a function and prints to a console, so
tests drive it with a script and the CLI with the terminal.
"""

from __future__ import annotations

from typing import Callable

from rich.console import Console
from rich.text import Text

from . import api, gamelog, render
from .advisor import DEFAULT_SAMPLES, DEFAULT_SECONDS
from .errors import DominoError
from .shorthand import expand

HELP = """type what happens, one line at a time:
  ana 64          ana plays 6-4 (on the only end it fits)
  ana 64 on 4     ana plays 6-4 on the 4 (or: on left/right/up/down)
  bob d2          bob draws 2          me d 61 30   you drew 6-1 and 3-0
  cy p            cy passes            me 55        you play 5-5
  ana s 33 21     ana shows her hand   bob c 14     bob counts 14 pips
  round 2         start the next round, then: me h 66 53 ...  (your new hand)
or a full log line ('ana plays 6-4 on 6').  Commands:
  a  advice now    s  full status (with every unseen tile)    u [N]  undo the last N events
  ?  this help     q  quit
Ctrl-D or Ctrl-C also quit; the log is saved after every line."""


class Session:
    def __init__(self, path, console: Console, samples: int = DEFAULT_SAMPLES, seconds: float = DEFAULT_SECONDS):
        self.path = path
        self.console = console
        self.samples = samples
        self.seconds = seconds
        self.log = gamelog.load(path)
        self.pos = api.Position.of(self.log)

    @property
    def prompt(self) -> str:
        r = self.pos.match.round
        who = r.to_move() if r else None
        if r is not None and r.over:
            return "round over> "
        return f"{self.pos.match.players[who]}> " if who is not None else "> "

    def show_status(self, compact: bool = False) -> None:
        self.console.print(render.status_view(self.pos, api.status_of(self.pos), compact))

    def show_advice(self) -> None:
        advice = api.advice_of(self.pos, self.samples, seed=0, seconds=self.seconds)
        self.console.print(render.advice_view(api.advice_dict(advice)))

    def my_turn(self) -> bool:
        r = self.pos.match.round
        return bool(r and not r.over and r.to_move() == self.pos.match.viewer)

    def handle(self, line: str) -> bool:
        """Act on one typed line; False when the session should end."""
        text = line.strip()
        if not text:
            return True
        word = text.lower()
        if word in ("q", "quit", "exit"):
            return False
        if word in ("?", "h", "help"):
            self.console.print(HELP)
            return True
        if word in ("s", "status"):
            self.show_status()
            return True
        if word in ("a", "advice", "advise"):
            self.show_advice()
            return True
        parts = word.split()
        if parts[0] in ("u", "undo") and len(parts) <= 2:
            n = int(parts[1]) if len(parts) == 2 and parts[1].isdigit() else 1
            if len(parts) == 2 and not parts[1].isdigit():
                raise DominoError(f"'{text}': undo takes a number, like 'u 2'")
            removed = self.log.events[-n:] if n <= len(self.log.events) else []
            self.commit(self.log.without_last(n))
            for e in removed:
                self.console.print(Text(f"removed: {e}", style="yellow"))
            return True
        event = expand(text, self.pos.match.players, self.log.me)
        before = set(self.pos.warnings)
        self.commit(self.log.appended([event]))
        self.console.print(Text(f"logged: {self.log.events[-1]}", style="dim"))
        for w in [w for w in self.pos.warnings if w not in before]:
            self.console.print(Text(f"warning: {w}", style="yellow"))
        self.show_status(compact=True)
        if self.my_turn():
            self.show_advice()
        return True

    def commit(self, new_log: gamelog.GameLog) -> None:
        """Check by replaying, write safely, then adopt: the disk never holds a bad log."""
        pos = api.Position.of(new_log)
        gamelog.dump(new_log, self.path)
        self.log, self.pos = new_log, pos


def run(path, console: Console, read: Callable[[str], str], samples: int = DEFAULT_SAMPLES,
        seconds: float = DEFAULT_SECONDS) -> int:
    """The loop: read a line, act, repeat, until q, end of input or Ctrl-C."""
    session = Session(path, console, samples, seconds)
    console.print(Text(f"session on {path}: type ? for help, q to quit", style="bold"))
    session.show_status()
    if session.my_turn():
        session.show_advice()
    while True:
        try:
            line = read(session.prompt)
        except (EOFError, KeyboardInterrupt):
            console.print()
            break
        try:
            if not session.handle(line):
                break
        except DominoError as e:
            console.print(Text(f"not logged: {e}", style="bold red"))
    console.print(Text(f"the log is saved in {path}", style="dim"))
    return 0

"""The advisor at the table: type events as they happen, see the table after each.

Every line is checked and written at once (crash-safe, under the log's lock); a bad
line explains itself and is not written.  If another program writes the log while the
session is open, the session takes that version, says what changed, and never writes
its older copy over it.  The loop reads through a function and prints to a console, so
tests drive it with a script and the CLI with the terminal.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from domino_advisor import api
from domino_advisor.base.budgets import ADVICE_SECONDS
from domino_advisor.base.errors import DominoError, LogFileError, NotationError
from domino_advisor.base.printable import excerpt, message, plural, printable
from domino_advisor.cli.tablepractice import Practice
from domino_advisor.counting.position import Position
from domino_advisor.games.events import DIGITS, VERBS, number_at_most
from domino_advisor.games.registry import part
from domino_advisor.learning.progress import Record
from domino_advisor.log import edits, gamelog, logfile
from domino_advisor.log.gamelog import check_typed
from domino_advisor.views import brief, notices, render, statusview
from domino_advisor.views.sessionhelp import help_view

if TYPE_CHECKING:
    from domino_advisor.base import shapes

HELP = """type what happens, one line at a time:
  ana 64          ana plays 6-4 (on the only end it fits)
  ana 64 on 4     ana plays 6-4 on the 4 (or: on left/right/up/down)
  bob d2          bob draws 2          me d 61 30   you drew 6-1 and 3-0
  cy p            cy passes            me 55        you play 5-5
  ana s 33 21     ana shows her hand   bob c 14     bob counts 14 pips
  ana =6          check: ana has 6 tiles in front of her (says what is missing if not)
  round 2         start the next round, then: me h 66 53 ... (your new hand)
or a full log line ('ana plays 6-4 on 6').  Events are numbered as the status shows them.
Fix a mistake in place (the whole log must still follow the rules):
  replace 12 bob d3   event 12 becomes 'bob d3'    insert 9 ana d1   a new event before event 9
  delete 12           event 12 goes
Commands:
  a  advice now    s  full status (with every unseen tile)    u [N]  undo the last N events
  e  every event, numbered    where 66  where 6-6 is likely to be    ?  this help    q  quit
  practice  turn practice on or off: after an event worth counting you are asked first
            (what a player lacks, how many of a number are unseen), then shown the answer
Ctrl-D or Ctrl-C also quit; the log is saved after every line."""

UNDO_CHANGED = (
    "the log changed on disk, so nothing was undone: look at what changed and undo again if you still mean to"
)
FIX_CHANGED = (
    "the log changed on disk, so nothing was changed: event numbers may have moved; look at the "
    "status and type the fix again"
)
COMMANDS = {"u": "undo", "undo": "undo", "where": "where"}
FIXES = {
    "replace": "replace",
    "rep": "replace",
    "insert": "insert",
    "ins": "insert",
    "delete": "delete",
    "del": "delete",
}


class Session(Practice):
    @property
    def help_text(self) -> str:
        """What ``?`` shows: the game's shorthand, the fixes, the commands."""
        return HELP

    def __init__(
        self,
        path: str | os.PathLike[str],
        console: Console,
        samples: int | None = None,
        seconds: float | None = ADVICE_SECONDS,
        reads: bool = True,
        read: Callable[[str], str] | None = None,
        practice: bool = False,
        keep: bool = True,
        full: bool = False,
    ) -> None:
        self.path = path
        self.full = full  # the whole status after each event, the whole advice on your turn
        self.last_step: str | None = None  # what to log next, as last said
        self.said: set[str] = set()  # the hints said this round (the short form says each once)
        self.said_round: object = None
        self.reads = reads
        self.read = read  # practice asks its questions through it
        self.practice = practice and read is not None
        self.keep = keep  # practice answers are kept in the record (opened when first needed)
        self.record: Record | None = None
        self.deferred: str | None = None  # a line typed at a question that was not an answer
        self.started = int(time.time())  # practice answers of this session count as one lesson
        self.kept_aside = 0
        self.console = console
        self.samples = samples  # None: the game's own default, as advise gives
        self.seconds = seconds
        self.text = logfile.read_text(path)  # the version of the file this session last saw
        self.log = gamelog.loads(self.text)
        self.pos = self.position_of(self.log)

    def position_of(self, log: gamelog.GameLog) -> Position:
        """What your seat knows of the log (every game's: ``counting.position``)."""
        return Position.of(log, self.reads)

    @property
    def prompt(self) -> str:
        r = self.pos.match.round
        who = r.to_move() if r else None
        if r is not None and r.over:
            return "round over> "
        if r is not None and not r.dealt_ready:
            return f"your hand for round {r.number}> "
        if who is None and r is not None and r.layout.is_empty:
            return "who opens?> "  # the status above says under which rule
        return f"{self.pos.match.players[who]}> " if who is not None else "> "

    def show_status(
        self, compact: bool = False, data: shapes.StatusJson | None = None, asked: bool = False
    ) -> None:
        """In practice the counting shows only when asked for (s)."""
        data = api.status_of(self.pos) if data is None else data
        counting = asked or not self.practice
        self.console.print(statusview.status_view(self.pos, data, compact, self.console.width, counting))

    def advice_data(self) -> shapes.AdviceJson:
        return api.advice_dict(api.advice_of(self.pos, self.samples, seed=0, seconds=self.seconds))

    def show_advice(self) -> None:
        self.console.print(render.advice_view(self.advice_data(), self.console.width))

    def show_brief_advice(self) -> None:
        """The first three moves, a row each (the same advice as ``a``, shorter)."""
        data = self.advice_data()
        if data["action"] != "play":
            self.console.print(render.advice_view(data, self.console.width))
            return
        stakes = "stakes" in data
        rows = []
        for m in data["moves"]:
            win, margin = (m["match"], m["match_margin"]) if stakes else (m["win"], m["margin"])
            exact = m.get("exact") and len(data["moves"]) > 1
            figure = f"{win:.0%}" + ("" if m.get("goes_out") else " exact" if exact else f"±{margin:.0%}")
            move = m["tile"] + ("" if m["on"] is None else f" on {m.get('side', m['on'])}")
            rows.append((move, figure, render.reasons_shown(m)))
        unit = "to win the match" if stakes else "to win"
        self.console.print(brief.advice_rows(rows, unit, self.console.width))

    def show_where(self, tile_text: str) -> None:
        self.console.print(notices.where_view(api.where_of(self.pos, tile_text)))

    def next_round(self) -> int:
        return self.pos.match.playing.number

    def wants_hand(self) -> bool:
        r = self.pos.match.round
        return r is not None and not r.dealt_ready

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
            self.console.print(help_view(self.help_text, self.console.width))
            return True
        check_typed(text)
        changed = self.refresh()
        if word in ("s", "status"):
            self.show_status(asked=True)
            return True
        if word in ("a", "advice", "advise"):
            self.show_advice()
            return True
        if word == "practice":
            self.toggle_practice()
            return True
        if word in ("e", "events"):
            self.console.print(notices.all_events(self.log))
            return True
        return self.handle_line(text, changed)

    def handle_line(self, text: str, changed: bool) -> bool:
        """Undo, where, a fix in place, or an event (shorthand or a full line)."""
        parts = text.split()
        if len(parts) >= 2 and parts[1].lower() in VERBS:  # 'where passes': an event, whatever the name
            return self.log_event(text)
        self.not_a_name(parts, text)
        if parts[0].lower() in ("u", "undo") and len(parts) <= 2:
            if changed:  # the user chose what to undo without seeing the change
                raise NotationError(UNDO_CHANGED)
            self.undo(text, parts[1] if len(parts) == 2 else "1")
            return True
        if parts[0].lower() == "where" and len(parts) != 2:
            raise NotationError(f"'{excerpt(text, 60)}': say which tile, like 'where 66'")
        if parts[0].lower() == "where":
            self.show_where(parts[1])
            return True
        fix = FIXES.get(parts[0].lower())
        if fix is not None and (len(parts) < 2 or not DIGITS.match(parts[1])):
            raise NotationError(
                f"'{excerpt(text, 60)}': say which event by its number, like '{fix} 12"
                + ("'" if fix == "delete" else " ana d1'")
            )
        if fix is not None:
            if changed:  # event numbers may now name other events
                raise NotationError(FIX_CHANGED)
            self.fix(fix, text, parts[1], " ".join(parts[2:]))
            return True
        if self.wants_hand() and all(_tile_like(w) for w in parts):
            text = f"{self.log.me} holds {text}"  # asked for your hand: the tiles are enough
        return self.log_event(text)

    def log_event(self, text: str) -> bool:
        """An event, in shorthand or in full: logged, then what it taught."""
        self.change(lambda log: edits.append(log, [text]), teach=True)
        if self.wants_hand() and self.full:  # the short form's last row says it
            self.console.print(Text(f"your hand for round {self.next_round()}?", style="bold"))
        self.advise_if_yours()
        return True

    def advise_if_yours(self) -> None:
        """After any change that leaves you to move, the advice for the table as it now is
        (in practice, advice only on request)."""
        if self.my_turn() and not self.practice:
            self.show_advice() if self.full else self.show_brief_advice()

    def not_a_name(self, parts: list[str], text: str) -> None:
        """A command word that also starts a player's name ('u 10' with ursula at the
        table) is not guessed at: the wrong guess could undo ten events."""
        word = parts[0].lower()
        if len(parts) < 2 or (word not in COMMANDS and word not in FIXES):
            return
        names = [p for p in self.log.players if p.lower().startswith(word)]
        if word in (n.lower() for n in names):  # the command's own word: only the full event is clear
            name = next(n for n in names if n.lower() == word)
            raise NotationError(
                f"'{excerpt(text, 60)}': '{parts[0]}' is a command and {name}'s name: write {name}'s event "
                f"in full ('{name} plays 6-4', '{name} draws 1', '{name} passes'), or the command in full "
                f"('{COMMANDS.get(word, FIXES.get(word))} ...')"
            )
        if names:
            raise NotationError(
                f"'{excerpt(text, 60)}': '{parts[0]}' is a command and the start of {names[0]}'s name: "
                f"write the command in full ('{COMMANDS.get(word, FIXES.get(word))} ...') or more of "
                f"the name ('{names[0]} {' '.join(parts[1:])}')"
            )

    def fix(self, kind: str, text: str, number_text: str, line: str) -> None:
        number = number_at_most(number_text, len(self.log.events) + 1)
        if number is None:
            raise NotationError(f"'{excerpt(text, 60)}': the events are numbered 1 to {len(self.log.events)}")
        if kind == "delete":
            if line:
                raise NotationError(f"'{excerpt(text, 60)}': write 'delete {number}' and nothing after it")
            self.change(lambda log: edits.delete(log, number), FIX_CHANGED)
        elif not line:
            raise NotationError(f"'{excerpt(text, 60)}': say the event, like '{kind} {number} ana d1'")
        elif kind == "replace":
            self.change(lambda log: edits.replace(log, number, line), FIX_CHANGED)
        else:
            self.change(lambda log: edits.insert_before(log, number, [line]), FIX_CHANGED)
        self.advise_if_yours()

    def change(
        self,
        edit: Callable[[gamelog.GameLog], edits.Edited],
        refuse_if_changed: str | None = None,
        teach: bool = False,
    ) -> None:
        """Write one change and say what it did: the events, what became known, what
        each opponent lacks now (in practice, after asking what it taught)."""
        before = self.status_data()
        old = self.pos
        warned = self.warnings_now()
        done: list[edits.Edited] = []

        def apply(log: gamelog.GameLog) -> gamelog.GameLog:
            done.append(edit(log))
            return done[-1].log

        self.write(apply, refuse_if_changed)
        if teach and self.practice:
            self.teach(old)
        after = self.status_data()
        self.report(done[-1], before, after, warned)

    def warnings_now(self) -> set:
        return set(self.pos.warnings)

    def status_data(self) -> shapes.StatusJson:
        return api.status_of(self.pos)

    def report(self, result: edits.Edited, before: Any, after: Any, warned: set) -> None:
        """What a change did: in short, or followed by the whole table (``--full``)."""
        if self.full:
            self.full_report(result, before, after, warned)
            return
        head = notices.changed_lines(result, self.log)
        n = len(self.log.events)
        if not result.removed and result.added == (n,):  # one event, logged at the end
            head = [brief.logged_event(n, self.log.events[-1])]
            head += [brief.line(f"note: {note}", "yellow") for note in result.notes]
        # a finished round shows its hands: what each lacks no longer matters
        same_round = after.get("round") == before.get("round") and not after.get("over")
        facts = brief.learned(before, after) if same_round else []
        notes = [brief.note(f"warning: {w}", "yellow") for w in self.new_warnings(after, warned)]
        notes += [brief.note(h, style) for h, style in self.once(self.hints(result), after.get("round"))]
        turn = self.turn_words(after)
        self.console.print(brief.event_view(head, facts, notes, turn, self.console.width))

    def full_report(
        self, result: edits.Edited, before: shapes.StatusJson, after: shapes.StatusJson, warned: set
    ) -> None:
        self.console.print(notices.edit_report(result, self.log, before, after, self.pos, warned))
        self.show_status(compact=True, data=after)

    def new_warnings(self, after: Any, warned: set) -> list[str]:
        return [str(w) for w in self.pos.warnings if notices.news(w, warned)]

    def hints(self, result: edits.Edited) -> list[tuple[str, str]]:
        """Points scored, a draw that seems missing, what to log next: each a row."""
        out = [(t, "bold green") for t in notices.scored(result, self.log)]
        at_end = bool(result.added) and result.added[-1] == len(self.log.events)
        missed = notices.missed_draw(self.pos) if at_end else None
        if missed:
            out.append((missed, "dim"))
        return out + self.step_hint()

    def once(self, hints: list[tuple[str, str]], round_number: object) -> list[tuple[str, str]]:
        """A hint is said once a round in the short form (points scored, each time)."""
        if round_number != self.said_round:
            self.said, self.said_round = set(), round_number
        fresh = [(h, style) for h, style in hints if h not in self.said or style == "bold green"]
        self.said.update(h for h, _ in hints)
        return fresh

    def step_hint(self) -> list[tuple[str, str]]:
        """What to log next, said once: the same step again adds nothing."""
        step = self.next_step()
        said = step is not None and step != self.last_step
        self.last_step = step
        return [(f"next: {step}", "dim")] if said else []

    def next_step(self) -> str | None:
        from domino_advisor.log.guide import next_step

        return next_step(self.pos.match)

    def turn_words(self, after: Any) -> str | None:
        """Whose turn, with the open ends; None while the round waits for something else."""
        r = self.pos.match.round
        if r is None or r.over or not r.dealt_ready or r.to_move() is None:
            return None
        ends = after.get("ends") or []
        shown = f"ends {' '.join(map(str, ends))} · " if ends else ""
        who = self.pos.match.players[r.to_move()]
        return shown + ("your move" if self.my_turn() else f"{who} next")

    def undo(self, text: str, count: str) -> None:
        n = number_at_most(count, len(self.log.events))
        if n is None:
            shown = excerpt(text, 60)
            if not DIGITS.match(count):
                raise NotationError(f"'{shown}': undo takes a number, like 'u 2'")
            raise NotationError(f"'{shown}': the log has only {plural(len(self.log.events), 'event')}")
        if n == 0:
            raise NotationError(f"'{excerpt(text, 60)}': undo at least one event")
        done: list[edits.Edited] = []

        def change(log: gamelog.GameLog) -> gamelog.GameLog:
            done.append(edits.undo(log, n))
            return done[-1].log

        # an undo names events by their place from the end: if the file changed, those
        # places may hold someone else's events, so nothing is undone (see write)
        self.write(change, UNDO_CHANGED)
        for e in done[-1].removed:
            self.console.print(Text(f"removed: {e}", style="yellow"))
        self.advise_if_yours()

    def write(
        self, change: Callable[[gamelog.GameLog], gamelog.GameLog], refuse_if_changed: str | None = None
    ) -> None:
        """Change the log on disk, never over a version this session has not seen.

        If another program wrote the file since this session last read it, the session
        takes the new version, says what changed, and applies the typed line to it
        (an undo is not repeated: the user decides again with the table in view).
        """
        for _ in range(3):
            try:
                written = logfile.update(self.path, change, expect=self.text)
            except logfile.LogChanged as e:
                self.adopt(e.text)
                if refuse_if_changed:
                    raise NotationError(refuse_if_changed) from None
                continue
            self.log, self.text = written.log, written.text
            self.pos = self.position_of(written.log)
            if written.set_aside is not None:
                said = notices.set_aside(written.set_aside, str(self.path))
                self.console.print(Text(f"warning: {message(said)}", style="bold yellow"))
            return
        raise NotationError("the log keeps changing on disk: nothing was written; try again")

    def refresh(self) -> bool:
        """Take the file's newest version if another program wrote it; True if it had."""
        text = logfile.read_text(self.path)
        if text == self.text:
            return False
        self.adopt(text)
        return True

    def adopt(self, text: str) -> None:
        """Use the version on disk from now on, and say how it differs from ours."""
        try:
            log = gamelog.loads(text)
            pos = self.position_of(log)
        except DominoError as e:
            raise LogFileError(
                f"the log was changed on disk and cannot be read now ({e}); fix "
                "it, then go on: this session writes nothing over it"
            ) from None
        old, new = self.log.events, log.events
        same = 0
        while same < min(len(old), len(new)) and old[same] == new[same]:
            same += 1
        self.console.print(
            Text(
                "the log was changed by another program; this session now uses the version on disk:",
                style="bold yellow",
            )
        )
        for gone in old[same:]:
            self.console.print(Text(f"  no longer in the log: {gone}", style="yellow"))
        for added in new[same:]:
            self.console.print(Text(f"  new in the log: {added}", style="yellow"))
        if len(old) == len(new) == same:
            self.console.print(Text("  (only comments or spacing changed)", style="yellow"))
        before = self.status_data()
        self.text, self.log, self.pos = text, log, pos
        after = self.status_data()  # what the other program's events proved, said as ours are
        if after.get("round") == before.get("round") and not after.get("over"):
            facts = brief.learned(before, after)
            if facts:
                self.console.print(brief.event_view([], facts, [], None, self.console.width))


def _tile_like(word: str) -> bool:
    return any(ch.isdigit() for ch in word) and not word.startswith("=")


def run(
    path: str | os.PathLike[str],
    console: Console,
    read: Callable[[str], str],
    samples: int | None = None,
    seconds: float | None = ADVICE_SECONDS,
    reads: bool = True,
    practice: bool = False,
    keep: bool = True,
    full: bool = False,
) -> int:
    """The loop: read a line, act, repeat, until q, end of input or Ctrl-C; returns how
    many lines were not logged."""
    game = gamelog.loads(logfile.read_text(path)).game
    if practice and "practice" not in game.options:
        raise NotationError("practice is for the line games so far: start the session without --practice")
    kind: type[Session] = part(game, "session")
    session = kind(path, console, samples, seconds, reads, read, practice, keep, full)
    refused = 0
    console.print(Text(f"session on {printable(str(path))}: type ? for help, q to quit", style="bold"))
    if practice:
        console.print(
            Text(
                "practice: after an event worth counting you are asked first, then shown the "
                "answer; advice only when you type a",
                style="bold cyan",
            )
        )
        session.open_record()
    session.show_status()
    session.advise_if_yours()
    while True:
        if session.deferred is not None:  # typed at a question: handled as typed
            line, session.deferred = session.deferred, None
            console.print(Text(f"{session.prompt}{printable(line)}", style="dim"))
        else:
            try:
                line = read(session.prompt)
            except (EOFError, KeyboardInterrupt):
                console.print()
                break
        try:
            if not session.handle(line):
                break
        except DominoError as e:
            refused += 1
            console.print(Text(f"not logged: {message(str(e))}", style="bold red"))
    console.print(Text(f"the log is saved in {printable(str(path))}", style="dim"))
    if session.record is not None:
        session.record.close()
    if session.kept_aside:
        console.print(
            Text(f"{session.kept_aside} practice answers wait beside your record (it was busy)", style="dim")
        )
    return refused

"""The advisor at the table, for every game: type events as they happen, see the table
after each.

Every line is checked and written at once (crash-safe, under the log's lock); a bad
line explains itself and is not written.  If another program writes the log while the
session is open, the session takes that version, says what changed, and never writes
its older copy over it.  The loop reads through a function and prints to a console, so
tests drive it with a script and the CLI with the terminal.

One session plays every game through the registry: the match and its round as one seat
logged them (``games.registry.GameMatch``, ``GameRound``: who may act, where a tile
fits), the counting (``counting.position``), and the game's parts for what it shows
(``Parts``: its status and advice and their views, what to log next, the long form of a
change) and its words (``games.words.TableWords``: its shorthand in the help, a play
that fits several places asked about).  Who may act is the round's to say: at a race
nobody has the move (the prompt is ``anyone>``) and the advice comes whenever you may
play.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from domino_advisor.base.budgets import ADVICE_SECONDS
from domino_advisor.base.errors import DominoError, IllegalMoveError, LogFileError, NotationError
from domino_advisor.base.printable import excerpt, message, plural, printable
from domino_advisor.cli.tablepractice import Practice
from domino_advisor.cli.tablereport import Reporting
from domino_advisor.counting.position import Position, where_of
from domino_advisor.games.events import DIGITS, VERBS, Play, number_at_most
from domino_advisor.games.registry import part
from domino_advisor.games.words import TableWords
from domino_advisor.learning.progress import Record
from domino_advisor.log import edits, gamelog, logfile
from domino_advisor.log.gamelog import check_typed
from domino_advisor.views import brief, notices
from domino_advisor.views.sessionhelp import help_text, help_view

if TYPE_CHECKING:
    from domino_advisor.games.registry import Game

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


class Session(Practice, Reporting):
    """The table loop of any game."""

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
        self.troubles_said: set[str] = set()  # a model file's trouble is said once a session
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
        self._status: tuple[str, Any] | None = None  # the status of the version last seen

    def position_of(self, log: gamelog.GameLog) -> Position:
        """What your seat knows of the log (every game's: ``counting.position``)."""
        return Position.of(log, self.reads)

    @property
    def game(self) -> Game:
        """The log's game (the registry's), as the version last seen names it."""
        return self.log.game

    @property
    def words(self) -> TableWords:
        """What the game says at the table (its shorthand, a place asked about)."""
        words: TableWords = self.game.words
        return words

    def part(self, name: str) -> Any:
        """One of the game's parts (``games.registry.Parts``)."""
        return part(self.game, name)

    @property
    def prompt(self) -> str:
        m = self.pos.match
        r = m.round
        if self.wants_hand():
            return f"your hand for round {self.next_round()}> "
        if r.over:
            return "round over> "
        mover = r.mover()
        if mover is None:  # at a race nobody has the move; else the table has yet to see who opens
            return "anyone> " if r.race else "who opens?> "  # the status above says under which rule
        return f"{m.players[mover]}> "

    def show_status(self, compact: bool = False, data: Any = None, asked: bool = False) -> None:
        """In practice the counting shows only when asked for (s)."""
        data = self.status_data() if data is None else data
        counting = asked or not self.practice
        view = self.part("status_view")
        self.console.print(view(self.pos, data, compact=compact, width=self.console.width, counting=counting))

    def advice_data(self) -> Any:
        """The advice for your seat (the game's, as ``advise`` gives it), or the game's
        refusal in the table's words; someone else's move is refused as every game says it."""
        m = self.pos.match
        r = m.round
        mover = None if r is None or self.wants_hand() or r.over else r.for_next(m.viewer).mover()
        if mover is not None and mover != m.viewer:
            raise IllegalMoveError(f"it is {m.players[mover]}'s turn, not yours: advice is for your own turn")
        return self.part("advice")(self.pos, self.samples, 0, self.seconds)

    def show_advice(self) -> None:
        self.console.print(self.part("advice_view")(self.advice_data(), self.console.width))
        self.say_model_troubles()

    def show_brief_advice(self) -> None:
        """The first three moves, a row each (the same advice as ``a``, shorter)."""
        data = self.advice_data()
        if data["action"] != "play":
            self.console.print(self.part("advice_view")(data, self.console.width))
        else:
            measure = self.part("judging").measure  # what the game is won by: the chance, or the pips
            self.console.print(brief.advice_brief(data, measure, self.console.width))
        self.say_model_troubles()

    def say_model_troubles(self) -> None:
        """A calibration or match-table file the advice could not read, once a session (as
        ``advise`` says it on stderr; the play model's is among the status's warnings)."""
        from domino_advisor.api import model_troubles

        for trouble in model_troubles(self.log, self.pos):
            if trouble != self.pos.model_trouble and trouble not in self.troubles_said:
                self.troubles_said.add(trouble)
                self.console.print(Text(f"warning: {printable(trouble)}", style="bold yellow"))

    def show_where(self, tile_text: str) -> None:
        self.console.print(notices.where_view(where_of(self.pos, tile_text)))

    def next_round(self) -> int:
        """The round whose hand the log waits for (or the next)."""
        m = self.pos.match
        return m.pending or len(m.rounds) + 1

    def wants_hand(self) -> bool:
        m = self.pos.match
        return m.pending is not None or m.round is None

    def my_turn(self) -> bool:
        """Your move, or at a race a play open to you."""
        m = self.pos.match
        r = m.round
        if r is None or self.wants_hand() or r.over:
            return False
        r = r.for_next(m.viewer)  # the player before you laying a chain: your move would end it
        mover = r.mover()
        return mover == m.viewer or (mover is None and r.race and r.may_play(m.viewer))

    def handle(self, line: str) -> bool:
        """Act on one typed line; False when the session should end."""
        text = line.strip()
        if not text:
            return True
        word = text.lower()
        if word in ("q", "quit", "exit"):
            return False
        if word in ("?", "h", "help"):
            self.console.print(help_view(help_text(self.game), self.console.width))
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
        self.which_place(text)
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

    def status_data(self) -> Any:
        """The game's status of the log as this session last saw it (counted once a version)."""
        if self._status is None or self._status[0] != self.text:
            self._status = (self.text, self.part("status")(self.pos))
        return self._status[1]

    def which_place(self, text: str) -> None:
        """A play typed without its place goes where it fits, or is asked about, in the
        game's words, where it fits several (the line games' rules ask it themselves)."""
        m = self.pos.match
        r = m.round
        body = text.partition("#")[0]
        try:
            line = edits.typed(body, self.log)
            event = edits.event_of(line, self.log)
        except DominoError:
            return  # not an event: the session reads it (or explains it) as usual
        if not isinstance(event, Play) or event.on is not None or r is None or r.over:
            return
        if event.player not in m.players or self.wants_hand():
            return
        fits = r.fits(m.players.index(event.player), event.tile)
        asked = self.words.ambiguous(r, fits, event.player, m.me) if len(fits) > 1 else None
        if asked is not None:
            where, word = asked
            raise NotationError(
                f"'{excerpt(text, 60)}': {event.tile} fits {where}: say which, like "
                f"'{excerpt(body.strip(), 40)} {word}'"
            )

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
        raise NotationError(
            f"{game.title} has no practice at the table: start the session without --practice"
        )
    session = Session(path, console, samples, seconds, reads, read, practice, keep, full)
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

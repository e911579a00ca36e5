"""Practice at the table (``session --practice``): after an event worth counting the
session asks what it taught, then marks the answer, says why, and keeps it in the
learner's record.  A part of the session of its own, so the table loop reads without it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from domino_advisor.base.errors import DominoError, NotationError
from domino_advisor.base.printable import message
from domino_advisor.games.registry import part
from domino_advisor.learning import difficulty, gamequestions, questions
from domino_advisor.learning.progress import Answer, Record, now

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    from domino_advisor import api
    from domino_advisor.games.proof import Known
    from domino_advisor.log.gamelog import GameLog


class Practice:
    """What the session needs of practice; the session sets these in its ``__init__``."""

    console: Console
    read: Callable[[str], str] | None
    practice: bool
    keep: bool
    record: Record | None
    deferred: str | None
    started: int
    kept_aside: int
    log: GameLog
    pos: Any  # an api.Position: practice is asked in the line games

    def toggle_practice(self) -> None:
        if "practice" not in self.log.game.options:  # what the game offers, not its name
            raise NotationError(f"{self.log.game.title} has no practice at the table")
        self.practice = not self.practice and self.read is not None
        state = "on: you are asked first, advice only with a" if self.practice else "off"
        self.console.print(Text(f"practice {state}", style="bold"))
        if self.practice:
            self.open_record()  # a record that cannot be kept is said now, not mid-game

    def teach(self, old: api.Position) -> None:
        """Ask what the event just logged taught, then mark it, say why, and keep it."""
        from domino_advisor.cli.lesson import tell

        pos = self.pos
        if old.view is None or old.inference is None or pos.view is None or pos.inference is None:
            return
        view, inf = pos.view, pos.inference
        question: questions.Question | gamequestions.OwnQuestion | None
        question = questions.worth_asking((old.view, old.inference), (view, inf))
        if question is None:  # else the game's own, where the event changed its answer
            own = part(self.log.game, "question")
            before = None
            if old.view.names == view.names and old.view.dealt == view.dealt:  # the same round
                before = (own(old.match.round, old.view), old.inference)
            if not view.over and len(view.history) > len(old.view.history):
                question = gamequestions.worth_asking(before, (own(pos.match.round, view), inf))
        if question is None or self.read is None:
            return
        self.console.print(
            Text("practice (Enter skips; a line of the game skips it too):", style="bold cyan")
        )
        asked = time.perf_counter()
        said = self.answer(question, view)
        if said is None:
            self.console.print(Text("  skipped", style="dim"))
            return
        # said is what this question's own read made of the answer: the type its mark takes
        marked = question.mark(said, view, inf, questions.by_event(self.log.event_numbers()))  # type: ignore[arg-type]
        self.console.print(tell(marked.points, marked.truth, marked.why))
        taken = round(time.perf_counter() - asked, 2)
        hard = round(difficulty.of_question(question, view, inf), 2)  # for your level at the skill
        rules = self.log.rules.name
        kept = Answer(question.kind, marked.points, rules, self.started, taken, now(), "practice", hard)
        self.keep_answer(kept)

    def answer(
        self, question: questions.Question | gamequestions.OwnQuestion, view: Known
    ) -> set[int] | int | str | None:
        """The answer, or None: Enter, end of input, Ctrl-C, or a line that is not an
        answer at all (an event, a command: kept to be handled next, never lost)."""
        assert self.read is not None
        while True:
            try:
                text = self.read(question.prompt(view))
            except (EOFError, KeyboardInterrupt):
                return None
            if not text.strip():
                return None
            if not _answer_like(text, _names_asked(question, view)):  # a line of the game, or a command
                self.deferred = text
                return None
            try:
                return question.read(text, view)
            except DominoError as e:
                self.console.print(Text(message(str(e)), style="red"))

    def open_record(self) -> Record | None:
        if self.record is None and self.keep:
            try:
                self.record = Record()
            except DominoError as e:  # the game's log matters more: practise, but say so
                self.keep = False
                self.console.print(
                    Text(f"practice answers will not be kept: {message(str(e))}", style="yellow")
                )
        return self.record

    def keep_answer(self, answer: Answer) -> None:
        record = self.open_record()
        if record is None:
            return
        waiting = Text(
            "  waiting for your progress record (another program is writing it; Ctrl-C stops)", style="dim"
        )
        try:
            if not record.add(answer, on_wait=lambda: self.console.print(waiting)):
                self.kept_aside += 1
        except DominoError as e:  # a damaged record: this answer waits beside it; no more kept
            self.console.print(Text(f"practice answers will not be kept: {message(str(e))}", style="yellow"))
            self.keep, self.record = False, None
            record.close()


def _names_asked(question: Any, view: Known) -> set[str]:
    """The names an answer may give (who cannot follow, at the table: whole names only,
    so the session's commands, 'a' or 's', are never taken for ana or sam)."""
    if isinstance(question, gamequestions.Blocked):
        return {view.names[s].lower() for s, _ in question.seats}
    return set()


def _answer_like(text: str, names: Collection[str] = ()) -> bool:
    """Numbers, commas, '-', 'none', or the names asked of: a try at an answer (asked
    again when it does not read); anything else is a line of the game."""
    words = text.lower().replace(",", " ").split()
    nothing = ("-", "none", "nothing", "nobody", "noone")
    return all(w in nothing or w.isdigit() or w in names or (names and w == "and") for w in words)

"""What the session says after each change to the log, for every game: in short, the
event as logged with whose turn it is, what it proved, new warnings and hints (points
scored, a draw that seems missing, what to log next: each said once); at length
(``--full``), the game's own report of the change (``Parts.session_report``), then its
table.  A part of the session of its own, so the table loop reads without it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domino_advisor.views import brief, notices

if TYPE_CHECKING:
    from rich.console import Console

    from domino_advisor.counting.position import Position
    from domino_advisor.games.words import TableWords
    from domino_advisor.log import edits
    from domino_advisor.log.gamelog import GameLog


class Reporting:
    """What the session needs of its reports; the session sets these in its ``__init__``."""

    console: Console
    full: bool
    log: GameLog
    pos: Position
    last_step: str | None
    said: set[str]
    said_round: object

    if TYPE_CHECKING:  # the session's own

        @property
        def words(self) -> TableWords: ...

        def part(self, name: str) -> Any: ...

        def wants_hand(self) -> bool: ...

        def show_status(self, compact: bool = False, data: Any = None, asked: bool = False) -> None: ...

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
        notes = [brief.note(f"warning: {w}", "yellow") for w in self.new_warnings(warned)]
        notes += [brief.note(h, style) for h, style in self.once(self.hints(result), after.get("round"))]
        turn = self.turn_words()
        self.console.print(brief.event_view(head, facts, notes, turn, self.console.width))

    def full_report(self, result: edits.Edited, before: Any, after: Any, warned: set) -> None:
        """The game's long form of what the change did, then the table, compact."""
        step = self.new_step()
        report = self.part("session_report")
        self.console.print(report(result, self.log, self.pos, before, after, warned, step))
        self.show_status(compact=True, data=after)

    def new_warnings(self, warned: set) -> list[str]:
        """The warnings the log did not give before the change (by what each is about)."""
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
        """What to log next, as a row, said once."""
        step = self.new_step()
        return [] if step is None else [(f"next: {step}", "dim")]

    def new_step(self) -> str | None:
        """What to log next, where it is not what was last said: the same step again adds nothing."""
        step = self.next_step()
        said = step is not None and step != self.last_step
        self.last_step = step
        return step if said else None

    def next_step(self) -> str | None:
        """What to log next, in the game's words (None while play goes on)."""
        from domino_advisor.log.guide import next_step

        return next_step(self.pos.match)

    def turn_words(self) -> str | None:
        """Whose turn (the table first, where the game's words say it: the open ends); None
        while the round waits for something else."""
        m = self.pos.match
        r = m.round
        if r is None or self.wants_hand() or r.over:
            return None
        r = r.for_next(m.viewer)
        mover = r.mover()
        if mover is None and not r.race:  # who opens is not known yet: the prompt asks
            return None
        table = self.words.table_now(r)
        shown = f"{table} · " if table else ""
        if mover == m.viewer:
            return shown + "your move"
        if mover is not None:
            return shown + f"{m.players[mover]} next"
        if r.may_play(m.viewer):
            return shown + "you may play"
        # a race: anyone who can play may; what you do if nobody can (draw, pass, or wait)
        idle = r.idle(m.viewer)
        return shown + "anyone who can plays" + ("" if idle == "wait" else f"; you {idle} if nobody can")

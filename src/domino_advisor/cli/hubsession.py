"""The table loop for the one stack's games (Mexican Train, Chicken Foot, Tiddly-wink):
the same session (every line checked and written at once under the log's lock, another
writer's version taken and never overwritten, fixes in place by event number), with the
game's table, counting and advice.

Shorthand: ``ana 64`` plays 6-4 on the only train it fits (the session asks which
when it fits several), ``ana 64 m`` on the Mexican train, ``ana 64 bo`` on bob's train
(any start of a name), ``me 129 mine`` on your own; ``bob d`` draws one (``me d 12-3``
names yours), ``cy p`` passes.  Chicken Foot: ``ana 94`` plays where it fits (asked
when several), ``ana 94 h`` on the head, ``ana 43 t2`` on the second toe's line,
``ana 65 66`` on the double 6-6.  Tiddly-wink: ``ana 64`` where it fits, ``ana 64 4`` on
the end showing 4.  Who may act is the round's to say: at a race nobody has the move
(the prompt is ``anyone>``) and the advice comes whenever you may play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text

from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.errors import DominoError, NotationError
from domino_advisor.base.printable import excerpt, printable
from domino_advisor.cli.session import Session
from domino_advisor.counting import hubseat
from domino_advisor.counting.position import where_of
from domino_advisor.games.events import Play
from domino_advisor.games.hub.logmatch import HubLogMatch
from domino_advisor.games.hub.round import HubRound
from domino_advisor.games.words import Words, words_of
from domino_advisor.log import edits
from domino_advisor.views import brief, hubview
from domino_advisor.views.notices import changed_lines, missing_draw, where_view
from domino_advisor.views.render import reasons_shown

if TYPE_CHECKING:
    from domino_advisor.base import shapes

SHOWS = """  ana s 33 21     ana shows her hand        bob c 14     bob counts 14 pips
  ana =6          check: ana has 6 tiles in front of her
"""
FIXES = """Fix a mistake in place (the whole log must still follow the rules):
  replace 12 bob d    event 12 becomes 'bob d'     insert 9 ana d    a new event before event 9
  delete 12           event 12 goes
Commands:
  a  advice now    s  the table again    u [N]  undo the last N events
  e  every event, numbered    where 66  where 6-6 is likely to be    ?  this help    q  quit
Ctrl-D or Ctrl-C also quit; the log is saved after every line."""


def help_for(words: Words) -> str:
    """The session's help in the game's words."""
    return (
        "type what happens, one line at a time:\n"
        + words.HELP_MOVES
        + SHOWS
        + f"""  round 2         start the next round, then: {words.HELP_HAND} ... (your new hand)
or a full log line ('{words.HELP_LINE}').  Events are numbered as the status shows them.
"""
        + FIXES
    )


class HubSession(Session):
    @property
    def help_text(self) -> str:
        return help_for(words_of(self.match))

    @property
    def match(self) -> HubLogMatch:
        return cast(HubLogMatch, self.pos.match)

    @property
    def prompt(self) -> str:
        m = self.match
        r = m.round
        if m.pending is not None or r is None:
            return f"your hand for round {m.pending or 1}> "
        if r.over:
            return "round over> "
        mover = r.mover()
        return "anyone> " if mover is None else f"{m.players[mover]}> "  # at a race nobody has the move

    # The train family's status where the line games' session has theirs: Session.change
    # hands what status_data gives to report, and report to show_status, untouched.
    def status_data(self) -> shapes.HubStatusJson:  # type: ignore[override]
        """The status of the log as this session last saw it (counted once per version)."""
        cached = getattr(self, "_status", None)
        if cached is None or cached[0] != self.text:
            cached = self._status = (self.text, hubseat.status_of(self.pos))
        return cached[1]

    def warnings_now(self) -> set:
        return set(self.status_data().get("warnings", []))

    def show_status(  # type: ignore[override]
        self, compact: bool = False, data: shapes.HubStatusJson | None = None, asked: bool = False
    ) -> None:
        data = self.status_data() if data is None else data
        self.console.print(hubview.status_view(data, self.console.width, compact, self.next_step()))

    def next_step(self) -> str | None:
        from domino_advisor.log.guide import hub_next_step

        return hub_next_step(self.match)

    def new_warnings(self, after: shapes.HubStatusJson, warned: set) -> list[str]:  # type: ignore[override]
        return [w for w in after.get("warnings", []) if w not in warned]

    def hints(self, result: edits.Edited) -> list[tuple[str, str]]:
        r, viewer = self.match.round, self.match.viewer
        out = []
        logged_last = bool(result.added) and result.added[-1] == len(self.log.events)
        waiting = self.match.pending is not None  # the next round begun: the last one's hint is done
        if (
            logged_last
            and not waiting
            and r is not None
            and r.over
            and r.winner is not None
            and r.winner != viewer
        ):
            drew = any(a.kind == "draw" and a.seat == r.winner for a in r.history)
            if drew and r.boneyard:  # as the line games say it (views/notices.missed_draw)
                out.append((missing_draw(r.names[r.winner]), "dim"))
        return out + self.step_hint()

    def turn_words(self, after: shapes.HubStatusJson) -> str | None:  # type: ignore[override]
        m = self.match
        r = m.round
        if r is None or m.pending is not None or r.over:
            return None
        r = r.for_next(m.viewer)
        mover = r.mover()
        if r.may_play(m.viewer):
            return "your move" if mover == m.viewer else "you may play"
        if mover is not None:
            return f"{m.players[mover]} next"
        # a race: anyone who can play may; what you do if nobody can (draw, pass, or wait)
        idle = r.idle(m.viewer)
        return "anyone who can plays" + ("" if idle == "wait" else f"; you {idle} if nobody can")

    def full_report(  # type: ignore[override]
        self, result: edits.Edited, before: shapes.HubStatusJson, after: shapes.HubStatusJson, warned: set
    ) -> None:
        """The events changed, what each player now certainly lacks that they did not,
        new warnings, then the table."""
        lines = changed_lines(result, self.log)
        if after.get("round") == before.get("round"):  # as the short form's facts: brief.learned
            was = {p["name"]: set(p.get("cannot_hold", [])) for p in before.get("players", [])}
            for p in after.get("players", []):
                new = sorted(set(p.get("cannot_hold", [])) - was.get(p["name"], set()))
                if new and p.get("tiles"):
                    numbers = " ".join(map(str, new))
                    lines.append(
                        Text(f"  now certain: {printable(p['name'])} has no {numbers}", style="cyan")
                    )
        for w in self.new_warnings(after, warned):
            lines.append(Text(f"warning: {printable(w)}", style="yellow"))
        for hint, style in self.hints(result):
            lines.append(Text(printable(hint), style=style))
        for line in lines:
            self.console.print(line)
        self.show_status(compact=True, data=after)

    def show_brief_advice(self) -> None:
        data = self.hub_advice()
        if data is None or data["action"] != "play":
            self.show_advice()
            return
        rows = [(f"{m['tile']} on {m['on']}", f"{m['margin']:+.1f}", reasons_shown(m)) for m in data["moves"]]
        self.console.print(brief.advice_rows(rows, "pips vs others (lower wins)", self.console.width))

    def hub_advice(self) -> shapes.HubAdviceJson | None:
        """The advice when it is your turn in a round under way, else None."""
        m = self.match
        r = m.round
        if r is None or m.pending is not None or r.over:
            return None
        r = r.for_next(m.viewer)
        if not self.yours(r):
            return None
        data: shapes.HubAdviceJson = advise(
            r, m.viewer, Options(samples=self.samples or None, seed=0, seconds=self.seconds)
        ).as_dict()
        return data

    def show_advice(self) -> None:
        m = self.match
        r = m.round
        if r is None or m.pending is not None:
            self.console.print(Text(f"log your hand for round {m.pending or 1} first", style="yellow"))
            return
        if r.over:
            self.console.print(Text(f"round {r.number} is over: no advice to give", style="yellow"))
            return
        r = r.for_next(m.viewer)  # the player before you laying a chain: your move would end it
        mover = r.mover()
        if not self.yours(r):
            assert mover is not None
            self.console.print(Text(f"it is {printable(m.players[mover])}'s turn, not yours", style="yellow"))
            return
        data = self.hub_advice()
        assert data is not None  # a round under way, your turn: checked above
        self.console.print(hubview.advice_view(data, self.console.width))

    def show_where(self, tile_text: str) -> None:
        self.console.print(where_view(where_of(self.pos, tile_text)))

    def toggle_practice(self) -> None:
        raise NotationError("practice is for the line games so far")

    def next_round(self) -> int:
        return self.match.pending or len(self.match.rounds) + 1

    def wants_hand(self) -> bool:
        return self.match.pending is not None or self.match.round is None

    def my_turn(self) -> bool:
        r = self.match.round
        if not r or self.match.pending is not None or r.over:
            return False
        return r.for_next(self.match.viewer).may_play(self.match.viewer)

    def yours(self, r: HubRound) -> bool:
        """Advice may be given: your move, or a race (nobody has the move; you may play or
        wait, and the advice says which)."""
        mover = r.mover()
        return mover is None or mover == self.match.viewer

    def handle_line(self, text: str, changed: bool) -> bool:
        return super().handle_line(self.with_train(text), changed)

    def with_train(self, text: str) -> str:
        """A play typed without its train goes on the only one it fits, or is asked about."""
        m = self.match
        r = m.round
        body = text.partition("#")[0]
        try:
            line = edits.typed(body, self.log)
            event = edits.event_of(line, self.log)
        except DominoError:
            return text  # not an event: the session reads it (or explains it) as usual
        if not isinstance(event, Play) or event.on is not None or r is None or r.over:
            return text
        if event.player not in m.players or m.pending is not None:
            return text
        fits = r.fits(m.players.index(event.player), event.tile)
        asked = words_of(r).ambiguous(r, fits, event.player, m.me) if len(fits) > 1 else None
        if asked is not None:
            where, word = asked
            raise NotationError(
                f"'{excerpt(text, 60)}': {event.tile} fits {where}: say which, like "
                f"'{excerpt(body.strip(), 40)} {word}'"
            )
        return text

"""A practice game against bots that quizzes you on tile counting.

At each of your turns it asks one counting question (which numbers can an opponent
not hold, how many of a number are unseen, where a tile most likely is) and which
move you would make; it scores each answer against the exact inference and the
advisor, then plays your move.  Seeded, so a lesson can be replayed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import message, plural, printable
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.inference import Inference, infer
from domino_advisor.counting.reads import Style, style_for
from domino_advisor.games.events import Draw, Move, Play, number_at_most
from domino_advisor.games.line.deal import deal_round
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import Rules, preset
from domino_advisor.learning import drills, questions
from domino_advisor.learning.answers import KINDS as ALL_KINDS
from domino_advisor.learning.answers import LABELS
from domino_advisor.learning.progress import Answer, Kept, Record, now
from domino_advisor.learning.scorecard import weights
from domino_advisor.log import gamelog
from domino_advisor.measure.players import make_player
from domino_advisor.views import statusview

if TYPE_CHECKING:
    from domino_advisor.games.line.state import Round
    from domino_advisor.games.proof import Known
    from domino_advisor.games.trains.match import HubMatch

KINDS = ALL_KINDS[:3]  # the counting questions: voids, count, where (then the move)


class TheirMoves:
    """The bots' moves as the table sees them: their draws hidden, and a run of one
    player's draws said as one line ('ana draws 11', not eleven lines)."""

    def __init__(self, console: Console):
        self.console = console
        self.drawing: Draw | None = None

    def say(self, event: Move) -> None:
        if isinstance(event, Draw):
            if self.drawing is not None and self.drawing.player == event.player:
                self.drawing = Draw(event.player, self.drawing.count + event.count)
                return
            self.flush()
            self.drawing = Draw(event.player, event.count)
            return
        self.flush()
        self.console.print(Text(f"  {event}", style="dim"))

    def flush(self) -> None:
        if self.drawing is not None:
            self.console.print(Text(f"  {self.drawing}", style="dim"))
            self.drawing = None


class Quit(Exception):
    """The player asked to stop."""


@dataclass
class Score:
    asked: dict[str, int] = field(default_factory=lambda: {k: 0 for k in ALL_KINDS})
    points: dict[str, float] = field(default_factory=lambda: {k: 0.0 for k in ALL_KINDS})

    def add(self, kind: str, points: float) -> None:
        self.asked[kind] += 1
        self.points[kind] += points

    @property
    def accuracy(self) -> float:
        asked = sum(self.asked.values())
        return sum(self.points.values()) / asked if asked else 0.0


class Asking:
    """What a lesson and a drill share: asking, marking, saying why, keeping the answer."""

    source = "train"

    def __init__(
        self,
        console: Console,
        read: Callable[[str], str],
        rules: Rules,
        lesson: int,
        samples: int | None = None,
        record: Record | None = None,
    ):
        self.console = console
        self.read = read
        self.rules = rules
        self.lesson = lesson  # the lesson's seed, or a drill lesson's number
        self.samples = samples
        self.record = record  # every answer is kept there (the learner's record)
        self.kept_aside = 0  # answers that waited in the pending file (the record was busy)
        self.asked_at = time.perf_counter()
        self.rng = random.Random(lesson)
        self.style: Style | None = None  # soft reads in the move question
        self.score = Score()

    def ask(self, prompt: str) -> str:
        self.asked_at = time.perf_counter()
        answer = self.read(prompt).strip()
        if answer.lower() in ("q", "quit"):
            raise Quit
        return answer

    def scored(self, kind: str, points: float) -> None:
        self.score.add(kind, points)
        if self.record is not None:
            taken = time.perf_counter() - self.asked_at
            answer = Answer(kind, points, self.rules.name, self.lesson, round(taken, 2), now(), self.source)
            waiting = Text("  waiting for your progress record (another program is writing it)", style="dim")
            try:
                if not self.record.add(answer, on_wait=lambda: self.console.print(waiting)):
                    self.kept_aside += 1
            except DominoError as e:  # damaged: this answer waits beside it; the lesson goes on
                self.console.print(Text(f"answers will not be kept: {message(str(e))}", style="yellow"))
                self.kept_aside += 1
                self.record = None

    def ask_question(
        self,
        question: questions.Question,
        view: Known,
        inf: Inference,
        label: questions.Label = questions.no_label,
    ) -> float:
        """Ask until the answer reads, then mark it, say why, and keep it."""
        said = read_answer(question, view, self.ask, self.console)
        # said is what this question's own read made of the answer: the type its mark takes
        marked = question.mark(said, view, inf, label)  # type: ignore[arg-type]
        self.tell(marked.points, marked.truth, marked.why)
        self.scored(question.kind, marked.points)
        return marked.points

    def move_question(self, r: Round, seat: int, plays: list[Play]) -> tuple[Play, float]:
        """Ask your move and mark it against the advisor's ranking: the move and its points."""
        self.rng.getrandbits(32)  # drawn as before 0.10.0, so a lesson's seed deals the same lesson
        # the advice advise gives in this position: its worlds and seed, no clock
        advice = advise(r, seat, Options(samples=self.samples, seed=0, seconds=None, style=self.style))
        while True:
            answer = self.ask("your move (like 64 or 64 on 4)? ")
            words = answer.replace(" on ", " ").split()
            try:
                tile = Tile.parse(words[0], self.rules.top) if words else None
                if tile is None or len(words) > 2:
                    raise DominoError("write a move like 64 or 64 on 4")
                on: int | str | None = None
                if len(words) == 2:
                    number = number_at_most(words[1], self.rules.top)
                    on = words[1] if number is None else number
                side = r.layout.resolve(tile, on, self.rules.all_fives)
                chosen = next(
                    m
                    for m in plays
                    if m.tile == tile and r.layout.resolve(m.tile, m.on, self.rules.all_fives) == side
                )
                break
            except StopIteration:
                self.console.print(Text(f"you do not hold {tile}", style="red"))
            except (DominoError, ValueError) as e:
                self.console.print(Text(str(e), style="red"))
        mine = next(
            (c for c in advice.moves if c.tile == chosen.tile and c.side == side),
            next(c for c in advice.moves if c.tile == chosen.tile),
        )
        best = advice.moves[0]
        points = 1.0 if best.win <= 0 else max(0.0, 1 - (best.win - mine.win) / best.win)
        best_text = f"{best.tile}" + ("" if best.on is None else f" on {best.on}")
        why = "; ".join(best.reasons[:2])
        self.tell(
            points, f"the advisor plays {best_text} ({best.win:.0%} to win); yours: {mine.win:.0%}", why
        )
        self.scored("move", points)
        return chosen, points

    def no_choice(self, match: Match | HubMatch, moves: Sequence[Move]) -> bool:
        """A draw or a pass: nothing to decide, so it is played and shown."""
        if any(isinstance(m, Play) for m in moves):
            return False
        match.apply(moves[0])
        self.console.print(Text(f"  {moves[0]}", style="dim"))
        return True

    def show_hand(self, hand: Iterable[Tile]) -> None:
        self.console.print("your hand: " + " ".join(str(t) for t in sorted(hand, reverse=True)))

    def tell(self, points: float, text: str, why: str = "") -> None:
        self.console.print(tell(points, text, why))

    def totals(self) -> None:
        s = self.score
        for kind in ALL_KINDS:
            if s.asked[kind]:
                self.console.print(f"{LABELS[kind]}: {s.points[kind]:.1f} of {s.asked[kind]}")
        self.console.print(Text(f"accuracy: {s.accuracy:.0%}", style="bold"))
        if self.record is not None:
            busy = f" ({self.kept_aside} wait beside it: it was busy)" if self.kept_aside else ""
            self.console.print(
                Text(f"your answers are kept{busy}: see 'domino-advisor progress'", style="dim")
            )


class LineLesson(Asking):
    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int,
        console: Console,
        read: Callable[[str], str],
        bots: str = "heuristic",
        samples: int | None = None,
        reads: bool = True,
        record: Record | None = None,
    ):
        super().__init__(console, read, rules, seed, samples, record)
        self.seed = seed
        self.drills_due = 0  # drills from your games due now (asked by train --drills)
        if record is not None:
            self.drills_due = len(record.due())
            record.start_lesson()  # drills are spaced over every lesson
        answers = record.answers() if record is not None else []
        self.lean = weights(answers) if answers else None  # an empty record: in turn
        self.style = style_for(rules, players) if reads else None
        self.names = ["me", "ana", "bob", "cy"][:players]
        self.match = Match(rules, self.names)
        self.bots = [None] + [make_player(bots) for _ in range(players - 1)]
        self.turn_no = 0

    def play(self) -> Score:
        deal_round(self.match, self.rng)
        r = self.match.playing
        self.console.print(
            Text(
                f"a practice round of {self.rules.name} for {len(self.names)}: you (me) "
                "against the bots. q quits.",
                style="bold",
            )
        )
        theirs = TheirMoves(self.console)
        try:
            while not r.over:
                moves = legal_moves(r)
                seat = r.turn if r.turn is not None else self.match.seat(moves[0].player)
                if seat == 0:
                    theirs.flush()
                    self.your_turn(r, moves)
                else:
                    event = self.bots[seat].choose(r, seat, self.rng)
                    self.match.apply(event)
                    theirs.say(event)
        except Quit:
            theirs.flush()
            self.console.print("stopped.")
        theirs.flush()
        self.finish(r)
        if self.drills_due:
            self.console.print(
                Text(
                    f"{plural(self.drills_due, 'drill')} from your games "
                    f"{'is' if self.drills_due == 1 else 'are'} due: train --drills",
                    style="bold",
                )
            )
        return self.score

    def your_turn(self, r: Round, moves: list[Move]) -> None:
        if self.no_choice(self.match, moves):
            return
        plays = [m for m in moves if isinstance(m, Play)]
        self.turn_no += 1

        view = r.seat_view(0)
        inf = infer(view)
        self.console.print(statusview.chain(r.layout))
        self.show_hand(cast("set[Tile]", r.hands[0]))  # a lesson deals every hand, yours known
        if not r.layout.is_empty and view.opponents:
            self.quiz(self.next_kind(), view, inf)
        if len(plays) == 1:
            self.match.apply(plays[0])
            self.console.print(Text(f"  {plays[0]} (your only move)", style="dim"))
            return
        chosen, _ = self.move_question(r, 0, plays)
        self.match.apply(chosen)

    def next_kind(self) -> str:
        """In turn with an empty record; else more often what the record says you miss."""
        if not self.lean:
            return KINDS[(self.turn_no - 1) % len(KINDS)]
        return self.rng.choices(list(self.lean), weights=list(self.lean.values()))[0]

    def quiz(self, kind: str, view: Known, inf: Inference) -> None:
        self.ask_question(questions.pick(kind, view, inf, self.rng), view, inf)

    def finish(self, r: Round) -> None:
        res = r.result()
        if r.over and res is not None:
            who = "nobody (a tie)" if res.winner is None else self.names[res.winner]
            self.console.print(Text(f"round over: {who} won", style="bold"))
        self.totals()


class DrillLesson(Asking):
    """The drills from your games that are due: each position as it was, the question
    asked again, and the record told whether it was right (twice right: done)."""

    source = "drill"

    def __init__(
        self,
        console: Console,
        read: Callable[[str], str],
        record: Record,
        samples: int | None = None,
        reads: bool = True,
    ) -> None:
        super().__init__(console, read, preset("classic"), record.lessons() + 1, samples, record)
        self.reads = reads
        self.kept: Record = record

    def run(self, limit: int = 10) -> Score:
        due = self.kept.due(limit)
        if not due:  # not a lesson: nothing moves nearer
            left = self.kept.drills_left()
            when = f"{left} wait for a later lesson" if left else "add some with train --from GAME.dom"
            self.console.print(Text(f"no drills due now: {when}", style="bold"))
            return self.score
        self.lesson_no = self.kept.start_lesson()
        self.console.print(Text(f"{plural(len(due), 'drill')} from your games. q stops.", style="bold"))
        try:
            shown = None
            for number, kept in enumerate(due, 1):
                moment = (kept.text, kept.drill.event)
                self.drill(number, kept, show=moment != shown)  # one position, shown once
                shown = moment
        except Quit:
            self.console.print("stopped.")
        self.totals()
        left = self.kept.drills_left()
        more = (
            f"{plural(left, 'drill')} still to answer right twice"
            if left
            else "every drill answered right twice"
        )
        self.console.print(Text(more, style="dim"))
        return self.score

    def drill(self, number: int, kept: Kept, show: bool = True) -> None:
        log = gamelog.loads(kept.text)
        at = drills.moment(log, kept.drill.event)
        r, view, inf = at.round, at.view, at.inference
        self.rules = log.rules
        self.style = style_for(log.rules, len(log.players)) if self.reads else None
        if show:
            self.console.print(
                Text(
                    f"\n{printable(kept.name)}, round {r.number}, before your move at event "
                    f"{kept.drill.event} (it cost {kept.drill.cost:.0%} of your chance):",
                    style="bold",
                )
            )
            for line in at.events[-8:]:
                self.console.print(Text(f"  {printable(line)}", style="dim"))
            self.console.print(statusview.chain(r.layout))
            self.console.print("your hand: " + " ".join(str(t) for t in sorted(view.hand, reverse=True)))
        self.console.print(Text(f"drill {number} (right {kept.rights} of 2 so far)", style="cyan"))
        if kept.drill.kind == "move":
            plays = [m for m in legal_moves(r) if isinstance(m, Play)]
            _, points = self.move_question(r, at.match.me, plays)
        else:
            label = questions.by_event(log.event_numbers())
            points = self.ask_question(drills.question(kept.drill, view), view, inf, label)
        if not self.kept.answered(kept.id, points >= 0.999, self.lesson_no):
            self.console.print(Text("  (the record was busy: this drill comes again)", style="yellow"))


def read_answer(
    question: questions.Question,
    view: Known,
    read: Callable[[str], str],
    console: Console,
    skip: bool = False,
) -> set[int] | int | str | None:
    """Ask until the answer reads (each refusal says why); None when ``skip`` and the
    answer is empty."""
    while True:
        text = read(question.prompt(view))
        if skip and not text.strip():
            return None
        try:
            return question.read(text, view)
        except DominoError as e:
            console.print(Text(str(e), style="red"))


def tell(points: float, text: str, why: str = "") -> RenderableType:
    """The mark and the answer, then why (dim, indented, wrapped under itself)."""
    mark = questions.Marked(points, text, why).verdict
    style = "green" if points >= 0.999 else ("yellow" if points >= 0.5 else "red")
    head = Text(f"  {mark}: {text}", style=style)
    if not why:
        return head
    return Group(head, Padding(Text(f"why: {why}", style="dim"), (0, 0, 0, 4), expand=False))


def lesson(
    rules: Rules,
    seats: int,
    seed: int,
    console: Console,
    read: Callable[[str], str],
    bots: str,
    reads: bool,
    record: Record | None,
) -> LineLesson:
    """A practice round of a line game (the ``train`` command's part): one round, no target."""
    return LineLesson(
        rules.with_overrides({"target": "0"}), seats, seed, console, read, bots, reads=reads, record=record
    )

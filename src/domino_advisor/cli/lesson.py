"""A practice round against bots that quizzes you on tile counting, for every game.

At each of your turns with a move to choose it asks one counting question (which
numbers an opponent certainly lacks, how many of a number are unseen, where a tile most
likely is) and which move you would make; it scores each answer against the exact
inference and the advice, then plays your move.  One lesson plays every game through the
registry's interfaces: the round dealt with every hand known (``Game.deal_round``), who
acts next and what they may do (the round's ``next_actor`` and ``moves_of``: at a race,
one of those who can play, drawn by the lesson's dice), the game's bots (``Parts.bots``)
and table (``Parts.lesson_view``), how a move is asked for, typed and read (the game's
words), and your move marked in the measure the game is won by (``learning.movemark``).
Seeded, so a lesson can be replayed.  Drills from your games (``DrillLesson``) ask the
same way at a position of a game you logged.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import message, plural, printable
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.inference import Inference, infer
from domino_advisor.counting.reads import Style, style_for
from domino_advisor.games.events import Draw, Move, Play
from domino_advisor.games.registry import game_for, part
from domino_advisor.games.words import words_of
from domino_advisor.learning import difficulty, drills, gamequestions, questions, skills
from domino_advisor.learning.answers import KINDS as ALL_KINDS
from domino_advisor.learning.answers import LABELS
from domino_advisor.learning.movemark import mark_move
from domino_advisor.learning.progress import Answer, Kept, Record, now
from domino_advisor.log import gamelog

if TYPE_CHECKING:
    from domino_advisor.games.proof import Known
    from domino_advisor.games.registry import GameRound, GameRules
    from domino_advisor.learning.countdecides import Decides

KINDS = ALL_KINDS[:3]  # every game's counting questions: voids, count, where (then the move)
NAMES = ["me", "ana", "bob", "cy", "di", "ed", "flo", "gus"]  # you, then the bots


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
        rules: GameRules | None,
        lesson: int,
        samples: int | None = None,
        record: Record | None = None,
    ):
        self.console = console
        self.read = read
        self.rules = rules  # what the answers are kept under (a drill's: each drill's game)
        self.lesson = lesson  # the lesson's seed, or a drill lesson's number
        self.samples = samples  # the advice's worlds (None: the game's own budget)
        self.record = record  # every answer is kept there (the learner's record)
        self.kept_aside = 0  # answers that waited in the pending file (the record was busy)
        self.asked_at = time.perf_counter()
        self.last_seconds = 0.0
        self.rng = random.Random(lesson)
        self.style: Style | None = None  # soft reads in the move question
        self.score = Score()

    def ask(self, prompt: str) -> str:
        self.asked_at = time.perf_counter()
        answer = self.read(prompt).strip()
        if answer.lower() in ("q", "quit"):
            raise Quit
        return answer

    def scored(self, kind: str, points: float, hard: float | None = None) -> None:
        self.score.add(kind, points)
        taken = time.perf_counter() - self.asked_at
        self.last_seconds = taken  # how long the answer took (a drill's grade reads it)
        if self.record is not None:
            assert self.rules is not None  # a question is asked under its game's rules
            answer = Answer(
                kind, points, self.rules.name, self.lesson, round(taken, 2), now(), self.source, hard
            )
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
        question: questions.Question | gamequestions.OwnQuestion,
        view: Known,
        inf: Inference,
        label: questions.Label = questions.no_label,
    ) -> float:
        """Ask until the answer reads, then mark it, say why, and keep it."""
        said = read_answer(question, view, self.ask, self.console)
        # said is what this question's own read made of the answer: the type its mark takes
        marked = question.mark(said, view, inf, label)  # type: ignore[arg-type]
        self.tell(marked.points, marked.truth, marked.why)
        self.scored(question.kind, marked.points, round(difficulty.of_question(question, view, inf), 2))
        return marked.points

    def move_question(self, r: GameRound, seat: int, plays: list[Play]) -> tuple[Play, float]:
        """Ask your move (typed as the game's words read it) and mark it against the
        advice's ranking, in the measure the game is won by: the move and its points."""
        self.rng.getrandbits(32)  # drawn as before 0.10.0, so a lesson's seed deals the same lesson
        # the advice advise gives in this position: its worlds and seed, no clock
        advice = advise(r, seat, Options(samples=self.samples, seed=0, seconds=None, style=self.style))
        words = words_of(r)
        while True:
            answer = self.ask(f"your {words.MOVE} (like {words.prompt_example(r, plays)})? ")
            try:
                chosen = words.read_play(answer, r, plays)
                break
            except ValueError as e:  # the game's words refuse it (a DominoError), or a number too long
                self.console.print(Text(str(e), style="red"))
        marked = mark_move(r, seat, advice, chosen)
        self.tell(marked.points, marked.truth, marked.why)
        self.scored("move", marked.points, round(difficulty.of_move(len(plays), r.seat_view(seat)), 2))
        return chosen, marked.points

    def no_choice(self, r: GameRound, moves: list[Move]) -> bool:
        """A draw or a pass: nothing to decide, so it is played and shown."""
        if any(isinstance(m, Play) for m in moves):
            return False
        r.apply(moves[0])
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


class Lesson(Asking):
    """One round of any game against the bots, you in the first seat (``me``)."""

    def __init__(
        self,
        rules: GameRules,
        players: int,
        seed: int,
        console: Console,
        read: Callable[[str], str],
        bots: str = "heuristic",
        samples: int | None = None,
        reads: bool = True,
        record: Record | None = None,
    ):
        game = game_for(rules.name)
        played = game.round_only(rules)  # one round, played for itself
        super().__init__(console, read, played, seed, samples, record)
        self.seed = seed
        # where the game's logs give drills, your record leads the lesson: the drills due
        # are said, and the questions lean to what you miss
        led = "drills" in game.options
        self.drills_due = 0  # drills from your games due now (asked by train --drills)
        if record is not None:
            if led:
                self.drills_due = record.drills_due()
            record.start_lesson()  # the lesson's answers are kept under its number
        answers = record.answers() if record is not None and led else []
        self.own = part(game, "question")  # the game's own counting question (learning.gamequestions)
        self.kinds = (*KINDS, self.own.kind)
        self.weak, self.targets = aimed(answers, game.title, self.kinds)
        self.before = [
            a.kind for a in answers if a.source == "train" and a.kind in self.kinds
        ]  # the turn goes on
        self.asked: list[str] = []  # the kinds asked so far, what the next is aimed by
        self.style = style_for(played, players) if reads and "reads" in game.options else None
        self.names = NAMES[:players]
        self.table = part(game, "lesson_view")
        bot = part(game, "bots")
        self.bots: list[Any] = [None] + [bot(bots, played) for _ in range(players - 1)]
        self.turn_no = 0
        self.round: GameRound = game.deal_round(played, self.names, self.rng, you=0)

    def play(self) -> Score:
        r = self.round
        title, start = words_of(r).practice(r)
        said = f", {start}" if start else ""
        self.console.print(
            Text(
                f"a practice round of {title} for {len(self.names)}: you (me) against the bots{said}. "
                "q quits.",
                style="bold",
            )
        )
        theirs = TheirMoves(self.console)
        try:
            while not r.over:
                seat = r.next_actor(self.rng)  # at a race, one of those who can play, drawn
                moves = r.moves_of(seat)
                if seat == 0:
                    theirs.flush()
                    self.your_turn(r, moves)
                    continue
                move = self.bots[seat](r, moves, self.rng)
                r.apply(move)
                theirs.say(move)
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

    def your_turn(self, r: GameRound, moves: list[Move]) -> None:
        if self.no_choice(r, moves):
            return
        plays = [m for m in moves if isinstance(m, Play)]
        self.turn_no += 1
        view = r.seat_view(0)
        inf = infer(view)
        self.console.print(self.table(r))
        self.show_hand(r.hands[0] or set())  # a lesson deals every hand, yours known
        words = words_of(r)
        chaining = words.chaining(r, 0)  # the question was asked at its start
        if r.history and view.opponents and not chaining:
            self.quiz(self.next_kind(), r, view, inf)
        if len(plays) == 1:
            r.apply(plays[0])
            why = "your chain goes on: the only tile that fits" if chaining else f"your only {words.MOVE}"
            self.console.print(Text(f"  {plays[0]} ({why})", style="dim"))
            return
        chosen, _ = self.move_question(r, 0, plays)
        r.apply(chosen)

    def next_kind(self) -> str:
        """Seven in ten from your weak skills in this game; with none weak, each in turn."""
        kind = skills.next_kind(self.asked, self.weak, self.kinds, self.rng, self.before)
        self.asked.append(kind)
        return kind

    def quiz(self, kind: str, r: GameRound, view: Known, inf: Inference) -> None:
        """A question of this kind; the game's own where the position offers it, else (a
        Chicken Foot with no double waiting) a count in its place."""
        asked: Any
        if kind == self.own.kind:
            found = self.own(r, view)
            if found:
                asked = gamequestions.choose(found, view, inf, self.rng, self.targets[kind])
                self.ask_question(asked, view, inf)
                return
            kind = self.asked[-1] = "count"
        asked = questions.pick(kind, view, inf, self.rng, target=self.targets[kind])
        self.ask_question(asked, view, inf)

    def finish(self, r: GameRound) -> None:
        said = r.end_words()
        if said is not None:
            self.console.print(Text(said, style="bold"))
        self.totals()


def aimed(
    answers: list[Answer], family: str, kinds: tuple[str, ...] = KINDS
) -> tuple[list[str], dict[str, float]]:
    """Your weak counting skills in this game family (of ``kinds``: every game's and its
    own), and the difficulty to ask each at (your level: ``learning.level``; a new learner
    starts easy)."""
    from domino_advisor.learning import level  # glicko2: loaded by the learning commands only
    from domino_advisor.learning.scorecard import game_of

    found = skills.skills(answers, family=game_of)
    weak = [s.kind for s in found if s.game == family and s.weak and s.kind in kinds]
    mine = [a for a in answers if game_of(a) == family]
    return weak, {kind: level.target([a for a in mine if a.kind == kind]) for kind in kinds}


class DrillLesson(Asking):
    """The drills from your games due today: each position as it was, the question asked
    again, and the record told whether it was right and how quickly (FSRS schedules it
    from that: a drill is never done, one you know comes back after a long interval)."""

    source = "drill"

    def __init__(
        self,
        console: Console,
        read: Callable[[str], str],
        record: Record,
        samples: int | None = None,
        reads: bool = True,
    ) -> None:
        super().__init__(console, read, None, record.lessons() + 1, samples, record)  # rules: each drill's
        self.reads = reads
        self.kept: Record = record

    def run(self, limit: int = 10) -> Score:
        due = self.kept.due(limit)
        if not due:  # not a lesson: nothing moves nearer
            when = self.next_words() if self.kept.drills_kept() else "add some with train --from GAME.dom"
            self.console.print(Text(f"no drills due today: {when}", style="bold"))
            return self.score
        self.lesson_no = self.kept.start_lesson()
        self.lesson = self.lesson_no  # answers kept under this lesson's number (another may start too)
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
        now_due = self.kept.drills_due()
        more = f"{plural(now_due, 'more drill')} due today; " if now_due else ""
        self.console.print(Text(more + self.next_words(), style="dim"))
        return self.score

    def next_words(self) -> str:
        """When the next drills are due, as a player says it."""
        from domino_advisor.learning import clock

        coming = self.kept.next_due()
        if coming is None:
            return "none due later"
        return f"next: {plural(coming.count, 'drill')} {clock.day_words(coming.at, clock.now())}"

    def drill(self, number: int, kept: Kept, show: bool = True) -> None:
        log = gamelog.loads(kept.text)
        at = drills.moment(log, kept.drill.event)
        r, view, inf, me = at.round, at.view, at.inference, at.match.viewer
        game = log.game
        self.rules = log.rules
        reads = self.reads and "reads" in game.options
        self.style = style_for(log.rules, len(log.players)) if reads else None
        decides = None  # where forgetting what it asks of (a void, a count) changes the move
        if kept.drill.kind == "voids":
            decides = self.count_decides(r, me, inf, about=view.names.index(kept.drill.about))
        elif kept.drill.kind == "count":
            decides = self.count_decides(r, me, inf, number=int(kept.drill.about))
        if show:
            cost = drills.measure_of(log).cost_words(kept.drill.cost)
            if decides is not None and kept.drill.decides:  # the count's own drill
                cost = f"where the count decides: {decides.worth()}"
            self.console.print(
                Text(
                    f"\n{printable(kept.name)}, round {r.number}, before your move at event "
                    f"{kept.drill.event} ({cost}):",
                    style="bold",
                )
            )
            for line in at.events[-8:]:
                self.console.print(Text(f"  {printable(line)}", style="dim"))
            self.console.print(part(game, "lesson_view")(r))
            self.show_hand(view.hand)
        right = f"right {plural(kept.rights, 'time')} before" if kept.rights else "new"
        self.console.print(Text(f"drill {number} ({right})", style="cyan"))
        if kept.drill.kind == "move":
            plays = [m for m in r.moves_of(me) if isinstance(m, Play)]
            _, points = self.move_question(r, me, plays)
        else:
            label = questions.by_event(log.event_numbers())
            points = self.ask_question(drills.question(kept.drill, view), view, inf, label)
        if not self.kept.answered(kept.id, points >= 0.999, self.last_seconds):
            self.console.print(Text("  (the record was busy: this drill comes again)", style="yellow"))
        if decides is not None:  # after the answer: what counting it is worth
            said = Text(decides.words(view.names), style="cyan")
            self.console.print(Padding(said, (0, 0, 0, 2), expand=False))  # wrapped under itself

    def count_decides(
        self, r: GameRound, me: int, inf: Inference, about: int | None = None, number: int | None = None
    ) -> Decides | None:
        """Where forgetting what the opponent ``about`` lacks, or miscounting ``number``,
        would clearly change the advice's move, what counting it is worth
        (``learning.countdecides``: the table's budget, seed 0, the same every time the
        drill is asked); None where it changes nothing."""
        from domino_advisor.learning import countdecides

        turn = r.for_next(me)
        options = Options(samples=self.samples, seed=0, seconds=None, style=self.style)
        kinds = ("voids",) if about is not None else ("count",)
        given = inf if turn is r else None
        found = countdecides.deciding(
            turn, me, options, inference=given, about=about, kinds=kinds, number=number
        )
        return found[0] if found else None


def read_answer(
    question: questions.Question | gamequestions.OwnQuestion,
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

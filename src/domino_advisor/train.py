"""A practice game against bots that quizzes you on tile counting.

At each of your turns it asks one counting question (which numbers can an opponent
not hold, how many of a number are unseen, where a tile most likely is) and which
move you would make; it scores each answer against the exact inference and the
advisor, then plays your move.  Seeded, so a lesson can be replayed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console, Group
from rich.padding import Padding
from rich.text import Text

from . import questions, statusview
from .advisor import advise
from .deal import deal_round
from .errors import DominoError
from .events import Draw, Play, number_at_most
from .inference import infer
from .match import Match
from .moves import legal_moves
from .players import make_player
from .progress import KINDS as ALL_KINDS
from .progress import LABELS, Answer, Record, now, weights
from .reads import style_for
from .rules import Rules
from .tiles import Tile

KINDS = ALL_KINDS[:3]  # the counting questions: voids, count, where (then the move)


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


class Trainer:
    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int,
        console: Console,
        read: Callable[[str], str],
        bots: str = "heuristic",
        samples: int = 200,
        reads: bool = True,
        record: Record | None = None,
    ):
        self.rules = rules
        self.seed = seed
        self.record = record  # every answer is kept there (the learner's record)
        answers = record.answers() if record is not None else []
        self.lean = weights(answers) if answers else None  # an empty record: in turn
        self.kept_aside = 0  # answers that waited in the pending file (the record was busy)
        self.asked_at = time.perf_counter()
        self.console = console
        self.read = read
        self.rng = random.Random(seed)
        self.samples = samples
        self.style = style_for(rules, players) if reads else None  # soft reads in the move question
        self.names = ["me", "ana", "bob", "cy"][:players]
        self.match = Match(rules, self.names)
        self.bots = [None] + [make_player(bots) for _ in range(players - 1)]
        self.score = Score()
        self.turn_no = 0

    def ask(self, prompt: str) -> str:
        self.asked_at = time.perf_counter()
        answer = self.read(prompt).strip()
        if answer.lower() in ("q", "quit"):
            raise Quit
        return answer

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
        try:
            while not r.over:
                moves = legal_moves(r)
                seat = r.turn if r.turn is not None else self.match.seat(moves[0].player)
                if seat == 0:
                    self.your_turn(r, moves)
                else:
                    event = self.bots[seat].choose(r, seat, self.rng)
                    self.match.apply(event)
                    shown = Draw(event.player, event.count) if isinstance(event, Draw) else event
                    self.console.print(Text(f"  {shown}", style="dim"))  # their draws stay hidden
        except Quit:
            self.console.print("stopped.")
        self.finish(r)
        return self.score

    def your_turn(self, r, moves) -> None:
        plays = [m for m in moves if isinstance(m, Play)]
        if not plays:  # draw or pass: nothing to decide
            self.match.apply(moves[0])
            self.console.print(Text(f"  {moves[0]}", style="dim"))
            return
        self.turn_no += 1
        from .view import SeatView

        view = SeatView.of(r, 0)
        inf = infer(view)
        self.console.print(statusview.chain(r.layout))
        self.console.print("your hand: " + " ".join(str(t) for t in sorted(r.hands[0], reverse=True)))
        if not r.layout.is_empty and view.opponents:
            self.quiz(self.next_kind(), view, inf)
        if len(plays) == 1:
            self.match.apply(plays[0])
            self.console.print(Text(f"  {plays[0]} (your only move)", style="dim"))
            return
        self.move_question(r, plays)

    def next_kind(self) -> str:
        """In turn with an empty record; else more often what the record says you miss."""
        if not self.lean:
            return KINDS[(self.turn_no - 1) % len(KINDS)]
        return self.rng.choices(list(self.lean), weights=list(self.lean.values()))[0]

    def scored(self, kind: str, points: float) -> None:
        self.score.add(kind, points)
        if self.record is not None:
            taken = time.perf_counter() - self.asked_at
            answer = Answer(kind, points, self.rules.name, self.seed, round(taken, 2), now())
            if not self.record.add(answer):
                self.kept_aside += 1

    def quiz(self, kind: str, view, inf) -> None:
        self.ask_question(questions.pick(kind, view, inf, self.rng), view, inf)

    def ask_question(self, question: questions.Question, view, inf, label=questions.no_label) -> float:
        """Ask until the answer reads, then mark it, say why, and keep it."""
        said = read_answer(question, view, self.ask, self.console)
        marked = question.mark(said, view, inf, label)  # type: ignore[arg-type]
        self.tell(marked.points, marked.truth, marked.why)
        self.scored(question.kind, marked.points)
        return marked.points

    def move_question(self, r, plays) -> None:
        advice = advise(
            r,
            0,
            samples=self.samples,
            seed=self.rng.getrandbits(32),
            seconds=None,
            style=self.style,
        )
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
        self.match.apply(chosen)

    def tell(self, points: float, text: str, why: str = "") -> None:
        self.console.print(tell(points, text, why))

    def finish(self, r) -> None:
        res = r.result()
        if r.over and res is not None:
            who = "nobody (a tie)" if res.winner is None else self.names[res.winner]
            self.console.print(Text(f"round over: {who} won", style="bold"))
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


def read_answer(question: questions.Question, view, read: Callable[[str], str], console, skip: bool = False):
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


def tell(points: float, text: str, why: str = ""):
    """The mark and the answer, then why (dim, indented, wrapped under itself)."""
    mark = questions.Marked(points, text, why).verdict
    style = "green" if points >= 0.999 else ("yellow" if points >= 0.5 else "red")
    head = Text(f"  {mark}: {text}", style=style)
    if not why:
        return head
    return Group(head, Padding(Text(f"why: {why}", style="dim"), (0, 0, 0, 4), expand=False))

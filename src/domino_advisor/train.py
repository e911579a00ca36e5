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

from rich.console import Console
from rich.text import Text

from . import statusview
from .advisor import advise
from .deal import deal_round
from .errors import DominoError
from .events import Draw, Play, number_at_most
from .inference import infer
from .match import Match
from .moves import legal_moves
from .players import make_player
from .printable import excerpt
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


def parse_numbers(text: str, top: int) -> set[int]:
    text = text.strip().lower()
    if text in ("-", "none", "nothing", ""):
        return set()
    out = set()
    for word in text.replace(",", " ").split():
        number = number_at_most(word, top)
        if number is None:
            raise DominoError(f"'{excerpt(word)}' is not a number from 0 to {top}")
        out.add(number)
    return out


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
        top = self.rules.top
        if kind == "voids":
            s = self.rng.choice(view.opponents)
            name = view.names[s]
            truth = set(inf.cannot_hold(s))
            while True:
                try:
                    said = parse_numbers(self.ask(f"which numbers can {name} certainly not hold? "), top)
                    break
                except DominoError as e:
                    self.console.print(Text(str(e), style="red"))
            union = said | truth
            points = len(said & truth) / len(union) if union else 1.0
            self.tell(points, f"{name} certainly lacks: {' '.join(map(str, sorted(truth))) or 'nothing'}")
            self.scored("voids", points)
        elif kind == "count":
            n = self.rng.randrange(top + 1)
            total = sum(1 for t in inf.unseen if t.bears(n))
            while True:
                count = number_at_most(
                    self.ask(f"how many {n}s have you not seen yet? "), self.rules.tile_count
                )
                if count is not None:
                    break
                self.console.print(Text("a whole number, please", style="red"))
            points = 1.0 if count == total else 0.0
            self.tell(points, f"{total} tiles with a {n} are unseen")
            self.scored("count", points)
        else:
            tile: Tile = self.rng.choice(inf.unseen)
            where = inf.where(tile)
            best = max(where.values())
            likely = [k for k, v in where.items() if v >= best - 1e-12]
            names = [view.names[s] for s in view.opponents] + ["boneyard"]
            while True:
                answer = self.ask(f"where is {tile} most likely ({', '.join(names)})? ").lower()
                if answer in names:
                    break
                self.console.print(Text(f"one of {', '.join(names)}", style="red"))
            points = 1.0 if answer in likely else 0.0
            odds = ", ".join(f"{k} {v:.0%}" for k, v in where.items())
            self.tell(points, f"{tile}: {odds}")
            self.scored("where", points)

    def move_question(self, r, plays) -> None:
        advice = advise(
            r,
            0,
            samples=self.samples,
            seed=self.rng.getrandbits(32),
            seconds=None,
            reasons=False,
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
        self.tell(points, f"the advisor plays {best_text} ({best.win:.0%} to win); yours: {mine.win:.0%}")
        self.scored("move", points)
        self.match.apply(chosen)

    def tell(self, points: float, text: str) -> None:
        mark = "right" if points >= 0.999 else ("close" if points >= 0.5 else "not quite")
        style = "green" if points >= 0.999 else ("yellow" if points >= 0.5 else "red")
        self.console.print(Text(f"  {mark}: {text}", style=style))

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

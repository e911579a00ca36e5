"""A practice round of a game played through the one stack (Mexican Train, Chicken Foot,
Tiddly-wink) against bots that quizzes you on tile counting.

At each of your turns with a play to choose it asks one counting question (what an
opponent certainly lacks, how many of a number are unseen, where a tile most likely
is), the same questions with the same proofs as the line games, then which tile where
(which train; in Chicken Foot which toe or double; in Tiddly-wink which end); the move
is marked against the advisor's ranking in pips.  Who acts next is the round's to say
(``next_actor``): the player to move, or at a race (Tiddly-wink) one of those who can
play, drawn by the lesson's dice; when nobody can, the player whose draw it is.  Seeded,
so a lesson can be replayed.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from domino_advisor.advice.advise import Options, advise
from domino_advisor.advice.pips import choice_for
from domino_advisor.base.budgets import TRAIN_ADVICE_SAMPLES as DEFAULT_SAMPLES
from domino_advisor.base.errors import DominoError, NotationError
from domino_advisor.base.tiles import Tile
from domino_advisor.cli.lesson import KINDS, Asking, Quit, TheirMoves
from domino_advisor.counting.hubseat import count
from domino_advisor.games.events import Draw, Move, Play
from domino_advisor.games.hub.logmatch import AnyRules, match_of
from domino_advisor.games.hub.round import HubRound
from domino_advisor.games.words import LessonTable, words_of
from domino_advisor.learning import questions
from domino_advisor.learning.progress import Record
from domino_advisor.measure.hubbots import make_policy

NAMES = ["me", "ana", "bob", "cy", "di", "ed", "flo", "gus"]
FULL_MARKS = 8.0  # pips: a move this much worse than the advisor's (yours less the others') scores 0


class HubLesson(Asking):
    def __init__(
        self,
        rules: AnyRules,
        players: int,
        seed: int,
        console: Console,
        read: Callable[[str], str],
        bots: str = "heuristic",
        samples: int = DEFAULT_SAMPLES,
        record: Record | None = None,
    ):
        super().__init__(console, read, rules, seed, samples, record)  # type: ignore[arg-type]
        self.train_rules = rules
        if record is not None:
            record.start_lesson()  # drills are spaced over every lesson
        self.names = NAMES[:players]
        self.match = match_of(rules, self.names)
        self.bots = [None] + [make_policy(bots, rules) for _ in range(players - 1)]
        self.turn_no = 0

    def play(self) -> None:
        hands, stock = self.match.deal(self.rng)
        r = self.match.start(list(hands), stock)
        r.viewer = 0  # you: the lesson's words say "your train"
        self.console.print(
            Text(
                f"a practice round of {self.train_rules.title} for {len(self.names)}: you (me) against "
                f"the bots, {r.start_words()}. q quits.",
                style="bold",
            )
        )
        theirs = TheirMoves(self.console)
        try:
            while not r.over:
                seat = r.next_actor(self.rng)
                moves = r.moves_of(seat)
                if seat == 0:
                    theirs.flush()
                    self.your_turn(r, moves)
                    continue
                policy = self.bots[seat]
                assert policy is not None
                move = policy(r, moves, self.rng)
                self.match.apply(move)
                theirs.say(Draw(move.player, 1) if isinstance(move, Draw) else move)
        except Quit:
            theirs.flush()
            self.console.print("stopped.")
        theirs.flush()
        self.finish(r)

    def your_turn(self, r: HubRound, moves: list[Move]) -> None:
        if self.no_choice(self.match, moves):
            return
        plays = [m for m in moves if isinstance(m, Play)]
        self.turn_no += 1
        view = r.seat_view(0)
        inf = count(view)
        self.console.print(lesson_table(words_of(r).lesson_table(r)))
        self.show_hand(r.hands[0] or set())
        chaining = words_of(r).chaining(r, 0)  # the question was asked at its start
        if r.history and view.opponents and not chaining:
            kind = KINDS[(self.turn_no - 1) % len(KINDS)]
            self.ask_question(questions.pick(kind, view, inf, self.rng), view, inf)  # type: ignore[arg-type]
        if len(plays) == 1:
            self.match.apply(plays[0])
            why = "your chain goes on: the only tile that fits" if chaining else "your only play"
            self.console.print(Text(f"  {plays[0]} ({why})", style="dim"))
            return
        self.match.apply(self.train_move(r, plays))

    def train_move(self, r: HubRound, plays: list[Play]) -> Play:
        """Ask your play and mark it against the advisor's ranking (pips against the others)."""
        self.rng.getrandbits(32)  # drawn as before 0.10.0, so a lesson's seed deals the same lesson
        advice = advise(
            r, 0, Options(samples=self.samples or DEFAULT_SAMPLES, seed=0, seconds=None)
        )  # as advise
        while True:
            answer = self.ask(f"your play (like {words_of(r).typed(r, plays[0])})? ")
            try:
                chosen = read_play(answer, r, plays)
                break
            except DominoError as e:
                self.console.print(Text(str(e), style="red"))
        best = advice.moves[0]
        exact = (c for c in advice.moves if r.play_event(0, c.tile, c.place) == chosen)
        mine = next(exact, None) or choice_for(r, 0, advice.moves, chosen.tile, str(chosen.on))
        assert mine is not None  # every play is among the advice's choices, or one alike
        points = min(1.0, max(0.0, 1 - (mine.margin - best.margin) / FULL_MARKS))
        self.tell(
            points,
            f"the advisor plays {best.tile} on {best.train} ({best.margin:+.1f} pips against the others); "
            f"yours: {mine.margin:+.1f}",
            "; ".join(best.reasons[:3]),
        )
        self.scored("move", points)
        return chosen

    def finish(self, r: HubRound) -> None:
        if r.over:
            how = f"{self.names[r.winner]} went out" if r.winner is not None else "blocked"
            left = ", ".join(f"{n} {r.pips_left(s)}" for s, n in enumerate(self.names))
            self.console.print(Text(f"round over ({how}): pips left {left}", style="bold"))
        self.totals()


def read_play(answer: str, r: HubRound, plays: list[Play]) -> Play:
    """A typed play: ``125 m``, ``12-5 mine``, ``125 on bob``; ``94 h``, ``43 t2``, ``65 66``,
    ``9-4 on head``; or just the tile where one place takes it."""
    words = words_of(r)
    said, typed = (lambda on: words.said_place(r, on)), (lambda w: words.typed_place(r, w))
    return _read(answer, r.rules.top, plays, words.EXAMPLE, said, typed)


def _read(
    answer: str,
    top: int,
    plays: list[Play],
    example: str,
    said: Callable[[object], str],
    place_of: Callable[[str], str],
) -> Play:
    """A tile and, where it fits more than one place, the place: one of ``plays``."""
    words = [w for w in answer.split() if w.lower() != "on"]
    if not words or len(words) > 2:
        raise NotationError(f"write a play like {example}")
    tile = Tile.parse(words[0], top)
    mine = [p for p in plays if p.tile == tile]
    if not mine:
        raise NotationError(f"{tile} is not one of your plays now")
    if len(words) == 1:
        if len(mine) > 1:
            raise NotationError(f"{tile} fits {' and '.join(said(p.on) for p in mine)}: say which")
        return mine[0]
    want = place_of(words[1])
    fit = [p for p in mine if p.on == want]
    if not fit:
        raise NotationError(f"{tile} does not go on {said(want)} now")
    return fit[0]


def lesson_table(table: LessonTable) -> RenderableType:
    """A lesson's table of the places (trains, or lines) and their ends."""
    t = Table(show_edge=False, box=None, padding=(0, 1, 0, 0))
    t.add_column(table.column)
    t.add_column("last tiles")
    t.add_column("end", justify="right")
    for row in table.rows:
        t.add_row(*row)
    if table.caption is not None:
        t.caption = table.caption
    if table.below is None:
        return t
    below = Text(table.below, style="yellow")
    return Group(t, below) if table.shown else below


def lesson(
    rules: AnyRules,
    seats: int,
    seed: int,
    console: Console,
    read: Callable[[str], str],
    bots: str,
    reads: bool,
    record: Record | None,
) -> HubLesson:
    """A practice round of a game played off a middle double (the ``train`` command's part)."""
    return HubLesson(rules, seats, seed, console, read, bots, record=record)

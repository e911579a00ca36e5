"""A practice round of Mexican Train against bots that quizzes you on tile counting.

At each of your turns with a play to choose it asks one counting question (what an
opponent certainly lacks, how many of a number are unseen, where a tile most likely
is), the same questions with the same proofs as the line games, then which tile on
which train; the move is marked against the advisor's ranking in pips.  Seeded, so a
lesson can be replayed.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import questions
from .errors import DominoError, NotationError
from .events import Draw, Play
from .printable import printable
from .progress import Record
from .tiles import Tile
from .train import KINDS, Asking, Quit
from .trainadvice import advise
from .trains.game import MEXICAN, TrainRound
from .trains.match import TrainMatch, deal, legal_moves
from .trains.rules import TrainRules
from .trainseat import TrainSeatView, count
from .trainsim import make_policy

NAMES = ["me", "ana", "bob", "cy", "di", "ed", "flo", "gus"]
FULL_MARKS = 8.0  # pips: a move this much worse than the advisor's (yours less the others') scores 0


class TrainLesson(Asking):
    def __init__(
        self,
        rules: TrainRules,
        players: int,
        seed: int,
        console: Console,
        read: Callable[[str], str],
        bots: str = "heuristic",
        samples: int = 60,
        record: Record | None = None,
    ):
        super().__init__(console, read, rules, seed, samples, record)  # type: ignore[arg-type]
        self.train_rules = rules
        if record is not None:
            record.start_lesson()  # drills are spaced over every lesson
        self.names = NAMES[:players]
        self.match = TrainMatch(rules, self.names)
        self.bots = [None] + [make_policy(bots) for _ in range(players - 1)]
        self.turn_no = 0

    def play(self) -> None:
        hands, stock = deal(self.train_rules, len(self.names), 1, self.rng)
        r = self.match.start(list(hands), stock)
        self.console.print(
            Text(
                f"a practice round of Mexican Train for {len(self.names)}: you (me) against the bots, "
                f"engine {r.engine}. q quits.",
                style="bold",
            )
        )
        try:
            while not r.over:
                moves = legal_moves(r)
                if r.turn == 0:
                    self.your_turn(r, moves)
                    continue
                policy = self.bots[r.turn]
                assert policy is not None
                move = policy(r, moves, self.rng)
                self.match.apply(move)
                shown = Draw(move.player, 1) if isinstance(move, Draw) else move  # their draws stay hidden
                self.console.print(Text(f"  {shown}", style="dim"))
        except Quit:
            self.console.print("stopped.")
        self.finish(r)

    def your_turn(self, r: TrainRound, moves) -> None:
        if self.no_choice(self.match, moves):
            return
        plays = [m for m in moves if isinstance(m, Play)]
        self.turn_no += 1
        view = TrainSeatView.of(r, 0)
        inf = count(view)
        self.console.print(trains_table(r))
        self.show_hand(r.hands[0] or set())
        chaining = r.chain == 0  # your first chain goes on: the question was asked at its start
        if r.history and view.opponents and not chaining:
            kind = KINDS[(self.turn_no - 1) % len(KINDS)]
            self.ask_question(questions.pick(kind, view, inf, self.rng), view, inf)  # type: ignore[arg-type]
        if len(plays) == 1:
            self.match.apply(plays[0])
            why = "your chain goes on: the only tile that fits" if chaining else "your only play"
            self.console.print(Text(f"  {plays[0]} ({why})", style="dim"))
            return
        self.match.apply(self.train_move(r, plays))

    def train_move(self, r: TrainRound, plays: list[Play]) -> Play:
        """Ask your play and mark it against the advisor's ranking (pips against the others)."""
        advice = advise(r, 0, samples=self.samples, seed=self.rng.getrandbits(32), seconds=None)
        while True:
            answer = self.ask(f"your play (like {_said(plays[0], r)})? ")
            try:
                chosen = read_play(answer, r, plays)
                break
            except DominoError as e:
                self.console.print(Text(str(e), style="red"))
        best = advice.moves[0]
        mine = next(c for c in advice.moves if c.tile == chosen.tile and c.train == chosen.on)
        points = min(1.0, max(0.0, 1 - (mine.margin - best.margin) / FULL_MARKS))
        self.tell(
            points,
            f"the advisor plays {best.tile} on {best.train} ({best.margin:+.1f} pips against the others); "
            f"yours: {mine.margin:+.1f}",
            "; ".join(best.reasons[:3]),
        )
        self.scored("move", points)
        return chosen

    def finish(self, r: TrainRound) -> None:
        if r.over:
            how = f"{self.names[r.winner]} went out" if r.winner is not None else "blocked"
            left = ", ".join(f"{n} {r.pips_left(s)}" for s, n in enumerate(self.names))
            self.console.print(Text(f"round over ({how}): pips left {left}", style="bold"))
        self.totals()


def read_play(answer: str, r: TrainRound, plays: list[Play]) -> Play:
    """``125 m``, ``12-5 mine``, ``125 on bob`` or just ``125`` where one train takes it."""
    words = [w for w in answer.split() if w.lower() != "on"]
    if not words or len(words) > 2:
        raise NotationError("write a play like 125 m (the Mexican train), 125 mine, or 125 bob")
    tile = Tile.parse(words[0], r.rules.top)
    mine = [p for p in plays if p.tile == tile]
    if not mine:
        raise NotationError(f"{tile} is not one of your plays now")
    if len(words) == 1:
        if len(mine) > 1:
            trains = " and ".join(_train_word(p.on, r) for p in mine)
            raise NotationError(f"{tile} fits {trains}: say which")
        return mine[0]
    word = words[1].lower()
    me = r.names[0]
    if word in ("m", "mex", MEXICAN):
        want = MEXICAN
    elif word in ("mine", "own"):
        want = me
    else:
        named = [n for n in r.names if n.lower() == word] or [
            n for n in r.names if n.lower().startswith(word)
        ]
        if len(named) != 1:
            raise NotationError(f"'{printable(words[1])}' is not a train: m, mine, or a player's name")
        want = named[0]
    fit = [p for p in mine if p.on == want]
    if not fit:
        raise NotationError(f"{tile} does not go on {_train_word(want, r)} now")
    return fit[0]


def _said(play: Play, r: TrainRound) -> str:
    """A play as you would type it: ``125 m``, ``125 mine``, ``125 bob``."""
    word = {MEXICAN: "m", r.names[0]: "mine"}.get(str(play.on), str(play.on))
    return f"{play.tile.high}{play.tile.low} {word}"


def _train_word(key: object, r: TrainRound) -> str:
    return "the Mexican train" if key == MEXICAN else f"{key}'s train"


def trains_table(r: TrainRound) -> Table:
    """Each train's last tiles, its end and its marker (a lesson's table)."""
    t = Table(show_edge=False, box=None, padding=(0, 1, 0, 0))
    t.add_column("train")
    t.add_column("last tiles")
    t.add_column("end", justify="right")
    for key, train in r.trains.items():
        name = r.place_name(key) + (" ⚑" if train.marker else "")
        tail = " ".join(str(x) for x in train.tiles[-3:]) or "(not started)"
        t.add_row(name, ("… " if len(train.tiles) > 3 else "") + tail, str(train.end))
    if r.double is not None:
        t.caption = f"the double on {_train_word(r.place_name(r.double), r)} must be satisfied first"
    return t

"""The review and hindsight of the games won by the round or the match (``measure =
"chance"``: the line games), as ``learning.review`` and ``learning.hindsight`` tell them.

A decision's cost is the chance given up against the advisor's move: of winning the match
where the round is part of one, else of winning the round.  From one sampled deal that
cost is a plain difference whose noise is not known: it is shown, never marked or drilled
as costly (issue 39).  A round in hindsight ends won, lost or drawn for your side, with
each side's points; the verdict says who wins what.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.advise import Advice, Options, judging_of
from domino_advisor.advice.candidate import Candidate, gap_known
from domino_advisor.base.budgets import ADVICE_SAMPLES
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.inference import BONEYARD, Inference, infer, sample_posterior
from domino_advisor.games.events import Event, Play
from domino_advisor.learning.hindsight import REPLAYED
from domino_advisor.learning.questions import by_event, why_lacks
from domino_advisor.log.gamelog import GameLog

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.counting.reads import Style
    from domino_advisor.games.proof import Known


# -- the review -------------------------------------------------------------------------------
@dataclass
class Decision:
    round: int
    line: int
    played: str  # the move as logged
    best: str  # the advisor's first choice
    played_win: float
    best_win: float
    choices: int
    all_fives: bool = False
    played_match: float | None = None  # in a match: the chances of winning it
    best_match: float | None = None
    event: int = 0  # the event number, as status shows it
    table: shapes.ReviewTableJson | None = None  # the tiles on the table and your hand, for a picture
    about_equal: bool = False  # the worlds could not tell your move from the advisor's (advice said so)
    error_known: bool = True  # False: sampled from one deal, the cost a difference whose noise is not known

    @property
    def cost(self) -> float:
        """The chance given up against the advisor's move: the match's, in a match; none
        for a move the advice called about equal (what is left is the sampling's noise)."""
        if self.about_equal:
            return 0.0
        if self.played_match is not None and self.best_match is not None:
            return max(0.0, self.best_match - self.played_match)
        return max(0.0, self.best_win - self.played_win)

    def as_dict(self) -> shapes.ReviewDecisionJson:
        out: shapes.ReviewDecisionJson = {
            "round": self.round,
            "line": self.line,
            "played": self.played,
            "best": self.best,
            "played_win": round(self.played_win, 4),
            "best_win": round(self.best_win, 4),
            "cost": round(self.cost, 4),
            "choices": self.choices,
            "about_equal": self.about_equal,
            "error_known": self.error_known,
        }
        if self.event:
            out["event"] = self.event
        if self.table is not None:
            out["table"] = self.table
        if self.played_match is not None and self.best_match is not None:
            out.update({"played_match": round(self.played_match, 4), "best_match": round(self.best_match, 4)})
        return out

    @property
    def agreed(self) -> bool:
        """You played the advisor's move, or one the advice called about equal to it."""
        return self.played == self.best or self.about_equal

    @property
    def costly(self) -> bool:
        """Gave up some chance, measured well enough to say so (not from one sampled deal)."""
        return self.cost > 0 and self.error_known


@dataclass
class Insight:
    """What became certain after an event: a player lacks numbers, or a tile's place."""

    round: int
    line: int
    event: str
    text: str
    player: str | None = None  # who now certainly lacks ``lacks``
    lacks: tuple[int, ...] = ()
    tile: str | None = None  # a tile whose place is now certain
    place: str | None = None  # a player's name, or "boneyard"
    number: int = 0  # the event's number, as status shows it

    def as_dict(self) -> shapes.ReviewInsightJson:
        out: shapes.ReviewInsightJson = {
            "round": self.round,
            "line": self.line,
            "event": self.event,
            "text": self.text,
        }
        if self.number:
            out["number"] = self.number
        if self.player is not None:
            out.update({"player": self.player, "lacks": list(self.lacks)})
        else:
            assert self.tile is not None and self.place is not None  # a player's numbers, or a tile's place
            out.update({"tile": self.tile, "place": self.place})
        return out


@dataclass
class Review:
    players: list[str]
    me: str
    decisions: list[Decision] = field(default_factory=list)
    insights: list[Insight] = field(default_factory=list)
    doubles: list[str] = field(default_factory=list)
    samples: int | None = None  # the worlds a decision; None: as the advice by default (its budget of work)
    partner: str | None = None  # with partners: every chance is your team's
    seed: int = 0  # the advice's seed is 0
    reads: bool = True  # soft reads, as the advice weighs the worlds by default

    def costliest(self, n: int = 3) -> list[Decision]:
        """The ``n`` that gave up most, of those whose cost is more than one deal's difference."""
        return sorted((d for d in self.decisions if d.costly), key=lambda d: -d.cost)[:n]

    def as_dict(self) -> shapes.ReviewJson:
        rounds = sorted({d.round for d in self.decisions})
        out: shapes.ReviewJson = {
            "me": self.me,
            "samples": ADVICE_SAMPLES if self.samples is None else self.samples,
            "at_defaults": self.samples is None and self.seed == 0 and self.reads,
            "decisions": [d.as_dict() for d in self.decisions],
            "insights": [i.as_dict() for i in self.insights],
            "doubles": self.doubles,
            "agreed": sum(d.agreed for d in self.decisions),
            "total_cost": round(compounded(d.cost for d in self.decisions), 4),
        }
        if self.partner:
            out["partner"] = self.partner
        out["rounds"] = [
            {
                "round": n,
                "decisions": sum(d.round == n for d in self.decisions),
                "agreed": sum(d.agreed for d in self.decisions if d.round == n),
                "cost": round(compounded(d.cost for d in self.decisions if d.round == n), 4),
            }
            for n in rounds
        ]
        return out


def compounded(costs: Iterable[float]) -> float:
    """The chance given up by several decisions together: each takes its share of
    what the ones before it left, so the whole is never above 100% (a plain sum is,
    over a long match, and means nothing then)."""
    kept = 1.0
    for c in costs:
        kept *= 1 - c
    return 1 - kept


def new_review(log: GameLog, judging: Any, samples: int | None, seed: int, reads: bool) -> Review:
    """The review before its first decision: with partners, every chance is your team's."""
    out = Review(list(log.players), log.me, samples=samples, seed=seed, reads=reads)
    out.partner = judging.partner_of(log.rules, log.players, log.players.index(log.me))
    return out


def finish(out: Review, match: Any) -> None:
    """Nothing is added once the log is read: the chances are the decisions' own."""


def _move_text(tile: Tile | None, on: object) -> str:
    return f"{tile}" + ("" if on is None else f" on {on}")


def decision(r: Any, seat: int, event: Play, advice: Advice, judging: Any) -> Decision:
    """Your play beside the advisor's first, in chances as the advice shows them
    (calibrated where a map is shipped)."""
    side = judging.joined(r, seat, event.tile, event.on)
    mine = next((c for c in advice.moves if c.tile == event.tile and c.side == side), None)
    if mine is None:  # an end that plays alike: the advisor listed it once
        mine = next(c for c in advice.moves if c.tile == event.tile)
    best: Candidate = advice.moves[0]
    return Decision(
        r.number,
        0,
        _move_text(mine.tile, mine.on),
        _move_text(best.tile, best.on),
        mine.chance,
        best.chance,
        len(advice.moves),
        advice.all_fives,
        mine.match if advice.stakes is not None else None,
        best.match if advice.stakes is not None else None,
        table=judging.picture(r, seat),
        about_equal=mine is not best and mine.about_equal,
        error_known=mine is best or gap_known(best, mine),
    )


def lacks_insight(
    r: Any,
    number: int,
    line: int,
    event: Event,
    view: Known,
    seat: int,
    new: list[int],
    numbers: dict[int, int],
) -> Insight:
    """A player newly certain to lack numbers, with the moves that prove it."""
    now = r.history[-1].line if r.history else None
    text = why_lacks(view, seat, new, by_event(numbers, now))
    return Insight(r.number, line, str(event), text, r.names[seat], tuple(new), number=number)


def tile_insight(r: Any, number: int, line: int, event: Event, tile: Tile, loc: int | None) -> Insight:
    """A tile whose place became certain: a hand, or the boneyard."""
    where = "in the boneyard" if loc is None else f"with {r.names[loc]}"
    place = BONEYARD if loc is None else r.names[loc]
    return Insight(
        r.number, line, str(event), f"{tile} is certainly {where}", tile=str(tile), place=place, number=number
    )


# -- hindsight --------------------------------------------------------------------------------
@dataclass
class Outcome:
    """How a round ended, for you: the winner and each player's side's points (in play too)."""

    how: str  # out, blocked or target
    winner: str | None  # None: a drawn round
    result: str  # won, lost or drawn, for your side
    points: dict[str, int]

    def as_dict(self) -> shapes.OutcomeJson:
        return {"how": self.how, "winner": self.winner, "result": self.result, "points": dict(self.points)}

    def judged(self, actual: Outcome, me: str) -> dict[str, Any]:
        """What hindsight says of this replay's end against the game's (``actual``)."""
        return {"verdict": verdict(actual, self)}


def outcome(r: Any, me: int) -> Outcome:
    """How the finished round ended, for ``me``'s side (the game's part says its result)."""
    judging = judging_of(r)
    how, winner, points = judging.result(r)
    if winner is None:
        mine = "drawn"
    else:
        mine = "won" if judging.side(r, winner) == judging.side(r, me) else "lost"
    by_name = {n: points[s] for s, n in enumerate(r.names)}
    return Outcome(how, None if winner is None else r.names[winner], mine, by_name)


@dataclass
class ReplayChoice:
    """One move of the replay, with what the advisor thought of it from the mover's seat."""

    seat: str
    move: str  # the log line: "ana plays 6-4 on 6", "bob draws 5-2", "cy passes"
    win: float | None  # the mover's side's chance of winning the round (None: a forced move)
    match: float | None = None  # ... of winning the match, where the advice plays for one
    options: int = 1  # the moves there were to choose from

    def as_dict(self) -> shapes.HindsightChoiceJson:
        out: shapes.HindsightChoiceJson = {
            "seat": self.seat,
            "move": self.move,
            "options": self.options,
            "win": None if self.win is None else round(self.win, 4),
        }
        if self.match is not None:
            out["match"] = round(self.match, 4)
        return out


def forced(name: str) -> ReplayChoice:
    return ReplayChoice(name, "", None)


def replay_options(
    r: Any, seat: int, samples: int, seed: int, style: Style | None
) -> tuple[Options, Inference]:
    """How the replay asks the advice: its worlds and seed, no reasons, soft reads where
    the game has them, and the seat's counting, sampled at a fixed number of steps."""
    options = Options(samples=samples, seed=seed, seconds=None, reasons=False, style=style)
    view = r.seat_view(seat)
    inf = infer(view)
    return options, inf if inf.exact else sample_posterior(view)


def replay_choice(r: Any, seat: int, advice: Advice) -> tuple[Play, ReplayChoice]:
    """The advice's first move, and its chances as the mover saw them."""
    best = advice.moves[0]
    match = best.match if advice.stakes is not None else None
    choice = ReplayChoice(r.names[seat], "", best.chance, match, len(advice.moves))
    return r.play_event(seat, best.tile, best.on), choice


def verdict(actual: Outcome, hind: Outcome) -> str:
    """Bad luck or a mistake, in a player's words: "likely", since it is one replay in
    which every seat's moves are re-chosen, not only yours.  Each figure is what the
    round scored for the side that won it (in All Fives, with the fives made in play),
    and says whose it is: "you win 29 points", not "the advisor's moves win 29"."""
    ap = actual.points[actual.winner] if actual.winner else 0
    hp = hind.points[hind.winner] if hind.winner else 0
    game = (
        f"in the game {actual.winner} won {_points(ap)}"
        if actual.winner
        else "in the game the round was drawn"
    )
    a, h = actual.result, hind.result
    if h == "won" and a != "won":
        return (
            f"{REPLAYED}, you would have won {_points(hp)} ({game}): "
            "the round was there to win, so likely your decisions cost it"
        )
    if h == "won":
        if hp > ap:
            return f"you won {_points(ap)}; {REPLAYED}, you win {_points(hp)}: there was a better line"
        if hp == ap:
            return f"you won {_points(ap)}, as you do {REPLAYED}"
        return f"you won {_points(ap)}; {REPLAYED}, you win only {_points(hp)}: well played"
    if a == "won":
        other = f"{hind.winner} wins {_points(hp)}" if hind.winner else "the round is drawn"
        return f"you won {_points(ap)}; {REPLAYED}, you do not ({other}): well played"
    if h == "drawn" and a == "lost":
        return f"{REPLAYED}, the round is drawn ({game}): your decisions cost some of it"
    if h == "lost" and a == "drawn":
        return f"{REPLAYED}, you lose it ({hind.winner} wins {_points(hp)}) where you drew: well played"
    if h == "drawn":
        return f"the round is drawn {REPLAYED} too: likely the deal"
    lost = f"{hind.winner} wins {_points(hp)}; {game}"
    return f"{REPLAYED}, you lose it too ({lost}): likely the deal, not your play"


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


# -- drills from your games: the decisions worth drilling, told in this measure ----------
DRILL_WORTH = 0.02  # a decision that gave up less win chance than this is not worth drilling
MOST_COST = 1.0  # a drill's cost is a share of your chance: at most all of it


def drilled(review: Review, most: int) -> list[Decision]:
    """The costliest decisions worth a drill (never one judged from a single sampled deal,
    whose cost is a difference of unknown noise)."""
    return [d for d in review.costliest(most) if d.cost >= DRILL_WORTH and d.event]


def cost_words(cost: float) -> str:
    """What a drill's decision gave up, in words."""
    return f"it cost {cost:.0%} of your chance"


def why_no_drills(review: Review) -> str:
    """Why a reviewed game gave no drills, in the words of the review."""
    from domino_advisor.learning.drillwords import why_no_drills as told

    def others_said(others: list[Decision]) -> str:
        small = f"gave up less than {DRILL_WORTH:.0%} of your chance to win, too little to drill"
        blind = "were judged from one sampled deal, too few to tell what they cost"
        if all(not d.error_known for d in others):
            return blind
        return f"{small}, or {blind}" if any(not d.error_known for d in others) else small

    return told(review.decisions, "moves", others_said)

"""The review and hindsight of the games won by the fewest pips left (``measure =
"pips"``: Mexican Train, Chicken Foot, Tiddly-wink), as ``learning.review`` and
``learning.hindsight`` tell them.

The advisor tries every play in the same worlds, drawn from what you knew then, and the
cost of yours is the pips it gave up: your pips at the round's end less the others'
average, yours against the best play's, with the spread of that paired difference over
the worlds.  From one world that spread is not known: the difference is shown plainly and
no cost is called clear (issue 39).  A round in hindsight ends with each player's pips
left; the verdict is about yours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.advise import Advice, Options
from domino_advisor.advice.pips import PipsChoice, choice_for, paired_gap
from domino_advisor.base.printable import plural
from domino_advisor.games.events import Event, Play
from domino_advisor.learning.hindsight import REPLAYED
from domino_advisor.log.gamelog import GameLog

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.counting.reads import Style
    from domino_advisor.games.proof import Known

NOTED = 1.0  # pips: a decision that gave up less than this is as good as the best
CLEAR = 2.0  # standard errors: a cost inside this many is the worlds' noise, not a mistake
CLEARLY = 5  # pips: your pips in hindsight this much lower (or more) is called a mistake


# -- the review -------------------------------------------------------------------------------
@dataclass
class HubDecision:
    round: int
    event: int  # the event number, as status numbers them
    played: str  # the play as logged: tile on train
    best: str  # the advisor's first choice
    played_margin: float  # yours less the others' average at the round's end, over the worlds
    best_margin: float
    spread: float | None  # one standard error of the paired difference (None: one world, not known)
    choices: int
    reasons: list[str] = field(default_factory=list)  # why the advisor's choice
    about_equal: bool = False  # the advice called your play about equal to its first
    line: int = 0  # the log's line (in the log as written out), for the page's links

    @property
    def difference(self) -> float:
        """Yours less the advisor's: below zero, your play did better in these worlds
        (the advisor kept the plan's move, not clearly beaten)."""
        return self.played_margin - self.best_margin

    @property
    def cost(self) -> float:
        """Pips given up: none where the advice called your play about equal (noise)."""
        return 0.0 if self.about_equal else max(0.0, self.difference)

    @property
    def agreed(self) -> bool:
        """Your play was the advisor's first, or one it called about equal."""
        return self.played == self.best or self.about_equal

    @property
    def clear(self) -> bool:
        """Gave up a pip or more, beyond the noise of the worlds it was measured in (never
        where that noise is not known)."""
        return self.spread is not None and self.cost >= NOTED and self.cost >= CLEAR * self.spread

    def as_dict(self) -> shapes.HubReviewDecisionJson:
        return {
            "round": self.round,
            "event": self.event,
            "line": self.line,
            "played": self.played,
            "best": self.best,
            "played_margin": round(self.played_margin, 2),
            "best_margin": round(self.best_margin, 2),
            "difference": round(self.difference, 2),
            "cost": round(self.cost, 2),
            "spread": None if self.spread is None else round(self.spread, 2),
            "clear": self.clear,
            "about_equal": self.about_equal,
            "choices": self.choices,
            "reasons": self.reasons,
        }


@dataclass
class HubInsight:
    round: int
    event: int
    player: str
    lacks: tuple[int, ...]
    text: str
    line: int = 0  # the log's line of the event that proved it

    def as_dict(self) -> shapes.HubReviewInsightJson:
        return {
            "round": self.round,
            "event": self.event,
            "line": self.line,
            "player": self.player,
            "lacks": list(self.lacks),
            "text": self.text,
        }


@dataclass
class HubReview:
    player: str
    samples: int
    decisions: list[HubDecision]
    insights: list[HubInsight]
    totals: dict[str, int]
    game: str = "mexican-train"
    most_wins: bool = False  # the totals are points, the most winning (Tiddly-wink)

    @property
    def cost(self) -> float:
        return sum(d.cost for d in self.decisions)

    def as_dict(self) -> shapes.HubReviewJson:
        costly = [d for d in self.decisions if d.clear]
        out: shapes.HubReviewJson = {
            "game": self.game,
            "player": self.player,
            "samples": self.samples,
            "decisions": [d.as_dict() for d in self.decisions],
            "insights": [i.as_dict() for i in self.insights],
            "summary": {
                "decisions": len(self.decisions),
                "agreed": sum(d.agreed for d in self.decisions),
                "costly": len(costly),
                "pips_given_up": round(self.cost, 2),
            },
            "totals": self.totals,
        }
        if self.most_wins:  # only where it is so: the other games' review is as it was
            out["most_wins"] = True
        return out


def new_review(log: GameLog, judging: Any, samples: int | None, seed: int, reads: bool) -> HubReview:
    """The review before its first decision (the worlds a decision: the advice's own by default)."""
    return HubReview(log.me, judging.samples if samples is None else samples, [], [], {}, log.rules.name)


def finish(out: HubReview, match: Any) -> None:
    """The match's totals, once the log is read."""
    out.totals = dict(zip(match.players, match.totals, strict=True))
    out.most_wins = match.most_wins


def decision(r: Any, seat: int, event: Play, advice: Advice, judging: Any) -> HubDecision:
    """Your play beside the advisor's first (the plan's move unless beaten clearly), in
    pips over the same worlds."""
    best: PipsChoice = advice.moves[0]
    said = r.place_name(r.where_to(seat, event.tile, event.on))
    mine = choice_for(r, seat, advice.moves, event.tile, said)
    assert mine is not None  # every play is among the advice's choices, or one alike
    played = f"{event.tile} on {said}"  # as logged, where the advice tried a place alike
    return HubDecision(
        round=r.number,
        event=0,
        played=played,
        best=played if mine is best else f"{best.tile} on {best.train}",
        played_margin=mine.margin,
        best_margin=best.margin,
        spread=0.0 if mine is best else paired_gap(best, mine)[1],  # the same play: no difference, no error
        choices=len(advice.moves),
        reasons=list(best.reasons),
        about_equal=mine is not best and mine.about_equal,
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
) -> HubInsight:
    """A player certain to lack numbers for the first time this round."""
    who = r.names[seat]
    said = " ".join(map(str, new))
    return HubInsight(
        r.number, number, who, tuple(new), f"after '{event}', {who} certainly has no {said}", line
    )


# -- hindsight --------------------------------------------------------------------------------
@dataclass
class HubOutcome:
    """How a round ended: who went out (None: blocked) and each player's pips left."""

    winner: str | None
    pips: dict[str, int]

    def as_dict(self) -> shapes.HubOutcomeJson:
        return {"how": "blocked" if self.winner is None else "out", "winner": self.winner, "pips": self.pips}

    def judged(self, actual: HubOutcome, me: str) -> dict[str, Any]:
        """What hindsight says of this replay's end against the game's (``actual``), for
        you: the verdict, and whether your pips here are clearly lower (a mistake)."""
        return {"verdict": verdict(me, actual, self), "mistake": self.pips[me] <= actual.pips[me] - CLEARLY}


def outcome(r: Any, me: int) -> HubOutcome:
    """Who went out of the finished round, and everyone's pips left."""
    pips = {n: r.pips_left(s) or 0 for s, n in enumerate(r.names)}
    return HubOutcome(None if r.winner is None else r.names[r.winner], pips)


@dataclass
class HubReplayChoice:
    """One move of the replay, and the advice's figure for it from the mover's seat."""

    seat: str
    move: str  # the log line: "ana plays 6-4 on bob", "bob draws 5-2", "cy passes"
    margin: float | None  # the mover's pips less the others' mean it expected (None: a forced move)
    options: int = 1

    def as_dict(self) -> shapes.HubHindsightChoiceJson:
        margin = None if self.margin is None else round(self.margin, 2)
        return {"seat": self.seat, "move": self.move, "options": self.options, "margin": margin}


def forced(name: str) -> HubReplayChoice:
    return HubReplayChoice(name, "", None)


def replay_options(r: Any, seat: int, samples: int, seed: int, style: Style | None) -> tuple[Options, None]:
    """How the replay asks the advice: its worlds and seed (the advice counts for itself)."""
    return Options(samples=samples, seed=seed, seconds=None), None


def replay_choice(r: Any, seat: int, advice: Advice) -> tuple[Play, HubReplayChoice]:
    """The advice's first play, and the margin the mover expected of it."""
    best = advice.moves[0]
    choice = HubReplayChoice(r.names[seat], "", best.margin, len(advice.moves))
    return r.play_event(seat, best.tile, best.place), choice


def verdict(me: str, actual: HubOutcome, hind: HubOutcome) -> str:
    """Bad luck or a mistake, for you, in pips: "likely", since it is one replay in which
    every seat's moves are re-chosen, not only yours."""
    a, h = actual.pips[me], hind.pips[me]
    if a == h == 0:
        return f"you went out, as you do {REPLAYED}"
    there = f"{REPLAYED}, {_now(hind, me)} (in the game {_then(actual, me)})"
    if h <= a - CLEARLY:
        return f"{there}: the round had better for you, so likely your decisions cost it"
    if h >= a + CLEARLY:
        return f"{there}: well played"
    return f"{there}: about the same, so likely the deal, not your play"


def _now(o: HubOutcome, me: str) -> str:
    """The replay's end, for you: "ana goes out and you keep 12 pips"."""
    if o.winner == me:
        return "you go out"
    left = plural(o.pips[me], "pip")
    return (
        f"the round blocks with {left} in your hand"
        if o.winner is None
        else f"{o.winner} goes out and you keep {left}"
    )


def _then(o: HubOutcome, me: str) -> str:
    """The game's end, for you: "ana went out and you kept 12 pips"."""
    if o.winner == me:
        return "you went out"
    left = plural(o.pips[me], "pip")
    return (
        f"the round blocked with {left} in your hand"
        if o.winner is None
        else f"{o.winner} went out and you kept {left}"
    )


# -- drills from your games: the decisions worth drilling, told in this measure ----------
MOST_COST = 1_000.0  # a drill's cost is pips: far more than any round leaves
DRILL_WORTH = NOTED  # a gap of fewer pips than this is not worth drilling (learning.countdecides)


def drilled(review: HubReview, most: int) -> list[HubDecision]:
    """The costliest decisions worth a drill: those that clearly gave up a pip or more
    (never where the worlds' noise is not known)."""
    clear = [d for d in review.decisions if d.clear and d.event]
    return sorted(clear, key=lambda d: -d.cost)[:most]


def cost_words(cost: float) -> str:
    """What a drill's decision gave up, in words."""
    return f"it gave up {cost:.1f} pips against the others"


def why_no_drills(review: HubReview) -> str:
    """Why a reviewed game gave no drills, in the words of the review."""
    from domino_advisor.learning.drillwords import why_no_drills as told

    def others_said(others: list[HubDecision]) -> str:
        if all(d.spread is None for d in others):
            return "were judged from one world, too few to tell what they cost"
        return f"gave up less than {NOTED:g} pip, or no more than the worlds' noise: too little to drill"

    return told(review.decisions, "plays", others_said)

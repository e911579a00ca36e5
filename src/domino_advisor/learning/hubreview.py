"""After a Mexican Train or Chicken Foot game: your decisions beside the advisor's, and when each
opponent was first certain to lack a number.

The log is replayed event by event from your seat.  At each of your plays with a real
choice the advisor tries every play in the same worlds, drawn from what you knew then
(never from what came later), and the cost of yours is the pips it gave up: your pips
at the round's end less the others' average, yours against the best play's, with the
spread of that paired difference over the worlds.  From one world that spread is not
known: the difference is shown plainly and no cost is called clear (issue 39).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from domino_advisor.advice.advise import Options, advise
from domino_advisor.advice.pips import PipsChoice, choice_for, paired_gap
from domino_advisor.base.budgets import HINDSIGHT_SAMPLES, TRAIN_ADVICE_SAMPLES
from domino_advisor.counting.inference import certain_lacks
from domino_advisor.games.events import Event, Play
from domino_advisor.games.hub.logmatch import HubLogMatch
from domino_advisor.games.hub.round import HubRound
from domino_advisor.log.gamelog import GameLog

if TYPE_CHECKING:
    from domino_advisor.base import shapes

NOTED = 1.0  # pips: a decision that gave up less than this is as good as the best
CLEAR = 2.0  # standard errors: a cost inside this many is the worlds' noise, not a mistake


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


def review(
    log: GameLog,
    samples: int = TRAIN_ADVICE_SAMPLES,
    seed: int = 0,
    on_step: Callable[[int, int], None] | None = None,
) -> HubReview:
    """Every decision of yours with a choice, and every new certainty about an opponent;
    each judged as the advice judged it at the table (its worlds and seed, by default),
    so a player who followed the advice is told so."""
    match = cast(HubLogMatch, log.new_match())
    numbered = log.numbered_events()
    decisions: list[HubDecision] = []
    insights: list[HubInsight] = []
    known: dict[int, frozenset[int]] = {}  # this round, what each was ever certain to lack
    for k, (line, event) in enumerate(numbered, 1):
        decision = _decision(match, event, k, samples, seed)
        if decision is not None:
            decision.line = line
            decisions.append(decision)
        rounds = len(match.rounds)
        match.apply(event, line)
        if len(match.rounds) != rounds:
            known = {}
        now = _lacks(match)
        insights += _news(match, event, k, line, known, now)
        for s, numbers in now.items():
            known[s] = known.get(s, frozenset()) | numbers
        if on_step:
            on_step(k, len(numbered))
    totals = dict(zip(match.players, match.totals, strict=True))
    return HubReview(log.me, samples, decisions, insights, totals, match.rules.name, match.most_wins)


def _decision(m: HubLogMatch, event: Event, number: int, samples: int, seed: int) -> HubDecision | None:
    r = m.round
    if not isinstance(event, Play) or event.player != m.me or r is None or m.pending is not None or r.over:
        return None
    r = r.for_next(m.viewer)  # your play ended the chain of the player before you
    if not r.may_play(m.viewer) or len(r.alike(r.plays(m.viewer))[0]) < 2:
        return None  # no choice (Chicken Foot: the plays open may all be alike)
    advice = advise(r, m.viewer, Options(samples=samples, seed=seed, seconds=None))
    best = advice.moves[0]  # what advise would have said then (the plan's move unless beaten clearly)
    hub: HubRound = r  # either game, as the base names its places
    said = hub.place_name(hub.where_to(m.viewer, event.tile, event.on))
    mine = choice_for(r, m.viewer, advice.moves, event.tile, said)
    assert mine is not None  # every play is among the advice's choices, or one alike
    played = f"{event.tile} on {said}"  # as logged, where the advice tried a place alike
    return HubDecision(
        round=r.number,
        event=number,
        played=played,
        best=played if mine is best else _said(best),
        played_margin=mine.margin,
        best_margin=best.margin,
        spread=0.0 if mine is best else _spread(mine, best),  # the same play: no difference, no error
        choices=len(advice.moves),
        reasons=list(best.reasons),
        about_equal=mine is not best and mine.about_equal,
    )


def _said(c: PipsChoice) -> str:
    return f"{c.tile} on {c.train}"


def _spread(a: PipsChoice, b: PipsChoice) -> float | None:
    """One standard error of the paired difference between two plays (the advice's own;
    None from one world)."""
    return paired_gap(b, a)[1]


def _lacks(m: HubLogMatch) -> dict[int, frozenset[int]]:
    """What each opponent certainly lacks now, from your seat (nothing before your hand):
    asked after every event, so found by matching, not by counting the chances (a second
    each at eight players)."""
    r = m.round
    if r is None or m.pending is not None or r.dealt[m.viewer] is None:
        return {}
    lacks = certain_lacks(r.seat_view(m.viewer))
    return {s: frozenset(lacks[s]) for s in range(len(m.players)) if s != m.viewer and r.counts[s]}


def _news(
    m: HubLogMatch,
    event: Event,
    number: int,
    line: int,
    before: dict[int, frozenset[int]],
    after: dict[int, frozenset[int]],
) -> list[HubInsight]:
    """The numbers a player is certain to lack for the first time this round."""
    r = m.round
    if r is None:
        return []
    out = []
    for s, numbers in after.items():
        new = tuple(sorted(numbers - before.get(s, frozenset())))
        if new:
            who = m.players[s]
            said = " ".join(map(str, new))
            out.append(
                HubInsight(
                    r.number, number, who, new, f"after '{event}', {who} certainly has no {said}", line
                )
            )
    return out


def review_data(
    log: GameLog,
    samples: int | None,
    seed: int,
    step: Callable[[str, int, int], None],
    reads: bool,
    hindsight: bool,
) -> shapes.HubReviewJson:
    """The review's data (``review --json``): each decision, then each finished round in
    hindsight where asked (``learning.hindsight``); the hub games' part (no soft reads)."""
    from domino_advisor.learning.hindsight import hindsight as replay_rounds

    step("reviewing", 0, len(log.events))
    result = review(
        log,
        TRAIN_ADVICE_SAMPLES if samples is None else samples,
        seed,
        on_step=lambda done, total: step("reviewing", done, len(log.events)),
    )
    data = result.as_dict()
    if hindsight:
        rounds = replay_rounds(
            log, HINDSIGHT_SAMPLES, seed, on_step=lambda done, total: step("hindsight", done, total)
        )
        data["hindsight"] = [cast("shapes.HubHindsightJson", h.as_dict()) for h in rounds]
    return data

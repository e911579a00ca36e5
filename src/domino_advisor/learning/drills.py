"""Drills from your own games: the decisions that cost the most win chance, and the
counting questions you could have answered at those moments.

A reviewed log gives its costliest decisions (never one judged from a single sampled
deal, whose cost is a difference of unknown noise); at each, the drill asks the move again,
what the opponent who had shown most certainly lacked, and how many of the scarcest
open number were unseen.  The record keeps the log whole and asks each drill in later
lessons until it is answered right twice (``progress.Record.due``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from domino_advisor.base.printable import plural
from domino_advisor.counting.inference import Inference, infer
from domino_advisor.games.proof import Known
from domino_advisor.learning.chancereview import Review
from domino_advisor.learning.drillrows import replayed
from domino_advisor.learning.progress import Drill
from domino_advisor.learning.questions import Count, Question, Voids
from domino_advisor.log.gamelog import GameLog

MOST = 5  # the costliest decisions of a game that become drills
WORTH = 0.02  # a decision that gave up less win chance than this is not worth drilling


@dataclass
class Moment:
    """Your turn as it was, before the move the drill is about."""

    match: Any  # the game's match, as your seat logged it
    view: Known
    inference: Inference
    events: list[str]  # the round's events so far, as logged

    @property
    def round(self):
        return self.match.round


def moment(log: GameLog, event: int) -> Moment:
    """The match replayed up to (not including) event number ``event``."""
    match, shown = replayed(log, event)
    view = match.round.seat_view(match.viewer)
    return Moment(match, view, infer(view), shown)


def fingerprint(log: GameLog, events: int | None = None) -> str:
    """The game as its events say it (the first ``events`` of them), hashed: the same
    however its lines are spelled or commented, so a drill is kept once."""
    rules = sorted(log.rules.differences().items())
    head = [log.rules.name, repr(rules), " ".join(log.players), log.me]
    body = [str(e) for _, e in log.numbered_events()[:events]]
    return hashlib.sha256("\n".join(head + body).encode("utf-8")).hexdigest()


def from_review(log: GameLog, review: Review) -> list[Drill]:
    """The drills a reviewed game gives: at each costly decision, the move and the two
    counting questions that bore on it (where the position has an answer to them)."""
    out: list[Drill] = []
    for d in review.costliest(MOST):  # measured costs only: not from one sampled deal (issue 39)
        if d.cost < WORTH or not d.event:
            continue
        at = moment(log, d.event)
        view, inf = at.view, at.inference
        here = fingerprint(log, d.event - 1)
        lacks = {s: inf.cannot_hold(s) for s in view.opponents if view.counts[s]}
        most = max(lacks, key=lambda s: len(lacks[s]), default=None)
        if most is not None and lacks[most]:
            out.append(Drill(d.event, "voids", view.names[most], round(d.cost, 4), here))
        ends = sorted(set(at.round.layout.numbers))
        if ends:
            scarce = min(ends, key=lambda n: (sum(1 for t in inf.unseen if t.bears(n)), n))
            out.append(Drill(d.event, "count", str(scarce), round(d.cost, 4), here))
        out.append(Drill(d.event, "move", d.best, round(d.cost, 4), here))  # counting first, as in a lesson
    return out


def why_none(review: Review) -> str:
    """Why a reviewed game gave no drills, in the words of the review."""
    decisions = review.decisions
    if not decisions:
        return "none of your moves had a choice to make"
    agreed = sum(d.agreed for d in decisions)
    if agreed == len(decisions):
        which = "your one decision" if agreed == 1 else f"all {agreed} of your decisions"
        return f"{which} agreed with the advice, or {'was' if agreed == 1 else 'were'} about equal to it"
    others = [d for d in decisions if not d.agreed]
    small = f"gave up less than {WORTH:.0%} of your chance to win, too little to drill"
    blind = "were judged from one sampled deal, too few to tell what they cost"
    if all(not d.error_known for d in others):
        said = blind
    elif any(not d.error_known for d in others):
        said = f"{small}, or {blind}"
    else:
        said = small
    return f"{agreed} of {plural(len(decisions), 'decision')} agreed with the advice; the others {said}"


def question(drill: Drill, view: Known) -> Question:
    """The counting question a drill asks (the move is asked by the lesson itself)."""
    if drill.kind == "voids":
        return Voids(view.names.index(drill.about))
    if drill.kind == "count":
        return Count(int(drill.about))
    raise ValueError(f"a {drill.kind} drill is not a counting question")

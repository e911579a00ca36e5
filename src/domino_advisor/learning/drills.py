"""Drills from your own games, in every game: the decisions that gave up most (the win
chance, or the pips: the game's measure says which, and which are worth a drill), and the
counting questions you could have answered at those moments.

A reviewed log gives its costliest decisions (never one whose cost is inside the noise it
was measured with); at each, the drill asks the move again, what the opponent who had
shown most certainly lacked, and how many of the scarcest open number were unseen.
The record keeps the log whole and asks each drill in later
lessons until it is answered right twice (``progress.Record.due``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from domino_advisor.counting.inference import Inference, infer
from domino_advisor.games.proof import Known
from domino_advisor.learning.drillrows import replayed
from domino_advisor.learning.progress import Drill
from domino_advisor.learning.questions import Count, Question, Voids
from domino_advisor.log.gamelog import GameLog

MOST = 5  # the costliest decisions of a game that become drills


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


def measure_of(log: GameLog) -> Any:
    """How the log's game tells a decision's cost (``learning.chancereview`` or
    ``learning.pipsreview``): which decisions are worth a drill, and the cost in words."""
    from domino_advisor.games.registry import part
    from domino_advisor.learning.hindsight import measure_of as told_by

    return told_by(part(log.game, "judging"))


def from_review(log: GameLog, review: Any) -> list[Drill]:
    """The drills a reviewed game gives: at each costly decision, the move and the two
    counting questions that bore on it (where the position has an answer to them)."""
    out: list[Drill] = []
    for d in measure_of(log).drilled(review, MOST):
        at = moment(log, d.event)
        view, inf = at.view, at.inference
        here = fingerprint(log, d.event - 1)
        cost = round(d.cost, 4)
        lacks = {s: inf.cannot_hold(s) for s in view.opponents if view.counts[s]}
        most = max(lacks, key=lambda s: len(lacks[s]), default=None)
        if most is not None and lacks[most]:
            out.append(Drill(d.event, "voids", view.names[most], cost, here))
        ends = at.round.open_numbers(at.match.viewer)
        if ends:
            scarce = min(ends, key=lambda n: (sum(1 for t in inf.unseen if t.bears(n)), n))
            out.append(Drill(d.event, "count", str(scarce), cost, here))
        out.append(Drill(d.event, "move", d.best, cost, here))  # counting first, as in a lesson
    return out


def why_none(log: GameLog, review: Any) -> str:
    """Why a reviewed game gave no drills, in the words of its review."""
    said: str = measure_of(log).why_no_drills(review)
    return said


def question(drill: Drill, view: Known) -> Question:
    """The counting question a drill asks (the move is asked by the lesson itself)."""
    if drill.kind == "voids":
        return Voids(view.names.index(drill.about))
    if drill.kind == "count":
        return Count(int(drill.about))
    raise ValueError(f"a {drill.kind} drill is not a counting question")

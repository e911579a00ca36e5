"""Hindsight of the games won by the fewest pips left (``measure = "pips"``: Mexican
Train, Chicken Foot, Tiddly-wink), as ``learning.hindsight`` tells it: a round ends with
each player's pips left; the verdict is about yours.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.advise import Advice, Options
from domino_advisor.base.printable import plural
from domino_advisor.games.events import Play
from domino_advisor.learning.hindsight import REPLAYED

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.counting.reads import Style

CLEARLY = 5  # pips: your pips in hindsight this much lower (or more) is called a mistake


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

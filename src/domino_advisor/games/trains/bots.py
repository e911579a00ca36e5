"""Mexican Train players for simulation, each choosing among the legal moves with
every hand known to it (its own; the bots never look at another's).

- ``random``: any legal move.
- ``heavy``: the heaviest tile it can play, on its own train when that is one choice.
- ``heuristic``: plans its longest line (``plan.longest_line``) and keeps it for its own
  train: it spends the other tiles on the Mexican train and open trains first (heaviest
  first), lays the line's next tile when nothing else is worth playing or when its own
  train has a marker to take off, and satisfies doubles with its heaviest fit.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from domino_advisor.games.events import Play
from domino_advisor.games.hub.match import Move, random_policy
from domino_advisor.games.trains.plan import longest_line
from domino_advisor.games.trains.state import TrainRound

PLAN_STEPS = 20_000  # the planner's search, cut short past this (a bot moves in milliseconds)
_PLANS: dict[tuple[int, int], list] = {}  # (hand as bits, end) -> line: rollouts meet a hand again and again
_MOST_PLANS = 200_000


def planned_line(hand: set, end: int) -> list:
    """``longest_line`` with the plans already made remembered (the same answer)."""
    key = (sum(t.bit for t in hand), end)
    line = _PLANS.get(key)
    if line is None:
        if len(_PLANS) >= _MOST_PLANS:
            _PLANS.clear()
        line = _PLANS[key] = longest_line(hand, end, PLAN_STEPS)
    return line


def heavy_policy(r: TrainRound, moves: list[Move], rng: random.Random) -> Move:
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:
        return moves[0]
    me = r.names[r.turn]
    return max(plays, key=lambda m: (m.tile.pips, m.on == me, m.tile.high))


def heuristic_policy(r: TrainRound, moves: list[Move], rng: random.Random) -> Move:
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:
        return moves[0]
    seat = r.turn
    me = r.names[seat]
    if r.double is not None or len(plays) == 1:
        return max(plays, key=lambda m: (m.tile.pips, m.tile.high))
    hand = r.hands[seat] or set()
    line = planned_line(hand, r.trains[seat].end)
    kept = set(line)
    first = line[0] if line else None
    own = [m for m in plays if m.on == me and m.tile == first]
    if r.trains[seat].marker and own:
        return own[0]  # take the marker off: the train is yours again
    spare = [m for m in plays if m.tile not in kept and m.on != me]
    if spare:  # spend what the line does not need, doubles first (others must answer them)
        return max(spare, key=lambda m: (m.tile.is_double, m.tile.pips, m.tile.high))
    if own:
        return own[0]
    return max(plays, key=lambda m: (m.tile not in kept, m.tile.pips, m.tile.high))


POLICIES: dict[str, Callable] = {
    "random": random_policy,
    "heavy": heavy_policy,
    "heuristic": heuristic_policy,
}

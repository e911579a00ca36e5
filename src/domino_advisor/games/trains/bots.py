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

from collections.abc import Callable

from domino_advisor.base.tiles import Tile
from domino_advisor.games.hub.match import as_policy, random_policy
from domino_advisor.games.trains.plan import longest_line
from domino_advisor.games.trains.state import Key, TrainRound

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


def heavy_choice(r: TrainRound, plays: list[tuple[Tile, Key]]) -> tuple[Tile, Key]:
    """The heaviest tile, on its own train when that is one choice."""
    return max(plays, key=lambda p: (p[0].pips, p[1] == r.turn, p[0].high))


def heuristic_choice(r: TrainRound, plays: list[tuple[Tile, Key]]) -> tuple[Tile, Key]:
    """The heuristic's play among the legal ones (what the rollouts play)."""
    seat = r.turn
    if r.double is not None or len(plays) == 1:
        return max(plays, key=lambda p: (p[0].pips, p[0].high))
    hand = r.hands[seat] or set()
    line = planned_line(hand, r.trains[seat].end)
    kept = set(line)
    first = line[0] if line else None
    own = [p for p in plays if p[1] == seat and p[0] == first]
    if r.trains[seat].marker and own:
        return own[0]  # take the marker off: the train is yours again
    spare = [p for p in plays if p[0] not in kept and p[1] != seat]
    if spare:  # spend what the line does not need, doubles first (others must answer them)
        return max(spare, key=lambda p: (p[0].is_double, p[0].pips, p[0].high))
    if own:
        return own[0]
    return max(plays, key=lambda p: (p[0] not in kept, p[0].pips, p[0].high))


heavy_policy = as_policy(heavy_choice)
heuristic_policy = as_policy(heuristic_choice)


POLICIES: dict[str, Callable] = {
    "random": random_policy,
    "heavy": heavy_policy,
    "heuristic": heuristic_policy,
}

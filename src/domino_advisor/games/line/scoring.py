"""Round-end and All Fives arithmetic, apart from the state machine so it can be
checked against the worked examples of docs/rules.md on its own."""

from __future__ import annotations

from dataclasses import dataclass, field

from domino_advisor.games.line.rules import Rules
from domino_advisor.games.outcome import DRAW as DRAW  # the values a round ends at, re-exported
from domino_advisor.games.outcome import LOSS as LOSS
from domino_advisor.games.outcome import WIN as WIN


def round_points(points: int, step: int) -> int:
    """Nearest multiple of ``step``; a half rounds up (All Fives: 12 -> 10, 13 -> 15)."""
    if step <= 1:
        return points
    return (2 * points + step) // (2 * step) * step


def fives_points(count: int) -> int:
    """All Fives: the ends' sum scores when it is a positive multiple of five."""
    return count if count > 0 and count % 5 == 0 else 0


def side_of(seat: int, rules: Rules) -> int:
    """Partners share a side: seats 0 and 2 against 1 and 3."""
    return seat % 2 if rules.teams == "partners" else seat


@dataclass
class Result:
    """How a round ended, once every hand that matters is counted."""

    how: str  # "out" or "blocked"
    winner: int | None  # a seat; None for a drawn (tied or unscored) blocked round
    points: dict[int, int] = field(default_factory=dict)  # side -> end-of-round points
    tied: tuple[int, ...] = ()  # sides tied for fewest pips in a blocked round


def score_out(winner: int, pips: list[int], rules: Rules) -> Result:
    seats = len(pips)
    if rules.out == "all":
        counted = [s for s in range(seats) if s != winner]
    else:
        mine = side_of(winner, rules)
        counted = [s for s in range(seats) if side_of(s, rules) != mine]
    total = sum(pips[s] for s in counted)
    return Result("out", winner, {side_of(winner, rules): round_points(total, rules.round_to)})


def score_blocked(pips: list[int], rules: Rules) -> Result:
    """Fewest pips wins (by side with partners); ties and ``blocked`` as docs/rules.md says."""
    seats = len(pips)
    if rules.blocked == "none":
        return Result("blocked", None)
    totals: dict[int, int] = {}
    for s in range(seats):
        totals[side_of(s, rules)] = totals.get(side_of(s, rules), 0) + pips[s]
    low = min(totals.values())
    tied = tuple(side for side, t in totals.items() if t == low)
    if len(tied) > 1 and rules.tie == "none":
        return Result("blocked", None, {}, tied)
    points: dict[int, int] = {}
    for side in tied:
        own = [s for s in range(seats) if side_of(s, rules) == side]
        if rules.blocked == "difference":
            total = sum(pips[s] for s in range(seats) if s not in own) - totals[side]
        elif rules.out == "all":
            best = min(own, key=lambda s: (pips[s], s))
            total = sum(pips[s] for s in range(seats) if s != best)
        else:
            total = sum(pips[s] for s in range(seats) if s not in own)
        points[side] = round_points(max(total, 0), rules.round_to)
    winner = None
    if len(tied) == 1:
        own = [s for s in range(seats) if side_of(s, rules) == tied[0]]
        winner = min(own, key=lambda s: (pips[s], s))
    return Result("blocked", winner, points, tied if len(tied) > 1 else ())


def round_value(result: Result, side: int, rules: Rules) -> int:
    """A finished round for one side, as every search and rollout judges it: 2 won, 1
    drawn (a blocked round tied for fewest pips, shared or not, or not scored), 0 lost."""
    if result.winner is None:
        return DRAW
    return WIN if side_of(result.winner, rules) == side else LOSS

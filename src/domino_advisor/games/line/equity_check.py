"""How far the three- and four-player match chances are from what happens.

With more than two players each for themselves, ``equity.chance_among`` puts a
player's chance together from two-player races: an approximation.  Here whole
matches are played from given scores by the same heuristic player the tables were
made with, and the share each player wins is set beside the approximation.  Played
with the same players as the tables, the gap is the approximation's own error, not
the players' (which the calibration measures).

The line games' match equity as the ``equity`` command reads it (``Parts.equity``): the
tables (``table_for``, ``build_all``) and this check of them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from domino_advisor.base.errors import RulesError
from domino_advisor.games.line.equity import build_all as build_all  # the tables, as the command reads them
from domino_advisor.games.line.equity import chance_among, play_round
from domino_advisor.games.line.equity import model_trouble as model_trouble  # why the tables are not read
from domino_advisor.games.line.equity import table_for as table_for
from domino_advisor.games.line.rules import Rules

MAX_ROUNDS = 60  # a match still open after this many rounds is counted for no one


@dataclass(frozen=True)
class Check:
    needs: tuple[int, ...]  # points each player still needs; you are the first
    approximation: float  # your chance, put together from the races
    simulated: float  # the share of matches you won
    matches: int

    @property
    def margin(self) -> float:
        """Half-width of a 95% interval around the simulated share."""
        p = self.simulated
        return 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / self.matches)

    @property
    def gap(self) -> float:
        return self.approximation - self.simulated


def play_from(rules: Rules, players: int, needs: Sequence[int], rng: random.Random) -> int | None:
    """A match from these needs by the heuristic player: the seat that won it."""
    left = list(needs)
    opener: int | None = None  # the first round opens by the lead rule
    for _ in range(MAX_ROUNDS):
        seat, (events, winner) = play_round(rules, players, rng, opener)
        for side, points in events:
            left[side] -= points
            if left[side] <= 0:
                return side
        if rules.next_lead == "winner":
            opener = winner
        elif rules.next_lead == "rotate":
            opener = (seat + 1) % players
    return None


def states(target: int, step: int, players: int) -> list[tuple[int, ...]]:
    """Scores to check from: every player needing a fifth, two fifths ... all of the
    target (rounded to the table's step), yours against the others' in every mix, the
    others' taken in order (the seats are alike)."""
    marks = sorted({max(step, round(target * k / 5 / step) * step) for k in range(1, 6)})
    out: list[tuple[int, ...]] = []

    def others(n: int, low: int) -> list[tuple[int, ...]]:
        if n == 0:
            return [()]
        return [(m, *rest) for i, m in enumerate(marks) if i >= low for rest in others(n - 1, i)]

    for mine in marks:
        out += [(mine, *rest) for rest in others(players - 1, 0)]
    return out


def states_for(rules: Rules, players: int) -> list[tuple[int, ...]]:
    """The scores to check the rule set's table from (refused where there is none)."""
    table = table_for(rules, players)
    if table is None or table.players == 2:
        raise RulesError(
            f"{rules.name} with {players} players has no three- or four-player table to check "
            "(with two sides the table is exact)"
        )
    return states(rules.target or 100, table.step, players)


def check(
    rules: Rules,
    players: int,
    matches: int,
    seed: int,
    needs: list[tuple[int, ...]] | None = None,
    on_state=None,
    run: Callable[[Callable, list], Iterable] | None = None,
) -> list[Check]:
    """The approximation against ``matches`` simulated matches from each score, each
    score's matches seeded by its place in the list (so ``run(work, args)``, wherever it
    plays them, gives the same figures: ``measure.cluster``; None: here, in order)."""
    todo = needs or states_for(rules, players)
    table = table_for(rules, players)
    assert table is not None  # states_for refuses a rule set without one
    args = [(rules, players, tuple(state), matches, seed * SEED_STRIDE + i) for i, state in enumerate(todo)]
    out = []
    for state, won in zip(todo, (run or _here)(_matches_won, args), strict=True):
        out.append(Check(tuple(state), chance_among(table, state, 0), won / matches, matches))
        if on_state:
            on_state(out[-1])
    return out


SEED_STRIDE = 1_000_003  # a score's matches are seeded seed * SEED_STRIDE + its place in the list


def _here(work: Callable, args: list) -> Iterable:
    return map(work, args)


def _matches_won(args: tuple[Rules, int, tuple[int, ...], int, int]) -> int:
    """How many of ``matches`` matches from one score the first seat won."""
    rules, players, state, matches, seed = args
    rng = random.Random(seed)
    return sum(play_from(rules, players, state, rng) == 0 for _ in range(matches))


def summary(checks: Sequence[Check]) -> dict[str, float]:
    """The mean and largest gap, and the gap's spread with the simulation's own noise
    taken out (what is left is the approximation's)."""
    gaps = [c.gap for c in checks]
    noise = sum(c.simulated * (1 - c.simulated) / c.matches for c in checks) / len(checks)
    mean_square = sum(g * g for g in gaps) / len(gaps)
    return {
        "mean_gap": sum(abs(g) for g in gaps) / len(gaps),
        "largest_gap": max(abs(g) for g in gaps),
        "error": math.sqrt(max(0.0, mean_square - noise)),
        "states": len(checks),
    }

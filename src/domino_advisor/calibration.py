"""Honest chances: how far the advisor's chances are from what happens, and the map
that corrects them.

The advisor plays each move out in sampled deals with a quick heuristic player on
every seat.  The table does not play like that heuristic, so the share of rollouts
won is a biased estimate of the chance of winning.  The reference here is
self-play: from the advice on, everyone plays as the advisor does.  Games of the
advisor against itself are recorded decision by decision (the chance it gave the
move it played, and whether that side went on to win), and

- a reliability table over the ten deciles of the chance shown says, for each, how
  often such moves won; the calibration error (ECE) is the gap between the two,
  weighted by how many decisions fall in each decile, and its interval is taken by
  resampling whole games (the decisions of one game are not independent);
- a calibration map, fitted on other games (isotonic regression: the best
  non-decreasing map from the rollouts' chance to what happened), turns the
  rollouts' chance into the chance shown, and the error it still makes on games it
  was not fitted on widens the interval shown beside every chance.

Maps are made once, offline (``calibrate --build``), and shipped with the package.
Chances the advisor solved exactly are true under best play and are never mapped.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .rules import Rules

DATA = "data/calibration.json"
BINS = 10  # deciles of the chance shown
Z = 1.96  # a 95% interval


@dataclass(frozen=True)
class Decision:
    """One move the advisor chose in a recorded game."""

    game: int  # which game it was played in (games, not decisions, are resampled)
    chance: float  # the chance of winning the round the advisor gave it
    won: bool  # whether the mover's side won that round
    exact: bool = False  # solved, not estimated


@dataclass(frozen=True)
class Bin:
    low: float
    high: float
    count: int
    shown: float  # the mean chance shown
    happened: float  # the share of these decisions whose side won

    @property
    def gap(self) -> float:
        return self.happened - self.shown


def reliability(points: Sequence[tuple[float, bool]], bins: int = BINS) -> list[Bin]:
    """The reliability table: each decile of the chance shown, and what happened."""
    counts = [0] * bins
    shown = [0.0] * bins
    won = [0] * bins
    for p, w in points:
        b = min(int(p * bins), bins - 1)
        counts[b] += 1
        shown[b] += p
        won[b] += w
    return [
        Bin(b / bins, (b + 1) / bins, n, shown[b] / n if n else 0.0, won[b] / n if n else 0.0)
        for b, n in enumerate(counts)
    ]


def ece(points: Sequence[tuple[float, bool]], bins: int = BINS) -> float:
    """Expected calibration error: the decisions' average distance, decile by decile,
    between the chance shown and how often it happened."""
    table = reliability(points, bins)
    total = sum(b.count for b in table)
    return sum(b.count * abs(b.gap) for b in table) / total if total else 0.0


def brier(points: Sequence[tuple[float, bool]]) -> float:
    """The mean squared distance between the chance and the outcome (lower is better;
    always saying 50% scores 0.25)."""
    return sum((p - w) ** 2 for p, w in points) / len(points) if points else 0.0


def bootstrap(
    decisions: Sequence[Decision],
    statistic: Callable[[list[Decision]], float],
    draws: int = 1_000,
    seed: int = 0,
) -> tuple[float, float]:
    """A 95% interval for a statistic of the decisions, resampling whole games."""
    games: dict[int, list[Decision]] = {}
    for d in decisions:
        games.setdefault(d.game, []).append(d)
    groups = list(games.values())
    if len(groups) < 2:
        v = statistic(list(decisions))
        return v, v
    rng = random.Random(seed)
    values = []
    for _ in range(draws):
        sample: list[Decision] = []
        for _ in groups:
            sample.extend(groups[rng.randrange(len(groups))])
        values.append(statistic(sample))
    values.sort()
    return values[int(0.025 * draws)], values[min(draws - 1, int(0.975 * draws))]


# -- the map ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Calibration:
    """A non-decreasing map from the rollouts' chance to the chance shown, read off by
    straight lines between its knots, and the error it was measured to leave."""

    key: str  # the rule set and table size it was fitted for, like "classic/2"
    knots: tuple[tuple[float, float], ...]
    error: float  # the calibration error left on games it was not fitted on (upper end)
    samples: int  # the advisor's samples in the games it was fitted on
    games: int
    seed: int

    def correct(self, p: float) -> float:
        k = self.knots
        if not k:
            return p
        if p <= k[0][0]:
            return k[0][1]
        if p >= k[-1][0]:
            return k[-1][1]
        lo, hi = 0, len(k) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if k[mid][0] <= p:
                lo = mid
            else:
                hi = mid
        (x0, y0), (x1, y1) = k[lo], k[hi]
        return y0 + (y1 - y0) * (p - x0) / (x1 - x0) if x1 > x0 else y1

    def to_json(self) -> dict:
        return {
            "knots": [[round(x, 4), round(y, 4)] for x, y in self.knots],
            "error": round(self.error, 4),
            "samples": self.samples,
            "games": self.games,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, key: str, d: dict) -> Calibration:
        return cls(
            key,
            tuple((float(x), float(y)) for x, y in d["knots"]),
            float(d["error"]),
            d["samples"],
            d["games"],
            d["seed"],
        )


def isotonic(points: Sequence[tuple[float, bool]], least: int = 30) -> tuple[tuple[float, float], ...]:
    """Knots of the best non-decreasing fit of outcome on chance (pool adjacent
    violators), neighbouring blocks then joined until each holds at least ``least``
    decisions, so that no knot rests on a handful of games (joining neighbours keeps
    the fit non-decreasing)."""
    blocks: list[list[float]] = []  # [sum of chances, sum of outcomes, count]
    for p, w in sorted(points):
        blocks.append([p, float(w), 1.0])
        while len(blocks) > 1 and blocks[-2][1] * blocks[-1][2] >= blocks[-1][1] * blocks[-2][2]:
            _join(blocks, len(blocks) - 2)
    i = 0
    while i < len(blocks):
        if blocks[i][2] < least and len(blocks) > 1:
            _join(blocks, i if i + 1 < len(blocks) else i - 1)
            i = max(0, i - 1)
        else:
            i += 1
    return tuple((x / n, y / n) for x, y, n in blocks)


def _join(blocks: list[list[float]], i: int) -> None:
    """Block ``i`` and the next become one."""
    x, y, n = blocks.pop(i + 1)
    blocks[i] = [blocks[i][0] + x, blocks[i][1] + y, blocks[i][2] + n]


def fit(decisions: Sequence[Decision], key: str, samples: int, seed: int, folds: int = 5) -> Calibration:
    """A map fitted on these games; its error is measured by cross-validation over
    games (fitted on four fifths, measured on the fifth left out), and the upper end of
    the interval is kept."""
    estimated = [d for d in decisions if not d.exact]
    games = sorted({d.game for d in estimated})
    fold_of = {g: i % folds for i, g in enumerate(games)}
    held: list[Decision] = []
    for f in range(folds):
        train = [(d.chance, d.won) for d in estimated if fold_of[d.game] != f]
        part = Calibration(key, isotonic(train), 0.0, samples, 0, seed)
        held += [Decision(d.game, part.correct(d.chance), d.won) for d in estimated if fold_of[d.game] == f]
    _, high = bootstrap(held, lambda ds: ece([(d.chance, d.won) for d in ds]), seed=seed)
    knots = isotonic([(d.chance, d.won) for d in estimated])
    return Calibration(key, knots, high, samples, len({d.game for d in decisions}), seed)


# -- shipped maps -----------------------------------------------------------------------
@cache
def _shipped() -> dict[str, Calibration]:
    try:
        text = resources.files("domino_advisor").joinpath(DATA).read_text("utf-8")
    except FileNotFoundError:
        return {}
    return {key: Calibration.from_json(key, d) for key, d in json.loads(text).items()}


def calibration_for(rules: Rules, players: int) -> Calibration | None:
    """The shipped map for this rule set's preset and table size, if one was fitted."""
    return _shipped().get(f"{rules.name}/{players}")


UNMEASURED = (
    0.10  # the model error assumed where no map was fitted (the worst measured before correction, rounded up)
)


def shown(raw: float, sampling_error: float, exact: bool, cal: Calibration | None) -> tuple[float, float]:
    """The chance to show and the half-width of its 95% interval: the sampling error of
    this advice and the error the map was measured to leave, together."""
    if exact:
        return raw, 0.0
    model = cal.error if cal is not None else UNMEASURED
    chance = cal.correct(raw) if cal is not None else raw
    return chance, math.sqrt((Z * sampling_error) ** 2 + model**2)


# -- a measurement ----------------------------------------------------------------------
@dataclass(frozen=True)
class Scores:
    """How well one set of chances matched what happened."""

    bins: tuple[Bin, ...]
    ece: float
    ece_low: float
    ece_high: float
    brier: float


@dataclass(frozen=True)
class Report:
    decisions: int  # estimated chances (the ones measured)
    games: int
    exact: int  # chances solved exactly ...
    exact_right: int  # ... and how many of them came true
    raw: Scores  # the rollouts' chances
    corrected: Scores | None  # the chances shown, through the map (None: no map)


def score(decisions: Sequence[Decision], seed: int = 0) -> Scores:
    points = [(d.chance, d.won) for d in decisions]
    low, high = bootstrap(decisions, lambda ds: ece([(d.chance, d.won) for d in ds]), seed=seed)
    return Scores(tuple(reliability(points)), ece(points), low, high, brier(points))


def measure(decisions: Sequence[Decision], cal: Calibration | None, seed: int = 0) -> Report:
    """The reliability of the rollouts' chances and, through the map, of the chances shown."""
    estimated = [d for d in decisions if not d.exact]
    solved = [d for d in decisions if d.exact]
    corrected = None
    if cal is not None:
        corrected = score([Decision(d.game, cal.correct(d.chance), d.won) for d in estimated], seed)
    return Report(
        len(estimated),
        len({d.game for d in decisions}),
        len(solved),
        sum(d.won == (d.chance >= 0.5) for d in solved),
        score(estimated, seed),
        corrected,
    )

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

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from domino_advisor.base import modelfile
from domino_advisor.games.registry import GameRules

MAPS = modelfile.ModelFile(
    "data/calibration.json",
    "the calibration maps",
    1,
    256_000,
    "chances shown as the search found them, with the error of a table that has no map",
    plural=True,
)
DATA = MAPS.resource
BINS = 10  # deciles of the chance shown
Z = 1.96  # a 95% interval
FIT_GAMES = 600  # self-play games a shipped map is fitted on
# ... more where 600 left too coarse a map: two-player All Fives measured 3.5 points on
# fresh games through a map fitted on 600 (issue 29's bar is 3), its steps pooled wide
FIT_GAMES_FOR = {"all-fives/2": 1_800}
FIT_SAMPLES: int | None = None  # ... at the table's budget of work (a count: at that many worlds)
FIT_SEED = 2026  # ... on the deals of this seed (measure on any other)


@dataclass(frozen=True)
class Forecast:
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
    decisions: Sequence[Forecast],
    statistic: Callable[[list[Forecast]], float],
    draws: int = 1_000,
    seed: int = 0,
) -> tuple[float, float]:
    """A 95% interval for a statistic of the decisions, resampling whole games."""
    games: dict[int, list[Forecast]] = {}
    for d in decisions:
        games.setdefault(d.game, []).append(d)
    groups = list(games.values())
    if len(groups) < 2:
        v = statistic(list(decisions))
        return v, v
    rng = random.Random(seed)
    values = []
    for _ in range(draws):
        sample: list[Forecast] = []
        for _ in groups:
            sample.extend(groups[rng.randrange(len(groups))])
        values.append(statistic(sample))
    values.sort()
    return values[int(0.025 * draws)], values[min(draws - 1, int(0.975 * draws))]


# -- the map ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Calibration:
    """A non-decreasing map from the rollouts' chance to the chance shown, read off by
    straight lines between its knots (none: the rollouts' chance did better on games
    the map was not fitted on, and is shown as it is), and the error left."""

    key: str  # the rule set and table size it was fitted for, like "classic/2"
    knots: tuple[tuple[float, float], ...]
    errors: tuple[float, ...]  # by decile of the chance shown: the gap left on held-out games (upper 95%)
    error: float  # the calibration error left on held-out games (upper end of its 95% interval)
    raw_error: float  # ... and the rollouts' own, before the map
    samples: int  # the advisor's samples in the games it was fitted on (at the table: the most it takes)
    games: int
    seed: int
    work: int | None = None  # the budget of work those games were advised at (None: a fixed count)

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

    def slope(self, p: float, width: float) -> float:
        """How much the map stretches a change in the rollouts' chance around ``p``
        (over ``width`` either side): the sampling error is stretched as much."""
        lo, hi = max(0.0, p - width), min(1.0, p + width)
        return (self.correct(hi) - self.correct(lo)) / (hi - lo) if hi > lo else 1.0

    def model_error(self, chance: float) -> float:
        return self.errors[min(int(chance * BINS), BINS - 1)] if self.errors else self.error

    def to_json(self) -> dict:
        return {
            "knots": [[round(x, 4), round(y, 4)] for x, y in self.knots],
            "errors": [round(e, 4) for e in self.errors],
            "error": round(self.error, 4),
            "raw_error": round(self.raw_error, 4),
            "samples": self.samples,
            "work": self.work,
            "games": self.games,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, key: str, d: dict) -> Calibration:
        return cls(
            key,
            tuple((float(x), float(y)) for x, y in d["knots"]),
            tuple(float(e) for e in d["errors"]),
            float(d["error"]),
            float(d["raw_error"]),
            int(d["samples"]),
            int(d["games"]),
            int(d["seed"]),
            None if d.get("work") is None else int(d["work"]),
        )


def isotonic(points: Sequence[tuple[float, bool]], least: int = 30) -> tuple[tuple[float, float], ...]:
    """Knots of the best non-decreasing fit of outcome on chance (pool adjacent
    violators over the distinct chances), neighbouring blocks then joined until each
    holds at least ``least`` decisions, so that no knot rests on a handful of games
    (joining neighbours keeps the fit non-decreasing)."""
    distinct: dict[float, list[float]] = {}  # one block for each chance: [sum of chances, wins, count]
    for p, w in points:
        block = distinct.setdefault(p, [0.0, 0.0, 0.0])
        block[0] += p
        block[1] += w
        block[2] += 1
    blocks: list[list[float]] = []
    for p in sorted(distinct):
        blocks.append(distinct[p])
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


def decile_errors(decisions: Sequence[Forecast], draws: int = 1_000, seed: int = 0) -> tuple[float, ...]:
    """For each decile of the chance, the upper end of a 95% interval for the gap
    between chance and outcome there, resampling whole games; a decile with too few
    decisions to say takes the largest of the others."""
    groups: dict[int, list[Forecast]] = {}
    for d in decisions:
        groups.setdefault(d.game, []).append(d)
    games = list(groups.values())
    rng = random.Random(seed)
    gaps: list[list[float]] = [[] for _ in range(BINS)]
    for _ in range(draws):
        sample = [d for _ in games for d in games[rng.randrange(len(games))]]
        for b, row in enumerate(reliability([(d.chance, d.won) for d in sample])):
            if row.count:
                gaps[b].append(abs(row.gap))
    counts = [row.count for row in reliability([(d.chance, d.won) for d in decisions])]
    upper = [
        sorted(g)[min(len(g) - 1, int(0.95 * len(g)))] if counts[b] >= LEAST and g else None
        for b, g in enumerate(gaps)
    ]
    known = [u for u in upper if u is not None]
    worst = max(known) if known else 0.5
    return tuple(worst if u is None else u for u in upper)


LEAST = 30  # decisions a decile needs before its own error is trusted


def fit(
    decisions: Sequence[Forecast],
    key: str,
    samples: int,
    seed: int,
    folds: int = 5,
    draws: int = 1_000,
) -> Calibration:
    """A map fitted on these games, and the errors it leaves measured by
    cross-validation over games: fitted on four fifths, judged on the fifth left out.
    Where the mapped chances' Brier score on the games left out is no better than the
    rollouts' own, no map is kept (a map that only pulls chances toward 50% does not
    pass).  ``draws``: the bootstrap's resamples for the errors' intervals."""
    estimated = [d for d in decisions if not d.exact]
    games = sorted({d.game for d in estimated})
    fold_of = {g: i % folds for i, g in enumerate(games)}
    held: list[Forecast] = []
    for f in range(folds):
        train = [(d.chance, d.won) for d in estimated if fold_of[d.game] != f]
        part = Calibration(key, isotonic(train), (), 0.0, 0.0, samples, 0, seed)
        held += [Forecast(d.game, part.correct(d.chance), d.won) for d in estimated if fold_of[d.game] == f]
    raw = [(d.chance, d.won) for d in estimated]
    mapped = brier([(d.chance, d.won) for d in held]) < brier(raw)
    if not mapped:
        held = [Forecast(d.game, d.chance, d.won) for d in estimated]

    def ece_of(ds: list[Forecast]) -> float:
        return ece([(d.chance, d.won) for d in ds])

    _, high = bootstrap(held, ece_of, draws, seed)
    _, raw_high = bootstrap(estimated, ece_of, draws, seed)
    return Calibration(
        key,
        isotonic(raw) if mapped else (),
        decile_errors(held, draws, seed),
        high,
        raw_high,
        samples,
        len({d.game for d in decisions}),
        seed,
    )


# -- shipped maps -----------------------------------------------------------------------
@cache
def _shipped() -> tuple[dict[str, Calibration], float, str | None]:
    """The maps, the error taken where none is shipped, and why the file was not read."""
    doc, trouble = modelfile.load(MAPS)
    if doc is None:
        return {}, UNMAPPED, trouble
    try:
        maps = {str(key): Calibration.from_json(str(key), d) for key, d in doc["maps"].items()}
        unmapped = float(doc["unmapped_error"])
        figures = [unmapped, *(x for m in maps.values() for x in (m.error, *m.errors, *sum(m.knots, ())))]
        if not all(0 <= x <= 1 for x in figures):  # NaN fails too
            raise ValueError("a chance outside 0 to 1")
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as e:
        return {}, UNMAPPED, MAPS.damaged(f"a map does not read: {e}")
    return maps, unmapped, None


def model_trouble() -> str | None:
    """One line saying why the chances are shown uncorrected where the maps cannot be read."""
    return _shipped()[2]


UNMAPPED = 0.10  # the model error taken where no map is shipped, if the data file has none


def calibration_for(rules: GameRules, players: int) -> Calibration | None:
    """The shipped map for this rule set's preset and table size, if one was fitted and
    the rules are the preset's (a match target aside: it does not change a round)."""
    if set(rules.differences()) - {"target"}:
        return None
    return _shipped()[0].get(f"{rules.name}/{players}")


def unmapped_error() -> float:
    """The model error taken where no map is shipped: the largest error measured in the
    rollouts' own chances where maps were fitted."""
    return _shipped()[1]


def shown(raw: float, sampling_error: float, exact: bool, cal: Calibration | None) -> tuple[float, float]:
    """The chance to show and the half-width of its 95% interval: the sampling error of
    this advice (stretched as the map stretches it) and the error the map was measured
    to leave at that chance, together."""
    if exact:
        return raw, 0.0
    if cal is None:
        return raw, math.sqrt((Z * sampling_error) ** 2 + unmapped_error() ** 2)
    chance = cal.correct(raw)
    sampling = Z * sampling_error * cal.slope(raw, max(sampling_error, 0.02))
    return chance, math.sqrt(sampling**2 + cal.model_error(chance) ** 2)


# -- a measurement ----------------------------------------------------------------------
@dataclass(frozen=True)
class CalibrationScores:
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
    raw: CalibrationScores  # the rollouts' chances
    corrected: CalibrationScores | None  # the chances shown, through the map (None: no map)


def score(decisions: Sequence[Forecast], seed: int = 0, draws: int = 1_000) -> CalibrationScores:
    points = [(d.chance, d.won) for d in decisions]
    low, high = bootstrap(decisions, lambda ds: ece([(d.chance, d.won) for d in ds]), draws, seed)
    return CalibrationScores(tuple(reliability(points)), ece(points), low, high, brier(points))


def measure(
    decisions: Sequence[Forecast], cal: Calibration | None, seed: int = 0, draws: int = 1_000
) -> Report:
    """The reliability of the rollouts' chances and, through the map, of the chances shown
    (``draws``: the bootstrap's resamples for the error's interval)."""
    estimated = [d for d in decisions if not d.exact]
    solved = [d for d in decisions if d.exact]
    corrected = None
    if cal is not None:
        corrected = score([Forecast(d.game, cal.correct(d.chance), d.won) for d in estimated], seed, draws)
    return Report(
        len(estimated),
        len({d.game for d in decisions}),
        len(solved),
        sum(d.won == (d.chance >= 0.5) for d in solved),
        score(estimated, seed, draws),
        corrected,
    )

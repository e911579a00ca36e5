"""Fitting the play-style model of soft reads, and measuring what it predicts
(docs/how-it-works.md: soft reads).

The model is fitted on the advisor's own self-play (never on a bot it is measured
against) by maximum likelihood: at each choice, the tile played among the tiles in hand
that would have played.  It is checked on self-play games of other deals: at every
decision, how well the exact uniform counting and the soft reads each predict where the
hidden tiles really are (log-likelihood and Brier score per tile).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from domino_advisor.advice.advise import Advice
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.inference import infer
from domino_advisor.counting.reads import Style, soft_reads
from domino_advisor.games.registry import game_for
from domino_advisor.measure.selfplay import CALIBRATED, play_round, run_games

FIT_GAMES = 300  # self-play games a shipped style is fitted on
FIT_SAMPLES = 50  # ... at this sample count of the advisor's
FIT_SEED = 2027  # ... on the deals of this seed (check on any other)
FLOOR = 1e-3  # no chance below this is scored (a sampled chance of 0 is sampling, not certainty)

Observation = tuple[tuple[tuple[int, bool], ...], int]  # the options' (pips, double), which was played


def _observations(rules: Any, seats: int, samples: int, seed: int, game: int) -> list[Observation]:
    out: list[Observation] = []

    def watch(r: Any, seat: int, advice: Advice) -> None:
        ends = set(r.layout.numbers)
        chosen = advice.moves[0].tile
        if r.layout.is_empty or chosen is None:
            return  # the opening is the lead rule's, not a style's
        options = [t for t in r.hand_of(seat) if t.high in ends or t.low in ends]
        if len(options) > 1:
            out.append((tuple((t.pips, t.is_double) for t in options), options.index(chosen)))

    play_round(rules, seats, samples, seed, game, watch, reads=False)
    return out


def _log_likelihood(observations: list[Observation], a: float, b: float) -> float:
    total = 0.0
    for options, chosen in observations:
        scores = [a * p + b * d for p, d in options]
        top = max(scores)
        total += scores[chosen] - top - math.log(sum(math.exp(x - top) for x in scores))
    return total


def fit(observations: list[Observation]) -> Style:
    """The maximum-likelihood style: Newton's method on a two-feature softmax, each step
    halved until the likelihood rises (so it cannot run away)."""
    a = b = 0.0
    best = _log_likelihood(observations, a, b)
    for step_no in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for options, chosen in observations:
            raw = [a * p + b * d for p, d in options]
            top = max(raw)
            scores = [math.exp(x - top) for x in raw]
            total = sum(scores)
            ep = sum(s * p for s, (p, _) in zip(scores, options, strict=True)) / total
            ed = sum(s * d for s, (_, d) in zip(scores, options, strict=True)) / total
            epp = sum(s * p * p for s, (p, _) in zip(scores, options, strict=True)) / total
            epd = sum(s * p * d for s, (p, d) in zip(scores, options, strict=True)) / total
            p0, d0 = options[chosen]
            ga += p0 - ep
            gb += d0 - ed
            haa += epp - ep * ep
            hab += epd - ep * ed
            hbb += ed - ed * ed  # a double is 0 or 1: its square is itself
        det = haa * hbb - hab * hab
        if det <= 1e-12 and step_no:
            break  # the likelihood has flattened out: as steep as the choices say
        if det <= 1e-12:
            raise ValueError(
                "the choices cannot tell pips from doubles apart (every option alike): "
                "play more games before fitting"
            )
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        step = 1.0
        while step > 1e-6:
            trial = _log_likelihood(observations, a + step * da, b + step * db)
            if trial >= best:
                break
            step /= 2
        else:
            break  # no step uphill: at the top
        a, b, best = a + step * da, b + step * db, trial
        if abs(step * da) + abs(step * db) < 1e-9:
            break
    return Style(a, b)


@dataclass
class ReadScores:
    """How well the chances of each tile's place predicted where it was, summed over tiles."""

    tiles: int = 0
    decisions: int = 0
    log_uniform: float = 0.0
    log_soft: float = 0.0
    brier_uniform: float = 0.0
    brier_soft: float = 0.0
    log_sampled: float = 0.0  # the same sampled deals unweighted: the sampling's own cost
    brier_sampled: float = 0.0

    FIELDS = (
        "tiles",
        "decisions",
        "log_uniform",
        "log_soft",
        "brier_uniform",
        "brier_soft",
        "log_sampled",
        "brier_sampled",
    )

    def add(self, other: ReadScores) -> None:
        for f in self.FIELDS:
            setattr(self, f, getattr(self, f) + getattr(other, f))


def _score(probabilities: dict[int | None, float], truth: int | None) -> tuple[float, float]:
    log = math.log(max(probabilities[truth], FLOOR))
    brier = sum((p - (loc == truth)) ** 2 for loc, p in probabilities.items())
    return log, brier


def _check_game(
    rules: Any, seats: int, samples: int, seed: int, game: int, style: Style, reads: int
) -> ReadScores:
    scores = ReadScores()

    def watch(r: Any, seat: int, advice: Advice) -> None:
        inf = infer(r.seat_view(seat))
        if not inf.unseen:
            return
        soft = soft_reads(inf, style, reads, seed=game)
        where: dict[Tile, int | None] = {t: s for s in range(seats) if s != seat for t in r.hand_of(s)}
        scores.decisions += 1
        for t in inf.unseen:
            uniform = {loc: float(p) for loc, p in inf.probability[t].items()}
            lu, bu = _score(uniform, where.get(t))
            ls, bs = _score(soft.probability[t], where.get(t))
            lp, bp = _score(soft.unweighted[t], where.get(t))
            scores.log_sampled += lp
            scores.brier_sampled += bp
            scores.tiles += 1
            scores.log_uniform += lu
            scores.log_soft += ls
            scores.brier_uniform += bu
            scores.brier_soft += bs

    play_round(rules, seats, samples, seed, game, watch, reads=False)
    return scores


def _fit_chunk(args) -> list[Observation]:
    rules, seats, samples, seed, games = args
    return [o for g in games for o in _observations(rules, seats, samples, seed, g)]


def _check_chunk(args) -> list[ReadScores]:
    rules, seats, samples, seed, games, style, reads = args
    return [_check_game(rules, seats, samples, seed, g, style, reads) for g in games]


def fit_style(
    rules: Any, seats: int, games: int, samples: int, seed: int, jobs: int = 1, on_progress=None
) -> tuple[Style, int]:
    """The style fitted on ``games`` self-play rounds, and how many choices it read."""
    observations = run_games(
        _fit_chunk, lambda ch: (rules, seats, samples, seed, ch), games, jobs, on_progress
    )
    return fit(observations), len(observations)


def check(
    rules: Any,
    seats: int,
    style: Style,
    games: int,
    samples: int,
    seed: int,
    reads: int,
    jobs: int = 1,
    on_progress=None,
) -> tuple[ReadScores, list[ReadScores]]:
    """The scores over ``games`` self-play rounds, and each game's (for intervals)."""
    per_game = run_games(
        _check_chunk, lambda ch: (rules, seats, samples, seed, ch, style, reads), games, jobs, on_progress
    )
    total = ReadScores()
    for s in per_game:
        total.add(s)
    return total, per_game


def build_all(
    games: int = FIT_GAMES,
    samples: int = FIT_SAMPLES,
    seed: int = FIT_SEED,
    jobs: int = 1,
    on_start=None,
    on_progress=None,
) -> dict:
    """Every shipped style fitted afresh (reproducible from these figures)."""
    styles = {}
    for name, players in CALIBRATED:
        key = f"{name}/{players}"
        if on_start:
            on_start(key, games)
        style, n = fit_style(
            game_for(name).rules_from(name, ""), players, games, samples, seed, jobs, on_progress
        )
        styles[key] = {**style.to_json(), "choices": n}
    return {"games": games, "samples": samples, "seed": seed, "styles": styles}


def summary(per_game: list[ReadScores], seed: int = 0) -> dict[str, float]:
    """Per tile: the log-likelihood and Brier score of each counting, and the soft reads'
    gain with a 95% interval that resamples whole games."""
    total = ReadScores()
    for s in per_game:
        total.add(s)
    n = max(total.tiles, 1)
    rng = random.Random(seed)
    gains, briers, weights = [], [], []
    for _ in range(1000):
        pick = ReadScores()
        for _ in per_game:
            pick.add(per_game[rng.randrange(len(per_game))])
        k = max(pick.tiles, 1)
        gains.append((pick.log_soft - pick.log_uniform) / k)
        briers.append((pick.brier_uniform - pick.brier_soft) / k)
        weights.append((pick.log_soft - pick.log_sampled) / k)
    gains.sort()
    briers.sort()
    weights.sort()
    return {
        "decisions": total.decisions,
        "tiles": total.tiles,
        "log_uniform": total.log_uniform / n,
        "log_soft": total.log_soft / n,
        "log_gain": (total.log_soft - total.log_uniform) / n,
        "log_gain_low": gains[25] if per_game else 0.0,
        "log_gain_high": gains[974] if per_game else 0.0,
        "brier_uniform": total.brier_uniform / n,
        "brier_soft": total.brier_soft / n,
        "brier_gain": (total.brier_uniform - total.brier_soft) / n,
        "brier_gain_low": briers[25] if per_game else 0.0,
        "brier_gain_high": briers[974] if per_game else 0.0,
        "log_sampled": total.log_sampled / n,
        "brier_sampled": total.brier_sampled / n,
        "log_weights_gain": (total.log_soft - total.log_sampled) / n,
        "log_weights_gain_low": weights[25] if per_game else 0.0,
        "log_weights_gain_high": weights[974] if per_game else 0.0,
    }

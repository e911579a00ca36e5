"""Fitting the model of play of soft reads, and measuring what it predicts
(docs/how-it-works.md: soft reads).

The model is fitted on the advisor's own self-play (never on a bot it is measured
against) by maximum likelihood: at each choice, the way the hand played among every way
it could have (``rows_of``); 0.5.0's model, the tile alone, on the same choices tile by
tile.  It is checked on games of other deals, the advisor's own or the bots' (``check``):
at every decision, how well the exact uniform counting, 0.5.0's model and the shipped
model each predict where the hidden tiles really are (log-likelihood and Brier score per
tile).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from domino_advisor.base.tiles import Tile
from domino_advisor.counting.inference import infer
from domino_advisor.counting.reads import FEATURES, FORMAT, SIMPLE, Style, read_plays, soft_reads
from domino_advisor.games.registry import game_for
from domino_advisor.measure.cluster import Machines
from domino_advisor.measure.selfplay import bot_round, play_round, run_games

FIT_GAMES = 300  # self-play games a shipped model is fitted on
FIT_SAMPLES = 50  # ... at this sample count of the advisor's
FIT_SEED = 2027  # ... on the deals of this seed (check on any other)
# the tables a model of play is shipped for (0.5.0's): the others' calibration maps were
# fitted on advice without soft reads
READ_TABLES = [("classic", 2), ("block", 2), ("all-fives", 2), ("partnership", 4)]
# how sharply a player who sheds pips and doubles may follow them: the shipped mixture
# weighs the model of play and that player at each of these (docs/strength.md: soft reads)
SHEDDER_SCALES = (1.0, 2.0, 4.0, 8.0)
FLOOR = 1e-3  # no chance below this is scored (a sampled chance of 0 is sampling, not certainty)

Row = tuple[tuple[tuple[float, ...], ...], int]  # each option's features, and which was played


def rows_of(r: Any) -> tuple[list[Row], list[Row]]:
    """Every choice of a finished round whose hands are all known, as the models see it:
    the plays open to the hand (each way a tile could be laid, with all of ``FEATURES``),
    and the same choices tile by tile with the tile's own features (0.5.0's model)."""
    seats = len(r.names)
    hands = [sum(1 << t.index for t in r.dealt[s]) for s in range(seats)]
    read = dict(read_plays(r.history, r.rules.top, seats))
    full: list[Row] = []
    simple: list[Row] = []
    for i, a in enumerate(r.history):
        if a.kind == "draw" and a.tiles:
            hands[a.seat] |= sum(1 << t.index for t in a.tiles)
        if a.kind != "play" or a.tile is None:
            continue
        held = hands[a.seat]
        assert held >> a.tile.index & 1, "a full record's hands hold what they play"
        hands[a.seat] = held ^ (1 << a.tile.index)
        c = read.get(i)
        if c is None:
            continue
        options: list[tuple[float, ...]] = []
        tiles: list[tuple[float, ...]] = []
        picked = chosen_tile = 0
        for idx, ways in c.ways.items():
            if not held >> idx & 1:
                continue
            if idx == a.tile.index:
                chosen_tile = len(tiles)
            tiles.append(ways[0].fixed[:2])
            for p in ways:
                if p is c.chosen:
                    picked = len(options)
                options.append(p.features(held ^ (1 << idx)))
        if len(options) > 1:
            full.append((tuple(options), picked))
        if len(tiles) > 1:
            simple.append((tuple(tiles), chosen_tile))
    return full, simple


def _observations(rules: Any, seats: int, samples: int, seed: int, game: int) -> tuple[list[Row], list[Row]]:
    r = play_round(rules, seats, samples, seed, game, lambda *_: None, reads=False)
    return rows_of(r)


RIDGE = (
    0.01  # a weak prior on every weight: finite where the choices are separable, or a feature never varies
)


def _log_likelihood(rows: list[Row], w: Sequence[float]) -> float:
    total = -RIDGE / 2 * sum(a * a for a in w)
    for options, chosen in rows:
        scores = [sum(a * x for a, x in zip(w, f, strict=True)) for f in options]
        top = max(scores)
        total += scores[chosen] - top - math.log(sum(math.exp(x - top) for x in scores))
    return total


def _solve(h: list[list[float]], g: list[float]) -> list[float] | None:
    """``h`` x = ``g`` by Gaussian elimination with pivoting; None where ``h`` is singular."""
    k = len(g)
    m = [[*row, gi] for row, gi in zip(h, g, strict=True)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) <= 1e-12:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, k):
            f = m[r][col] / m[col][col]
            for c in range(col, k + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * k
    for r in range(k - 1, -1, -1):
        x[r] = (m[r][k] - sum(m[r][c] * x[c] for c in range(r + 1, k))) / m[r][r]
    return x


def fit(rows: list[Row], names: Sequence[str] = SIMPLE) -> Style:
    """The maximum-likelihood model over the features ``names`` (the rows' columns, in
    that order)."""
    return Style.of(dict(zip(names, fit_weights(rows, len(names)), strict=True)))


def fit_weights(rows: list[Row], k: int) -> list[float]:
    """The maximum-likelihood weights of a softmax over ``k`` features per option, under
    a weak prior (``RIDGE``): Newton's method, each step halved until the likelihood rises
    (also the rollout player's fit, scripts/rollout_fit.py)."""
    if not any(len(set(options)) > 1 for options, _ in rows):
        raise ValueError(
            "the choices cannot tell the features apart (every option alike): play more games before fitting"
        )
    w = [0.0] * k
    best = _log_likelihood(rows, w)
    for _ in range(50):
        g = [-RIDGE * a for a in w]
        h = [[RIDGE * (i == j) for i in range(k)] for j in range(k)]
        for options, chosen in rows:
            raw = [sum(a * x for a, x in zip(w, f, strict=True)) for f in options]
            top = max(raw)
            ps = [math.exp(x - top) for x in raw]
            total = sum(ps)
            ps = [p / total for p in ps]
            mean = [sum(p * f[j] for p, f in zip(ps, options, strict=True)) for j in range(k)]
            for j in range(k):
                g[j] += options[chosen][j] - mean[j]
                for i in range(j, k):
                    cov = sum(p * f[j] * f[i] for p, f in zip(ps, options, strict=True)) - mean[j] * mean[i]
                    h[j][i] += cov
                    if i != j:
                        h[i][j] += cov
        d = _solve(h, g)
        if d is None:
            break  # the likelihood has flattened out: as steep as the choices say
        step = 1.0
        while step > 1e-6:
            trial_w = [a + step * b for a, b in zip(w, d, strict=True)]
            trial = _log_likelihood(rows, trial_w)
            if trial >= best:
                break
            step /= 2
        else:
            break  # no step uphill: at the top
        w, best = trial_w, trial
        if sum(abs(step * b) for b in d) < 1e-9:
            break
    return w


KINDS = ("uniform", "sampled", "simple", "model")  # the chances scored, as ``ReadScores`` keys them


@dataclass
class ReadScores:
    """How well each kind of chance of each tile's place predicted where it was, summed
    over tiles: the exact uniform counting, the sampled deals counted once each (what
    sampling alone costs), weighted by 0.5.0's model of the tile alone (``simple``), and
    by the shipped model of play (``model``)."""

    tiles: int = 0
    decisions: int = 0
    log: dict[str, float] = field(default_factory=lambda: dict.fromkeys(KINDS, 0.0))
    brier: dict[str, float] = field(default_factory=lambda: dict.fromkeys(KINDS, 0.0))

    def add(self, other: ReadScores) -> None:
        self.tiles += other.tiles
        self.decisions += other.decisions
        for k in KINDS:
            self.log[k] += other.log[k]
            self.brier[k] += other.brier[k]


def _score(probabilities: dict[int | None, float], truth: int | None) -> tuple[float, float]:
    log = math.log(max(probabilities[truth], FLOOR))
    brier = sum((p - (loc == truth)) ** 2 for loc, p in probabilities.items())
    return log, brier


def _check_game(
    rules: Any,
    seats: int,
    samples: int,
    seed: int,
    game: int,
    models: tuple[Style, Style],
    reads: int,
    bots: tuple[str, ...] = (),
) -> ReadScores:
    """One round's scores, every decision with a choice seen from the seat making it: a
    round of self-play, or of ``bots`` (by seat, repeated round the table)."""
    scores = ReadScores()
    simple, model = models

    def watch(r: Any, seat: int, *_: Any) -> None:
        inf = infer(r.seat_view(seat))
        if not inf.unseen:
            return
        chances = [soft_reads(inf, simple, reads, seed=game), soft_reads(inf, model, reads, seed=game)]
        where: dict[Tile, int | None] = {t: s for s in range(seats) if s != seat for t in r.hand_of(s)}
        scores.decisions += 1
        for t in inf.unseen:
            truth = where.get(t)
            uniform = {loc: float(p) for loc, p in inf.probability[t].items()}
            kinds = (uniform, chances[0].unweighted[t], chances[0].probability[t], chances[1].probability[t])
            for kind, p in zip(KINDS, kinds, strict=True):
                log, brier = _score(p, truth)
                scores.log[kind] += log
                scores.brier[kind] += brier
            scores.tiles += 1

    if bots:
        bot_round(rules, seats, bots, seed, game, watch)
    else:
        play_round(rules, seats, samples, seed, game, watch, reads=False)
    return scores


def _fit_chunk(args) -> list[tuple[list[Row], list[Row]]]:
    rules, seats, samples, seed, games = args
    return [_observations(rules, seats, samples, seed, g) for g in games]


def _check_chunk(args) -> list[ReadScores]:
    rules, seats, samples, seed, games, models, reads, bots = args
    return [_check_game(rules, seats, samples, seed, g, models, reads, bots) for g in games]


@dataclass(frozen=True)
class Fitted:
    """A table's models, fitted on the same self-play games."""

    full: Style  # every feature
    simple: Style  # 0.5.0's: the tile's pips and double alone
    choices: int  # the choices the model read

    @property
    def model(self) -> Style:
        """The model shipped: a mixture of two ways of choosing, as likely beforehand: the
        advisor's own (every feature), and a player who sheds pips and doubles, loosely to
        strictly (``SHEDDER_SCALES``).  Each seat's plays say which it is."""
        return replace(self.full, also=(replace(self.simple, scales=SHEDDER_SCALES),))


def fit_models(
    rules: Any, seats: int, games: int, samples: int, seed: int, jobs: int | Machines = 1, on_progress=None
) -> Fitted:
    """Both models fitted on ``games`` self-play rounds (the advisor without soft reads)."""
    per_game = run_games(_fit_chunk, lambda ch: (rules, seats, samples, seed, ch), games, jobs, on_progress)
    full = [row for f, _ in per_game for row in f]
    simple = [row for _, s in per_game for row in s]
    return Fitted(fit(full, FEATURES), fit(simple, SIMPLE), len(full))


def check(
    rules: Any,
    seats: int,
    models: tuple[Style, Style],
    games: int,
    samples: int,
    seed: int,
    reads: int,
    jobs: int | Machines = 1,
    on_progress=None,
    bots: tuple[str, ...] = (),
) -> tuple[ReadScores, list[ReadScores]]:
    """The scores over ``games`` rounds (self-play, or of ``bots``), and each game's (for
    intervals); ``models``: the simple model and the model of play."""
    per_game = run_games(
        _check_chunk,
        lambda ch: (rules, seats, samples, seed, ch, models, reads, bots),
        games,
        jobs,
        on_progress,
    )
    total = ReadScores()
    for s in per_game:
        total.add(s)
    return total, per_game


def build_all(
    games: int = FIT_GAMES,
    samples: int = FIT_SAMPLES,
    seed: int = FIT_SEED,
    jobs: int | Machines = 1,
    on_start=None,
    on_progress=None,
) -> dict:
    """Every shipped model fitted afresh (the same bytes from these figures on any machine)."""
    models = {}
    for name, players in READ_TABLES:
        key = f"{name}/{players}"
        if on_start:
            on_start(key, games)
        rules = game_for(name).rules_from(name, "")
        got = fit_models(rules, players, games, samples, seed, jobs, on_progress)
        models[key] = {"model": got.model.to_json(), "simple": got.simple.to_json(), "choices": got.choices}
    return {
        "format": FORMAT,
        "features": list(FEATURES),
        "games": games,
        "samples": samples,
        "seed": seed,
        "models": models,
    }


GAINS = {  # name -> (better, than, measure): each a gain per tile with its interval
    "log_gain": ("model", "uniform", "log"),
    "log_gain_simple": ("model", "simple", "log"),
    "log_simple_gain": ("simple", "uniform", "log"),
    "log_weights_gain": ("model", "sampled", "log"),
    "brier_gain": ("model", "uniform", "brier"),
    "brier_gain_simple": ("model", "simple", "brier"),
}


def summary(per_game: list[ReadScores], seed: int = 0) -> dict[str, float]:
    """Per tile: the log-likelihood and Brier score of each kind of chance, and the gains
    (``GAINS``: above 0 is better, Brier's a drop) with 95% intervals that resample whole
    games."""
    total = ReadScores()
    for s in per_game:
        total.add(s)
    n = max(total.tiles, 1)

    def gain(sc: ReadScores, name: str) -> float:
        better, than, measure = GAINS[name]
        sums = sc.log if measure == "log" else sc.brier
        sign = 1 if measure == "log" else -1
        return sign * (sums[better] - sums[than]) / max(sc.tiles, 1)

    rng = random.Random(seed)
    draws: dict[str, list[float]] = {name: [] for name in GAINS}
    for _ in range(1000):
        pick = ReadScores()
        for _ in per_game:
            pick.add(per_game[rng.randrange(len(per_game))])
        for name in GAINS:
            draws[name].append(gain(pick, name))
    out: dict[str, float] = {"decisions": total.decisions, "tiles": total.tiles}
    for kind in KINDS:
        out[f"log_{kind}"] = total.log[kind] / n
        out[f"brier_{kind}"] = total.brier[kind] / n
    for name, got in draws.items():
        got.sort()
        out[name] = gain(total, name)
        out[f"{name}_low"] = got[25] if per_game else 0.0
        out[f"{name}_high"] = got[974] if per_game else 0.0
    return out

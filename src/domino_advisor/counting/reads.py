"""Soft reads: which consistent deals are likelier, given how players choose
(docs/how-it-works.md: soft reads).

The exact counting treats every deal the log allows as equally likely.  A player's
choices say more: someone who played a 1-0 with the 6-6 playable probably did not hold
the 6-6.  A model of play, a softmax over what each play sheds, dumps, keeps and blocks
(``FEATURES``), fitted on the advisor's own self-play (``reads_fit``, never on a bot it is
measured against), gives each deal the chance that its hands would have made the plays
the log shows; sampled deals weighted by it give the likely reads, and the advice's
worlds their weights.  They are labelled likely, never certain, and a switch turns them
off.  The model is a file in the package (``DATA``): one that is missing or damaged is
said in one line, and the counting goes on without it.

Only choices made after a player's last draw are read: before it, which tiles they held
depends on which tiles they later drew, and a sampled deal does not say.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Protocol

from domino_advisor.base import modelfile
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.counting.inference import Inference
from domino_advisor.games.proof import Known
from domino_advisor.games.registry import GameRules

PLAY_MODEL = modelfile.ModelFile(
    "data/play-model.json", "the play model", 1, 64_000, "counting without soft reads"
)
DATA, FORMAT, MAX_BYTES = PLAY_MODEL.resource, PLAY_MODEL.format, PLAY_MODEL.max_bytes
READS_SAMPLES = 1000  # sampled deals behind the reads status shows
LIKELY = 0.75  # a read is shown from this chance up (and below certainty) ...
RISE = 0.05  # ... when the plays raised it by this much over the counting alone
FEW = 30.0  # ... and the weighted deals are worth at least this many equal ones

# What the model sees of a play, each with a weight (log-odds per unit): the pips shed; a
# double dumped; the tiles left in hand that still follow on the ends it leaves (options
# kept); those bearing the number it leaves showing where it was laid; whether every end it
# leaves is a number the next player has passed on since their last draw (they are shut out).
FEATURES = ("pips", "double", "follows", "keeps", "blocks")
SIMPLE = ("pips", "double")  # 0.5.0's model: the tile alone
MOST_WEIGHT = 20.0  # a weight further from 0 is not one a fit makes: a model file holding one is damaged


@dataclass(frozen=True)
class Style:
    """How players choose a play, as the model sees it: a weight per feature (``FEATURES``);
    the chance of a play is its softmax among the plays the hand held."""

    pips: float
    double: float
    follows: float = 0.0
    keeps: float = 0.0
    blocks: float = 0.0
    # how sharply a player may follow the weights: each seat's plays are weighed under each
    # multiple and the chances averaged, seat by seat (one who always sheds the heaviest is
    # read as one)
    scales: tuple[float, ...] = (1.0,)
    # other ways of choosing, each as likely beforehand as this one: a deal is weighed, seat
    # by seat, by the average of the chances they give that seat's plays (its plays tell
    # which fits it)
    also: tuple[Style, ...] = ()

    @property
    def components(self) -> tuple[Style, ...]:
        """Every way of choosing the mixture weighs: this one's weights, then the others."""
        return (replace(self, also=()), *self.also)

    @classmethod
    def of(cls, weights: dict[str, float]) -> Style:
        """A single way of choosing from its weights by feature (those left out: 0)."""
        pips, double, follows, keeps, blocks = (weights.get(f, 0.0) for f in FEATURES)
        return cls(pips, double, follows, keeps, blocks)

    @property
    def weights(self) -> tuple[float, ...]:
        return tuple(getattr(self, f) for f in FEATURES)

    @property
    def tile_alone(self) -> bool:
        """Whether a play's chance is its tile's alone (0.5.0's model: pips and doubles)."""
        return not (self.follows or self.keeps or self.blocks)

    def score(self, tile: Tile) -> float:
        return self.pips * tile.pips + self.double * tile.is_double

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {f: round(getattr(self, f), 4) for f in FEATURES}
        out["scales"] = list(self.scales)
        if self.also:
            out["also"] = [s.to_json() for s in self.also]
        return out

    @classmethod
    def from_json(cls, data: object) -> Style:
        """ValueError (or TypeError) where ``data`` is not a model as ``to_json`` writes it."""
        if not isinstance(data, dict):
            raise TypeError("not a model")
        scales = tuple(float(x) for x in data.get("scales", [1.0]))
        if not scales or not all(0 < x <= 100 for x in scales):
            raise ValueError(f"scales {scales!r}")
        also = tuple(cls.from_json(d) for d in data.get("also", []))
        if any(s.also for s in also):
            raise ValueError("a mixture within a mixture")
        weights = {f: float(data.get(f, 0.0)) for f in FEATURES}
        if not all(abs(w) <= MOST_WEIGHT for w in weights.values()):  # NaN fails too
            raise ValueError(f"weights {weights!r}")
        return replace(cls.of(weights), scales=scales, also=also)


@dataclass(frozen=True)
class Shipped:
    """The models in the package's file, and what was wrong with it (None: nothing)."""

    styles: dict[str, tuple[Style, Style]]  # table -> (the model of play, 0.5.0's simple model)
    trouble: str | None


def parse_models(data: bytes) -> dict[str, tuple[Style, Style]]:
    """The models of a play-model file, each table's (model, simple); ValueError saying
    what is wrong with it."""
    return _models(modelfile.parse(PLAY_MODEL, data))


def _models(doc: dict[str, object]) -> dict[str, tuple[Style, Style]]:
    if doc.get("features") != list(FEATURES):
        raise ValueError(f"its features are {doc.get('features')!r}, this version's are {list(FEATURES)}")
    models = doc.get("models")
    if not isinstance(models, dict) or not models:
        raise ValueError("it has no models")
    out = {}
    for key, d in models.items():
        try:
            pair = (Style.from_json(d["model"]), Style.from_json(d["simple"]))
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
            raise ValueError(f"its model for {key} is damaged") from None
        out[str(key)] = pair
    return out


@cache
def _shipped() -> Shipped:
    doc, trouble = modelfile.load(PLAY_MODEL)
    if doc is None:
        return Shipped({}, trouble)
    try:
        return Shipped(_models(doc), None)
    except ValueError as e:
        return Shipped({}, PLAY_MODEL.damaged(str(e)))


def model_trouble() -> str | None:
    """One line saying why soft reads are off where the shipped model cannot be read."""
    return _shipped().trouble


def style_for(rules: GameRules, players: int) -> Style | None:
    """The shipped model for this preset and table size, if one was fitted for it (a
    match target aside: it does not change how a round is played)."""
    pair = models_for(rules, players)
    return None if pair is None else pair[0]


def models_for(rules: GameRules, players: int) -> tuple[Style, Style] | None:
    """The shipped (model of play, simple model) for this preset and table size."""
    if set(rules.differences()) - {"target"}:
        return None
    return _shipped().styles.get(f"{rules.name}/{players}")


@dataclass(frozen=True)
class Placement:
    """One way a tile could have been laid at a choice: what the model sees of it that the
    table shows (pips, double, blocks) and, as masks of tiles, which others in the hand
    would follow on the ends it leaves and which bear the number it leaves showing."""

    fixed: tuple[int, int, int]  # pips, double, blocks
    follow: int
    keep: int

    def features(self, rest: int) -> tuple[int, ...]:
        """The play's features, ``rest`` being the rest of the hand (a mask)."""
        pips, double, blocks = self.fixed
        return (pips, double, (rest & self.follow).bit_count(), (rest & self.keep).bit_count(), blocks)


class PublicMove(Protocol):
    """A public move as the model reads it (the line games' ``record.Acted``)."""

    seat: int
    kind: str
    tile: Tile | None
    ends: tuple[int, ...]
    met: int | None


@dataclass(frozen=True)
class Choice:
    """One play the model reads: the seat, the tile and how it was laid, every way each
    tile could have been laid on the ends it met (tile index -> placements), and the tiles
    that seat played after it (they were in its hand then)."""

    seat: int
    tile: Tile
    chosen: Placement
    ways: dict[int, tuple[Placement, ...]]
    later: int

    @property
    def playable(self) -> int:
        return sum(1 << i for i in self.ways)


def read_plays(history: Sequence[PublicMove], top: int, seats: int) -> list[tuple[int, Choice]]:
    """Every play after the opening with what the model sees of it: (its place in the
    history, the choice).  Public facts only: the ends met, the passes seen."""
    tiles = full_set(top)
    bearing = [sum(1 << t.index for t in tiles if t.bears(n)) for n in range(top + 1)]
    passed = [0] * seats  # numbers each seat passed on since its last draw, as bits
    out: list[tuple[int, Choice]] = []
    for i, a in enumerate(history):
        if a.kind == "pass":
            passed[a.seat] |= sum(1 << n for n in set(a.ends))
        elif a.kind == "draw":
            passed[a.seat] = 0
        elif i and a.kind == "play" and a.tile is not None and a.met is not None:
            lacks = passed[(a.seat + 1) % seats]
            ways: dict[int, tuple[Placement, ...]] = {}
            chosen = None
            for t in tiles:
                met_here = sorted({n for n in a.ends if t.bears(n)})
                if met_here:
                    ways[t.index] = tuple(_placement(t, m, a.ends, bearing, lacks) for m in met_here)
                if t == a.tile and a.met in met_here:
                    chosen = ways[t.index][met_here.index(a.met)]
            if chosen is None:  # not a play on the ends it met as they are written: nothing to read
                continue
            later = sum(
                1 << b.tile.index
                for b in history[i + 1 :]
                if b.kind == "play" and b.seat == a.seat and b.tile is not None
            )
            out.append((i, Choice(a.seat, a.tile, chosen, ways, later)))
    return out


def _placement(t: Tile, met: int, ends: Sequence[int], bearing: list[int], lacks: int) -> Placement:
    left = list(ends)
    left.remove(met)
    showing = t.other(met)
    after = {*left, showing}
    follow = 0
    for n in after:
        follow |= bearing[n]
    shown = sum(1 << n for n in after)
    blocks = int(bool(lacks) and not shown & ~lacks)
    return Placement((t.pips, int(t.is_double), blocks), follow, bearing[showing])


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def choices(view: Known) -> list[Choice]:
    """The other seats' plays the model can read: not the opening (the lead rule chose
    it), and only those after the seat's last draw (before it, which tiles they held
    depends on which they later drew, and a sampled deal does not say)."""
    last_draw = {s: -1 for s in view.opponents}
    for i, a in enumerate(view.history):
        if a.kind == "draw" and a.seat in last_draw:
            last_draw[a.seat] = i
    return [
        c
        for i, c in read_plays(view.history, view.rules.top, len(view.names))
        if c.seat != view.me and i > last_draw[c.seat]
    ]


Ways = list[tuple[int, tuple[tuple[float, int, int, bool], ...]]]  # one choice's, scored for a component


class Reads:
    """Weights deals by how likely the other seats' plays were in them.

    A choice's chance depends on only a few of the tiles in its hand (those it could have
    played, and those that would follow on or bear what it left), so each is worked out
    once for each set of them the deals give it, not once a deal."""

    def __init__(self, view: Known, style: Style):
        self.style = style
        self.choices = choices(view)
        self.strength = [math.exp(style.score(t)) for t in full_set(view.rules.top)]
        parts = style.components
        self._simple = len(parts) == 1 and parts[0].scales == (1.0,) and parts[0].tile_alone
        self._parts = [(s, [self._scored(s, c) for c in self.choices]) for s in parts]
        # every (component, scale), with the log of its share of the mixture beforehand
        self._priors = [-math.log(len(parts) * len(s.scales)) for s in parts for _ in s.scales]
        self._relevant = [
            sum(1 << i for i in c.ways) | _union(p.follow | p.keep for ps in c.ways.values() for p in ps)
            for c in self.choices
        ]
        self._memo: list[dict[int, list[float]]] = [{} for _ in self.choices]

    @staticmethod
    def _scored(style: Style, choice: Choice) -> Ways:
        """A choice's ways under one component, their fixed part scored: (tile bit,
        ((score, follow, keep, whether it is the play made), ...)).  A component that
        weighs the tile alone (0.5.0's) counts each tile once, as it was fitted, wherever
        it could have been laid."""
        a, b, _, _, c = style.weights
        if style.tile_alone:
            return [
                (1 << i, ((a * ps[0].fixed[0] + b * ps[0].fixed[1], 0, 0, i == choice.tile.index),))
                for i, ps in choice.ways.items()
            ]
        return [
            (
                1 << i,
                tuple(
                    (a * p.fixed[0] + b * p.fixed[1] + c * p.fixed[2], p.follow, p.keep, p is choice.chosen)
                    for p in ps
                ),
            )
            for i, ps in choice.ways.items()
        ]

    def log_weight(self, world: dict[Tile, int | None]) -> float:
        """The log of the chance (up to a constant) that a deal's hands chose as they did."""
        if not self.choices:
            return 0.0
        hands: dict[int | None, int] = {}
        for t, loc in world.items():
            hands[loc] = hands.get(loc, 0) | (1 << t.index)
        if self._simple:
            return self._tile_only(hands)
        by_seat: dict[int, list[float]] = {}  # each seat's own way of choosing, read from its own plays
        for i, c in enumerate(self.choices):
            held = hands.get(c.seat, 0) | c.later | (1 << c.tile.index)
            key = held & self._relevant[i]
            logs = self._memo[i].get(key)
            if logs is None:
                logs = self._memo[i][key] = self._choice_logs(i, held)
            totals = by_seat.setdefault(c.seat, list(self._priors))
            for k, x in enumerate(logs):
                totals[k] += x
        total = 0.0
        for totals in by_seat.values():
            most = max(totals)  # the mixture's average for this seat, in logs
            total += most + math.log(sum(math.exp(t - most) for t in totals))
        return total

    def _choice_logs(self, i: int, held: int) -> list[float]:
        """The log of the chance of choice ``i`` from the hand ``held``, under each
        component at each of its scales."""
        out = []
        for style, scored in self._parts:
            wf, wk = style.follows, style.keeps
            scores = []
            chosen = 0.0
            for bit, placements in scored[i]:
                if held & bit:
                    rest = held ^ bit
                    for base, follow, keep, made in placements:
                        score = base + wf * (rest & follow).bit_count() + wk * (rest & keep).bit_count()
                        scores.append(score)
                        if made:
                            chosen = score
            top = max(scores)
            for scale in style.scales:
                mass = sum(math.exp(scale * (x - top)) for x in scores)
                out.append(scale * (chosen - top) - math.log(mass))
        return out

    def _tile_only(self, hands: dict[int | None, int]) -> float:
        """0.5.0's model (pips and doubles): each tile's strength fixed, whatever else is held."""
        strength = self.strength
        total = 0.0
        for c in self.choices:
            options = (hands.get(c.seat, 0) | c.later | (1 << c.tile.index)) & c.playable
            mass = 0.0
            while options:
                low = options & -options
                mass += strength[low.bit_length() - 1]
                options ^= low
            total -= math.log(mass)
        return total


@dataclass
class SoftReads:
    """Chances from deals weighted by the model of play (sampled, so approximate)."""

    probability: dict[Tile, dict[int | None, float]]  # tile -> seat (None: boneyard) -> p
    lacks: dict[int, dict[int, float]]  # seat -> number -> the chance it holds none
    samples: int
    effective: float  # how many equally weighted deals the weighted ones are worth
    unweighted: dict[Tile, dict[int | None, float]]  # the same deals, each counted once

    def likely(
        self, seat: int, certain: Collection[int] = (), counted: Sequence[float] | None = None
    ) -> list[tuple[int, float]]:
        """(number, chance) for each number the seat probably lacks, not known for certain,
        and, given ``counted`` (the uniform counting's chance of lacking each number), only
        where how they played raised the chance clearly: a read says what the plays show,
        not what the counting already did."""
        if self.effective < FEW:
            return []
        return [
            (n, p)
            for n, p in self.lacks.get(seat, {}).items()
            if p >= LIKELY and n not in certain and (counted is None or p >= counted[n] + RISE)
        ]


def soft_reads(inf: Inference, style: Style, samples: int = READS_SAMPLES, seed: int = 0) -> SoftReads:
    """The soft chances for ``inf``'s view: ``samples`` deals drawn exactly from the
    uniform counting, each weighted by the model."""
    view = inf.view
    reads = Reads(view, style)
    rng = random.Random(seed)
    locs: list[int | None] = [*view.opponents, None]
    numbers = range(view.rules.top + 1)
    worlds = [inf.sample(rng) for _ in range(samples)] if inf.unseen else []
    logs = [reads.log_weight(w) for w in worlds]
    top = max(logs, default=0.0)
    weights = [math.exp(lw - top) for lw in logs]
    total = sum(weights) or 1.0
    prob = {t: dict.fromkeys(locs, 0.0) for t in inf.unseen}
    plain = {t: dict.fromkeys(locs, 0.0) for t in inf.unseen}
    lacks = {s: dict.fromkeys(numbers, 0.0) for s in view.opponents}
    once = 1 / len(worlds) if worlds else 0.0
    ends = {t: 1 << t.high | 1 << t.low for t in inf.unseen}  # the numbers a tile shows, as bits
    for world, w in zip(worlds, weights, strict=True):
        share = w / total
        held: dict[int | None, int] = {}
        for t, loc in world.items():
            prob[t][loc] += share
            plain[t][loc] += once
            held[loc] = held.get(loc, 0) | ends[t]
        for s in view.opponents:
            shown = held.get(s, 0)
            lacking = lacks[s]
            for n in numbers:
                if not shown >> n & 1:
                    lacking[n] += share
    if not worlds:  # nothing unseen: every hand is known
        lacks = {s: dict.fromkeys(numbers, 1.0) for s in view.opponents}
    squares = sum(w * w for w in weights)
    effective = (total * total / squares) if squares else 0.0
    return SoftReads(prob, lacks, len(worlds), effective, plain)

"""Soft reads: which consistent deals are likelier, given how players choose
(docs/how-it-works.md: soft reads).

The exact counting treats every deal the log allows as equally likely.  A player's
choices say more: someone who played a 1-0 with the 6-6 playable probably did not hold
the 6-6.  A play-style model, a softmax over a tile's pips and whether it is a double
fitted on the advisor's own self-play (``reads_fit``), gives each deal the chance that
its hands would have made the plays the log shows; sampled deals weighted by it give the
likely reads.  They are labelled likely, never certain, and a switch turns them off.

Only choices made after a player's last draw are read: before it, which tiles they held
depends on which tiles they later drew, and a sampled deal does not say.
"""

from __future__ import annotations

import json
import math
import pkgutil
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache

from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.counting.inference import Inference
from domino_advisor.games.proof import Known
from domino_advisor.games.registry import GameRules

DATA = "data/style.json"
READS_SAMPLES = 1000  # sampled deals behind the reads status shows
LIKELY = 0.75  # a read is shown from this chance up (and below certainty) ...
RISE = 0.05  # ... when the plays raised it by this much over the counting alone
FEW = 30.0  # ... and the weighted deals are worth at least this many equal ones


@dataclass(frozen=True)
class Style:
    """How players choose a tile, as the model sees it: the log-odds per pip, and for a double."""

    pips: float
    double: float

    def score(self, tile: Tile) -> float:
        return self.pips * tile.pips + self.double * tile.is_double

    def to_json(self) -> dict[str, float]:
        return {"pips": round(self.pips, 4), "double": round(self.double, 4)}

    @classmethod
    def from_json(cls, data: dict[str, float]) -> Style:
        return cls(float(data["pips"]), float(data["double"]))


@cache
def _shipped() -> dict[str, Style]:
    try:  # through the package's loader (a folder or a zip); importlib.resources costs a status 10%
        data = pkgutil.get_data("domino_advisor", DATA)
    except FileNotFoundError:
        return {}
    if data is None:
        return {}
    return {key: Style.from_json(d) for key, d in json.loads(data.decode("utf-8"))["styles"].items()}


def style_for(rules: GameRules, players: int) -> Style | None:
    """The shipped style for this preset and table size, if one was fitted for it (a
    match target aside: it does not change how a round is played)."""
    if set(rules.differences()) - {"target"}:
        return None
    return _shipped().get(f"{rules.name}/{players}")


@dataclass(frozen=True)
class Choice:
    """One play by another seat that the model reads."""

    seat: int
    tile: Tile
    playable: int  # tiles that would have played on the ends it met
    later: int  # tiles that seat played after it: they were in its hand then


def choices(view: Known) -> list[Choice]:
    """The other seats' plays the model can read: not the opening (the lead rule chose
    it), and only those after the seat's last draw."""
    top = view.rules.top
    tiles = full_set(top)
    last_draw = {s: -1 for s in view.opponents}
    for i, a in enumerate(view.history):
        if a.kind == "draw" and a.seat in last_draw:
            last_draw[a.seat] = i
    out: list[Choice] = []
    for i, a in enumerate(view.history):
        if i == 0 or a.kind != "play" or a.seat == view.me or a.tile is None or i <= last_draw[a.seat]:
            continue
        ends = set(a.ends)
        playable = sum(1 << t.index for t in tiles if t.high in ends or t.low in ends)
        later = sum(
            1 << b.tile.index
            for b in view.history[i + 1 :]
            if b.kind == "play" and b.seat == a.seat and b.tile is not None
        )
        out.append(Choice(a.seat, a.tile, playable, later))
    return out


class Reads:
    """Weights deals by how likely the other seats' plays were in them."""

    def __init__(self, view: Known, style: Style):
        self.style = style
        self.choices = choices(view)
        self.strength = [math.exp(style.score(t)) for t in full_set(view.rules.top)]

    def log_weight(self, world: dict[Tile, int | None]) -> float:
        """The log of the chance (up to a constant) that a deal's hands chose as they did."""
        if not self.choices:
            return 0.0
        hands: dict[int | None, int] = {}
        for t, loc in world.items():
            hands[loc] = hands.get(loc, 0) | (1 << t.index)
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
    """Chances from deals weighted by the play-style model (sampled, so approximate)."""

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

"""Exact tile counting from one seat's view (docs/how-it-works.md).

Every deal and draw order consistent with the log is equally likely.  Each
opponent's hand is the dealt group plus one group per drawing turn, and each group
carries the voids of the passes and draws it lived through.  Tiles that may go to
the same places are interchangeable, so a dynamic program over those classes and
the places' remaining room counts the consistent worlds exactly (Python integers),
gives every marginal by a forward-backward pass, and samples worlds without
rejection.  Which group a played tile came from is summed over first, per opponent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from domino_advisor.base.budgets import EXACT_WORK, MIN_STEPS, RETRY_WORK, STEPS_PER_TILE
from domino_advisor.base.doubts import Doubt
from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.counting.evidence import BONEYARD, LATER, Case, Evidence, Void, bearing_mask, gather
from domino_advisor.counting.exact import CountTooBig, Problem, _case_possible, pick
from domino_advisor.games.proof import Known

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.counting.sampler import Estimate

__all__ = [
    "BONEYARD",
    "EXACT_WORK",
    "Inference",
    "certain_lacks",
    "gather",
    "infer",
    "sample_posterior",
    "unseen_tiles",
]


# -- the public result ------------------------------------------------------------------
@dataclass
class Inference:
    """Where each unseen tile is, from one seat's view: the chances, counted or sampled."""

    view: Known
    worlds: int
    unseen: list[Tile]
    probability: dict[Tile, dict[int | None, Fraction]]  # tile -> seat (None: boneyard) -> p
    warnings: list[Doubt] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list, repr=False)
    evidence: Evidence | None = field(default=None, repr=False)
    estimate: Estimate | None = field(default=None, repr=False)  # set when sampled, not counted

    @property
    def exact(self) -> bool:
        return self.estimate is None

    @property
    def method(self) -> str:
        """How the chances were found, in the table's words."""
        if self.estimate is None:
            return "exact"
        cut = ", cut short by the time limit" if self.estimate.cut else ""
        error = 2 * self.estimate.error
        return f"sampled ({self.estimate.steps:,} steps{cut}, two standard errors ±{error:.3f})"

    def counting(self) -> shapes.CountingJson:
        """How the chances were found, for programs: exact, or sampled with the sampler's
        steps and its error (two standard errors of the least certain chance)."""
        if self.estimate is None:
            return {"method": "exact"}
        return {"method": "sampled", "steps": self.estimate.steps, "error": round(2 * self.estimate.error, 4)}

    def where(self, tile: Tile) -> dict[str, float]:
        p = self.probability[tile]
        out = {self.view.names[s]: float(p[s]) for s in self.view.opponents}
        out[BONEYARD] = float(p[None])
        return out

    def expected_pips(self, seat: int, value: Callable[[Tile], int] | None = None) -> Fraction:
        """Pips in the hand on average; ``value``: what a tile counts when it is not its pips
        (the double-blank's 50 in the train games)."""
        worth = value or (lambda t: t.pips)
        shown = sum(worth(t) for t in self.view.shown.get(seat, ()))
        return Fraction(shown) + sum((self.probability[t][seat] * worth(t) for t in self.unseen), Fraction(0))

    def cannot_hold(self, seat: int) -> list[int]:
        top = self.view.rules.top
        held: set[int] = set()
        for t in self.view.shown.get(seat, ()):
            held |= {t.high, t.low}
        for t in self.unseen:
            if self.estimate is not None:
                possible = seat in self.estimate.possible[t]
            else:
                possible = self.probability[t][seat] > 0
            if possible:
                held |= {t.high, t.low}
        return [n for n in range(top + 1) if n not in held]

    _holds_none: dict[tuple[int, frozenset[int]], Fraction] = field(default_factory=dict, repr=False)

    def holds_number(self, seat: int, number: int) -> Fraction:
        """The chance ``seat`` holds at least one tile bearing ``number`` (exact)."""
        return 1 - self.holds_none(seat, {number})

    def holds_none(self, seat: int, numbers: Iterable[int]) -> Fraction:
        """The chance ``seat`` holds no tile bearing any of ``numbers``: it cannot play on them."""
        these = frozenset(numbers)
        key = (seat, these)
        if key not in self._holds_none:
            if any(t.high in these or t.low in these for t in self.view.shown.get(seat, ())):
                self._holds_none[key] = Fraction(0)
            elif self.view.counts[seat] == 0 or these <= set(self.cannot_hold(seat)):
                self._holds_none[key] = Fraction(1)
            elif self.estimate is not None:
                avoid = bearing_mask(these, self.view.rules.top)
                hands = self.estimate.hands(self.unseen)
                none = sum(1 for h in hands if not h.get(seat, 0) & avoid)
                self._holds_none[key] = Fraction(none, len(hands))
            else:
                avoid = bearing_mask(these, self.view.rules.top)
                none = sum(p.count_avoiding(seat, avoid) for p in self.problems)
                self._holds_none[key] = Fraction(none, self.worlds)
        return self._holds_none[key]

    def sample(self, rng: random.Random) -> dict[Tile, int | None]:
        """A world drawn from the posterior (exactly, or from the chain's kept deals)."""
        if self.estimate is not None:
            return dict(zip(self.unseen, rng.choice(self.estimate.deals), strict=True))
        weights = [(p, p.total) for p in self.problems if p.total]
        return pick(weights, rng).sample(rng)


def unseen_tiles(view: Known) -> list[Tile]:
    shown = {t for ts in view.shown.values() for t in ts}
    return [
        t
        for t in sorted(full_set(view.rules.top), reverse=True)
        if t not in view.hand and t not in view.table and t not in shown
    ]


Extra = tuple[int, frozenset[int]]  # a seat that holds none of these numbers now


def _problems(
    view: Known, ev: Evidence, unseen: list[Tile], extra: Extra | None = None, budget: int | None = None
) -> list[Problem]:
    if extra is not None:
        seat, numbers = extra
        # forbid the numbers to every group of that seat, now: a void at the end of the log
        ev = Evidence(ev.groups, [*ev.voids, Void(seat, LATER, set(numbers), None, "")], ev.played, ev.cases)
    return [Problem(view, ev, case, unseen, budget) for case in ev.cases]


def _count(
    view: Known, ev: Evidence, unseen: list[Tile], extra: Extra | None = None, budget: int | None = None
) -> int:
    return sum(p.total for p in _problems(view, ev, unseen, extra, budget))


def infer(
    view: Known,
    budget: int | None = EXACT_WORK,
    seconds: float | None = None,
    evidence: Evidence | None = None,
) -> Inference:
    """The posterior for ``view``: counted exactly within ``budget`` (None: always),
    past it sampled to the chain's fixed steps and error target, so the same log gives
    the same chances however busy the machine (``seconds``: a clock limit, only where
    the user asks for one); contradicted evidence is dropped with a warning either way.
    ``evidence``: what to count from instead of all the view's moves prove (a counting
    with a void forgotten, ``learning.countdecides``)."""
    ev = view.evidence() if evidence is None else evidence
    unseen = unseen_tiles(view)
    try:
        return _exact(view, ev, unseen, budget)
    except CountTooBig:
        return _sampled(view, ev, unseen, seconds)


def certain_lacks(view: Known) -> dict[int, list[int]]:
    """The numbers each opponent certainly lacks: ``Inference.cannot_hold`` for every
    opponent, the same answer, from whether a deal the log allows puts a tile there
    (a matching, no count or chain: a review asks it after every event)."""
    from domino_advisor.counting.sampler import Chain

    unseen = unseen_tiles(view)

    def fits(trial: Evidence) -> Chain | None:
        chain = Chain(view, trial, unseen, [c for c in trial.cases if _case_possible(view, trial, c)])
        return chain if chain.feasible else None

    chain = fits(view.evidence())
    if chain is None:
        _, chain, _ = _relax(view, view.evidence(), fits)
    assert chain is not None
    possible = chain.possible()
    out = {}
    for seat in view.opponents:
        held: set[int] = set()
        for t in view.shown.get(seat, ()):
            held |= {t.high, t.low}
        for t, places in zip(unseen, possible, strict=True):
            if seat in places:
                held |= {t.high, t.low}
        out[seat] = [n for n in range(view.rules.top + 1) if n not in held]
    return out


def sample_posterior(view: Known, seconds: float | None = None) -> Inference:
    """The sampled posterior even where the exact count would fit, by default with no
    time limit (to measure it at a fixed number of steps)."""
    return _sampled(view, view.evidence(), unseen_tiles(view), seconds, retry=False)


def _exact(view: Known, ev: Evidence, unseen: list[Tile], budget: int | None) -> Inference:
    warnings: list[Doubt] = []
    problems = _problems(view, ev, unseen, budget=budget)
    total = sum(p.total for p in problems)
    if not total:

        def fits(trial: Evidence) -> list[Problem] | None:
            found = _problems(view, trial, unseen, budget=budget)
            return found if sum(p.total for p in found) else None

        ev, problems, warnings = _relax(view, ev, fits)
        total = sum(p.total for p in problems)
    probability: dict[Tile, dict[int | None, Fraction]] = {}
    locs = [*view.opponents, None]
    acc = {t: {loc: Fraction(0) for loc in locs} for t in unseen}
    for p in problems:
        if not p.total:
            continue
        for (_allowed, _by, tiles), ex in zip(p.classes, p.expect, strict=False):
            c = len(tiles)
            for slot, mass in enumerate(ex):
                if not mass:
                    continue
                seat = p.slots[slot].seat if slot < len(p.slots) else None
                for t in tiles:
                    acc[t][seat] += Fraction(mass, c)
    for t in unseen:
        probability[t] = {loc: acc[t][loc] / total for loc in locs}
    return Inference(view, total, unseen, probability, warnings, problems, ev)


def _sampled(
    view: Known, ev: Evidence, unseen: list[Tile], seconds: float | None = None, retry: bool = True
) -> Inference:
    from domino_advisor.counting.sampler import (
        Chain,  # only past the exact count's budget: a double-six status never loads it
    )

    def fits(trial: Evidence) -> Chain | None:
        chain = Chain(view, trial, unseen, [c for c in trial.cases if _case_possible(view, trial, c)])
        return chain if chain.feasible else None

    given = ev  # the evidence as gathered, for an exact count (which relaxes it itself)
    chain = fits(ev)
    warnings: list[Doubt] = []
    if chain is None:
        ev, chain, warnings = _relax(view, ev, fits)
    assert chain is not None
    estimate = chain.run(max(MIN_STEPS, STEPS_PER_TILE * len(unseen)), seconds=seconds)
    if estimate.unreached and retry:
        # the chain did not reach every deal the log allows (where every place is full,
        # two-tile swaps cannot always get from one deal to another): count exactly with
        # a larger budget if that fits, else say the chances are rough
        try:
            return _exact(view, given, unseen, RETRY_WORK)
        except CountTooBig:
            warnings.append(
                Doubt(
                    "sampler",
                    "the sampled chances could not reach every deal the log allows "
                    f"({estimate.unreached} possible places never visited): they are rough",
                    None,
                    None,
                    None,
                )
            )
    return Inference(view, 0, unseen, estimate.probability, warnings, [], ev, estimate)


R = TypeVar("R")


def _relax(
    view: Known, ev: Evidence, fits: Callable[[Evidence], R | None]
) -> tuple[Evidence, R, list[Doubt]]:
    """No world fits: set aside the evidence the log contradicts, and say so.

    First the voids a later play contradicts directly (the player passed or drew on a
    number, then played it with no draw between): only that player's void on that
    number goes.  Then the lead rule's deduction; last, other voids, latest first.
    """
    warnings: list[Doubt] = []
    voids, direct = _without_direct_contradictions(ev, view.names)
    if direct:
        trial = Evidence(ev.groups, voids, ev.played, ev.cases)
        warnings.extend(direct)
        found = fits(trial)
        if found is not None:
            return trial, found, warnings
        ev = trial
    if ev.cases != [Case()]:
        trial = Evidence(ev.groups, ev.voids, ev.played, [Case()])
        found = fits(trial)
        if found is not None:
            first = view.history[0] if view.history else None
            warnings.append(
                Doubt(
                    "lead",
                    f"the lead rule does not fit the rest of the log "
                    f"({ev.lead_text}); that deduction is set aside",
                    first.seat if first else None,
                    first.tile if first else None,
                    first.line if first else None,
                )
            )
            return trial, found, warnings
    voids = list(ev.voids)
    dropped = []
    while voids:
        gone = voids.pop()
        dropped.append(gone)
        trial = Evidence(ev.groups, voids, ev.played, [Case()])
        found = fits(trial)
        if found is not None:
            for v in dropped:
                warnings.append(
                    Doubt(
                        "void",
                        f"the log contradicts '{v.text(view.names)}': that evidence is set aside",
                        v.seat,
                        None,
                        v.line,
                    )
                )
            return trial, found, warnings
    raise IllegalMoveError(
        "no deal of the tiles fits this log, even with every deduction set "
        "aside: check the hands, draws and plays logged for this round"
    )


def _without_direct_contradictions(ev: Evidence, names: Sequence[str]) -> tuple[list[Void], list[Doubt]]:
    """Voids with each directly contradicted number removed, and a doubt for each removal."""
    voids = [Void(v.seat, v.time, set(v.numbers), v.line, v.verb, v.tiles) for v in ev.voids]
    notes = []
    for s, plays in ev.played.items():
        for tile, time, line in plays:
            numbers = {tile.high, tile.low}
            forbidding = [v for v in voids if v.seat == s and v.time < time and v.forbids(tile)]
            possible = any(
                g.acquired < time and not any(g.acquired <= v.time for v in forbidding) for g in ev.groups[s]
            )
            if possible or not forbidding:
                continue
            for v in forbidding:
                where = f" (line {v.line})" if v.line else ""
                played = f" at line {line}" if line else ""
                if v.tiles is not None:  # a void of tiles (not numbers): only the tile played goes
                    v.tiles = v.tiles - {tile}
                    said, aside = v.text(names), f"that void is set aside for {tile}"
                else:
                    gone = sorted(v.numbers & numbers)
                    v.numbers -= numbers
                    said = f"{names[s]} {v.verb} on {' and '.join(map(str, gone))}{where}"
                    aside = "that void is set aside"
                notes.append(
                    Doubt(
                        "misplay",
                        f"the log contradicts '{said}': {names[s]} played {tile}{played}; {aside}",
                        s,
                        tile,
                        line,
                    )
                )
    return [v for v in voids if (v.numbers if v.tiles is None else v.tiles)], notes

"""Sampled counting, for positions too big to count exactly (double-nine, double-twelve).

The exact count's tables grow with every drawing turn (each is a group of tiles with
its own voids), and a long double-twelve round has too many.  Here a Markov chain
walks the deals the log allows instead: a step swaps two hidden tiles between their
places (a group in someone's hand, or the boneyard) when each may go where the other
was.  The tiles an opponent has played are in the chain too, placed in one of that
player's groups, so each group's voids and size bind exactly as in the exact count,
and in the long run every consistent deal is equally likely, as there.  The chain
runs a fixed number of steps from a fixed seed (the same log, the same answer), and
the error it states comes from batch means.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from domino_advisor.base.budgets import MAX_STEPS
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.evidence import LATER, Case, Evidence, Group
from domino_advisor.games.proof import Known

TARGET = 0.02  # two standard errors of the least certain chance
BATCHES = 25  # batch means for the stated error: this many in the first run
KEEP = 4_000  # deals kept for sampling and the chance of holding a number
SEED = 0


@dataclass
class Estimate:
    """The chain's answer: chances per unseen tile, the error, and deals to sample."""

    probability: dict[Tile, dict[int | None, Fraction]]
    possible: dict[Tile, set[int | None]]  # where each tile may be, known for certain
    error: float  # the largest standard error of a tile-place chance
    rms_error: float  # their root mean square
    steps: int
    deals: list[tuple[int | None, ...]] = field(repr=False)  # each unseen tile's seat, per kept deal
    unreached: int = 0  # places a tile may be in that the chain never reached (it did not mix)
    cut: bool = False  # a time limit the user asked for stopped it before its work was done
    _hands: list[dict[int | None, int]] | None = field(default=None, repr=False)

    def hands(self, unseen: Sequence[Tile]) -> list[dict[int | None, int]]:
        """Per kept deal, the unseen tiles each seat holds (a mask by tile index)."""
        if self._hands is None:
            bits = [1 << t.index for t in unseen]
            self._hands = []
            for deal in self.deals:
                held: dict[int | None, int] = {}
                for bit, seat in zip(bits, deal, strict=True):
                    held[seat] = held.get(seat, 0) | bit
                self._hands.append(held)
        return self._hands


class Chain:
    """The hidden tiles, their possible places under each lead-rule case, and a start."""

    def __init__(self, view: Known, ev: Evidence, unseen: Sequence[Tile], cases: Sequence[Case]):
        self.unseen = list(unseen)
        self.groups: list[Group] = [g for s in view.opponents for g in ev.groups[s]]
        self.boneyard = len(self.groups)
        self.seat_of: list[int | None] = [g.seat for g in self.groups] + [None]
        self.items: list[Tile] = list(unseen)
        played: list[tuple[Tile, int, float]] = [
            (t, s, time) for s in view.opponents for t, time, _ in ev.played.get(s, ())
        ]
        self.items += [t for t, _, _ in played]
        self.capacity = [g.size for g in self.groups]
        self.capacity.append(len(self.items) - sum(self.capacity))
        top = view.rules.top
        voids: dict[int, list[tuple[float, int]]] = {s: [] for s in view.opponents}
        for v in ev.voids:
            voids[v.seat].append((v.time, v.mask(top)))

        def forbid(g: Group, until: float, case: Case) -> int:
            m = case.forbid_dealt if g.dealt else 0
            for when, mask in voids[g.seat]:
                if g.acquired <= when < until:
                    m |= mask
            return m

        self.allowed: list[list[int]] = []  # per case, per item: a bit per place
        for case in cases:
            held = [forbid(g, LATER + 1, case) for g in self.groups]
            masks = []
            for t in self.unseen:
                if case.required and case.required[0] == t:
                    seat = case.required[1]
                    ok = [gi for gi, g in enumerate(self.groups) if g.seat == seat and g.dealt]
                else:
                    ok = [*range(len(self.groups)), self.boneyard]
                masks.append(sum(1 << gi for gi in ok if gi == self.boneyard or not held[gi] >> t.index & 1))
            for t, s, when in played:
                m = 0
                for gi, g in enumerate(self.groups):
                    if g.seat != s or not g.acquired < when:
                        continue
                    if case.required and case.required[0] == t and (case.required[1] != s or not g.dealt):
                        continue
                    if not forbid(g, when, case) >> t.index & 1:
                        m |= 1 << gi
                masks.append(m)
            self.allowed.append(masks)
        # tiles that may go to the same places are interchangeable: their chances are
        # equal, so each is the average over its class (much less noise than one tile's)
        by_places: dict[tuple[int, ...], list[int]] = {}
        for i in range(len(self.unseen)):
            by_places.setdefault(tuple(m[i] for m in self.allowed), []).append(i)
        self.classes = list(by_places.values())
        self.start: list[int] | None = None
        for masks in self.allowed:
            self.start = _place(masks, self.capacity)
            if self.start is not None:
                break

    @property
    def feasible(self) -> bool:
        return self.start is not None

    def can_place(self, item: int, seat: int | None) -> bool:
        """Some consistent deal puts this hidden tile in this seat's hand (or the boneyard)."""
        places = sum(1 << p for p, s in enumerate(self.seat_of) if s == seat)
        for masks in self.allowed:
            trial = list(masks)
            trial[item] &= places
            if trial[item] and _place(trial, self.capacity) is not None:
                return True
        return False

    def possible(self) -> list[set[int | None]]:
        """Each hidden tile's seats (None: the boneyard) in some consistent deal: what
        ``can_place`` says of every tile and seat, from one placement per case.

        A full placement fills every place, so a tile may move to another place exactly
        when a chain of moves from that place leads back to the one it leaves (each
        tile there moving on to a place it may be in)."""
        out: list[set[int | None]] = [set() for _ in self.unseen]
        n_places = len(self.capacity)
        for masks in self.allowed:
            loc = _place(masks, self.capacity)
            if loc is None:
                continue
            step = [0] * n_places  # place -> the places a tile in it may move to
            for i, p in enumerate(loc):
                step[p] |= masks[i]
            reach = [_reach(step, start) for start in range(n_places)]
            for i in range(len(self.unseen)):
                for p in range(n_places):
                    if masks[i] >> p & 1 and reach[p] >> loc[i] & 1:
                        out[i].add(self.seat_of[p])
        return out

    def run(
        self,
        steps: int,
        seed: int = SEED,
        target: float = TARGET,
        most: int = MAX_STEPS,
        seconds: float | None = None,
    ) -> Estimate:
        """``steps`` of the chain, doubled while two standard errors exceed ``target``,
        up to ``most`` steps: work, never the clock, decides when it stops, so the same
        log gives the same chances on any machine under any load.  ``seconds`` is a
        limit only where the user asks for one (the estimate then says it was cut)."""
        started = time.perf_counter()
        late_at = None if seconds is None else started + 2 * seconds
        assert self.start is not None
        rng = random.Random(seed)
        n_items, n_unseen = len(self.items), len(self.unseen)
        loc = list(self.start)
        seat_index = {s: k for k, s in enumerate(dict.fromkeys(self.seat_of))}
        where = [seat_index[s] for s in self.seat_of]  # place -> column of the tallies
        places = list(seat_index)
        held = [i for i in range(n_items) if loc[i] != self.boneyard]
        slot = {i: k for k, i in enumerate(held)}
        n_held = len(held)
        allowed = self.allowed
        single = allowed[0] if len(allowed) == 1 else None
        bad = [[0 if m[i] >> loc[i] & 1 else 1 for i in range(n_items)] for m in allowed]
        violations = [sum(b) for b in bad]
        thin = max(1, n_items // 2)  # steps between kept deals
        burn = thin * (40 + 1)  # whole chunks, about 20 steps per tile
        total = burn + -(-steps // thin) * thin
        batch = max(thin, steps // BATCHES)
        width = len(places)
        tally = [[0] * width for _ in range(n_unseen)]
        since = [burn] * n_unseen
        batches: list[list[list[int]]] = []
        deals: list[tuple[int | None, ...]] = []
        seat_of = self.seat_of
        uniform = rng.random  # int(uniform() * n): a fair pick, far faster than randrange
        step = 0
        cut = False  # stopped by the clock with work still to do
        next_mark = burn + batch
        while True:
            # bookkeeping between chunks of ``thin`` steps, none inside them (the hot loop)
            if step > burn:
                if step >= next_mark:
                    snap = [row[:] for row in tally]
                    for i in range(n_unseen):
                        snap[i][where[loc[i]]] += step - since[i]
                    batches.append(snap)
                    next_mark += batch
                deals.append(tuple(map(seat_of.__getitem__, loc[:n_unseen])))
            if late_at is not None and step - burn >= 20_000 and time.perf_counter() > late_at:
                total = min(total, step)  # out of time: stop here, the error says what it cost
                cut = True
            if step >= total:
                done = total - burn
                late = seconds is not None and time.perf_counter() - started > seconds
                cut = cut or (late and done < most and 2 * self._error(batches, burn) > target)
                if done >= most or late or 2 * self._error(batches, burn) <= target:
                    break
                total += -(-min(done, most - done) // thin) * thin
            if not n_held:
                step = total
                continue
            for _ in range(thin):
                step += 1
                a = held[int(uniform() * n_held)]
                b = int(uniform() * n_items)
                la, lb = loc[a], loc[b]
                if la == lb:
                    continue
                if single is not None:
                    if not (single[a] >> lb & 1 and single[b] >> la & 1):
                        continue
                else:
                    changes = []
                    ok = False
                    for c, m in enumerate(allowed):
                        ba = 0 if m[a] >> lb & 1 else 1
                        bb = 0 if m[b] >> la & 1 else 1
                        v = violations[c] - bad[c][a] - bad[c][b] + ba + bb
                        changes.append((ba, bb, v))
                        ok = ok or v == 0
                    if not ok:
                        continue
                    for c, (ba, bb, v) in enumerate(changes):
                        bad[c][a], bad[c][b], violations[c] = ba, bb, v
                if step > burn and where[la] != where[lb]:
                    if a < n_unseen:
                        tally[a][where[la]] += step - since[a]
                        since[a] = step
                    if b < n_unseen:
                        tally[b][where[lb]] += step - since[b]
                        since[b] = step
                loc[a], loc[b] = lb, la
                if lb == self.boneyard:  # a leaves the hands, b joins them
                    k = slot.pop(a)
                    held[k] = b
                    slot[b] = k
        for i in range(n_unseen):
            tally[i][where[loc[i]]] += total - since[i]
        if len(deals) > KEEP:
            deals = deals[:: -(-len(deals) // KEEP)]
        estimate = self._estimate(tally, batches, total - burn, places, deals)
        estimate.cut = cut
        return estimate

    def _means(self, batches: list[list[list[int]]], burn: int, members: list[int], k: int) -> list[float]:
        """Each batch's own chance for a class in one place, from the running tallies."""
        means: list[float] = []
        prev, lo = 0, 0
        for b in batches:
            hi = sum(b[0])
            now = sum(b[i][k] for i in members)
            if hi > lo:
                means.append((now - prev) / ((hi - lo) * len(members)))
            prev, lo = now, hi
        return means

    def _error(self, batches: list[list[list[int]]], burn: int) -> float:
        """The largest standard error of a class's chance in a place (batch means)."""
        worst = 0.0
        if not batches or not self.classes:
            return worst
        for members in self.classes:
            for k in range(len(batches[0][0])):
                worst = max(worst, _standard_error(self._means(batches, burn, members, k)))
        return worst

    def _estimate(
        self,
        tally: list[list[int]],
        batches: list[list[list[int]]],
        steps: int,
        places: list[int | None],
        deals: list[tuple[int | None, ...]],
    ) -> Estimate:
        probability: dict[Tile, dict[int | None, Fraction]] = {}
        possible: dict[Tile, set[int | None]] = {}
        squares, worst, count, unreached = 0.0, 0.0, 0, 0
        for members in self.classes:
            size = len(members)
            chances = {
                s: Fraction(sum(tally[i][k] for i in members), steps * size) for k, s in enumerate(places)
            }
            seen = {s for s, p in chances.items() if p > 0}
            missed = {s for s in places if s not in seen and self.can_place(members[0], s)}
            unreached += len(missed)
            seen |= missed
            for i in members:
                probability[self.unseen[i]] = chances
                possible[self.unseen[i]] = seen
            for k in range(len(places)):
                se = _standard_error(self._means(batches, 0, members, k))
                squares += se * se * size
                worst = max(worst, se)
                count += size
        rms = math.sqrt(squares / count) if count else 0.0
        return Estimate(probability, possible, worst, rms, steps, deals, unreached)


def _reach(step: list[int], start: int) -> int:
    """The places a chain of moves from ``start`` may reach (``start`` among them), as bits."""
    seen, todo = 1 << start, [start]
    while todo:
        new = step[todo.pop()] & ~seen
        seen |= new
        while new:
            low = new & -new
            todo.append(low.bit_length() - 1)
            new ^= low
    return seen


def _standard_error(means: list[float]) -> float:
    if len(means) < 2:
        return 0.0
    mu = sum(means) / len(means)
    var = sum((x - mu) ** 2 for x in means) / (len(means) - 1)
    return math.sqrt(var / len(means))


def _place(masks: Sequence[int], capacity: Sequence[int]) -> list[int] | None:
    """A place for every hidden tile within every place's room (augmenting paths), or None.

    The places' rooms add up to the number of tiles, so a full placement fills each
    group exactly: a consistent deal to start the chain from.
    """
    n_places = len(capacity)
    options = [[p for p in range(n_places) if m >> p & 1] for m in masks]
    members: list[list[int]] = [[] for _ in capacity]
    loc = [-1] * len(masks)

    def augment(i: int, seen: set[int]) -> bool:
        for p in options[i]:
            if p in seen:
                continue
            seen.add(p)
            if len(members[p]) < capacity[p]:
                members[p].append(i)
                loc[i] = p
                return True
            for j in list(members[p]):
                if augment(j, seen):
                    members[p].remove(j)
                    members[p].append(i)
                    loc[i] = p
                    return True
        return False

    # the most constrained tiles first: fewer detours
    for i in sorted(range(len(masks)), key=lambda i: len(options[i])):
        if not augment(i, set()):
            return None
    return loc

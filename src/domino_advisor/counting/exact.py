"""Exact counting of the worlds consistent with the evidence.

Tiles that may go to the same places are interchangeable, so a dynamic program
over those classes and the places' remaining room counts the consistent worlds
exactly (Python integers), gives every marginal by a forward-backward pass, and
samples worlds without rejection.  Which group a played tile came from is summed
over first, per opponent.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from math import comb, factorial
from typing import TypeVar

from domino_advisor.base.tiles import Tile
from domino_advisor.counting.evidence import LATER, Case, Evidence, Group
from domino_advisor.games.proof import Known

Room = tuple[int, ...]  # how many tiles each slot may still take
Class = tuple[tuple[int, ...], bool, list[Tile]]  # allowed slots, boneyard allowed, the tiles
Split = tuple[int, int, int, tuple[int, ...]]  # packed, how many, in how many ways, per slot
T = TypeVar("T")


@dataclass
class _Slot:
    """A place unseen tiles can be: one seat's hand, or part of it, or the boneyard."""

    seat: int | None  # None: the boneyard
    forbid: int  # tiles this slot cannot hold now
    dealt: bool  # the slot holds (part of) the seat's dealt group


class CountTooBig(Exception):
    """The exact count would outrun its budget of work (the caller samples instead)."""


class Problem:
    """One lead-rule case: counts, marginals and samples over the slots' capacities.

    ``budget`` bounds the work (states times splits, about a microsecond each): past
    it the count stops with ``CountTooBig`` before its tables grow, so memory is bounded too.
    """

    def __init__(self, view: Known, ev: Evidence, case: Case, unseen: list[Tile], budget: int | None = None):
        self.slots: list[_Slot] = []
        init: dict[Room, int] = {(): 1}
        for s in view.opponents:
            dist, slots = _seat_distribution(s, ev, case, view.rules.top)
            self.slots.extend(slots)
            if budget is not None and len(init) * len(dist) > budget:
                raise CountTooBig(len(init) * len(dist))  # too many ways to size the hands
            init = {a + b: w * w2 for a, w in init.items() for b, w2 in dist.items()}
        if not _case_possible(view, ev, case):
            init = {}
        self.init = init
        self._choices: dict[tuple[int, int], tuple[list[tuple[tuple[int, ...], int]], list[int]]] = {}
        classes: dict[tuple[tuple[int, ...], bool], list[Tile]] = defaultdict(list)
        for t in unseen:
            key: tuple[tuple[int, ...], bool]
            if case.required and case.required[0] == t:
                key = (
                    tuple(
                        i
                        for i, sl in enumerate(self.slots)
                        if sl.seat == case.required[1] and sl.dealt and not sl.forbid >> t.index & 1
                    ),
                    False,
                )
            else:
                key = (tuple(i for i, sl in enumerate(self.slots) if not sl.forbid >> t.index & 1), True)
            classes[key].append(t)
        self.classes: list[Class] = [
            (a, by, ts) for (a, by), ts in sorted(classes.items(), key=lambda kv: len(kv[1]))
        ]
        self.unseen_count = len(unseen)
        self.work = 0
        self._run(budget)

    def _run(self, budget: int | None) -> None:
        """Forward counts, then backward counts and expected placements, over packed states.

        A state (each slot's remaining room) is packed into one integer with a guard
        bit per field, so subtracting a split and checking it fits is one operation.
        """
        k = len(self.slots)
        caps = [max((st[i] for st in self.init), default=0) for i in range(k)]
        width = max([*caps, 1]).bit_length() + 1
        self.width = width
        guard = sum(1 << (width * i + width - 1) for i in range(k))
        self.guard = guard
        pack = self.pack
        last = len(self.classes) - 1
        self.splits: list[list[Split] | None] = []
        for i, (allowed, by, tiles) in enumerate(self.classes):
            if i == last:
                self.splits.append(None)  # the last class must fill exactly what is left
                continue
            if budget is not None:  # the splits' number, bounded before they are listed
                bound = 1
                for slot in allowed:
                    bound *= min(len(tiles), caps[slot]) + 1
                if bound > budget:
                    raise CountTooBig(bound)
            raw = _splits(len(tiles), allowed, k, by, caps)
            self.splits.append(
                sorted(((pack(xs), sum(xs), ways, xs) for xs, ways in raw), key=lambda sp: -sp[1])
            )
        remaining = self.unseen_count
        forward = [{pack(st): w for st, w in self.init.items()}]
        sums = {pack(st): sum(st) for st in self.init}
        rest = []  # tiles still to place after each class
        for i, (_allowed, _by, tiles) in enumerate(self.classes):
            remaining -= len(tiles)
            rest.append(remaining)
            nxt: dict[int, int] = {}
            splits = self.splits[i]
            self.work += len(forward[-1]) * (len(splits) if splits else 1)
            if budget is not None and self.work > budget:
                raise CountTooBig(self.work)
            if i == last:
                for state, w in forward[-1].items():
                    if self._fills(state, i):
                        nxt[0] = nxt.get(0, 0) + w * self._last_ways(state, i)
                forward.append(nxt)
                break
            assert splits is not None  # only the last class has none
            forward.append(_advance(forward[-1], splits, sums, remaining, guard))
        self.sums = sums
        self.rest = rest
        back: list[dict[int, int]] = [dict() for _ in forward]
        back[-1] = {0: 1} if 0 in forward[-1] else {}
        self.expect = [[0] * (k + 1) for _ in self.classes]
        for i in range(len(self.classes) - 1, -1, -1):
            c = len(self.classes[i][2])
            nb, bi, ex = back[i + 1], back[i], self.expect[i]
            if i == last:
                for state, fw in forward[i].items():
                    if nb and self._fills(state, i):
                        ways = self._last_ways(state, i)
                        bi[state] = ways
                        room = self._unpack(state)
                        mass = fw * ways
                        for slot, x in enumerate(room):
                            ex[slot] += mass * x
                        ex[k] += mass * (c - sum(room))
                continue
            splits = self.splits[i]
            assert splits is not None  # only the last class has none
            split_mass = [0] * len(splits)
            need_after = rest[i]
            for state, fw in forward[i].items():
                need = sums[state] - need_after
                total = 0
                for j, (xs, sx, ways, _) in enumerate(splits):
                    if sx < need:
                        break
                    new = (state | guard) - xs
                    if new & guard != guard:
                        continue
                    b = nb.get(new ^ guard)
                    if not b:
                        continue
                    contrib = ways * b
                    total += contrib
                    split_mass[j] += fw * contrib
                if total:
                    bi[state] = total
            for (_xs, sx, _ways, tup), mass in zip(splits, split_mass, strict=True):
                if mass:
                    for slot, x in enumerate(tup):
                        if x:
                            ex[slot] += mass * x
                    ex[k] += mass * (c - sx)
        self.back = back
        self.forward = forward
        self.total = sum(w * back[0].get(pack(s), 0) for s, w in self.init.items())

    def count_avoiding(self, seat: int, avoid: int) -> int:
        """The worlds in which ``seat`` holds none of the tiles in the mask ``avoid``.

        Tiles of a class are interchangeable, so given how many of a class go to the
        seat, the chance that none of its avoided tiles are among them is a ratio of
        binomials: the same tables, re-weighted over the classes the event touches.
        """
        mine = {j for j, sl in enumerate(self.slots) if sl.seat == seat}
        touched = [
            i
            for i, (allowed, _by, tiles) in enumerate(self.classes)
            if mine.intersection(allowed) and any(avoid >> t.index & 1 for t in tiles)
        ]
        if not touched or not self.total:
            return self.total
        first, last = touched[0], touched[-1]
        current = self.forward[first]
        for i in range(first, last + 1):
            _allowed, _by, tiles = self.classes[i]
            c = len(tiles)
            m = sum(1 for t in tiles if avoid >> t.index & 1) if i in touched else 0
            splits = self.splits[i]
            if splits is None:  # the last class fills what is left
                nxt: dict[int, int] = {}
                for state, w in current.items():
                    if self._fills(state, i):
                        room = self._unpack(state)
                        held = sum(room[j] for j in mine)
                        ways = self._last_ways(state, i) * comb(c - m, held) // comb(c, held)
                        nxt[0] = nxt.get(0, 0) + w * ways
                current = nxt
                continue
            if m:  # the split's ways with none of the avoided tiles in the seat's hand
                weighted = [
                    (packed, sx, ways * comb(c - m, h) // comb(c, h), tup)
                    for packed, sx, ways, tup in splits
                    if comb(c - m, h := sum(tup[j] for j in mine))
                ]
            else:
                weighted = splits
            # the count's own step: the same splits (fewer), so the same states and sums
            current = _advance(current, weighted, self.sums, self.rest[i], self.guard)
        after = self.back[last + 1] if last + 1 < len(self.back) else {0: 1}
        return sum(w * after.get(state, 0) for state, w in current.items())

    def pack(self, xs: Iterable[int]) -> int:
        """Each slot's count in its own field of one integer."""
        return sum(x << (self.width * i) for i, x in enumerate(xs))

    def _unpack(self, state: int) -> tuple[int, ...]:
        w = self.width
        m = (1 << w) - 1
        return tuple((state >> (w * i)) & m for i in range(len(self.slots)))

    def _fills(self, state: int, i: int) -> bool:
        """The last class fits the room left exactly: only its allowed slots have room."""
        allowed, by, tiles = self.classes[i]
        xs = self._unpack(state)
        if any(x > 0 and slot not in allowed for slot, x in enumerate(xs)):
            return False
        left = len(tiles) - sum(xs)
        return left >= 0 and (by or left == 0)

    def _last_ways(self, state: int, i: int) -> int:
        xs = list(self._unpack(state))
        return _multinomial([*xs, len(self.classes[i][2]) - sum(xs)])

    def _class_splits(self, i: int, state: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
        """(split as a tuple, state after it, ways) for every split of class i that can finish."""
        splits = self.splits[i]
        if splits is None:
            if self._fills(state, i):
                yield self._unpack(state), 0, self._last_ways(state, i)
            return
        guard = self.guard
        for xs, _sx, ways, tup in splits:
            new = (state | guard) - xs
            if new & guard != guard:
                continue
            new ^= guard
            if self.back[i + 1].get(new):
                yield tup, new, ways

    def sample(self, rng: random.Random) -> dict[Tile, int | None]:
        """One world drawn exactly from the posterior: each unseen tile's seat (None: boneyard)."""
        state = self._draw(-1, 0, rng)[1]
        out: dict[Tile, int | None] = {}
        for i, (_allowed, _by, tiles) in enumerate(self.classes):
            xs, state = self._draw(i, state, rng)
            pool = list(tiles)
            rng.shuffle(pool)
            pos = 0
            for slot, x in enumerate(xs):
                for t in pool[pos : pos + x]:
                    out[t] = self.slots[slot].seat
                pos += x
            for t in pool[pos:]:
                out[t] = None
        return out

    def _draw(self, i: int, state: int, rng: random.Random) -> tuple[tuple[int, ...], int]:
        """Class ``i``'s split from ``state`` (i = -1: the hands' sizes), drawn as ``pick``
        draws it: one ``randrange`` over the same weights in the same order, so the same
        worlds.  The weights are the same in every world drawn, so they are summed once
        per state (a thousand worlds drawn for advice walk the same few states)."""
        key = (i, state)
        choices = self._choices.get(key)
        if choices is None:
            options: list[tuple[tuple[int, ...], int, int]]
            if i < 0:
                options = [
                    ((), self.pack(s), w * self.back[0].get(self.pack(s), 0)) for s, w in self.init.items()
                ]
            else:
                options = [
                    (xs, new, ways * self.back[i + 1][new]) for xs, new, ways in self._class_splits(i, state)
                ]
            running = list(accumulate(w for _, _, w in options))
            choices = self._choices[key] = ([(xs, new) for xs, new, _ in options], running)
        splits, running = choices
        return splits[bisect_right(running, rng.randrange(running[-1]))]


def _advance(
    current: dict[int, int], splits: list[Split], sums: dict[int, int], rest: int, guard: int
) -> dict[int, int]:
    """One class's step of the forward count: every split that fits each state's room,
    ways multiplied in; ``sums`` learns each new state's room left.  ``rest``: tiles still
    to place after this class, so a state's split must leave the boneyard no more."""
    nxt: dict[int, int] = {}
    for state, w in current.items():
        need = sums[state] - rest  # the boneyard takes the rest: bound the split
        for packed, sx, ways, _ in splits:
            if sx < need:
                break
            new = (state | guard) - packed
            if new & guard != guard:
                continue
            new ^= guard
            if new in nxt:
                nxt[new] += w * ways
            else:
                nxt[new] = w * ways
                sums[new] = sums[state] - sx
    return nxt


def _case_possible(view: Known, ev: Evidence, case: Case) -> bool:
    """The opening tile was dealt too; the case's double must be unseen, or played or
    shown by the seat that was dealt it."""
    if not view.history:
        return True
    first = view.history[0]
    if first.tile is not None and first.seat != view.me and case.forbid_dealt >> first.tile.index & 1:
        return False
    if not case.required:
        return True
    tile, seat = case.required
    if first.tile == tile:
        return bool(first.seat == seat)
    if tile not in view.table and tile not in view.hand:
        return True
    return any(t == tile for t, _, _ in ev.played.get(seat, ()))


def _seat_distribution(s: int, ev: Evidence, case: Case, top: int) -> tuple[dict[Room, int], list[_Slot]]:
    """Where one opponent's unseen tiles may sit: its slots, and how much room each has.

    The room depends on which group each tile it played came from; that is summed over
    here, and groups that forbid the same tiles are merged (a multinomial factor).
    """
    groups = ev.groups[s]
    voids = [v for v in ev.voids if v.seat == s]
    cache: dict[tuple[frozenset[int], frozenset[Tile] | None], int] = {}

    def forbid(g: Group, until: float) -> int:
        m = case.forbid_dealt if g.dealt else 0
        for v in voids:
            if g.acquired <= v.time < until:
                key = (frozenset(v.numbers), v.tiles)
                if key not in cache:
                    cache[key] = v.mask(top)
                m |= cache[key]
        return m

    held = [forbid(g, LATER + 1) for g in groups]
    dist: dict[Room, int] = {tuple([0] * len(groups)): 1}
    required = case.required
    for tile, time, _line in ev.played[s]:
        if required and required[0] == tile:
            ok = required[1] == s and not forbid(groups[0], time) >> tile.index & 1
            allowed = [0] if ok else []
        else:
            allowed = [
                gi
                for gi, g in enumerate(groups)
                if g.acquired < time and not forbid(g, time) >> tile.index & 1
            ]
        nxt: dict[Room, int] = {}
        for used, w in dist.items():
            for gi in allowed:
                if used[gi] < groups[gi].size:
                    u = list(used)
                    u[gi] += 1
                    key = tuple(u)
                    nxt[key] = nxt.get(key, 0) + w
        dist = nxt
    keep_dealt_apart = bool(required and required[1] == s)
    keys: list[int | tuple[str, int]] = [
        ("dealt", f) if gi == 0 and keep_dealt_apart else f for gi, f in enumerate(held)
    ]
    slot_of: dict[int | tuple[str, int], int] = {}
    slots: list[_Slot] = []
    for gi, merge in enumerate(keys):
        if merge not in slot_of:
            slot_of[merge] = len(slots)
            slots.append(_Slot(s, held[gi], groups[gi].dealt))
        elif groups[gi].dealt:
            slots[slot_of[merge]].dealt = True
    out: dict[Room, int] = {}
    for used, w in dist.items():
        caps = [0] * len(slots)
        parts: dict[int, list[int]] = defaultdict(list)
        for gi, g in enumerate(groups):
            left = g.size - used[gi]
            caps[slot_of[keys[gi]]] += left
            parts[slot_of[keys[gi]]].append(left)
        for sizes in parts.values():
            w *= _multinomial(sizes)
        key = tuple(caps)
        out[key] = out.get(key, 0) + w
    return out, slots


def pick(weighted: Sequence[tuple[T, int]], rng: random.Random) -> T:
    total = sum(w for _, w in weighted)
    r = rng.randrange(total)
    for item, w in weighted:
        if r < w:
            return item
        r -= w
    raise AssertionError("unreachable")


def _multinomial(parts: list[int]) -> int:
    n = factorial(sum(parts))
    for p in parts:
        n //= factorial(p)
    return n


def _splits(
    c: int, allowed: tuple[int, ...], k: int, boneyard: bool, caps: list[int]
) -> list[tuple[Room, int]]:
    """Every way to share ``c`` interchangeable tiles among the allowed slots (and the boneyard)."""
    out: list[tuple[Room, int]] = []

    def rec(i: int, left: int, xs: list[int]) -> None:
        if i == len(allowed):
            if left and not boneyard:
                return
            vec = [0] * k
            for slot, x in zip(allowed, xs, strict=False):
                vec[slot] = x
            out.append((tuple(vec), _multinomial([*xs, left])))
            return
        for x in range(min(left, caps[allowed[i]]) + 1):
            xs.append(x)
            rec(i + 1, left - x, xs)
            xs.pop()

    rec(0, c, [])
    return out

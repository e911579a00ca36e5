"""A compact round for the hot path: tiles as small ints, hands as bitmasks.

The advisor plays thousands of rounds out per decision, so this mirrors ``game`` and
``layout`` without their checks and messages.  It takes its rule decisions from the
same places as the reference: which ends are alike and what they count from
``layout``, points and the result from ``scoring``.  ``tests/test_engine.py`` plays
the two side by side on random games and requires the same legal moves, ends, scores
and results.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING

from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games.line.layout import (
    End,
    alike,
    arms_open_at_once,
    branch_sides,
    end_count,
    held_back,
    side_order,
    table_count,
)
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.scoring import Result, fives_points, score_blocked, score_out, side_of

if TYPE_CHECKING:
    from domino_advisor.games.line.record import Acted
    from domino_advisor.games.line.state import Round

# an end: (side, number, kind) with kind 0 plain, 1 a double crossways, 2 a bare spinner arm
PLAIN, DOUBLE, BARE = 0, 1, 2
LEFT, RIGHT, UP, DOWN = 0, 1, 2, 3


@cache
def tables(top: int) -> tuple[list[int], list[int], list[int], list[int], int]:
    """Per-tile arrays and per-number masks for a set."""
    tiles = full_set(top)
    hi = [t.high for t in tiles]
    lo = [t.low for t in tiles]
    pips = [t.pips for t in tiles]
    number_mask = [sum(1 << t.index for t in tiles if t.bears(n)) for n in range(top + 1)]
    doubles = sum(1 << t.index for t in tiles if t.is_double)
    return hi, lo, pips, number_mask, doubles


KINDS = (PLAIN, DOUBLE, BARE)


@cache
def end_tables(top: int, all_fives: bool) -> tuple[list[list[int]], list[list[list[tuple[int, int, bool]]]]]:
    """``layout``'s decisions for every end there can be, looked up on the hot path:
    counts[kind][number], and alike[kind][number][spinner side] (the key two ends a tile
    fits must share to be one choice)."""
    counts = [[end_count(n, kind == DOUBLE, kind == BARE) for n in range(top + 1)] for kind in KINDS]
    keys = [
        [
            [alike(n, counts[kind][n], spinner_side, all_fives) for spinner_side in (False, True)]
            for n in range(top + 1)
        ]
        for kind in KINDS
    ]
    return counts, keys


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class FastRound:
    __slots__ = (
        "E",
        "T",
        "all_fives",
        "armed",
        "at_once",
        "center",
        "draws",
        "ends",
        "every",
        "fives",
        "goal",
        "hands",
        "held",
        "hold",
        "n",
        "out",
        "over",
        "owner",
        "passes",
        "reached",
        "reserve",
        "rules",
        "shows",
        "sides",
        "spinner",
        "spinning",
        "stock",
        "turn",
        "voids",
    )

    def __init__(
        self, rules: Rules, hands: list[int], stock: list[int], turn: int, goal: list[int] | None = None
    ) -> None:
        self.rules = rules
        self.n = len(hands)
        self.hands = hands
        self.stock = stock
        self.ends: tuple = ()
        self.held: tuple = ()  # ends waiting for the spinner's sides (spinner_opens=fill-first)
        self.spinner = -1
        self.sides = 0  # a bit per side (layout.side_order) still a spinner itself
        self.owner: dict[int, int] = {}  # each such side: its spinner's number
        self.at_once = arms_open_at_once(rules.spinner_opens)
        self.hold = held_back(rules.spinner_opens)
        self.center = -1
        self.armed = False
        self.turn = turn
        self.passes = 0
        self.over = False
        self.out = -1
        self.fives = [0] * self.n
        self.reserve = rules.reserve
        self.draws = rules.draws
        self.all_fives = rules.all_fives
        self.spinning = rules.spinner != "none"
        self.every = rules.spinner == "every-double"
        self.T = tables(rules.top)
        self.E = end_tables(rules.top, self.all_fives)
        # All Fives with a match target: the points in play this round that reach the
        # target, by side; the first side to score them wins the match at once
        self.goal = goal if self.all_fives and rules.target else None
        self.reached = False
        self.voids = [0] * self.n  # numbers each seat is seen to lack: a bit per number
        self.shows = [0] * self.n  # numbers each seat has left showing on an end: its suits

    def clone(self) -> FastRound:
        c = FastRound.__new__(FastRound)
        c.rules, c.n, c.T, c.E = self.rules, self.n, self.T, self.E
        c.hands, c.stock, c.fives = self.hands[:], self.stock[:], self.fives[:]
        c.ends, c.spinner, c.sides, c.center, c.armed = (
            self.ends,
            self.spinner,
            self.sides,
            self.center,
            self.armed,
        )
        c.held, c.at_once, c.hold, c.every = self.held, self.at_once, self.hold, self.every
        c.owner = self.owner.copy()
        c.turn, c.passes, c.over, c.out = self.turn, self.passes, self.over, self.out
        c.reserve, c.draws, c.all_fives, c.spinning = (
            self.reserve,
            self.draws,
            self.all_fives,
            self.spinning,
        )
        c.goal, c.reached = self.goal, self.reached
        c.voids = self.voids[:]
        c.shows = self.shows[:]
        return c

    # -- what can be played ---------------------------------------------------------------
    def end_mask(self) -> int:
        nm = self.T[3]
        m = 0
        for _, num, _ in self.ends:
            m |= nm[num]
        return m

    def playable(self, seat: int) -> int:
        if self.center < 0:
            return self.hands[seat]
        return self.hands[seat] & self.end_mask()

    def drawable(self) -> int:
        return len(self.stock) - self.reserve if self.draws and len(self.stock) > self.reserve else 0

    def moves(self, seat: int) -> list[tuple[int, int]]:
        """(tile, end index) pairs; end -1 opens the round.  Alike ends are offered once."""
        hi, lo = self.T[0], self.T[1]
        if self.center < 0:
            return [(t, -1) for t in bits(self.hands[seat])]
        ends = self.ends
        out = []
        for t in bits(self.hands[seat] & self.end_mask()):
            h, low = hi[t], lo[t]
            fits = [j for j, (_side, num, _kind) in enumerate(ends) if num in (h, low)]
            if len(fits) == 1:  # the common case: one end, nothing to tell apart
                out.append((t, fits[0]))
                continue
            seen = set()
            for j in fits:
                key = self._alike(j)
                if key not in seen:
                    seen.add(key)
                    out.append((t, j))
        return out

    def _alike(self, j: int) -> tuple[int, int, bool]:
        """``layout.alike``'s key for end ``j``, from the table made of it."""
        side, num, kind = self.ends[j]
        return self.E[1][kind][num][bool(self.sides >> side & 1)]

    # -- changing the state ----------------------------------------------------------------
    def play(self, t: int, j: int) -> None:
        seat = self.turn
        hi, lo = self.T[0][t], self.T[1][t]
        double = hi == lo
        if j < 0:
            self.center = t
            self.shows[seat] |= 1 << hi | 1 << lo
            kind = DOUBLE if double else PLAIN
            self.ends = ((LEFT, hi, kind), (RIGHT, lo, kind))
            if self.spinning and double:
                self._spin(hi, 3)
        else:
            side, num, _ = self.ends[j]
            showing = lo if hi == num else hi
            self.shows[seat] |= 1 << showing
            ends = list(self.ends)
            new = (side, showing, DOUBLE if double else PLAIN)
            ends[j] = new
            self.armed = True
            if self.sides >> side & 1:
                self.sides &= ~(1 << side)
                owner = self.owner.pop(side)
                if self.hold:  # layout.held_back: the new end waits for the spinner's other sides
                    del ends[j]
                    self.held += (new,)
                    if not self.sides:
                        ends = sorted(ends + list(self.held))
                        self.held = ()
                elif owner not in self.owner.values():  # its sides are taken: up and down open
                    up, down = _branches(owner, owner == self.spinner)
                    ends.append((up, owner, BARE))
                    ends.append((down, owner, BARE))
                self.ends = tuple(ends)
            elif double and (self.every or (self.spinning and self.spinner < 0)):
                self.ends = tuple(ends)
                self._spin(hi, 1 << side)
            else:
                self.ends = tuple(ends)
        self.hands[seat] &= ~(1 << t)
        self.passes = 0
        if self.all_fives:
            pts = fives_points(self.fives_count())
            if pts:
                team = side_of(seat, self.rules)
                self.fives[team] += pts
                if self.goal is not None and self.fives[team] >= self.goal[team]:
                    self.over, self.out, self.reached = True, seat, True  # the match is won
                    return
        if not self.hands[seat]:
            self.over, self.out = True, seat
        else:
            self.turn = (seat + 1) % self.n

    def _spin(self, number: int, sides: int) -> None:
        """``layout.Layout._spin``: the double showing ``number`` becomes a spinner."""
        first = self.spinner < 0
        if first:
            self.spinner = number
        if not self.at_once:
            self.sides |= sides
            for s in bits(sides):
                self.owner[s] = number
            return
        up, down = _branches(number, first)
        opening = sides == 3  # layout._spin: only an opening spinner's sides go bare
        ends = tuple((s, n, BARE) if opening and sides >> s & 1 else (s, n, k) for s, n, k in self.ends)
        ends += ((up, number, BARE), (down, number, BARE))
        if not self.hold:
            self.ends = ends
            return
        own = sides | 1 << up | 1 << down
        self.ends = tuple(e for e in ends if own >> e[0] & 1)
        self.held += tuple(e for e in ends if not own >> e[0] & 1)
        self.sides |= own
        for s in bits(own):
            self.owner[s] = number

    def fives_count(self) -> int:
        if self.center < 0:
            return 0
        if not self.armed:
            return table_count(self.T[2][self.center], ())
        counts, total = self.E[0], 0  # table_count's sum, of layout.end_count's counts
        for _, num, kind in self.ends + self.held:
            total += counts[kind][num]
        return total

    def showing(self) -> int:
        """The numbers on the open ends, a bit per number."""
        m = 0
        for _, num, _ in self.ends:
            m |= 1 << num
        return m

    def draw(self) -> int:
        t = self.stock.pop(0)
        self.hands[self.turn] |= 1 << t
        # what was drawn may bear any number, but none of those it drew for
        self.voids[self.turn] = self.showing()
        return t

    def pass_(self) -> None:
        self.voids[self.turn] |= self.showing()
        self.passes += 1
        if self.passes >= self.n:
            self.over = True
        else:
            self.turn = (self.turn + 1) % self.n

    def pips(self, seat: int) -> int:
        p = self.T[2]
        return sum(p[t] for t in bits(self.hands[seat]))

    def result(self) -> Result:
        if self.reached:
            return Result("target", self.out)
        pips = [self.pips(s) for s in range(self.n)]
        if self.out >= 0:
            return score_out(self.out, pips, self.rules)
        return score_blocked(pips, self.rules)

    # -- playing out ------------------------------------------------------------------------
    def step(self, choose: Policy, rng: random.Random) -> None:
        """One turn for the seat to move: play, or draw until a tile plays, or pass."""
        seat = self.turn
        while True:
            moves = self.moves(seat)
            if moves:
                t, j = choose(self, moves, rng)
                self.play(t, j)
                return
            if self.drawable():
                self.draw()
                continue
            self.pass_()
            return

    def play_out(self, policies: Sequence[Policy], rng: random.Random) -> Result:
        """Play to the end of the round, each seat by its own policy."""
        while not self.over:
            self.step(policies[self.turn], rng)
        return self.result()


Moves = list[tuple[int, int]]  # what a policy chooses among: (tile, end), the end -1 for an opening
Policy = Callable[[FastRound, Moves, random.Random], tuple[int, int]]  # a move policy: one of the moves


def _fast_end(e: End) -> tuple[int, int, int]:
    return (side_order(e.side), e.number, BARE if e.bare else (DOUBLE if e.double else PLAIN))


def _branches(number: int, first: bool) -> tuple[int, int]:
    """``layout.branch_sides`` as the fast round numbers its ends (``layout.side_order``)."""
    up, down = branch_sides(number, first)
    return side_order(up), side_order(down)


def from_tiles(rules: Rules, hands: list, stock: list[Tile], turn: int) -> FastRound:
    """A fresh fast round from tiles (for tests and simulation)."""
    masks = [sum(1 << t.index for t in h) for h in hands]
    return FastRound(rules, masks, [t.index for t in stock], turn)


def from_round(round_: Round, hands: list[set[Tile]], stock: list[Tile], mover: int) -> FastRound:
    """The fast twin of a reference round, with every hand and the stock order given.
    ``mover`` opens a round still waiting for its first tile: the seat advised, or the
    opener the lead rule names; once the round is under way, the table's turn rules."""
    r = round_
    fr = FastRound(
        r.rules,
        [sum(1 << t.index for t in h) for h in hands],
        [t.index for t in stock],
        r.turn if r.turn is not None else mover,
    )
    lay = r.layout
    if lay.center is not None:
        fr.center = lay.center.index
        fr.armed = any(lay.arms)
        fr.ends = tuple(
            (side_order(e.side), e.number, BARE if e.bare else (DOUBLE if e.double else PLAIN))
            for e in lay.ends
        )
        fr.held = tuple(
            (side_order(e.side), e.number, BARE if e.bare else (DOUBLE if e.double else PLAIN))
            for e in lay.held
        )
        if lay.spinner is not None:
            fr.spinner = lay.spinner.high
            fr.sides = sum(1 << side_order(s) for s in lay.spinner_sides)
            fr.owner = {side_order(s): n for s, n in lay.owners}
    fr.passes = r.passes
    fr.voids = public_voids(r.history, fr.n)
    fr.shows = public_shows(r.history, fr.n)
    fr.over = r.over
    fr.out = r.out if r.out is not None else -1
    for side, pts in r.fives.items():
        fr.fives[side] = pts
    if fr.goal is not None or (r.rules.all_fives and r.rules.target):
        before = r.match.scores()  # this round's fives are in it: take them out
        fr.goal = [r.rules.target - before.get(side, 0) + r.fives.get(side, 0) for side in range(fr.n)]
        fr.reached = r.how == "target"
    return fr


def from_world(round_: Round, seat: int, world: dict[Tile, int | None], rng: random.Random) -> FastRound:
    """A fast round for one sampled world (where each hidden tile is: a seat, or None for
    the boneyard) beside the seat's own hand, the boneyard shuffled."""
    hands = [set(round_.hand_of(seat)) if s == seat else set() for s in range(round_.match.seats)]
    stock = []
    for t, loc in world.items():
        if loc is None:
            stock.append(t)
        else:
            hands[loc].add(t)
    rng.shuffle(stock)
    return from_round(round_, hands, stock, seat)


def public_voids(history: Sequence[Acted], seats: int) -> list[int]:
    """The numbers each seat is seen to lack, as everyone at the table sees it (a bit per
    number): a pass adds the ends it met, and a turn of drawing leaves only the ends it
    drew for, since the tiles drawn may bear any other.  ``Round.voids`` keeps the same
    for hidden hands, with the sources it quotes."""
    voids = [0] * seats
    for a in history:
        ends = 0
        for n in a.ends:
            ends |= 1 << n
        if a.kind == "draw":
            voids[a.seat] = ends
        elif a.kind == "pass":
            voids[a.seat] |= ends
    return voids


def public_shows(history: Sequence[Acted], seats: int) -> list[int]:
    """The numbers each seat has left showing on an end (a bit per number): what a
    player offers is what they hope to follow, so a partner reads it as their suit.
    An opening shows both halves; a tile that met an end shows its other half."""
    shows = [0] * seats
    for a in history:
        if a.kind != "play" or a.tile is None:
            continue
        t = a.tile
        if a.met is None:
            shows[a.seat] |= 1 << t.high | 1 << t.low
        else:
            shows[a.seat] |= 1 << (t.low if a.met == t.high else t.high)
    return shows

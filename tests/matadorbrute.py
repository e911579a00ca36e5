"""Brute-force posterior for Matador, the independent truth for its counting.

Standard library only; it shares no code with the counting (``counting/``), the games'
evidence (``games/proof.py``) or Matador's own modules, and is written from the rule text
alone (docs/matador.md, "What a move proves"):

A world is a fair deal: each hand dealt ``hand`` tiles, the rest the boneyard in a
uniformly random order, every draw taking the next boneyard tile.  My own deal is known,
so a world is fixed by the opponents' dealt hands and, at each opponent's draw, which
tile was drawn; each is equally likely.  The posterior is uniform over the worlds
consistent with the seat's log, and consistent means only:

(a) a tile played is in its player's hand at that moment;
(b) a drawer held, just before the draw, no tile that could be laid on either open end
    then: no tile with a half of ``7 - n`` for an end showing ``n`` from 1 to 6, and no
    matador (6-1, 5-2, 4-3, 0-0); the tile drawn may be one;
(c) a passer held no such tile;
(d) a hand shown at the end is what its player held.

Who opens is the table's to say, so the opening proves nothing; a play proves nothing
about the rest of the hand.

Two enumerators: :func:`posterior`, the checker, walks the moves over every opponents'
deal, branching at each opponent's draw over every tile left, hands reached twice
merged with their counts added; :func:`posterior_naive`, far dumber, takes every deal
and every sequence of the tiles the opponents drew, and replays the log on plain lists.

Tiles are tuples ``(high, low)``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, permutations

Tile = tuple[int, int]
Place = int | None  # a seat, or None: the boneyard
TOP = 6
MATADORS = {(6, 1), (5, 2), (4, 3), (0, 0)}


class Inconsistent(Exception):
    """No world is consistent with the log."""


class TooBig(Exception):
    """More hands to follow than the caller allowed."""


@dataclass(frozen=True)
class Move:
    """A move as the seat saw it: ``tile`` is the tile played, or my own tile drawn (None
    for another's draw and for a pass); ``ends`` the open ends' numbers then."""

    seat: int
    kind: str  # "play" | "draw" | "pass"
    tile: Tile | None
    ends: tuple[int, ...] = ()


@dataclass(frozen=True)
class Position:
    players: int
    hand: int
    me: int
    dealt: tuple[Tile, ...]
    moves: tuple[Move, ...]
    shown: dict[int, tuple[Tile, ...]] = field(default_factory=dict)


@dataclass
class Posterior:
    worlds: int
    unseen: list[Tile]
    where: dict[Tile, dict[Place, Fraction]]
    cannot_hold: dict[int, list[int]]


def all_tiles() -> list[Tile]:
    return [(a, b) for a in range(TOP + 1) for b in range(a + 1)]


def _norm(t: Tile) -> Tile:
    a, b = t
    return (a, b) if a >= b else (b, a)


def lays(t: Tile, ends: tuple[int, ...]) -> bool:
    """Whether ``t`` may be laid on one of ``ends``: the rule text, word for word."""
    if _norm(t) in MATADORS:
        return True
    return any(1 <= n <= 6 and (7 - n) in t for n in ends)


def _unseen(pos: Position) -> list[Tile]:
    mine = set(map(_norm, pos.dealt))
    for m in pos.moves:
        if m.seat == pos.me and m.kind == "draw" and m.tile is not None:
            mine.add(_norm(m.tile))
    played = {_norm(m.tile) for m in pos.moves if m.kind == "play" and m.tile is not None}
    shown = {_norm(t) for ts in pos.shown.values() for t in ts}
    return [t for t in all_tiles() if t not in mine | played | shown]


def _opponents(pos: Position) -> list[int]:
    return [s for s in range(pos.players) if s != pos.me]


def _result(pos: Position, counts: dict[Tile, Counter], held: dict[int, set[Tile]], total: int) -> Posterior:
    if not total:
        raise Inconsistent("no world is consistent with the log")
    unseen = _unseen(pos)
    places: list[Place] = [*_opponents(pos), None]
    where = {t: {p: Fraction(counts[t][p], total) for p in places} for t in unseen}
    lacks = {s: [n for n in range(TOP + 1) if not any(n in t for t in held[s])] for s in _opponents(pos)}
    return Posterior(total, unseen, where, lacks)


# -- the checker ------------------------------------------------------------------------------
def posterior(pos: Position, limit: int | None = None) -> Posterior:
    tiles = all_tiles()
    bit = {t: 1 << i for i, t in enumerate(tiles)}
    everything = (1 << len(tiles)) - 1
    opps = _opponents(pos)
    mine = sum(bit[_norm(t)] for t in pos.dealt)
    table = 0
    free = [t for t in tiles if not bit[t] & mine]
    deals: list[tuple[int, ...]] = [tuple(0 for _ in range(pos.players))]
    for s in opps:
        grown = []
        for d in deals:
            taken = sum(d)
            rest = [t for t in free if not bit[t] & taken]
            for hand in combinations(rest, pos.hand):
                grown.append((*d[:s], sum(bit[t] for t in hand), *d[s + 1 :]))
        deals = grown
        if limit is not None and len(deals) > limit:
            raise TooBig(f"{len(deals)} deals")
    states: Counter[tuple[int, ...]] = Counter(deals)
    for m in pos.moves:
        void = sum(bit[t] for t in tiles if lays(t, m.ends))
        nxt: Counter[tuple[int, ...]] = Counter()
        if m.seat == pos.me:
            b = bit[_norm(m.tile)] if m.tile is not None else 0
            if m.kind == "play":
                mine &= ~b
                table |= b
                nxt = states
            elif m.kind == "draw":
                for st, w in states.items():
                    if not b & sum(st):
                        nxt[st] += w
                mine |= b
            else:
                nxt = states
        else:
            s = m.seat
            if m.kind == "play":
                assert m.tile is not None
                b = bit[_norm(m.tile)]
                for st, w in states.items():
                    if st[s] & b:
                        nxt[(*st[:s], st[s] & ~b, *st[s + 1 :])] += w
                table |= b
            elif m.kind == "draw":
                for st, w in states.items():
                    if st[s] & void:
                        continue  # (b)
                    pool = everything & ~mine & ~table & ~sum(st)
                    while pool:
                        b = pool & -pool
                        pool ^= b
                        nxt[(*st[:s], st[s] | b, *st[s + 1 :])] += w
            else:
                for st, w in states.items():
                    if not st[s] & void:  # (c)
                        nxt[st] += w
        states = nxt
        if limit is not None and len(states) > limit:
            raise TooBig(f"{len(states)} hands")
    for s, shown in pos.shown.items():
        want = sum(bit[_norm(t)] for t in shown)
        states = Counter({st: w for st, w in states.items() if st[s] == want})
    counts: dict[Tile, Counter] = {t: Counter() for t in tiles}
    held: dict[int, set[Tile]] = {s: set() for s in opps}
    for st, w in states.items():
        pool = everything & ~mine & ~table & ~sum(st)
        for t in tiles:
            if pool & bit[t]:
                counts[t][None] += w
            for s in opps:
                if st[s] & bit[t]:
                    counts[t][s] += w
                    held[s].add(t)
    return _result(pos, counts, held, sum(states.values()))


# -- the dumber reference -----------------------------------------------------------------------
def posterior_naive(pos: Position) -> Posterior:
    """Every opponents' deal and every sequence of the tiles the opponents drew, replayed
    on plain lists straight from (a)-(d)."""
    dealt = [_norm(t) for t in pos.dealt]
    opps = _opponents(pos)
    my_draws = [_norm(m.tile) for m in pos.moves if m.seat == pos.me and m.kind == "draw" and m.tile]
    their_draws = sum(1 for m in pos.moves if m.seat != pos.me and m.kind == "draw")
    rest = [t for t in all_tiles() if t not in dealt]
    unseen = _unseen(pos)
    counts: dict[Tile, Counter] = {t: Counter() for t in all_tiles()}
    held: dict[int, set[Tile]] = {s: set() for s in opps}
    total = 0

    def deals(k: int, left: list[Tile]):
        if k == len(opps):
            yield {}
            return
        for hand in combinations(left, pos.hand):
            for more in deals(k + 1, [t for t in left if t not in hand]):
                yield {opps[k]: list(hand), **more}

    for hands in deals(0, rest):
        pool = [t for t in rest if not any(t in h for h in hands.values()) and t not in my_draws]
        for drawn in permutations(pool, their_draws):
            now = {pos.me: list(dealt), **{s: list(h) for s, h in hands.items()}}
            if not _replays(pos, now, list(drawn)):
                continue
            total += 1
            for t in unseen:
                counts[t][next((s for s in opps if t in now[s]), None)] += 1
            for s in opps:
                held[s].update(now[s])
    return _result(pos, counts, held, total)


def _replays(pos: Position, hands: dict[int, list[Tile]], drawn: list[Tile]) -> bool:
    for m in pos.moves:
        hand = hands[m.seat]
        if m.kind == "play":
            if _norm(m.tile) not in hand:
                return False
            hand.remove(_norm(m.tile))
            continue
        if any(lays(t, m.ends) for t in hand):
            return False
        if m.kind == "draw":
            hand.append(_norm(m.tile) if m.seat == pos.me else drawn.pop(0))
    return all(sorted(hands[s]) == sorted(map(_norm, ts)) for s, ts in pos.shown.items())

"""Brute-force posterior for Tiddly-wink, the independent truth for its counting.

Standard library only; it shares no code with the counting (``counting/``), the games'
evidence (``games/proof.py``) or Tiddly-wink's seat view, and is written from the model
alone (docs/tiddly-wink.md, "What a move proves"):

A world is a fair deal: each hand dealt ``hand`` tiles, the rest the boneyard in a
uniformly random order, every draw taking the next boneyard tile.  My own deal is known,
so a world is fixed by the opponents' dealt hands and, at each opponent's draw, which
tile was drawn; each branch is equally likely and the boneyard left over is unordered.
The posterior is uniform over the worlds consistent with the seat's log, and consistent
means only:

(a) the opening obeys ``highest-double-any``: the holder of the highest double dealt
    opens, with any tile of theirs; if nobody was dealt a double, seat 0 opens;
(b) a tile played is in its player's hand at that moment;
(c) a drawer held, just before the draw, no tile bearing a number showing on an open
    end then (the tile drawn may bear one);
(d) a passer held no tile bearing an open end's number;
(e) a hand shown at the end is what its player held.

Nothing is inferred from a player not playing: at a race anyone may be slow.

Two enumerators:

* :func:`posterior`, the checker: walks the moves in order over every opponents' deal,
  branching at each opponent's draw over every tile left in the boneyard, and drops a
  branch at the first move it contradicts.  Branches that reach the same hands are
  merged with their counts added (a pure saving: every branch is still counted).
* :func:`posterior_naive`, far dumber and slower: every permutation of the tiles I was
  not dealt is a deal and a boneyard order, replayed with plain lists.  It exists only to
  check the checker on tiny sets (double-three).

Tiles are tuples ``(high, low)``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, permutations

Tile = tuple[int, int]
Place = int | None  # a seat, or None: the boneyard


class Inconsistent(Exception):
    """No world is consistent with the log."""


class TooBig(Exception):
    """More hands to follow than the caller allowed (the position is not small)."""


@dataclass(frozen=True)
class Move:
    """A move as the seat saw it: ``tile`` is the tile played, or my own tile drawn
    (None for another's draw and for a pass); ``ends`` the open ends' numbers then."""

    seat: int
    kind: str  # "play" | "draw" | "pass"
    tile: Tile | None
    ends: tuple[int, ...] = ()


@dataclass(frozen=True)
class Position:
    top: int
    players: int
    hand: int
    me: int
    dealt: tuple[Tile, ...]
    moves: tuple[Move, ...]
    shown: dict[int, tuple[Tile, ...]] = field(default_factory=dict)


@dataclass
class Posterior:
    """``where[t][place]``: the chance an unseen tile is there now (every opponent and the
    boneyard, zeros included); ``cannot_hold[s]``: the numbers no consistent world puts in
    seat ``s``'s hand now."""

    worlds: int  # consistent branches (each stands for the same number of full orders)
    unseen: list[Tile]
    where: dict[Tile, dict[Place, Fraction]]
    cannot_hold: dict[int, list[int]]
    peak: int = 0  # the most distinct hands followed at once (the work)


def all_tiles(top: int) -> list[Tile]:
    return [(a, b) for a in range(top + 1) for b in range(a + 1)]


def _norm(t: Tile) -> Tile:
    a, b = t
    return (a, b) if a >= b else (b, a)


def _unseen(pos: Position) -> list[Tile]:
    """Not in my hand now, not played, not shown."""
    mine = set(map(_norm, pos.dealt))
    for m in pos.moves:
        if m.seat == pos.me and m.kind == "draw" and m.tile is not None:
            mine.add(_norm(m.tile))
    played = {_norm(m.tile) for m in pos.moves if m.kind == "play" and m.tile is not None}
    shown = {_norm(t) for ts in pos.shown.values() for t in ts}
    return [t for t in all_tiles(pos.top) if t not in mine | played | shown]


def _opponents(pos: Position) -> list[int]:
    return [s for s in range(pos.players) if s != pos.me]


def _result(
    pos: Position, counts: dict[Tile, Counter], held: dict[int, set[Tile]], total: int, peak: int = 0
) -> Posterior:
    if not total:
        raise Inconsistent("no world is consistent with the log")
    unseen = _unseen(pos)
    places: list[Place] = [*_opponents(pos), None]
    where = {t: {p: Fraction(counts[t][p], total) for p in places} for t in unseen}
    lacks = {s: [n for n in range(pos.top + 1) if not any(n in t for t in held[s])] for s in _opponents(pos)}
    return Posterior(total, unseen, where, lacks, peak)


# -- the checker ------------------------------------------------------------------------------
def posterior(pos: Position, limit: int | None = None) -> Posterior:
    """The posterior by walking the moves over every branch (hands merged where equal).
    ``limit``: the most distinct hands allowed at any moment, else TooBig."""
    tiles = all_tiles(pos.top)
    bit = {t: 1 << i for i, t in enumerate(tiles)}
    everything = (1 << len(tiles)) - 1
    bearing = [sum(bit[t] for t in tiles if n in t) for n in range(pos.top + 1)]
    opps = _opponents(pos)
    mine = sum(bit[_norm(t)] for t in pos.dealt)
    table = 0

    peak = 0

    def too_big(n: int) -> None:
        nonlocal peak
        peak = max(peak, n)
        if limit is not None and n > limit:
            raise TooBig(f"{n} hands")

    # every opponents' deal; a state is every seat's hand as a mask (mine kept as 0).  A tile
    # an opponent plays before their first draw can only have been dealt to them, so deals
    # without it are not built (the play's own check, (b), would drop them anyway).
    free = [t for t in tiles if not bit[t] & mine]
    must = {s: _before_first_draw(pos, s) for s in opps}
    deals: list[tuple[int, ...]] = [tuple(0 for _ in range(pos.players))]
    for s in opps:
        grown = []
        need = sum(bit[t] for t in must[s])
        for d in deals:
            taken = sum(d)
            if need & taken or len(must[s]) > pos.hand:
                continue
            rest = [t for t in free if not bit[t] & (taken | need)]
            for hand in combinations(rest, pos.hand - len(must[s])):
                grown.append((*d[:s], need | sum(bit[t] for t in hand), *d[s + 1 :]))
        deals = grown
        too_big(len(deals))
    highest = _highest_double(pos.top, bit)
    states: Counter[tuple[int, ...]] = Counter()
    for d in deals:
        if not pos.moves or _opener(pos, d, mine, highest) == pos.moves[0].seat:
            states[d] += 1

    for m in pos.moves:
        void = 0
        for n in m.ends:
            void |= bearing[n]
        nxt: Counter[tuple[int, ...]] = Counter()
        if m.seat == pos.me:
            b = bit[_norm(m.tile)] if m.tile is not None else 0
            if m.kind == "play":
                assert b & mine, "my log plays a tile I do not hold"
                mine &= ~b
                table |= b
                nxt = states
            elif m.kind == "draw":
                assert b, "my own draw names its tile"
                # the next boneyard tile is mine: no opponent may hold it
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
                        continue  # (c): held a tile bearing an open end's number
                    pool = everything & ~mine & ~table & ~sum(st)
                    while pool:
                        b = pool & -pool
                        pool ^= b
                        nxt[(*st[:s], st[s] | b, *st[s + 1 :])] += w
            else:
                for st, w in states.items():
                    if not st[s] & void:
                        nxt[st] += w
        states = nxt
        too_big(len(states))

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
            for t in tiles:
                if st[s] & bit[t]:
                    counts[t][s] += w
                    held[s].add(t)
    return _result(pos, counts, held, sum(states.values()), peak)


def _before_first_draw(pos: Position, seat: int) -> set[Tile]:
    """The tiles ``seat`` plays before it first draws."""
    out = set()
    for m in pos.moves:
        if m.seat == seat and m.kind == "draw":
            break
        if m.seat == seat and m.kind == "play" and m.tile is not None:
            out.add(_norm(m.tile))
    return out


def _highest_double(top: int, bit: dict[Tile, int]):
    """A hand's highest double's number, or -1 (remembered per hand: hands recur)."""
    seen: dict[int, int] = {}

    def highest(hand: int) -> int:
        if hand not in seen:
            seen[hand] = max((d for d in range(top + 1) if hand & bit[(d, d)]), default=-1)
        return seen[hand]

    return highest


def _opener(pos: Position, deal: tuple[int, ...], mine: int, highest) -> int:
    """(a): the holder of the highest double dealt, or seat 0 if none was."""
    hands = [mine if s == pos.me else deal[s] for s in range(pos.players)]
    best = max(range(pos.players), key=lambda s: highest(hands[s]))
    return best if highest(hands[best]) >= 0 else 0


# -- the dumber reference ---------------------------------------------------------------------
def posterior_naive(pos: Position) -> Posterior:
    """Every permutation of the tiles I was not dealt: the opponents' hands in seat order,
    then the boneyard's order; each replayed with plain lists, straight from (a)-(e)."""
    dealt = [_norm(t) for t in pos.dealt]
    rest = [t for t in all_tiles(pos.top) if t not in dealt]
    opps = _opponents(pos)
    unseen = _unseen(pos)
    counts: dict[Tile, Counter] = {t: Counter() for t in all_tiles(pos.top)}
    held: dict[int, set[Tile]] = {s: set() for s in opps}
    total = 0
    for perm in permutations(rest):
        hands: dict[int, list[Tile]] = {pos.me: list(dealt)}
        k = 0
        for s in opps:
            hands[s] = list(perm[k : k + pos.hand])
            k += pos.hand
        boneyard = list(perm[k:])
        if not _replays(pos, hands, boneyard):
            continue
        total += 1
        for t in unseen:
            place = next((s for s in opps if t in hands[s]), None)
            counts[t][place] += 1
        for s in opps:
            held[s].update(hands[s])
    return _result(pos, counts, held, total)


def _replays(pos: Position, hands: dict[int, list[Tile]], boneyard: list[Tile]) -> bool:
    doubles = [(t[0], s) for s in range(pos.players) for t in hands[s] if t[0] == t[1]]
    opener = max(doubles)[1] if doubles else 0
    if pos.moves and pos.moves[0].seat != opener:
        return False
    for m in pos.moves:
        hand = hands[m.seat]
        if m.kind == "play":
            if _norm(m.tile) not in hand:
                return False
            hand.remove(_norm(m.tile))
        else:
            if any(t[0] in m.ends or t[1] in m.ends for t in hand):
                return False
            if m.kind == "draw":
                if not boneyard:
                    return False
                tile = boneyard.pop(0)
                if m.tile is not None and _norm(m.tile) != tile:
                    return False
                hand.append(tile)
    return all(sorted(hands[s]) == sorted(map(_norm, ts)) for s, ts in pos.shown.items())


# -- tiny rounds for checking the checker -----------------------------------------------------
def tiny_round(seed: int, top: int, players: int, hand: int, moves: int) -> Position:
    """A Tiddly-wink round on a small set played at random by the rules (ideal table:
    nobody draws while anyone can play), cut after ``moves`` moves, seen from a random seat.
    Its own small rules engine, for the self-check only."""
    rng = random.Random(seed)
    deck = all_tiles(top)
    rng.shuffle(deck)
    hands = [deck[i * hand : (i + 1) * hand] for i in range(players)]
    boneyard = deck[players * hand :]
    doubles = [(t[0], s) for s in range(players) for t in hands[s] if t[0] == t[1]]
    opener = max(doubles)[1] if doubles else 0
    me = rng.randrange(players)
    dealt = tuple(hands[me])
    log: list[Move] = []
    first = rng.choice(hands[opener])
    hands[opener].remove(first)
    log.append(Move(opener, "play", first, ()))
    ends = [first[0], first[1]]
    last, passed = opener, set()
    while len(log) < moves and all(hands) and len(passed) < players:
        can = [s for s in range(players) if any(ends[0] in t or ends[1] in t for t in hands[s])]
        if can:
            s = rng.choice(can)
            t = rng.choice([t for t in hands[s] if ends[0] in t or ends[1] in t])
            side = rng.choice([i for i in (0, 1) if ends[i] in t])
            log.append(Move(s, "play", t, tuple(ends)))
            hands[s].remove(t)
            ends[side] = t[1] if t[0] == ends[side] else t[0]
            last, passed = s, set()
        elif boneyard:
            s = (last + 1) % players
            t = boneyard.pop(0)
            log.append(Move(s, "draw", t if s == me else None, tuple(ends)))
            hands[s].append(t)
            last = s
        else:
            s = next(s for s in range(players) if s not in passed)
            log.append(Move(s, "pass", None, tuple(ends)))
            passed.add(s)
    over = not all(hands) or len(passed) == players
    shown = {s: tuple(hands[s]) for s in range(players) if over and s != me and hands[s]}
    return Position(top, players, hand, me, dealt, tuple(log), shown)

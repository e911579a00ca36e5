"""Brute-force posterior over hidden dominoes -- the independent truth.

This module is deliberately self-contained (standard library only) and shares
no code with the real inference engine, so that the two can be tested against
each other.

Model
-----
A world is a fair shuffle: each seat is dealt ``hand_size`` tiles and the rest
form the boneyard in a uniformly random order; every draw takes the next
boneyard tile.  My own dealt hand is known, so a world is fixed by the
opponents' dealt hands plus the boneyard order.  Every world is equally likely
a priori; the posterior is uniform over the worlds in which replaying the
public event log is legal.  Nothing is assumed about how opponents choose
among legal moves.

Two enumerators are provided:

* :func:`posterior` -- the checker proper.  Enumerates opponents' deals, then
  branches over the tile taken at each opponent draw (my draws are forced),
  abandoning a branch at the first illegal event.  Whatever is left in the
  boneyard at the end is unordered and is counted as ``len(pool)!`` worlds.
* :func:`posterior_naive` -- a far slower, far dumber reference that walks
  every permutation of the unknown tiles and replays the log with plain
  lists, written directly from the rule text.  It exists only so that the
  checker itself can be checked on tiny positions.

Tiles are tuples ``(high, low)`` everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations
from math import factorial

Tile = tuple[int, int]
Location = int | str

BONEYARD = "boneyard"
DRAW_RULES = ("until-playable", "none")
LEAD_RULES = ("highest-double", "highest-double-any", "free")

__all__ = [
    "BONEYARD",
    "Inconsistent",
    "Posterior",
    "all_tiles",
    "posterior",
    "posterior_naive",
    "tile_str",
]


class Inconsistent(Exception):
    """Raised when no world is consistent with the position."""


@dataclass
class Posterior:
    """What can be known about the hidden tiles after the last event.

    worlds        -- number of consistent worlds (deal + full boneyard order).
    unseen        -- sorted tiles I have not seen (not mine now, not played,
                     not drawn by me).
    where         -- where[tile][seat or "boneyard"] = P(tile is there now),
                     for every unseen tile and every opponent seat, zeros
                     included.
    cannot_hold   -- per opponent: numbers n such that in every consistent
                     world the seat now holds no tile bearing n.
    expected_pips -- per opponent: expected pip total of the current hand.
    """

    worlds: int
    unseen: list[Tile]
    where: dict[Tile, dict[Location, Fraction]]
    cannot_hold: dict[int, list[int]]
    expected_pips: dict[int, Fraction]


def tile_str(t: Iterable[int]) -> str:
    """Render a tile as "high-low", e.g. (3, 1) -> "3-1"."""
    a, b = _norm_tile(t)
    return f"{a}-{b}"


def all_tiles(top: int) -> list[Tile]:
    """Every tile of the double-``top`` set, as sorted (high, low) tuples."""
    return [(a, b) for a in range(top + 1) for b in range(a + 1)]


# ---------------------------------------------------------------------------
# Input parsing / validation (shared by both enumerators: it only normalises
# the data, it encodes no game rule).
# ---------------------------------------------------------------------------


def _norm_tile(t: Iterable[int]) -> Tile:
    """Accept [3,1], (1,3), ... and return (high, low)."""
    a, b = t
    return (a, b) if a >= b else (b, a)


@dataclass
class _Event:
    seat: int
    kind: str  # "play" | "draw" | "pass"
    ends: frozenset[int]
    tile: Tile | None = None  # play
    count: int = 0  # draw
    tiles: list[Tile] | None = None  # draw, only when the drawer is me


@dataclass
class _Pos:
    top: int
    players: int
    me: int
    hand_size: int
    draw: str
    lead: str
    first_seat: int
    my_hand: list[Tile]
    events: list[_Event]

    @property
    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if s != self.me]


def _parse(position: dict) -> _Pos:
    """Normalise the position dict and reject malformed input (ValueError).

    Malformed input is a bug in the caller, not an inconsistent world, so it
    raises ValueError rather than Inconsistent.
    """
    top = int(position["top"])
    players = int(position["players"])
    me = int(position["me"])
    hand_size = int(position["hand_size"])
    draw = position.get("draw", "until-playable")
    lead = position.get("lead", "free")
    first_seat = int(position.get("first_seat", 0))
    tiles = set(all_tiles(top))

    if draw not in DRAW_RULES:
        raise ValueError(f"unknown draw rule {draw!r}")
    if lead not in LEAD_RULES:
        raise ValueError(f"unknown lead rule {lead!r}")
    if players < 2 or not 0 <= me < players or not 0 <= first_seat < players:
        raise ValueError("bad seats")
    if hand_size < 0 or players * hand_size > len(tiles):
        raise ValueError("not enough tiles to deal")

    def tile(t) -> Tile:
        nt = _norm_tile(t)
        if nt not in tiles:
            raise ValueError(f"{t!r} is not a tile of the double-{top} set")
        return nt

    my_hand = [tile(t) for t in position["my_hand"]]
    if len(my_hand) != hand_size or len(set(my_hand)) != hand_size:
        raise ValueError("my_hand must be hand_size distinct tiles")

    events: list[_Event] = []
    for raw in position.get("events", []):
        seat = int(raw["seat"])
        kind = raw["kind"]
        if not 0 <= seat < players:
            raise ValueError(f"bad seat in {raw!r}")
        ends = frozenset(int(n) for n in raw.get("ends", []) or [])
        if any(not 0 <= n <= top for n in ends):
            raise ValueError(f"bad ends in {raw!r}")
        if kind == "play":
            events.append(_Event(seat, kind, ends, tile=tile(raw["tile"])))
        elif kind == "pass":
            events.append(_Event(seat, kind, ends))
        elif kind == "draw":
            if draw == "none":
                raise ValueError("draw event in a block game")
            count = int(raw["count"])
            if count < 1:
                raise ValueError(f"draw count must be >= 1 in {raw!r}")
            drawn = None
            if seat == me:
                if raw.get("tiles") is None or len(raw["tiles"]) != count:
                    raise ValueError(f"my draw must list {count} tiles: {raw!r}")
                drawn = [tile(t) for t in raw["tiles"]]
            events.append(_Event(seat, kind, ends, count=count, tiles=drawn))
        else:
            raise ValueError(f"unknown event kind {kind!r}")
    if events and events[0].kind != "play":
        raise ValueError("the log must start with the opening play")
    return _Pos(top, players, me, hand_size, draw, lead, first_seat, my_hand, events)


def _unseen(pos: _Pos) -> list[Tile]:
    """Tiles I have not seen: not dealt to me, not played, not drawn by me."""
    seen = set(pos.my_hand)
    for e in pos.events:
        if e.kind == "play":
            seen.add(e.tile)
        elif e.kind == "draw" and e.seat == pos.me:
            seen.update(e.tiles)
    return sorted(t for t in all_tiles(pos.top) if t not in seen)


def _lead_ok(pos: _Pos, dealt: dict[int, set[Tile]]) -> bool:
    """The lead rule, judged on the dealt hands (boneyard tiles don't count)."""
    if not pos.events or pos.lead == "free":
        return True
    opener, opening = pos.events[0].seat, pos.events[0].tile
    dealt_all = set().union(*dealt.values())
    doubles = [t for t in dealt_all if t[0] == t[1]]
    if pos.lead == "highest-double":
        if doubles:
            best = max(doubles)
        else:
            best = max(dealt_all, key=lambda t: (t[0] + t[1], t[0]))
        return opening == best and best in dealt[opener]
    # highest-double-any
    if doubles:
        return max(doubles) in dealt[opener]
    return opener == pos.first_seat


def _summarise(
    pos: _Pos,
    unseen: list[Tile],
    states: dict[tuple, int],
) -> Posterior:
    """Turn {(opponent hands..., boneyard): weight} into a Posterior.

    Each state key is (tuple of frozensets, one per opponent in seat order,
    frozenset of boneyard tiles).
    """
    opps = pos.opponents
    total = sum(states.values())
    if total == 0:
        raise Inconsistent("no world is consistent with the position")
    unseen_set = set(unseen)
    count: dict[Tile, dict[Location, int]] = {t: {**{s: 0 for s in opps}, BONEYARD: 0} for t in unseen}
    pips = {s: 0 for s in opps}
    held_numbers: dict[int, set[int]] = {s: set() for s in opps}
    for (hands, pool), w in states.items():
        # Sanity: every unseen tile is in exactly one hidden place.
        assert set().union(pool, *hands) == unseen_set
        for s, hand in zip(opps, hands, strict=False):
            for t in hand:
                count[t][s] += w
                pips[s] += w * (t[0] + t[1])
                held_numbers[s].update(t)
        for t in pool:
            count[t][BONEYARD] += w
    return _posterior(pos, unseen, total, count, pips, held_numbers)


# ---------------------------------------------------------------------------
# The checker: deal enumeration + branching draws, with bitmasks for speed.
# ---------------------------------------------------------------------------


def posterior(position: dict) -> Posterior:
    """Exact posterior over the hidden tiles; raises Inconsistent if none.

    Enumerates the opponents' dealt hands (pruned by necessary conditions
    that need no draw), checks the lead rule, then replays the log,
    branching over the tile taken at each opponent draw.  The undrawn rest
    of the boneyard is counted as ``len(rest)!`` orders.
    """
    pos = _parse(position)
    tiles = all_tiles(pos.top)
    bit = {t: 1 << i for i, t in enumerate(tiles)}
    # bears[n]: mask of tiles bearing number n.
    bears = [sum(bit[t] for t in tiles if n in t) for n in range(pos.top + 1)]

    def ends_mask(ends: frozenset[int]) -> int:
        """Mask of tiles that would be playable on these ends."""
        m = 0
        for n in ends:
            m |= bears[n]
        return m

    tiles_cache: dict[int, frozenset[Tile]] = {}

    def tiles_of(mask: int) -> frozenset[Tile]:
        if mask not in tiles_cache:
            tiles_cache[mask] = frozenset(t for t in tiles if mask & bit[t])
        return tiles_cache[mask]

    until_playable = pos.draw == "until-playable"
    opps = pos.opponents
    me = pos.me
    my_mask = sum(bit[t] for t in pos.my_hand)
    unknown = [bit[t] for t in tiles if not my_mask & bit[t]]

    # Compile the log into single steps.  A draw of k becomes k single
    # draws; a play straight after a draw by the same seat must be the last
    # tile drawn (you play the tile that made you stop drawing).
    # ("play", seat, bit, must_be_last) / ("draw1", seat, playable_mask,
    # forced_bit_or_0) / ("pass", seat, playable_mask)
    steps: list[tuple] = []
    prev: _Event | None = None
    for e in pos.events:
        if e.kind == "play":
            after_draw = prev is not None and prev.kind == "draw" and prev.seat == e.seat
            steps.append(("play", e.seat, bit[e.tile], after_draw))
        elif e.kind == "pass":
            steps.append(("pass", e.seat, ends_mask(e.ends)))
        else:
            em = ends_mask(e.ends) if until_playable else 0
            for j in range(e.count):
                forced = bit[e.tiles[j]] if e.seat == me else 0
                steps.append(("draw1", e.seat, em, forced))
        prev = e

    # Necessary conditions on a dealt hand, from events before the seat's
    # first draw (its hand is then "dealt minus what it has played"):
    # it must hold every tile it plays, and hold no playable tile at a pass
    # or at the start of a draw.  Replay re-checks everything; this only
    # trims deals that replay would reject anyway.
    need = {s: 0 for s in opps}
    avoid = {s: 0 for s in opps}
    drew = set()
    for st in steps:
        s = st[1]
        if s not in need or s in drew:
            continue
        if st[0] == "play":
            need[s] |= st[2]
        else:
            avoid[s] |= st[2] & ~need[s]
            if st[0] == "draw1":
                drew.add(s)

    # Lead rule on masks.  Doubles from highest down; all tiles heaviest
    # first (pips, then high half).
    doubles_desc = [bit[(n, n)] for n in range(pos.top, -1, -1)]
    heavy_desc = [bit[t] for t in sorted(tiles, key=lambda t: (t[0] + t[1], t[0]), reverse=True)]
    opener = pos.events[0].seat if pos.events else None
    opening = bit[pos.events[0].tile] if pos.events else 0

    def lead_ok(dealt: list[int]) -> bool:
        if opener is None or pos.lead == "free":
            return True
        dealt_all = 0
        for m in dealt:
            dealt_all |= m
        best_double = next((d for d in doubles_desc if dealt_all & d), 0)
        if pos.lead == "highest-double":
            best = best_double or next(t for t in heavy_desc if dealt_all & t)
            return opening == best and bool(dealt[opener] & best)
        if best_double:
            return bool(dealt[opener] & best_double)
        return opener == pos.first_seat

    states: dict[tuple, int] = {}
    n_steps = len(steps)

    def record(hands: list[int], pool: int) -> None:
        key = (tuple(hands[s] for s in opps), pool)
        states[key] = states.get(key, 0) + factorial(pool.bit_count())

    def replay(i: int, hands: list[int], pool: int, last: int) -> None:
        """Replay steps[i:]; ``last`` is the most recently drawn tile."""
        while i < n_steps:
            st = steps[i]
            kind, s = st[0], st[1]
            if kind == "play":
                b = st[2]
                if not hands[s] & b or (st[3] and last != b):
                    return
                hands = hands.copy()
                hands[s] ^= b
            elif kind == "pass":
                if hands[s] & st[2]:
                    return
            else:  # single draw
                if hands[s] & st[2]:
                    return  # could have played instead of drawing
                forced = st[3]
                if forced:
                    if not pool & forced:
                        return
                    hands = hands.copy()
                    hands[s] |= forced
                    pool ^= forced
                    last = forced
                else:
                    rest = pool
                    while rest:
                        b = rest & -rest
                        rest ^= b
                        branch = hands.copy()
                        branch[s] |= b
                        replay(i + 1, branch, pool ^ b, b)
                    return
            i += 1
        record(hands, pool)

    def deal(k: int, remaining: list[int], dealt: list[int]) -> None:
        """Deal opponent opps[k] (and the following ones) from ``remaining``."""
        if k == len(opps):
            if lead_ok(dealt):
                pool = 0
                for b in remaining:
                    pool |= b
                replay(0, dealt, pool, 0)
            return
        s = opps[k]
        for combo in combinations(remaining, pos.hand_size):
            m = 0
            for b in combo:
                m |= b
            if m & need[s] != need[s] or m & avoid[s]:
                continue
            dealt[s] = m
            deal(k + 1, [b for b in remaining if not m & b], dealt)
        dealt[s] = 0

    dealt0 = [0] * pos.players
    dealt0[me] = my_mask
    deal(0, unknown, dealt0)

    return _summarise_masks(pos, _unseen(pos), states, tiles_of, bit)


def _posterior(pos: _Pos, unseen: list[Tile], total: int, count, pips, held_numbers) -> Posterior:
    opps = pos.opponents
    return Posterior(
        worlds=total,
        unseen=list(unseen),
        where={t: {loc: Fraction(c, total) for loc, c in locs.items()} for t, locs in count.items()},
        cannot_hold={s: [n for n in range(pos.top + 1) if n not in held_numbers[s]] for s in opps},
        expected_pips={s: Fraction(pips[s], total) for s in opps},
    )


def _summarise_masks(pos: _Pos, unseen: list[Tile], states: dict[tuple, int], tiles_of, bit) -> Posterior:
    """``_summarise`` for states kept as bitmasks: the weights are added up per hand (a
    seat holds few distinct hands across many worlds) before any tile is looked at."""
    opps = pos.opponents
    unseen_mask = sum(bit[t] for t in unseen)
    per_seat: list[dict[int, int]] = [{} for _ in opps]
    in_pool: dict[int, int] = {}
    total = 0
    for (hands, pool), w in states.items():
        union, placed = pool, pool.bit_count()
        for k, h in enumerate(hands):
            union |= h
            placed += h.bit_count()
            per_seat[k][h] = per_seat[k].get(h, 0) + w
        # Sanity: every unseen tile is in exactly one hidden place.
        assert union == unseen_mask and placed == union.bit_count()
        in_pool[pool] = in_pool.get(pool, 0) + w
        total += w
    if total == 0:
        raise Inconsistent("no world is consistent with the position")
    count: dict[Tile, dict[Location, int]] = {t: {**{s: 0 for s in opps}, BONEYARD: 0} for t in unseen}
    pips = {s: 0 for s in opps}
    held_numbers: dict[int, set[int]] = {s: set() for s in opps}
    for k, s in enumerate(opps):
        for h, w in per_seat[k].items():
            for t in tiles_of(h):
                count[t][s] += w
                pips[s] += w * (t[0] + t[1])
                held_numbers[s].update(t)
    for pool, w in in_pool.items():
        for t in tiles_of(pool):
            count[t][BONEYARD] += w
    return _posterior(pos, unseen, total, count, pips, held_numbers)


# ---------------------------------------------------------------------------
# The reference for the checker: every permutation, plain lists, rules read
# straight off the spec.  Exponential; only for tiny positions in tests.
# ---------------------------------------------------------------------------


def posterior_naive(position: dict) -> Posterior:
    """Same answer as :func:`posterior`, by walking every shuffle.

    A permutation of the unknown tiles deals consecutive chunks to the
    opponents in seat order and leaves the rest as the boneyard, top first.
    Each world then appears hand_size! times per opponent (hand order does
    not matter), which is divided out of ``worlds``.
    """
    pos = _parse(position)
    opps = pos.opponents
    unknown = [t for t in all_tiles(pos.top) if t not in pos.my_hand]
    events = pos.events
    states: dict[tuple, int] = {}

    def playable(hand: list[Tile], ends: frozenset[int]) -> bool:
        return any(t[0] in ends or t[1] in ends for t in hand)

    def replay(dealt: dict[int, list[Tile]], boneyard: list[Tile]):
        """Return (hands, undrawn boneyard) or None if the log is illegal."""
        hands = {s: list(h) for s, h in dealt.items()}
        top = 0  # index of the next boneyard tile
        for i, e in enumerate(events):
            hand = hands[e.seat]
            if e.kind == "play":
                if e.tile not in hand:
                    return None
                hand.remove(e.tile)
            elif e.kind == "pass":
                if playable(hand, e.ends):
                    return None
            else:
                for j in range(e.count):
                    if pos.draw == "until-playable" and playable(hand, e.ends):
                        return None
                    if top >= len(boneyard):
                        return None
                    t = boneyard[top]
                    top += 1
                    if e.seat == pos.me and t != e.tiles[j]:
                        return None
                    hand.append(t)
                # If the seat's drawing ends here (the next event is not
                # another draw by it) and it then plays, the play must be
                # the tile that stopped the drawing: the last one drawn.
                nxt = events[i + 1] if i + 1 < len(events) else None
                if nxt is not None and nxt.seat == e.seat and nxt.kind == "play" and nxt.tile != t:
                    return None
        return hands, boneyard[top:]

    n = pos.hand_size
    for perm in permutations(unknown):
        dealt = {pos.me: list(pos.my_hand)}
        for k, s in enumerate(opps):
            dealt[s] = list(perm[k * n : (k + 1) * n])
        if not _lead_ok(pos, {s: set(h) for s, h in dealt.items()}):
            continue
        result = replay(dealt, list(perm[len(opps) * n :]))
        if result is None:
            continue
        hands, rest = result
        key = (tuple(frozenset(hands[s]) for s in opps), frozenset(rest))
        states[key] = states.get(key, 0) + 1

    post = _summarise(pos, _unseen(pos), states)
    per_world = factorial(n) ** len(opps)
    assert post.worlds % per_world == 0
    post.worlds //= per_world
    return post

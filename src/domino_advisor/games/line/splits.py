"""Which of a player's tiles were dealt and which drawn, as a finished round of the line
games allows (hindsight rebuilds the deal from them: ``learning.hindsight``).

Once every hand is shown, the deal is known but for one thing: which tiles a player who
drew was dealt, and which drawn.  The play narrows it (what was played before a draw was
dealt; a draw or pass says the hand then lacked the open ends), the lead rule too (a tile
it forbids every dealt hand was drawn; the tile it names was the opener's); of the splits
left, one is taken by ``rng``.  A draw may be of several tiles, and holds at most one it
could play (the last, played at once).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterator
from itertools import combinations

from domino_advisor.base.tiles import Tile, sort_tiles
from domino_advisor.games.line import lead
from domino_advisor.games.line.state import Round

SEARCH_BUDGET = 20_000  # splits tried per player before the round is given up as too tangled

Split = tuple[tuple[Tile, ...], list[tuple[Tile, ...]], bool]  # dealt, each draw's tiles, certain


def splits(
    r: Round, me: int, rng: random.Random, shown: dict[int, tuple[Tile, ...]]
) -> dict[int, Split] | None:
    """Every other seat's split, under the first way of the lead rule that admits them all
    (the rule can forbid a tile to every dealt hand: then it was drawn); None where no
    split explains the play."""
    opening = r.history[0]
    assert r.opener is not None and opening.tile is not None
    own: list[set[Tile] | None] = [set(r.dealt[me] or ()) if s == me else None for s in range(r.match.seats)]
    for case in lead.cases(r.rules, r.opening, r.opener, opening.tile):
        if not lead.fits(case, r.opener, own):
            continue
        got: dict[int, Split] = {}
        for s in range(r.match.seats):
            split = None if s == me else _split(r, s, case, rng, shown)
            if split is not None:
                got[s] = split
            elif s != me:
                break
        else:
            return got
    return None


def _split(
    r: Round, seat: int, case: lead.OpeningCase, rng: random.Random, shown: dict[int, tuple[Tile, ...]]
) -> Split | None:
    """A dealt hand and draws for a player whose tiles are all seen, consistent with the
    play: each tile comes from the deal or one of the player's draws (sources 0, 1..m),
    within the bounds the play sets; a draw holds at most one tile it could play (the
    last, played at once)."""
    acts = [(i, a) for i, a in enumerate(r.history) if a.seat == seat]
    draws = [i for i, a in acts if a.kind == "draw"]
    played = {a.tile: i for i, a in acts if a.kind == "play" and a.tile is not None}
    tiles = sort_tiles([*played, *shown.get(seat, ())])
    caps = [r.rules.hand_size(r.match.seats)] + [r.history[i].count for i in draws]
    if sum(caps) != len(tiles):
        return None
    lo: dict[Tile, int] = {}
    hi: dict[Tile, int] = {}
    for t in tiles:
        at = played.get(t, len(r.history))
        hi[t] = sum(i < at for i in draws)
        lo[t] = 1 if t in case.forbid or (t == case.required and seat != r.opener) else 0
        if t == case.required and seat == r.opener:
            hi[t] = 0
        for i, a in acts:
            if i < at and a.kind != "play" and any(t.bears(n) for n in a.ends):
                lo[t] = max(lo[t], sum(d <= i for d in draws) + (a.kind == "pass"))
    if any(lo[t] > hi[t] for t in tiles) or (seat == r.opener and case.required not in (None, *tiles)):
        return None
    playable: list[set[Tile]] = [set()] + [
        {t for t in tiles if any(t.bears(n) for n in r.history[i].ends)} for i in draws
    ]
    order = list(tiles)
    rng.shuffle(order)
    budget = [SEARCH_BUDGET]
    found = _assignments(order, lo, hi, caps, playable, budget)
    first = next(found, None)
    if first is None:
        return None
    certain = next(found, None) is None and budget[0] >= 0
    runs = [sorted(g, key=lambda t: (t in playable[j], order.index(t))) for j, g in enumerate(first)]
    return tuple(sort_tiles(first[0])), [tuple(g) for g in runs[1:]], certain


def _assignments(
    order: list[Tile],
    lo: dict[Tile, int],
    hi: dict[Tile, int],
    caps: list[int],
    playable: list[set[Tile]],
    budget: list[int],
) -> Iterator[list[list[Tile]]]:
    """Every way to fill the sources in turn (the seeded ``order`` first) while ``budget``
    lasts, pruned by an earliest-deadline check that the sources left can be filled."""

    def fits(left: list[Tile], j: int) -> bool:
        pending = sorted(left, key=lambda t: lo[t])
        heap: list[int] = []
        k = 0
        for s in range(j, len(caps)):
            while k < len(pending) and lo[pending[k]] <= s:
                heapq.heappush(heap, hi[pending[k]])
                k += 1
            for _ in range(caps[s]):
                if not heap or heapq.heappop(heap) < s:
                    return False
        return not heap and k == len(pending)

    def fill(j: int, left: list[Tile], done: list[list[Tile]]) -> Iterator[list[list[Tile]]]:
        if j == len(caps):
            if not left:
                yield done
            return
        must = [t for t in left if hi[t] == j and lo[t] <= j]
        free = [t for t in left if lo[t] <= j < hi[t]]
        if len(must) > caps[j] or len(must) + len(free) < caps[j]:
            return
        for extra in combinations(free, caps[j] - len(must)):
            budget[0] -= 1
            if budget[0] < 0:
                return
            group = must + list(extra)
            if j and sum(t in playable[j] for t in group) > 1:
                continue
            rest = [t for t in left if t not in group]
            if fits(rest, j + 1):
                yield from fill(j + 1, rest, [*done, group])

    yield from fill(0, list(order), [])

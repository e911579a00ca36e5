"""Which of a player's tiles were dealt and which drawn, as a finished round allows, in
the games whose draws are one tile at a time (Mexican Train, Chicken Foot, Tiddly-wink:
hindsight rebuilds the deal from them, ``learning.hindsight``).

The play narrows it: a tile played was held by then, and a draw or a pass says the hand
then held nothing it could have played on the round's own ``ends`` (``lacked``: a tile
bearing one of them, or as the game says, Matador's the tile that makes seven); of the
splits left, one is taken by ``rng``, certain where the play allows
only one.  Who may open is not modelled here: a split the rules then refuse is followed
by another (``JUDGING.splits_tried``).  Only the round interface is read
(``games.registry.GameRound``), so every such game's round is split alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from domino_advisor.base.tiles import Tile, sort_tiles

Split = tuple[tuple[Tile, ...], list[tuple[Tile, ...]], bool]  # dealt, each draw's tiles, certain
Lacked = Callable[
    [Tile, tuple[int, ...]], bool
]  # (tile, the ends met) -> a draw or a pass there rules it out


def bears_an_end(tile: Tile, ends: tuple[int, ...]) -> bool:
    """What a draw or a pass rules out where a tile plays on the number it bears."""
    return any(tile.bears(n) for n in ends)


def splits(
    r: Any, me: int, rng: random.Random, shown: dict[int, tuple[Tile, ...]], lacked: Lacked = bears_an_end
) -> dict[int, Split] | None:
    """Every other seat's split, seat by seat; None where one seat's play has none."""
    out: dict[int, Split] = {}
    for s in range(len(r.names)):
        if s == me:
            continue
        split = _split(r, s, shown.get(s, ()), rng, lacked)
        if split is None:
            return None
        out[s] = split
    return out


def _split(r: Any, seat: int, shown: tuple[Tile, ...], rng: random.Random, lacked: Lacked) -> Split | None:
    """A dealt hand and draws for a player whose tiles are all seen (played or shown),
    consistent with the play: each tile came from the deal or from one of the player's
    draws, not after it was played, and never while a draw or a pass says the hand
    lacked it (``lacked``).  One split the play allows, chosen by ``rng``; certain
    where the play allows only one."""
    acts = [(i, a) for i, a in enumerate(r.history) if a.seat == seat]
    draws = [i for i, a in acts if a.kind == "draw" for _ in range(a.count)]  # one slot a tile drawn
    played = {a.tile: i for i, a in acts if a.kind == "play" and a.tile is not None}
    tiles = sort_tiles([*played, *shown])
    if len(tiles) != r.rules.hand_size(len(r.names)) + len(draws):
        return None
    lo: dict[Tile, int] = {}  # the first draw (1, 2 ...) a tile may have come from; 0: dealt
    hi: dict[Tile, int] = {}  # ... and the last
    for t in tiles:
        at = played.get(t, len(r.history))
        hi[t] = sum(d < at for d in draws)
        lo[t] = 0
        for i, a in acts:
            if i < at and a.kind != "play" and lacked(t, tuple(a.ends)):
                lo[t] = max(lo[t], sum(d <= i for d in draws) + (a.kind == "pass"))
    if any(lo[t] > hi[t] for t in tiles):
        return None
    order = list(tiles)
    rng.shuffle(order)
    chosen: list[Tile] = []
    certain = True
    for j in range(1, len(draws) + 1):
        fits = [t for t in order if t not in chosen and lo[t] <= j <= hi[t]]
        fits = [t for t in fits if _possible(j + 1, len(draws), [*chosen, t], tiles, lo, hi)]
        if not fits:
            return None
        certain = certain and len(fits) == 1
        chosen.append(fits[0])
    dealt = tuple(sort_tiles(t for t in tiles if t not in chosen))
    groups: list[tuple[Tile, ...]] = []  # each draw's tiles, in the order of the draws
    for _, a in acts:
        if a.kind == "draw":
            groups.append(tuple(chosen[: a.count]))
            del chosen[: a.count]
    return dealt, groups, certain


def _possible(first: int, last: int, chosen: list[Tile], tiles: list[Tile], lo: dict, hi: dict) -> bool:
    """Whether the draws ``first..last`` can each take one tile left, every tile that
    cannot have been dealt (``lo`` above 0) among them: two matchings (Kuhn's), one
    filling the draws, one placing those tiles; where both exist, one does both."""
    left = [t for t in tiles if t not in chosen]
    slots = list(range(first, last + 1))
    must = [t for t in left if lo[t] > 0]
    return _matches(slots, left, lambda j, t: lo[t] <= j <= hi[t]) and _matches(
        must, slots, lambda t, j: lo[t] <= j <= hi[t]
    )


def _matches(left: Sequence[Any], right: Sequence[Any], edge: Callable[[Any, Any], bool]) -> bool:
    """Every one of ``left`` matched to its own one of ``right`` (augmenting paths)."""
    owner: dict[Any, Any] = {}

    def augment(u: Any, seen: set) -> bool:
        for v in right:
            if v not in seen and edge(u, v):
                seen.add(v)
                if v not in owner or augment(owner[v], seen):
                    owner[v] = u
                    return True
        return False

    return all(augment(u, set()) for u in left)

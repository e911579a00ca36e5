"""Which of a player's tiles were dealt and which drawn, as a finished Matador round allows
(hindsight rebuilds the deal from them, ``learning.hindsight``): the games played off a
middle double's splits (``games.hub.splits``), with Matador's own proof of a draw or a
pass: the hand then held no tile that fitted either end (``layout.fitting``), not no
tile bearing an end's number."""

from __future__ import annotations

import random
from typing import Any

from domino_advisor.base.tiles import Tile, sort_tiles
from domino_advisor.games.hub.splits import Split, _possible
from domino_advisor.games.matador.layout import fitting


def splits(
    r: Any, me: int, rng: random.Random, shown: dict[int, tuple[Tile, ...]]
) -> dict[int, Split] | None:
    """Every other seat's split, seat by seat; None where one seat's play has none."""
    out: dict[int, Split] = {}
    for s in range(len(r.names)):
        if s == me:
            continue
        split = _split(r, s, shown.get(s, ()), rng)
        if split is None:
            return None
        out[s] = split
    return out


def _split(r: Any, seat: int, shown: tuple[Tile, ...], rng: random.Random) -> Split | None:
    """A dealt hand and draws for a player whose tiles are all seen (played or shown): each
    tile came from the deal or from one of the player's draws, not after it was played,
    and never while a draw or a pass says the hand held no tile that fitted then.  One split
    the play allows, chosen by ``rng``; certain where the play allows only one."""
    acts = [(i, a) for i, a in enumerate(r.history) if a.seat == seat]
    draws = [i for i, a in acts if a.kind == "draw"]  # one slot a tile drawn
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
            if i < at and a.kind != "play" and t in fitting(tuple(a.ends)):
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
    return dealt, [(t,) for t in chosen], certain

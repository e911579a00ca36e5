"""The longest line: the run of tiles from your hand you could lay on your own train,
one after another, from the number it ends in.

Players plan it first: the line is what you keep for your own train, the rest are the
tiles to spend on the Mexican train and on open trains.  Among lines of the same length
the heavier is better (it sheds more pips if the round ends early).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..tiles import Tile

MOST_STEPS = 200_000  # a search this big is cut short: the best line found by then


def longest_line(hand: Iterable[Tile], end: int, most_steps: int = MOST_STEPS) -> list[Tile]:
    """The longest run from ``end`` (heaviest among the longest), in playing order."""
    tiles = sorted(hand, key=lambda t: (-t.pips, t.high))
    by_number: dict[int, list[int]] = {}
    for i, t in enumerate(tiles):
        by_number.setdefault(t.high, []).append(i)
        if t.low != t.high:
            by_number.setdefault(t.low, []).append(i)
    best: list[int] = []
    best_key = (0, 0)
    steps = 0
    used = [False] * len(tiles)
    path: list[int] = []

    def search(at: int, pips: int) -> None:
        nonlocal best, best_key, steps
        steps += 1
        key = (len(path), pips)
        if key > best_key:
            best, best_key = list(path), key
        if steps > most_steps:
            return
        for i in by_number.get(at, ()):
            if used[i]:
                continue
            used[i] = True
            path.append(i)
            search(tiles[i].other(at), pips + tiles[i].pips)
            path.pop()
            used[i] = False

    search(end, 0)
    return [tiles[i] for i in best]

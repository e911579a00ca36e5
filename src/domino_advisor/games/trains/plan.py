"""The longest line: the run of tiles from your hand you could lay on your own train,
one after another, from the number it ends in.

Players plan it first: the line is what you keep for your own train, the rest are the
tiles to spend on the Mexican train and on open trains.  Among lines of the same length
the heavier is better (it sheds more pips if the round ends early).
"""

from __future__ import annotations

from collections.abc import Iterable

from domino_advisor.base.tiles import Tile

MOST_STEPS = 200_000  # a search this big is cut short: the best line found by then


def longest_line(hand: Iterable[Tile], end: int, most_steps: int = MOST_STEPS) -> list[Tile]:
    """The longest run from ``end`` (heaviest among the longest), in playing order."""
    tiles = sorted(hand, key=lambda t: (-t.pips, t.high))
    pips = [t.pips for t in tiles]
    # each number's tiles as (index, the number left showing, the tile's bit): the rollouts
    # plan a line at nearly every turn, so the search's inner loop does no tile arithmetic
    by_number: dict[int, list[tuple[int, int, int]]] = {}
    for i, t in enumerate(tiles):
        by_number.setdefault(t.high, []).append((i, t.low, 1 << i))
        if t.low != t.high:
            by_number.setdefault(t.low, []).append((i, t.high, 1 << i))
    best: list[int] = []
    best_len, best_pips = 0, 0
    steps = 0
    path: list[int] = []

    def search(at: int, laid: int, used: int) -> None:
        nonlocal best, best_len, best_pips, steps
        steps += 1
        n = len(path)
        if n > best_len or (n == best_len and laid > best_pips):
            best, best_len, best_pips = list(path), n, laid
        if steps > most_steps:
            return
        for i, showing, bit in by_number.get(at, ()):
            if used & bit:
                continue
            path.append(i)
            search(showing, laid + pips[i], used | bit)
            path.pop()

    search(end, 0, 0)
    return [tiles[i] for i in best]

"""The line games in the table's words, as a lesson asks your move in them (the shape is
``games.words.PlayWords``): a move is a tile and, where it fits two ends that play
differently, the end (``64``, ``64 on 4``, ``64 on left``).  Why a move is good is the
advice's to say in these games (``advice.reasons``), and their bots are
``games.line.players``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_advisor.base.errors import DominoError, NotationError
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Play, number_at_most

if TYPE_CHECKING:
    from domino_advisor.games.line.state import Round

MOVE = "move"  # what a lesson asks you for
EXAMPLE = "64 or 64 on 4"


def practice(r: Round) -> tuple[str, str]:
    """The preset, as a lesson's first line names it; who opens is shown by the first
    moves, not said."""
    return r.rules.name, ""


def prompt_example(r: Round, plays: list[Play]) -> str:
    return EXAMPLE


def chaining(r: Round, seat: int) -> bool:
    """One tile a turn: no chains."""
    return False


def read_play(answer: str, r: Round, plays: list[Play]) -> Play:
    """A typed move, one of ``plays``: the tile, and the end (its number or side) where it
    fits two that play differently; the layout says which end a number means."""
    rules = r.rules
    words = answer.replace(" on ", " ").split()
    tile = Tile.parse(words[0], rules.top) if words else None
    if tile is None or len(words) > 2:
        raise DominoError(f"write a move like {EXAMPLE}")
    on: int | str | None = None
    if len(words) == 2:
        number = number_at_most(words[1], rules.top)
        on = words[1] if number is None else number
    side = r.layout.resolve(tile, on, rules.all_fives)
    same = (m for m in plays if m.tile == tile and r.layout.resolve(m.tile, m.on, rules.all_fives) == side)
    chosen = next(same, None)
    if chosen is None:
        raise NotationError(f"you do not hold {tile}")
    return chosen

"""The line games in the table's words: how a lesson asks your move in them (the shape
``games.words.PlayWords``: a move is a tile and, where it fits two ends that play
differently, the end: ``64``, ``64 on 4``, ``64 on left``), and the session's help (the
shorthand a play, a draw, a hand shown and a count check are typed in) and the open ends
the short form's turn row starts with (``games.words.TableWords``).  A play typed without
its end, where the tile fits two, is asked about by the rules themselves ('on 4' or
'on 6', ``games.line.layout``).  Why a move is good is their judging part's to say
(``games.line.reasons``), and their bots are ``games.line.players``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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


HELP_MOVES = """  ana 64          ana plays 6-4 (on the only end it fits)
  ana 64 on 4     ana plays 6-4 on the 4 (or: on left/right/up/down)
  bob d2          bob draws 2          me d 61 30   you drew 6-1 and 3-0
  cy p            cy passes            me 55        you play 5-5
"""
HELP_SHOWS = """  ana s 33 21     ana shows her hand   bob c 14     bob counts 14 pips
  ana =6          check: ana has 6 tiles in front of her (says what is missing if not)
"""
HELP_HAND = "me h 66 53"
HELP_LINE = "ana plays 6-4 on 6"
HELP_STATUS = "full status (with every unseen tile)"  # what ``s`` shows


def ambiguous(r: Round, fits: list[Any], player: str, me: str) -> None:
    """None: the rules ask which end themselves, naming the ends that play differently."""
    return None


def table_now(r: Round) -> str:
    """The open ends: ``ends 3 5``."""
    numbers = r.layout.numbers
    return f"ends {' '.join(map(str, numbers))}" if numbers else ""

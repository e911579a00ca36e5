"""The line games at the table, in their own words: the session's help (the shorthand a
play, a draw, a hand shown and a count check are typed in), and the open ends the short
form's turn row starts with.  A play typed without its end, where the tile fits two, is
asked about by the rules themselves ('on 4' or 'on 6', ``games.line.layout``).  The line
games' lesson, reasons and bots are still their own modules' (``games.words.Words`` is the
whole shape the games played through their round alone say)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domino_advisor.games.line.state import Round

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

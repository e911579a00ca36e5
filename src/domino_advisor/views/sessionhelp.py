"""The session's help, in the game's words, for the screen it is on: as written where it
fits, else each entry on a line of its own (what to type, then what it does, wrapped
under it), so a phone-sized terminal reads it as a list instead of columns broken
mid-entry."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from domino_advisor.games.words import TableWords

if TYPE_CHECKING:
    from domino_advisor.games.registry import Game

_GAP = re.compile(r"\s{2,}")
PRACTICE = """  practice  turn practice on or off: after an event worth counting you are asked first
            (what a player lacks, how many of a number are unseen), then shown the answer
"""


def help_text(game: Game) -> str:
    """What ``?`` shows: the game's shorthand (its words), the fixes in place, the commands
    (practice where the game offers it)."""
    words: TableWords = game.words
    drew, draws = ("bob d", "ana d") if game.one_draw else ("bob d3", "ana d1")  # a draw is one tile
    replace, becomes, insert = f"replace 12 {drew}", f"event 12 becomes '{drew}'", f"insert 9 {draws}"
    return (
        "type what happens, one line at a time:\n"
        + words.HELP_MOVES
        + words.HELP_SHOWS
        + f"  round 2         start the next round, then: {words.HELP_HAND} ... (your new hand)\n"
        + f"or a full log line ('{words.HELP_LINE}').  Events are numbered as the status shows them.\n"
        + "Fix a mistake in place (the whole log must still follow the rules):\n"
        + f"  {replace:<20}{becomes:<29}{insert:<18}a new event before event 9\n"
        + "  delete 12           event 12 goes\n"
        + "Commands:\n"
        + f"  a  advice now    s  {words.HELP_STATUS}    u [N]  undo the last N events\n"
        + "  e  every event, numbered    where 66  where 6-6 is likely to be    ?  this help    q  quit\n"
        + (PRACTICE if "practice" in game.options else "")
        + "Ctrl-D or Ctrl-C also quit; the log is saved after every line."
    )


def help_view(text: str, width: int) -> RenderableType:
    lines = text.split("\n")
    if max(len(line) for line in lines) <= width:
        return Text(text)
    parts: list[RenderableType] = []
    entries: list[tuple[str, str]] = []

    def flush() -> None:
        if entries:
            t = Table(show_header=False, show_edge=False, box=None, padding=(0, 1, 0, 2))
            t.add_column(no_wrap=True)
            t.add_column(overflow="fold")
            for typed, does in entries:
                t.add_row(typed, does)
            parts.append(t)
            entries.clear()

    for line in lines:
        if line.startswith("      ") and entries:  # a meaning carried on to the next line
            typed, does = entries[-1]
            entries[-1] = (typed, f"{does} {line.strip()}")
        elif line.startswith("  "):
            words = _GAP.split(line.strip())
            if len(words) % 2 and len(words) > 1:  # an entry whose meaning has a gap in it
                words = [words[0], "  ".join(words[1:])]
            if len(words) == 1:
                entries.append((words[0], ""))
            for k in range(0, len(words) - 1, 2):
                entries.append((words[k], words[k + 1]))
        else:
            flush()
            parts.append(Text(line))
    flush()
    return Group(*parts)

"""What to log next, in the words of the table: your hand at a new round, who opens,
who must show or count at the end, the next round, the end of the match.

``status``, the session and ``advise`` all say it, so a player who does not know the
log's grammar is never left at a bare prompt.  What the log needs is the game's to say
(its ``next_step``: ``games/line/guide.py``, ``games/hub/guide.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_advisor.games.registry import game_for

if TYPE_CHECKING:
    from domino_advisor.games.registry import GameMatch


def next_step(match: GameMatch) -> str | None:
    """One sentence: what the log needs now; None while play simply goes on."""
    return game_for(match.rules.name).next_step(match)

"""What a log says that contradicts earlier evidence but breaks no rule: a doubt, kept
as a value (who, which tile, which line, what kind) with its words for people.

A player who passed on 3 and later plays a 3 with no draw between has misplayed at the
table, or a line was mistyped: the engine accepts the play and says so, and the
inference sets the contradicted evidence aside.  Both may notice the same misplay; as
values, the two notices are recognised as one by who, what and where, not by wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domino_advisor.base.tiles import Tile

Kind = Literal["misplay", "lead", "void", "sampler", "redraw", "model"]


@dataclass(frozen=True)
class Doubt:
    """Something in the log the program doubts but goes on with: a play against a known
    void; the lead rule set aside; a void set aside; a sampling cut short; a draw right
    after the same player's draw (legal: logged twice, or more drawing?); the model of
    play missing or damaged (the counting goes on without soft reads)."""

    kind: Kind
    text: str
    seat: int | None = None
    tile: Tile | None = None
    line: int | None = None  # the line of the event that raised the doubt
    at: tuple[int, int] | None = None  # a doubt with no tile: the round and its plays so far then

    @property
    def about(self) -> tuple[Kind, int | None, Tile | None, int | None]:
        """What the doubt is about: two notices of one misplay share it."""
        return (self.kind, self.seat, self.tile, self.line)

    @property
    def same(self) -> tuple[Kind, int | None, Tile | None, tuple[int, int] | None]:
        """One doubt wherever its line moved since (an event inserted before it): what a
        warning said before a change and again after it shares."""
        return (self.kind, self.seat, self.tile, self.at)

    def __str__(self) -> str:
        return self.text

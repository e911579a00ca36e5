"""What one seat knows of a logged match, for every game: the log replayed from your
seat, your view of the round in play, and its counting.  Status, where, the advice and
the session all start here, whatever the game (the game's round makes the view:
``seat_view``; the counting reads any view: ``games.proof.Known``)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

from domino_advisor.base.doubts import Doubt
from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.inference import Inference, infer
from domino_advisor.counting.reads import SoftReads, Style, model_trouble, soft_reads, style_for
from domino_advisor.games.proof import Known
from domino_advisor.log.gamelog import GameLog

if TYPE_CHECKING:
    from domino_advisor.base import shapes

DIGITS = 9  # probabilities and expectations are printed to 1e-9


def _num(x: float | Fraction) -> float:
    return round(float(x), DIGITS)


@dataclass
class Position:
    """A replayed log with its counting, shared by status, where, the advice and the CLI."""

    log: GameLog
    match: Any  # the game's match from one seat (``games.registry.GameMatch``; the line games' ``Match``)
    view: Known | None  # your view of the round in play, once your hand is logged
    inference: Inference | None
    style: Style | None = None  # the model of play of soft reads, when they are on
    counting_seconds: float = 0.0  # what the counting took: advice's time limit covers it
    model_trouble: str | None = None  # why the soft reads are off: the model file is missing or damaged

    @classmethod
    def of(cls, log: GameLog, reads: bool = True) -> Position:
        """``reads``: weigh the deals by how the others played (soft reads), where the game
        has a model of play shipped for its rules."""
        match: Any = log.replay()
        r = match.round
        view, inf = None, None
        started = time.perf_counter()
        if r is not None and match.pending is None and r.dealt[match.viewer] is not None:
            view = r.seat_view(match.viewer, match.shown[-1] if match.shown else None)
            inf = infer(view)
        style, trouble = None, None
        if reads and inf is not None and "reads" in log.game.options:  # a model of play is the game's
            style = style_for(match.rules, len(match.players))
            trouble = model_trouble()
        return cls(log, match, view, inf, style, time.perf_counter() - started, trouble)

    @cached_property
    def reads(self) -> SoftReads | None:
        """The soft reads, worked out when first shown (a few hundredths of a second)."""
        r = self.match.round
        if self.style is None or self.inference is None or r is None or r.over:
            return None
        return soft_reads(self.inference, self.style)

    @property
    def warnings(self) -> list[Doubt]:
        """The log's doubts, then the counting's about anything the log has not already
        named (both notice a misplay: one notice is enough)."""
        out = list(self.match.warnings)
        named = {d.about for d in out}
        for d in self.inference.warnings if self.inference else []:
            if d.about not in named and d not in out:
                out.append(d)
        if self.model_trouble:
            out.append(Doubt("model", self.model_trouble))
        return out


def where_of(pos: Position, tile_text: str) -> shapes.WhereJson:
    """Where one tile is, from your seat: known (your hand, the table, a hand shown) or
    each place's chance (``where --json``)."""
    m, r = pos.match, pos.match.round
    tile = Tile.parse(tile_text, m.rules.top)
    out: shapes.WhereJson = {"tile": str(tile), "known": None, "where": {}}
    if r is None or pos.inference is None:
        raise IllegalMoveError("nothing is known yet: log your hand first")
    shown = m.shown[-1] if m.shown else {}
    if tile in r.table_tiles():
        out["known"] = r.seen_where(m.viewer, tile)
    elif tile in (r.hands[m.viewer] or ()):
        out["known"] = "in your hand"
    elif any(tile in tiles for tiles in shown.values()):
        out["known"] = f"shown by {next(m.players[s] for s, ts in shown.items() if tile in ts)}"
    else:
        out["where"] = {k: _num(v) for k, v in pos.inference.where(tile).items()}
        out["counting"] = pos.inference.counting()
    return out

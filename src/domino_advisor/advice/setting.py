"""What one call of the line games' advice holds fixed while it weighs the candidates:
whose move, what is known, how a world is played out and judged, and what the worlds
may spend (``advisor`` and ``tree`` read it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from domino_advisor.advice.worlds import Budget
from domino_advisor.games.line.rollout import SOLVE_BELOW, SOLVE_DRAWING
from domino_advisor.games.line.scoring import side_of

if TYPE_CHECKING:
    from domino_advisor.counting.inference import Inference
    from domino_advisor.counting.reads import Reads
    from domino_advisor.games.line.engine import Policy
    from domino_advisor.games.line.stakes import Stakes
    from domino_advisor.games.line.state import Round


@dataclass(frozen=True)
class Rollout:
    """What one call's rollouts hold fixed: whose move, what is known, how a world is
    played out and judged, and what the worlds may spend."""

    r: Round
    seat: int
    inf: Inference | None  # the counting; None: omniscient, every hand as it is
    policy: Policy  # how every seat plays a world out
    stakes: Stakes | None  # the match played for; None: the round alone
    budget: Budget
    reads: Reads | None = None  # soft reads: each world weighted by how likely the others' plays were
    solve_drawing: int = SOLVE_DRAWING  # two players: a world with this many in hands and boneyard is solved
    solve_below: int = SOLVE_BELOW  # ... and any with this many in hands, nothing to draw

    @property
    def side(self) -> int:
        """The seat's side: whose chances these are."""
        return side_of(self.seat, self.r.rules)

    @property
    def all_fives(self) -> bool:
        """Points are scored during the round: worlds are played out, never solved."""
        return self.r.rules.all_fives

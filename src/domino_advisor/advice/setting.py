"""What one call of the chance-measured advice (``advice.chance``) holds fixed while it
weighs the candidates: whose move, what is known, how a world is played out and judged,
and what the worlds may spend.  The game reads it when it deals and plays its worlds
(its judging part's ``rollouts``, ``search_tree``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.worlds import Budget

if TYPE_CHECKING:
    from domino_advisor.counting.inference import Inference
    from domino_advisor.counting.reads import Reads


@dataclass(frozen=True)
class Rollout:
    """What one call's rollouts hold fixed: whose move, what is known, how a world is
    played out and judged, and what the worlds may spend."""

    r: Any  # the round, as the game plays it
    seat: int
    inf: Inference | None  # the counting; None: omniscient, every hand as it is
    policy: Any  # how every seat plays a world out (the game's)
    stakes: Any  # the match played for (the game's); None: the round alone
    budget: Budget
    solve_drawing: int  # two players: a world with this many in hands and boneyard is solved
    solve_below: int  # ... and any with this many in hands, nothing to draw
    fuse: int | None = None  # αμ: your next turns after the candidate chosen alike in the solved worlds
    reads: Reads | None = None  # soft reads: each world weighted by how likely the others' plays were

"""What only Matador knows when a play is weighed and judged (``Parts.judging``): the same
as every game played through its round alone (``games.hub.judging``: ranked by the pips
left at the round's end against the others', the worlds played out by the game's
heuristic), but for how hindsight splits a finished round's tiles into dealt and drawn:
Matador's draws prove the hand held no tile that fitted, not no tile bearing an end's
number (``splits``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domino_advisor.base.tiles import Tile
from domino_advisor.games.hub.judging import RoundJudging

if TYPE_CHECKING:
    import random

    from domino_advisor.games.hub.splits import Split


class MatadorJudging(RoundJudging):
    def splits(
        self, r: Any, seat: int, rng: random.Random, shown: dict[int, tuple[Tile, ...]]
    ) -> dict[int, Split] | None:
        """Each other seat's dealt hand and draws, as the play allows."""
        from domino_advisor.games.hub.splits import splits
        from domino_advisor.games.matador.layout import fitting

        return splits(r, seat, rng, shown, lambda tile, ends: tile in fitting(ends))


JUDGING = MatadorJudging()

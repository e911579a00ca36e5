"""How a finished round stands for one side, in the values every search, rollout and
tally counts (``round_value``): the one statement, so that a game's exact solver and the
advice's tallies read a round's end alike."""

from __future__ import annotations

WIN, DRAW, LOSS = 2, 1, 0  # won, drawn (tied or not scored), lost

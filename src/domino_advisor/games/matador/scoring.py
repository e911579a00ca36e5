"""How a Matador round scores (docs/matador.md): the player who goes out scores the pips
left in every other hand; in a blocked round the player with the fewest pips left scores
the other hands' pips less their own (a tie for fewest: nobody scores)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Scored:
    """A finished round's winner (None: a blocked round tied for fewest) and the points."""

    winner: int | None
    points: int


def score(pips: Sequence[int], out: int | None) -> Scored:
    """The round scored from every hand's pips left; ``out``: the seat that went out."""
    if out is not None:
        return Scored(out, sum(p for s, p in enumerate(pips) if s != out))
    low = min(pips)
    if list(pips).count(low) > 1:
        return Scored(None, 0)
    winner = list(pips).index(low)
    return Scored(winner, sum(pips) - low - low)


def next_opener(opener: int, winner: int | None, seats: int) -> int:
    """Who opens the next round: the winner of this one; a blocked round with no single
    winner, the next player round the table after the one who opened it."""
    return (opener + 1) % seats if winner is None else winner

"""Your move marked against the advice, in the measure the game is won by (the advice's
``measure``): by the chance of winning where a round or a match is won (the line
games': ``advice.chance``'s moves), by pips left against the others' where the fewest
pips win (``advice.pips``'s).  A lesson and a drill ask the move; this says how close it
came, what the advice plays and why."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from domino_advisor.learning.questions import Marked

if TYPE_CHECKING:
    from domino_advisor.advice.asking import Advice
    from domino_advisor.games.events import Play

FULL_MARKS = 8.0  # pips: a move this much worse than the advice's (yours less the others') scores 0


def mark_move(r: Any, seat: int, advice: Advice, chosen: Play) -> Marked:
    """``chosen`` (one of the seat's legal plays) against ``advice`` (the seat's, in ``r``)."""
    return MARKS[advice.measure](r, seat, advice.moves, chosen)


def by_chance(r: Any, seat: int, moves: list[Any], chosen: Play) -> Marked:
    """The share of the best move's chance of winning that yours keeps."""
    mine = next(
        (c for c in moves if c.tile == chosen.tile and c.on == chosen.on),
        next(c for c in moves if c.tile == chosen.tile),
    )
    best = moves[0]
    points = 1.0 if best.win <= 0 else max(0.0, 1 - (best.win - mine.win) / best.win)
    best_text = f"{best.tile}" + ("" if best.on is None else f" on {best.on}")
    said = f"the advisor plays {best_text} ({best.win:.0%} to win); yours: {mine.win:.0%}"
    return Marked(points, said, "; ".join(best.reasons[:2]))


def by_pips(r: Any, seat: int, moves: list[Any], chosen: Play) -> Marked:
    """Full marks down to none over ``FULL_MARKS`` pips behind the best play (your pips
    left less the others')."""
    from domino_advisor.advice.pips import choice_for  # that measure's own: loaded for its games

    exact = (c for c in moves if r.play_event(seat, c.tile, c.place) == chosen)
    mine = next(exact, None) or choice_for(r, seat, moves, chosen.tile, str(chosen.on))
    assert mine is not None  # every play is among the advice's choices, or one alike
    best = moves[0]
    points = min(1.0, max(0.0, 1 - (mine.margin - best.margin) / FULL_MARKS))
    said = (
        f"the advisor plays {best.tile} on {best.train} ({best.margin:+.1f} pips against the others); "
        f"yours: {mine.margin:+.1f}"
    )
    return Marked(points, said, "; ".join(best.reasons[:3]))


# how a game is measured (``Advice.measure``) -> how a move is marked in it
MARKS: dict[str, Callable[[Any, int, list[Any], Play], Marked]] = {"chance": by_chance, "pips": by_pips}

"""Which move to make, and why, for every game (docs/how-it-works.md: how the advice works).

One advice plays every game through its round (``games.registry.GameRound``): the plays
the seat may make (alike places tried once), what the seat's counting says of the
hidden hands, every play tried in the same worlds drawn from it (``advice.worlds``), and
the reasons in the game's words.  How the worlds' outcomes are added up and ranked is the
measure's, and a game is measured by how it is won: ``chance`` (advice.chance) where a
round, or a match, is won or lost, ``pips`` (advice.pips) where the fewest pips left
win.  What only a game knows (its turn in words, its fast engine and exact solver, the
match a round is played for, its heuristic's plan) is its judging part
(``Parts.judging``: ``games/<game>/judging.py``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.asking import DEFAULT_OPTIONS, Advice, Options, Turn, measure_module
from domino_advisor.base.errors import DominoError, IllegalMoveError
from domino_advisor.games.registry import GameMatch, game_for, part

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.counting.inference import Inference
    from domino_advisor.counting.position import Position

__all__ = ["DEFAULT_OPTIONS", "Advice", "Options", "advice_data", "advise", "judging_of"]


def judging_of(r: Any) -> Any:
    """The game's judging part, for a round of it."""
    return part(game_for(r.rules.name), "judging")


def advise(
    r: Any,
    seat: int,
    options: Options = DEFAULT_OPTIONS,
    *,
    inference: Inference | None = None,
    spent: float = 0.0,
) -> Advice:
    """The seat's moves ranked as ``options`` say; refused in the table's words unless the
    seat may move.  ``inference``: the seat's counting, where the caller has it already;
    ``spent``: seconds the answer has already taken (the counting, done before the call),
    which a clock limit covers."""
    start = time.perf_counter() - spent
    judging = judging_of(r)
    refusal = judging.refusal(r, seat)
    if refusal is not None:
        raise IllegalMoveError(refusal)
    plays, same = r.alike(judging.plays(r, seat))
    action = "play" if plays else r.idle(seat)
    advice = Advice(seat, r.names[seat], action, [], r.rules.name, judging.measure)
    if not plays and not judging.weighs_idle:  # nothing to weigh: draw, pass, or wait
        advice.seconds = time.perf_counter() - start
        return advice
    turn = Turn(r, seat, plays, same, options, judging, inference, start)
    measure_module(judging.measure).weigh_moves(advice, turn)
    advice.seconds = time.perf_counter() - start
    return advice


def advice_data(pos: Position, samples: int | None, seed: int, seconds: float | None) -> shapes.HubAdviceJson:
    """The advice's data for your seat (``advise --json``) in the games played through
    their round alone: what the log needs first, else the advice."""
    from domino_advisor.log.guide import next_step

    m: GameMatch = pos.match
    if m.round is None or m.pending is not None or m.round.over:  # what the log needs first
        raise DominoError(next_step(m) or "there is no move to advise")
    r = m.round.for_next(m.viewer)
    counted = r is m.round  # the round as the position counted it: its counting is the advice's too
    options = Options(samples=samples or None, seed=seed, seconds=seconds)
    advice = advise(
        r,
        m.viewer,
        options,
        inference=pos.inference if counted else None,
        spent=pos.counting_seconds if counted else 0.0,
    )
    data: shapes.HubAdviceJson = advice.as_dict()
    return data

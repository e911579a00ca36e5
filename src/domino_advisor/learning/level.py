"""Your level at a skill: a Glicko-2 rating (the ``glicko2`` package) played against the
questions you answered, each question rated by its difficulty (``learning.difficulty``).

A question's rating is ``EASY + STEP * difficulty``; a new learner starts at the rating of
an easy question (``START``), with Glicko-2's wide uncertainty, so the first lessons ask
easy questions and the level moves fast until the answers pin it.  A lesson asks the
question whose rating is nearest ``level - AIM``: at Glicko-2's odds, one you get right
about seven times in ten.  An answer kept before questions had a difficulty (0.10 and
earlier) counts as a question of ``UNRATED`` difficulty.
"""

from __future__ import annotations

from collections.abc import Sequence

import glicko2

from domino_advisor.learning.answers import Answer

EASY = 1200.0  # the rating of a question of difficulty 0
STEP = 60.0  # rating points per unit of difficulty
START = EASY + STEP * 2  # a new learner: as good as a question of difficulty 2
AIM = 150.0  # ask this far below your level: right about 70% of the time
QUESTION_RD = 60.0  # how sure the formula is of a question's rating
UNRATED = 4.0  # the difficulty an answer kept without one is taken to have
RIGHT = 0.999


def question_rating(difficulty: float) -> float:
    return EASY + STEP * difficulty


def level(answers: Sequence[Answer]) -> float | None:
    """Your rating after these answers, oldest first (None before any)."""
    if not answers:
        return None
    player = glicko2.Player(rating=START, rd=350, vol=0.06)
    for a in answers:
        d = a.difficulty if a.difficulty is not None else UNRATED
        player.update_player([question_rating(d)], [QUESTION_RD], [1 if a.points >= RIGHT else 0])
    return float(player.rating)


def target(answers: Sequence[Answer]) -> float:
    """The difficulty a lesson should ask at next, from your answers in the skill."""
    rated = level(answers)
    rating = START if rated is None else rated
    return max(0.0, (rating - AIM - EASY) / STEP)

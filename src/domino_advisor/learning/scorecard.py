"""What the learner's record says: per kind of question, how often you are right,
lately and lesson by lesson; each game's totals; where the answers came from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from domino_advisor.learning.answers import KINDS, OWN, SOURCES, Answer

if TYPE_CHECKING:
    from domino_advisor.base import shapes


@dataclass(frozen=True)
class KindSummary:
    kind: str
    asked: int
    accuracy: float  # mean points, 0 to 1
    recent: float | None  # the last ten answers' mean
    lessons: list[float]  # accuracy per lesson, oldest first (for the chart)


def summary(answers: list[Answer]) -> list[KindSummary]:
    """Every game's questions, asked or not; a game's own, once asked."""
    out = []
    for kind in KINDS:
        mine = [a for a in answers if a.kind == kind]
        if not mine and kind in OWN:
            continue
        if not mine:
            out.append(KindSummary(kind, 0, 0.0, None, []))
            continue
        by_lesson: dict[tuple[int, float], list[float]] = {}
        order: list[tuple[int, float]] = []
        for a in mine:
            key = (a.lesson, a.at // 3600)  # a lesson replayed later counts apart
            if key not in by_lesson:
                by_lesson[key] = []
                order.append(key)
            by_lesson[key].append(a.points)
        last = mine[-10:]
        out.append(
            KindSummary(
                kind,
                len(mine),
                sum(a.points for a in mine) / len(mine),
                sum(a.points for a in last) / len(last),
                [sum(by_lesson[k]) / len(by_lesson[k]) for k in order],
            )
        )
    return out


@dataclass(frozen=True)
class GameTotal:
    game: str  # the game as people write it ("dominoes": the line games, every preset)
    answers: int
    accuracy: float  # mean points, 0 to 1


def game_of(answer: Answer) -> str:
    """The game an answer was given in, as people write it (the line games' presets are
    one game)."""
    from domino_advisor.games.registry import game_for

    return game_for(answer.rules).title


def by_game(answers: list[Answer]) -> list[GameTotal]:
    """Each game's answers and accuracy, in the registry's order (the games never played
    left out)."""
    from domino_advisor.games.registry import every_game

    out = []
    for title in (g.title for g in every_game()):
        mine = [a.points for a in answers if game_of(a) == title]
        if mine:
            out.append(GameTotal(title, len(mine), sum(mine) / len(mine)))
    return out


def sources(answers: list[Answer]) -> shapes.ProgressSourcesJson:
    """How many answers came from lessons, from practice at the table, from drills."""
    counted = {src: sum(1 for a in answers if a.source == src) for src in SOURCES}
    return {"train": counted["train"], "practice": counted["practice"], "drill": counted["drill"]}

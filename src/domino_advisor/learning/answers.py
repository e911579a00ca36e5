"""An answer to a question, as the learner's record keeps it: its fields, and the
checks a line or a row must pass to be one (the record is a file anyone can edit)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

# each game's own kind of question (learning.gamequestions), as a player names the skill
OWN = {
    "stuck": "who cannot follow",  # the line games
    "own-train": "who is off their train",  # Mexican Train
    "foot": "what can toe the foot",  # Chicken Foot
    "sevens": "what makes seven",  # Matador
    "race": "who is out of the race",  # Tiddly-wink
}
# the question kinds, named as a player would, in the order lessons ask them: every game's
# counting questions, the move, then each game's own
KINDS = ("voids", "count", "where", "move", *OWN)
SOURCES = ("train", "practice", "drill")  # a lesson, practice at a real table, a drill from your games
LABELS = {
    "voids": "what they lack",
    "count": "counting a number",
    "where": "where a tile is",
    "move": "your move",
    **OWN,
}


@dataclass(frozen=True)
class Answer:
    kind: str  # one of KINDS
    points: float  # 0 to 1
    rules: str  # the preset's name
    lesson: int  # the lesson's seed
    seconds: float  # time taken to answer
    at: float  # when (seconds since the epoch)
    source: str = "train"  # one of SOURCES
    difficulty: float | None = None  # the question's (learning.difficulty); None: kept by 0.10 or earlier


FIELDS = tuple(Answer.__dataclass_fields__)
OPTIONAL = ("difficulty",)  # a pending answer kept by 0.10 has none
_INTEGER = 2**63  # SQLite's integers are below this
_LAST_TIME = 253_402_300_799  # the end of the year 9999, the last a date can show


def answer_from(line: str) -> Answer:
    """One pending answer, checked field by field (the file is text anyone can edit);
    ``ValueError`` says what is wrong, in a player's words."""

    def number(x: object, low: float, high: float) -> bool:
        if isinstance(x, bool) or not isinstance(x, (int, float)):
            return False
        try:
            v = float(x)
        except OverflowError:  # an int past any float (SQLite could not hold it either)
            return False
        return math.isfinite(v) and low <= v <= high

    try:
        d = json.loads(line)
    except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
        raise ValueError("it is not a line of JSON") from None
    if not isinstance(d, dict) or not set(FIELDS) - set(OPTIONAL) <= set(d) <= set(FIELDS):
        raise ValueError(f"it does not have an answer's fields ({', '.join(FIELDS)})")
    if d["kind"] not in KINDS:
        raise ValueError(f"kind is not one of {', '.join(KINDS)}")
    if d["source"] not in SOURCES:
        raise ValueError(f"source is not one of {', '.join(SOURCES)}")
    if not isinstance(d["rules"], str):
        raise ValueError("rules is not a name")
    if not number(d["points"], 0, 1):
        raise ValueError("points is not a number from 0 to 1")
    if not number(d["seconds"], 0, math.inf):
        raise ValueError("seconds is not a number of 0 or more")
    if not number(d["at"], 0, _LAST_TIME):
        raise ValueError("at is not a time (seconds since 1970, before the year 10000)")
    lesson = d["lesson"]
    if not number(lesson, -_INTEGER, _INTEGER) or not float(lesson).is_integer():
        raise ValueError("lesson is not a whole number")
    lesson = int(lesson)
    if not -_INTEGER <= lesson < _INTEGER:
        raise ValueError("lesson is not a whole number")
    difficulty = d.get("difficulty")
    if difficulty is not None and not number(difficulty, 0, 1000):
        raise ValueError("difficulty is not a number from 0 to 1000")
    return Answer(
        d["kind"],
        float(d["points"]),
        d["rules"],
        lesson,
        float(d["seconds"]),
        float(d["at"]),
        d["source"],
        None if difficulty is None else float(difficulty),
    )


def answer_row(row: tuple) -> Answer | None:
    """One row of the answers table, or None if it is not an answer (the file is anyone's
    to edit: infinite or negative points, text, NULL)."""
    kind, points, rules, lesson, seconds, at, source, *rest = row
    difficulty = rest[0] if rest else None

    def number(x: object) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)

    if (
        kind not in KINDS
        or source not in SOURCES
        or not isinstance(rules, str)
        or not isinstance(lesson, int)
    ):
        return None
    if not (number(points) and 0 <= points <= 1 and number(at) and at >= 0):
        return None
    if seconds is not None and not (number(seconds) and seconds >= 0):
        return None
    if difficulty is not None and not (number(difficulty) and 0 <= difficulty <= 1000):
        difficulty = None  # a damaged difficulty: the answer stands, rated as one kept without
    rated = None if difficulty is None else float(difficulty)
    return Answer(kind, float(points), rules, lesson, float(seconds or 0.0), float(at), source, rated)


def now() -> float:
    from domino_advisor.learning import clock

    return clock.now()

"""Skills and their evidence (issue 41, items 4 and 5): the Wilson interval against its
formula's published values, what makes a skill weak, the learning curve, and a lesson's
share of questions from your weak skills."""

from __future__ import annotations

import math
import random

from hypothesis import given
from hypothesis import strategies as st

from domino_advisor.learning.answers import Answer
from domino_advisor.learning.skills import AIMED, is_weak, next_kind, skills, wilson


def test_wilson_matches_the_published_values():
    # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson(15, 148)
    assert (round(low, 4), round(high, 4)) == (0.0624, 0.1605)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(10, 10)[1], 1.0) and wilson(0, 0) == (0.0, 1.0)


def test_weak_needs_three_misses_and_an_interval_below_your_accuracy():
    assert not is_weak([False, False] + [True] * 18, 0.99)  # two misses: not yet evidence
    assert not is_weak([False] * 3 + [True] * 17, 0.9)  # 85%: its interval reaches 90%
    assert is_weak([False] * 8 + [True] * 12, 0.9)  # 60%, upper end 78%: below 90%
    assert not is_weak([False] * 8 + [True] * 12, 0.7)  # but not below 70%
    assert not is_weak([False] * 30 + [True] * 20, 0.99)  # only the last 20 count: all right


def _answer(kind: str, right: bool, rules: str = "classic") -> Answer:
    return Answer(kind, 1.0 if right else 0.0, rules, 1, 1.0, 100.0)


def test_each_game_family_and_kind_is_a_skill_with_its_curve():
    answers = [_answer("count", i >= 5) for i in range(12)] + [_answer("voids", True, "mexican-train")] * 3
    found = skills(answers, family=lambda a: "dominoes" if a.rules == "classic" else "Mexican Train")
    assert [(s.game, s.kind, s.answers) for s in found] == [
        ("dominoes", "count", 12),
        ("Mexican Train", "voids", 3),
    ]
    count = found[0]
    assert count.curve == (1.0, 0.0, 0.0)  # the error rate per 5 opportunities: learned
    assert count.right == 7 and count.recent == 12 and count.accuracy == 7 / 12
    assert not count.weak  # 5 wrong, but 7 of 12 reaches 81%, above your 67% overall
    many = answers + [_answer("voids", True, "mexican-train")] * 30
    weak = skills(many, family=lambda a: a.rules)[0]
    assert weak.kind == "count" and weak.weak and weak.high < 40 / 45  # now you are better elsewhere


@given(
    st.integers(1, 40), st.sets(st.sampled_from(["voids", "count", "where"]), min_size=1), st.integers(0, 99)
)
def test_a_lesson_of_any_length_takes_at_least_seven_tenths_from_weak_skills(n, weak, seed):
    rng = random.Random(seed)
    asked: list[str] = []
    for _ in range(n):
        asked.append(next_kind(asked, sorted(weak), ["voids", "count", "where"], rng))
    assert sum(1 for k in asked if k in weak) >= math.ceil(AIMED * n)
    others = [k for k in ("voids", "count", "where") if k not in weak]
    if others and n >= 10:
        assert set(others) & set(asked)  # the rest still comes


def test_with_no_weak_skill_every_kind_comes_in_turn():
    asked: list[str] = []
    for _ in range(6):
        asked.append(next_kind(asked, [], ["voids", "count", "where"], random.Random(1)))
    assert asked == ["voids", "count", "where"] * 2


def test_the_turn_goes_on_from_the_last_lesson():
    """A short lesson after another starts with the kind asked least, not always the
    first (else 'where' would wait behind the others lesson after lesson)."""
    before = ["voids", "count", "voids", "count", "where"]
    asked: list[str] = []
    for _ in range(2):
        asked.append(next_kind(asked, [], ["voids", "count", "where"], random.Random(1), before))
    assert asked == ["where", "voids"]


def test_progress_shows_each_skill_in_the_terminal_and_in_json(runner):
    import io
    import json

    from rich.console import Console

    from clitools import run
    from domino_advisor.learning.progress import Record
    from domino_advisor.views.skillsview import skills_view

    record = Record()
    for i in range(20):
        record.add(_answer("count", i % 2 == 0))
    for _ in range(40):
        record.add(_answer("voids", True))
    record.close()
    res = run(runner, "progress", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["version"] == 2 and data["overall"] == round(50 / 60, 4)
    count = next(s for s in data["skills"] if s["kind"] == "count")
    assert count["game"] == "dominoes" and count["answers"] == 20 and count["recent"] == 20
    assert count["right"] == 10 and count["weak"] and count["high"] < data["overall"]
    assert count["curve"] == [0.4, 0.6, 0.4, 0.6] and count["level"] is not None
    found = skills(Record().answers(), family=lambda a: "dominoes")
    for width in (50, 80):
        out = io.StringIO()
        Console(file=out, width=width, no_color=True).print(skills_view(found, 50 / 60, width))
        lines = out.getvalue().splitlines()
        assert any("WEAK" in line for line in lines)
        assert all(len(line.rstrip()) <= width for line in lines), out.getvalue()

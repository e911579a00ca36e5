"""``progress --html``'s page of skills: what each card says (the weak badge and its
reason, the interval, the level), the learning curve's points, escaped text and no
script; and, in the slow tier, the page as headless Chromium draws it at 1280 and 390
pixels (no sideways scrolling, every plot drawn at a size), skipped where Chromium is
not installed."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from domino_advisor.learning.answers import Answer
from domino_advisor.learning.scorecard import game_of
from domino_advisor.learning.skills import Skill, skills
from domino_advisor.views.progresspage import learning_curve, skills_page
from progressexample import chromium, example, example_page, look

BASE = Skill("dominoes", "count", 23, 15, 20, 0.53, 0.89, (0.6, 0.4, 0.2, 0.2, 0.0), 1612.4, False)


def test_text_is_escaped_never_run():
    hostile = replace(BASE, game="<img src=x onerror=alert(1)>&co")
    page = skills_page([hostile], 23, 0.8, title_note="<script>alert(2)</script>")
    assert "<img" not in page and "<script" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;&amp;co" in page
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in page


def test_a_card_says_its_evidence():
    page = skills_page([BASE], 23, 0.8)
    assert "23 answers" in page and "75% (53%–89%) of the last 20" in page
    assert "level 1612" in page and "You were right in 80% of your 23 answers" in page
    assert "WEAK" not in page


def test_a_weak_skill_says_so_in_words_with_its_reason():
    weak = replace(BASE, right=10, low=0.3, high=0.7, weak=True)
    page = skills_page([weak, replace(BASE, kind="voids")], 60, 0.82)
    assert page.count(">WEAK<") == 1
    assert "3 or more wrong of the last 20, and even at best (70%) below your 82% overall" in page


def test_the_curve_has_a_point_per_block_of_answers():
    svg = learning_curve(BASE)
    assert svg.count("<circle") == len(BASE.curve) == 5
    line = re.search(r'<polyline points="([^"]*)"', svg)
    assert line is not None and len(line.group(1).split()) == 5
    assert 'viewBox="0 0 ' in svg and 'width="100%"' in svg
    assert ">answers so far<" in svg and ">wrong<" in svg and ">100%<" in svg and ">0%<" in svg
    assert "answers 21 to 23: 0% wrong" in svg  # the last block holds fewer


def test_a_skill_with_one_answer_renders():
    one = skills([Answer("count", 1.0, "matador", 7, 4.0, 1_780_000_000.0)], game_of)
    page = skills_page(one, 1, 1.0)
    assert "<h2>Matador</h2>" in page and "1 answer<" in page
    assert "100% (21%–100%) of your 1 answer so far" in page and "no level yet" in page
    assert learning_curve(one[0]).count("<circle") == 1 and "<polyline" not in page


def test_a_skill_without_answers_says_there_is_no_curve():
    empty = Skill("dominoes", "where", 0, 0, 0, 0.0, 1.0, (), None, False)
    assert "<svg" not in learning_curve(empty) and "no learning curve" in learning_curve(empty)
    assert "no answers yet" in skills_page([empty], 0, None)
    assert "No answers yet" in skills_page([], 0, None)


def test_the_example_page_stands_alone_and_shows_every_case():
    """The page the slow test and the screenshots show: no script, no outside file, and
    a weak skill and a skill of one answer among its cards."""
    found, _, _ = example()
    page = example_page()
    assert "<script" not in page and "src=" not in page and "href=" not in page
    assert 'name="viewport"' in page
    assert any(s.weak for s in found) and any(s.answers == 1 for s in found)
    assert len({s.game for s in found}) == 3 and page.count("<svg") == len(found)


@pytest.mark.slow
@pytest.mark.skipif(chromium() is None, reason="needs Debian's chromium to lay out the page")
def test_the_page_in_a_real_browser(tmp_path):
    """As drawn at 1280 and at 390 pixels (a phone): nothing wider than the screen, every
    plot drawn with a width and a height inside it; a game's name too long for a phone,
    with no place to break, wraps rather than widening the page."""
    found, count, overall = example()
    long_name = replace(found[0], game="Tiddlywink" * 30)
    for page, plots in ((example_page(), len(found)), (skills_page([long_name], count, overall), 1)):
        for width, laid in look(page, tmp_path, (1280, 390)).items():
            assert laid["inner"] == width and laid["scroll"] <= laid["screen"] == width, laid
            assert len(laid["plots"]) == plots
            assert all(0 < w <= width and h > 0 for w, h in laid["plots"]), laid["plots"]

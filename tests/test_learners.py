"""The model learners of scripts/learners_models.py behave as their docstring says, and
scripts/learners.py trains them fairly: every arm asks the same number of questions a
day, the same seed gives the same figures, and 0.10.0's rule retires a drill after two
right answers.  Which schedule wins is the measurement (docs/learning-models.md), not a
property tested here."""

from __future__ import annotations

import importlib
import itertools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
models = importlib.import_module("learners_models")
sim = importlib.import_module("learners")

WHO = [f"test/{n}" for n in range(6)]


def _studied(model: str, who: str, gaps: list[float], right: bool = True):
    """A learner with one item of 'count', practised first at 0.75 then after each gap."""
    me = models.learner(model, who)
    item = me.new_item("count")
    t = 0.75
    me.answer(item, right, t)
    for gap in gaps:
        t += gap
        me.answer(item, right, t)
    return me, item, t


@pytest.mark.parametrize("model", ["P", "Q", "R"])
def test_recall_decays_with_time(model):
    for who in WHO:
        me, item, t = _studied(model, who, [])
        recalls = [me.recall(item, t + days) for days in (0.5, 1, 3, 7, 30)]
        assert all(a > b for a, b in itertools.pairwise(recalls)), recalls
        assert 0 < recalls[-1] < recalls[0] < 1


@pytest.mark.parametrize("model", ["P", "Q", "R"])
def test_spaced_practice_raises_recall(model):
    for who in WHO:
        once, item, t = _studied(model, who, [])
        spaced, item2, t2 = _studied(model, who, [1, 3, 7])
        assert spaced.recall(item2, t2 + 7) > once.recall(item, t + 7)


@pytest.mark.parametrize("model", ["P", "Q", "R"])
def test_a_longer_gap_grows_memory_more(model):
    """The spacing effect: the same two practices, the second after 1 or 4 days, recalled
    20 days after the second."""
    for who in WHO:
        short, i, ts = _studied(model, who, [1])
        long, j, tl = _studied(model, who, [4])
        assert long.recall(j, tl + 20) > short.recall(i, ts + 20)


def test_model_p_grows_the_half_life_more_after_a_harder_retrieval():
    for who in WHO:
        growth = []
        for gap in (0.01, 1, 4):
            me, item, _ = _studied("P", who, [gap])
            growth.append(me.half[item] / (me.h0 * me.ease["count"]))
        assert 1 <= growth[0] < growth[1] < growth[2]


@pytest.mark.parametrize("model", ["P", "Q", "R"])
def test_a_skill_grows_with_practice_and_decays_without(model):
    me = models.learner(model, "test/skill")
    before = me.accuracy(0.0)["where"]
    for day in range(10):
        for n in range(5):
            me.answer(me.new_item("where"), True, day + 0.75 + n / 1440)
    after = me.accuracy(10.0)
    assert after["where"] > before
    assert me.accuracy(40.0)["where"] < after["where"]
    assert after["voids"] == me.accuracy(0.0)["voids"]  # practice of one kind leaves the others


def test_model_r_learns_more_skill_from_a_hard_retrieval_than_an_easy_one():
    """Model R: the same item first met with a wrong answer (which teaches the skill
    nothing), then answered right at day 4.75, after a gap of 4 days (a hard retrieval) or
    of 0.1 day (an easy one): the hard one leaves the kind's skill higher."""
    for who in WHO:
        skills = []
        for first in (0.75, 4.65):
            me = models.learner("R", who)
            item = me.new_item("count")
            me.answer(item, False, first)
            assert me.accuracy(10.0)["count"] == me.accuracy(0.0)["count"]
            r = me.recall(item, 4.75)
            me.answer(item, True, 4.75)
            assert me.credit["count"] == {4: pytest.approx(1 - r)}
            skills.append(me.accuracy(10.0)["count"])
        assert skills[0] > skills[1] > me.accuracy(0.0)["count"]


def test_model_r_learns_no_skill_from_a_wrong_answer():
    for who in WHO:
        me = models.learner("R", who)
        before = me.accuracy(0.0)
        for day in range(10):
            for n in range(5):
                me.answer(me.new_item("where"), False, day + 0.75 + n / 1440)
        item = me.new_item("voids")
        me.answer(item, False, 0.75)
        me.answer(item, False, 5.75)
        assert me.accuracy(12.0) == before
        assert me.recall(item, 6.0) > 0  # the item itself was studied (its answer shown)


def test_model_r_has_kinds_further_apart_than_model_p():
    assert models.ModelR.PER_KIND["a"] == (-3.5, 0.5)
    assert models.ModelP.PER_KIND["a"] == (-2.5, 0.0)
    me = models.learner("R", "test/kinds")
    assert all(-3.5 <= a <= 0.5 for a in me.a.values())


@pytest.mark.parametrize("model", ["P", "Q", "R"])
def test_every_arm_asks_the_same_questions_a_day(model):
    for who in WHO[:3]:
        for arm in sim.ARMS:
            assert sim.train(model, who, arm, 12, 7).asked == [7] * 12


def test_the_same_seed_gives_the_same_figures():
    first = [sim.one_learner(("P", who, 8, 6)) for who in WHO[:3]]
    again = [sim.one_learner(("P", who, 8, 6)) for who in WHO[:3]]
    assert first == again
    other = sim.one_learner(("P", "test/other", 8, 6))
    assert other["b"].retention != first[0]["b"].retention


def test_the_old_rule_retires_a_drill_after_two_rights():
    """0.10.0: missed, due next lesson; right, the lesson after; done after two rights."""
    card = sim.Card(0, "voids", 0.5)
    sim._schedule(card, False, "a", 0, 0.75)  # lesson 1
    assert card.due_lesson == 2 and [c.item for c in sim._due([card], "a", 1, 20)] == [0]
    sim._schedule(card, True, "a", 1, 1.75)  # lesson 2
    assert card.due_lesson == 4 and sim._due([card], "a", 2, 20) == []
    assert [c.item for c in sim._due([card], "a", 3, 20)] == [0]
    sim._schedule(card, True, "a", 3, 3.75)  # lesson 4: the second right
    assert all(sim._due([card], "a", day, 20) == [] for day in range(4, 40))


def test_the_old_rule_asks_ten_drills_the_costliest_first():
    cards = [sim.Card(n, "count", cost=n / 20) for n in range(15)]
    due = sim._due(cards, "a", 0, 20)
    assert [c.item for c in due] == list(range(14, 4, -1))


@pytest.mark.parametrize("model", ["P", "Q", "R"])
def test_the_mixed_arm_gives_new_items_their_share_of_every_day(model):
    for who in WHO[:3]:
        mixed, reviews_first = sim.train(model, who, "d", 12, 10), sim.train(model, who, "b", 12, 10)
        assert mixed.items >= round((1 - sim.REVIEW_SHARE) * 10) * 12  # four new items a day at least
        assert mixed.items > reviews_first.items

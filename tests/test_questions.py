"""The counting questions: the true answer scores, a wrong one does not, and every
one-line explanation cites only what the position shows (checked against the view
itself on random small rounds)."""

from __future__ import annotations

import random
import re

import pytest

from domino_advisor.base.errors import NotationError
from domino_advisor.base.tiles import full_set
from domino_advisor.counting.inference import infer
from domino_advisor.learning.questions import Count, Voids, Where, parse_numbers, pick, why_lacks
from positions import random_views

VIEWS = list(random_views(120, seed=1414, first_cut=3))


def _claims_hold(view, why: str) -> None:
    """Each clause of a void's proof is true of the view."""
    for clause in why.split(", so ")[0].split("; "):
        if m := re.match(r"(\w+) (drew|passed) on ([\d·]+)", clause):
            seat = view.names.index(m.group(1))
            ends = {int(x) for x in m.group(3).split("·")}
            kind = "draw" if m.group(2) == "drew" else "pass"
            assert any(a.seat == seat and a.kind == kind and set(a.ends) == ends for a in view.history)
        elif m := re.match(r"every ([\d, and]+) is on the table or in your hand", clause):
            numbers = [int(x) for x in re.findall(r"\d+", m.group(1))]
            seen = set(view.table) | set(view.hand) | {t for ts in view.shown.values() for t in ts}
            for n in numbers:
                assert all(t in seen for t in full_set(view.rules.top) if t.bears(n)), clause
        else:
            assert re.match(r"every unseen [\d, and]+ must be elsewhere", clause), clause


@pytest.mark.parametrize("k", range(0, len(VIEWS), 3))
def test_voids_marks_the_truth_and_proves_it(k):
    view = VIEWS[k]
    inf = infer(view)
    for seat in view.opponents:
        q = Voids(seat)
        truth = set(inf.cannot_hold(seat))
        assert q.mark(truth, view, inf).points == 1.0
        wrong = set(range(view.rules.top + 1)) - truth or {0}
        assert q.mark(wrong, view, inf).points < 1.0 or wrong == truth
        if truth:
            why = q.mark(truth, view, inf).why
            assert why.endswith(f"so {view.names[seat]} lacks " + why.rsplit(" lacks ", 1)[1])
            _claims_hold(view, why)


def test_voids_proofs_cover_every_draw_case():
    """Over all the views, the proofs use each kind of reason at least once (the check
    above is not vacuous)."""
    kinds = set()
    for view in VIEWS:
        inf = infer(view)
        for seat in view.opponents:
            lacks = inf.cannot_hold(seat)
            if lacks:
                why = why_lacks(view, seat, lacks)
                kinds |= {
                    w for w in ("drew on", "passed on", "is on the table", "must be elsewhere") if w in why
                }
    assert {"drew on", "passed on", "is on the table"} <= kinds


@pytest.mark.parametrize("k", range(1, len(VIEWS), 4))
def test_count_is_the_unseen_tiles_with_the_number(k):
    view = VIEWS[k]
    inf = infer(view)
    for n in range(view.rules.top + 1):
        seen = set(view.table) | set(view.hand) | {t for ts in view.shown.values() for t in ts}
        truth = sum(1 for t in full_set(view.rules.top) if t.bears(n) and t not in seen)
        marked = Count(n).mark(truth, view, inf)
        assert marked.points == 1.0 and marked.truth.startswith(
            f"{truth} tile{'' if truth == 1 else 's'} with a"
        )
        assert marked.why.endswith(f"= {truth}")
        assert Count(n).mark(truth + 1, view, inf).points == 0.0


@pytest.mark.parametrize("k", range(2, len(VIEWS), 4))
def test_where_scores_the_likeliest_place(k):
    view = VIEWS[k]
    inf = infer(view)
    for tile in inf.unseen[:4]:
        q = Where(tile)
        where = inf.where(tile)
        best = max(where, key=where.get)
        worst = min(where, key=where.get)
        assert q.mark(best, view, inf).points == 1.0
        if where[worst] < where[best]:
            assert q.mark(worst, view, inf).points == 0.0
        for s in view.opponents:  # a player who cannot hold it is proved so
            if where[view.names[s]] == 0 and set(inf.cannot_hold(s)) & {tile.high, tile.low}:
                assert f"so {view.names[s]} lacks" in q.mark(best, view, inf).why


def test_answers_are_read_or_refused_in_the_table_words():
    view = VIEWS[0]
    inf = infer(view)
    assert parse_numbers("3, 5", 6) == {3, 5} and parse_numbers("none", 6) == set()
    with pytest.raises(NotationError, match="or - for none"):
        parse_numbers("  ", 6)  # Enter is not "none"
    with pytest.raises(NotationError, match="'9' is not a number from 0 to"):
        Voids(view.opponents[0]).read("9", view)
    with pytest.raises(NotationError, match="a whole number"):
        Count(3).read("three-ish", view)
    tile = inf.unseen[0]
    name = view.names[view.opponents[0]]
    assert Where(tile).read(name.upper(), view) == name
    assert Where(tile).read("bone", view) == "boneyard"
    with pytest.raises(NotationError, match="answer one of"):
        Where(tile).read("the moon", view)


def test_pick_asks_about_the_position():
    rng = random.Random(3)
    view = VIEWS[5]
    inf = infer(view)
    assert pick("voids", view, inf, rng).seat in view.opponents
    assert 0 <= pick("count", view, inf, rng).number <= view.rules.top
    assert pick("where", view, inf, rng).tile in inf.unseen

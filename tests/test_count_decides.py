"""Drills where the count decides (issue 41, item 6): a void forgotten changes the advice's
move by a gap clear of its error, from your own games (``train --from``) and from
generated deals (``train --deals``); after the drill, what counting it was worth."""

from __future__ import annotations

import random

import pytest

from clitools import run, small_drill_budgets
from domino_advisor.advice.advise import Options
from domino_advisor.base.tiles import full_set
from domino_advisor.cli.demo import demo_text
from domino_advisor.counting.inference import infer
from domino_advisor.games.registry import game_for
from domino_advisor.learning import countdecides, drillrows, drills
from domino_advisor.learning.countdecides import Decides
from domino_advisor.learning.progress import Record
from domino_advisor.log import gamelog

DEMO = demo_text()
FEW = Options(samples=200, seed=0)  # 200 worlds a move: 0.2 s a position here
BOB, LACKS = 2, 3  # at the demo's event 23, bob certainly lacks 3 (he drew on it at event 9)


def _demo_turn(event: int):
    return countdecides._turn(gamelog.loads(DEMO), event)


def test_forgetting_that_bob_lacks_3_changes_the_demos_move_clearly():
    r, me = _demo_turn(23)
    found = countdecides.deciding(r, me, FEW)
    assert [(d.seat, d.number, d.best, d.instead) for d in found] == [(BOB, LACKS, "4-4 on 4", "4-0 on 4")]
    d = found[0]
    assert d.error > 0 and d.gap > countdecides.CLEAR * d.error
    assert d.match and d.measure == "chance"  # the demo's round is played for a match
    assert countdecides.deciding(r, me, FEW) == found  # the same worlds, the same gap
    assert countdecides.deciding(r, me, FEW, about=1) == []  # ana's voids decide nothing here


def test_a_void_whose_forgetting_leaves_the_move_is_not_kept():
    r, me = _demo_turn(11)
    view = r.seat_view(me)
    assert countdecides.forgettable(view, infer(view)) == [(BOB, LACKS)]  # something to forget
    assert countdecides.deciding(r, me, FEW) == []


def test_forgetting_takes_the_number_out_of_the_counting_and_nothing_else():
    r, me = _demo_turn(23)
    view = r.seat_view(me)
    inf = infer(view)
    assert LACKS in inf.cannot_hold(BOB)
    assert inf.evidence is not None
    weaker = infer(view, evidence=countdecides.forgetting(inf.evidence, BOB, LACKS))
    assert LACKS not in weaker.cannot_hold(BOB)
    assert weaker.cannot_hold(1) == inf.cannot_hold(1)  # ana's voids are kept
    assert weaker.worlds > inf.worlds  # more deals fit what is left


def test_a_game_keeps_a_voids_drill_where_the_count_decides():
    log = gamelog.loads(DEMO)
    found = countdecides.from_game(log, FEW)
    assert [(d.event, d.kind, d.about) for d in found] == [(23, "voids", "bob")]
    d = found[0]
    assert d.position == drills.fingerprint(log, 22) and 0.02 <= d.cost <= 0.05
    assert drillrows.fits("demo.dom", DEMO, d.event, d.kind, d.about, d.cost, 0)
    assert countdecides.from_game(log, FEW, most=1) == found  # its one decision with the most voids


def test_the_words_after_the_drill():
    names = ("me", "ana", "bob")
    round_ = Decides(2, 3, "4-4 on 4", "4-0 on 4", 0.0712, 0.011, "chance")
    assert round_.words(names) == (
        "had you counted this (bob lacks 3), you would have played 4-4 on 4 rather than 4-0 on 4: "
        "worth 7.1% ±2.2% of your chance"
    )
    match = Decides(1, 0, "6-5 on 6", "6-5 on 5", 0.0223, 0.004, "chance", match=True)
    assert match.worth() == "worth 2.2% ±0.8% of your match chance"
    pips = Decides(2, 9, "11-8 on me", "9-6 on mexican", 10.2, 3.14, "pips")
    assert pips.worth() == "worth 10.2 pips ±6.3"


CLASSIC = game_for("classic").rules_from("classic", "")


def test_a_generated_deal_is_the_same_every_time_and_its_drill_fits():
    first = countdecides.deal_drill(CLASSIC, 3, 1, 5, FEW)
    assert first is not None and countdecides.deal_drill(CLASSIC, 3, 1, 5, FEW) == first
    log = gamelog.loads(first.text)
    d = first.drill
    assert log.tags["Set"] == "target=0" and log.players == ["me", "ana", "bob"]
    assert drillrows.fits(first.name, first.text, d.event, d.kind, d.about, d.cost, 0)
    assert d.event == len(log.numbered_events())  # the log ends with your move: the advice's
    r, me = countdecides._turn(log, d.event)
    again = countdecides.deciding(r, me, FEW)
    assert again and d.about == r.names[again[0].seat] and d.cost == round(again[0].gap, 4)
    assert str(log.events[-1]) == f"me plays {again[0].best}"
    assert countdecides.deal_drill(CLASSIC, 3, 1, 1, FEW) is None  # a deal where the count never decides


def _right_voids(text: str, event: int, about: str) -> str:
    at = drills.moment(gamelog.loads(text), event)
    return " ".join(map(str, at.inference.cannot_hold(at.view.names.index(about)))) or "-"


def test_train_deals_keeps_the_drill_and_says_what_counting_was_worth(runner, monkeypatch):
    small_drill_budgets(monkeypatch)  # the advice at a fifth of the table's work: deal 1 of seed 3 decides
    res = run(runner, "train", "--deals", "1", "--seed", "3", "--rules", "classic", input="q\n")
    assert res.exit_code == 0, res.output
    assert "1 deal: the count decides the move in 1, 1 new drill" in res.output
    (kept,) = Record().due()
    assert kept.name == "deal-3-1.dom" and kept.drill.kind == "voids" and kept.drill.about == "bob"
    answer = _right_voids(kept.text, kept.drill.event, kept.drill.about)
    asked = run(runner, "train", "--drills", input=answer + "\n")
    said = " ".join(asked.output.split())
    assert "right: bob certainly lacks" in said
    assert f"before your move at event {kept.drill.event} (where the count decides: worth " in said
    assert "had you counted this (bob lacks 6), you would have played 6-5 on 6 rather than 6-5 on 5" in said
    again = run(runner, "train", "--deals", "1", "--seed", "3", "--rules", "classic", input="q\n")
    assert "1 new drill" not in again.output and "0 new drills" in again.output  # the same deal


def test_train_deals_is_refused_where_it_does_nothing(runner):
    res = run(runner, "train", "--deals", "2", "--bots", "random")
    assert res.exit_code == 2 and "--bots does nothing with --deals" in res.output
    res = run(runner, "train", "--deals", "2", "--drills")
    assert res.exit_code == 2 and "--deals does nothing with --from or --drills" in res.output
    res = run(runner, "train", "--deals", "0")
    assert res.exit_code == 2 and "--deals" in res.output


@pytest.mark.slow  # the table's budget: 6 s (its deals are most of it)
def test_at_the_tables_budget_the_count_decides_where_the_fast_tests_say():
    log = gamelog.loads(DEMO)
    table = Options()
    r, me = _demo_turn(23)
    (d,) = countdecides.deciding(r, me, table)
    assert (d.seat, d.number, d.best, d.instead) == (BOB, LACKS, "4-4 on 4", "4-0 on 4")
    assert d.gap == pytest.approx(0.0223, abs=0.0005) and d.error == pytest.approx(0.0040, abs=0.0005)
    assert d.words(r.names).endswith("worth 2.2% ±0.8% of your match chance")
    assert countdecides.deciding(*_demo_turn(11), table) == []
    assert [(x.event, x.about) for x in countdecides.from_game(log, table)] == [(23, "bob")]
    kept = countdecides.from_deals(CLASSIC, 3, 6, 1, table)
    assert [k.name for k in kept] == ["deal-1-6.dom"]
    assert countdecides.deal_drill(CLASSIC, 3, 1, 5, table) == kept[0]  # deal by deal: the same
    three = countdecides.deal_drill(CLASSIC, 3, 3, 0, table)  # the fast CLI test's deal decides here too
    assert three is not None and three.drill.about == "bob"


@pytest.mark.slow
def test_train_from_the_demo_at_the_tables_budget_says_what_counting_bob_was_worth(runner, tmp_path):
    game = tmp_path / "demo.dom"
    game.write_text(DEMO)
    res = run(runner, "train", "--from", game, input="q\n")
    said = " ".join(res.output.split())
    assert "1 costly decision, 4 new drills; the count decides 1 move" in said, said
    due = Record().due()
    counted = next(k for k in due if k.drill.event == 23)
    assert counted.drill.kind == "voids" and counted.drill.about == "bob"
    answers = []
    for k in due:
        if k.drill.kind == "voids":
            answers.append(_right_voids(DEMO, k.drill.event, k.drill.about))
        elif k.drill.kind == "count":
            at = drills.moment(gamelog.loads(DEMO), k.drill.event)
            answers.append(str(sum(1 for t in at.inference.unseen if t.bears(int(k.drill.about)))))
        else:
            answers.append(k.drill.about)
    asked = run(runner, "train", "--drills", input="\n".join(answers) + "\n")
    said = " ".join(asked.output.split())
    assert "event 23 (where the count decides: worth 2.2% ±0.8% of your match chance)" in said
    assert "event 11 (it cost" in said  # the costly decision's drills
    assert (
        "had you counted this (bob lacks 3), you would have played 4-4 on 4 rather than 4-0 on 4: "
        "worth 2.2% ±0.8% of your match chance"
    ) in said
    assert said.count("had you counted this") == 1  # at event 11 forgetting bob's void changes nothing


@pytest.mark.slow  # Mexican Train's advice at the table's budget: 1.5 s
def test_a_mexican_train_deal_where_the_count_decides_is_worth_pips_and_replays_from_its_log():
    rules = game_for("mexican-train").rules_from("mexican-train", "")
    found = countdecides.deal_drill(rules, 3, 1, 1, Options())
    assert found is not None
    d = found.drill
    assert drillrows.fits(found.name, found.text, d.event, d.kind, d.about, d.cost, 0)
    r, me = countdecides._turn(gamelog.loads(found.text), d.event)
    (again, *_) = countdecides.deciding(r, me, Options(), about=r.names.index(d.about))
    assert again.measure == "pips" and round(again.gap, 4) == d.cost >= 1.0  # as the lesson finds it
    assert again.worth().startswith(f"worth {again.gap:.1f} pips ±")


# -- a number miscounted, and Matador's voids of tiles (issue 41, item 6) -------------------
def _deal_turn(name: str, i: int):
    rules = game_for(name).rules_from(name, "")
    found = countdecides.deal_drill(rules, 3, 1, i, FEW)
    assert found is not None
    r, me = countdecides._turn(gamelog.loads(found.text), found.drill.event)
    return found, r, me


def test_a_number_miscounted_decides_at_a_generated_deal():
    found, r, me = _deal_turn("classic", 7)
    assert (found.drill.kind, found.drill.about, found.drill.decides) == ("count", "5", True)
    (d,) = countdecides.deciding(r, me, FEW, kinds=("count",))
    # worked out apart: the 5s you have not seen (the table and your hand are all you see)
    view = r.seat_view(me)
    seen = set(view.table) | set(view.hand)
    unseen = [t for t in full_set(r.rules.top) if t.bears(5) and t not in seen]
    assert d.unseen == len(unseen) == 3 and d.seat is None and d.gap > 2 * d.error
    assert d.words(r.names).startswith(
        f"had you counted this (3 of the 5s unseen, not 2), you would have played {d.best}"
    )
    assert countdecides.deciding(r, me, FEW, kinds=("count",), number=5) == [d]
    assert countdecides.deciding(r, me, FEW, kinds=("count",), number=4) == []


def test_a_miscount_takes_one_tile_for_played_and_puts_it_in_the_boneyard():
    _, r, me = _deal_turn("classic", 7)
    view = r.seat_view(me)
    inf = infer(view)
    (lapse,) = countdecides.miscountable(r, view, inf)
    assert lapse.number == 5 and lapse.tile.bears(5) and lapse.tile in inf.unseen
    weaker = infer(view, evidence=countdecides.miscounting(inf.evidence or view.evidence(), view, lapse.tile))
    assert not weaker.warnings
    where = weaker.where(lapse.tile)
    assert where["boneyard"] == pytest.approx(1.0) and all(where[view.names[s]] == 0 for s in view.opponents)
    assert set(weaker.unseen) == set(inf.unseen)  # nothing else is taken: one tile's place believed wrong


def test_without_a_boneyard_a_number_cannot_be_miscounted():
    rules = game_for("block").rules_from("block", "hand=7")  # four hands of seven: the whole set dealt
    r = game_for("block").deal_round(rules, ["me", "ana", "bob", "cy"], random.Random(3), you=0)
    view = r.seat_view(0)
    assert view.boneyard == 0 and countdecides.miscountable(r, view, infer(view)) == []


def test_matadors_voids_of_tiles_are_forgotten_number_by_number():
    found, r, me = _deal_turn("matador", 6)
    assert found.drill.kind == "voids"
    view = r.seat_view(me)
    inf = infer(view)
    ev = inf.evidence or view.evidence()
    seat = view.names.index(found.drill.about)
    numbers = [n for s, n in countdecides.forgettable(view, inf) if s == seat]
    assert numbers and any(v.tiles is not None for v in ev.voids if v.seat == seat)
    n = numbers[0]
    weaker = countdecides.forgetting(ev, seat, n)
    for before, after in zip(
        [v for v in ev.voids if v.seat == seat and v.tiles],
        [v for v in weaker.voids if v.seat == seat],
        strict=False,
    ):
        assert after.tiles == frozenset(t for t in before.tiles if not t.bears(n))
    assert n not in infer(view, evidence=weaker).cannot_hold(seat)


def test_a_count_drill_where_a_miscount_decides_says_what_counting_was_worth(runner, monkeypatch):
    small_drill_budgets(monkeypatch)
    d, _, _ = _deal_turn("classic", 7)  # deal 7 of seed 1: a miscount of the 5s decides
    assert d.drill.kind == "count"
    record = Record()
    record.add_drills(d.name, drills.fingerprint(gamelog.loads(d.text)), d.text, [d.drill])
    record.close()
    r, me = countdecides._turn(gamelog.loads(d.text), d.drill.event)
    view = r.seat_view(me)
    n = int(d.drill.about)
    unseen = sum(1 for t in full_set(r.rules.top) if t.bears(n) and t not in set(view.table) | set(view.hand))
    asked = run(runner, "train", "--drills", input=f"{unseen}\n")
    said = " ".join(asked.output.split())
    assert (
        f"how many {n}s have you not seen yet?" in said
        and f"right: {unseen} tiles with a {n} are unseen" in said
    )
    weighed = countdecides.deciding(r, me, Options(samples=None, seed=0), kinds=("count",), number=n)
    assert weighed  # at the drill lesson's own budget too
    assert (
        f"had you counted this ({unseen} of the {n}s unseen, not {unseen - 1}), you would have played" in said
    )


def test_no_miscount_where_an_end_takes_other_tiles_than_its_number():
    """Matador's ends take the tile that makes seven: a count of the number showing is
    not what decides there."""
    for i in range(6):
        found = countdecides.deal_drill(game_for("matador").rules_from("matador", ""), 3, 1, i, FEW)
        assert found is None or found.drill.kind == "voids"

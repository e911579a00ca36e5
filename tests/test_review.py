"""The review of a finished game, against a golden file (fixed seed) and by its parts."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from domino_advisor import gamelog
from domino_advisor.cli import main
from domino_advisor.demo import demo_text
from domino_advisor.review import review, to_html

DATA = Path(__file__).parent / "data"


def test_demo_review_matches_golden_file():
    """Regenerate with the snippet in this file's history only when a change is intended."""
    got = review(gamelog.loads(demo_text()), samples=60, seed=7).as_dict()
    want = json.loads((DATA / "demo-review.golden.json").read_text())
    assert got == want


def test_review_parts():
    data = review(gamelog.loads(demo_text()), samples=60, seed=7).as_dict()
    assert data["decisions"], "the demo has decisions with a choice"
    for d in data["decisions"]:
        assert 0 <= d["played_win"] <= d["best_win"] + 1e-9 <= 1 + 1e-9
        assert d["cost"] == round(max(0.0, d["best_win"] - d["played_win"]), 4)
    texts = [i["text"] for i in data["insights"]]
    assert "bob drew on 2·5 (line 12), so bob lacks 2 and 5" in texts
    assert "ana passed on 2·4, so ana lacks 2 and 4" in texts
    assert "6-6 is certainly in the boneyard" in texts  # the lead rule: me opened 5-5


def test_double_held_too_long():
    # block game: me plays 5-0 instead of 5-5, then cannot place 5-5 and is left with it
    text = """[Rules "block"]
[Players "me ana"]
[Set "hand=3"]
round 1
me holds 6-6 5-5 5-0
me plays 6-6
ana plays 6-5 on 6
me plays 5-0 on 5
ana plays 6-4 on 6
me passes
ana plays 4-3 on 4
me shows 5-5
"""
    data = review(gamelog.loads(text), samples=40, seed=1).as_dict()
    assert [d["played"] for d in data["decisions"]] == ["5-0 on 5"]
    assert data["decisions"][0]["choices"] == 2
    assert data["doubles"] == [
        "round 1: you held 5-5 through 1 turn when it could be played, and it was left in your hand (10 pips)"
    ]


def test_review_cli_and_html(tmp_path):
    game = tmp_path / "demo.dom"
    game.write_text(demo_text())
    page = tmp_path / "review.html"
    res = CliRunner().invoke(main, ["review", str(game), "--samples", "30", "--html", str(page)])
    assert res.exit_code == 0, res.output
    assert "your decisions" in res.output and "agreed with the advisor" in res.output
    html = page.read_text()
    assert html.startswith("<!doctype html>") and "<script" not in html and "bob lacks 2 and 5" in html
    data = json.loads(CliRunner().invoke(main, ["review", str(game), "--samples", "30", "--json"]).output)
    assert data == review(gamelog.loads(demo_text()), samples=30, seed=0).as_dict()
    assert to_html(data, "t").count("<tr") == 2 + len(data["decisions"]) + len(data["insights"])


def test_review_refuses_a_bad_log(tmp_path):
    bad = tmp_path / "bad.dom"
    bad.write_text('[Players "me ana"]\nround 1\nme holds 6-6\n')
    res = CliRunner().invoke(main, ["review", str(bad)])
    assert res.exit_code == 2 and "you hold 1 tiles" in res.output

"""Tiddly-wink at the table, driven by a script: the session's prompt says anyone may act
(nobody has the move at a race), advice comes whenever you may play, the shorthand writes
the full lines, a refused line leaves the file as it was, and the match's end names the
most points as its winner."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import drive

LOG = """[Rules "tiddly-wink"]
[Players "ana me bob"]
[Me "me"]
round 1
me holds 6-6 5-5 5-4 2-1 0-0
me plays 6-6
bob plays 6-4 on 6
"""
TYPED = ["me 54", "me 55", "ana 51", "me 21", "ana 20", "me 00", "ana c 20", "bob c 15"]
WRITTEN = [
    "me plays 5-4 on 4",
    "me plays 5-5 on 5",
    "ana plays 5-1 on 5",
    "me plays 2-1 on 1",
    "ana plays 2-0 on 2",
    "me plays 0-0 on 0",
    "ana counts 20",
    "bob counts 15",
]


@pytest.fixture
def table(tmp_path) -> Path:
    path = tmp_path / "tiddly.dom"
    path.write_text(LOG)
    return path


def test_a_round_typed_in_shorthand_is_written_in_full_and_scored_to_the_most_points(table):
    text = drive(table, TYPED, samples=1)
    assert table.read_text() == LOG + "".join(f"{line}\n" for line in WRITTEN)
    assert "not logged" not in text
    assert "\nanyone> 5 me plays 5-4 on 4 · you may play\n" in text  # nobody has the move
    assert "anyone> 6 me plays 5-5 on 5 · anyone who can plays\n" in text  # you cannot play: wait
    assert "round over> " in text
    assert "the match is over: me wins with 35" in text  # the most points win, not the fewest


def test_advice_comes_whenever_you_may_play(table):
    text = drive(table, ["me 54", "ana 51"], samples=1)
    # your first advice at the start, then after your play (5-5 fits) and after ana's (2-1 fits)
    assert text.count("pips vs others (lower wins)") == 3
    assert "1 2-1 on 1" in text


def test_the_prompt_and_the_draw_words_at_a_race(table):
    text = drive(table, ["me 54", "me 55", "ana 51", "me 21", "bob d"], samples=1)
    assert "anyone> 9 bob draws 1 · anyone who can plays\n" in text  # ana draws next, not you
    assert "ana> " not in text and "bob> " not in text


def test_a_refused_line_changes_nothing(table):
    text = drive(table, ["bob 55", "bob d"], samples=1)
    assert "not logged: 'bob plays 55': bob cannot play 5-5: 5-5 is in your hand" in text
    assert "it is ana's draw, not bob's" in text.replace("\n", " ")
    assert table.read_text() == LOG


def test_asked_advice_says_nothing_fits_when_you_wait(table):
    text = drive(table, ["me 54", "me 55", "a"], samples=1)
    assert "me: nothing fits: wait" in text

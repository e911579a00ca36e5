"""The second calibration harness (scripts/seat_calibration.py, issue 42 item 6): each
seat advised with dice of its own, its shown chances kept against how its rounds ended;
the same game gives the same forecasts, and a perfectly calibrated forecaster's error is
what the sample's size alone leaves."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from domino_advisor.advice.calibration import Forecast, ece

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
harness = importlib.import_module("seat_calibration")


@pytest.mark.slow  # two rounds advised at the table's budget: seconds of CPU
def test_each_seat_is_advised_with_dice_of_its_own_and_the_same_game_gives_the_same_forecasts():
    first = harness.one_game(("classic", 2, 7, 3))
    assert first == harness.one_game(("classic", 2, 7, 3))
    assert {seat for seat, _ in first} == {0, 1}
    wins = {seat: f.won for seat, f in first}
    assert wins[0] != wins[1] or not any(wins.values())  # one side wins, or the round is drawn
    assert all(0.0 <= f.chance <= 1.0 and f.game == 3 for _, f in first)


def test_the_error_of_chance_alone_shrinks_with_the_sample():
    few = [Forecast(g, 0.3 + 0.4 * (g % 2), False) for g in range(50)]
    many = [Forecast(g, 0.3 + 0.4 * (g % 2), False) for g in range(5000)]
    assert harness.chance_error(many)[0] < harness.chance_error(few)[0] < 0.2
    assert ece([(0.7, True)] * 7 + [(0.7, False)] * 3) < 1e-9  # 70% shown, 70% won: no error

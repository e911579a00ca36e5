"""Honest chances: the calibration measures against hand-worked cases, the map
against data whose bias is known, the self-play recorder against the rules, and the
calibrate command on a small run."""

from __future__ import annotations

import itertools
import json
import random
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from domino_advisor import api
from domino_advisor.advice.calibration import (
    FIT_GAMES,
    FIT_GAMES_FOR,
    Calibration,
    Forecast,
    Z,
    _shipped,
    bootstrap,
    brier,
    ece,
    fit,
    isotonic,
    measure,
    reliability,
    shown,
    unmapped_error,
)
from domino_advisor.base.budgets import ADVICE_SAMPLES, ADVICE_WORK
from domino_advisor.cli.app import main
from domino_advisor.games.line.rules import preset
from domino_advisor.measure.selfplay import CALIBRATED, play, record


def test_reliability_ece_and_brier_by_hand():
    points = [(0.05, False), (0.05, True), (0.95, True), (0.95, True)]
    table = reliability(points)
    assert [b.count for b in table] == [2, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    assert table[0].shown == pytest.approx(0.05) and table[0].happened == 0.5
    assert table[9].happened == 1.0
    # two decisions 45 points out, two 5 points out
    assert ece(points) == pytest.approx((2 * 0.45 + 2 * 0.05) / 4)
    assert brier(points) == pytest.approx((0.05**2 + 0.95**2 + 0.05**2 + 0.05**2) / 4)
    assert brier([(0.5, True), (0.5, False)]) == 0.25  # always saying 50%


def test_a_chance_of_one_falls_in_the_top_decile():
    assert reliability([(1.0, True)])[9].count == 1
    assert reliability([(0.0, False)])[0].count == 1


def test_bootstrap_resamples_games_not_decisions():
    # two games of 50 decisions each at 50%: one all won, one all lost.  Over decisions
    # that is perfectly calibrated; but there are only two games, and drawing the same
    # one twice is as likely as not, so the interval must reach 50 points.
    decisions = [Forecast(0, 0.5, True)] * 50 + [Forecast(1, 0.5, False)] * 50
    assert ece([(d.chance, d.won) for d in decisions]) == 0
    low, high = bootstrap(decisions, lambda ds: ece([(d.chance, d.won) for d in ds]), draws=200)
    assert low == 0 and high == 0.5


def synthetic(n: int, seed: int, bias=lambda p: 0.15 + 0.6 * p) -> list[Forecast]:
    """Decisions whose chance says p but which win with bias(p): a known miscalibration."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        p = rng.random()
        out.append(Forecast(i // 5, p, rng.random() < bias(p)))
    return out


def test_isotonic_is_non_decreasing_and_keeps_blocks_large():
    points = [(d.chance, d.won) for d in synthetic(3_000, 1)]
    knots = isotonic(points, least=30)
    assert all(a[0] < b[0] and a[1] <= b[1] for a, b in itertools.pairwise(knots))
    assert 2 < len(knots) <= 3_000 // 30


# The fit's bootstrap is pure Python: the fast tier fits on half the decisions with 50
# resamples for the errors' intervals, the slow tier at the full size (6,000 and 1,000).
FIT_SIZES = [
    pytest.param(3_000, 2_000, 50, id="fast"),
    pytest.param(6_000, 4_000, 1_000, id="full", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("fitted,fresh_count,draws", FIT_SIZES)
def test_the_map_recovers_a_known_bias_and_helps_on_other_games(fitted, fresh_count, draws):
    cal = fit(synthetic(fitted, 2), "test/2", samples=1, seed=0, draws=draws)
    for p in (0.1, 0.3, 0.5, 0.7, 0.9):
        assert cal.correct(p) == pytest.approx(0.15 + 0.6 * p, abs=0.06)
    fresh = synthetic(fresh_count, 3)
    before = measure(fresh, None, draws=draws)
    after = measure(fresh, cal, draws=draws)
    assert after.corrected is not None
    assert after.corrected.ece < before.raw.ece / 3
    assert after.corrected.brier < before.raw.brier  # better, not merely nearer 50%
    assert 0 < cal.error < 0.05  # cross-validated on games it was not fitted on


@pytest.mark.parametrize("fitted,fresh_count,draws", FIT_SIZES)
def test_a_calibrated_chance_is_left_alone(fitted, fresh_count, draws):
    cal = fit(synthetic(fitted, 4, bias=lambda p: p), "test/2", samples=1, seed=0, draws=draws)
    for p in (0.1, 0.5, 0.9):
        assert cal.correct(p) == pytest.approx(p, abs=0.07)


def test_the_map_reads_between_knots_and_holds_at_the_ends():
    cal = Calibration("t/2", ((0.2, 0.3), (0.6, 0.5)), (), 0.02, 0.1, 300, 10, 1)
    assert cal.correct(0.0) == 0.3 and cal.correct(1.0) == 0.5
    assert cal.correct(0.4) == pytest.approx(0.4)
    assert Calibration.from_json("t/2", cal.to_json()) == cal


def test_equal_chances_are_one_block():
    # rollouts often say exactly 100%: if those moves win 90%, the map must say 90%
    points = [(1.0, i % 10 != 0) for i in range(1_000)] + [(0.5, i % 2 == 0) for i in range(1_000)]
    cal = Calibration("t/2", isotonic(points), (), 0.0, 0.0, 300, 1, 1)
    assert cal.correct(1.0) == pytest.approx(0.9)
    assert cal.correct(0.5) == pytest.approx(0.5)


def test_a_map_that_does_not_help_is_not_kept():
    # few, honest games: a fitted map could only chase noise, and the games left out say so
    cal = fit(synthetic(150, 6, bias=lambda p: p), "test/2", samples=1, seed=0)
    assert cal.knots == ()
    assert cal.correct(0.37) == 0.37 and cal.error == pytest.approx(cal.raw_error)


def test_the_interval_shown_covers_sampling_and_model_error():
    cal = Calibration("t/2", ((0.0, 0.1), (1.0, 0.9)), (), 0.03, 0.2, 300, 10, 1)
    chance, margin = shown(0.5, 0.02, False, cal)
    assert chance == pytest.approx(0.5)
    # the map squeezes the rollouts' chance by 0.8, and their sampling error with it
    assert margin == pytest.approx(((Z * 0.02 * 0.8) ** 2 + 0.03**2) ** 0.5)
    assert margin > 0.03
    assert shown(1.0, 0.0, True, cal) == (1.0, 0.0)  # solved exactly: never mapped
    assert shown(0.4, 0.0, False, None) == (0.4, unmapped_error())  # no map: the rollouts' own, widely


def test_the_model_error_is_the_deciles_own():
    errors = (0.09, 0.05, 0.03, 0.02, 0.02, 0.02, 0.02, 0.03, 0.05, 0.08)
    cal = Calibration("t/2", (), errors, 0.03, 0.2, 300, 10, 1)
    assert shown(0.95, 0.0, False, cal)[1] == pytest.approx(0.08)
    assert shown(0.45, 0.0, False, cal)[1] == pytest.approx(0.02)


def test_shipped_maps_are_sound():
    maps, unmapped, trouble = _shipped()
    assert trouble is None
    assert set(maps) == {f"{name}/{players}" for name, players in CALIBRATED}
    for cal in maps.values():
        ys = [y for _, y in cal.knots]
        assert all(0 <= y <= 1 for y in ys) and ys == sorted(ys)
        assert len(cal.errors) == 10 and cal.games == FIT_GAMES_FOR.get(cal.key, FIT_GAMES)
        assert 0 < cal.error <= cal.raw_error <= unmapped  # never worse than the rollouts' own
        # fitted on the advice the table gives: each decision to the default budget of work
        assert (cal.samples, cal.work) == (ADVICE_SAMPLES, ADVICE_WORK), cal.key


def test_a_map_written_before_the_work_budget_reads_as_a_fixed_count():
    old = {"knots": [[0.1, 0.2]], "errors": [0.01] * 10, "error": 0.02, "raw_error": 0.03}
    cal = Calibration.from_json("classic/2", {**old, "samples": 300, "games": 600, "seed": 2026})
    assert cal.work is None and cal.samples == 300
    assert Calibration.from_json("classic/2", cal.to_json()) == cal


def test_a_map_is_for_its_own_rules():
    from domino_advisor.advice.calibration import calibration_for

    assert calibration_for(preset("classic"), 2) is not None
    assert calibration_for(preset("classic", "target=250"), 2) is not None  # a round is a round
    assert calibration_for(preset("classic", "hand=5"), 2) is None
    assert calibration_for(preset("classic"), 3) is not calibration_for(preset("classic"), 4)
    assert calibration_for(preset("classic"), 3).key == "classic/3"  # each table size its own
    assert calibration_for(preset("draw"), 3) is None


def test_self_play_records_the_same_whatever_the_split():
    one = record(preset("block"), 2, 8, 4, seed=9, jobs=1)
    two = record(preset("block"), 2, 8, 4, seed=9, jobs=2)
    assert one == two
    assert {d.game for d in one} <= set(range(4))


def test_partners_win_together():
    decisions = record(preset("partnership"), 4, 6, 6, seed=2)
    games = {d.game for d in decisions}
    won = {d.game for d in decisions if d.won}
    assert len(won) >= len(games) - 1  # every game but perhaps a drawn one has a winning side
    share = sum(d.won for d in decisions) / len(decisions)
    assert 0.3 < share < 0.7  # each side makes about half the decisions


@pytest.mark.parametrize(
    "games",
    [pytest.param(range(5, 6), id="fast"), pytest.param(range(12), id="full", marks=pytest.mark.slow)],
)
def test_a_win_solved_exactly_comes_true_in_self_play(games):
    """Twelve rounds of self-play; the fast tier plays only the sixth, the one whose end
    the advisor solves exactly (its decisions are the same played alone)."""
    decisions = [d for g in games for d in play(preset("classic"), 2, 8, 4, g)]
    sure = [d for d in decisions if d.exact and d.chance == 1.0]
    assert sure, "some endings are solved exactly"
    assert all(d.won for d in sure)


def test_calibrate_command_small_run(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    svg = tmp_path / "c.svg"
    args = ["calibrate", "--games", "2", "--samples", "4", "--seed", "5"]
    res = CliRunner().invoke(main, [*args, "--json", "--svg", str(svg)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    jsonschema.Draft202012Validator(api.schema("calibrate")).validate(data)
    assert data["games"] == 2 and data["samples"] == 4
    assert data["map"]["key"] == "classic/2" and data["corrected"] is not None
    assert sum(b["count"] for b in data["raw"]["bins"]) == data["decisions"]
    root = ET.fromstring(svg.read_text())
    assert root.tag.endswith("svg") and len(root.findall(".//{http://www.w3.org/2000/svg}circle")) >= 2
    before = svg.read_bytes()
    res = CliRunner().invoke(main, [*args, "--svg", str(svg)])
    assert res.exit_code == 2 and "already exists" in res.output
    assert svg.read_bytes() == before


@pytest.mark.parametrize("mapped", [True, False])
def test_the_chart_fits_in_fifty_columns(mapped):
    from rich.console import Console

    from domino_advisor.views.figures import calibration_view

    decisions = synthetic(400, 5)
    cal = fit(decisions, "classic/2", 300, 1, draws=50) if mapped else None  # the layout, not the intervals
    data = api.calibration_dict(measure(decisions, cal, draws=50), "classic", 2, 80, 300, 5, cal)
    console = Console(width=50, record=True, color_system=None)
    console.print(calibration_view(data, 50))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 50
    assert ("as shown" in text) == mapped and "90-100%" in text


def test_calibrate_build_fits_every_shipped_map(tmp_path):
    out = tmp_path / "maps.json"
    res = CliRunner().invoke(main, ["calibrate", "--build", str(out), "--games", "1", "--samples", "4"])
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["format"] == 1
    assert set(data["maps"]) == {f"{name}/{players}" for name, players in CALIBRATED}
    for key, d in data["maps"].items():
        assert Calibration.from_json(key, d).samples == 4 and d["work"] is None  # a fixed count
    assert data["unmapped_error"] == max(d["raw_error"] for d in data["maps"].values())


def test_calibrate_build_plays_each_maps_own_count_of_games(tmp_path, monkeypatch):
    """Without --games, a map is fitted on its own count (two-player All Fives on more)."""
    from domino_advisor.measure import selfplay

    monkeypatch.setattr(selfplay, "FIT_GAMES", 1)
    monkeypatch.setattr(selfplay, "FIT_GAMES_FOR", {"all-fives/2": 2})
    out = tmp_path / "maps.json"
    res = CliRunner().invoke(main, ["calibrate", "--build", str(out), "--samples", "4"])
    assert res.exit_code == 0, res.output
    games = {key: d["games"] for key, d in json.loads(out.read_text())["maps"].items()}
    assert games == {key: 2 if key == "all-fives/2" else 1 for key in games}


@pytest.mark.parametrize(
    "args,says",
    [
        (["--rules", "nope"], "'nope' is not a rule preset"),
        (["--rules", "partnership", "--players", "3"], "needs 4 players"),
        (["--games", "0"], "0 is not in the range"),
        (["--at-table"], "pick one"),
    ],
)
def test_calibrate_refuses_bad_input(args, says):
    res = CliRunner().invoke(main, ["calibrate", "--samples", "2", "--games", "1", *args])
    assert res.exit_code == 2 and says in res.output, res.output
    assert "Traceback" not in res.output

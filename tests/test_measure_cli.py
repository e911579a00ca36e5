"""The measuring commands' edges (a red team's findings on issue 10): options that would
be ignored are refused, targets the tables cannot tell apart are refused, writers refuse
a place they cannot write before the work, and the tables fit a narrow terminal."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from clitools import console_under, refused, run

LOGS = Path(__file__).parent / "data" / "logs"


@pytest.mark.parametrize(
    "args, says",
    [
        (["equity", "--target", "1000"], "up to 150 points still needed"),
        (["equity", "--rules", "all-fives", "--target", "7"], "all-fives scores go by 5s"),
        (["equity", "--check", "--players", "3", "--target", "1000"], "up to 150 points"),
        (["equity", "--build", "x.json", "--rules", "block"], "--rules does nothing with --build"),
        (["equity", "--build", "x.json", "--check"], "--check does nothing with --build"),
        (["equity", "--rounds", "200"], "--rounds is for --build only"),
        (["equity", "--matches", "20"], "--matches is for --check only"),
        (["equity", "--check", "--force"], "--force does nothing with --check"),
        (["equity", "--rules", "nope"], "nope"),
        (["calibrate", "--build", "x.json", "--json"], "--json does nothing with --build"),
        (["calibrate", "--build", "x.json", "--svg", "f.svg"], "--svg does nothing with --build"),
        (["calibrate", "--rules", "nope", "--games", "1"], "nope"),
        (["calibrate", "--force"], "--force is for --build only"),
        (["calibrate", "--svg", ""], "--svg needs a file name"),
        (["reads", "--build", "x.json", "--rules", "block"], "--rules does nothing with --build"),
        (["reads", "--force"], "--force is for --build only"),
        (["reads", "--rules", "draw", "--players", "3"], "no model of play is shipped"),
        (["reads", "--rules", "block", "--players", "2", "--bots", "advisor"], "fitted on the advisor's own"),
        (["reads", "--rules", "block", "--players", "2", "--bots", "nobody"], "'nobody' is not a bot"),
        (["reads", "--rules", "block", "--players", "2", "--bots", ","], "names at least one bot"),
        (["reads", "--rules", "block", "--players", "2", "--bots", "heavy,heavy,heavy"], "more bots than"),
        (["reads", "--rules", "nope"], "nope"),
        (["reads", "--build", "", "--force"], "--build needs a file name"),
        (["calibrate", "--build", ""], "--build needs a file name"),
    ],
)
def test_refused_at_once(runner, tmp_path, monkeypatch, args, says):
    monkeypatch.chdir(tmp_path)
    refused(runner, None, *args, says=says)
    assert not list(tmp_path.iterdir())  # nothing was written


@pytest.mark.parametrize("flag", ["--svg", "--build"])
def test_a_name_too_long_is_refused_before_the_work(runner, tmp_path, flag):
    name = tmp_path / ("a" * 300 + ".svg")
    start = time.monotonic()
    refused(runner, None, "calibrate", flag, name, "--games", "1000", says="File name too long")
    assert time.monotonic() - start < 30  # a safety bound: the games were never played


ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def test_review_html_refuses_an_unwritable_folder_before_the_work(runner, tmp_path, monkeypatch):
    """A folder the page cannot be written in is refused before the review's work (the
    review itself fails the test if it is called).  A folder's mode does not bind root,
    who may write in any folder whatever its mode: run as root, the folder is /sys, which
    the kernel keeps from root too."""
    from domino_advisor.learning import review

    def no_work(*args, **kwargs):
        raise AssertionError("the review ran before the page's folder was checked")

    monkeypatch.setattr(review, "review", no_work)
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    if ROOT:
        folder = Path("/sys")
        if not folder.is_dir():
            pytest.skip("run as root, and no /sys: no folder here that root cannot write in")
    try:
        page = folder / "p.html"
        refused(
            runner, None, "review", LOGS / "classic-2-match.dom", "--html", page, says="cannot write there"
        )
        assert not page.exists()
    finally:
        (tmp_path / "ro").chmod(0o700)


# The fast tier: the page's match chances, not the replay, on a short match (All Fives for
# three to 60: two decisions, each with its match chance apart from its round's); the
# slow tier: the long match for two with the replay.
@pytest.mark.parametrize(
    "log,samples,hindsight",
    [
        pytest.param("all-fives-3-match.dom", "6", "--no-hindsight", id="fast"),
        pytest.param("classic-2-match.dom", "10", "--hindsight", id="full", marks=pytest.mark.slow),
    ],
)
def test_review_page_shows_the_match_chances_it_costs(runner, tmp_path, log, samples, hindsight):
    page = tmp_path / "p.html"
    res = run(
        runner,
        "review",
        LOGS / log,
        "--samples",
        samples,
        hindsight,
        "--html",
        page,
        "--json",
    )
    data = json.loads(res.output)
    html = page.read_text()
    assert "match chance given up" in html
    d = next(d for d in data["decisions"] if d["played_match"] != d["played_win"])
    assert f"<b>{d['played']}</b> ({d['played_match']:.0%})" in html


def test_equity_fits_fifty_columns(runner, monkeypatch):
    """In this process on the console set 50 wide (a real process reading COLUMNS as it
    starts: test_table_loop's status)."""
    console_under(monkeypatch, COLUMNS="50")
    res = run(runner, "equity")
    lines = res.output.splitlines()
    assert res.exit_code == 0 and max(len(line) for line in lines) <= 50
    assert "…" not in res.output


def test_calibrate_with_no_decision_says_so(runner):
    refused(
        runner,
        None,
        "calibrate",
        "--rules",
        "block",
        "--set",
        "hand=1",
        "--games",
        "2",
        "--samples",
        "5",
        says="no decision to measure",
    )


def test_reads_measures_against_the_uniform_counting(runner):
    res = run(
        runner, "reads", "--rules", "block", "--games", "2", "--seed", "5", "--reads-samples", "50", "--json"
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["tiles"] > 0 and data["decisions"] > 0
    for key in ("log_uniform", "log_sampled", "log_simple", "log_model"):
        assert data[key] <= 0  # a log-likelihood of chances
    assert data["log_gain"] == pytest.approx(data["log_model"] - data["log_uniform"])
    assert data["log_gain_simple"] == pytest.approx(data["log_model"] - data["log_simple"])
    assert data["brier_gain"] == pytest.approx(data["brier_uniform"] - data["brier_model"])
    assert data["log_gain_low"] <= data["log_gain_high"]
    assert 0 <= data["brier_model"] <= 2
    bots = run(runner, "reads", "--rules", "block", "--games", "2", "--bots", "heuristic,heavy", "--json")
    assert bots.exit_code == 0, bots.output
    played = json.loads(bots.output)
    assert played["bots"] == ["heuristic", "heavy"] and played["decisions"] > 0
    assert played["tiles"] != data["tiles"] or played["log_uniform"] != data["log_uniform"]


def test_bench_times_the_tables_commands_on_named_positions(monkeypatch):
    """Every named position replays and is your turn with a choice; bench times status,
    where and advise on one of them (the figures are printed, never asserted)."""
    import io

    from rich.console import Console

    from domino_advisor.cli import bench as bench_module

    positions = bench_module.named_positions()
    assert len(positions) == 18 and {n.rsplit("-", 1)[0] for n, _ in positions} >= {"double-six-2p-mid"}
    one = [p for p in positions if p[0] == "double-six-4p-opening"]
    monkeypatch.setattr(bench_module, "named_positions", lambda: one)
    out = io.StringIO()
    rows = bench_module.named_bench(Console(file=out, width=120), repeats=1)
    assert [r["position"] for r in rows] == ["double-six-4p-opening"]
    assert rows[0]["worlds"] >= 1 and rows[0]["advise"]["cpu_median_s"] > 0
    assert "double-six-4p-opening" in out.getvalue()

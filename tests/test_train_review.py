"""Reviewing a Mexican Train game: every decision of yours with a choice is found, each is
judged only from what you knew then (the log cut before it gives the same figures),
each certainty reported is true when reported and new in its round, and the JSON keeps
its schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from clitools import console_under, process
from domino_advisor import api
from domino_advisor.advice.advise import Options, advise
from domino_advisor.cli.app import main
from domino_advisor.counting.inference import infer as count
from domino_advisor.games.events import Play
from domino_advisor.learning.review import review
from domino_advisor.log import logfile
from domino_advisor.log.gamelog import GameLog

LOGS = Path(__file__).parent / "data" / "logs"
MATCH = LOGS / "mexican-train-3-match.dom"


# The review of the whole match (two rounds) at 2 sampled worlds a decision in the fast
# tier, at 12 in the slow: the checks compare it with the log read apart and with advice
# asked again at the same count, not the advice's quality.
@pytest.fixture(
    scope="module", params=[pytest.param(2, id="fast"), pytest.param(12, id="full", marks=pytest.mark.slow)]
)
def reviewed(request):
    log = logfile.load(MATCH)
    return log, review(log, samples=request.param, seed=3), request.param


def _first_round(tmp_path: Path) -> Path:
    """The match cut before its second round: one whole round, reviewed in half the time."""
    text = MATCH.read_text(encoding="utf-8")
    path = tmp_path / "first-round.dom"
    path.write_text(text[: text.index("round 2\n")], encoding="utf-8")
    return path


def _opening(tmp_path: Path) -> Path:
    """The match's first 50 lines: the first round's opening (six decisions of yours,
    four certainties), the round not over."""
    lines = MATCH.read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / "opening.dom"
    path.write_text("".join(lines[:50]), encoding="utf-8")
    return path


def _choices_by_hand(log: GameLog) -> list[int]:
    """The event numbers of your plays made with two or more plays open, found apart."""
    match = log.new_match()
    out = []
    for k, (line, event) in enumerate(log.numbered_events(), 1):
        r = match.round
        mine = isinstance(event, Play) and event.player == log.me
        if mine and r is not None and not r.over and len(r.plays(match.viewer)) >= 2:
            out.append(k)
        match.apply(event, line)
    return out


def test_every_decision_with_a_choice_is_reviewed(reviewed):
    log, result, _ = reviewed
    assert [d.event for d in result.decisions] == _choices_by_hand(log)
    events = log.events
    for d in result.decisions:
        logged = events[d.event - 1]
        assert d.played == f"{logged.tile} on {logged.on}"
        assert d.cost == (0.0 if d.about_equal else max(0.0, d.played_margin - d.best_margin))
        assert d.agreed == (d.played == d.best or d.about_equal) and (not d.agreed or d.cost == 0)
    assert result.totals == {"me": 53, "ana": 72, "bob": 74}


def test_a_decision_is_judged_from_what_you_knew_then(reviewed):
    log, result, samples = reviewed
    d = result.decisions[len(result.decisions) // 2]
    cut = log.copy([e for e in log.body])  # the log up to the decision, nothing after it
    places = [i for i, e in enumerate(cut.body) if e.event is not None]
    cut = log.copy(log.body[: places[d.event - 1]])
    r = cut.replay().round
    # one seed for every decision, as the advice at the table
    again = advise(r, cut.replay().viewer, Options(samples=samples, seed=3, seconds=None))
    mine = next(c for c in again.moves if f"{c.tile} on {c.train}" == d.played)
    assert mine.margin == pytest.approx(d.played_margin)
    assert again.moves[0].margin == pytest.approx(d.best_margin)
    assert f"{again.moves[0].tile} on {again.moves[0].train}" == d.best


def test_each_certainty_is_true_then_and_new_in_its_round(reviewed):
    log, result, _ = reviewed
    places = [i for i, e in enumerate(log.body) if e.event is not None]
    seen: dict[tuple[int, str], set[int]] = {}
    for insight in result.insights:
        upto = log.copy(log.body[: places[insight.event - 1] + 1])
        m = upto.replay()
        inf = count(m.round.seat_view(m.viewer))
        seat = m.players.index(insight.player)
        assert set(insight.lacks) <= set(inf.cannot_hold(seat))
        before = seen.setdefault((insight.round, insight.player), set())
        assert not set(insight.lacks) & before
        before |= set(insight.lacks)
    assert result.insights  # the match has draws and passes: something became certain


# The JSON and the fifty columns: the fast tier reviews the first round alone at 2 sampled
# worlds a decision (its decisions, certainties and totals; for the JSON, only the
# round's opening); the slow tier the whole match.
FIRST_ROUND_TOTALS = "totals (lowest wins): me 12  ana 24  bob 16"
MATCH_TOTALS = "totals (lowest wins): me 53  ana 72  bob 74"
SIZES = [
    pytest.param("first round", "2", FIRST_ROUND_TOTALS, id="fast"),
    pytest.param("match", "8", MATCH_TOTALS, id="full", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("part", "samples", "totals"), SIZES)
def test_review_json_keeps_its_schema(tmp_path, part, samples, totals):
    path = _opening(tmp_path) if part == "first round" else MATCH
    runner = CliRunner()
    out = runner.invoke(main, ["review", str(path), "--json", "--samples", samples])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    jsonschema.Draft202012Validator(api.schema("train-review")).validate(data)
    assert data["summary"]["decisions"] == len(data["decisions"]) > 0
    refused = runner.invoke(main, ["review", str(path), "--reads"])  # the soft reads are the line games'
    assert refused.exit_code == 2 and "--reads does nothing with a Mexican Train log" in refused.output


# The fast tier runs the command in this process on a console fifty columns wide (the
# width read from COLUMNS by a real process is checked in the fast tier by
# test_table_loop.py's and test_measure_cli.py's fifty columns); the slow tier as a real
# process with COLUMNS=50.
@pytest.mark.parametrize(("part", "samples", "totals"), SIZES)
def test_review_fits_fifty_columns(tmp_path, monkeypatch, part, samples, totals):
    if part == "first round":
        console_under(monkeypatch, COLUMNS="50")
        path = _first_round(tmp_path)  # hindsight at its 40 worlds a choice in the slow tier only
        res = CliRunner().invoke(main, ["review", str(path), "--samples", samples, "--no-hindsight"])
        assert res.exit_code == 0, res.output
        text = res.output
    else:
        res = process("review", MATCH, "--samples", samples, env={"COLUMNS": "50"})
        assert res.returncode == 0, res.stderr
        text = res.stdout.decode()
    assert max(len(line) for line in text.splitlines()) <= 50
    assert "review for ana" in text and totals in text
    assert ("in hindsight" in text) == (part == "match")


def _planted(tmp_path: Path, name: str) -> tuple[Path, str]:
    """The log cut at your first play with a choice, that play replaced by one the advice
    does not put first (Chicken Foot's corpus player always played the heuristic's): a
    log whose one decision differs from the advice."""
    log = logfile.load(LOGS / name)
    match = log.new_match()
    for line, event in log.numbered_events():
        r = match.round
        if isinstance(event, Play) and event.player == log.me and r is not None and not r.over:
            r = r.for_next(match.viewer)
            if len(r.alike(r.plays(match.viewer))[0]) >= 2:
                other = advise(r, match.viewer, Options(samples=1, seed=0, seconds=None)).moves[-1]
                lines = (LOGS / name).read_text(encoding="utf-8").splitlines(keepends=True)[: line - 1]
                path = tmp_path / name
                path.write_text("".join(lines) + f"{log.me} plays {other.tile} on {other.train}\n")
                return path, f"{other.tile} on {other.train}"
        match.apply(event, line)
    raise AssertionError(f"{name} has no play of yours with a choice")


@pytest.mark.parametrize("name", ["mexican-train-3-match.dom", "chicken-foot-3-match.dom"])
def test_one_world_gives_no_error_and_calls_no_cost_clear(tmp_path, name):
    """Issue 39 (R12 in review): `review --samples 1` showed each difference as ±0.0 and
    called it clear ("1 clearly gave up pips"): one world gives a difference, not its
    error.  Now the difference is shown plainly, its spread null in the JSON (the schema
    kept), nothing clear or about equal; from two worlds the ± is back."""
    path, played = _planted(tmp_path, name)
    runner = CliRunner()
    data = json.loads(runner.invoke(main, ["review", str(path), "--json", "--samples", "1"]).output)
    jsonschema.Draft202012Validator(api.schema("train-review")).validate(data)
    [d] = [d for d in data["decisions"] if d["played"] == played]
    assert d["played"] != d["best"] and d["spread"] is None and not d["clear"] and not d["about_equal"]
    assert d["cost"] == max(0.0, d["difference"]) and data["summary"]["costly"] == 0
    shown = runner.invoke(main, ["review", str(path), "--samples", "1"])
    assert shown.exit_code == 0, shown.output
    said = " ".join(shown.output.split())
    table = said.split("vs advisor: your pips")[0]  # the note under it says why there is no ±
    assert "±" not in table and "clearly" not in table and "none called clear from one world" in said, said
    assert f"{d['difference']:+.1f}" in said
    two = runner.invoke(main, ["review", str(path), "--samples", "2"])
    assert two.exit_code == 0 and "±" in two.output and "clearly gave up" in two.output, two.output

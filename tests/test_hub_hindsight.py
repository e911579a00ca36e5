"""The review's page and hindsight for every game the hub stack plays (those played off a
middle double), taken from the registry: the page holds every decision and shows the
log's text as text; hindsight rebuilds the true deal wherever the play shows it (and a
deal the rules replay everywhere else), repeats itself for a seed, and its pips add up
to the hands the replay leaves; a round whose hands are not all known is said, not
replayed."""

from __future__ import annotations

import json
import random
import re
from html import escape
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from rich.console import Console

from clitools import process, refused, run
from domino_advisor import api
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games import registry
from domino_advisor.games.events import Draw, Play, parse_event
from domino_advisor.learning import review as reviewing
from domino_advisor.learning.hindsight import Unknown, deal_of, hindsight, read
from domino_advisor.learning.review import review, review_data
from domino_advisor.log import gamelog, logfile
from domino_advisor.views.pipsview import review_view
from domino_advisor.views.reviewpage import to_html

LOGS = Path(__file__).parent / "data" / "logs"
HUB = [g for g in registry.every_game() if registry.part(g, "judging").measure == "pips"]  # reviewed in pips
# each such game's corpus logs whose rounds all ended with every hand shown
CORPUS = sorted(
    p.name
    for p in LOGS.glob("*.dom")
    if logfile.load(p).game in HUB and all(r.over for r in logfile.load(p).replay().rounds)
)
HOSTILE = "<img src=x onerror=alert(1)>"


def test_every_game_of_the_stack_has_a_finished_log_in_the_corpus():
    assert {logfile.load(LOGS / name).game.name for name in CORPUS} == {g.name for g in HUB}
    assert all({"html", "force", "hindsight"} <= g.options for g in HUB)


def _data(name: str, seed: int = 0) -> dict:
    """The review's data of a corpus log, cheaply: one world a decision and a choice."""
    log = logfile.load(LOGS / name)
    data = review(log, samples=1, seed=seed).as_dict()
    data["hindsight"] = [h.as_dict() for h in hindsight(log, samples=1, seed=seed)]
    return dict(data)


@pytest.fixture(scope="module", params=CORPUS)
def reviewed(request):
    return request.param, _data(request.param)


def test_the_page_holds_every_decision_and_shows_the_log_as_text(reviewed):
    name, data = reviewed
    log = logfile.load(LOGS / name)
    text = gamelog.dumps(log) + "# <script>alert(1)</script> & co\n"  # a comment of the log's
    other = next(p for p in data["totals"] if p != data["player"])  # an opponent's name, made hostile
    hostile = json.loads(
        json.dumps(data).replace(f'"{other}', f'"{HOSTILE}').replace(f" {other}", f" {HOSTILE}")
    )
    page = to_html(hostile, f"Review of <b>{name}</b>", text)
    decisions = hostile["decisions"]
    assert page.startswith("<!doctype html>") and '<meta name="viewport"' in page
    assert "<script" not in page.lower() and "<img" not in page and "<b>" + name not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page and escape(HOSTILE) in page
    assert decisions and page.count('<div class="decision ') == len(decisions)
    for d in decisions:  # each in its card, its line in the log marked and linked
        assert f'<span id="L{d["line"]}" class=mark>' in page and f'href="#L{d["line"]}"' in page
        assert f"<b>{escape(d['played'])}</b>" in page
        assert log.numbered_events()[d["event"] - 1][0] == d["line"]
    assert page.count("<tr>") == 1 + len(data["insights"]) + 1 + len(data["totals"]) + sum(
        1 + len(r["actual"]["pips"]) for r in data["hindsight"] if r["known"]
    )
    for r in hostile["hindsight"]:
        assert escape(r["verdict"]) in page
    jsonschema.Draft202012Validator(api.schema("train-review")).validate(data)


@pytest.mark.parametrize("name", CORPUS)
def test_review_html_writes_the_page_for_a_hub_log(tmp_path, name):
    """Before issue 40 `review --html` refused these logs (exit 2, "--html does nothing")."""
    page = tmp_path / "review.html"
    res = run(CliRunner(), "review", LOGS / name, "--samples", 1, "--no-hindsight", "--html", page)
    assert res.exit_code == 0, res.output
    html = page.read_text(encoding="utf-8")
    data = review(logfile.load(LOGS / name), samples=1).as_dict()
    assert all(f'<span id="L{d["line"]}" class=mark>' in html for d in data["decisions"])
    # the path may be wrapped anywhere at the terminal's width (a long temporary folder)
    assert "In hindsight" not in html and f"wrote{page}" in "".join(res.output.split())


def test_the_page_is_not_written_over_the_log_or_a_file_not_a_page(tmp_path):
    runner = CliRunner()
    game = tmp_path / "game.dom"
    game.write_bytes((LOGS / CORPUS[0]).read_bytes())
    refused(runner, game, "review", game, "--html", game, "--force", says="is the game log itself")
    other = tmp_path / "other.dom"
    other.write_bytes((LOGS / CORPUS[-1]).read_bytes())
    refused(runner, other, "review", game, "--samples", 1, "--html", other, "--force", says="other.dom")
    refused(runner, game, "review", game, "--reads", says="--reads does nothing")


# -- hindsight ------------------------------------------------------------------------------
def _replayed(name: str, r: dict):
    """The replay's moves applied to the deal it gives, every hand known, by the round's
    own class: the round at its end (each move legal, or this raises)."""
    log = logfile.load(LOGS / name)
    game = log.game
    first = log.replay().rounds[r["round"] - 1]
    names = first.names
    hands = [tuple(Tile.parse(t, first.rules.top) for t in r["hands"][n]) for n in names]
    stock = [Tile.parse(t, first.rules.top) for t in r["boneyard"]]
    again = first.dealt_again(hands, stock)
    for c in r["choices"]:
        again.apply(parse_event(c["move"], first.rules.top, None, game.places))
    return again


def _aside(name: str, r: dict) -> frozenset:
    """The tiles set aside before the deal (a hub): on the table before any play."""
    log = logfile.load(LOGS / name)
    first = log.replay().rounds[r["round"] - 1]
    hands = [tuple(Tile.parse(t, first.rules.top) for t in r["hands"][n]) for n in first.names]
    stock = [Tile.parse(t, first.rules.top) for t in r["boneyard"]]
    return first.dealt_again(hands, stock).table_tiles()


@pytest.mark.parametrize("name", CORPUS)
def test_hindsight_repeats_for_a_seed_and_its_pips_add_up(name):
    log = logfile.load(LOGS / name)
    once = json.dumps([h.as_dict() for h in hindsight(log, samples=1, seed=7)])
    assert once == json.dumps([h.as_dict() for h in hindsight(log, samples=1, seed=7)])
    rounds = json.loads(once)
    assert rounds and all(r["known"] for r in rounds)
    totals = dict.fromkeys(log.players, 0)
    for r in rounds:
        end = _replayed(name, r)
        tiles = [t for h in r["hands"].values() for t in h] + r["boneyard"]
        aside = _aside(name, r)
        assert sorted(tiles) == sorted(str(t) for t in full_set(end.rules.top) if t not in aside)
        assert end.over and r["hindsight"]["pips"] == {n: end.pips_left(s) for s, n in enumerate(end.names)}
        for outcome in (r["actual"], r["hindsight"]):
            assert (outcome["how"] == "out") == (outcome["winner"] is not None)
            assert outcome["winner"] is None or outcome["pips"][outcome["winner"]] == 0
        for p, pips in r["actual"]["pips"].items():
            totals[p] += pips
        assert ("the round had better for you" in r["verdict"]) == r["mistake"]
    match = log.replay()
    if match.most_wins:  # points to each round's winner: where every round went out, the others' pips
        if all(r["actual"]["how"] == "out" for r in rounds):  # a blocked round scores by the game's rule
            assert sum(match.totals) == sum(totals.values())
    else:
        assert totals == dict(zip(log.players, match.totals, strict=True))  # the game's pips


@pytest.mark.parametrize("name", CORPUS)
def test_the_boneyard_is_drawn_in_the_games_order(name):
    """Where a draw's tile is known (yours, or one played at once) it is the boneyard's
    next in the deal rebuilt."""
    log = logfile.load(LOGS / name)
    logged = read(log)
    for k, moves in logged.moves.items():
        rebuilt = deal_of(log, k, seed=0)
        assert not isinstance(rebuilt, Unknown), rebuilt
        drawn = 0
        for (move, _), (after, _) in zip(moves, [*moves[1:], (None, 0)], strict=True):
            if isinstance(move, Draw):
                if move.tiles is not None:
                    assert rebuilt.stock[drawn] == move.tiles[0]
                elif isinstance(after, Play) and after.player == move.player:
                    assert rebuilt.stock[drawn] == after.tile
                drawn += 1
        assert rebuilt.drawn == drawn


def _changed(name: str, tmp_path: Path, old: str, new: str) -> Path:
    text = (LOGS / name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_a_round_not_fully_known_is_listed_with_why(tmp_path):
    name = "mexican-train-3-match.dom"
    counted = logfile.load(_changed(name, tmp_path, "bob shows 5-3 4-0 2-1 1-0\n", "bob counts 16\n"))
    first, second = (h.as_dict() for h in hindsight(counted, samples=1))
    assert first == {"round": 1, "known": False, "reason": "bob's hand was counted, not shown"}
    assert second["known"]
    unshown = logfile.load(_changed(name, tmp_path, "bob shows 9-1 7-7 6-6 6-3 4-4 3-2\n", ""))
    assert [h.reason for h in hindsight(unshown, samples=1)] == [None, "bob's hand was not shown"]
    lines = (LOGS / name).read_text(encoding="utf-8").splitlines(keepends=True)
    cut = gamelog.loads("".join(lines[:150]))  # round 2 still in play: left out
    assert [h.round for h in hindsight(cut, samples=1)] == [1]


def _quiet(*_: object) -> None:
    return None


def test_no_hindsight_leaves_it_out_and_the_view_fits_fifty_columns(monkeypatch, tmp_path):
    monkeypatch.setattr(reviewing, "HINDSIGHT_SAMPLES", 1)  # the review's 40 worlds a choice: slow tier
    log = logfile.load(_changed("chicken-foot-3-match.dom", tmp_path, "bob shows 1-0\n", "bob counts 1\n"))
    assert "hindsight" not in review_data(log, 1, 0, _quiet, False, False)
    data = review_data(log, 1, 0, _quiet, False, True)
    jsonschema.Draft202012Validator(api.schema("train-review")).validate(data)
    assert [r["known"] for r in data["hindsight"]] == [False, True]
    console = Console(width=50, record=True, file=open(tmp_path / "out.txt", "w"))
    console.print(review_view(data, 50))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 50
    said = " ".join(text.split())
    assert "round 1: no hindsight (bob's hand was counted, not shown)" in said
    assert " ".join(data["hindsight"][1]["verdict"].split()) in said


# -- the deal rebuilt against the truth, in every game of the stack -------------------------
NAMES = ["me", "ana", "bob", "cy"]


def _seat_log(game, players: int, seed: int):
    """A round of ``game`` played at random with every hand known, and its log as the
    first seat writes it (the others' draws counted, their hands shown): the true deal."""
    rng = random.Random(seed)
    rules = game.round_only(game.rules_from(game.name, ""))  # round 1 is all that is read
    setting = " ".join(f"{k}={v}" for k, v in rules.differences().items())
    names = NAMES[:players]
    r = game.deal_round(rules, names, rng)
    hands, stock = list(r.dealt), list(r.stock)
    lines = [f'[Rules "{game.name}"]', *([f'[Set "{setting}"]'] if setting else [])]
    lines.append(f'[Players "{" ".join(names)}"]')
    lines += ["round 1", f"me holds {' '.join(map(str, hands[0]))}"]
    while not r.over:
        move = rng.choice(r.legal_moves())
        r.apply(move)
        lines.append(
            f"{move.player} draws 1" if isinstance(move, Draw) and move.player != "me" else str(move)
        )
    lines += [f"{n} shows {' '.join(map(str, r.hands[s]))}" for s, n in enumerate(names) if s and r.hands[s]]
    drew = [sum(a.kind == "draw" for a in r.history if a.seat == s) for s in range(players)]
    return gamelog.loads("\n".join(lines) + "\n"), hands, stock, drew


@pytest.mark.parametrize("game", HUB, ids=lambda g: g.name)
def test_the_deal_rebuilt_is_the_true_one_where_the_play_shows_it(game):
    for seed in range(6):
        log, hands, stock, drew = _seat_log(game, 2 + seed % 3, seed)
        rebuilt = deal_of(log, 1, seed)
        assert not isinstance(rebuilt, Unknown), rebuilt  # the true deal is always one the play allows
        certain = {n.split()[0] for n in rebuilt.notes if n.endswith("the play shows which")}
        for s, name in enumerate(log.players):
            true = set(hands[s]) | {t for a, t in _draws(log, s, stock)}
            mine = set(rebuilt.hands[s]) | {t for a, t in _draws(log, s, rebuilt.stock)}
            assert mine == true  # the same tiles, dealt or drawn
            if s == 0 or not drew[s] or name in certain:
                assert set(rebuilt.hands[s]) == set(hands[s])
        if all(not drew[s] or log.players[s] in certain for s in range(1, len(drew))):
            assert rebuilt.stock[: rebuilt.drawn] == stock[: rebuilt.drawn]  # every draw's tile shown


def _draws(log, seat: int, stock):
    """Each draw of ``seat``'s in the log, with the tile ``stock`` gives it."""
    k = 0
    out = []
    for event in log.events:
        if isinstance(event, Draw):
            if event.player == log.players[seat]:
                out.append((event, stock[k]))
            k += 1
    return out


# -- the slow tier: the commands at their defaults -----------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("name", CORPUS)
def test_review_html_with_hindsight_at_its_defaults(tmp_path, name):
    page = tmp_path / "review.html"
    done = process("review", LOGS / name, "--samples", "2", "--html", page, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    jsonschema.Draft202012Validator(api.schema("train-review")).validate(data)
    html = page.read_text(encoding="utf-8")
    assert data["hindsight"] and "In hindsight" in html
    for r in data["hindsight"]:
        assert r["known"] and escape(r["verdict"]) in html
        assert re.search(rf"Round {r['round']}: ", html)

"""A player who follows the advice is told so (issue 28): whole games typed into
``session`` from one seat, every other seat played by a bot from the true deal, the
player making at each turn the move the session's advice put first; then ``review`` of
the log agrees with every decision.  And a move planted at least 3 points worse than the
advice's first is flagged by the review, at its cost.

The fast tier plays two short games at a fifteenth of the advice's work, one followed,
one with a move planted (the agreement holds at any budget: the review judges at the
advice's own); the slow tier a game of each rule family at the real budget, followed,
then planted.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from clitools import new_game
from domino_advisor import api
from domino_advisor.base.tiles import Tile
from domino_advisor.cli.session import run as run_session
from domino_advisor.games.events import Draw, Move, Play
from domino_advisor.games.line.deal import deal_round, heavy_policy
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import preset
from domino_advisor.learning.review import review
from domino_advisor.log import gamelog, logfile

# the session's short advice: its first row, "1 6-3 on 6  44%±21% to win; ..."
FIRST_ROW = re.compile(r"^1 (\d+-\d+)(?: on (\w+))? +\d+%", re.M)


def _typed(move: Move, me: str) -> str:
    """The line a player at the table types: another's draw without the tiles drawn."""
    if isinstance(move, Draw) and move.player != me:
        return str(Draw(move.player, move.count, None))
    return str(move)


def _matching(moves: list[Move], tile: str, on: str | None) -> Move:
    """The legal move the advice's first row names (its tile, and the end it joins)."""
    found = [
        m
        for m in moves
        if isinstance(m, Play) and m.tile == Tile.parse(tile) and (on is None or str(m.on) == on)
    ]
    assert found, f"the advice's {tile} on {on} is not among {[str(m) for m in moves]}"
    return found[0]


def _next_event_number(path: Path) -> int:
    """The number the next event logged gets, as review numbers decisions."""
    return len(gamelog.loads(logfile.read_text(path)).events) + 1


def _type_along(path: Path, choose: Callable[[str], str], samples: int | None = None) -> str:
    """A session on ``path`` typed by ``choose``, which is given what the session printed
    since the last line (its advice, at your turn) and returns the next line, or raises
    EOFError when the round is over; what the session printed."""
    out = io.StringIO()
    console = Console(file=out, width=140, no_color=True)
    seen = [0]

    def read(prompt: str) -> str:
        shown, seen[0] = out.getvalue()[seen[0] :], len(out.getvalue())
        return choose(shown)

    assert run_session(path, console, read, samples=samples) == 0, out.getvalue()
    return out.getvalue()


def _play(
    tmp_path: Path,
    rules_name: str,
    players: list[str],
    seed: int,
    plant: bool = False,
    hand: int | None = None,
):
    """One round typed into a session from ``players[0]``'s seat; returns the log's path
    and the event number of the planted move (None when none was planted)."""
    settings = {"target": "0", **({"hand": str(hand)} if hand else {})}
    rules = preset(rules_name, settings)
    truth = Match(rules, players)
    rng = random.Random(seed)
    hands = deal_round(truth, rng)
    me = players[0]
    path = tmp_path / f"{rules_name}-{seed}.dom"
    mine = " ".join(str(t) for t in sorted(hands[0], reverse=True))
    extra = [a for k, v in settings.items() for a in ("--set", f"{k}={v}")]
    new_game(CliRunner(), path, " ".join(players), mine, "--rules", rules_name, *extra)
    planted: list[int] = []

    def choose(shown: str) -> str:
        r = truth.playing
        if r.over:
            raise EOFError
        moves = legal_moves(r)
        move = moves[0]
        if r.layout.is_empty or move.player != me:  # the others, and the opening the lead rule gives
            move = heavy_policy(r, moves, rng)
        elif isinstance(move, Play) and len(moves) > 1:
            row = FIRST_ROW.findall(shown)
            assert row, f"no advice shown at {me}'s turn:\n{shown}"
            move = _matching(moves, *row[-1])
            if plant and not planted:
                worse = _worse(path, moves, move)
                if worse is not None:
                    move = worse
                    planted.append(_next_event_number(path))
        truth.apply(move)
        return _typed(move, me)

    _type_along(path, choose)
    assert truth.playing.over
    return path, (planted[0] if planted else None)


def _worse(path: Path, moves: list[Move], best: Move) -> Move | None:
    """A legal move the advice ranks at least 3 points below its first, and not about
    equal to it: by the match, the round, or (All Fives) the points ahead it ranks on."""
    advice = api.advice_of(api.Position.of(gamelog.loads(logfile.read_text(path))))
    first = advice.moves[0]
    for c in reversed(advice.moves[1:]):
        gap = (first.points - c.points) / 100 if advice.all_fives else first.value - c.value
        if gap >= 0.03 and not c.about_equal:
            return next(
                m for m in moves if isinstance(m, Play) and m.tile == c.tile and str(m.on) == str(c.on)
            )
    return None


GAMES = [
    pytest.param("classic", ["me", "ana", "bob"], 2, id="classic-3"),
    pytest.param("all-fives", ["me", "ana"], 3, id="all-fives-2"),
    pytest.param("partnership", ["me", "ana", "bob", "cy"], 4, id="partnership-4"),
    pytest.param("block", ["me", "ana"], 5, id="block-2"),
]


def _agreed_but(path: Path, planted: int | None) -> None:
    """The review agrees with every decision but the planted one, which it flags."""
    result = review(gamelog.loads(logfile.read_text(path)))
    assert result.decisions, "the game had decisions with a choice"
    assert result.as_dict()["at_defaults"]
    flagged = [d for d in result.decisions if not d.agreed]
    assert [d.event for d in flagged] == ([] if planted is None else [planted]), [
        (d.event, d.played, d.best, d.cost) for d in result.decisions
    ]
    assert all(d.cost == 0 for d in result.decisions if d.agreed)
    if flagged and not flagged[0].all_fives:  # All Fives ranks on points: its cost in chances may read 0
        assert flagged[0].cost >= 0.03


def test_the_review_agrees_with_a_short_game_that_followed_the_advice(tmp_path, monkeypatch):
    """The fast tier's: a short three-player game at a fifteenth of the advice's work (the
    review agrees at any budget: it judges at the advice's own).  Judged with a seed of
    its own per decision, as 0.9.0's review was, its decision reads otherwise."""
    monkeypatch.setattr("domino_advisor.advice.chance.DEFAULT_WORK", 2_000)
    path, _ = _play(tmp_path, "classic", ["me", "ana", "bob"], 3, hand=4)
    _agreed_but(path, None)


def test_the_review_flags_a_move_planted_in_a_short_game(tmp_path, monkeypatch):
    monkeypatch.setattr("domino_advisor.advice.chance.DEFAULT_WORK", 2_000)
    path, planted = _play(tmp_path, "block", ["me", "ana"], 1, plant=True, hand=5)
    assert planted is not None, "a move 3 points worse was there to plant"
    _agreed_but(path, planted)


@pytest.mark.slow
@pytest.mark.parametrize("rules_name,players,seed", GAMES)
def test_a_player_who_follows_the_advice_is_told_so(tmp_path, rules_name, players, seed):
    path, _ = _play(tmp_path, rules_name, players, seed)
    _agreed_but(path, None)


@pytest.mark.slow
@pytest.mark.parametrize("rules_name,players,seed", GAMES)
def test_a_move_three_points_worse_is_flagged(tmp_path, rules_name, players, seed):
    path, planted = _play(tmp_path, rules_name, players, seed, plant=True)
    assert planted is not None, "a move 3 points worse was there to plant"
    _agreed_but(path, planted)


# Mexican Train and Chicken Foot: the session's advice and the review at the same worlds
# a decision (the advice's 100 by default; the fast tier 6, on a double-six set). Their
# advice keeps the heuristic's move unless another is clearly better, so it rarely turns
# on the worlds drawn: the fast Chicken Foot game is one where it does.
HUB_ROW = re.compile(r"^1 (\d+-\d+) on (\S+) +[+-]\d", re.M)  # "1 12-5 on me  -4.1 pips vs others"


def _play_hub(
    tmp_path: Path,
    game: str,
    players: list[str],
    seed: int,
    settings: str,
    samples: int,
    plant: bool = False,
    printed: list | None = None,
):
    """One round of a hub game typed into a session from ``players[0]``'s seat, every
    other seat played by the game's heuristic bot from the true deal; with ``plant``, the
    first play the advice ranks 3 pips or more behind its first, not about equal, is made
    instead of the advice's (its event number is returned, else None)."""
    from domino_advisor.games.registry import game_for
    from domino_advisor.games.words import words_for

    played = game_for(game)
    rules = played.rules_from(game, settings)
    truth = played.match_class(rules, players)  # every hand known
    rng = random.Random(seed)
    hands, stock = truth.deal(rng)
    r = truth.start(list(hands), stock)
    bot = words_for(game).BOTS["heuristic"]
    me = players[0]
    path = tmp_path / f"{game}-{seed}.dom"
    mine = " ".join(str(t) for t in sorted(hands[0], reverse=True))
    extra = ["--set", settings] if settings else []
    new_game(CliRunner(), path, " ".join(players), mine, "--rules", game, *extra)
    planted: list[int] = []

    def choose(shown: str) -> str:
        if r.over:
            raise EOFError
        seat = r.next_actor(rng)  # the player to move; at a race, one of those who can play
        moves = r.moves_of(seat)
        move = moves[0]
        plays = [m for m in moves if isinstance(m, Play)]
        if move.player != me:
            move = bot(r, moves, rng)
        elif len({(m.tile, m.on) for m in plays}) > 1 and HUB_ROW.search(shown):
            tile, on = HUB_ROW.findall(shown)[-1]
            found = [m for m in plays if m.tile == Tile.parse(tile, rules.top) and str(m.on) == on]
            assert found, f"the advice's {tile} on {on} is not among {[str(m) for m in plays]}"
            move = found[0]
            if plant and not planted:
                worse = _worse_play(path, plays, samples)
                if worse is not None:
                    move = worse
                    planted.append(_next_event_number(path))
        truth.apply(move)
        return _typed(move, me)

    text = _type_along(path, choose, samples)
    assert r.over
    if printed is not None:
        printed.append((text, r))
    return path, (planted[0] if planted else None)


def _worse_play(path: Path, plays: list[Move], samples: int) -> Move | None:
    from domino_advisor.advice.advise import Options
    from domino_advisor.advice.advise import advise as hub_advise

    m = gamelog.loads(logfile.read_text(path)).replay()
    advice = hub_advise(m.round.for_next(m.viewer), m.viewer, Options(samples=samples, seed=0, seconds=None))
    first = advice.moves[0]
    for c in reversed(advice.moves[1:]):
        if c.margin - first.margin >= 3 and not c.about_equal:
            return next(p for p in plays if isinstance(p, Play) and p.tile == c.tile and str(p.on) == c.train)
    return None


HUB_GAMES = [
    pytest.param("mexican-train", ["me", "ana", "bob"], 1, "set=6", 6, id="mexican-train-fast"),
    # judged with a seed of its own per decision (0.9.0's review), one of its decisions reads otherwise
    pytest.param("chicken-foot", ["me", "ana", "bob", "cy"], 2, "set=6", 6, id="chicken-foot-fast"),
    pytest.param(
        "mexican-train", ["me", "ana", "bob", "cy"], 3, "", None, id="mexican-train", marks=pytest.mark.slow
    ),
    pytest.param(
        "chicken-foot", ["me", "ana", "bob"], 4, "", None, id="chicken-foot", marks=pytest.mark.slow
    ),
    # the race: who acts next is drawn among those who can play; your plays are the advice's
    pytest.param("tiddly-wink", ["me", "ana", "bob"], 2, "", 6, id="tiddly-wink-fast"),
    pytest.param(
        "tiddly-wink", ["me", "ana", "bob", "cy"], 4, "", None, id="tiddly-wink", marks=pytest.mark.slow
    ),
    # turns again, an end taking the tile that makes seven; one round (target=0)
    pytest.param("matador", ["me", "ana", "bob"], 2, "target=0", 6, id="matador-fast"),
    pytest.param("matador", ["me", "ana", "bob", "cy"], 4, "", None, id="matador", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("game,players,seed,settings,samples", HUB_GAMES)
def test_a_hub_game_that_followed_the_advice_is_told_so(tmp_path, game, players, seed, settings, samples):
    from domino_advisor.base.budgets import TRAIN_ADVICE_SAMPLES as DEFAULT_SAMPLES
    from domino_advisor.learning.review import review as hub_review

    samples = samples or DEFAULT_SAMPLES
    path, _ = _play_hub(tmp_path, game, players, seed, settings, samples)
    result = hub_review(gamelog.loads(logfile.read_text(path)), samples=samples)
    assert result.decisions, "the round had decisions with a choice"
    assert all(d.agreed and d.cost == 0 for d in result.decisions), [
        (d.event, d.played, d.best, d.difference) for d in result.decisions
    ]


@pytest.mark.parametrize("game,players,seed,settings,samples", HUB_GAMES)
def test_a_hub_play_three_pips_worse_is_flagged(tmp_path, game, players, seed, settings, samples):
    from domino_advisor.base.budgets import TRAIN_ADVICE_SAMPLES as DEFAULT_SAMPLES
    from domino_advisor.learning.review import review as hub_review

    samples = samples or DEFAULT_SAMPLES
    path, planted = _play_hub(tmp_path, game, players, seed, settings, samples, plant=True)
    assert planted is not None, "a play 3 pips worse was there to plant"
    result = hub_review(gamelog.loads(logfile.read_text(path)), samples=samples)
    flagged = [d for d in result.decisions if not d.agreed]
    assert [d.event for d in flagged] == [planted], [(d.event, d.played, d.best) for d in result.decisions]
    assert flagged[0].clear and flagged[0].cost >= 3


def test_the_hub_advice_says_how_far_behind_the_first_each_play_is():
    """Each play after the first: its paired gap to the first ± one standard error, worked
    out here from the worlds' margins; about equal exactly when the gap is within two."""
    import statistics

    from domino_advisor.advice.advise import Options, advise
    from domino_advisor.advice.candidate import EQUAL_BAND
    from domino_advisor.log import logfile as files

    bench = Path(__file__).parents[1] / "src" / "domino_advisor" / "data" / "bench"
    m = files.load(bench / "chicken-foot-9-4p-mid-round.dom").replay()
    advice = advise(m.round.for_next(m.viewer), m.viewer, Options(samples=12, seed=0, seconds=None))
    first, *rest = advice.moves
    assert rest and first.behind == 0 and not first.about_equal
    for c in rest:
        diffs = [a - b for a, b in zip(c.margins, first.margins, strict=True)]
        assert c.behind == pytest.approx(statistics.fmean(diffs))
        assert c.behind_error == pytest.approx(statistics.stdev(diffs) / len(diffs) ** 0.5)
        assert c.about_equal == (c.behind <= EQUAL_BAND * c.behind_error)
        assert c.as_dict("chicken-foot")["behind"] == round(c.behind, 2)


def test_a_hub_player_who_drew_and_went_out_gets_the_count_hint(tmp_path):
    """As in the line games: an opponent who drew this round goes out with tiles left to
    draw, and the report says how to check for a draw left out of the log; otherwise not."""
    seen = {True: 0, False: 0}
    for seed in range(1, 13):
        printed: list = []
        _play_hub(tmp_path, "mexican-train", ["me", "ana", "bob"], seed, "set=6", 2, printed=printed)
        text, r = printed[0]
        who = r.names[r.winner] if r.winner is not None else None
        drew = who is not None and any(a.kind == "draw" and a.seat == r.winner for a in r.history)
        hinted = who is not None and who != "me" and drew and r.boneyard > 0
        assert (f"{who} went out; if {who} still holds tiles, a draw is missing" in text) == hinted, seed
        seen[hinted] += 1
        if all(seen.values()):
            return
    raise AssertionError(f"twelve rounds did not show both cases: {seen}")


# Issue 39, R12: with one world the advice has a difference but not its error.  A Mexican
# Train opening (the corpus's hand, its first play not yet logged) and a four-player
# classic game at your turn, each advised from one world and from three.
LOGS = Path(__file__).parent / "data" / "logs"
ONE_WORLD_GAMES = [
    pytest.param("".join((LOGS / "mexican-train-4-midround.dom").read_text().splitlines(True)[:7]), id="mt"),
    pytest.param(
        '[Rules "classic"]\n[Players "me ana bob cy"]\n[Me "me"]\nround 1\nme holds 6-6 6-3 5-2 3-1 0-0\n'
        "me plays 6-6\nana draws 2\nana plays 6-4 on 6\nbob plays 6-5 on 6\ncy plays 5-3 on 5\n",
        id="line",
    ),
]


@pytest.mark.parametrize("text", ONE_WORLD_GAMES)
def test_one_world_says_no_error_and_nothing_about_equal(tmp_path, text):
    """The train game called a play 30 pips better than the first "about equal" with
    "-30.1±0.0"; the line games showed a ± from one deal.  With one world: no ±, nothing
    about equal, the difference shown plainly (a train play's error null in the JSON);
    with three, as before."""
    import json

    from domino_advisor.cli.app import main

    path = tmp_path / "game.dom"
    path.write_text(text)
    runner = CliRunner()
    shown = runner.invoke(main, ["advise", str(path), "--samples", "1"])
    assert shown.exit_code == 0, shown.output
    table = shown.output.split("pips left: yours")[0].split("match: your chance")[0]
    assert "±" not in table and "about equal" not in shown.output, shown.output
    said = " ".join(shown.output.split())
    assert "one world: no ±" in said or "one sampled deal: no ±" in said, said
    data = json.loads(runner.invoke(main, ["advise", str(path), "--samples", "1", "--json"]).output)
    assert len(data["moves"]) > 1 and not any(m["about_equal"] for m in data["moves"])
    if data.get("game") == "mexican-train":
        assert [m["behind_error"] for m in data["moves"][1:]] == [None] * (len(data["moves"]) - 1)
        assert any(abs(m["behind"]) > 10 for m in data["moves"])  # the difference is there, plainly
    three = runner.invoke(main, ["advise", str(path), "--samples", "3"])
    assert three.exit_code == 0 and "±" in three.output, three.output

"""A Matador log from the command line: hostile events refused in the table's words with
the file unchanged (a play on an end it does not fit, a matador misplayed, a draw while you
could play, a tile already played, out of turn, ...), what the moves prove, the status's
schema, the corpus's rounds scored by the rule text, the opener of a later round, and the
session, the lesson and the review on it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from clitools import drive, refused, run
from domino_advisor import api
from domino_advisor.log import logfile

HEAD = '[Rules "matador"]\n[Players "ana me bob"]\n[Me "me"]\nround 1\nme holds 6-6 6-1 5-3 4-0 2-2\n'
LOGS = Path(__file__).parent / "data" / "logs"


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def table(tmp_path):
    """ana opens 5-5; you lay 2-2 on a 5 (it shows 2); bob's matador 5-2 on the other 5
    leaves a 5: ends 5 and 2, ana to move."""
    f = tmp_path / "table.dom"
    f.write_text(HEAD + "ana plays 5-5\nme plays 2-2 on 5\nbob plays 5-2 on 5\n")
    return f


def logged(runner, f, *events):
    res = run(runner, "log", "-q", f, *events)
    assert res.exit_code == 0, res.output
    return res


def status(runner, f) -> dict:
    res = run(runner, "status", "--json", f)
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


# -- hostile input ------------------------------------------------------------------------------
def test_a_play_on_an_end_it_does_not_fit_is_refused(runner, table):
    refused(
        runner,
        table,
        "log",
        table,
        "ana plays 5-0 on 5",
        says="5-0 cannot go on 5: an end showing 5 takes a 2",
    )
    refused(runner, table, "log", table, "ana plays 3-3", says="3-3 does not go on the open ends 5 and 2")
    refused(runner, table, "log", table, "ana plays 3-0 on 4", says="no open end shows 4")


def test_a_blank_end_takes_only_a_matador(runner, table):
    logged(runner, table, "ana draws 1", "ana plays 5-0 on 2")  # ends 5 and 0
    refused(
        runner,
        table,
        "log",
        table,
        "me plays 4-0 on 0",
        says="an end showing 0 takes only a matador (6-1, 5-2, 4-3, 0-0)",
    )


def test_a_matador_misplayed_is_refused(runner, table):
    logged(runner, table, "ana draws 1", "ana plays 5-0 on 2")  # ends 5 and 0: your 6-1 fits both
    # named on no open end, named on none where it fits two, or written with a side
    refused(
        runner,
        table,
        "log",
        table,
        "me plays 6-1 on 6",
        says="no open end shows 6 (the open ends are 5 and 0)",
    )
    refused(runner, table, "log", table, "me plays 6-1", says="say which, 'on 5' or 'on 0'")
    refused(runner, table, "log", table, "me plays 6-1 on left", says="name the end by the number it shows")
    # a matador you do not hold, or one already laid
    refused(runner, table, "log", table, "me plays 4-3 on 5", says="you do not hold 4-3")
    refused(
        runner, table, "log", table, "me plays 5-2 on 5", says="5-2 is already on the table (bob played it)"
    )


def test_a_draw_or_a_pass_while_you_could_play_is_refused(runner, table):
    logged(runner, table, "ana draws 1", "ana plays 5-0 on 2")  # only your matador fits
    refused(runner, table, "log", table, "me draws 3-3", says="you hold 6-1, which plays on 5 and 0")
    refused(runner, table, "log", table, "me passes", says="can still be drawn")


def test_a_tile_already_played_is_refused(runner, table):
    refused(
        runner, table, "log", table, "ana plays 2-2 on 2", says="2-2 is already on the table (me played it)"
    )
    refused(
        runner, table, "log", table, "ana plays 6-6 on 2", says="ana cannot play 6-6: 6-6 is in your hand"
    )


def test_out_of_turn_and_bad_draws_are_refused(runner, table):
    refused(runner, table, "log", table, "bob plays 5-0 on 2", says="it is ana's turn, not bob's")
    refused(runner, table, "log", table, "me draws 3-3", says="it is ana's turn, not yours")
    refused(runner, table, "log", table, "ana draws 2", says="one tile at a time")
    refused(runner, table, "log", table, "ana draws 3-3", says="write how many, like 'ana draws 1'")
    refused(runner, table, "log", table, "ana passes", says="13 tiles can still be drawn")
    refused(runner, table, "log", table, "ana shows 1-1", says="round 1 is not over")


def test_the_wrong_opener_is_refused(runner, tmp_path):
    f = tmp_path / "open.dom"
    f.write_text(HEAD)
    refused(runner, f, "log", f, "me plays 6-6", says="it is ana's turn, not yours (they open this round)")
    refused(runner, f, "log", f, "ana plays 5-5 on 5", says="the first tile is played without 'on 5'")
    refused(runner, f, "log", f, "ana draws 1", says="before the first tile is played")


def test_your_draw_names_its_tile_and_then_you_lay_it(runner, tmp_path):
    f = tmp_path / "draw.dom"
    f.write_text(HEAD.replace("6-6 6-1 5-3 4-0 2-2", "6-6 5-5 4-4 3-0 3-3") + "ana plays 6-5\n")
    refused(runner, f, "log", f, "me draws 1", says="write which tile, like 'me draws 6-4'")
    logged(runner, f, "me draws 1-1")
    refused(runner, f, "log", f, "me draws 3-3", says="you hold 1-1, which plays on 6")


# -- what the moves prove -----------------------------------------------------------------------
def test_draws_then_a_play_prove_the_hand_lacks_the_tiles_that_fitted(runner, table):
    logged(runner, table, "ana draws 1", "ana draws 1", "ana plays 5-0 on 2")
    data = status(runner, table)
    jsonschema.Draft202012Validator(api.schema("line-status")).validate(data)
    lacks = {p["name"]: p.get("cannot_hold") for p in data["players"]}
    # ana's deal and her first drawn tile held no 2 (for the 5), no 5 (for the 2), no matador
    assert lacks == {"ana": [2, 5], "me": None, "bob": []}
    assert data["where"]["4-3"]["ana"] == 0 and data["where"]["4-3"]["bob"] > 0  # a matador
    assert data["where"]["6-6" if "6-6" in data["where"] else "3-3"]["ana"] > 0
    assert data["to_move"] == "me" and data["your_plays"] == ["6-1 on 5", "6-1 on 0"]
    assert data["line"] == ["5-2", "5-5", "2-2", "5-0"] and data["ends"] == [5, 0]


def test_a_pass_proves_the_whole_hand(runner, tmp_path):
    f = tmp_path / "pass.dom"
    f.write_text(
        '[Rules "matador"]\n[Set "hand=9 target=0"]\n[Players "ann bob cy"]\n[Me "ann"]\nround 1\n'
        "ann holds 3-3 4-4 4-3 0-0 6-1 6-6 5-5 2-2 1-1\nann plays 3-3\nbob draws 1\nbob passes\n"
    )
    data = status(runner, f)
    lacks = {p["name"]: p.get("cannot_hold") for p in data["players"]}
    assert lacks["bob"] == [4]  # a 3 takes a 4; the matadors he might have held are elsewhere
    assert all(data["where"][t]["bob"] == 0 for t in ("5-2", "4-0", "6-4"))


# -- the corpus, the match ----------------------------------------------------------------------
def test_status_of_every_corpus_log_follows_its_schema(runner):
    paths = sorted(LOGS.glob("matador-*.dom"))
    assert len(paths) == 3
    for path in paths:
        jsonschema.Draft202012Validator(api.schema("line-status")).validate(status(runner, path))


def _pips(tiles: list[str]) -> int:
    return sum(int(a) + int(b) for a, b in (t.split("-") for t in tiles))


@pytest.mark.parametrize("name", ["matador-3-match.dom", "matador-4-blocked.dom"])
def test_the_corpus_rounds_are_scored_by_the_rule_text(name):
    """Each finished round's points, worked from the hands left as the log shows them (the
    rule text: out, the others' pips; blocked, the fewest scores the others' less their own;
    a tie, nobody), add up to the match's totals, and each later round is opened by the
    round before's winner (or the player after its opener)."""
    log = logfile.load(LOGS / name)
    match = log.replay()
    totals = dict.fromkeys(log.players, 0)
    opener = 0
    for r in match.rounds:
        assert r.opener == opener and r.history[0].seat == opener
        left = [r.pips(s) for s in range(len(log.players))]
        assert None not in left
        if r.how == "out":
            winner, points = r.out, sum(left)
        else:
            low = min(left)
            winner = left.index(low) if left.count(low) == 1 else None
            points = sum(left) - 2 * low if winner is not None else 0
        if winner is not None:
            totals[log.players[winner]] += points
        opener = winner if winner is not None else (opener + 1) % len(log.players)
    assert totals == dict(zip(log.players, match.totals, strict=True))
    assert match.finished


def test_a_new_round_waits_for_the_points_and_is_opened_by_the_winner(runner, tmp_path):
    f = tmp_path / "match.dom"
    f.write_text(
        '[Rules "matador"]\n[Set "hand=2 target=20"]\n[Players "ana me bob"]\n[Me "me"]\nround 1\n'
        "me holds 6-4 3-1\nana plays 6-6\nme plays 3-1 on 6\nbob plays 5-2 on 6\nana plays 4-3 on 3\n"
    )
    refused(runner, f, "log", f, "round 2", says="round 2 cannot start: round 1's points are not known yet")
    logged(runner, f, "me shows 6-4", "bob shows 1-1")
    data = status(runner, f)
    assert data["scores"] == {"ana": 12, "me": 0, "bob": 0}  # 10 + 2: ana went out
    logged(runner, f, "round 2", "me holds 5-5 0-0")
    refused(runner, f, "log", f, "me plays 5-5", says="it is ana's turn, not yours (they open this round)")


# -- the session, a lesson, the review ----------------------------------------------------------
def test_a_session_logs_the_shorthand_and_asks_which_end(tmp_path, table):
    text = drive(table, ["ana d", "ana 50 2", "me 61", "me 61 0", "bob d"], samples=4)
    assert "ana plays 5-0 on 2" in text and "me plays 6-1 on 0" in text
    assert "6-1 fits 5 and 0: say which, like 'me 61 5'" in text
    log = table.read_text()
    assert log.endswith("ana draws 1\nana plays 5-0 on 2\nme plays 6-1 on 0\nbob draws 1\n")


def _right_answer(prompt: str, lesson) -> str:
    """The answer worked out from the round as it stands; your play: the first open to you."""
    from domino_advisor.base.tiles import Tile, full_set
    from domino_advisor.counting.inference import infer as count

    r = lesson.round
    view = r.seat_view(0)
    inf = count(view)
    if m := re.match(r"which numbers can (\w+) certainly not hold", prompt):
        return " ".join(map(str, inf.cannot_hold(r.names.index(m.group(1))))) or "none"
    if m := re.match(r"how many (\d+)s have you not seen yet", prompt):
        n = int(m.group(1))
        seen = set(view.table) | set(view.hand)
        return str(sum(1 for t in full_set(6) if t.bears(n) and t not in seen))
    if m := re.match(r"where is (\S+) most likely", prompt):
        where = inf.where(Tile.parse(m.group(1), 6))
        return max(where, key=lambda k: where[k])
    play = r.moves_of(0)[0]
    return f"{play.tile.high}{play.tile.low}" + ("" if play.on is None else f" {play.on}")


def test_a_lesson_with_right_counting_answers():
    from rich.console import Console

    from domino_advisor.cli.lesson import Lesson
    from domino_advisor.games.matador.rules import MatadorRules

    out = io.StringIO()

    def read(prompt: str) -> str:
        out.write(prompt)
        return _right_answer(prompt, lesson)

    lesson = Lesson(MatadorRules(), 3, 1, Console(file=out, width=80, no_color=True), read, samples=2)
    lesson.play()
    text = out.getvalue()
    assert "a practice round of Matador for 3: you (me) against the bots, me opens with any" in text
    assert "round over" in text and lesson.round.over
    asked = {k: lesson.score.asked[k] for k in ("voids", "count", "where")}
    assert sum(asked.values()) >= 1 and lesson.score.asked["move"] >= 1
    for kind, n in asked.items():
        assert lesson.score.points[kind] == pytest.approx(n), kind


def test_a_lessons_why_names_the_pass_that_proves_a_lack():
    """Bob passed on ends 3 and 3: he lacks the 4s a 3 takes, and the why says his pass."""
    from domino_advisor.counting.inference import infer
    from domino_advisor.games.events import parse_event
    from domino_advisor.games.matador.rules import MatadorRules
    from domino_advisor.games.matador.seat import replay
    from domino_advisor.learning.questions import Voids

    events = ["ann holds 3-3 4-4 4-3 0-0 6-1 6-6 5-5 2-2 1-1", "ann plays 3-3", "bob draws 1", "bob passes"]
    r = replay(MatadorRules(hand=9, target=0), ["ann", "bob", "cy"], "ann", [parse_event(e) for e in events])
    view = r.seat_view(0)
    marked = Voids(1).mark({4}, view, infer(view))
    assert marked.points == 1 and marked.why == "bob passed on 3, so bob lacks 4"


def test_the_review_of_a_corpus_match_follows_its_schema(runner):
    res = run(runner, "review", "--json", "--samples", 1, "--no-hindsight", LOGS / "matador-3-match.dom")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    jsonschema.Draft202012Validator(api.schema("train-review")).validate(data)
    assert data["game"] == "matador" and data["decisions"] and data["most_wins"] is True


def test_a_play_a_pass_contradicts_is_taken_and_only_that_tile_set_aside(runner, tmp_path):
    """Bob passed on ends 3 and 3 (no 4, no matador), then laid 4-1 with no draw between: the
    log cannot see his hand, so it takes the play; the counting says so and sets that proof
    aside for the 4-1 alone: his other 4s and the matadors stay ruled out."""
    f = tmp_path / "misplay.dom"
    f.write_text(
        '[Rules "matador"]\n[Set "hand=9 target=0"]\n[Players "ann bob cy"]\n[Me "ann"]\nround 1\n'
        "ann holds 3-3 4-4 0-0 6-6 5-5 2-2 1-1 6-5 5-3\nann plays 3-3\nbob draws 1\nbob passes\n"
        "cy plays 5-2 on 3\nann plays 6-5 on 2\n"
    )
    res = logged(runner, f, "bob plays 4-1 on 3")
    data = status(runner, f)
    assert any("bob passed on 3 (line 9)': bob played 4-1 at line 12" in w for w in data["warnings"])
    assert all(data["where"][t]["bob"] == 0 for t in ("4-0", "4-2", "6-4", "4-3", "6-1"))
    assert data["where"]["1-0"]["bob"] > 0
    assert res.exit_code == 0

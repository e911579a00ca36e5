"""Each game's own counting question (issue 41, item 4): every game names one, a skill of
its own; in lessons it is asked and marked against answers worked out apart
(``ownanswers``), a "certainly stuck" is never false in the deal itself, it is asked at
the table when an event changed its answer, and progress shows it as its own skill."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

from clitools import run
from domino_advisor.base.errors import NotationError
from domino_advisor.base.tiles import Tile
from domino_advisor.cli.lesson import Lesson
from domino_advisor.games import registry
from domino_advisor.games.events import Play
from domino_advisor.learning import gamequestions
from domino_advisor.learning.answers import KINDS, LABELS, OWN, Answer, answer_from
from domino_advisor.learning.progress import Record
from ownanswers import own_answer

GAMES = registry.every_game()
IDS = [g.name for g in GAMES]
# a seed per game whose lesson asks its own question (a lesson asks it in turn with the others)
SEEDS = {"line": 3, "mexican-train": 3, "chicken-foot": 3, "tiddly-wink": 5, "matador": 3}


def test_every_game_names_a_question_of_its_own():
    kinds = [registry.part(g, "question").kind for g in GAMES]
    assert sorted(kinds) == sorted(OWN) and set(OWN) <= set(KINDS) and all(LABELS[k] for k in kinds)


def _lesson(game, seed: int):
    out = io.StringIO()
    lesson: Lesson
    asked: list[str] = []

    def read(prompt: str) -> str:
        r = lesson.round
        own = own_answer(prompt, r)
        if own is not None:
            asked.append(prompt)
            if own != "-" and not prompt.startswith("how many"):  # who is stuck, said certain
                for name in own.split():
                    seat = r.names.index(name)
                    hand = r.hands[seat]
                    numbers = [r.trains[seat].end] if "own train" in prompt else r.open_numbers(0)
                    assert not any(t.bears(n) for t in hand for n in numbers), (prompt, name, hand)
            return own
        if prompt.startswith("which numbers"):
            return "-"
        if prompt.startswith("how many"):
            return "0"
        if prompt.startswith("where is"):
            return prompt.split("(")[1].split(",")[0]
        play = next(m for m in r.moves_of(0) if isinstance(m, Play))
        return f"{play.tile}" + ("" if play.on is None else f" on {play.on}")

    name = game.rules_names()[0]
    lesson = Lesson(game.rules_from(name, ""), 3, seed, Console(file=out, width=100), read, samples=2)
    score = lesson.play()
    return lesson, score, asked, out.getvalue()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_lesson_asks_the_games_own_question_and_marks_it_right(game):
    lesson, score, asked, out = _lesson(game, SEEDS[game.name])
    kind = lesson.own.kind
    assert asked and score.asked[kind] == len(asked) and score.points[kind] == score.asked[kind], out
    assert f"{LABELS[kind]}: " in out  # the lesson's totals name the skill


def test_who_cannot_follow_reads_names_and_says_what_is_wrong():
    r = registry.game_for("classic").deal_round(
        registry.game_for("classic").rules_from("classic", ""), ["me", "ana", "bob"], random.Random(1), you=0
    )
    view = r.seat_view(0)
    q = gamequestions.Blocked("stuck", "on 2·5", ((1, (2, 5)), (2, (2, 5))))
    assert q.read("ana, Bob", view) == {1, 2} and q.read("b", view) == {2} and q.read("-", view) == set()
    assert q.read("nobody", view) == set() and q.read("ana and bob", view) == {1, 2}
    with pytest.raises(NotationError, match="'cy': answer with names \\(ana, bob\\), or - for nobody"):
        q.read("cy", view)
    with pytest.raises(NotationError, match="type their names"):
        q.read("  ", view)


def test_a_dead_end_at_matador_is_counted_from_the_table():
    game = registry.game_for("matador")
    rules = game.rules_from("matador", "")
    r = game.deal_round(rules, ["me", "ana", "bob"], random.Random(2), you=0)
    view = r.seat_view(0)
    from domino_advisor.counting.inference import infer

    inf = infer(view)
    q = gamequestions.Fitting(
        "sevens", "on the 0 end", frozenset({Tile(6, 1), Tile(5, 2), Tile(4, 3), Tile(0, 0)})
    )
    mark = q.mark(len([t for t in q.tiles if t in inf.unseen]), view, inf)
    assert mark.points == 1.0 and mark.why.startswith("4 tiles could go on the 0 end: 6-1 5-2 4-3 0-0")


def test_practice_at_the_table_asks_who_cannot_follow(runner, tmp_path):
    game = tmp_path / "g.dom"
    res = run(runner, "new", game, "--rules", "block", "--players", "me ana bob", "--hand", "62 55 54 44 40")
    assert res.exit_code == 0, res.output
    lines = ["me 55", "ana 52", "bob pass", "2 5", "me 54 on 5", "ana 42 on 4", "bob", "q"]
    res = run(runner, "session", game, "--samples", "20", "--practice", input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    assert "who certainly cannot play on 2 now (names, or - for nobody)?" in res.output
    assert "right: bob cannot play on 2" in res.output
    assert "why: bob passed on 2·5 (event 5), so bob lacks 2; nothing proves ana lacks 2" in res.output
    kept = [(a.kind, a.points, a.source) for a in Record().answers()]
    assert kept == [("voids", 1.0, "practice"), ("stuck", 1.0, "practice")]


def test_progress_shows_a_games_own_skill(runner, tmp_path):
    record = Record()
    for i in range(4):
        record.add(
            Answer("own-train", float(i % 2), "mexican-train", 1, 3.0, 1_700_000_000 + i, "train", 2.0)
        )
    record.close()
    res = run(runner, "progress", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert {(s["game"], s["kind"]) for s in data["skills"]} == {("Mexican Train", "own-train")}
    assert [k["kind"] for k in data["kinds"]] == ["voids", "count", "where", "move", "own-train"]
    res = run(runner, "progress")
    assert "who is off their train" in res.output


def test_an_own_kind_reads_back_from_a_pending_line():
    line = json.dumps(
        {
            "kind": "sevens",
            "points": 1,
            "rules": "matador",
            "lesson": 2,
            "seconds": 1.5,
            "at": 1e9,
            "source": "train",
        }
    )
    assert answer_from(line).kind == "sevens"


def test_a_command_typed_at_the_question_is_the_sessions_not_a_name(runner, tmp_path):
    """At the table a name is answered whole: 'b' typed at the question is a line of the
    game (here refused, in the table's words), never bob."""
    game = tmp_path / "g.dom"
    run(runner, "new", game, "--rules", "block", "--players", "me ana bob", "--hand", "62 55 54 44 40")
    lines = ["me 55", "ana 52", "bob pass", "2 5", "me 54 on 5", "ana 42 on 4", "b", "q"]
    res = run(runner, "session", game, "--samples", "20", "--practice", input="\n".join(lines) + "\n")
    assert res.exit_code == 2, res.output  # a line refused
    assert "who certainly cannot play on 2 now" in res.output and "bob cannot play on 2" not in res.output
    assert "not logged: 'b': say what bob did" in res.output
    assert [a.kind for a in Record().answers()] == ["voids"]  # the question left unanswered, nothing kept


def test_nobody_is_asked_about_their_own_train_while_a_double_waits():
    game = registry.game_for("mexican-train")
    rules = game.rules_from("mexican-train", "")
    r = game.deal_round(rules, ["me", "ana", "bob"], random.Random(4), you=0)
    view = r.seat_view(0)
    own = registry.part(game, "question")
    assert own(r, view)  # at the start, every train open to its owner
    r.double = 0  # a double laid on the first player's train, to be satisfied
    assert own(r, view) == []

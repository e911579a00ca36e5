"""Every --json output validates against the JSON Schema shipped in the package
(docs/json.md): status, advise, review and simulate, across the shapes they take."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from clitools import HAND, new_game, run, small_drill_budgets
from domino_advisor import api
from domino_advisor.cli.demo import demo_text

jsonschema = pytest.importorskip("jsonschema")


@functools.cache  # each schema checked against the meta-schema once a run, its validator kept
def validator(command: str):
    schema = api.schema(command)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def validate(command: str, data) -> None:
    validator(command).validate(data)


def output(runner, *args) -> dict:
    res = run(runner, *args)
    assert res.exit_code == 0, res.output

    def no_nan(token):
        raise AssertionError(f"{token} is not JSON")

    return json.loads(res.output, parse_constant=no_nan)


def test_the_schemas_are_valid_and_strict():
    from domino_advisor.games.registry import every_game

    commands = ["status", "advise", "review", "simulate", "calibrate", "progress", "train-review"]
    for command in commands + [g.status_schema for g in every_game()]:
        schema = api.schema(command)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["additionalProperties"] is False  # a renamed field cannot slip through
    with pytest.raises(ValueError):
        api.schema("nope")


LOGS = Path(__file__).parent / "data" / "logs"


def test_every_logs_status_follows_the_schema_its_game_names(runner):
    """Every game of the registry names the schema its status follows (``status_schema``);
    the status of every log of the corpus follows its game's, and every game has a log."""
    from domino_advisor.games.registry import every_game
    from domino_advisor.log.logfile import load

    seen = set()
    for path in sorted(LOGS.glob("*.dom")):
        game = load(path).game
        seen.add(game.name)
        validate(game.status_schema, output(runner, "status", "--json", path))
    assert seen == {g.name for g in every_game()}


def test_status_in_its_shapes(runner, tmp_path):
    path = new_game(runner, tmp_path / "s.dom")
    validate("status", output(runner, "status", path, "--json"))  # before the opening
    assert run(runner, "log", "-q", path, "me plays 6-6", "ana draws 2", "ana plays 6-4 on 6").exit_code == 0
    validate("status", output(runner, "status", path, "--json"))
    shared = Path(__file__).parent / "data" / "three-players.dom"
    validate("status", output(runner, "status", shared, "--json"))
    over = tmp_path / "over.dom"
    assert (
        run(
            runner,
            "new",
            "-q",
            over,
            "--players",
            "me ana",
            "--set",
            "hand=1",
            "--set",
            "target=1",
            "--hand",
            "6-6",
        ).exit_code
        == 0
    )
    assert run(runner, "log", "-q", over, "me plays 6-6", "ana shows 5-5").exit_code == 0
    data = output(runner, "status", over, "--json")
    assert data["match_over"] and data["match_winner"] == ["me"]
    validate("status", data)
    partners = tmp_path / "p.dom"
    assert (
        run(
            runner,
            "new",
            "-q",
            partners,
            "--players",
            "me ana bob cy",
            "--rules",
            "partnership",
            "--hand",
            HAND + " 1-1 2-2",
        ).exit_code
        == 0
    )
    validate("status", output(runner, "status", partners, "--json"))
    reads = tmp_path / "reads.dom"
    assert (
        run(
            runner,
            "new",
            "-q",
            reads,
            "--players",
            "me bob",
            "--rules",
            "block",
            "--hand",
            "66 65 64 63 55 44 21",
        ).exit_code
        == 0
    )
    assert (
        run(
            runner, "log", "-q", reads, "me plays 6-6", "bob plays 6-1", "me plays 2-1", "bob plays 2-0"
        ).exit_code
        == 0
    )
    data = output(runner, "status", reads, "--json")
    assert "reads" in data and "likely_lacks" in data["players"][0]  # soft reads, with a shipped style
    validate("status", data)


def test_advise_in_its_shapes(runner, tmp_path):
    path = new_game(runner, tmp_path / "a.dom")
    validate("advise", output(runner, "advise", path, "--json", "--samples", "20"))  # opening
    assert (
        run(runner, "log", "-q", path, "me plays 6-6", "ana plays 6-4 on 6", "bob plays 4-1 on 4").exit_code
        == 0
    )
    validate("advise", output(runner, "advise", path, "--json", "--samples", "20"))
    draw = tmp_path / "d.dom"
    assert (
        run(
            runner, "new", "-q", draw, "--players", "me ana", "--hand", "6-6 4-4 4-3 4-2 3-3 3-2 2-2"
        ).exit_code
        == 0
    )
    assert run(runner, "log", "-q", draw, "me plays 6-6", "ana plays 6-5 on 6").exit_code == 0
    data = output(runner, "advise", draw, "--json", "--samples", "20")
    assert data["action"] == "draw"
    validate("advise", data)
    fives = tmp_path / "f.dom"
    assert (
        run(
            runner,
            "new",
            "-q",
            fives,
            "--players",
            "me ana",
            "--rules",
            "all-fives",
            "--hand",
            "6-6 6-1 5-0 4-4 3-2 2-2 1-0",
        ).exit_code
        == 0
    )
    assert (
        run(
            runner,
            "log",
            "-q",
            fives,
            "me plays 6-6",
            "ana plays 6-3 on 6",
            "me plays 3-2 on 3",
            "ana plays 6-2 on 2",
        ).exit_code
        == 0
    )
    data = output(runner, "advise", fives, "--json", "--samples", "20")
    assert any("side" in m for m in data["moves"]) and any("points_ahead" in m for m in data["moves"])
    validate("advise", data)
    exact = tmp_path / "x.dom"  # two players, every tile dealt, nothing to draw: solved exactly
    assert (
        run(
            runner,
            "new",
            "-q",
            exact,
            "--players",
            "me ana",
            "--rules",
            "block",
            "--set",
            "set=3",
            "--set",
            "hand=5",
            "--hand",
            "3-3 3-2 3-1 2-2 1-0",
        ).exit_code
        == 0
    )
    data = output(runner, "advise", exact, "--json")
    assert data["exact"]
    validate("advise", data)


def test_review_and_simulate(runner, tmp_path):
    game = tmp_path / "demo.dom"
    game.write_text(demo_text())
    data = output(runner, "review", game, "--json", "--samples", "10")
    validate("review", data)
    assert data["hindsight"][0]["known"]
    from domino_advisor.learning.hindsight import RoundHindsight

    data["hindsight"].append(RoundHindsight(2, "cy's hand was not shown").as_dict())
    validate("review", data)  # a round without hindsight says why
    validate("simulate", output(runner, "simulate", "--bots", "heavy,random", "--games", "1", "--json"))
    validate(
        "simulate",
        output(
            runner,
            "simulate",
            "--rules",
            "partnership",
            "--players",
            "4",
            "--bots",
            "heuristic,heavy",
            "--games",
            "8",
            "--json",
        ),
    )


def test_progress_json_follows_its_schema(runner, tmp_path, monkeypatch):
    small_drill_budgets(monkeypatch)  # the record's shape is the point
    validate("progress", output(runner, "progress", "--json"))  # an empty record
    game = tmp_path / "demo.dom"
    game.write_text(demo_text())
    assert run(runner, "train", "--from", game, input="0\n3\nq\n").exit_code == 0
    data = output(runner, "progress", "--json")
    validate("progress", data)
    assert data["sources"]["drill"] == data["answers"] >= 1 and data["drills"]["kept"] >= 1

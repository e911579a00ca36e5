"""The model files (issue 42, item 4): the model of play, the calibration maps and the
match tables each carry a format number and a size cap and are read whole or not at all;
a missing or damaged file is said in one line and the command goes on as without that
model (for the model of play, exactly as with soft reads switched off)."""

from __future__ import annotations

import json
import pkgutil

import pytest
from click.testing import CliRunner

from domino_advisor.cli.app import main
from domino_advisor.counting import reads
from domino_advisor.counting.reads import FEATURES, FORMAT, MAX_BYTES, parse_models
from domino_advisor.games.line.rules import preset
from test_reads import READS_LOG  # the block game whose reads status shows


def _shipped_bytes() -> bytes:
    data = pkgutil.get_data("domino_advisor", reads.DATA)
    assert data is not None
    return data


def test_the_shipped_file_is_whole_and_small():
    data = _shipped_bytes()
    assert len(data) <= MAX_BYTES
    doc = json.loads(data)
    assert doc["format"] == FORMAT and doc["features"] == list(FEATURES)
    models = parse_models(data)
    assert {"classic/2", "block/2", "all-fives/2", "partnership/4"} <= set(models)
    for model, simple in models.values():
        assert simple.follows == simple.keeps == simple.blocks == 0.0  # 0.5.0's: the tile alone
        assert model.pips > 0 and model.double > 0  # every table's players shed pips and doubles
    assert reads.model_trouble() is None


def _doc() -> dict:
    return json.loads(_shipped_bytes())


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: b"{" + b" " * MAX_BYTES, "more than its"),
        (lambda d: b"\xff\xfe not json", "not JSON"),
        (lambda d: json.dumps({**d, "format": 99}).encode(), "its format is 99"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "format"}).encode(), "its format is None"),
        (lambda d: json.dumps({**d, "features": ["pips"]}).encode(), "its features are ['pips']"),
        (lambda d: json.dumps({**d, "models": []}).encode(), "it has no models"),
        (
            lambda d: json.dumps({**d, "models": {"block/2": {"model": {"pips": "x"}}}}).encode(),
            "its model for block/2 is damaged",
        ),
        (lambda d: json.dumps([1, 2]).encode(), "its format is None"),
        (lambda d: json.dumps(d).replace('"keeps": ', '"keeps": 1e999, "x": ', 1).encode(), "is damaged"),
        (
            lambda d: json.dumps(d).replace('"keeps": ', '"keeps": 1' + "0" * 400 + ', "x": ', 1).encode(),
            "is damaged",
        ),
        (lambda d: json.dumps(d).replace('"pips": ', '"pips": 100, "x": ', 1).encode(), "is damaged"),
        (lambda d: json.dumps(d).replace('"keeps": ', '"keeps": NaN, "x": ', 1).encode(), "is damaged"),
        (lambda d: json.dumps({**d, "models": {}}).encode(), "it has no models"),
    ],
)
def test_a_damaged_file_is_refused_whole_saying_why(change, said):
    with pytest.raises(ValueError, match=said.replace("[", r"\[").replace("]", r"\]")):
        parse_models(change(_doc()))


def _clear_caches() -> None:
    from domino_advisor.advice import calibration
    from domino_advisor.games.line import equity

    for cached in (reads._shipped, calibration._shipped, equity._shipped, equity._decoded):
        cached.cache_clear()


@pytest.fixture
def no_model(monkeypatch):
    """A package's model file unreadable as the loader finds it (and the caches cleared
    either side, so no other test sees it)."""

    def use(data: bytes | None, resource_of: str = reads.DATA):
        real = pkgutil.get_data

        def fake(package: str, resource: str) -> bytes | None:
            if resource == resource_of:
                if data is None:
                    raise FileNotFoundError(resource)
                return data
            return real(package, resource)

        monkeypatch.setattr(pkgutil, "get_data", fake)
        _clear_caches()

    yield use
    monkeypatch.undo()
    _clear_caches()


@pytest.mark.parametrize(("data", "said"), [(None, "is missing"), (b'{"format": 0}', "is damaged")])
def test_without_the_model_status_says_so_once_and_counts_as_without_reads(tmp_path, no_model, data, said):
    f = tmp_path / "g.dom"
    f.write_text(READS_LOG)
    runner = CliRunner()
    off = runner.invoke(main, ["status", "--json", "--no-reads", str(f)])
    no_model(data)
    assert reads.style_for(preset("block"), 2) is None
    got = runner.invoke(main, ["status", "--json", str(f)])
    assert got.exit_code == 0, got.output
    on = json.loads(got.stdout)
    want = json.loads(off.stdout)
    lines = [w for w in on.get("warnings", []) if "play model" in w]
    assert len(lines) == 1 and said in lines[0] and "without soft reads" in lines[0]
    assert {k: v for k, v in on.items() if k != "warnings"} == {
        k: v for k, v in want.items() if k != "warnings"
    }
    text = runner.invoke(main, ["status", str(f)])
    assert text.exit_code == 0 and text.output.count("play model") == 1
    assert "Traceback" not in text.output
    advice = runner.invoke(main, ["advise", "--json", "--samples", "20", str(f)])
    assert advice.exit_code == 0 and advice.stderr.count("play model") == 1
    assert json.loads(advice.stdout)["moves"] is not None
    assert f.read_text() == READS_LOG


@pytest.mark.slow  # 1 s of CPU: the slow tier's
def test_the_rebuild_gives_the_same_bytes(tmp_path):
    """The models are rebuilt from their seed byte for byte (here at a small size)."""
    runner = CliRunner()
    outs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        got = runner.invoke(
            main, ["reads", "--build", str(out), "--games", "2", "--samples", "8", "--seed", "3"]
        )
        assert got.exit_code == 0, got.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    models = parse_models(outs[0])
    assert len(models) >= 4 and len(outs[0]) <= MAX_BYTES


def test_the_advisor_reads_by_the_shipped_mixture_and_simple_advisor_by_the_tile_alone():
    """``simple-advisor`` is the advisor as 0.5.0 to 0.10.0 read the plays (the head-to-head
    measure of issue 42), all else the same."""
    from domino_advisor.games.registry import game_for, part
    from domino_advisor.log.gamelog import loads

    rules = preset("block")
    model, simple = reads.models_for(rules, 2)
    assert model.also and model.also[0].scales[0] == 1.0 and not simple.also
    make = part(game_for("block"), "bots")
    r = loads(READS_LOG).replay().round
    got = {}
    for name in ("advisor", "simple-advisor", "unread-advisor"):
        player = make(name, rules, 1).player
        got[name] = player._style(r) if player.reads else None
    assert got == {"advisor": model, "simple-advisor": simple, "unread-advisor": None}


MATCH_LOG = """\
[Rules "classic"]
[Players "me ana bob"]
[Me "me"]
round 1
me holds 6-6 6-5 6-4 3-3 2-1
me plays 6-6
ana plays 6-1
bob plays 6-2
"""


@pytest.mark.parametrize(
    ("resource", "data", "said"),
    [
        ("data/calibration.json", None, "the calibration maps (data/calibration.json) are missing"),
        (
            "data/calibration.json",
            b'{"format": 1, "maps": {"x/2": 3}, "unmapped_error": 0.1}',
            "does not read",
        ),
        ("data/calibration.json", b'{"format": 2}', "its format is 2"),
        ("data/equity.json", None, "the match tables (data/equity.json) are missing"),
        ("data/equity.json", b'{"format": 1}', "it has no tables"),
        ("data/equity.json", b"[", "not JSON"),
    ],
)
def test_the_advice_without_its_maps_or_tables_says_so_once_and_goes_on(
    tmp_path, no_model, resource, data, said
):
    f = tmp_path / "g.dom"
    f.write_text(MATCH_LOG)
    no_model(data, resource)
    got = CliRunner().invoke(main, ["advise", "--json", "--samples", "20", str(f)])
    assert got.exit_code == 0, got.output
    lines = [line for line in got.stderr.splitlines() if line.startswith("warning:")]
    assert len(lines) == 1 and said in lines[0], got.stderr
    advice = json.loads(got.stdout)
    assert advice["moves"] and all(0 <= m["win"] <= 1 for m in advice["moves"])
    assert f.read_text() == MATCH_LOG


def test_the_shipped_maps_and_tables_read_whole():
    from domino_advisor.advice import calibration
    from domino_advisor.games.line import equity

    assert calibration.model_trouble() is None and equity.model_trouble() is None
    for model in (calibration.MAPS, equity.TABLES):
        data = pkgutil.get_data("domino_advisor", model.resource)
        assert data is not None and len(data) <= model.max_bytes
        assert json.loads(data)["format"] == model.format


def test_the_session_says_a_missing_map_once_and_advises(tmp_path, no_model):
    f = tmp_path / "g.dom"
    f.write_text(MATCH_LOG)
    no_model(None, "data/calibration.json")
    got = CliRunner().invoke(main, ["session", str(f), "--samples", "10"], input="a\na\n")
    assert got.exit_code == 0, got.output
    assert got.output.count("calibration maps (data/calibration.json) are missing") == 1, got.output
    assert "Traceback" not in got.output and f.read_text() == MATCH_LOG

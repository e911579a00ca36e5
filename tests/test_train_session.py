"""The table loop for Mexican Train, driven by a script: the shorthand the session
offers (a train named by m, mine or any start of a name; the only train a tile fits),
the same refusals as everywhere (file unchanged), where, advice, undo, another writer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from clitools import drive
from domino_advisor.base.tiles import Tile
from domino_advisor.cli.app import main

HAND = "5-5 11-1 2-1 12-5 2-2 12-3 10-9 7-0 3-2 9-0 12-2 8-0 4-2 11-6 1-0"
CORPUS = Path(__file__).parent / "data" / "logs" / "mexican-train-4-midround.dom"
TYPED = [
    "me 125 mine",  # 12-5 fits your train and the Mexican: named
    "ana 12-10 m",
    "bob 106",  # only the Mexican train ends in 10 or 6
    "cy 129",
    "me 55",
    "me d 5-1",
    "me 51",
    "ana d",  # one tile at a time
    "ana 60",
    "bob 127 b",  # any start of one name
    "cy 96",
    "me 10 mex",
]


@pytest.fixture
def table(tmp_path):
    path = tmp_path / "train.dom"
    result = CliRunner().invoke(
        main,
        [
            "new",
            str(path),
            "--rules",
            "mexican-train",
            "--players",
            "me,ana,bob,cy",
            "--me",
            "me",
            "--hand",
            HAND,
            "--set",
            "rounds=1",
        ],
    )
    assert result.exit_code == 0, result.output
    return path


def _events(path: Path) -> list[str]:
    lines = path.read_text().splitlines()
    return lines[lines.index("round 1") + 2 :]


# The session advises you at each of your turns: the fast tier at 1 sampled world (the
# lines written and what became certain do not depend on it), the slow tier at 4.
@pytest.mark.parametrize(
    "samples", [pytest.param(1, id="fast"), pytest.param(4, id="full", marks=pytest.mark.slow)]
)
def test_the_shorthand_writes_the_full_lines(table, samples):
    text = drive(table, TYPED, samples=samples)
    corpus = [line for line in CORPUS.read_text().splitlines() if not line.startswith("#")]
    want = corpus[corpus.index("round 1") + 2 :][: len(TYPED)]
    assert _events(table) == want
    assert "not logged" not in text
    assert "\nana: no 6 12 now\n" in text  # ana drew on 6 and 12 (her own train): the short form


def test_a_tile_that_fits_two_trains_is_asked_about(table):
    before = table.read_text()
    text = drive(table, ["me 125"], samples=4)
    assert "12-5 fits your train and the Mexican train: say which, like 'me 125 mine'" in text
    assert table.read_text() == before


@pytest.mark.parametrize(
    "line,says",
    [
        ("me 99", "does not hold 9-9"),
        ("ana 125 m", "it is your turn, not ana's"),
        ("me 110", "'110' could be 11-0 or 10-1: write it with a hyphen"),
        ("me 12-5 on zed", "say which train"),
        ("me 11-6", "11-6 fits no train open to me (me ends in 12, mexican ends in 12)"),
    ],
)
def test_bad_lines_change_nothing(table, line, says):
    before = table.read_text()
    text = drive(table, [line], samples=4)
    assert says in text and "not logged" in text
    assert table.read_text() == before


@pytest.mark.parametrize(
    "samples", [pytest.param(1, id="fast"), pytest.param(4, id="full", marks=pytest.mark.slow)]
)
def test_where_advice_and_undo(table, samples):
    text = drive(table, [*TYPED[:4], "where 7-7", "where 12-5", "a", "u"], samples=samples)
    assert "where 7-7 is" in text and "boneyard" in text
    assert "12-5 is on your train" in text
    assert "advice for me" in text
    assert "removed: cy plays 12-9 on cy" in text
    assert len(_events(table)) == 3


def test_advice_out_of_turn_is_refused_as_in_every_game(table):
    """One session: asked for out of turn, the advice is refused in the same words as the
    line games' (the line not logged, the file as it was)."""
    text = drive(table, ["me 125 mine", "a"], samples=1)
    assert "not logged: it is ana's turn, not yours: advice is for your own turn" in text


def test_practice_at_the_table_asks_and_keeps_the_answer(table, tmp_path, monkeypatch):
    """Issue 41: practice for every game.  Mexican Train: ana passes on the trains open to
    her, so what she certainly lacks is asked, marked against the count and kept."""
    from domino_advisor.learning.progress import Record

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    text = drive(table, ["practice", *TYPED[:8], "ana p", "12 6"], samples=1)
    assert "practice on" in text and "which numbers can ana certainly not hold?" in text
    assert "right: ana certainly lacks 6 12" in text and "why: ana passed on 6·12" in text
    kept = [(a.kind, a.points, a.source, a.rules) for a in Record().answers()]
    assert kept == [("voids", 1.0, "practice", "mexican-train")]


def test_another_writer_is_never_overwritten(table):
    def script():
        yield "me 125 mine"
        with table.open("a") as f:  # someone else logs ana's play meanwhile
            f.write("ana plays 12-10 on mexican\n")
        yield "bob 106"

    text = drive(table, script(), samples=4)
    events = _events(table)
    assert events == ["me plays 12-5 on me", "ana plays 12-10 on mexican", "bob plays 10-6 on mexican"]
    assert "the log was changed by another program" in text


def test_run_together_tiles_past_nine():
    assert Tile.parse("125", 12) == Tile(12, 5)
    assert Tile.parse("1010", 12) == Tile(10, 10)
    assert Tile.parse("111", 12) == Tile(11, 1)
    with pytest.raises(Exception, match="could be 11-0 or 10-1"):
        Tile.parse("110", 12)
    with pytest.raises(Exception, match="is not a tile"):
        Tile.parse("125", 6)


@pytest.mark.parametrize(
    "tile,known",
    [
        ("7-7", "on bob's train"),
        ("12-12", "the engine"),
        ("12-3", "in your hand"),
        ("9-9", "on the Mexican train"),
    ],
)
def test_where_a_tile_is(tile, known):
    res = CliRunner().invoke(main, ["where", str(CORPUS), tile, "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["known"] == known


@pytest.fixture(scope="module")
def where_4_4() -> dict:
    """``where`` on an unseen tile of the corpus round, counted once for the tests below."""
    res = CliRunner().invoke(main, ["where", str(CORPUS), "4-4", "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def test_where_an_unseen_tile_is_likely(where_4_4):
    data = where_4_4
    assert data["known"] is None and set(data["where"]) == {"ana", "bob", "cy", "boneyard"}
    assert sum(data["where"].values()) == pytest.approx(1.0)
    bad = CliRunner().invoke(main, ["where", str(CORPUS), "13-1"])
    assert bad.exit_code == 2 and "not a tile of the double-twelve set" in bad.output


# -- found by a red team --------------------------------------------------------------------
def test_advice_and_review_when_the_player_before_you_lays_a_chain(tmp_path):
    path = tmp_path / "chain.dom"
    runner = CliRunner()
    new = ["new", str(path), "--rules", "mexican-train", "--players", "me,ana,bob,cy", "--me", "me"]
    runner.invoke(main, [*new, "--set", "first_chain=yes", "--hand", HAND])
    res = runner.invoke(
        main, ["log", str(path), "me 123 mine", "me 32", "ana 12-4 a", "bob 12-8 b", "cy 12-7 c"]
    )
    assert res.exit_code == 0, res.output
    status = json.loads(runner.invoke(main, ["status", str(path), "--json"]).output)
    assert status["chain"] == "cy" and status["to_move"] == "cy" and status["your_plays"]
    advice = runner.invoke(main, ["advise", str(path), "--json", "--samples", "3", "--time", "30"])
    assert advice.exit_code == 0, advice.output
    move = json.loads(advice.output)["moves"][0]
    runner.invoke(main, ["log", str(path), f"me plays {move['tile']} on {move['train']}"])
    review = json.loads(runner.invoke(main, ["review", str(path), "--json", "--samples", "3"]).output)
    assert review["decisions"][-1]["event"] == 8  # your play that ended cy's chain is reviewed


def test_a_draw_is_one_tile_in_every_command(table):
    runner = CliRunner()
    runner.invoke(main, ["log", str(table), "me 125 mine"])
    res = runner.invoke(main, ["log", str(table), "ana d"])
    assert res.exit_code == 0 and table.read_text().rstrip().endswith("ana draws 1")
    before = table.read_text()
    bad = runner.invoke(main, ["log", str(table), "ana d2"])
    assert bad.exit_code == 2 and "a draw is one tile in this game: write 'ana d'" in bad.output
    assert table.read_text() == before
    text = drive(table, ["insert 4 ana d"], samples=4)
    assert ("not logged" in text and "ana has drawn already" in text) or "draw" in text
    assert table.read_text() == before


@pytest.mark.parametrize("name", ["m", "mex", "on", "Mex"])
def test_train_words_cannot_be_names(tmp_path, name):
    path = tmp_path / "n.dom"
    res = CliRunner().invoke(
        main,
        [
            "new",
            str(path),
            "--rules",
            "mexican-train",
            "--players",
            f"me,{name},bob",
            "--me",
            "me",
            "--hand",
            HAND,
        ],
    )
    assert res.exit_code == 2 and "it names a train" in res.output and not path.exists()


def test_a_start_shared_by_two_names_asks_for_more(tmp_path):
    path = tmp_path / "a.dom"
    CliRunner().invoke(
        main,
        [
            "new",
            str(path),
            "--rules",
            "mexican-train",
            "--players",
            "me,ana,andy",
            "--me",
            "me",
            "--hand",
            HAND,
        ],
    )
    res = CliRunner().invoke(main, ["log", str(path), "me 125 a"])
    assert res.exit_code == 2 and "could be ana's or andy's train: write more of the name" in res.output


def test_where_says_how_its_chances_were_found(where_4_4):
    counting = where_4_4["counting"]
    assert counting["method"] in ("exact", "sampled")
    if counting["method"] == "sampled":
        assert 0 < counting["error"] < 0.1


def test_where_in_a_sampled_line_game_says_so():
    log = Path(__file__).parent / "data" / "logs" / "double-twelve-4-sampled.dom"
    status = json.loads(CliRunner().invoke(main, ["status", str(log), "--json"]).output)
    tile = next(iter(status["where"]))
    res = CliRunner().invoke(main, ["where", str(log), tile, "--json"])
    data = json.loads(res.output)
    assert data["counting"]["method"] == "sampled" and data["counting"] == status["counting"]
    shown = CliRunner().invoke(main, ["where", str(log), tile])
    assert "sampled, not counted" in shown.output


def test_a_new_warning_is_said_once(tmp_path):
    path = tmp_path / "w.dom"
    args = ["new", str(path), "--rules", "mexican-train", "--set", "set=3", "--set", "hand=4"]
    res = CliRunner().invoke(main, [*args, "--players", "me ana", "--hand", "1-1 2-2 2-1 1-0"])
    assert res.exit_code == 0, res.output
    out = drive(path, ["me d 0-0", "me p", "ana p"])  # ana must hold the three 3s: a contradiction
    assert out.count("warning:") == 1 and "contradicts" in out

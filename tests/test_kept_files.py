"""What the player's log file began with is kept by every write (issue 26): a log that
starts with a byte-order mark (some Windows editors put one) keeps it through ``log``,
``undo``, ``edit`` and the session, as it keeps its mode and its newlines."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from clitools import drive, run

BOM = b"\xef\xbb\xbf"
EDITOR = Path(__file__).parent / "data" / "fake_editor.py"


def _with_bom(path: Path) -> Path:
    path.write_bytes(BOM + path.read_bytes())
    return path


def test_log_and_undo_keep_a_byte_order_mark(runner, game):
    _with_bom(game)
    res = run(runner, "log", game, "ana d2")
    assert res.exit_code == 0, res.output
    assert game.read_bytes().startswith(BOM) and game.read_bytes().count(BOM) == 1
    assert game.read_bytes().endswith(b"ana draws 2\n")
    res = run(runner, "undo", game)
    assert res.exit_code == 0, res.output
    assert game.read_bytes().startswith(BOM) and b"ana draws 2" not in game.read_bytes()


def test_edit_keeps_a_byte_order_mark(runner, game, monkeypatch):
    _with_bom(game)
    state = game.parent / "editor-state.json"
    state.write_text('[["me plays 6-6", "me plays 6-6\\nana draws 1"]]')
    monkeypatch.setenv("EDITOR", f"{sys.executable} {EDITOR} {state}")
    res = run(runner, "edit", game)
    assert res.exit_code == 0, res.output
    data = game.read_bytes()
    assert data.startswith(BOM) and data.count(BOM) == 1 and data.endswith(b"ana draws 1\n")


def test_the_session_keeps_a_byte_order_mark(game):
    _with_bom(game)
    out = drive(game, ["ana d1"])
    assert re.search(r"> \d+ ana draws 1", out), out
    assert game.read_bytes().startswith(BOM) and game.read_bytes().endswith(b"ana draws 1\n")


def test_a_file_without_one_gets_none(runner, game):
    assert run(runner, "log", game, "ana d2").exit_code == 0
    assert not game.read_bytes().startswith(BOM)

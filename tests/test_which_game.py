"""The places outside a game's own folder that ask which game this is (issue 27: from
about fifty to at most five, each justified in a comment).  A ratchet: the count may only
go down; lower ``MOST`` as places go, never raise it.

A place is a branch on the family flag (``.is_trains``), a comparison with a game's name
(``GAMES``, ``CHICKEN``, ``MEXICAN_TRAIN``, ``TRAIN_GAMES``), an ``isinstance`` against a
game's class (a Mexican Train, Chicken Foot or hub class), or a ``hasattr`` standing in
for one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "domino_advisor"
GAME_FOLDERS = {"trains", "chicken"}  # a game's own folder (games/<name>/) may know its game
GAME_NAMES = {"GAMES", "CHICKEN", "MEXICAN_TRAIN", "TRAIN_GAMES"}
GAME_CLASS = re.compile(r"Chicken|Train|Hub")
MOST = 51  # counted at the tag before-restructure (abe231c)


def _name(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _asks(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute) and node.attr == "is_trains":
        return True
    if isinstance(node, ast.Compare):
        return any(_name(n) in GAME_NAMES for n in [node.left, *node.comparators])
    if isinstance(node, ast.Call) and _name(node.func) in ("isinstance", "hasattr") and len(node.args) == 2:
        if _name(node.func) == "hasattr":
            return True
        kinds = node.args[1]
        names = [_name(k) for k in (kinds.elts if isinstance(kinds, ast.Tuple) else [kinds])]
        if isinstance(kinds, ast.BinOp):  # A | B
            names = [_name(n) for n in ast.walk(kinds)]
        return any(GAME_CLASS.search(n) for n in names)
    return False


def places() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        if parts[0] == "games" and len(parts) > 2 and parts[1] in GAME_FOLDERS:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if _asks(node):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def test_no_new_place_asks_which_game_this_is():
    found = places()
    assert len(found) <= MOST, f"{len(found)} places ask which game this is (at most {MOST}): {found}"


def test_the_count_sees_each_kind_of_place():
    for source in (
        "log.is_trains",
        "rules_name in GAMES",
        "game == CHICKEN",
        "isinstance(r, ChickenRound | TrainRound)",
        "isinstance(m, (TrainLogMatch, int))",
        "hasattr(r, 'hub')",
    ):
        assert any(_asks(n) for n in ast.walk(ast.parse(source))), source
    for source in ("log.events", "x == 2", "isinstance(x, int)"):
        assert not any(_asks(n) for n in ast.walk(ast.parse(source))), source

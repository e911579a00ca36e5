"""The places outside a game's own folder that ask which game this is: none (issue 27: from
about fifty to at most five, each justified in a comment; issue 40: none, every use
played through the registry).

A place is a branch on the family flag (``.is_trains``), a comparison with a game's name
(``GAMES``, ``CHICKEN``, ``MEXICAN_TRAIN``, ``TRAIN_GAMES``, a game's name written out, or
a ``.name`` compared with text), an ``isinstance`` against a game's class (a line-game,
Mexican Train, Chicken Foot or hub class), or a ``hasattr`` standing in for one.  A
game's own folder is ``games/<name>/`` (every folder under ``games/``: the line games, the
hub every middle-double game shares, Mexican Train, Chicken Foot, Tiddly-wink); the
registry is where games are found."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from domino_advisor.games import registry
from test_architecture import modules, nodes

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "domino_advisor"
# a game's own folder (games/<name>/) may know its game
GAME_FOLDERS = {
    name.split(".")[1] for name in modules() if name.startswith("games.") and name.count(".") == 2
}
GAME_NAMES = {"GAMES", "CHICKEN", "MEXICAN_TRAIN", "TRAIN_GAMES"}
# every [Rules] name of the registry's games (the line games' presets too), and the line games' own
# ("draw" is also a move's kind: compared with a move it is the move's; a rule set's name
# compared with any text is caught by ``_game_name`` whatever the text)
NAMES_WRITTEN = {"line", *(name for game in registry.every_game() for name in game.rules_names())} - {"draw"}
GAME_CLASS = re.compile(r"Chicken|Train|Hub|Tiddly|^(Match|Round|FastRound|Position|LineGames)$")
MOST = 0  # issue 40 (51 at the tag before-restructure, abe231c; 5 at issue 27's close)
JUSTIFIED = "asks which game"  # the words of the comment at a place (on its line or the ones above)


def _name(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _game_name(node: ast.AST) -> bool:
    """``game.name``, ``rules.name``, ``log.game.name``: a game's or a rule set's name."""
    if not (isinstance(node, ast.Attribute) and node.attr == "name"):
        return False
    owner = _name(node.value)
    return owner in ("game", "rules", "log") or owner.endswith(("_game", "_rules"))


def _asks(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute) and node.attr == "is_trains":
        return True
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        if any(_name(n) in GAME_NAMES for n in sides):
            return True
        written = [n.value for n in sides if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        eq = all(isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn) for op in node.ops)
        if eq and (set(written) & NAMES_WRITTEN or (written and any(_game_name(n) for n in sides))):
            return True
        return False
    if isinstance(node, ast.Call) and _name(node.func) in ("isinstance", "hasattr") and len(node.args) == 2:
        if _name(node.func) == "hasattr":
            return True
        kinds = node.args[1]
        names = [_name(k) for k in (kinds.elts if isinstance(kinds, ast.Tuple) else [kinds])]
        if isinstance(kinds, ast.BinOp):  # A | B
            names = [_name(n) for n in ast.walk(kinds)]
        return any(GAME_CLASS.search(n) for n in names)
    return False


def places() -> list[tuple[str, bool]]:
    """Each place, and whether a comment there says why it asks."""
    found = []
    for name, path in sorted(modules().items()):
        parts = path.relative_to(PACKAGE).parts
        if parts[0] == "games" and len(parts) > 2 and parts[1] in GAME_FOLDERS:
            continue
        lines = path.read_text().split("\n")
        for node in nodes(name):  # parsed and walked once for the architecture's tests too
            if _asks(node):
                around = "\n".join(lines[max(0, node.lineno - 6) : node.lineno])
                found.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", JUSTIFIED in around))
    return found


def test_no_place_asks_which_game_this_is():
    found = places()
    assert len(found) <= MOST, f"{len(found)} places ask which game this is (at most {MOST}): {found}"
    unsaid = [where for where, said in found if not said]
    assert not unsaid, f"say why in a comment ('{JUSTIFIED}: ...'): {unsaid}"


def test_the_count_sees_each_kind_of_place():
    for source in (
        "log.is_trains",
        "rules_name in GAMES",
        "game == CHICKEN",
        "isinstance(r, ChickenRound | TrainRound)",
        "isinstance(m, (HubLogMatch, int))",
        "hasattr(r, 'hub')",
        "game.name != 'line'",
        "rules_name == 'mexican-train'",
        "isinstance(m, Match)",
    ):
        assert any(_asks(n) for n in ast.walk(ast.parse(source))), source
    for source in ("log.events", "x == 2", "isinstance(x, int)", "d['line'] == 3", "verb == 'plays'"):
        assert not any(_asks(n) for n in ast.walk(ast.parse(source))), source

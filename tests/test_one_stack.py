"""Issue 40's measure: outside ``games/`` no module imports a game's own modules (a game's
folder, ``games/<name>/``), so every use is written once and plays every game through the
registry and the interfaces (``games.registry``, ``games.proof``, ``games.words``,
``games.events``, ``games.outcome``).  107 such imports when issue 40's work began; none
since.  Read off the source, every import counted: at the top of a module or inside a
function, for a type checker's eyes or not."""

from __future__ import annotations

import ast

from domino_advisor.games import registry
from test_architecture import modules, nodes

# the folders of the games and of what several games share (games/hub/: every game played
# off a middle double); the modules directly in games/ are every game's
GAME_FOLDERS = {
    name.split(".")[1] for name in modules() if name.startswith("games.") and name.count(".") == 2
}


def own_imports(name: str) -> list[str]:
    """The game modules a module imports (``games.line.state``), each import once."""
    found = []
    for node in nodes(name):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            targets = [node.module]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            continue
        for target in targets:
            parts = target.split(".")
            if parts[:2] == ["domino_advisor", "games"] and len(parts) > 2 and parts[2] in GAME_FOLDERS:
                found.append(".".join(parts[1:]))
    return found


def outside() -> dict[str, list[str]]:
    return {
        name: own
        for name in sorted(modules())
        if not name.startswith("games.") and (own := own_imports(name))
    }


def test_the_games_folders_are_found():
    assert {"line", "hub", "trains", "chicken", "tiddly"} <= GAME_FOLDERS
    assert {g.name for g in registry.every_game()} <= GAME_FOLDERS | {
        "mexican-train",
        "chicken-foot",
        "tiddly-wink",
    }


def test_the_count_sees_every_kind_of_import():
    assert own_imports("games.line.view")  # inside a game's folder: counted, but not outside it
    assert "games.line.engine" in own_imports("games.line.rollout")


def test_no_module_outside_the_games_imports_a_games_own_module():
    found = outside()
    listing = "; ".join(f"{k}: {', '.join(v)}" for k, v in found.items())
    assert not found, (
        f"a game's own modules imported outside games/ (reach them through the registry): {listing}"
    )

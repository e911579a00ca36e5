"""The registry of games (issue 27): every game is found by its name, and every part of
the stack it names loads, takes what the interface says, and sits on its own layer."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from domino_advisor.games import registry
from domino_advisor.games.line.rules import PRESETS
from test_architecture import LAYERS, layer

GAMES = registry.every_game()
IDS = [g.name for g in GAMES]

# each part's layer, and the parameters a call passes it (positional, in order)
PARTS = {
    "position": ("api", 2),
    "status": ("api", 1),
    "status_view": ("views", 3),
    "where": ("api", 2),
    "advice": ("api", 4),
    "judging": ("games", None),
    "advice_view": ("views", 2),
    "review": ("api", 6),
    "review_view": ("views", 2),
    "rules_view": ("views", 2),
    "lesson_view": ("views", 1),
    "question": ("learning", 2),
    "session_report": ("views", 7),
    "edit_view": ("views", 6),
    "simulate": ("games", 3),
    "bots": ("measure", 3),
    "simulate_view": ("views", 2),
    "equity": ("games", None),  # a module, where the game has match equity
}
OPTIONAL = {"equity"}  # parts a game may not have (None)


def test_every_part_is_checked():
    assert set(PARTS) == {f.name for f in dataclasses.fields(registry.Parts)}


def test_each_game_is_found_by_its_names():
    for game in GAMES:
        for name in game.rules_names():
            assert registry.game_for(name) is game
    assert registry.game_for("") is registry.game_for("classic") is registry.game_for("no-such-preset")
    assert set(registry.game_for("").rules_names()) == set(PRESETS)
    # every game but the line games is named by its own [Rules] name, the first of them the
    # line games' folder never is
    own = [g.name for g in GAMES if g.rules_names() == [g.name]]
    assert list(registry.own_names()) == own and registry.game_for("").name not in own
    assert {"mexican-train", "chicken-foot", "tiddly-wink"} <= set(own)  # the games of the rulebook


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_part_loads_and_sits_on_its_layer(game):
    for name, (highest, takes) in PARTS.items():
        if name in OPTIONAL and getattr(game.parts, name) is None:
            continue
        found = registry.part(game, name)
        module = getattr(game.parts, name).partition(":")[0].removeprefix("domino_advisor.")
        assert layer(module) <= LAYERS.index(highest), f"{game.name}'s {name} is above {highest}: {module}"
        if takes is not None:
            params = list(inspect.signature(found).parameters.values())
            positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            needed = [p for p in positional if p.default is p.empty]
            assert len(needed) <= takes <= len(positional), f"{game.name}'s {name} does not take {takes}"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_game_reads_its_own_rules(game):
    name = game.rules_names()[0]
    rules = game.rules_from(name, "")
    assert rules.name == name and rules.top >= 6
    rules.check_players(2)
    assert str(game.most_players) in game.too_many(game.most_players + 1)
    assert game.doc.startswith("docs/")


def test_the_parts_are_named_not_imported():
    """The games' modules name the upper layers' parts as text: a log of the line games
    loads none of the train games, and no game's module imports a layer above the games."""
    from test_architecture import imports

    games = ("games.line.game", "games.hub.game", "games.trains.game", "games.chicken.game")
    for module in ("games.registry", *games):
        ours, _ = imports(module)
        assert all(layer(m) <= LAYERS.index("games") for m in ours), (module, ours)

"""The session's help on a narrow screen: every entry on its own line, nothing past the
edge; on a wide one, as written."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from domino_advisor.games import registry
from domino_advisor.views.sessionhelp import help_text, help_view

HELPS = {game.name: help_text(game) for game in registry.every_game()}


def shown(text: str, width: int) -> list[str]:
    console = Console(width=width, no_color=True, record=True)
    console.print(help_view(text, width))
    return console.export_text().splitlines()


@pytest.mark.parametrize("name", HELPS)
def test_narrow_help_lists_each_entry_within_the_width(name):
    text = HELPS[name]
    lines = shown(text, 50)
    assert all(len(line) <= 50 for line in lines)
    typed = [w for line in text.split("\n") if line.startswith("  ") and not line.startswith("      ")
             for w in re.split(r"\s{2,}", line.strip())[::2]]  # fmt: skip
    starts = [line.strip() for line in lines]
    for example in typed:  # what you type starts a line of its own
        assert any(s.startswith(example) for s in starts), example


@pytest.mark.parametrize("name", HELPS)
def test_wide_help_is_as_written(name):
    text = HELPS[name]
    assert [line.rstrip() for line in shown(text, 120)] == [line.rstrip() for line in text.split("\n")]

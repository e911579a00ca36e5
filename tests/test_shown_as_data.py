"""Text from a file or a person is data wherever it is shown, progress bars included:
rich reads a progress bar's description as markup whatever the console says, so a file
name like ``[link=http:evil]Z.dom`` became a live link in 0.9.0's ``train --from``."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from clitools import run, small_drill_budgets

HOSTILE = "[blink]Y[link=http:evil]Z\x1b[2J.dom"


def _terminal(monkeypatch) -> io.StringIO:
    """The train command's error console as a colour terminal 200 wide, into a string
    (found through the command, so the test runs on 0.9.0's layout of modules too)."""
    from domino_advisor.advice import chance as advisor
    from domino_advisor.cli.app import main
    from domino_advisor.views.terminal import SafeConsole

    module = sys.modules[main.commands["train"].callback.__module__]
    # small budgets, as clitools.small_drill_budgets (0.9.0 reviewed for drills at DRILL_SAMPLES)
    monkeypatch.setattr(module, "DRILL_SAMPLES", 20, raising=False)
    monkeypatch.setattr(advisor, "DEFAULT_WORK", 12_000, raising=False)  # none in 0.9.0; finds the drill
    out = io.StringIO()
    console = SafeConsole(file=out, force_terminal=True, width=200, markup=False, highlight=False)
    monkeypatch.setattr(module, "errors", console)
    return out


def test_a_file_name_in_a_progress_bar_is_shown_as_written(runner, tmp_path, monkeypatch):
    game = tmp_path / HOSTILE
    demo = Path(__file__).parents[1] / "src" / "domino_advisor" / "data" / "demo.dom"
    game.write_bytes(demo.read_bytes())
    shown = _terminal(monkeypatch)
    small_drill_budgets(monkeypatch)  # the demo's review, made once a run (its bar drawn still)
    res = run(runner, "train", "--from", game, input="q\n")
    assert res.exit_code == 0, res.output
    screen = shown.getvalue()
    assert "[blink]Y[link=http:evil]Z\\x1b[2J.dom" in screen  # as written, the escape shown
    assert "\x1b]8;" not in screen  # no link
    assert "\x1b[2J" not in screen  # no clearing the screen
    assert not re.search(r"\x1b\[(?:[0-9;]*;)?5(?:;[0-9;]*)?m", screen)  # no blinking


def test_no_progress_bar_is_made_but_the_one_that_shows_data(tmp_path):
    """One path to the terminal for a bar: terminal.progress_bar; rich's Progress made
    anywhere else would read its descriptions as markup again."""
    src = Path(__file__).parents[1] / "src" / "domino_advisor"
    makers = [
        f"{p.relative_to(src)}:{n}"
        for p in sorted(src.rglob("*.py"))
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if re.search(r"\bProgress\(", line) and p.name != "terminal.py"
    ]
    assert makers == []

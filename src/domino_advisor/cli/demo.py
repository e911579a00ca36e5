"""The README's first command: a bundled game walked event by event.

After each move it says what the move taught (who now lacks which numbers, which
tiles are now certain) and, at each of your turns, shows the full status and the
advisor's ranking of your moves.
"""

from __future__ import annotations

from importlib import resources

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from domino_advisor import api
from domino_advisor.log import gamelog
from domino_advisor.log.gamelog import GameLog
from domino_advisor.views import chanceview, statusview
from domino_advisor.views.learned import lessons
from domino_advisor.views.terminal import read_line


def demo_text() -> str:
    return resources.files("domino_advisor").joinpath("data/demo.dom").read_text(encoding="utf-8")


def run_demo(console: Console, pause: bool = False) -> None:
    full = gamelog.loads(demo_text())
    console.print(Rule("domino-advisor demo"))
    console.print(
        Text(
            "A round of classic draw dominoes for three, logged from me's seat. Watch what each "
            "draw and pass gives away, and where the unseen tiles must be.",
            style="italic",
        )
    )
    entries = [e for e in full.body if e.event is not None]
    log = GameLog(dict(full.tags), [], list(full.header))
    before = None
    for entry in entries:
        log = GameLog(log.tags, [*log.body, entry], log.header)
        pos = api.Position.of(log)
        data = api.status_of(pos)
        line = Text(f"> {entry.render()}", style="bold")
        console.print(line)
        if pos.view is not None and before is not None:
            for lesson in lessons(before, data):
                console.print(Text(f"    {lesson}", style="cyan"))
        for w in pos.match.warnings:
            console.print(Text(f"    warning: {w}", style="yellow"))
        if pos.view is not None:
            before = data
        if data["to_move"] == log.me and not data["over"]:
            console.print(Rule(f"your turn (round {data['round']})", style="green"))
            console.print(statusview.status_view(pos, data, width=console.width))
            advice = api.advice_dict(api.advice_of(pos, samples=300, seed=1, seconds=None))
            console.print(chanceview.advice_view(advice, console.width))
            console.print(Rule(style="green"))
            if pause:
                try:
                    read_line("press Enter to go on ", 1000)
                except EOFError:  # no more input: show the rest without waiting
                    pause = False
    console.print(Rule("the round is over"))
    console.print(statusview.status_view(pos, data, width=console.width))

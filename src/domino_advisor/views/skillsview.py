"""``progress`` in the terminal, skill by skill: a row each (two short lines on a phone),
with its answers, how many of the last 20 were right and the 95% interval of that share,
the learning curve as bars of the error rate (falling bars: a skill being learned), your
level, and WEAK in words."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from domino_advisor.base.printable import printable
from domino_advisor.learning.skills import Skill

BARS = "▁▂▃▄▅▆▇█"


def error_line(curve: tuple[float, ...], most: int) -> str:
    """The error rate per 5 opportunities, the latest ``most``, as bars (high: many wrong)."""
    return "".join(BARS[min(len(BARS) - 1, int(v * len(BARS)))] for v in curve[-most:])


def _share(s: Skill) -> str:
    return f"{s.right}/{s.recent} ({s.low:.0%}-{s.high:.0%})"


def skills_view(skills: list[Skill], overall: float | None, width: int = 80) -> RenderableType:
    if not skills:
        return Text("")
    said = "" if overall is None else f": right in {overall:.0%} of every answer"
    head = Text(f"your skills{said}", style="bold")
    why = Text(
        "right of the last 20, and the 95% interval; errors per 5 answers, oldest first; WEAK: 3 or "
        "more wrong and even the interval's top below your share overall (lessons take 7 in 10 from it)",
        style="dim",
    )
    if width < 80:  # a phone: two short lines a skill
        lines: list[RenderableType] = [head]
        for s in skills:
            name = Text(f"{printable(s.game)} · {s.label}: {_share(s)}", style="bold red" if s.weak else "")
            lines.append(name)
            level = "" if s.level is None else f"level {s.level:.0f} · "
            tail = Text(f"  {level}errors {error_line(s.curve, max(4, width - 30))}", style="dim")
            if s.weak:
                tail.append("  WEAK", style="bold red")
            lines.append(tail)
        return Group(*lines, why)
    t = Table(title=head, title_justify="left")
    t.add_column("game")
    t.add_column("skill")
    t.add_column("answers", justify="right")
    t.add_column("last 20 right", justify="right")
    t.add_column("level", justify="right")
    t.add_column("errors", no_wrap=True)
    t.add_column("")
    room = max(4, width - 78)
    for s in skills:
        t.add_row(
            printable(s.game),
            s.label,
            str(s.answers),
            _share(s),
            "" if s.level is None else f"{s.level:.0f}",
            error_line(s.curve, room),
            Text("WEAK", style="bold red") if s.weak else "",
        )
    return Group(t, why)

"""``progress`` in the terminal, skill by skill: a line each (two on a phone), with its
answers, the recent accuracy and its 95% interval, the learning curve as a sparkline of
the error rate (falling bars: a skill being learned), your level, and WEAK in words."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from domino_advisor.base.printable import printable
from domino_advisor.learning.skills import Skill

BARS = "▁▂▃▄▅▆▇█"


def error_line(curve: tuple[float, ...], most: int) -> str:
    """The error rate per 5 opportunities, the latest ``most``, as bars (high: many wrong)."""
    return "".join(BARS[min(len(BARS) - 1, int(v * len(BARS)))] for v in curve[-most:])


def skills_view(skills: list[Skill], overall: float | None, width: int = 80) -> RenderableType:
    if not skills:
        return Text("")
    head = "your skills" + (
        f" (you are right {overall:.0%} of the time overall)" if overall is not None else ""
    )
    lines: list[RenderableType] = [Text(head, style="bold")]
    narrow = width < 80
    for s in skills:
        acc = "" if s.accuracy is None else f"{s.accuracy:.0%} ({s.low:.0%}-{s.high:.0%})"
        level = "" if s.level is None else f"level {s.level:.0f}"
        name = f"{printable(s.game)}: {s.label}"
        line = Text()
        line.append(name, style="bold red" if s.weak else "")
        line.append(f"  {s.answers} answers, last {s.recent} {acc}")
        if not narrow:
            line.append(f"  {level}")
            line.append(f"  {error_line(s.curve, 12)}", style="dim")
        if s.weak:
            line.append("  WEAK", style="bold red")
        lines.append(line)
        if narrow:
            lines.append(Text(f"  {level}  errors {error_line(s.curve, max(4, width - 30))}", style="dim"))
    if any(s.weak for s in skills):
        lines.append(
            Text(
                "weak: 3 or more wrong of the last 20, and even the interval's top below your overall "
                "accuracy; lessons take 7 in 10 questions from it",
                style="dim",
            )
        )
    return Group(*lines)

"""The session's help for the screen it is on: as written where it fits, else each
entry on a line of its own (what to type, then what it does, wrapped under it), so a
phone-sized terminal reads it as a list instead of columns broken mid-entry."""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

_GAP = re.compile(r"\s{2,}")


def help_view(text: str, width: int) -> RenderableType:
    lines = text.split("\n")
    if max(len(line) for line in lines) <= width:
        return Text(text)
    parts: list[RenderableType] = []
    entries: list[tuple[str, str]] = []

    def flush() -> None:
        if entries:
            t = Table(show_header=False, show_edge=False, box=None, padding=(0, 1, 0, 2))
            t.add_column(no_wrap=True)
            t.add_column(overflow="fold")
            for typed, does in entries:
                t.add_row(typed, does)
            parts.append(t)
            entries.clear()

    for line in lines:
        if line.startswith("      ") and entries:  # a meaning carried on to the next line
            typed, does = entries[-1]
            entries[-1] = (typed, f"{does} {line.strip()}")
        elif line.startswith("  "):
            words = _GAP.split(line.strip())
            if len(words) % 2 and len(words) > 1:  # an entry whose meaning has a gap in it
                words = [words[0], "  ".join(words[1:])]
            if len(words) == 1:
                entries.append((words[0], ""))
            for k in range(0, len(words) - 1, 2):
                entries.append((words[k], words[k + 1]))
        else:
            flush()
            parts.append(Text(line))
    flush()
    return Group(*parts)

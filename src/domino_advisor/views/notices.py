"""Rich renderables for the table loop: what a change to the log did, where one tile
is, the last events with their numbers.  (``render`` has the big views.)  Every game's:
what only a game knows (the points a play scored) is asked of it through the registry."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from domino_advisor.base.printable import printable
from domino_advisor.games.events import NewRound
from domino_advisor.log.gamelog import GameLog
from domino_advisor.views.learned import forgotten, lessons, summary

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.counting.position import Position
    from domino_advisor.log.edits import Edited


def set_aside(kept: object, log: str) -> str:
    """Said when another program saved the log in the moment a write replaced it, after a
    second writer had built on that write: both writes stand, and its save is kept."""
    return (
        f"another program saved {log} while this change was written: its version is kept as "
        f"{kept}; copy what it added into the log"
    )


def news(warning, warned: set) -> bool:
    """A warning not given before the change (its line may have moved since)."""
    return warning.same not in {w.same for w in warned}


def partner_of(pos: Position) -> str | None:
    match = pos.match
    if not match.rules.partners or match.viewer is None:
        return None
    return match.players[(match.viewer + 2) % match.seats]


def edit_report(
    result: Edited,
    log: GameLog,
    before: shapes.StatusJson,
    after: shapes.StatusJson,
    pos: Position,
    warned: set,
) -> Group:
    """The events changed, what became known or is no longer known, new warnings, and
    the one-line summary of what each other player lacks."""
    lines = changed_lines(result, log)
    lines += [Text(t, style="bold green") for t in scored(result, log)]
    if after["round"] == before.get("round"):
        for lesson in lessons(before, after):
            lines.append(Text(f"  {lesson}", style="cyan"))
        for lost in forgotten(before, after):
            lines.append(Text(f"  {lost}", style="yellow"))
    for w in pos.warnings:
        if news(w, warned):
            lines.append(Text(f"warning: {w}", style="yellow"))
    hint = missed_draw(pos) if result.added and result.added[-1] == len(log.events) else None
    if hint:
        lines.append(Text(hint, style="dim"))
    line = summary(after, partner_of(pos))
    if line:
        lines.append(Text(line, style="bold"))
    return Group(*lines)


def missed_draw(pos: Position) -> str | None:
    """An opponent who drew this round went out while the boneyard still had tiles: if
    they still hold some, a draw was left out of the log, and a count check says so."""
    m = pos.match
    r = m.round
    if r is None or m.pending is not None or not r.over or r.winner is None or r.winner == m.viewer:
        return None
    if not r.boneyard or not any(a.kind == "draw" and a.seat == r.winner for a in r.history):
        return None
    return missing_draw(r.names[r.winner])


def missing_draw(who: str) -> str:
    """What to check when a player who drew this round goes out with tiles left to draw."""
    return (
        f"{who} went out; if {who} still holds tiles, a draw is missing: '{who} =N' (the tiles held) checks"
    )


def changed_lines(result: Edited, log: GameLog) -> list[Text]:
    """The events a change removed, replaced, inserted or logged, by number, and its notes."""
    lines: list[Text] = []
    events = log.events
    replaced = len(result.removed) == 1 and len(result.added) == 1
    for number, text in enumerate(result.removed, result.at):
        lines.append(Text(f"{'replaced' if replaced else 'removed'} event {number}: {text}", style="yellow"))
    for number in result.added:
        verb = "now" if replaced else ("inserted" if result.added[-1] < len(events) else "logged")
        lines.append(Text(f"{verb} event {number}: {events[number - 1]}", style="dim"))
    for note in result.notes:
        lines.append(Text(f"note: {note}", style="yellow"))
    return lines


def scored(result: Edited, log: GameLog) -> list[str]:
    """Points scored in play by the events just logged at the end of the log, each play by
    itself (All Fives: ``ana scores 10 (now 45)``; the game says).  A fix further back
    announces nothing."""
    events = log.events
    if not result.added or result.removed or result.added[-1] != len(events):
        return []
    return log.game.scored(log.rules, log.players, log.me, events, result.added[0])


def where_view(data: shapes.WhereJson) -> RenderableType:
    from rich.table import Table  # here only: logging a line needs no table

    tile = data["tile"]
    if data["known"]:
        return Text(f"{tile} is {data['known']}")
    t = Table(title=f"where {tile} is", title_justify="left", show_edge=False)
    t.add_column("place")
    t.add_column("chance", justify="right")
    for place, p in sorted(data["where"].items(), key=lambda kv: -kv[1]):
        t.add_row(place, "-" if p == 0 else f"{p:.0%}")
    counting = data.get("counting", {})
    if counting.get("method") == "sampled":
        note = (
            f"sampled, not counted: each chance within about ±{counting['error']:.1%} (two standard errors)"
        )
        return Group(t, Text(note, style="dim"))
    return t


EVENT_ROWS = 200  # rows in one piece of the events list: a long log is shown as it is read


def _numbered(log: GameLog) -> Iterator[tuple[bool, str, str, str]]:
    """Each event: whether a blank row goes before it (a new round after the first),
    its number, its text (as data) and its line in the file; one at a time."""
    for k, (line, event) in enumerate(log.numbered_events(), 1):
        yield isinstance(event, NewRound) and k > 1, f"{k:>4}", printable(str(event)), f"(line {line})"


def event_rows(log: GameLog) -> Iterator[str]:
    """Every event with its number (and its line in the file), a row each, a blank row
    before each round after the first: plain text for a pipe, never wrapped."""
    for blank, number, event, line in _numbered(log):
        if blank:
            yield ""
        yield f"{number} {event}   {line}"


def event_blocks(log: GameLog, rows: int = EVENT_ROWS) -> Iterator[Text]:
    """The same rows styled for a terminal, in pieces of ``rows`` rows: a long log is
    printed piece by piece as it is made, never laid out whole first."""
    out, count = Text(end=""), 0
    for blank, number, event, line in _numbered(log):
        if blank:
            out.append("\n")
        out.append(f"{number} ", style="bold")
        out.append(event)
        out.append(f"   {line}\n", style="dim")
        count += 1
        if count >= rows:
            yield out
            out, count = Text(end=""), 0
    if count:
        yield out


def all_events(log: GameLog) -> Text:
    """Every event with its number (and its line in the file), a round to a block."""
    return Text("").join(event_blocks(log))


def recent_events(log: GameLog, count: int) -> Text:
    """The last events with the numbers that fix them (``replace 12 ...``)."""
    events = log.events
    out = Text("last events (all: 'events'): ", style="dim")
    first = max(0, len(events) - count)
    for i, e in enumerate(events[first:], first + 1):
        out.append(f"\n  {i:>3} {e}", style="dim")
    return out

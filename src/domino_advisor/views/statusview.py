"""The status for people: the table, your hand, what each other player can hold, where
the unseen tiles are, the scores; laid out for the terminal's width.

At 80 columns and more the tables are boxed with ``%`` signs; narrower, a compact
layout (no box, bare percentages) is chosen, and the number columns are split into as
many tables as it takes, so a 50-column phone terminal never cuts a name or a number.
Colour is decoration only: every fact is also in the text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from domino_advisor.api import Position, status_of
from domino_advisor.base.printable import describe_numbers
from domino_advisor.base.tiles import Tile
from domino_advisor.log.guide import next_step
from domino_advisor.views import notices
from domino_advisor.views.notices import partner_of, recent_events

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.log.edits import Edited
    from domino_advisor.log.gamelog import GameLog

WIDE = 80  # from here on, the boxed layout


def tile_text(t: Tile, style: str = "bold") -> Text:
    return Text(f"[{t.high}|{t.low}]", style=style)


def chain(layout: Any) -> Text:
    """The line of play as it lies, left end to right end, arms of a spinner below (a line
    game's ``Layout``)."""
    if layout.center is None:
        return Text("(empty table)", style="dim")
    out = Text()
    left = list(layout.arms[0])
    # tiles on the left arm are shown reversed so touching halves meet
    showing = layout.center.high
    pieces = []
    for t in left:
        far = t.other(showing)
        pieces.append((far, showing))
        showing = far
    for far, near in reversed(pieces):
        out.append(f"[{far}|{near}]")
        out.append(" ")
    c = layout.center
    out.append(f"[{c.high}|{c.low}]", style="bold yellow" if layout.spinner == c else "bold")
    showing = c.low
    for t in layout.arms[1]:
        far = t.other(showing)
        out.append(" ")
        out.append(f"[{showing}|{far}]", style="bold yellow" if layout.spinner == t else "")
        showing = far
    arms = [(side, layout.spinner, layout.arms[i]) for i, side in ((2, "up"), (3, "down"))]
    arms += list(layout.branches)  # later spinners' arms (spinner=every-double)
    for side, double, tiles in arms:
        if tiles and double is not None:
            showing = double.high
            out.append(f"\n{side:>6}: ")
            for t in tiles:
                far = t.other(showing)
                out.append(f"[{showing}|{far}] ")
                showing = far
    return out


def lesson_view(r: Any) -> Text:
    """A lesson's table at your turn (``Parts.lesson_view``): the line of play."""
    return chain(r.layout)


def status_view(
    pos: Position, data: shapes.StatusJson, compact: bool = False, width: int = WIDE, counting: bool = True
) -> Group:
    """The table for people; ``compact`` leaves out the long table of unseen tiles, and
    ``counting`` off leaves out every chance and count (practice: you count)."""
    match, r = pos.match, pos.match.round
    rules = match.rules
    parts: list[RenderableType] = []
    head = Text()
    head.append(f"{rules.name}", style="bold")
    diff = rules.differences()
    if diff:
        head.append(" (" + " ".join(f"{k}={v}" for k, v in diff.items()) + ")", style="dim")
    head.append(f"   round {data['round']}")
    if data["over"]:
        head.append("   round over", style="bold magenta")
        if data["winner"]:
            head.append(f": {data['winner']} won it")
    elif data["to_move"]:
        head.append("   to move: ")
        head.append(data["to_move"], style="bold green")
    head.append(f"   boneyard {data['boneyard']}")
    if rules.reserve:
        head.append(f" (reserve {rules.reserve})", style="dim")
    parts.append(head)
    step = next_step(match)
    if step:
        parts.append(Text(f"next: {step}", style="bold magenta"))
    if r is not None:
        table = Text("table: ")
        table.append_text(chain(r.layout))
        if not r.layout.is_empty:
            table.append(f"\nopen ends: {describe_numbers(r.layout.numbers)}", style="bold cyan")
            if r.layout.held:  # fill-first: ends waiting for the spinner's sides
                waiting = describe_numbers([e.number for e in r.layout.held])
                table.append(f"; waiting: {waiting} (until the spinner's sides are all taken)", style="cyan")
            if rules.all_fives:
                table.append(f"  (ends count {r.layout.fives_count()})", style="dim")
        parts.append(table)
        hand = Text("your hand: ")
        for t in sorted(r.hand_of(match.me) if r.dealt[match.me] else (), reverse=True):
            hand.append(
                f"[{t.high}|{t.low}] ",
                style="bold green" if r.layout.can_play(t) and not r.over and r.turn == match.viewer else "",
            )
        parts.append(hand)
    if pos.log.events:
        parts.append(recent_events(pos.log, 3 if compact else 6))
    if counting:
        parts.extend(players_tables(data, rules, partner_of(pos), width))
        likely = reads_text(data)
        if likely is not None:
            parts.append(likely)
        if data.get("unseen") and not compact:
            parts.extend(unseen_tables(data, partner_of(pos), width))
    else:
        parts.append(Text("practice: the counting is hidden until you ask for it (s)", style="dim"))
    sides = [match.side_of(s) for s in range(match.seats)]
    parts.append(scores_text(data, rules, match.players, match.viewer, sides))
    for w in [] if compact else data["warnings"]:
        parts.append(Text(f"warning: {w}", style="yellow"))
    return Group(*parts)


def reads_text(data: shapes.StatusJson) -> Text | None:
    """The soft reads, labelled as likely: 'bob: probably no 6 (80%)'."""
    if "reads" not in data:
        return None
    said = []
    for p in data["players"]:
        lacks = p.get("likely_lacks") or []
        if lacks:
            numbers = ", ".join(f"{x['number']} ({x['chance']:.0%})" for x in lacks)
            said.append(f"{p['name']}: probably no {numbers}")
    if not said:  # the plays add nothing to the counting: no line to read
        return None
    text = Text("likely, from how they played (the count weighted by play, not certain): ", style="dim")
    text.append("; ".join(said))
    return text


def _name(name: str, partner: str | None) -> str:
    return f"{name} (partner)" if name == partner else name


def players_tables(
    data: shapes.StatusJson, rules: Any, partner: str | None, width: int = WIDE
) -> list[RenderableType]:
    """What each other player can hold: one table at 80 columns and more, as many as
    it takes (a few numbers each, bare percentages) on a narrow terminal."""
    top = rules.top
    names = [_name(p["name"], partner) for p in data["players"]]
    label = min(max([len(n) for n in names] + [len("unseen")]), max(8, width // 3))  # longer folds
    # boxed: each column takes its text and three more; compact: its text and one space
    wide = width >= WIDE and label + 3 + 8 + 8 + (top + 1) * 7 <= width
    cell = 4 if wide else 3
    fixed = label + 1 + len("tiles") + 1
    per = max(1, (width - fixed) // (cell + 1))
    numbers = list(range(top + 1))
    per = -(-len(numbers) // -(-len(numbers) // per))  # as even as the tables can be
    chunks = [numbers] if wide else [numbers[i : i + per] for i in range(0, len(numbers), per)]
    title = "what each other player can hold" if partner else "what each opponent can hold"
    out: list[RenderableType] = []
    for k, chunk in enumerate(chunks):
        t = Table(
            title=title if k == 0 else None,
            title_justify="left",
            show_edge=False,
            box=box.HEAVY_HEAD if wide else None,
            padding=(0, 1) if wide else (0, 1, 0, 0),
        )
        t.add_column("player", overflow="fold", max_width=label)
        t.add_column("tiles", justify="right", no_wrap=True)
        if wide:
            t.add_column("pips≈", justify="right", no_wrap=True)
        for n in chunk:
            t.add_column(str(n), justify="right", no_wrap=True)
        for p, name in zip(data["players"], names, strict=True):
            row: list[str | Text] = [name, str(p["tiles"])]
            if wide:
                row.append("" if p.get("expected_pips") is None else f"{p['expected_pips']:.1f}")
            holds = p.get("holds_number")
            for n in chunk:
                if n in p["cannot_hold"]:
                    row.append(Text("--", style="bold red"))
                elif holds is None:
                    row.append(Text("?", style="dim"))
                else:
                    shown = f"{holds[n]:.0%}" if wide else f"{round(holds[n] * 100)}"
                    row.append(Text(shown, style="green" if holds[n] >= 0.999 else ""))
            t.add_row(*row)
        if "unseen_by_number" in data:
            counts = [str(data["unseen_by_number"][n]) for n in chunk]
            t.add_row("unseen", "", *([""] if wide else []), *counts, style="dim")
        out.append(t)
    pct = "%" if wide else "the numbers are %"
    out.append(
        Text(
            f"-- certainly lacks it; {pct}: the chance of holding at least one (the exact count); "
            "unseen: tiles of each number not yet seen",
            style="dim",
        )
    )
    counting = data.get("counting", {})
    if counting.get("method") == "sampled":
        out.append(
            Text(
                f"chances sampled, not counted (too many deals to count in time): "
                f"{counting['steps']:,} steps; the least certain chance is within about "
                f"±{counting['error']:.3f} (two standard errors); -- is still certain",
                style="dim",
            )
        )
    return out


def unseen_tables(data: shapes.StatusJson, partner: str | None = None, width: int = WIDE) -> list[Table]:
    """Where each unseen tile is: one table where the places fit the width, else the
    places split across tables (long names on a phone), the tile column in each."""
    names = [p["name"] for p in data["players"]] + ["boneyard"]
    head = {n: (_name(n, partner) if width >= WIDE else n) for n in names}
    wide = width >= WIDE and 5 + sum(len(head[n]) + 3 for n in names) + 14 <= width
    gap = 3 if wide else 1
    chunks: list[list[str]] = [[]]
    used = 6
    for n in names:
        w = max(len(head[n]), 4) + gap
        if chunks[-1] and used + w > width:
            chunks.append([])
            used = 6
        chunks[-1].append(n)
        used += w
    likely = len(chunks) == 1 and width - used >= len("most likely") + 11
    out = []
    for k, chunk in enumerate(chunks):
        t = Table(
            title="where each unseen tile is" if k == 0 else None,
            title_justify="left",
            show_edge=False,
            box=box.HEAVY_HEAD if wide else None,
            padding=(0, 1) if wide else (0, 1, 0, 0),
        )
        t.add_column("tile", no_wrap=True)
        for n in chunk:
            t.add_column(head[n], justify="right", no_wrap=True, overflow="fold")
        if likely:
            t.add_column("most likely", no_wrap=True, overflow="fold")
        for tile in data["unseen"]:
            probs = data["where"][tile]
            cells = []
            for n in chunk:
                p = probs[n]
                style = "bold" if p >= 0.999 else ("dim" if p == 0 else "")
                shown = "-" if p == 0 else (f"{p:.0%}" if wide else f"{round(p * 100)}")
                cells.append(Text(shown, style=style))
            extra = []
            if likely:
                best = max(names, key=lambda n: probs[n])
                certain = probs[best] >= 0.999
                extra.append(
                    Text(f"{best}{' (certain)' if certain else ''}", style="bold" if certain else "")
                )
            t.add_row(tile, *cells, *extra)
        out.append(t)
    return out


def scores_text(
    data: shapes.StatusJson, rules: Any, players: list[str], viewer: int | None, sides: list[int]
) -> Text:
    """The scores: each player's, or each team's with partners (``sides``: each seat's)."""
    out = Text("scores: ")
    scores = data["scores"]
    if rules.partners and players:
        teams: dict[int, list[str]] = {}
        for s, p in enumerate(players):
            teams.setdefault(sides[s], []).append(p)
        mine = None if viewer is None else sides[viewer]
        for side, names in sorted(teams.items(), key=lambda kv: kv[0] != mine):
            who = "+".join(names)
            label = (
                f"you and {names[1] if names[0] == players[viewer or 0] else names[0]}"
                if side == mine
                else who
            )
            out.append(f"{label} {scores[names[0]]}  ")
    else:
        for name, pts in scores.items():
            out.append(f"{name} {pts}  ")
    if rules.rounds:
        target = f", target {rules.target}" if rules.target else ""
        out.append(f"(round {data.get('round', 0)} of {rules.rounds}{target})", style="dim")
    elif rules.target:
        out.append(f"(target {rules.target})", style="dim")
    else:
        out.append("(single round)", style="dim")
    if data.get("match_over"):
        winners = data.get("match_winner") or []
        out.append(
            "   match over" + (f": {' and '.join(winners)} won" if winners else ": a tie, nobody won"),
            style="bold magenta",
        )
    return out


def edit_view(
    result: Edited, log: GameLog, pos: Position, before: shapes.StatusJson, warned: set, width: int
) -> Group:
    """What a change did, then the table, compact (the line games' part)."""
    after = status_of(pos)
    return Group(
        notices.edit_report(result, log, before, after, pos, warned),
        status_view(pos, after, compact=True, width=width),
    )


def session_report(
    result: Edited,
    log: GameLog,
    pos: Position,
    before: shapes.StatusJson,
    after: shapes.StatusJson,
    warned: set,
    step: str | None,
) -> Group:
    """What a change did, at length (``session --full``; the compact table follows): as
    ``log`` reports it (``notices.edit_report``).  What to log next (``step``) is the
    table's first row after its head, so it is not said here too."""
    return notices.edit_report(result, log, before, after, pos, warned)

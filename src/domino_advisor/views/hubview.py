"""The table of a game whose status is its table and the counting (the status shape of
``HubStatusJson``: Mexican Train, Chicken Foot, Tiddly-wink) for people: each train from
the engine with its end and marker (or each line from the head's and the doubles' toes,
and the double still taking toes; or the line of play and its ends), who may play where,
your hand, the tiles in front of each player, the totals; and the views around it (the
rules' settings, a lesson's table, a change reported, the tournament's table).  Fits 50
columns: a train or line too long for the line shows its last tiles.  Their advice,
review and hindsight are told in pips (``views.pipsview``)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from domino_advisor.base.printable import printable
from domino_advisor.games.registry import game_for
from domino_advisor.games.words import words_of

if TYPE_CHECKING:
    from typing_extensions import TypeIs

    from domino_advisor.base import shapes
    from domino_advisor.counting.position import Position
    from domino_advisor.log.edits import Edited
    from domino_advisor.log.gamelog import GameLog


def _chain(tiles: list[str], room: int) -> str:
    """The train's tiles, the last ones when all would not fit."""
    text = " ".join(tiles) or "(not started)"
    if len(text) <= room:
        return text
    kept: list[str] = []
    for t in reversed(tiles):
        if len(" ".join(["…", t, *kept])) > room:
            break
        kept.insert(0, t)
    return " ".join(["…", *kept])


def _rows_table(what: str, tiles: str, width: int) -> tuple[Table, int]:
    """A table of trains or lines (name, tiles, end), and the room its tiles have."""
    t = Table(show_edge=False, box=None, padding=(0, 1, 0, 0))
    t.add_column(what)
    t.add_column(tiles, overflow="fold")
    t.add_column("end", justify="right")
    return t, max(12, width - 24)


def _chicken(data: shapes.HubStatusJson) -> TypeIs[shapes.ChickenStatusJson]:
    """A status with Chicken Foot's head and lines to draw; else Mexican Train's engine and
    trains, or no round yet (the data says what there is to draw, not which game)."""
    return "head" in data


def _line(data: shapes.HubStatusJson) -> TypeIs[shapes.LineStatusJson]:
    """A status with one line of play and its two ends (Tiddly-wink, Matador)."""
    return "ends" in data


def _line_of_play(data: shapes.LineStatusJson, width: int) -> list[RenderableType]:
    """The line of play, left to right, its open ends, and who draws if nobody can play."""
    parts: list[RenderableType] = []
    if data.get("line"):
        ends = " and ".join(map(str, data.get("ends", [])))
        parts.append(Text(f"line: {_chain(data.get('line', []), max(20, width - 20))}   ends {ends}"))
    drawer = data.get("drawer")
    if drawer and not data.get("over"):
        who = printable(str(drawer))  # Tiddly-wink's: a race has no player to move
        parts.append(Text(f"anyone who can play may; if nobody can, {who} draws next", style="dim"))
    return parts


def status_view(
    data: shapes.HubStatusJson,
    width: int = 80,
    compact: bool = False,
    step: str | None = None,
    counting: bool = True,
) -> RenderableType:
    """Compact (the session, after each event): without the legend, the unseen counts
    and the totals.  ``step``: what to log next (``log.guide.next_step``), from the
    match; without it, only the hand a new round waits for, which the data says.
    ``counting`` off leaves out what the counting says (practice: you count)."""
    parts: list[RenderableType] = []
    head = Text(data["game"].replace("-", " "), style="bold")
    head.append(f"   round {data['round']}")
    if _chicken(data):
        if data.get("head"):
            head.append(f"   head {data['head']}")
    elif not _line(data) and data.get("engine"):
        head.append(f"   engine {data['engine']}")
    if data.get("over"):
        winner = data.get("winner")
        head.append(
            "   round over" + (f": {printable(winner)} went out" if winner else " (blocked)"),
            style="bold magenta",
        )
    elif to_move := data.get("to_move"):
        head.append("   to move: ")
        head.append(printable(to_move), style="bold green")
    if "boneyard" in data:
        head.append(f"   boneyard {data['boneyard']}")
    parts.append(head)
    if _line(data):
        parts += _line_of_play(data, width)
    elif not _chicken(data):
        parts += _trains(data, width, compact)
    elif "lines" in data:
        parts += _lines(data, width)
    if "hand" in data:
        parts.append(Text("your hand: " + (" ".join(data["hand"]) or "(none)")))
    if data.get("your_plays"):
        parts.append(Text("you may play: " + ", ".join(data["your_plays"]), style="green"))
    if data["players"]:
        parts.append(Text("tiles in hand: " + _in_hand(data)))
    if not counting:
        parts.append(Text("practice: the counting is hidden until you ask for it (s)", style="dim"))
    elif data["players"]:
        lacks = [
            f"{printable(p['name'])}: "
            + (f"no {' '.join(map(str, p['cannot_hold']))}" if p["cannot_hold"] else "may hold any")
            for p in data["players"]
            if "cannot_hold" in p
        ]
        if lacks:
            parts.append(Text("what they certainly lack: " + " · ".join(lacks), style="cyan"))
    if "unseen_by_number" in data and not compact and counting:
        counts = " ".join(f"{n}:{c}" for n, c in enumerate(data["unseen_by_number"]))
        parts.append(Text(f"unseen tiles by number: {counts}", style="dim"))
        if data.get("counting", {}).get("method") == "sampled":
            parts.append(Text(f"chances {data['counting']['text']}", style="dim"))
    if step is None and data.get("waiting_for_hand"):  # without the match: what the data says
        step = f"your hand for round {data['waiting_for_hand']} ('holds ...')"
    if step and not data.get("match_over"):  # the match's end is said below
        parts.append(Text(f"next: {printable(step)}", style="bold magenta"))
    for w in [] if compact else data.get("warnings", []):  # the session says each once, when it is new
        parts.append(Text(f"warning: {printable(w)}", style="yellow"))
    if not compact or data.get("over"):
        scores = "  ".join(f"{printable(k)} {v}" for k, v in data["scores"].items())
        wins = "most" if data.get("most_wins") else "lowest"
        parts.append(Text(f"totals ({wins} wins): {scores}", style="dim"))
    if data.get("match_over"):
        won = data["match_winner"]
        who = " and ".join(printable(w) for w in won)
        total = data["scores"][won[0]]
        parts.append(
            Text(
                f"match over: {who} {'wins' if len(won) == 1 else 'share it'} with {total}",
                style="bold magenta",
            )
        )
    return Group(*parts)


def _in_hand(data: shapes.HubStatusJson) -> str:
    """The tiles each player holds; in Mexican Train, with the trains they may play on."""
    if _chicken(data) or _line(data):
        return " · ".join(f"{printable(p['name'])} {p['tiles']}" for p in data["players"])
    return " · ".join(
        f"{printable(p['name'])} {p['tiles']} (on {', '.join(printable(k) for k in p['may_play_on'])})"
        for p in data["players"]
    )


def _trains(data: shapes.TrainStatusJson, width: int, compact: bool) -> list[RenderableType]:
    """Mexican Train's double to satisfy, the first chain being laid, and the trains."""
    parts: list[RenderableType] = []
    if double := data.get("double"):
        parts.append(
            Text(
                f"the double on {printable(double)}'s train must be satisfied first",
                style="bold yellow",
            )
        )
    if data.get("chain"):
        who = printable(data["chain"])
        parts.append(
            Text(
                f"{who} is laying a first chain: more on {who}'s train, or the next player goes on",
                style="bold",
            )
        )
    if data.get("trains"):
        t, room = _rows_table("train", "tiles, from the engine", width)
        for train in data["trains"]:
            name = printable(train["train"]) + (" ⚑" if train["marker"] else "")
            t.add_row(name, _chain(train["tiles"], room), str(train["end"]))
        parts.append(t)
        if not compact:
            parts.append(Text("⚑ a marker: anyone may play on that train", style="dim"))
    return parts


def _lines(data: shapes.ChickenStatusJson, width: int) -> list[RenderableType]:
    """Chicken Foot's lines from the head and the doubles' toes, and what waits for toes."""
    parts: list[RenderableType] = []
    waiting = data.get("waiting")
    if waiting:
        what = "the head" if waiting["double"] == "head" else f"the double {waiting['double']}"
        parts.append(
            Text(
                f"{what} takes its toes first: {waiting['toes']} of {waiting['needs']}",
                style="bold yellow",
            )
        )
    if data["lines"]:
        t, room = _rows_table("line", "tiles, from its toe", width)
        for x in data["lines"]:
            name = x["line"] + ("" if x["from"] == "head" else f" ({x['from']})")
            t.add_row(name, _chain(x["tiles"], room), "foot" if x["closed"] else str(x["end"]))
        parts.append(t)
    if data.get("open") and not data.get("over"):
        parts.append(Text("open: " + " ".join(data["open"]), style="dim"))
    return parts


def train_simulate_table(result, width: int = 80) -> Group:
    """Each bot's match total (pips, lower is better; or points where the most win,
    higher is better) with its interval, rounds won, and the first two bots' paired
    difference."""
    from domino_advisor.base.stats import half_width

    n = result.players
    t = Table(
        title=f"{result.rules.name.replace('-', ' ')}, {n} players, {result.deals} deals x {n} rotations, "
        f"{result.rounds_a_match} rounds a match",
        title_justify="left",
    )
    t.add_column("bot")
    t.add_column("seats", justify="right")
    t.add_column("total a match", justify="right")
    t.add_column("±95%", justify="right")
    t.add_column("rounds won", justify="right")
    for bot in result.bots:
        shown = "" if bot.ci95 is None else f"{bot.ci95:.1f}"
        t.add_row(
            bot.spec, str(bot.seats), f"{bot.mean:.1f}", shown, f"{bot.rounds_won / (bot.rounds or 1):.1%}"
        )
    parts: list[RenderableType] = [t]
    if len(result.bots) >= 2 and result.difference:
        first, second = result.bots[0].spec, result.bots[1].spec
        mean = sum(result.difference) / len(result.difference)
        half = half_width(result.difference)
        interval = "" if half is None else f" (95% interval {mean - half:+.1f} to {mean + half:+.1f})"
        unit = "points" if result.most_wins else "pips"
        parts.append(Text(f"{first} less {second}, per match, paired by deal: {mean:+.1f} {unit}{interval}"))
    if result.most_wins:
        said = "higher totals are better: the most points win (each round scored as its game says)"
    else:
        said = "lower totals are better: the lowest total after the last round wins"
    parts.append(Text(said, style="dim"))
    return Group(*parts)


def rules_view(name: str, width: int = 80) -> RenderableType:
    """A game's settings: the values each takes, its default, what it changes (under the
    table on a narrow screen)."""
    game: Any = game_for(name)
    rules, settings = game.rules_class(), game.settings
    narrow = width < 80
    t = Table(title=f"{rules.name}: new --rules {rules.name} --set key=value", title_justify="left")
    t.add_column("setting", no_wrap=True)
    t.add_column("values")
    t.add_column("default", justify="right")
    if not narrow:
        t.add_column("what it changes", overflow="fold")
    notes = []
    for field in dataclasses.fields(rules):
        if not field.init:  # made from the settings (Tiddly-wink's draw game)
            continue
        name = field.name
        key = "set" if name == "top" else name
        values, what = settings[key]
        value = getattr(rules, name)
        shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        shown = "by players" if value is None else shown  # a hand the table's size decides
        t.add_row(key, values, shown, *([] if narrow else [what]))
        notes.append(Text(f"{key}: {what}"))
    return Group(t, *notes) if narrow else t


def lesson_view(r: Any) -> RenderableType:
    """A lesson's table at your turn (``Parts.lesson_view``): each place (train, line or
    end) with its last tiles and its end, in the game's words (its ``lesson_table``)."""
    table = words_of(r).lesson_table(r)
    t = Table(show_edge=False, box=None, padding=(0, 1, 0, 0))
    t.add_column(table.column)
    t.add_column("last tiles")
    t.add_column("end", justify="right")
    for row in table.rows:
        t.add_row(*row)
    if table.caption is not None:
        t.caption = table.caption
    if table.below is None:
        return t
    below = Text(table.below, style="yellow")
    return Group(t, below) if table.shown else below


def table_view(
    pos: object, data: shapes.HubStatusJson, width: int = 80, compact: bool = False, counting: bool = True
) -> RenderableType:
    """The status for people (the games played off a middle double: the data says it all
    but what to log next, which the match says)."""
    from domino_advisor.log.guide import next_step

    return status_view(data, width, compact, next_step(cast("Position", pos).match), counting)


def session_report(
    result: Edited,
    log: GameLog,
    pos: object,
    before: shapes.HubStatusJson,
    after: shapes.HubStatusJson,
    warned: set,
    step: str | None,
) -> Group:
    """What a change did, at length (``session --full``; the compact table follows): the
    events changed, what each player now certainly lacks that they did not, new warnings,
    a draw that seems missing, and what to log next where it changed."""
    from domino_advisor.views.notices import changed_lines, missed_draw, news

    position = cast("Position", pos)
    lines = changed_lines(result, log)
    if after.get("round") == before.get("round"):  # as the short form's facts: brief.learned
        was = {p["name"]: set(p.get("cannot_hold", [])) for p in before.get("players", [])}
        for p in after.get("players", []):
            new = sorted(set(p.get("cannot_hold", [])) - was.get(p["name"], set()))
            if new and p.get("tiles"):
                numbers = " ".join(map(str, new))
                lines.append(Text(f"  now certain: {printable(p['name'])} has no {numbers}", style="cyan"))
    for w in position.warnings:
        if news(w, warned):
            lines.append(Text(f"warning: {printable(str(w))}", style="yellow"))
    missed = missed_draw(position) if result.added and result.added[-1] == len(log.events) else None
    for hint in [missed, step and f"next: {step}"]:
        if hint:
            lines.append(Text(printable(hint), style="dim"))
    return Group(*lines)


def edit_view(result: Edited, log: GameLog, pos: object, before: dict, warned: set, width: int) -> Group:
    """The events logged, then the table."""
    from domino_advisor.counting.tablestatus import status_of

    lines: list[RenderableType] = [
        Text(f"logged event {n}: {printable(str(log.events[n - 1]))}") for n in result.added
    ]
    from domino_advisor.log.guide import next_step

    position = cast("Position", pos)
    return Group(*lines, status_view(status_of(position), width, step=next_step(position.match)))

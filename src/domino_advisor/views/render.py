"""Rich renderables for people: the rules' presets, a refusal's panel, the tournaments'
and the match equity's tables, the learner's progress (the documents told in a chance of
winning are ``views.chanceview``'s, those told in pips ``views.pipsview``'s, a game's
table ``views.statusview``'s or ``views.hubview``'s).

Colour is decoration only: every fact is also in the text, so NO_COLOR and a pipe
lose nothing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from domino_advisor.games.registry import game_for

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.learning.scorecard import GameTotal, KindSummary


def rules_table(name: str | None, width: int = 80) -> RenderableType:
    """The presets of the line games side by side, or one preset's parameters (each with
    its value, the values it may take and what it means): the game's own words."""
    game: Any = game_for(name or "")
    presets = game.presets()
    if name is None:
        t = Table(
            title=(
                "rule presets (see one, with each parameter's allowed values, with 'rules NAME'; "
                "change any parameter with --set key=value)"
            ),
            title_justify="left",
            show_lines=True,
        )
        t.add_column("preset", style="bold")
        t.add_column("parameters")
        for p, params in presets.items():
            t.add_row(p, "  ".join(f"{k}={params[k]}" for k in game.shown_in_list()))
        return t
    values = presets[name]
    if width < 80:  # a list: each parameter, its value, what it may be, what it means
        lines: list[RenderableType] = [
            Text(f"preset {name} (change any parameter with --set key=value)", style="bold")
        ]
        for k, desc, allowed in game.parameters():
            lines.append(Text(f"{k} = {values[k]}", style="bold"))
            lines.append(Padding(Text(f"{desc}; allowed: {allowed}", style="dim"), (0, 0, 0, 2)))
        return Group(*lines)
    t = Table(title=f"preset {name} (change any parameter with --set key=value)", title_justify="left")
    t.add_column("parameter")
    t.add_column("value")
    t.add_column("allowed")
    t.add_column("meaning", style="dim")
    for k, desc, allowed in game.parameters():
        t.add_row(k, values[k], allowed, desc)
    return t


def error_panel(message: str) -> Panel:
    return Panel(Text(message), title="not accepted", border_style="red", expand=False)


def simulate_table(result: Any, width: int = 80) -> Table:
    """The line games' tournament (``games.line.contest.LineStandings``): each bot's games
    won, drawn and points a game, with their intervals, and as the opener."""
    scores, matches, seats = result.bots, result.matches, result.seats
    what = "matches" if matches else "games (rounds)"
    games = result.deals * seats
    t = Table(
        title=f"{result.rules_name}, {seats} players, {games} {what} on duplicate deals", title_justify="left"
    )
    t.add_column("bot")
    t.add_column("seats", justify="right")
    t.add_column("games won", justify="right")
    t.add_column("95% CI", justify="right")
    t.add_column("drawn", justify="right")
    t.add_column("points/game", justify="right")
    t.add_column("95% CI", justify="right")
    for s in scores:
        t.add_row(
            s.spec,
            str(s.seats),
            f"{s.win_rate:.1%}",
            _plus_minus(s.interval(s.per_deal_wins), ".1%"),
            f"{s.ties / s.games:.1%}" if s.games else "-",
            f"{s.points_per_game:.2f}",
            _plus_minus(s.interval(s.per_deal_points), ".2f"),
        )
    opened = [f"{s.spec} {s.opener_win_rate:.1%} of {s.opened}" for s in scores if s.opened]
    if opened and not matches:
        t.caption = "won as the opener: " + ", ".join(opened)
        t.caption_justify = "left"
    return t


def _plus_minus(half_width: float, spec: str) -> str:
    """An interval's half-width; one deal gives none ("-")."""
    return f"±{half_width:{spec}}" if math.isfinite(half_width) else "-"


def equity_table(table, rules_name: str, players: int, target: int, width: int = 80) -> Group:
    """Your chance of winning the match by the points each side still needs."""
    marks = list(range(table.step, target + 1, table.step))
    most = max(3, min(10, (width - 9) // 6))  # as many columns as fit: ten on 80, five on 50
    if len(marks) > most:  # the target's tenths (or fifths...), on round numbers of points
        unit = table.step if table.step > 1 or target < 50 else 5
        marks = sorted({max(unit, round(target * i / most / unit) * unit) for i in range(1, most + 1)})
        marks = [m for m in marks if m <= target]
    t = Table(
        title=f"match chances, {rules_name}, {players} players, to {target}",
        title_justify="left",
        show_edge=False,
    )
    t.add_column("you need", justify="right")
    for b in marks:
        t.add_column(str(b), justify="right")
    for a in marks:
        t.add_row(str(a), *[f"{table.chance(a, b):.0%}" for b in marks])
    note = Text(
        "rows: points you still need; columns: points they still need; each side "
        "alike to open the next round",
        style="dim",
    )
    if players > 2:
        note.append("; with more than two players, the race between you and one of them")
    return Group(t, note)


def equity_check_view(data: shapes.EquityCheckJson, checks) -> Group:
    """How far the three- or four-player match chances are from simulated matches: the
    figures, and the scores where the gap is widest."""
    worst = sorted(checks, key=lambda c: -abs(c.gap))[:10]
    t = Table(
        title=(
            f"match chances with {data['players']} players, {data['rules']} to {data['target']}: "
            f"the approximation against {data['matches']} matches from each of {len(checks)} scores"
        ),
        title_justify="left",
        show_edge=False,
    )
    t.add_column("points needed", justify="right")
    t.add_column("table", justify="right")
    t.add_column("played", justify="right")
    t.add_column("gap", justify="right")
    for c in worst:
        t.add_row(
            " ".join(map(str, c.needs)),
            f"{c.approximation:.1%}",
            f"{c.simulated:.1%} ±{c.margin:.1%}",
            f"{c.gap * 100:+.1f}",
        )
    note = Text(
        f"the widest gaps; over all scores the gap averages {data['mean_gap'] * 100:.1f} points "
        f"(largest {data['largest_gap'] * 100:.1f}), and with the simulation's own noise taken out the "
        f"approximation's error is {data['error'] * 100:.1f} points (root mean square). Points needed: "
        f"yours first; seed {data['seed']}",
        style="dim",
    )
    return Group(t, note)


BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float], most: int) -> str:
    """Accuracy per lesson as a row of bars, the latest ``most`` lessons."""
    return "".join(BARS[min(len(BARS) - 1, int(v * len(BARS)))] for v in values[-most:])


def progress_view(
    rows: list[KindSummary],
    where: str,
    answers: int,
    width: int = 80,
    came: shapes.ProgressSourcesJson | None = None,
    drills: shapes.ProgressDrillsJson | None = None,
) -> RenderableType:
    """The learner's record: accuracy per kind of question, and a bar per lesson; where
    the answers came from, and the drills from your games still to answer."""
    from domino_advisor.base.printable import printable
    from domino_advisor.learning.answers import LABELS

    drills = drills or {"kept": 0, "due": 0, "next_due": None, "next_count": 0}
    later = f"; next: {drills['next_count']} on {drills['next_due'][:10]}" if drills["next_due"] else ""
    drilled = (
        Text(
            f"drills: {drills['kept']} kept, {drills['due']} due today (train --drills){later}",
            style="bold" if drills["due"] else "",
        )
        if drills["kept"]
        else None
    )
    if not answers:
        empty = Text(
            f"no answers kept yet ({printable(where)}): 'domino-advisor train' keeps each one",
            style="dim",
        )
        return Group(empty, drilled) if drilled else empty
    names = {"train": "lessons", "practice": "practice at the table", "drill": "drills"}
    origin = Text(
        "answers from " + ", ".join(f"{names[k]} {n}" for k, n in (came or {}).items() if n),
        style="dim",
    )
    extra = [origin] if came else []
    extra += [drilled] if drilled else []
    if width < 80:  # a phone: a line per kind, its bars below
        lines: list[RenderableType] = [Text(f"your progress: {answers} answers", style="bold")]
        for r in rows:
            if not r.asked:
                lines.append(Text(f"{LABELS[r.kind]}: not asked yet", style="dim"))
                continue
            recent = "" if r.recent is None else f", last 10 {r.recent:.0%}"
            lines.append(Text(f"{LABELS[r.kind]}: {r.accuracy:.0%} of {r.asked}{recent}"))
            lines.append(Padding(Text(sparkline(r.lessons, max(4, width - 4))), (0, 0, 0, 2)))
        lines.extend(extra)
        lines.append(Text(f"kept in {printable(where)}", style="dim"))
        return Group(*lines)
    t = Table(title=f"your progress: {answers} answers", title_justify="left")
    t.add_column("question")
    t.add_column("asked", justify="right")
    t.add_column("right", justify="right")
    t.add_column("last 10", justify="right")
    t.add_column("by lesson, oldest first", no_wrap=True)
    room = max(4, width - 56)
    for r in rows:
        if not r.asked:
            t.add_row(LABELS[r.kind], "0", "", "", "")
            continue
        t.add_row(
            LABELS[r.kind],
            str(r.asked),
            f"{r.accuracy:.0%}",
            "" if r.recent is None else f"{r.recent:.0%}",
            sparkline(r.lessons, room),
        )
    note = Text(f"kept in {printable(where)}", style="dim")
    return Group(t, *extra, note)


def progress_by_game(shown: RenderableType, games: list[GameTotal], only: str | None) -> RenderableType:
    """The record's figures (``shown``), then each game's answers and accuracy, where
    there are several (or the figures are one game's: which)."""
    lines: list[RenderableType] = []
    if only is not None:
        lines.append(Text(f"in {only} only (progress without --game: every game)", style="bold"))
    lines.append(shown)
    if len(games) > 1 or only is not None:
        each = " · ".join(f"{g.game} {g.answers} ({g.accuracy:.0%})" for g in games)
        lines.append(Text(f"by game: {each or 'no answers yet'}", style="dim"))
    return Group(*lines)


def rules_view(name: str | None, width: int = 80) -> RenderableType:
    """The presets, or one preset's parameters (the line games' part); a name that is no
    game's and no preset is refused with the names that are."""
    from domino_advisor.base.errors import DominoError
    from domino_advisor.games.registry import own_names

    presets = game_for(name or "").rules_names()
    if name is not None and name not in presets:
        raise DominoError(
            f"'{name}' is not a rule preset (the presets are {', '.join(presets)}; "
            f"and {', '.join(own_names())})"
        )
    return rules_table(name, width)

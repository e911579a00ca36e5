"""The views of the documents told in pips (the games won by the fewest pips left,
played through their round: Mexican Train, Chicken Foot, Tiddly-wink): the advice's
plays with the pips they leave and how far behind the first each ends, the review's
decisions and the pips given up, hindsight's rounds replayed.  ``views.chanceview``
tells the documents of the games won by a chance of winning."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from domino_advisor.base.printable import plural, printable
from domino_advisor.views.chanceview import equal_note, reasons_shown

if TYPE_CHECKING:
    from domino_advisor.base import shapes


def advice_view(data: shapes.HubAdviceJson, width: int = 80) -> RenderableType:
    """The plays ranked: your pips left at the round's end against the others', and why."""
    if data["action"] != "play":
        return Text(f"{printable(data['player'])}: nothing fits: {data['action']}", style="bold")
    narrow = width < 72  # the reasons go under the table, one play a line
    t = Table(title=f"advice for {printable(data['player'])}", title_justify="left")
    t.add_column("#", justify="right")
    t.add_column("move", no_wrap=True)
    t.add_column("pips left", justify="right")
    t.add_column("vs others", justify="right")
    several = len(data["moves"]) > 1
    if not narrow:  # narrow: said under the table, with the reasons
        if several:
            t.add_column("vs 1", justify="right")
        t.add_column("why", overflow="fold")
    for k, m in enumerate(data["moves"], 1):
        row = [
            str(k),
            f"{m['tile']} on {printable(m['on'])}",
            f"{m['expected_pips']:.1f}",
            f"{m['margin']:+.1f}",
        ]
        shown = ([_behind(k, m)] if several else []) + ["; ".join(reasons_shown(m))]
        t.add_row(*row, *([] if narrow else shown))
    parts: list[RenderableType] = [t]
    if narrow:
        for k, m in enumerate(data["moves"], 1):
            behind = _behind(k, m)
            parts.append(
                Text(f"{k}. " + (f"vs 1: {behind}; " if behind else "") + "; ".join(reasons_shown(m)))
            )
    worlds = plural(data["samples"], "world")
    if data.get("cut_short"):  # the user's --time stopped the work: the answer is the machine's
        worlds = (
            f"{data['samples']} of {plural(data['samples_asked'], 'world')} (cut short by your time limit)"
        )
    note = Text(
        f"pips left: yours when the round ends, played out by the heuristic bot in "
        f"{worlds} drawn from the counting ({data['counting']}); "
        "vs others: yours less their average (lower is better)"
        + (
            (
                "; vs 1: how much worse its vs others ends than the first's, ± one standard error over "
                "the same worlds"
                if data["samples"] >= 2
                else "; vs 1: how much worse its vs others ends than the first's in that world (one "
                "world: no ±, its error is not known)"
            )
            if several
            else ""
        ),
        style="dim",
    )
    return Group(*parts, note)


def _behind(k: int, m: shapes.HubMoveJson) -> str:
    """How far behind the first a play ends, ± its error where one is known ('' for the first)."""
    if k == 1 or "behind" not in m:
        return ""
    error = m.get("behind_error", 0.0)
    return f"{m['behind']:+.1f}" + ("" if error is None else f"±{error:.1f}")


def review_view(data: shapes.HubReviewJson, width: int = 80) -> RenderableType:
    """Each decision with a choice: yours, the advisor's, the pips given up (± one
    standard error over the worlds, where one is known: not from one world); then what
    became certain, and the totals."""
    parts: list[RenderableType] = []
    s = data["summary"]
    # from one world a difference has no known error: nothing is called clear (issue 39)
    one = data["samples"] < 2 or any(d["spread"] is None for d in data["decisions"])
    given = (
        f"{s['pips_given_up']:.1f} pips given up in all, none called clear from one world"
        if one
        else f"{s['costly']} clearly gave up pips ({s['pips_given_up']:.1f} pips in all, noise included)"
    )
    parts.append(
        Text(
            f"review for {printable(data['player'])}: {plural(s['decisions'], 'decision')} with a choice, "
            f"{s['agreed']} as the advisor would{equal_note(data['decisions'])}, {given}",
            style="bold",
        )
    )
    if data["decisions"]:
        t = Table(show_edge=False, padding=(0, 1, 0, 0))
        t.add_column("rd", justify="right")
        t.add_column("#", justify="right")
        t.add_column("you played")
        t.add_column("advisor")
        t.add_column("vs advisor", justify="right")
        for d in data["decisions"]:
            same = d["played"] == d["best"]
            spread = d["spread"]
            cost = "" if same else f"{d['difference']:+.1f}" + ("" if spread is None else f"±{spread:.1f}")
            t.add_row(
                str(d["round"]),
                str(d["event"]),
                printable(d["played"]),
                "same" if same else "about equal" if d.get("about_equal") else printable(d["best"]),
                Text(cost, style="bold red" if d["clear"] else ""),
            )
        parts.append(t)
    for d in data["decisions"]:
        if d["clear"]:
            parts.append(
                Text(f"event {d['event']}: {printable(d['best'])}: " + "; ".join(d["reasons"]), style="dim")
            )
    for i in data["insights"]:
        parts.append(Text(f"event {i['event']}: {printable(i['text'])}", style="cyan"))
    totals = "  ".join(f"{printable(k)} {v}" for k, v in data["totals"].items())
    wins = "most" if data.get("most_wins") else "lowest"
    parts.append(Text(f"totals ({wins} wins): {totals}", style="dim"))
    what = "vs advisor: your pips at the round's end less the others' average, your play's less the advisor's"
    parts.append(
        Text(
            f"{what}, in the one world drawn from what you knew then (one world: no ±, its error is not "
            "known, so no cost is called clear; below zero: yours did better there)"
            if one
            else f"{what}, ± one standard error over {plural(data['samples'], 'world')} drawn from what you "
            "knew then (below zero: yours did better there, not clearly enough to leave the heuristic's "
            "move); red: clearly a cost (a pip or more, and twice its error)",
            style="dim",
        )
    )
    if data.get("hindsight"):
        parts.append(hindsight_view(data["hindsight"]))
    return Group(*parts)


def hindsight_view(rounds: list[shapes.HubHindsightJson]) -> Group:
    """Each round replayed with the advisor's moves at every seat: the verdict, each
    player's pips left in the game and in the replay, what it took on trust, every move."""
    parts: list[RenderableType] = [
        Text("in hindsight: the same hands, the advisor's moves at every seat", style="bold")
    ]
    for r in rounds:
        if not r["known"]:
            parts.append(Text(f"round {r['round']}: no hindsight ({printable(r['reason'])})", style="dim"))
            continue
        parts.append(
            Text(f"round {r['round']}: {printable(r['verdict'])}", style="bold red" if r["mistake"] else "")
        )
        then, now = r["actual"]["pips"], r["hindsight"]["pips"]
        pips = " · ".join(f"{printable(p)} {then[p]} → {now[p]}" for p in then)
        parts.append(
            Padding(Text(f"pips left, in the game → in hindsight: {pips}"), (0, 0, 0, 2), expand=False)
        )
        for note in r["notes"]:
            parts.append(Padding(Text(printable(note), style="dim"), (0, 0, 0, 2), expand=False))
        moves = " · ".join(printable(c["move"]) for c in r["choices"])
        parts.append(Padding(Text(moves, style="dim"), (0, 0, 0, 2), expand=False))
    return Group(*parts)

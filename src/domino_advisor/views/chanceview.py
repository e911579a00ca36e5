"""The views of the documents told in a chance of winning (the games won by the round or
the match: the line games): the advice's moves with their chances, the review's
decisions and what they gave up, hindsight's rounds replayed.  A game's documents are
told in the measure it is won by (its judging part's ``measure``); ``views.pipsview``
tells those in pips.

Colour is decoration only: every fact is also in the text, so NO_COLOR and a pipe
lose nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from domino_advisor.base.printable import plural

if TYPE_CHECKING:
    from domino_advisor.base import shapes


def advice_view(data: shapes.AdviceJson, width: int = 80) -> Group:
    """The ranked moves with their chances and reasons: the match's first where the
    round is part of one, the round's beside it.  Narrower than 70 columns, a list
    rather than a table, so the reasons read as sentences."""
    stakes = data.get("stakes")
    team = f"your team's (you and {data['partner']})" if data.get("partner") else "your"
    # one sampled deal gives no sampling error: no ± where the chances were sampled (issue 39)
    plus = data["exact"] or data["samples"] >= 2
    if data["action"] != "play":
        what = "draw until a tile plays" if data["action"] == "draw" else "pass"
        chance = (
            f"the match is about {data['match']:.0%} (this round {data['win']:.0%})"
            if stakes
            else f"this round is about {data['win']:.0%}" + (f" ±{data['margin']:.0%}" if plus else "")
        )
        return Group(
            Text(
                f"{data['to_move']}: nothing plays, so {what}; {team} chance of winning {chance}.",
                style="bold",
            )
        )
    t: Table | Group = Table(title=f"advice for {data['to_move']}", title_justify="left", show_lines=True)
    assert isinstance(t, Table)
    t.add_column("#", justify="right")
    t.add_column("move", style="bold")
    if stakes:
        t.add_column("match", justify="right")
    t.add_column("round" if stakes else "win", justify="right")
    t.add_column("why")
    for i, m in enumerate(data["moves"], 1):
        move = m["tile"] + ("" if m["on"] is None else f" on {m.get('side', m['on'])}")
        exact = m["exact"] and len(data["moves"]) > 1
        win = f"{m['win']:.0%}" + (
            " (exact)" if exact else "" if m.get("goes_out") or not plus else f" ±{m['margin']:.0%}"
        )
        if "points_ahead" in m and not stakes:
            win += f"\n{m['points_ahead']:+.1f} pts"
        cells = [str(i), move]
        if stakes:
            shown = " (exact)" if exact else f" ±{m['match_margin']:.0%}" if plus else ""
            cells.append(f"{m['match']:.0%}{shown}")
        cells += [win, "; ".join(reasons_shown(m))]
        t.add_row(*cells, style="green" if i == 1 else "")
    if width < 70:
        t = _advice_list(data, t)
    how = "solved exactly" if data["exact"] else f"{data['samples']:,} sampled deals"
    if data.get("cut_short"):  # the user's --time stopped the work: the answer is the machine's
        asked = data.get("samples_asked", data["samples"])
        how += (
            f" of {asked:,}, cut short by your time limit"
            if data["samples"] < asked
            else ", cut short by your time limit"
        )
    parts: list[RenderableType] = []
    if stakes:
        scores = stakes["scores"]
        me = stakes["side"]
        others = [v for s, v in enumerate(scores) if s != me]
        left = stakes.get("rounds_left")
        if left is not None:  # a match of a number of rounds: the scores, and what is left
            you = "your team has" if data.get("partner") else "you have"
            rest = "the last round" if left == 0 else f"{plural(left, 'more round')} after this"
            head = Text(f"playing for the match ({rest}): {you} {scores[me]}")
            have = ", ".join(str(v) for v in others)
            head.append(f", {'they have' if len(others) == 1 else 'the others have'} {have}")
        else:
            banked = stakes.get("banked") or [0] * len(scores)
            you = "your team needs" if data.get("partner") else "you need"
            mine = stakes["target"] - scores[me] - banked[me]
            head = Text(f"playing for the match to {stakes['target']}: {you} {mine}")
            need = ", ".join(str(stakes["target"] - v - banked[s]) for s, v in enumerate(scores) if s != me)
            head.append(f", {'they need' if len(others) == 1 else 'the others need'} {need}")
        if stakes.get("banked") and left is None:
            head.append(" (this round's fives so far counted)", style="dim")
        else:
            head.append(" (before this round's points)", style="dim")
        parts.append(head)
        note = Text(
            f"match: {team} chance of winning the match; round: of winning this round ({how})",
            style="dim",
        )
        if stakes["table"] is None:
            note.append("; the match is judged by the lead against the spread of the rounds left")
        elif stakes["approximate"]:
            note.append(f"; the match table is {stakes['table']}'s, your rules differ from it")
    else:
        fives = any("points_ahead" in m for m in data["moves"])
        note = Text(
            f"win: {team} chance of winning this round ({how})"
            + (
                "; pts: your points ahead of the best other side by the round's end, the ranking in All Fives"
                if fives
                else ""
            ),
            style="dim",
        )
    if any(m.get("about_equal") for m in data["moves"]):
        note.append(
            "; about equal: the sampled deals cannot tell it from the first (two paired standard errors)"
        )
    if not plus:
        note.append("; one sampled deal: no ±, its sampling error is not known")
    elif not data["exact"]:
        note.append(
            "; ± covers 95%: the sampling and "
            + (
                "the error left after calibration on self-play games"
                if data.get("calibration")
                else "the rollouts' error as measured where no map is fitted"
            ),
        )
    return Group(*parts, t, note)


def _advice_list(data: shapes.AdviceJson, table: Table) -> Group:
    """The advice table's rows as a list: a move and its chances, then its reasons."""
    heads = [str(c.header) for c in table.columns]
    lines: list[RenderableType] = [Text(f"advice for {data['to_move']}", style="bold")]
    cells = [list(c.cells) for c in table.columns]
    for row in range(table.row_count):
        rank, move = str(cells[0][row]), str(cells[1][row])
        figures = "  ".join(
            f"{heads[k]} {str(cells[k][row]).replace(chr(10), ' ')}" for k in range(2, len(heads) - 1)
        )
        lines.append(Text(f"{rank}. {move}  {figures}", style="bold green" if row == 0 else "bold"))
        lines.append(Padding(Text(str(cells[-1][row])), (0, 0, 0, 3)))
    return Group(*lines)


def review_view(data: shapes.ReviewJson, width: int = 80) -> Group:
    """Your decisions beside the advisor's, round by round, what you learned when, and
    what was given up in each round and over the match (compounded, never a sum)."""
    parts: list[RenderableType] = []
    matchplay = any("played_match" in d for d in data["decisions"])
    key = "match" if matchplay else "win"  # in a match, the match's chances are what count
    narrow = width < 70
    team = "your team's" if data.get("partner") else "your"
    who = f"{data['me']}, with {data['partner']} as partner" if data.get("partner") else data["me"]
    t = Table(
        title=f"your decisions ({who})",
        title_justify="left",
        box=None if narrow else box.HEAVY_HEAD,
        padding=(0, 1, 0, 0) if narrow else (0, 1),
    )
    for col in ("round", "event", "you played", key, "advisor", key, "cost"):
        t.add_column(col, justify="right" if col in ("round", "event", key, "cost") else "left")
    last = None
    for d in data["decisions"]:
        if last is not None and d["round"] != last:
            t.add_section()
        style = "" if not d.get("error_known", True) else cost_style(d["cost"])
        mine, best = (
            (d.get("played_match"), d.get("best_match")) if matchplay else (d["played_win"], d["best_win"])
        )
        t.add_row(
            "" if d["round"] == last else str(d["round"]),
            str(d.get("event", d["line"])),
            d["played"],
            "" if mine is None else f"{mine:.0%}",
            "same" if d["played"] == d["best"] else "about equal" if d.get("about_equal") else d["best"],
            "" if best is None else f"{best:.0%}",
            f"{d['cost']:.0%}" if d["cost"] else "-",
            style=style,
        )
        last = d["round"]
    parts.append(t)
    if data["insights"]:
        it = Table(title="when each inference became known", title_justify="left", show_edge=False)
        it.add_column("round", justify="right")
        it.add_column("event", justify="right")
        it.add_column("after")
        it.add_column("known from then on")
        last = None
        for i in data["insights"]:
            if last is not None and i["round"] != last:
                it.add_section()
            it.add_row(
                "" if i["round"] == last else str(i["round"]),
                str(i.get("number", i["line"])),
                i["event"],
                i["text"],
            )
            last = i["round"]
        parts.append(it)
    summary = Text()
    n = len(data["decisions"])
    what = "match" if matchplay else "win"
    summary.append(f"{data['agreed']} of {plural(n, 'decision')} agreed with the advisor", style="bold")
    summary.append(equal_note(data["decisions"]))
    rounds = data.get("rounds", [])
    for r in rounds if len(rounds) > 1 else []:
        summary.append(
            f"\n  round {r['round']}: {r['agreed']} of {r['decisions']} agreed; "
            f"{what} chance given up {r['cost']:.0%}"
        )
    over = "over the match" if matchplay else ("over the rounds" if len(rounds) > 1 else "in the round")
    summary.append(f"\n{what} chance given up {over}: {data['total_cost']:.0%}", style="bold")
    summary.append(" (each decision's share of what the ones before it left)", style="dim")
    measured = (d for d in data["decisions"] if d["cost"] > 0 and d.get("error_known", True))
    costly = sorted(measured, key=lambda d: -d["cost"])[:3]
    for d in costly:
        summary.append(
            f"\n  round {d['round']}, event {d.get('event', d['line'])}: {d['played']} instead of "
            f"{d['best']} cost "
            f"{d['cost']:.0%} of {team} chance to win the {'match' if matchplay else 'round'}"
        )
    for text in data["doubles"]:
        summary.append(f"\n  double held too long: {text}", style="yellow")
    if unknown := one_deal_note(data["decisions"]):
        summary.append(f"\n({unknown})", style="dim")
    summary.append(f"\n({judged(data)})", style="dim")
    parts.append(summary)
    if data.get("hindsight"):
        parts.append(hindsight_view(data["hindsight"], width))
    return Group(*parts)


def reasons_shown(move: Mapping[str, Any]) -> list[str]:
    """A move's reasons as the table shows them, 'about equal to the first' first where
    the advice said so (every game's advice)."""
    return (["about equal to the first"] if move.get("about_equal") else []) + list(move["reasons"])


def equal_note(decisions: Sequence[Mapping[str, Any]]) -> str:
    """How many of the decisions agreed only as about equal (every game's review)."""
    equal = sum(1 for d in decisions if d.get("about_equal"))
    return f" ({equal} about equal to its first choice, as the advice said)" if equal else ""


def cost_style(cost: float) -> str:
    """A measured cost's colour: none under 2%, yellow to 10%, red past it (the page's too)."""
    return "" if cost < 0.02 else ("yellow" if cost < 0.1 else "red")


def one_deal_note(decisions: Sequence[Mapping[str, Any]]) -> str:
    """What the review says of decisions judged from one sampled deal ('' where none was):
    their costs are differences whose noise is not known, so none is called costly."""
    n = sum(1 for d in decisions if not d.get("error_known", True))
    if not n:
        return ""
    return (
        f"{plural(n, 'decision')} judged from one sampled deal: {'its' if n == 1 else 'each'} cost a plain "
        "difference, its noise not known, so none is marked or named as costly"
    )


def judged(data: shapes.ReviewJson) -> str:
    """How each decision was judged: as the advice at the table, or as the review was asked."""
    if data.get("at_defaults"):
        return (
            f"each decision judged as the advice judged it at the table: up to {data['samples']:,} "
            "sampled deals, as its budget of work allows"
        )
    return (
        f"{plural(data['samples'], 'sampled deal')} a decision, as asked: not the advice's defaults, so a "
        "move that followed the advice may read otherwise"
    )


def hindsight_view(rounds: list[shapes.HindsightJson], width: int = 80) -> Group:
    """Each round replayed with the advisor's moves at every seat: the verdict, what the
    replay took on trust, and every choice, in order."""
    parts: list[RenderableType] = [
        Text("in hindsight: the same hands, the advisor's moves at every seat", style="bold")
    ]
    for r in rounds:
        if not r["known"]:
            parts.append(Text(f"round {r['round']}: no hindsight ({r['reason']})", style="dim"))
            continue
        parts.append(Text(f"round {r['round']}: {r['verdict']}"))
        for note in r["notes"]:
            parts.append(Padding(Text(note, style="dim"), (0, 0, 0, 2), expand=False))
        moves = " · ".join(c["move"] for c in r["choices"])
        parts.append(Padding(Text(moves, style="dim"), (0, 0, 0, 2), expand=False))
    return Group(*parts)

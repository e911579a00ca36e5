"""The session's short form: after each event, what it proved and whose turn it is; on
your turn the advice's first three moves, a line each.

At a real table the session is read between two plays, often on a phone: the whole
status after every typed line was a screen of scrolling (a median of 22 rows an event).
Here every line is held to the terminal's width (cut with an ellipsis, never wrapped), so
an event costs one or two rows and your turn four or five.  ``s`` and ``a`` still show
everything, and ``session --full`` keeps the long form.

Every game's status dicts are read through the keys they share (the players and what
each certainly lacks, the unseen count of each number, the warnings), so every game gets
the same short form; the advice's rows say the figure of the measure the game is won by
(the chance of winning, or the pips left against the others').
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from domino_advisor.base.printable import printable

ADVICE_ROWS = 3  # the advice's first moves shown on your turn ("a" shows them all)


def line(text: str, style: str = "") -> Text:
    """One row: cut at the terminal's edge, never wrapped onto a second."""
    return Text(printable(text), style=style, no_wrap=True, overflow="ellipsis")


def learned(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """What the change proved, shortest first: who now lacks which numbers (or may hold
    them again, after a fix), which number is now scarce, which tile is now certainly
    somewhere.  Read only from the exact counting, as the long form is."""
    out: list[str] = []
    was = {p["name"]: set(p.get("cannot_hold", [])) for p in before.get("players", [])}
    for p in after.get("players", []):
        if not p.get("tiles"):
            continue
        old, new = was.get(p["name"], set()), set(p.get("cannot_hold", []))
        if new - old:
            out.append(f"{p['name']}: no {_numbers(new - old)} now")
        if old - new and p["name"] in was:
            out.append(f"{p['name']} may hold {_numbers(old - new)} again")
    seen_before = before.get("unseen_by_number")
    seen_after = after.get("unseen_by_number")
    if seen_before and seen_after and len(seen_before) == len(seen_after):
        fewer = [(n, a) for n, (b, a) in enumerate(zip(seen_before, seen_after, strict=True)) if a < b]
        gone = [n for n, a in fewer if a == 0]  # nobody else can follow on it
        last = [n for n, a in fewer if a == 1]
        if gone:
            out.append(f"every {_numbers(gone)} seen")
        if last:
            out.append(f"one {'each of ' if len(last) > 1 else ''}{_numbers(last)} left unseen")
    old_where = before.get("where") or {}
    known: dict[str, list[str]] = {}  # place -> the tiles now certainly there
    exact = (after.get("counting") or {}).get("method", "exact") == "exact"
    for tile, places in (after.get("where") or {}).items() if exact else ():  # a sample proves nothing
        for place, chance in places.items():
            if chance >= CERTAIN and old_where.get(tile, {}).get(place, 0) < CERTAIN:
                known.setdefault(place, []).append(tile)
    for place, tiles in known.items():
        out.append(f"{'in the boneyard' if place == 'boneyard' else place + ' holds'} {' '.join(tiles)}")
    return out


CERTAIN = 0.999999


def _numbers(numbers: Iterable[int]) -> str:
    return " ".join(str(n) for n in sorted(numbers))


def event_view(
    head: Sequence[Text], facts: Sequence[str], notes: Sequence[Text], turn: str | None, width: int
) -> Group:
    """The change (one row for an event logged at the end), then the turn on the same
    row where it fits (else a row of its own), what it proved in one row, and any
    warning or hint."""
    rows = list(head)
    if turn and rows and rows[-1].cell_len + cell_len(printable(turn)) + 3 <= width:
        rows[-1] = rows[-1].copy()
        rows[-1].append(f" · {turn}", style="bold")
        rows[-1].no_wrap, rows[-1].overflow = True, "ellipsis"
    elif turn:
        rows.append(line(turn, "bold"))
    if facts:  # wrapped, never cut: a proof is what the session is for
        rows.append(Text(printable(" · ".join(facts)), style="cyan"))
    rows += notes
    return Group(*rows)


def note(text: str, style: str) -> Text:
    """A warning or a hint: wrapped, never cut, since it says what to do."""
    return Text(printable(text), style=style)


def logged_event(number: int, event: object) -> Text:
    """An event logged at the end, as the log now has it (the shorthand read back)."""
    return line(f"{number} {event}", "dim")


def advice_rows(moves: Sequence[tuple[str, str, Sequence[str]]], unit: str, width: int) -> Group:
    """The first moves, one row each: the move, its figure, and as many of its reasons
    as fit whole.  The first row says what the figure is; ``a`` shows every move with
    all its reasons."""
    rows = []
    widest = max((len(m) for m, _, _ in moves[:ADVICE_ROWS]), default=0)
    for k, (move, figure, reasons) in enumerate(moves[:ADVICE_ROWS], 1):
        text = f"{k} {move.ljust(widest)}  {figure}" + (f" {unit}" if k == 1 and unit else "")
        for why in (_short(r) for r in reasons):
            if len(text) + len(why) + 2 >= width:
                break
            text += "; " + why
        rows.append(line(text, "green" if k == 1 else ""))
    return Group(*rows)


def advice_brief(data: Mapping[str, Any], measure: str, width: int) -> Group:
    """The advice's first moves (``advice_rows``) with the figure the game is ranked by:
    ``chance``, the chance of winning the round (or the match, where one is played for)
    with its margin, ``exact`` where counted to the end; ``pips``, your pips left at the
    round's end against the others' (lower wins)."""
    from domino_advisor.views.chanceview import reasons_shown

    rows = []
    if measure == "pips":
        for m in data["moves"]:
            rows.append((f"{m['tile']} on {m['on']}", f"{m['margin']:+.1f}", reasons_shown(m)))
        return advice_rows(rows, "pips vs others (lower wins)", width)
    stakes = "stakes" in data
    for m in data["moves"]:
        win, margin = (m["match"], m["match_margin"]) if stakes else (m["win"], m["margin"])
        exact = m.get("exact") and len(data["moves"]) > 1
        figure = f"{win:.0%}" + ("" if m.get("goes_out") else " exact" if exact else f"±{margin:.0%}")
        move = m["tile"] + ("" if m["on"] is None else f" on {m.get('side', m['on'])}")
        rows.append((move, figure, reasons_shown(m)))
    return advice_rows(rows, "to win the match" if stakes else "to win", width)


def _short(reason: str) -> str:
    """A reason in fewer words, where the row has little room (``a`` says it in full)."""
    if reason == "about equal to the first":
        return "about equal"
    if reason.startswith("kept as "):  # the heuristic's move, first though another did better
        return "kept: not clearly beaten"
    return reason

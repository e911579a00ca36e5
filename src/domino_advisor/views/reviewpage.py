"""``review --html``: the review as a page that stands alone (no script, no outside
file), for a phone as well as a desk: the decisions round by round, each with a
picture of the table as it lay and your hand, the log beside them with the decisions'
lines marked, a legend, and when each inference became known.

Everything from the log (names, comments) is escaped: the page shows text, never runs it.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, cast

from domino_advisor.base.printable import plural, printable
from domino_advisor.log.gamelog import split_lines
from domino_advisor.views.chanceview import judged, one_deal_note

if TYPE_CHECKING:
    from domino_advisor.base import shapes

S = 22  # one half of a tile, in SVG units
GAP = 4
PER_ROW = 9  # tiles a row of the picture holds before it goes on below
# where the pips of 0 to 6 sit on a half, in thirds of its side
PIPS = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def _half(x: float, y: float, n: int) -> str:
    if n in PIPS:
        r = S / 9
        return "".join(
            f'<circle cx="{x + S * (0.25 + 0.25 * i):.1f}" cy="{y + S * (0.25 + 0.25 * j):.1f}" r="{r:.1f}"/>'
            for i, j in PIPS[n]
        )
    # past six pips (double-nine, double-twelve) the number is clearer than the dots
    return (
        f'<text x="{x + S / 2:.1f}" y="{y + S * 0.72:.1f}" text-anchor="middle" '
        f'font-size="{S * 0.6:.0f}">{n}</text>'
    )


def tile_svg(x: float, y: float, a: int, b: int, upright: bool = False, mark: str = "") -> str:
    """One tile with its two halves: side by side, or one above the other (a double
    lies crossways in the line)."""
    w, h = (S, 2 * S) if upright else (2 * S, S)
    cls = f' class="{mark}"' if mark else ""
    out = [f'<g{cls}><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4"/>']
    if upright:
        out.append(f'<line x1="{x + 3}" y1="{y + S}" x2="{x + S - 3}" y2="{y + S}"/>')
        out.append(_half(x, y, a) + _half(x, y + S, b))
    else:
        out.append(f'<line x1="{x + S}" y1="{y + 3}" x2="{x + S}" y2="{y + S - 3}"/>')
        out.append(_half(x, y, a) + _half(x + S, y, b))
    out.append("</g>")
    return "".join(out)


def _row(tiles: list[list[int]], y: float, marks: dict[int, str] | None = None) -> tuple[list[str], float]:
    """Tiles left to right from ``y``, going on below every PER_ROW; returns the parts
    and the height used."""
    parts, x, top, height = [], 0.0, y, 0.0
    for i, (a, b) in enumerate(tiles):
        if i and i % PER_ROW == 0:
            x, top = 0.0, top + 2 * S + GAP
        upright = a == b
        parts.append(tile_svg(x, top + (0 if upright else S / 2), a, b, upright, (marks or {}).get(i, "")))
        x += (S if upright else 2 * S) + GAP
        height = top - y + 2 * S
    return parts, height


def table_svg(table: shapes.ReviewTableJson, played: str, best: str) -> str:
    """The table as it lay at a decision, and your hand with your tile and the
    advisor's marked."""
    parts: list[str] = []
    y = 0.0
    rows: list[tuple[str, list, dict[int, str] | None]] = [
        ("table", table["line"], {i: "spinner" for i in table.get("spinner", [])})
    ]
    rows += [(side, table[side], None) for side in ("up", "down") if table[side]]
    rows += [(b["side"], b["tiles"], None) for b in table.get("branches", []) if b["tiles"]]
    mine, advised = played.split()[0], best.split()[0]
    marks = {}
    for i, (a, b) in enumerate(table["hand"]):
        name = f"{a}-{b}"
        marks[i] = "played" if name == mine else ("advised" if name == advised else "")
    rows.append(("your hand", table["hand"], marks))
    for label, tiles, row_marks in rows:
        parts.append(f'<text class="label" x="0" y="{y + 12}">{escape(label)}</text>')
        drawn, height = _row(tiles, y + 18, row_marks)
        parts += drawn
        y += 18 + max(height, S) + 10
    width = PER_ROW * (2 * S + GAP)
    return (
        f'<svg class="table" viewBox="0 0 {width} {y:.0f}" width="{width}" '
        f'role="img" aria-label="the table and your hand">{"".join(parts)}</svg>'
    )


STYLE = """
body { font-family: system-ui, sans-serif; margin: 1em auto; max-width: 72em; padding: 0 1em; color: #222; }
.t { white-space: nowrap; }
.columns { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1.5em; }
@media (max-width: 50em) { .columns { grid-template-columns: minmax(0, 1fr); } }
table { border-collapse: collapse; margin: .5em 0; }
td, th { border-bottom: 1px solid #ddd; padding: .25em .6em; text-align: left; vertical-align: top; }
.decision { border: 1px solid #ddd; border-radius: 6px; padding: .5em .8em; margin: .6em 0; }
.decision.bad { border-left: 6px solid #d33; } .decision.meh { border-left: 6px solid #db3; }
.decision.ok { border-left: 6px solid #3a3; } .decision.unknown { border-left: 6px solid #aaa; }
.legend span { display: inline-block; padding: 0 .5em; margin-right: .5em; border-radius: 3px; }
.bad-key { background: #fdd; } .meh-key { background: #ffd; } .ok-key { background: #dfd; }
.unknown-key { background: #eee; }
svg.table { max-width: 100%; height: auto; display: block; margin-top: .4em; }
svg.table rect { fill: #fffdf5; stroke: #333; stroke-width: 1.2; }
svg.table line { stroke: #333; stroke-width: 1; } svg.table circle, svg.table text { fill: #222; }
svg.table .label { font-size: 11px; fill: #666; }
svg.table .spinner rect { fill: #fff3c4; }
svg.table .played rect { stroke: #d33; stroke-width: 3; }
svg.table .advised rect { stroke: #27c; stroke-width: 3; }
pre.log { font-size: .85em; background: #f7f7f7; padding: .6em; overflow-x: auto; line-height: 1.45; }
pre.log .mark { background: #ffd; font-weight: bold; }
pre.log .n { color: #999; user-select: none; }
.decision, td { overflow-wrap: anywhere; }
.why { color: #555; font-size: .9em; margin: .2em 0 0; }
.scroll { overflow-x: auto; }
"""


def to_html(data: shapes.ReviewJson | shapes.HubReviewJson, title: str, log_text: str = "") -> str:
    """The page of either review's data: the line games' (chances, pictures of the line)
    or the games off a middle double's (pips); the data's shape says which."""
    if "summary" in data:
        return _pips_html(cast("shapes.HubReviewJson", data), title, log_text)
    return _line_html(cast("shapes.ReviewJson", data), title, log_text)


def log_html(log_text: str, marked: set[int], numbers: dict[int, int | None]) -> str:
    """The log, line by line, each line an anchor; the decisions' lines marked, and each
    line that is an event of the review's with its number."""
    return "".join(
        f'<span id="L{n}"{" class=mark" if n in marked else ""}><span class="n">{n:>4} </span>'
        f"{escape(printable(line))}"
        + (f' <span class="n">(event {numbers[n]})</span>' if numbers.get(n) else "")
        + "</span>\n"
        for n, line in enumerate(split_lines(log_text), 1)
    )


def _line_html(data: shapes.ReviewJson, title: str, log_text: str) -> str:
    """The page: summary, legend, decisions by round with pictures, the log, insights."""
    matchplay = any("played_match" in d for d in data["decisions"])
    key = "match" if matchplay else "win"
    what = "match" if matchplay else "round"
    marked = {d["line"] for d in data["decisions"]}
    team = f"your team's (you and {data['partner']})" if data.get("partner") else "your"
    cards: list[str] = []
    last = None
    for d in data["decisions"]:
        if d["round"] != last:
            r = next((x for x in data.get("rounds", []) if x["round"] == d["round"]), None)
            extra = (
                f": {r['agreed']} of {r['decisions']} agreed, {key} chance given up {r['cost']:.0%}"
                if r
                else ""
            )
            cards.append(f"<h3>Round {d['round']}{escape(extra)}</h3>")
            last = d["round"]
        known = d.get("error_known", True)  # from one sampled deal the cost's noise is not known
        cls = "bad" if d["cost"] >= 0.1 else ("meh" if d["cost"] >= 0.02 else "ok")
        mine, best = (d["played_match"], d["best_match"]) if matchplay else (d["played_win"], d["best_win"])
        if d["played"] == d["best"]:
            verdict = "the advisor agrees"
        elif d.get("about_equal"):
            verdict = f"about equal to the advisor's {d['best']} ({best:.0%}), as the advice said"
        elif not known:
            cls = "unknown"
            verdict = (
                f"advisor: {d['best']} ({best:.0%}), {d['cost']:.0%} given up in the one deal sampled, "
                "too few to tell"
            )
        else:
            verdict = f"advisor: {d['best']} ({best:.0%}), cost {d['cost']:.0%}"
        picture = table_svg(d["table"], d["played"], d["best"]) if d.get("table") else ""
        cards.append(
            f'<div class="decision {cls}"><a href="#L{d["line"]}">event {d.get("event", d["line"])}</a>: '
            f"you played <b>{escape(d['played'])}</b> ({mine:.0%}); {escape(verdict)}{picture}</div>"
        )
    insights = "".join(
        f"<tr><td>{i['round']}</td><td>{i.get('number', i['line'])}</td><td>{escape(i['event'])}</td>"
        f"<td>{escape(i['text'])}</td></tr>"
        for i in data["insights"]
    )
    doubles = "".join(f"<li>{escape(t)}</li>" for t in data["doubles"]) or "<li>none</li>"
    numbers = {d["line"]: d.get("event") for d in data["decisions"]}
    numbers.update({i["line"]: i.get("number") for i in data["insights"]})
    log_lines = log_html(log_text, marked, numbers)
    n = len(data["decisions"])
    hindsight = _hindsight(data.get("hindsight", []))
    unknown = one_deal_note(data["decisions"])
    unknown_key = '<span class="unknown-key">from one sampled deal: too few to tell</span>' if unknown else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}</style></head><body>
<h1>{escape(title)}</h1>
<p><b>{data["agreed"]} of {plural(n, "decision")} agreed with the advisor</b>; {key} chance given up over the
{what if not matchplay else "match"}: {data["total_cost"]:.0%}, each decision taking its share of what the
ones before it left ({escape(judged(data))}).{f" {escape(unknown)}." if unknown else ""}</p>
<p class="legend">Legend: <span class="ok-key">agreed, or under 2% given up</span>
<span class="meh-key">2% to 10%</span><span class="bad-key">10% or more</span>{unknown_key}.
Percentages are {escape(team)} chance of winning the {what} after each move, judged from what you knew
then. In the pictures, your tile is outlined in red, the advisor's in blue; a spinner is shaded.</p>
<div class="columns"><section><h2>Your decisions</h2>{"".join(cards) or "<p>none with a real choice</p>"}
<h2>Doubles held too long</h2><ul>{doubles}</ul></section>
<section><h2>The log</h2><pre class="log">{log_lines}</pre></section></div>
<h2>When each inference became known</h2>
<table><tr><th>round</th><th>event</th><th>after</th><th>known from then on</th></tr>{insights}</table>
{hindsight}</body></html>
"""


def tiles_html(text: str) -> str:
    """Escaped, with each tile kept on one line (a break inside 2-2 reads as two tiles)."""
    return re.sub(r"\b(\d+-\d+)\b", r'<span class="t">\1</span>', escape(text))


def _hindsight(rounds: list[shapes.HindsightJson]) -> str:
    """Each round replayed with the advisor's moves: the verdict, the hands it was dealt
    with, what it took on trust, and every choice with the mover's chance."""
    if not rounds:
        return ""
    out = ["<h2>In hindsight: the same hands, the advisor's moves at every seat</h2>"]
    for r in rounds:
        if not r["known"]:
            out.append(f"<p>Round {r['round']}: no hindsight ({escape(r['reason'])}).</p>")
            continue
        hands = "; ".join(
            f"{escape(name)}: {tiles_html(' '.join(tiles))}" for name, tiles in r["hands"].items()
        )
        notes = "".join(f"<li>{tiles_html(note)}</li>" for note in r["notes"])
        moves = "".join(
            f"<li>{escape(c['move'])}"
            + ("" if c["win"] is None else f" <span class=n>({c['win']:.0%} for the mover's side)</span>")
            + "</li>"
            for c in r["choices"]
        )
        out.append(
            f"<h3>Round {r['round']}: {escape(r['verdict'])}</h3><p>Dealt: {hands}</p>"
            + (f"<ul>{notes}</ul>" if notes else "")
            + f"<ol class=replay>{moves}</ol>"
        )
    return "\n".join(out) + "\n"


# -- the games played off a middle double: every figure in pips -----------------------------------
NOTED = 1.0  # pips: a cost under this is as good as agreeing (learning.pipsreview.NOTED)


def _pips_html(data: shapes.HubReviewJson, title: str, log_text: str) -> str:
    """The page of a review in pips: summary, legend, decisions by round, the log beside
    them, what became certain, the totals, and each round in hindsight."""
    s = data["summary"]
    decisions = data["decisions"]
    one = data["samples"] < 2 or any(d["spread"] is None for d in decisions)
    given = (
        f"{s['pips_given_up']:.1f} pips given up in all, none called clear from one world"
        if one
        else f"{s['costly']} clearly gave up pips ({s['pips_given_up']:.1f} pips in all, noise included)"
    )
    cards: list[str] = []
    last = None
    for d in decisions:
        if d["round"] != last:
            mine = [x for x in decisions if x["round"] == d["round"]]
            agreed = sum(1 for x in mine if x["played"] == x["best"] or x.get("about_equal"))
            lost = sum(x["cost"] for x in mine)
            cards.append(
                f"<h3>Round {d['round']}: {agreed} of {len(mine)} agreed, {lost:.1f} pips given up</h3>"
            )
            last = d["round"]
        cards.append(_pips_card(d))
    marked = {n for d in decisions if (n := d.get("line"))}  # where the data gives each its line
    numbers: dict[int, int | None] = {n: d["event"] for d in decisions if (n := d.get("line"))}
    numbers.update({n: i["event"] for i in data["insights"] if (n := i.get("line"))})
    insights = "".join(
        f"<tr><td>{i['round']}</td><td>{_event_link(i)}</td><td>{escape(i['text'])}</td></tr>"
        for i in data["insights"]
    )
    totals = "".join(
        f"<tr><td>{escape(name)}</td><td>{pips}</td></tr>" for name, pips in data["totals"].items()
    )
    unknown_key = '<span class="unknown-key">from one world: too few to tell</span>' if one else ""
    worlds = plural(data["samples"], "world")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}</style></head><body>
<h1>{escape(title)}</h1>
<p><b>{s["agreed"]} of {plural(s["decisions"], "decision")} with a choice agreed with the advisor</b>
(review for {escape(data["player"])}); {escape(given)}.</p>
<p class="legend">Legend: <span class="ok-key">agreed, or under {NOTED:.0f} pip given up</span>
<span class="meh-key">a pip or more, within the noise</span>
<span class="bad-key">clearly a cost</span>{unknown_key}.
Figures are your pips at the round's end less the others' average (lower is better), your play's
and the advisor's, over {escape(worlds)} drawn from what you knew then; ± one standard error of their
difference. A cost is clear at a pip or more and twice its error.</p>
<div class="columns"><section><h2>Your decisions</h2>
{"".join(cards) or "<p>none with a real choice</p>"}</section>
<section><h2>The log</h2><pre class="log">{log_html(log_text, marked, numbers)}</pre></section></div>
<h2>When each player was first certain to lack a number</h2>
<div class="scroll"><table><tr><th>round</th><th>event</th><th>known from then on</th></tr>
{insights}</table></div>
<h2>Totals ({"most" if data.get("most_wins") else "lowest"} wins)</h2>
<table><tr><th>player</th><th>{"points" if data.get("most_wins") else "pips"}</th></tr>{totals}</table>
{_pips_hindsight(data.get("hindsight", []))}</body></html>
"""


def _event_link(d: shapes.HubReviewDecisionJson | shapes.HubReviewInsightJson) -> str:
    """The event's number, linked to its line in the log where the data gives the line."""
    line = d.get("line")
    return f'<a href="#L{line}">event {d["event"]}</a>' if line else f"event {d['event']}"


def _pips_card(d: shapes.HubReviewDecisionJson) -> str:
    """One decision: yours, the advisor's, the difference in pips, and why the advisor's."""
    spread = d["spread"]
    mine = f"{d['played_margin']:+.1f}"
    if d["played"] == d["best"]:
        cls, verdict = "ok", "the advisor agrees"
    elif d.get("about_equal"):
        cls, verdict = (
            "ok",
            f"about equal to the advisor's {d['best']} ({d['best_margin']:+.1f}), as the advice said",
        )
    else:
        error = "" if spread is None else f"±{spread:.1f}"
        cls = "bad" if d["clear"] else "unknown" if spread is None else "meh" if d["cost"] >= NOTED else "ok"
        against = f"yours {d['difference']:+.1f}{error} pips against it"
        verdict = f"advisor: {d['best']} ({d['best_margin']:+.1f}); {against}"
        if spread is None:
            verdict += ", in the one world played out: too few to tell"
    why = ""
    if d["played"] != d["best"] and d["reasons"]:
        why = f'<p class="why">why {escape(d["best"])}: {escape("; ".join(d["reasons"]))}</p>'
    return (
        f'<div class="decision {cls}">{_event_link(d)}: you played <b>{escape(d["played"])}</b> ({mine}); '
        f"{escape(verdict)}{why}</div>"
    )


def _pips_hindsight(rounds: list[shapes.HubHindsightJson]) -> str:
    """Each round replayed with the advisor's moves at every seat: the verdict, each
    player's pips left in the game and in the replay, the hands it was dealt with, what it
    took on trust, and every move with the mover's expected margin where it chose."""
    if not rounds:
        return ""
    out = ["<h2>In hindsight: the same hands, the advisor's moves at every seat</h2>"]
    for r in rounds:
        if not r["known"]:
            out.append(f"<p>Round {r['round']}: no hindsight ({escape(r['reason'])}).</p>")
            continue
        then, now = r["actual"]["pips"], r["hindsight"]["pips"]
        pips = "".join(f"<tr><td>{escape(p)}</td><td>{then[p]}</td><td>{now[p]}</td></tr>" for p in then)
        hands = "; ".join(
            f"{escape(name)}: {tiles_html(' '.join(tiles))}" for name, tiles in r["hands"].items()
        )
        notes = "".join(f"<li>{tiles_html(note)}</li>" for note in r["notes"])
        moves = "".join(
            f"<li>{escape(c['move'])}"
            + (
                ""
                if c["margin"] is None
                else f" <span class=n>({c['margin']:+.1f} expected for the mover)</span>"
            )
            + "</li>"
            for c in r["choices"]
        )
        cls = ' class="bad-key"' if r["mistake"] else ""
        out.append(
            f"<h3{cls}>Round {r['round']}: {escape(r['verdict'])}</h3>"
            "<table><tr><th>pips left</th><th>in the game</th><th>in hindsight</th></tr>"
            f"{pips}</table><p>Dealt: {hands}</p>"
            + (f"<ul>{notes}</ul>" if notes else "")
            + f"<ol class=replay>{moves}</ol>"
        )
    return "\n".join(out) + "\n"

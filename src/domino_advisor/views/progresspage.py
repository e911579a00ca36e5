"""``progress --html``: the learner's record as a page that stands alone (no script, no
outside file): accuracy per kind of question, lesson by lesson, as an SVG chart, and
the figures beside it.  Text is escaped: the page shows it, never runs it."""

from __future__ import annotations

from html import escape

from domino_advisor.learning.answers import LABELS
from domino_advisor.learning.scorecard import KindSummary

COLOURS = {"voids": "#c0392b", "count": "#2471a3", "where": "#229954", "move": "#7d3c98"}
W, H, PAD, LEFT = 560, 220, 34, 46  # the chart, in SVG units


def chart(rows: list[KindSummary]) -> str:
    """One line per kind: accuracy per lesson, oldest left, 0% to 100% up the side."""
    longest = max((len(r.lessons) for r in rows), default=0)
    parts = [
        f'<svg viewBox="0 0 {W} {H}" width="100%" role="img" '
        'aria-label="accuracy per lesson for each kind of question">'
    ]
    for pct in (0, 50, 100):
        y = H - PAD - (H - 2 * PAD) * pct / 100
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{W - 8}" y2="{y:.1f}" class="grid"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{pct}%</text>')
    for r in rows:
        if not r.lessons:
            continue
        step = (W - PAD - 16) / max(1, longest - 1)
        points = [(PAD + 4 + i * step, H - PAD - (H - 2 * PAD) * v) for i, v in enumerate(r.lessons)]
        colour = COLOURS[r.kind]
        if len(points) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for x, y in points:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
    parts.append(f'<text x="{W / 2:.0f}" y="{H - 6}" text-anchor="middle">lessons, oldest first</text>')
    parts.append("</svg>")
    return "".join(parts)


def to_html(rows: list[KindSummary], answers: int) -> str:
    table = "".join(
        f'<tr><td><span class="key" style="background:{COLOURS[r.kind]}"></span>{escape(LABELS[r.kind])}</td>'
        f"<td>{r.asked}</td><td>{'' if not r.asked else f'{r.accuracy:.0%}'}</td>"
        f"<td>{'' if r.recent is None else f'{r.recent:.0%}'}</td></tr>"
        for r in rows
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your tile-counting progress</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1em auto; max-width: 40em; padding: 0 1em; }}
svg text {{ font-size: 11px; fill: #555; }} svg .grid {{ stroke: #ddd; }}
table {{ border-collapse: collapse; }} td, th {{ padding: 0.2em 0.8em; text-align: right; }}
td:first-child, th:first-child {{ text-align: left; }}
.key {{ display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; }}
</style></head><body>
<h1>Your tile-counting progress</h1>
<p>{answers} answers from <code>domino-advisor train</code>: how often you were right, by
kind of question and lesson by lesson.</p>
{chart(rows)}
<table><tr><th>question</th><th>asked</th><th>right</th><th>last 10</th></tr>{table}</table>
</body></html>
"""

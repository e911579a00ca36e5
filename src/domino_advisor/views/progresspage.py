"""``progress --html``: the learner's record as a page that stands alone (no script, no
outside file).  ``skills_page``: each skill on a card (its answers, its recent accuracy
with a 95% interval, its level, whether it is weak and why, its learning curve as an SVG
plot), in cards that wrap down to a phone's width.  Text is escaped: the page shows it,
never runs it."""

from __future__ import annotations

from html import escape

from domino_advisor.learning.skills import BLOCK, RECENT, WEAK_MISSES, Skill

# the learning curve, in SVG units: the plot scales to its card, so these fix only its shape
CW, CH, CLEFT, CRIGHT, CTOP, CBOTTOM = 320, 170, 44, 12, 12, 38
TICKS = 6  # at most this many steps between the opportunity counts written along the bottom


def _tick_step(span: int) -> int:
    """A round step for the counts along the bottom (5, 10, 20, 25, 50, 100, ...): few
    enough that none runs into the next on a phone."""
    scale = 1
    while True:
        for step in (5 * scale, 10 * scale, 20 * scale, 25 * scale, 50 * scale):
            if step >= BLOCK and span / step <= TICKS:
                return step
        scale *= 10


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def learning_curve(skill: Skill) -> str:
    """Error rate (0% to 100%, up the side) against practice opportunities (along the
    bottom), a point per BLOCK answers at the count it ends on: a skill being learned
    falls towards 0.  Each point says its figures in words too (its title)."""
    if not skill.curve:
        return '<p class="empty">No answers yet, so no learning curve to draw.</p>'
    left, right, top, bottom = CLEFT, CW - CRIGHT, CTOP, CH - CBOTTOM
    ends = [min((i + 1) * BLOCK, skill.answers) for i in range(len(skill.curve))]
    span = max(ends[-1], BLOCK)

    def x(n: float) -> float:
        return left + (right - left) * n / span

    def y(rate: float) -> float:
        return bottom - (bottom - top) * rate

    name = escape(skill.label)
    parts = [
        f'<svg class="curve" viewBox="0 0 {CW} {CH}" width="100%" role="img" '
        f'aria-label="learning curve of {name}: the share wrong of every {BLOCK} answers">'
    ]
    for pct in (0, 50, 100):
        parts.append(
            f'<line x1="{left}" y1="{y(pct / 100):.1f}" x2="{right}" y2="{y(pct / 100):.1f}" class="grid"/>'
        )
        parts.append(f'<text x="{left - 5}" y="{y(pct / 100) + 4:.1f}" text-anchor="end">{pct}%</text>')
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" class="axis"/>')
    parts.append(f'<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" class="axis"/>')
    for n in range(0, span + 1, _tick_step(span)):
        parts.append(f'<text x="{x(n):.1f}" y="{bottom + 14}" text-anchor="middle">{n}</text>')
    parts.append(
        f'<text x="{(left + right) / 2:.0f}" y="{CH - 4}" text-anchor="middle">answers so far</text>'
    )
    parts.append(
        f'<text x="10" y="{(top + bottom) / 2:.0f}" text-anchor="middle" '
        f'transform="rotate(-90 10 {(top + bottom) / 2:.0f})">wrong</text>'
    )
    points = [(x(n), y(rate)) for n, rate in zip(ends, skill.curve, strict=True)]
    if len(points) > 1:
        line = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(f'<polyline points="{line}" class="line"/>')
    first = 1
    for (px, py), n, rate in zip(points, ends, skill.curve, strict=True):
        which = f"answer {n}" if n == first else f"answers {first} to {n}"
        parts.append(
            f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" class="point">'
            f"<title>{which}: {rate:.0%} wrong</title></circle>"
        )
        first = n + 1
    parts.append("</svg>")
    return "".join(parts)


def _recent(skill: Skill) -> str:
    """Accuracy over the last RECENT answers and its 95% interval, the count it rests on
    said plainly (a skill's first answers are fewer than RECENT)."""
    if skill.accuracy is None:
        return "no answers yet"
    over = (
        f"of the last {RECENT}"
        if skill.recent == RECENT
        else f"of your {_plural(skill.recent, 'answer')} so far"
    )
    return f"{skill.accuracy:.0%} ({skill.low:.0%}–{skill.high:.0%}) {over}"


def skill_card(skill: Skill, overall: float | None) -> str:
    """One skill: what it is, its evidence, and whether it is weak, in words (the card's
    colour only repeats what WEAK says)."""
    level = "no level yet" if skill.level is None else f"level {skill.level:.0f} (1500 is typical)"
    weak = ""
    if skill.weak:
        below = (
            ""
            if overall is None
            else f", and even at best ({skill.high:.0%}) below your {overall:.0%} overall"
        )
        weak = (
            f'<p class="why"><strong class="badge">WEAK</strong> '
            f"{WEAK_MISSES} or more wrong of the last {skill.recent}{below}</p>"
        )
    return (
        f'<section class="card{" weak" if skill.weak else ""}">'
        f"<h3>{escape(skill.label)}</h3>{weak}"
        f"<ul><li>{_plural(skill.answers, 'answer')}</li><li>{_recent(skill)}</li>"
        f"<li>{level}</li></ul>"
        f"{learning_curve(skill)}</section>"
    )


PAGE_STYLE = """
* { box-sizing: border-box; }
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 72em; padding: 1em;
  line-height: 1.4; color: #222; overflow-wrap: anywhere; }
h1 { font-size: 1.6em; margin: 0.2em 0; } h2 { margin: 1.2em 0 0.4em; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 18em), 1fr));
  gap: 1em; }
.card { border: 1px solid #ccc; border-left: 0.4em solid #7fa7c9; border-radius: 0.4em;
  padding: 0.6em 0.8em; min-width: 0; }
.card.weak { border-left-color: #c0392b; background: #fdf3f2; }
.card h3 { margin: 0 0 0.3em; font-size: 1.1em; }
.card ul { margin: 0 0 0.4em; padding-left: 1.1em; }
.why { margin: 0 0 0.4em; }
.badge { background: #c0392b; color: #fff; padding: 0 0.4em; border-radius: 0.2em;
  letter-spacing: 0.05em; }
svg.curve { display: block; max-width: 100%; height: auto; }
svg text { font-size: 11px; fill: #555; } svg .grid { stroke: #e4e4e4; }
svg .axis { stroke: #888; } svg .line { fill: none; stroke: #2471a3; stroke-width: 2; }
svg .point { fill: #2471a3; }
.empty { color: #666; font-style: italic; }
.overall { font-size: 1.15em; margin: 0.3em 0; } .how { color: #555; font-size: 0.9em; margin: 0.3em 0; }
"""


def skills_page(skills: list[Skill], answers: int, overall: float | None, title_note: str = "") -> str:
    """``progress --html``: a heading, your accuracy over every answer, then each game
    family's skills as cards; ``title_note`` (a game's name, say) is added to the title."""
    title = "Your tile-counting skills" + (f": {title_note}" if title_note else "")
    if overall is None or not answers:
        summary = "No answers yet: <code>domino-advisor train</code> starts a lesson."
    else:
        summary = f"You were right in {overall:.0%} of your {_plural(answers, 'answer')}."
    families: dict[str, list[Skill]] = {}
    for s in skills:
        families.setdefault(s.game, []).append(s)
    sections = "".join(
        f'<h2>{escape(game)}</h2><div class="cards">{"".join(skill_card(s, overall) for s in mine)}</div>'
        for game, mine in families.items()
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{PAGE_STYLE}</style></head><body>
<h1>{escape(title)}</h1>
<p class="overall">{summary}</p>
<p class="how">A skill is one kind of question in one game family. Its accuracy is over
its last {RECENT} answers, with the range it is likely in (95%); its learning curve is
the share wrong of every {BLOCK} answers, and falls as you learn. A skill is weak after
{WEAK_MISSES} or more wrong of its last {RECENT} when even the top of its range is below
your accuracy overall.</p>
{sections}
</body></html>
"""

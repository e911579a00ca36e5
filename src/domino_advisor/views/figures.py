"""Pictures of the advisor's calibration: a chart in the terminal and an SVG figure.

Both take ``calibrate --json``'s data, so what is drawn is what was measured."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from domino_advisor.base import shapes


def calibration_view(data: shapes.CalibrateJson, width: int = 80) -> Group:
    """The reliability table of the chances as shown, each decile with a bar of how
    often its moves won and a mark where the chance said they would."""
    shown = data["corrected"] or data["raw"]
    bar = max(8, min(30, width - 37))
    t = Table(
        title=(
            f"calibration, {data['rules']}, {data['players']} players: {data['games']:,} self-play "
            f"games, advisor at {data['samples']} samples, seed {data['seed']}"
        ),
        title_justify="left",
        box=box.SIMPLE,
        pad_edge=False,
    )
    t.add_column("chance", justify="right", no_wrap=True, min_width=7)
    t.add_column("moves", justify="right", no_wrap=True)
    t.add_column("said", justify="right")
    t.add_column("won", justify="right")
    t.add_column("", no_wrap=True)
    for b in shown["bins"]:
        span = f"{b['low']:.0%}-{b['high']:.0%}".replace("%-", "-")
        if not b["count"]:
            t.add_row(span, "0", "-", "-", "")
            continue
        said, won = _figures(b)
        t.add_row(span, f"{b['count']:,}", f"{said:.0%}", f"{won:.0%}", _bar(said, won, bar))
    legend = Text("bars: how often the moves won; |: the chance said", style="dim")
    parts: list[RenderableType] = [t, legend, _summary(data)]
    return Group(*parts)


def _figures(b: shapes.CalibrationBinJson) -> tuple[float, float]:
    """A decile's mean chance said and share that happened: both there when it has decisions."""
    assert b["shown"] is not None and b["happened"] is not None, b
    return b["shown"], b["happened"]


def _bar(shown: float, happened: float, width: int) -> Text:
    filled = round(happened * width)
    mark = min(width - 1, int(shown * width))
    out = Text()
    for i in range(width):
        if i == mark:
            out.append("|", style="bold yellow")
        elif i < filled:
            out.append("█", style="green")
        else:
            out.append("·", style="dim")
    return out


def _summary(data: shapes.CalibrateJson) -> Text:
    raw, fixed = data["raw"], data["corrected"]

    def ece(s: shapes.CalibrationScoresJson) -> str:
        low, high = s["ece_interval"]
        return f"{s['ece'] * 100:.1f} points (95% over games: {low * 100:.1f} to {high * 100:.1f})"

    out = Text()
    if fixed:
        out.append(f"calibration error, as shown: {ece(fixed)}\n", style="bold")
        out.append(f"the rollouts' own chances: {ece(raw)}\n")
        out.append(f"Brier score: {fixed['brier']:.3f} as shown, {raw['brier']:.3f} the rollouts' own\n")
        m = data["map"]
        assert m is not None  # the chances are corrected through the map, so there is one
        out.append(
            f"map fitted on {m['games']:,} games of seed {m['seed']} at {m['samples']} samples; "
            f"the error it leaves (cross-validated): {m['error'] * 100:.1f} points\n",
            style="dim",
        )
    else:
        out.append(f"calibration error: {ece(raw)}\n", style="bold")
        out.append(f"Brier score: {raw['brier']:.3f}\n")
        out.append(
            "no calibration map is shipped for this table: the chances are the rollouts' own\n", style="dim"
        )
    exact = data["exact"]
    out.append(
        f"{data['decisions']:,} estimated chances measured; {exact['decisions']:,} more were solved "
        f"exactly and {exact['right']:,} of those came true",
        style="dim",
    )
    return out


def calibration_svg(data: shapes.CalibrateJson) -> str:
    """A reliability diagram: chance said against how often it happened, the rollouts'
    own in grey, as shown in colour, each point sized by its decisions, the diagonal
    where a chance is honest."""
    size, pad = 360, 48
    plot = size - 2 * pad

    def x(v: float) -> float:
        return pad + v * plot

    def y(v: float) -> float:
        return size - pad - v * plot

    title = (
        f"{data['rules']}, {data['players']} players: {data['games']:,} self-play games, "
        f"seed {data['seed']}, advisor at {data['samples']} samples"
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 170}" height="{size}" '
        f'viewBox="0 0 {size + 170} {size}" font-family="sans-serif" font-size="11">',
        f'<rect width="{size + 170}" height="{size}" fill="white"/>',
        f'<text x="{pad}" y="20" font-size="12" font-weight="bold">{escape(title)}</text>',
        f'<rect x="{pad}" y="{pad}" width="{plot}" height="{plot}" fill="none" stroke="#999"/>',
    ]
    for i in range(0, 11, 2):
        v = i / 10
        out.append(f'<line x1="{x(v)}" y1="{y(0)}" x2="{x(v)}" y2="{y(0) + 4}" stroke="#999"/>')
        out.append(f'<text x="{x(v)}" y="{y(0) + 16}" text-anchor="middle">{i * 10}%</text>')
        out.append(f'<line x1="{x(0) - 4}" y1="{y(v)}" x2="{x(0)}" y2="{y(v)}" stroke="#999"/>')
        out.append(f'<text x="{x(0) - 7}" y="{y(v) + 4}" text-anchor="end">{i * 10}%</text>')
    out.append(
        f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#bbb" stroke-dasharray="4 3"/>'
    )
    out.append(f'<text x="{x(0.5)}" y="{size - 10}" text-anchor="middle">chance said</text>')
    out.append(
        f'<text x="14" y="{y(0.5)}" text-anchor="middle" transform="rotate(-90 14 {y(0.5)})">'
        "how often it won</text>"
    )
    series = [("the rollouts' own", data["raw"], "#999")]
    if data["corrected"]:
        series.append(("as shown (calibrated)", data["corrected"], "#c0392b"))
    most = max((b["count"] for _, s, _ in series for b in s["bins"]), default=1) or 1
    for k, (label, s, colour) in enumerate(series):
        pts = [(*_figures(b), b["count"]) for b in s["bins"] if b["count"]]
        path = " ".join(f"{x(p):.1f},{y(h):.1f}" for p, h, _ in pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        for p, h, n in pts:
            r = 2 + 5 * (n / most) ** 0.5
            out.append(
                f'<circle cx="{x(p):.1f}" cy="{y(h):.1f}" r="{r:.1f}" fill="{colour}" fill-opacity="0.8"/>'
            )
        ly = pad + 14 + 34 * k
        out.append(f'<circle cx="{size + 8}" cy="{ly - 4}" r="4" fill="{colour}"/>')
        out.append(f'<text x="{size + 18}" y="{ly}">{escape(label)}</text>')
        out.append(
            f'<text x="{size + 18}" y="{ly + 14}" fill="#555">error {s["ece"] * 100:.1f} points, '
            f"Brier {s['brier']:.3f}</text>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"

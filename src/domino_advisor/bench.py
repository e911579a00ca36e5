"""Speed figures on fixed positions (a command that prints, not a timed test)."""

from __future__ import annotations

import random
import statistics
import time

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from .advisor import DEFAULT_SAMPLES, DEFAULT_SECONDS
from .deal import random_position
from .inference import infer
from .reads import style_for
from .rules import preset
from .view import SeatView

TABLES = [
    ("4-player classic, mid-game, 3+ draws", "classic", {}, 4, 3),
    ("3-player classic, mid-game, 2+ draws", "classic", {}, 3, 2),
    ("2-player classic, mid-game, 2+ draws", "classic", {}, 2, 2),
    ("3-player all-fives with spinner", "all-fives", {"spinner": "first-double"}, 3, 1),
    ("4-player partnership (block)", "partnership", {}, 4, 0),
]


def _figures(times: list[float]) -> tuple[float, float, float]:
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    return statistics.median(times) * 1e3, p90 * 1e3, times[-1] * 1e3


def run_bench(
    console: Console,
    positions: int = 200,
    seed: int = 1,
    advice_positions: int = 20,
    samples: int = DEFAULT_SAMPLES,
    seconds: float = DEFAULT_SECONDS,
) -> list[dict]:
    table = Table(title=f"inference speed, {positions} positions each (milliseconds)", title_justify="left")
    for col in ("positions", "median", "p90", "worst", "full status: median", "worst"):
        table.add_column(col, justify="right" if col != "positions" else "left")
    rows = []
    with Progress(console=console, transient=True) as progress:
        for label, name, overrides, seats, draws in TABLES if positions else ():
            task = progress.add_task(label, total=positions)
            rng = random.Random(seed)
            rules = preset(name, overrides)
            inf_times, full_times = [], []
            for _ in range(positions):
                r = random_position(rules, seats, rng, min_draws=draws, events=(seats * 2, seats * 8))
                view = SeatView.of(r, 0)
                t0 = time.perf_counter()
                inf = infer(view)
                t1 = time.perf_counter()
                for s in view.opponents:  # everything status shows
                    inf.cannot_hold(s)
                    inf.expected_pips(s)
                    for n in range(rules.top + 1):
                        inf.holds_number(s, n)
                t2 = time.perf_counter()
                inf_times.append(t1 - t0)
                full_times.append(t2 - t0)
                progress.advance(task)
            med, p90, worst = _figures(inf_times)
            fmed, _, fworst = _figures(full_times)
            rows.append(
                {
                    "table": label,
                    "median_ms": med,
                    "p90_ms": p90,
                    "worst_ms": worst,
                    "status_median_ms": fmed,
                    "status_worst_ms": fworst,
                }
            )
            table.add_row(label, f"{med:.2f}", f"{p90:.2f}", f"{worst:.2f}", f"{fmed:.2f}", f"{fworst:.2f}")
    if positions:
        console.print(table)
    if positions:
        console.print(
            "inference: exact posterior of every unseen tile; full status adds, for "
            "each opponent and number, the exact chance of holding it.",
            style="dim",
        )
    if advice_positions:
        rows += advice_bench(console, advice_positions, seed, samples, seconds)
    return rows


def advice_bench(console: Console, positions: int, seed: int, samples: int, seconds: float):
    """Latency of the default ``advise`` at positions with a real choice to make."""
    from .advisor import advise
    from .events import Play
    from .moves import legal_moves

    table = Table(
        title=f"advice latency, {positions} positions each, {samples} samples, {seconds} s cap (seconds)",
        title_justify="left",
    )
    for col in ("positions", "median", "worst", "samples used: median"):
        table.add_column(col, justify="right" if col != "positions" else "left")
    rows = []
    with Progress(console=console, transient=True) as progress:
        for label, name, overrides, seats, draws in TABLES:
            task = progress.add_task(label, total=positions)
            rng = random.Random(seed)
            rules = preset(name, overrides)
            times: list[float] = []
            used: list[int] = []
            while len(times) < positions:
                r = random_position(rules, seats, rng, min_draws=draws, events=(seats * 2, seats * 8))
                if r.turn is None or len({m.tile for m in legal_moves(r) if isinstance(m, Play)}) < 2:
                    continue
                t0 = time.perf_counter()
                adv = advise(
                    r, r.turn, samples=samples, seed=1, seconds=seconds, style=style_for(rules, seats)
                )
                times.append(time.perf_counter() - t0)
                used.append(adv.samples)
                progress.advance(task)
            times.sort()
            rows.append(
                {"table": label, "advice_median_s": statistics.median(times), "advice_worst_s": times[-1]}
            )
            table.add_row(
                label,
                f"{statistics.median(times):.2f}",
                f"{times[-1]:.2f}",
                str(int(statistics.median(used))),
            )
    console.print(table)
    return rows

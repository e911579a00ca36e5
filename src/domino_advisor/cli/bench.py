"""Speed figures on fixed positions (a command that prints, not a timed test)."""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from domino_advisor.base.budgets import ADVICE_SECONDS
from domino_advisor.counting.exact import CountTooBig
from domino_advisor.counting.inference import EXACT_WORK, infer, sample_posterior
from domino_advisor.counting.reads import style_for
from domino_advisor.games.registry import game_for
from domino_advisor.measure.deal import random_position
from domino_advisor.views.terminal import progress_bar

if TYPE_CHECKING:
    from domino_advisor.base import shapes

TABLES = [
    ("4p classic, 3+ draws", "classic", {}, 4, 3),
    ("3p classic, 2+ draws", "classic", {}, 3, 2),
    ("2p classic, 2+ draws", "classic", {}, 2, 2),
    ("3p all-fives, spinner", "all-fives", {"spinner": "first-double"}, 3, 1),
    ("4p partnership (block)", "partnership", {}, 4, 0),
    ("4p 9-9 hand 7, 3+ draws", "classic", {"set": "9", "hand": "7"}, 4, 3),
    ("4p 12-12 hand 7, 3+ draws", "classic", {"set": "12", "hand": "7"}, 4, 3),
    ("4p 12-12 hand 5, 3+ draws", "classic", {"set": "12"}, 4, 3),
    ("4p 9-9 partners, hand 10", "partnership", {"set": "9", "hand": "10"}, 4, 0),
]
BIG = [row for row in TABLES if row[2].get("set") in ("9", "12")]

Work = Callable[[], object]  # one command's work, to time


def rules_for(name: str, overrides: dict[str, str]) -> Any:
    """The rules a table of the bench is played by: the game's, with these settings."""
    return game_for(name).rules_from(name, " ".join(f"{k}={v}" for k, v in overrides.items()))


def _table(title: str, figures: tuple[str, ...], show_edge: bool = True) -> Table:
    """A table of rows of positions: their label kept whole, then figures right-aligned."""
    table = Table(title=title, title_justify="left", show_edge=show_edge)
    table.add_column("positions", no_wrap=True)
    for col in figures:
        table.add_column(col, justify="right")
    return table


def _each(positions: int) -> str:
    return f"{positions} position{'s' if positions != 1 else ''} a row"


BENCH_DIR = Path(__file__).parents[1] / "data" / "bench"  # scripts/make_bench_positions.py wrote them


def named_positions() -> list[tuple[str, str]]:
    """The named positions: (name, log text), game by game in the registry's order (the
    line games first, by the size of their set), each game's by name."""
    from domino_advisor.games.registry import every_game
    from domino_advisor.log.gamelog import loads

    games = [g.name for g in every_game()]
    sets = ("double-six", "double-nine", "double-twelve")  # the line games' positions, smallest set first

    def key(f: Path) -> tuple[int, int, str]:
        size = next((k for k, name in enumerate(sets) if f.stem.startswith(name)), len(sets))
        return games.index(loads(f.read_text()).game.name), size, f.stem

    return [(f.stem, f.read_text()) for f in sorted(BENCH_DIR.glob("*.dom"), key=key)]


def _commands(text: str, samples: int | None) -> tuple[Work, Work, Work]:
    """What status, where and advise do for a log (the CLI's calls, less the rendering),
    each as a function to time."""
    from domino_advisor.games.registry import part
    from domino_advisor.log.gamelog import loads

    game = loads(text).game

    def position() -> Any:
        log = loads(text)
        return part(game, "position")(log, True)

    def status() -> object:
        return part(game, "status")(position())

    def where() -> object:
        pos = position()
        return part(game, "where")(pos, _unseen(part(game, "status")(pos)))

    def advise() -> object:
        return part(game, "advice")(position(), samples, 0, None)["samples"]

    return status, where, advise


def _unseen(status: shapes.StatusJson | shapes.HubStatusJson) -> str:
    """The first unseen tile the status lists (where's question)."""
    return next(iter(status["where"]))


def _timed(work: Work, repeats: int) -> tuple[list[float], list[float], object]:
    """Wall and CPU seconds of each of ``repeats`` runs, and the last result (the CPU of
    the workers a run forks counted in: base.cores)."""
    walls, cpus, result = [], [], None
    for _ in range(repeats):
        w, c = time.perf_counter(), _cpu()
        result = work()
        cpus.append(_cpu() - c)
        walls.append(time.perf_counter() - w)
    return walls, cpus, result


def _cpu() -> float:
    """CPU seconds of this process and of its ended children."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def named_bench(console: Console, repeats: int = 3, samples: int | None = None) -> list[dict]:
    """The table's commands on the named positions (status, where, advise at their
    defaults, the log read and replayed each time), each run ``repeats`` times: the
    median's wall time and CPU time, and the worst run's wall time."""
    table = _table(
        f"the table's commands on named positions, {repeats} runs each (seconds: wall, cpu; worst wall)",
        ("status", "where", "advise", "worlds"),
    )
    table.columns[0].header = "position"
    rows = []
    positions = named_positions()
    with progress_bar(console) as progress:
        task = progress.add_task("named positions", total=len(positions))
        for name, text in positions:
            figures: dict = {"position": name, "game": _game_of(text)}
            cells = []
            for command, work in zip(("status", "where", "advise"), _commands(text, samples), strict=True):
                walls, cpus, result = _timed(work, repeats)
                figures[command] = {
                    "wall_median_s": statistics.median(walls),
                    "cpu_median_s": statistics.median(cpus),
                    "wall_worst_s": max(walls),
                }
                cells.append(
                    f"{statistics.median(walls):.2f} {statistics.median(cpus):.2f}; {max(walls):.2f}"
                )
                if command == "advise":
                    figures["worlds"] = result
            rows.append(figures)
            table.add_row(name, *cells, str(figures["worlds"]))
            progress.advance(task)
    console.print(table)
    games = list(dict.fromkeys(r["game"] for r in rows))  # each game once, in the positions' order
    for command in ("status", "where", "advise"):
        for family in games:
            chosen = [r[command] for r in rows if r["game"] == family]
            if not chosen:
                continue
            med = statistics.median(r["wall_median_s"] for r in chosen)
            worst = max(r["wall_worst_s"] for r in chosen)
            cpu = statistics.median(r["cpu_median_s"] for r in chosen)
            console.print(f"{command}, {family}: median {med:.2f} s (cpu {cpu:.2f} s), worst {worst:.2f} s")
    console.print(
        "each command as the CLI runs it, less the start of the process and the rendering: the log "
        "read and replayed, the counting, the answer; advise at its default worlds (the worlds column)",
        style="dim",
    )
    return rows


def _game_of(text: str) -> str:
    """The game a position is of, by its title (the line games': dominoes)."""
    from domino_advisor.log.gamelog import loads

    return loads(text).game.title


def _figures(times: list[float]) -> tuple[float, float, float]:
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    return statistics.median(times) * 1e3, p90 * 1e3, times[-1] * 1e3


def run_bench(
    console: Console,
    positions: int = 200,
    seed: int = 1,
    advice_positions: int = 20,
    samples: int | None = None,
    seconds: float | None = ADVICE_SECONDS,
    sampler_positions: int = 0,
) -> list[dict]:
    table = _table(
        f"inference speed, {_each(positions)} (milliseconds)",
        ("median", "p90", "worst", "status", "worst", "sampled"),
        show_edge=False,
    )
    table.columns[-1].min_width = 7
    rows = []
    with progress_bar(console) as progress:
        for label, name, overrides, seats, draws in TABLES if positions else ():
            task = progress.add_task(label, total=positions)
            rng = random.Random(seed)
            rules = rules_for(name, overrides)
            inf_times, full_times = [], []
            sampled = 0
            for _ in range(positions):
                r = random_position(rules, seats, rng, min_draws=draws, events=(seats * 2, seats * 8))
                view = r.seat_view(0)
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
                sampled += not inf.exact
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
                    "sampled": sampled,
                }
            )
            table.add_row(
                label,
                f"{med:.2f}",
                f"{p90:.2f}",
                f"{worst:.2f}",
                f"{fmed:.2f}",
                f"{fworst:.2f}",
                str(sampled),
            )
    if positions:
        console.print(table)
    if positions:
        console.print(
            "inference: the posterior of every unseen tile, counted exactly or, past the "
            "exact count's budget, sampled (the last column: how many positions were); "
            "status adds, for each opponent and number, the chance of holding it.",
            style="dim",
        )
    if positions:
        rows += train_bench(console, positions, seed)
    if sampler_positions:
        rows += sampler_bench(console, sampler_positions, seed)
    if advice_positions:
        rows += advice_bench(console, advice_positions, seed, samples, seconds)
    return rows


TRAIN_TABLES = [
    ("4p Mexican Train, 12-12", "mexican-train", {"set": "12"}, 4),
    ("8p Mexican Train, 12-12", "mexican-train", {"set": "12"}, 8),
    ("4p Mexican Train, 9-9", "mexican-train", {"set": "9"}, 4),
    ("4p Chicken Foot, 9-9", "chicken-foot", {"set": "9"}, 4),
    ("8p Chicken Foot, 9-9", "chicken-foot", {"set": "9"}, 8),
    ("4p Chicken Foot, 12-12", "chicken-foot", {"set": "12"}, 4),
]


def train_bench(console: Console, positions: int, seed: int) -> list[dict]:
    """What a Mexican Train or Chicken Foot status costs: the counting from seat 0 of
    random rounds."""
    table = _table(
        f"Mexican Train and Chicken Foot counting, {_each(positions)} (milliseconds)",
        ("median", "p90", "worst", "sampled"),
    )
    rows = []
    with progress_bar(console) as progress:
        for label, game, overrides, seats in TRAIN_TABLES:
            task = progress.add_task(label, total=positions)
            rng = random.Random(seed)
            rules = rules_for(game, overrides)
            times: list[float] = []
            sampled = 0
            names = [f"p{i}" for i in range(seats)]
            while len(times) < positions:
                r = random_position(rules, seats, rng, events=(seats * 2, seats * 8), names=names)
                view = r.seat_view(0)
                t0 = time.perf_counter()
                inf = infer(view)
                for s in view.opponents:  # what status shows
                    inf.cannot_hold(s)
                    inf.expected_pips(s)
                times.append(time.perf_counter() - t0)
                sampled += not inf.exact
                progress.advance(task)
            med, p90, worst = _figures(times)
            rows.append(
                {"table": label, "median_ms": med, "p90_ms": p90, "worst_ms": worst, "sampled": sampled}
            )
            table.add_row(label, f"{med:.2f}", f"{p90:.2f}", f"{worst:.2f}", str(sampled))
    console.print(table)
    return rows


def sampler_bench(console: Console, positions: int, seed: int) -> list[dict]:
    """The sampler against the exact count, on positions of the big sets that the
    exact count finishes with a budget fifty times the table's."""
    table = _table(
        f"the sampler against the exact count, {_each(positions)}",
        ("RMS error", "largest", "stated: median", "seconds: median"),
    )
    rows = []
    with progress_bar(console) as progress:
        for label, name, overrides, seats, draws in BIG:
            task = progress.add_task(label, total=positions)
            rng = random.Random(seed)
            rules = rules_for(name, overrides)
            squares, count, worst = 0.0, 0, 0.0
            stated: list[float] = []
            times: list[float] = []
            while len(times) < positions:
                r = random_position(rules, seats, rng, min_draws=draws, events=(seats * 2, seats * 10))
                view = r.seat_view(0)
                try:
                    exact = infer(view, budget=50 * EXACT_WORK)
                except CountTooBig:
                    continue
                if exact.estimate is not None:
                    continue
                t0 = time.perf_counter()
                sampled = sample_posterior(view)
                times.append(time.perf_counter() - t0)
                assert sampled.estimate is not None
                stated.append(2 * sampled.estimate.error)
                for t in exact.unseen:
                    for place, p in exact.probability[t].items():
                        gap = float(sampled.probability[t][place] - p)
                        squares += gap * gap
                        count += 1
                        worst = max(worst, abs(gap))
                progress.advance(task)
            rms = math.sqrt(squares / count) if count else 0.0
            rows.append({"table": label, "sampler_rms": rms, "sampler_max": worst})
            table.add_row(
                label,
                f"{rms:.4f}",
                f"{worst:.4f}",
                f"{statistics.median(stated):.4f}",
                f"{statistics.median(times):.2f}",
            )
    console.print(table)
    console.print(
        "every chance of every unseen tile in every place, sampled where the exact count "
        "also finishes; stated: two standard errors of the least certain chance, as "
        "status shows it",
        style="dim",
    )
    return rows


def _budget(samples: int | None, seconds: float | None) -> str:
    """What the advice ran to, in the words of its options."""
    ran = f"{samples} samples" if samples is not None else "the default budget of work"
    return ran if seconds is None else f"{ran}, {seconds} s cap"


def advice_bench(
    console: Console, positions: int, seed: int, samples: int | None, seconds: float | None
) -> list[dict]:
    """Latency of the default ``advise`` at positions with a real choice to make."""
    from domino_advisor.advice.advise import Options, advise
    from domino_advisor.games.events import Play

    table = _table(
        f"advice latency, {_each(positions)}, {_budget(samples, seconds)} (seconds)",
        ("median", "worst", "samples used: median"),
    )
    rows = []
    with progress_bar(console) as progress:
        for label, name, overrides, seats, draws in TABLES:
            task = progress.add_task(label, total=positions)
            rng = random.Random(seed)
            rules = rules_for(name, overrides)
            times: list[float] = []
            used: list[int] = []
            while len(times) < positions:
                r = random_position(rules, seats, rng, min_draws=draws, events=(seats * 2, seats * 8))
                if r.turn is None or len({m.tile for m in r.legal_moves() if isinstance(m, Play)}) < 2:
                    continue
                t0 = time.perf_counter()
                options = Options(samples=samples, seed=1, seconds=seconds, style=style_for(rules, seats))
                adv = advise(r, r.turn, options)
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

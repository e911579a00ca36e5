"""The commands that measure: bot tournaments, match-equity tables and the speed
figures (and the helpers ``cli_models`` shares)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import click

from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import printable
from domino_advisor.cli import outputs
from domino_advisor.cli.shell import (
    build_option,
    check_option,
    console,
    errors,
    force_option,
    games_option,
    jobs_option,
    json_option,
    landed,
    players_option,
    print_json,
    refuse_unused,
    rules_option,
    say,
    seed_option,
    set_option,
)
from domino_advisor.views import render

if TYPE_CHECKING:
    from rich.progress import Progress

    from domino_advisor.base import shapes
    from domino_advisor.measure.cluster import Machines


@click.command()
@rules_option()
@set_option()
@players_option(8)
@click.option(
    "--bots",
    required=True,
    help="bots by seat, repeated round the table: random, heavy, heuristic, reader, advisor[:samples], "
    "round-advisor[:samples] (plays for the round even in a match), basic-advisor[:samples] (as 0.4.0 "
    "played), unread-advisor[:samples] (soft reads off), simple-advisor[:samples] (soft reads by the tile "
    "alone, as 0.5.0 to 0.10.0 read), tree-advisor[:samples] and fused-advisor[:samples] (issue 29's and "
    "42's searches), omniscient[:samples], dominoes[:samples] and "
    "dominoes-strong[:samples] (the dominoes package's bot, partnership only), ismcts[:simulations[:c]] "
    "(OpenSpiel's ISMCTS, two-player block with --set lead=chosen only); e.g. advisor,heavy",
)
@games_option(200)
@click.option("--matches", is_flag=True, help="a game is a whole match to the target (default: one round)")
@jobs_option("processes to play in (at most one per CPU and per deal)")
@seed_option()
@json_option("print the results as JSON")
def simulate(
    rules_name: str,
    overrides: tuple[str, ...],
    seats: int,
    bots: str,
    games: int,
    matches: bool,
    jobs: Machines,
    seed: int,
    as_json: bool,
) -> None:
    """Bot tournaments on duplicate deals, with win rates and 95% confidence intervals."""
    from domino_advisor.games.registry import game_for, part
    from domino_advisor.measure.tournament import contest_for, tournament

    if len([b for b in bots.split(",") if b.strip()]) > seats:
        raise DominoError(f"--bots names more bots than the {seats} players: one a seat at most")
    game = game_for(rules_name)
    refuse_unused({rules_name: ("matches" not in game.options, ["matches"])}, {})
    rules: Any = game.rules_from(rules_name, " ".join(overrides))
    contest = contest_for(rules, seats, matches)
    specs = [b.strip() for b in bots.split(",") if b.strip()]
    if not specs:
        raise DominoError(f"--bots names at least one bot, like --bots {contest.example}")
    rules.check_players(seats)  # before the bar
    with _progress(as_json) as progress:
        task = progress.add_task("deals", total=contest.deals(games))
        standings = tournament(
            rules,
            seats,
            specs,
            games,
            jobs,
            seed,
            on_progress=lambda n: progress.advance(task, n),
            on_warning=lambda w: say("warning", w, style="yellow"),
            matches=matches,
        )
    if as_json:
        print_json(standings.as_json())
    else:
        console.print(part(game, "simulate_view")(standings, console.width))


@click.command()
@rules_option()
@players_option(4)
@click.option(
    "--target", default=None, type=click.IntRange(1, 100_000), help="the match target (default: the preset's)"
)
@json_option("print the table as JSON")
@build_option("remake every shipped table into this file (for maintainers; takes minutes)")
@click.option(
    "--rounds",
    default=20_000,
    show_default=True,
    type=click.IntRange(100, 1_000_000),
    help="with --build: simulated rounds a table",
)
@check_option("with three or four players: measure the table's approximation against simulated matches")
@click.option(
    "--matches",
    default=400,
    show_default=True,
    type=click.IntRange(10, 1_000_000),
    help="with --check: matches simulated from each score",
)
@seed_option(None, "the deals' seed (default: 2026 with --build, 1 with --check)")
@force_option("with --build: overwrite the file")
@jobs_option(
    "with --build or --check: processes to build the tables in (a table each), or to play the matches"
)
def equity(
    rules_name: str,
    seats: int,
    target: int | None,
    as_json: bool,
    build_out: str | None,
    rounds: int,
    check: bool,
    matches: int,
    seed: int | None,
    force: bool,
    jobs: Machines,
) -> None:
    """Your chance of winning the match from a score: the match-equity table."""
    from domino_advisor.games.registry import every_game, game_for, part

    refuse_unused(
        {
            "--build": (build_out, ["check", "rules_name", "seats", "target", "as_json", "matches"]),
            "--check": (check, ["rounds", "force"]),
        },
        needs={
            "rounds": "--build",
            "force": "--build",
            "matches": "--check",
        },
    )
    game = game_for(rules_name)
    rules: Any = game.rules_from(rules_name, "")  # an unknown preset is refused before any work
    if game.parts.equity is None:
        has = [name for g in every_game() if g.parts.equity is not None for name in g.rules_names()]
        raise DominoError(
            f"equity --rules {rules_name}: {game.title} has no match-equity table (its advice weighs "
            f"no chance of winning a match); equity takes {', '.join(has)}"
        )
    equity = part(game, "equity")
    from domino_advisor.measure.cluster import in_order

    sources = [click.get_current_context().get_parameter_source(n) for n in ("jobs", "scheduler")]
    if not (check or build_out) and any(s is not None and s.name == "COMMANDLINE" for s in sources):
        raise click.UsageError("--jobs and --scheduler are for --build or --check only")

    def run(work: Callable, args: list) -> Iterator:
        return in_order(jobs, work, args, lambda w: say("warning", w, style="yellow"))

    if check:
        seed = 1 if seed is None else seed
        _check_equity(equity, rules, rules_name, seats, target, matches, seed, as_json, run)
        return
    seed = 2026 if seed is None else seed
    if build_out:
        outputs.check(build_out, outputs.MATCH_TABLES, force, "--build")
        data = equity.build_all(rounds, seed, on_table=lambda t: say("built", t.key, style="dim"), run=run)
        outputs.write(build_out, json.dumps(data, indent=0) + "\n", outputs.MATCH_TABLES, force, "--build")
        landed(f"wrote {printable(build_out)}")
        console.print(f"wrote {len(data['tables'])} tables to {printable(build_out)}")
        return
    rules.check_players(seats)
    table = equity.table_for(rules, seats)
    if table is None:
        raise DominoError(
            f"there is no match table for {rules_name} with {seats} players (a single round needs none)"
        )
    target = _table_target(table, target or rules.target, rules_name)
    if as_json:
        needs = list(range(table.step, target + 1, table.step))
        print_json(
            {
                "rules": rules_name,
                "players": seats,
                "target": target,
                "needs": needs,
                "chances": [[round(table.chance(a, b), 4) for b in needs] for a in needs],
            }
        )
    else:
        console.print(render.equity_table(table, rules_name, seats, target, console.width))


def _table_target(table: Any, target: int, rules_name: str) -> int:
    """A target the table tells apart: on its steps, at most its most points."""
    most = table.most * table.step
    if target > most:
        raise DominoError(
            f"--target {target}: the match tables tell scores apart up to {most} points "
            f"still needed; beyond that every score reads as {most}"
        )
    if target % table.step:
        raise DominoError(f"--target {target}: {rules_name} scores go by {table.step}s")
    return target


def _check_equity(
    equity: Any,
    rules: Any,
    rules_name: str,
    seats: int,
    target: int | None,
    matches: int,
    seed: int,
    as_json: bool,
    run: Callable[[Callable, list], Iterator],
) -> None:
    rules.check_players(seats)
    if target:
        table = equity.table_for(rules, seats)
        if table is not None:
            _table_target(table, target, rules_name)
        rules = rules.with_overrides({"target": str(target)})
    todo = equity.states_for(rules, seats)
    with _progress(as_json) as progress:
        task = progress.add_task("scores checked", total=len(todo))
        checks = equity.check(
            rules, seats, matches, seed, todo, on_state=lambda c: progress.advance(task, 1), run=run
        )
    figures = equity.summary(checks)
    data: shapes.EquityCheckJson = {
        "rules": rules_name,
        "players": seats,
        "target": rules.target,
        "matches": matches,
        "seed": seed,
        "mean_gap": round(figures["mean_gap"], 4),
        "largest_gap": round(figures["largest_gap"], 4),
        "error": round(figures["error"], 4),
        "states": [
            {
                "needs": list(c.needs),
                "approximation": round(c.approximation, 4),
                "simulated": round(c.simulated, 4),
            }
            for c in checks
        ],
    }
    if as_json:
        print_json(data)
    else:
        console.print(render.equity_check_view(data, checks))


@click.command()
@click.option(
    "--repeats",
    default=3,
    show_default=True,
    type=click.IntRange(0, 100),
    help="runs of each command on each named position (0 skips them)",
)
@click.option(
    "--positions",
    default=0,
    show_default=True,
    type=click.IntRange(0, 100_000),
    help="random positions per table for the counting's figures (0 skips them)",
)
@click.option(
    "--advice-positions",
    default=0,
    show_default=True,
    type=click.IntRange(0, 10_000),
    help="random positions per table for the advice's figures (0 skips them)",
)
@click.option(
    "--sampler-positions",
    default=0,
    show_default=True,
    type=click.IntRange(0, 10_000),
    help="positions per big-set table where the sampler is checked against the exact count (0 skips)",
)
@seed_option(1)
def bench(repeats: int, positions: int, advice_positions: int, sampler_positions: int, seed: int) -> None:
    """Print the speed figures: the table's commands on named positions, and more on request.

    Status, where and advise on each named position, wall and CPU time; with
    --positions, --advice-positions and --sampler-positions, the counting, the advice
    and the sampler on random positions."""
    from domino_advisor.cli.bench import named_bench, run_bench

    if repeats:
        named_bench(console, repeats)
    if positions or advice_positions or sampler_positions:
        run_bench(console, positions, seed, advice_positions, sampler_positions=sampler_positions)


def _progress(as_json: bool) -> Progress:
    from rich.progress import BarColumn, MofNCompleteColumn, TimeRemainingColumn

    from domino_advisor.views.terminal import progress_bar

    return progress_bar(
        errors,
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        disable=as_json or not errors.is_terminal,  # a log file gets the result, not a bar
    )

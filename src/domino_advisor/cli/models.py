"""The commands that fit and check the models the package ships: the calibration maps
of the advisor's chances, and the models of play of soft reads."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import click

from domino_advisor.advice.calibration import FIT_SEED
from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import printable
from domino_advisor.cli import outputs
from domino_advisor.cli.measuring import _progress
from domino_advisor.cli.shell import (
    build_option,
    console,
    force_option,
    games_option,
    jobs_option,
    json_option,
    landed,
    players_option,
    print_json,
    refuse_unused,
    rules_option,
    samples_option,
    say,
    seed_option,
    set_option,
)
from domino_advisor.counting.reads import READS_SAMPLES
from domino_advisor.measure.reads_fit import FIT_SAMPLES as READS_FIT_SAMPLES

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

    from domino_advisor.measure.cluster import Machines


def _rules_with(rules_name: str, overrides: tuple[str, ...], command: str) -> Any:
    """The rules a model is measured or fitted for, refused where the game has no such
    model: calibration maps are of the chances the advice shows (the games it ranks by the
    chance of winning), models of play of the soft reads (the games that have them)."""
    from domino_advisor.games.registry import every_game, game_for, part

    def has(game: Any) -> bool:
        if command == "calibrate":
            return bool(part(game, "judging").measure == "chance")
        return "reads" in game.options

    game = game_for(rules_name)
    rules = game.rules_from(rules_name, " ".join(overrides))  # an unknown preset is refused here
    if not has(game):
        which = [name for g in every_game() if has(g) for name in g.rules_names()]
        why = (
            f"{game.title}'s advice ranks plays by the pips they leave: no chance of winning to calibrate"
            if command == "calibrate"
            else f"{game.title} has no model of play (soft reads) to fit"
        )
        raise DominoError(f"{command} --rules {rules_name}: {why}; {command} takes {', '.join(which)}")
    return rules


@click.command()
@rules_option()
@set_option()
@players_option(4)
@games_option(
    help_text="self-play games  [default: 1000; with --build, 600 a map, 1,800 for two-player All Fives]"
)
@samples_option("the advisor's sampled deals a decision, fixed (not a time)", trains=False)
@seed_option(None, "the deals' seed  [default: 0; with --build, 2026, the maps' own]")
@jobs_option("processes to play in (at most one per CPU)")
@click.option("--svg", "svg_out", type=click.Path(), help="also draw the figure into this SVG file")
@json_option("print the measurement as JSON")
@build_option(
    "fit every shipped calibration map afresh into this file (for maintainers; about two hours on 2 cores)"
)
@force_option("with --svg or --build: overwrite the file")
@click.option(
    "--at-table",
    is_flag=True,
    help="play each decision as advise does at the table, as many deals as its budget of work "
    "allows (the default without --samples; kept for scripts that say so)",
)
def calibrate(
    rules_name: str,
    overrides: tuple[str, ...],
    seats: int,
    games: int | None,
    samples: int | None,
    seed: int | None,
    jobs: Machines,
    svg_out: str | None,
    as_json: bool,
    build_out: str | None,
    force: bool,
    at_table: bool,
) -> None:
    """How honest the advisor's chances are: self-play games, the reliability table,
    calibration error and Brier score, before and after the shipped correction."""
    from domino_advisor import api
    from domino_advisor.advice.calibration import calibration_for, measure
    from domino_advisor.measure.selfplay import build_all, record
    from domino_advisor.views.figures import calibration_svg, calibration_view

    _needs_name(build_out)
    refuse_unused(
        {"--build": (build_out, ["rules_name", "overrides", "seats", "svg_out", "as_json", "at_table"])},
        needs={"force": "--build"} if not svg_out else {},
    )
    if svg_out is not None and not svg_out.strip():
        raise click.UsageError("--svg needs a file name")
    if at_table and samples is not None:
        raise click.UsageError(
            "--at-table plays to the table's budget of work, --samples to a fixed count: pick one"
        )
    at_table = samples is None
    rules = _rules_with(rules_name, overrides, "calibrate")  # refused before any work if it cannot be
    with _progress(as_json) as progress:
        if build_out:
            seed = FIT_SEED if seed is None else seed
            built = _build_into(
                build_out,
                outputs.CALIBRATION_MAPS,
                force,
                progress,
                build_all,
                games,  # None: each map's own count
                samples,
                seed,
                jobs,
                0,
            )
            console.print(f"wrote {len(built['maps'])} calibration maps to {printable(build_out)}")
            return
        games = games or 1_000
        seed = 0 if seed is None else seed
        rules.check_players(seats)
        cal = calibration_for(rules, seats)
        if cal is not None and cal.seed == seed:
            flatter = f"seed {seed} deals the games the map was fitted on: the figures flatter it"
            say("warning", flatter, style="yellow")
        if svg_out:
            outputs.check(svg_out, outputs.FIGURE, force, "--svg")
        task = progress.add_task("self-play games", total=games)
        decisions = record(
            rules,
            seats,
            None if at_table else samples,
            games,
            seed,
            jobs,
            on_progress=lambda n: progress.advance(task, n),
            on_warning=lambda w: say("warning", w, style="yellow"),
        )
    if not decisions:
        raise DominoError("these games gave no decision to measure (every move was forced): nothing to show")
    from domino_advisor.base.budgets import ADVICE_SAMPLES, ADVICE_WORK

    asked = ADVICE_SAMPLES if samples is None else samples  # at the table: the most its budget takes
    data = api.calibration_dict(measure(decisions, cal, seed), rules_name, seats, games, asked, seed, cal)
    if at_table:  # the deals a decision are the budget's, at most its most
        data["work_budget"] = ADVICE_WORK
    if svg_out:
        outputs.write(svg_out, calibration_svg(data), outputs.FIGURE, force, "--svg")
        landed(f"drew the figure into {printable(svg_out)}")
    if as_json:
        print_json(data)
    else:
        console.print(calibration_view(data, console.width))
        if svg_out:
            console.print(f"drew the figure into {printable(svg_out)}")


@click.command()
@rules_option()
@players_option(4)
@games_option(help_text="self-play games  [default: 200; with --build, 300 a style]")
@samples_option("the advisor's sampled deals a decision in the self-play games", READS_FIT_SAMPLES)
@click.option(
    "--reads-samples",
    default=READS_SAMPLES,
    show_default=True,
    type=click.IntRange(10, 100_000),
    help="sampled deals behind each soft read",
)
@seed_option(None, "the deals' seed  [default: 0; with --build, 2027, the models' own]")
@click.option(
    "--bots",
    default=None,
    help="score rounds played by these bots (by seat, repeated round the table, like simulate's "
    "--bots) rather than the advisor's self-play: players the models were not fitted on",
)
@jobs_option("processes to play in")
@json_option("print the measurement as JSON")
@build_option("fit every shipped model of play afresh into this file (for maintainers)")
@force_option("with --build: overwrite the file")
def reads(
    rules_name: str,
    seats: int,
    games: int | None,
    samples: int,
    reads_samples: int,
    seed: int | None,
    bots: str | None,
    jobs: Machines,
    as_json: bool,
    build_out: str | None,
    force: bool,
) -> None:
    """How much better the soft reads predict where the hidden tiles are than the exact
    uniform counting, on self-play games or the bots' (log-likelihood and Brier score per
    tile): the model of play, and 0.5.0's model of the tile alone, on the same deals."""
    from rich.table import Table

    from domino_advisor.counting.reads import models_for
    from domino_advisor.measure import reads_fit

    _needs_name(build_out)
    refuse_unused(
        {"--build": (build_out, ["rules_name", "seats", "reads_samples", "as_json", "bots"])},
        needs={"force": "--build"},
    )
    rules = _rules_with(rules_name, (), "reads")
    specs = tuple(b.strip() for b in (bots or "").split(",") if b.strip())
    if bots is not None:
        _check_bots(rules, seats, specs)
    with _progress(as_json) as progress:
        if build_out:
            seed = reads_fit.FIT_SEED if seed is None else seed
            games = games or reads_fit.FIT_GAMES
            data = _build_into(
                build_out,
                outputs.STYLE_MODELS,
                force,
                progress,
                reads_fit.build_all,
                games,
                samples,
                seed,
                jobs,
                1,
            )
            console.print(f"wrote {len(data['models'])} models of play to {printable(build_out)}")
            return
        rules.check_players(seats)
        pair = models_for(rules, seats)
        if pair is None:
            raise DominoError(
                f"no model of play is shipped for {rules_name} with {seats} players: nothing to measure"
            )
        games = games or 200
        seed = 0 if seed is None else seed
        if seed == reads_fit.FIT_SEED and not specs:
            say(
                "warning",
                f"seed {seed} deals the games the model was fitted on: the figures flatter it",
                style="yellow",
            )
        model, simple = pair
        task = progress.add_task("bots' games" if specs else "self-play games", total=games)
        _, per_game = reads_fit.check(
            rules,
            seats,
            (simple, model),
            games,
            samples,
            seed,
            reads_samples,
            jobs,
            lambda n: progress.advance(task, n),
            specs,
        )
    data = {
        "rules": rules_name,
        "players": seats,
        "games": games,
        "seed": seed,
        **({"bots": list(specs)} if specs else {}),
        "model": model.to_json(),
        "simple": simple.to_json(),
        **reads_fit.summary(per_game, seed),
    }
    if as_json:
        print_json(data)
        return
    played = f"games of {', '.join(printable(b) for b in specs)}" if specs else "self-play games"
    t = Table(
        title=f"soft reads, {rules_name}, {seats} players: {games} {played}, seed {seed}",
        title_justify="left",
    )
    t.add_column("per hidden tile")
    t.add_column("uniform", justify="right")
    t.add_column("sampled", justify="right")
    t.add_column("0.5.0", justify="right")
    t.add_column("model", justify="right")
    t.add_column("gain (95%)", justify="right")
    for label, m in (("log-likelihood", "log"), ("Brier score", "brier")):
        t.add_row(
            label,
            *(f"{data[f'{m}_{kind}']:.4f}" for kind in reads_fit.KINDS),
            f"{data[f'{m}_gain']:+.4f} ({data[f'{m}_gain_low']:+.4f} to {data[f'{m}_gain_high']:+.4f})",
        )
    console.print(t)
    console.print(
        f"{data['tiles']:,} tile places scored at {data['decisions']:,} decisions. uniform: the exact "
        "counting; sampled: the same deals the soft reads weigh, each counted once (what sampling "
        "alone costs); 0.5.0: weighted by the tile alone (pips, double); model: by the model of play; "
        "gain: model against uniform, above 0 is better (Brier: lower is better, so its gain is the "
        f"drop). The model against 0.5.0: log {_gain(data, 'log_gain_simple')}, Brier "
        f"{_gain(data, 'brier_gain_simple')}; the weights alone, model against sampled: "
        f"{_gain(data, 'log_weights_gain')}"
    )


def _gain(data: dict, name: str) -> str:
    return f"{data[name]:+.4f} ({data[name + '_low']:+.4f} to {data[name + '_high']:+.4f})"


def _check_bots(rules: Any, seats: int, specs: tuple[str, ...]) -> None:
    """Bots the game has, one a seat at most, none of them an advisor (the models are
    fitted on the advisor's play: scoring on it is not held out)."""
    from domino_advisor.games.registry import game_for, part

    if not specs:
        raise DominoError("--bots names at least one bot, like --bots heuristic,heavy")
    if len(specs) > seats:
        raise DominoError(f"--bots names more bots than the {seats} players: one a seat at most")
    make = part(game_for(rules.name), "bots")
    for spec in specs:
        if "advisor" in spec.partition(":")[0] or spec.startswith("omniscient"):
            raise DominoError(
                f"--bots {printable(spec)}: the models are fitted on the advisor's own play; "
                "score them on other players' (without --bots, on self-play)"
            )
        make(spec, rules, 1)  # a name that is none of the game's bots is refused here


def _needs_name(build_out: str | None) -> None:
    if build_out is not None and not build_out.strip():  # '' would read as no --build at all
        raise click.UsageError("--build needs a file name")


def _build_into(
    out: str,
    kind: outputs.Kind,
    force: bool,
    progress: Progress,
    build_all: Callable[..., dict],
    games: int | None,
    samples: int | None,
    seed: int,
    jobs: Machines,
    indent: int,
) -> dict:
    """Fit every shipped model afresh (``build_all``), a progress bar per table, into ``out``."""
    outputs.check(out, kind, force, "--build")
    task: TaskID | None = None

    def start(key: str, n: int) -> None:
        nonlocal task
        task = progress.add_task(f"self-play, {key}", total=n)

    def advance(n: int) -> None:
        progress.advance(cast("TaskID", task), n)  # build_all starts each table (start) before playing it

    data = build_all(games, samples, seed, jobs, start, advance)
    outputs.write(out, json.dumps(data, indent=indent) + "\n", kind, force, "--build")
    landed(f"wrote {printable(out)}")
    return data

"""The command line: parse, call the core, render. No game logic lives here."""

from __future__ import annotations

import errno
import json
import math
import os
import sys
from pathlib import Path
from typing import NoReturn

import click
from rich.text import Text

from . import api, gamelog, logfile, render
from .advisor import DEFAULT_SAMPLES, DEFAULT_SECONDS
from .errors import DominoError, LogFileError
from .gamelog import MAX_LINE
from .printable import message, printable
from .rules import PRESETS
from .terminal import OutputError, ascii_safe_streams, echo, make_console, read_line, silence_stdout
from .tiles import parse_tiles

console = make_console()
errors = make_console(stderr=True)

MAX_SAMPLES = 100_000


def _error(label: str, text: str, style: str = "bold red") -> None:
    """One line on stderr.  The text is data: one line, control characters escaped,
    no markup, not endless."""
    try:
        errors.print(Text(f"{label}: ", style=style) + Text(message(text)), soft_wrap=True)
    except OutputError:
        pass


def _output_failed(e: OutputError | OSError) -> NoReturn:
    silence_stdout()
    error = e.error if isinstance(e, OutputError) else e
    if error.errno != errno.EPIPE:  # a closed pipe (`| head`) is no news to the reader
        _error("error", f"could not write the output ({error.strerror or error})")
    sys.exit(1)


def _bad_option(e: click.ClickException) -> NoReturn:
    """click's own message for a bad option, with the option's text shown as data."""
    lines = []
    if isinstance(e, click.UsageError) and e.ctx is not None:
        lines.append(e.ctx.get_usage())
        if e.ctx.command.get_help_option(e.ctx) is not None:
            lines.append(f"Try '{e.ctx.command_path} {e.ctx.help_option_names[0]}' for help.\n")
    lines.append(f"Error: {message(e.format_message())}")
    try:
        errors.print(Text("\n".join(lines)), soft_wrap=True)
    except OutputError:
        pass
    sys.exit(e.exit_code)


class Table(click.Group):
    """A group whose commands turn bad input into a message and exit code 2, never a traceback."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        ascii_safe_streams()
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as e:
            _bad_option(e)
        except click.Abort:
            _error("interrupted", "nothing more was done", style="bold")
            sys.exit(130)
        except (OutputError, OSError) as e:  # help or version text that could not be written
            _output_failed(e)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except DominoError as e:
            _error("error", str(e))
            ctx.exit(2)
        except (click.exceptions.Exit, click.ClickException, click.Abort, OutputError):
            raise
        except KeyboardInterrupt:
            _error("interrupted", "nothing more was done", style="bold")
            ctx.exit(130)
        except OSError as e:
            if e.filename is None:  # writing to the terminal or a pipe failed
                raise OutputError(e) from None
            _internal(ctx, e)
        except Exception as e:
            _internal(ctx, e)


def _internal(ctx: click.Context, e: Exception) -> NoReturn:
    """An internal error: said plainly, exit 1."""
    if os.environ.get("DOMINO_ADVISOR_DEBUG"):
        raise e
    _error("internal error", f"{type(e).__name__}: {e} (set DOMINO_ADVISOR_DEBUG=1 for the traceback)")
    ctx.exit(1)


def _after_writing(done: str, show) -> None:
    """Show the result of a write that has landed; an output that fails then is a
    warning (exit 0), so a script does not write the same events twice."""
    try:
        show()
    except OutputError as e:
        silence_stdout()
        _error("warning", f"{done}, but the output could not be written ({e})", style="yellow")


class FiniteFloat(click.ParamType):
    """A number of seconds: finite, within a range (``nan`` and ``inf`` are not times)."""

    name = "seconds"

    def __init__(self, low: float, high: float):
        self.low, self.high = low, high

    def convert(self, value, param, ctx):
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"'{value}' is not a number of seconds", param, ctx)
        if not math.isfinite(number) or not self.low <= number <= self.high:
            self.fail(f"{value} is not between {self.low:g} and {self.high:g} seconds", param, ctx)
        return number


SECONDS = FiniteFloat(0.01, 3600)
SAMPLES = click.IntRange(1, MAX_SAMPLES)


def samples_option(help_text: str, default: int = DEFAULT_SAMPLES):
    return click.option("--samples", default=default, show_default=True, type=SAMPLES, help=help_text)


def time_option(help_text: str):
    return click.option(
        "--time", "seconds", default=DEFAULT_SECONDS, show_default=True, type=SECONDS, help=help_text
    )


@click.group(cls=Table, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="domino-advisor")
def main():
    """A tile-counting advisor for dominoes played at a real table.

    Log your hand and every play, draw and pass you see; it tells you what each
    opponent cannot hold and where every unseen tile probably is.
    """


def _finite(data):
    """JSON has no NaN: a figure that cannot be known is null."""
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {k: _finite(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_finite(v) for v in data]
    return data


def _print_json(data) -> None:
    echo(json.dumps(_finite(data), indent=1, allow_nan=False))


def _show_status(log: gamelog.GameLog) -> None:
    pos = api.Position.of(log)
    console.print(render.status_view(pos, api.status_of(pos)))


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--players", required=True, help='names in turn order, like "me ana bob"')
@click.option(
    "--rules", "rules_name", default="classic", show_default=True, help="a preset: " + ", ".join(PRESETS)
)
@click.option(
    "--set",
    "overrides",
    multiple=True,
    metavar="KEY=VALUE",
    help="override a rule, like --set target=150 (repeatable)",
)
@click.option("--me", default=None, help="whose hand you log (default: the first player)")
@click.option("--hand", required=True, help='the tiles dealt to you, like "6-6 6-3 5-2 3-1 0-0"')
@click.option("--force", is_flag=True, help="overwrite FILE if it exists")
def new(file, players, rules_name, overrides, me, hand, force):
    """Start a game log: the tags, round 1 and your hand."""
    path = Path(file)
    names = players.replace(",", " ").split()
    rules = gamelog.rules_from_tags({"Rules": rules_name, "Set": " ".join(overrides)})
    log = gamelog.new_log(names, parse_tiles(hand, rules.top), rules_name, overrides, me)
    logfile.create(file, gamelog.dumps(log), force=force)

    def show() -> None:
        console.print(
            f"started {path}: {rules_name}, players {' '.join(names)}, you are {log.me}", soft_wrap=True
        )
        _show_status(log)

    _after_writing(f"{printable(file)} was started", show)


@main.command(name="log")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("events", nargs=-1, required=True)
@click.option("--quiet", "-q", is_flag=True, help="print nothing but errors and warnings")
def log_(file, events, quiet):
    """Append events, each one quoted argument; all or nothing."""
    written = logfile.update(file, lambda log: log.appended(list(events)))
    before = api.Position.of(gamelog.loads(written.before)).warnings
    pos = api.Position.of(written.log)
    logged = f"logged {len(events)} event{'s' if len(events) != 1 else ''}"

    def show() -> None:
        for w in pos.warnings:
            if w not in before:
                _error("warning", str(w), style="yellow")
        if not quiet:
            console.print(logged)
            console.print(render.status_view(pos, api.status_of(pos), compact=True))

    _after_writing(logged, show)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("n", type=click.IntRange(min=1, max=100_000), default=1)
def undo(file, n):
    """Remove the last N events (default 1)."""

    def change(log: gamelog.GameLog) -> gamelog.GameLog:
        new_log = log.without_last(n)
        new_log.replay()
        return new_log

    written = logfile.update(file, change)
    removed = [str(e) for e in gamelog.loads(written.before).events[-n:]]

    def show() -> None:
        for line in removed:
            console.print(f"removed: {line}")

    _after_writing(f"removed {len(removed)} event{'s' if len(removed) != 1 else ''}", show)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the status as JSON")
def status(file, as_json):
    """The table, your hand, what each opponent can hold, where the unseen tiles are."""
    log = logfile.load(file)
    pos = api.Position.of(log)
    data = api.status_of(pos)
    if as_json:
        _print_json(data)
    else:
        console.print(render.status_view(pos, data))


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the advice as JSON")
@samples_option("sampled deals to play each move out in")
@click.option("--seed", default=0, show_default=True, help="for repeatable advice")
@time_option("stop sampling after this many seconds")
def advise(file, as_json, samples, seed, seconds):
    """Ranked moves with reasons and the estimated chance of winning the round."""
    pos = api.Position.of(logfile.load(file))
    data = api.advice_dict(api.advice_of(pos, samples, seed, seconds))
    if as_json:
        _print_json(data)
    else:
        console.print(render.advice_view(data))


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@samples_option("sampled deals for the advice on your turns")
@time_option("time limit for each piece of advice")
def session(file, samples, seconds):
    """Interactive: type events as they happen (shorthand like 'ana 64', 'bob d2', 'cy p')."""
    try:
        import readline  # noqa: F401  (line editing and history, where the terminal has them)
    except ImportError:  # pragma: no cover
        pass
    from .session import run as run_session

    refused = run_session(file, console, lambda prompt: read_line(prompt, MAX_LINE), samples, seconds)
    if refused and not sys.stdin.isatty():  # a script can tell a line was not logged
        click.get_current_context().exit(2)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--html", "html_out", type=click.Path(dir_okay=False), help="also write a standalone page")
@click.option("--force", is_flag=True, help="overwrite the --html page if it exists")
@click.option("--json", "as_json", is_flag=True, help="print the review as JSON")
@samples_option("sampled deals for each decision", default=300)
@click.option("--seed", default=0, show_default=True)
def review(file, html_out, force, as_json, samples, seed):
    """After the game: your decisions against the advisor's, and when each inference became known."""
    from rich.progress import Progress

    from .review import review as run_review
    from .review import to_html

    log = logfile.load(file)
    if html_out:  # refuse before the long work, and again when writing
        if logfile.same_file(html_out, file):
            raise LogFileError(f"--html {html_out} is the game log itself: pick another name for the page")
        logfile.check_target(html_out, force)
    with Progress(console=errors, transient=True, disable=as_json or not errors.is_terminal) as progress:
        task = progress.add_task("reviewing", total=len(log.events))
        result = run_review(
            log, samples, seed, on_step=lambda done, total: progress.update(task, completed=done)
        )
    data = result.as_dict()
    if html_out:
        logfile.create(
            html_out, to_html(data, f"Review of {printable(Path(file).name)}"), force=force, log=False
        )
    if as_json:
        _print_json(data)
    else:
        console.print(render.review_view(data))
        if html_out:
            console.print(f"wrote {html_out}")


@main.command()
@click.option(
    "--rules", "rules_name", default="classic", show_default=True, help="a preset: " + ", ".join(PRESETS)
)
@click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE", help="override a rule")
@click.option("--players", "seats", default=3, show_default=True, type=click.IntRange(2, 4))
@click.option("--seed", default=None, type=int, help="replay a lesson (default: a new one)")
@click.option(
    "--bots",
    default="heuristic",
    show_default=True,
    type=click.Choice(["random", "heavy", "heuristic", "advisor"]),
    help="the opponents",
)
def train(rules_name, overrides, seats, seed, bots):
    """A practice game against bots that quizzes you on tile counting."""
    import random as _random

    from .rules import preset as make_rules
    from .train import Trainer

    rules = make_rules(rules_name, overrides).with_overrides({"target": "0"})
    rules.check_players(seats)
    if seed is None:
        seed = _random.randrange(10**6)
    console.print(f"lesson {seed} (replay it with --seed {seed})", style="dim")

    def read(prompt):
        try:
            return read_line(prompt, MAX_LINE)
        except EOFError:
            return "q"

    Trainer(rules, seats, seed, console, read, bots).play()


@main.command()
@click.option(
    "--rules", "rules_name", default="classic", show_default=True, help="a preset: " + ", ".join(PRESETS)
)
@click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE", help="override a rule")
@click.option("--players", "seats", default=2, show_default=True, type=click.IntRange(2, 4))
@click.option(
    "--bots",
    required=True,
    help="bots by seat, repeated round the table: random, heavy, heuristic, advisor[:samples], "
    "round-advisor[:samples] (plays for the round even in a match), omniscient[:samples], "
    "dominoes[:samples] (the dominoes package's bot, partnership only); e.g. advisor,heavy",
)
@click.option("--games", default=200, show_default=True, type=click.IntRange(1, 1_000_000))
@click.option("--matches", is_flag=True, help="a game is a whole match to the target (default: one round)")
@click.option(
    "--jobs",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="processes to play in (at most one per CPU and per deal)",
)
@click.option("--seed", default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print the results as JSON")
def simulate(rules_name, overrides, seats, bots, games, matches, jobs, seed, as_json):
    """Bot tournaments on duplicate deals, with win rates and 95% confidence intervals."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .rules import preset as make_rules
    from .simulate import deal_count
    from .simulate import simulate as run

    rules = make_rules(rules_name, overrides)
    specs = [b.strip() for b in bots.split(",") if b.strip()]
    if not specs:
        raise DominoError("--bots names at least one bot, like --bots advisor,heavy")
    rules.check_players(seats)
    deals = deal_count(games, seats)
    with Progress(
        TextColumn("deals"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=as_json or not errors.is_terminal,  # a log file gets the result, not a bar
    ) as progress:
        task = progress.add_task("deals", total=deals)
        scores = run(
            rules,
            seats,
            specs,
            games,
            jobs,
            seed,
            on_progress=lambda n: progress.advance(task, n),
            on_warning=lambda w: _error("warning", w, style="yellow"),
            matches=matches,
        )
    if as_json:
        _print_json(
            {
                "rules": rules_name,
                "players": seats,
                "deals": deals,
                "game": "match" if matches else "round",
                "bots": [
                    {
                        "bot": s.spec,
                        "seats": s.seats,
                        "games": s.games,
                        "win_rate": s.win_rate,
                        "win_ci95": s.interval(s.per_deal_wins),
                        "tie_rate": s.ties / s.games,
                        "points_per_game": s.points_per_game,
                        "points_ci95": s.interval(s.per_deal_points),
                    }
                    for s in scores
                ],
            }
        )
    else:
        console.print(render.simulate_table(scores, rules_name, seats, deals * seats, matches))


@main.command()
@click.argument("preset", required=False)
def rules(preset):
    """The rule presets and their parameters."""
    if preset is not None and preset not in PRESETS:
        raise DominoError(f"'{preset}' is not a rule preset (the presets are {', '.join(PRESETS)})")
    console.print(render.rules_table(preset))


@main.command()
@click.option(
    "--rules", "rules_name", default="classic", show_default=True, help="a preset: " + ", ".join(PRESETS)
)
@click.option("--players", "seats", default=2, show_default=True, type=click.IntRange(2, 4))
@click.option(
    "--target", default=None, type=click.IntRange(1, 100_000), help="the match target (default: the preset's)"
)
@click.option("--json", "as_json", is_flag=True, help="print the table as JSON")
@click.option(
    "--build",
    "build_out",
    type=click.Path(dir_okay=False),
    help="remake every shipped table into this file (for maintainers; takes minutes)",
)
@click.option(
    "--rounds",
    default=20_000,
    show_default=True,
    type=click.IntRange(100, 1_000_000),
    help="with --build: simulated rounds a table",
)
@click.option("--seed", default=2026, show_default=True, help="with --build: the deals' seed")
@click.option("--force", is_flag=True, help="with --build: overwrite the file")
def equity(rules_name, seats, target, as_json, build_out, rounds, seed, force):
    """Your chance of winning the match from a score: the match-equity table."""
    from .equity import build_all, table_for
    from .rules import preset as make_rules

    if build_out:
        logfile.check_target(build_out, force)
        data = build_all(rounds, seed, on_table=lambda t: _error("built", t.key, style="dim"))
        logfile.create(build_out, json.dumps(data, indent=0) + "\n", force=force, log=False)
        console.print(f"wrote {len(data)} tables to {build_out}")
        return
    rules = make_rules(rules_name)
    rules.check_players(seats)
    table = table_for(rules, seats)
    if table is None:
        raise DominoError(
            f"there is no match table for {rules_name} with {seats} players (a single round needs none)"
        )
    target = target or rules.target
    if as_json:
        needs = list(range(table.step, min(target, table.most * table.step) + 1, table.step))
        _print_json(
            {
                "rules": rules_name,
                "players": seats,
                "target": target,
                "needs": needs,
                "chances": [[round(table.chance(a, b), 4) for b in needs] for a in needs],
            }
        )
    else:
        console.print(render.equity_table(table, rules_name, seats, target))


@main.command()
@click.option("--pause", is_flag=True, help="wait for Enter after each event")
def demo(pause):
    """Walk a bundled example game event by event, showing what the advisor sees."""
    from .demo import run_demo

    run_demo(console, pause=pause)


@main.command()
@click.option(
    "--positions",
    default=200,
    show_default=True,
    type=click.IntRange(0, 100_000),
    help="inference positions per table (0 skips the inference figures)",
)
@click.option(
    "--advice-positions",
    default=20,
    show_default=True,
    type=click.IntRange(0, 10_000),
    help="advice positions per table (0 skips the advice figures)",
)
@click.option("--seed", default=1, show_default=True)
def bench(positions, advice_positions, seed):
    """Print the speed figures (inference, advice) on fixed positions."""
    from .bench import run_bench

    run_bench(console, positions, seed, advice_positions)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

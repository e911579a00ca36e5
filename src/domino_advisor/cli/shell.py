"""What every command shares: the consoles, the one-line messages, the group that
turns bad input into a message and exit code 2, and the common options."""

from __future__ import annotations

import errno
import functools
import importlib
import math
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn, TypeVar, cast

import click
from rich.text import Text

from domino_advisor.base.budgets import ADVICE_SAMPLES, ADVICE_SECONDS, TRAIN_ADVICE_SAMPLES
from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import message
from domino_advisor.views.terminal import (
    OutputError,
    ascii_safe_streams,
    echo,
    make_console,
    silence_stdout,
    standard_streams,
)

console = make_console()
errors = make_console(stderr=True)

MAX_SAMPLES = 100_000

_landed: list[str] = []  # what this command has put on disk, said if its output then fails

FC = TypeVar("FC", bound=Callable[..., Any])  # a command's function, as its options' decorators take it


def say(label: str, text: str, style: str = "bold red") -> None:
    """One line on stderr.  The text is data: one line, control characters escaped,
    no markup, not endless."""
    try:
        errors.print(Text(f"{label}: ", style=style) + Text(message(text)), soft_wrap=True)
    except OutputError:
        pass


def set_aside(kept: object, log: str) -> None:
    """Another program saved the log in the moment this write replaced it, after a
    second writer had built on this one: both writes stand, its save is kept beside it."""
    from domino_advisor.views import notices

    if kept is not None:
        say("warning", notices.set_aside(kept, log), style="bold yellow")


def output_failed(e: OutputError | OSError) -> NoReturn:
    """The output could not be written: exit code 1, unless a write has landed (see
    ``landed``): then a warning and exit code 0, so a script does not do it twice."""
    silence_stdout()
    error = e.error if isinstance(e, OutputError) else e
    reason = error.strerror or str(error)
    if _landed:
        say("warning", f"{_landed[-1]}, but the output could not be written ({reason})", style="yellow")
        sys.exit(0)
    if error.errno != errno.EPIPE:  # a closed pipe (`| head`) is no news to the reader
        say("error", f"could not write the output ({reason})")
    sys.exit(1)


def landed(done: str) -> None:
    """A write of this command is on disk (``done`` says what, like "logged 2 events"):
    from now on an output that fails, to the last flush, is a warning and exit code 0."""
    if not _landed or _landed[-1] != done:  # said once, however many places say it landed
        _landed.append(done)


@contextmanager
def landing_in(paths: list, done: str) -> Iterator[None]:
    """For a command that writes files as it goes (session, edit, a lesson's answers): an
    output that fails once one of them has changed is a landed write (``done``), not a
    failure."""
    before = [_file_state(p) for p in paths]
    try:
        yield
    except OutputError:
        if [_file_state(p) for p in paths] != before:
            landed(done)
        raise


def _file_state(path: str | os.PathLike[str]) -> tuple | None:
    """What tells one version of a file from the next: a write replaces or grows it."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def bad_option(e: click.ClickException) -> NoReturn:
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


class Commands(MutableMapping[str, click.Command]):
    """A group's commands by name, from a static table (name: ("module:function", short
    help)): a command's module is imported the first time the command is asked for, never
    to list the names (``main.commands["status"]`` loads it; ``list(main.commands)`` does not)."""

    def __init__(self, table: Mapping[str, tuple[str, str]], package: str):
        self.table = table
        self.package = package
        self.loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self.loaded:
            from domino_advisor.cli.examples import epilog

            module, function = self.table[name][0].split(":")
            command = getattr(importlib.import_module(f".{module}", self.package), function)
            if command.epilog is None:
                command.epilog = epilog(name)
            self.loaded[name] = command
        return self.loaded[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self.loaded[name] = command

    def __delitem__(self, name: str) -> None:
        raise TypeError("a command of the table stays in it")

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self.table, *self.loaded]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*self.table, *self.loaded]))


class CommandGroup(click.Group):
    """A group whose commands turn bad input into a message and exit code 2, never a traceback.

    Its commands come from ``lazy``, a static table (see ``Commands``): ``--help`` lists
    them with the short help written there, so no command's module is imported to list them."""

    def __init__(self, *args: Any, lazy: Mapping[str, tuple[str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = Commands(lazy or {}, __package__ or "domino_advisor")
        self.commands = self.lazy

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's list of commands, a table's command shown by its short help there (its
        module is not imported)."""
        rows = []
        for name in self.list_commands(ctx):
            if name in self.lazy.table:
                command: click.Command | None = click.Command(name, help=self.lazy.table[name][1])
            else:
                command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command))
        if rows:
            limit = formatter.width - 6 - max(len(name) for name, _ in rows)
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in rows])

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        standard_streams(program=args is None)
        ascii_safe_streams()
        _landed.clear()
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()  # the last of the output, so a failure still sets the exit code
        except click.ClickException as e:
            bad_option(e)
        except click.Abort:
            interrupted(sys.exit)
        except (OutputError, OSError) as e:  # help or version text that could not be written
            output_failed(e)
        if args is None:  # the program itself (arguments from sys.argv), not a test's runner
            leave_to_the_system()
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        if "DOMINO_ADVISOR_WORKERS" in os.environ:  # base.cores's setting: a value it cannot use is said
            from domino_advisor.base import cores

            cores.heard_by(lambda said: say("warning", said, style="yellow"))
        try:
            return super().invoke(ctx)
        except DominoError as e:
            say("error", str(e))
            ctx.exit(2)
        except (click.exceptions.Exit, click.ClickException, click.Abort, OutputError):
            raise
        except KeyboardInterrupt:
            interrupted(ctx.exit)
        except OSError as e:
            if e.filename is None:  # writing to the terminal or a pipe failed
                raise OutputError(e) from None
            internal(ctx, e)
        except Exception as e:
            internal(ctx, e)


def interrupted(leave: Callable[[int], Any]) -> NoReturn:
    """Ctrl-C: exit code 130, unless a write has landed (``landed``): then it says what is
    on disk and exits 0, so a script that tries again does not log the same events twice."""
    if _landed:
        say("interrupted", f"{_landed[-1]}; nothing more was done", style="bold")
        leave(0)
    else:
        say("interrupted", "nothing more was done", style="bold")
        leave(130)
    raise SystemExit(130)  # leave exits; for the type checker


def leave_to_the_system() -> None:
    """The command is done and its output written: what it made in memory goes with the
    process.  Frozen, the objects are not traced and freed one by one as Python exits,
    which was a fifth of a status run's CPU time (60 of 360 ms on a busy 2-core machine;
    30 of a bare import of rich and click).  Exit handlers still run and the output is
    still flushed; objects in reference cycles are not finalized, which Python does not
    promise at exit anyway."""
    import gc

    gc.freeze()


def internal(ctx: click.Context, e: Exception) -> NoReturn:
    """An internal error: said plainly, exit 1."""
    if os.environ.get("DOMINO_ADVISOR_DEBUG"):
        raise e
    say("internal error", f"{type(e).__name__}: {e} (set DOMINO_ADVISOR_DEBUG=1 for the traceback)")
    ctx.exit(1)


def after_writing(done: str, show: Callable[[], object]) -> None:
    """Show the result of a write that has landed; an output that fails then is a
    warning (exit 0), so a script does not write the same events twice."""
    landed(done)
    show()


class FiniteFloat(click.ParamType):
    """A number of seconds: finite, within a range (``nan`` and ``inf`` are not times)."""

    name = "seconds"

    def __init__(self, low: float, high: float):
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"'{value}' is not a number of seconds", param, ctx)
        if not math.isfinite(number) or not self.low <= number <= self.high:
            self.fail(f"{value} is not between {self.low:g} and {self.high:g} seconds", param, ctx)
        return number


SECONDS = FiniteFloat(0.01, 3600)
SAMPLES = click.IntRange(1, MAX_SAMPLES)


def samples_option(help_text: str, default: int | None = None, trains: bool = True) -> Callable[[FC], FC]:
    """``--samples``; with no default of its own, each game's (the line games' and the
    train family's differ), said in the help (``trains``: the command takes them)."""
    if default is None:
        trains_too = f"; Mexican Train and Chicken Foot: {TRAIN_ADVICE_SAMPLES}" if trains else ""
        help_text += (
            f"  [default: as many as a budget of work allows, at most {ADVICE_SAMPLES:,}{trains_too}]"
        )
    return click.option(
        "--samples", default=default, show_default=default is not None, type=SAMPLES, help=help_text
    )


def time_option(help_text: str) -> Callable[[FC], FC]:
    """``--time``: a clock limit only where the user asks for one; without it the work
    asked for decides the answer, the same on any machine."""
    return click.option(
        "--time",
        "seconds",
        default=ADVICE_SECONDS,
        type=SECONDS,
        help=help_text + "  [default: none: the same log gives the same answer on any machine]",
    )


def rules_option() -> Callable[[FC], FC]:
    from domino_advisor.games.registry import own_names, presets

    games = list(own_names())
    return click.option(
        "--rules",
        "--game",  # the same: 'new --game mexican-train' reads as people say it
        "rules_name",
        default="classic",
        show_default=True,
        help="a preset: "
        + ", ".join(presets())
        + " (new, simulate and train also take "
        + ", ".join(games[:-1])
        + " and "
        + games[-1]
        + ")",
    )


def set_option(help_text: str = "override a rule") -> Callable[[FC], FC]:
    return click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE", help=help_text)


def reads_option() -> Callable[[FC], FC]:
    return click.option(
        "--reads/--no-reads",
        default=True,
        show_default=True,
        help="soft reads: weigh the deals by how the others played (labelled likely, never certain)",
    )


def file_argument() -> Callable[[FC], FC]:
    """The game log a command reads or writes."""
    return click.argument("file", type=click.Path())


def quiet_option() -> Callable[[FC], FC]:
    """``--quiet``/``-q`` of a command that writes the log: a script's way to log without
    the status after it (warnings still shown)."""
    return click.option("--quiet", "-q", is_flag=True, help="print nothing but errors and warnings")


def json_option(help_text: str) -> Callable[[FC], FC]:
    """``--json`` (``as_json``), in each command's own words."""
    return click.option("--json", "as_json", is_flag=True, help=help_text)


def players_option(most: int, default: int = 2, help_text: str | None = None) -> Callable[[FC], FC]:
    """``--players`` as a number of seats (``seats``), 2 to ``most``."""
    return click.option(
        "--players", "seats", default=default, show_default=True, type=click.IntRange(2, most), help=help_text
    )


def seed_option(default: int | None = 0, help_text: str | None = None) -> Callable[[FC], FC]:
    """``--seed``; with no default of its own (None), the command picks one, said in ``help_text``."""
    if default is None:
        return click.option("--seed", default=None, type=int, help=help_text)
    return click.option("--seed", default=default, show_default=True, help=help_text)


def games_option(default: int | None = None, help_text: str | None = None) -> Callable[[FC], FC]:
    """``--games``, the games (or deals) to play; with no default (None), the command's,
    said in ``help_text``."""
    if default is None:
        return click.option("--games", default=None, type=click.IntRange(1, 1_000_000), help=help_text)
    return click.option(
        "--games", default=default, show_default=True, type=click.IntRange(1, 1_000_000), help=help_text
    )


def jobs_option(help_text: str) -> Callable[[FC], FC]:
    """``--jobs``, the processes to play in, and ``--scheduler``, a Dask cluster to play on
    instead: the command gets them together as ``jobs`` (a ``measure.cluster.Machines``)."""

    def decorate(f: FC) -> FC:
        @functools.wraps(f)
        def with_where(*args: Any, jobs: int, scheduler: str | None, **kwargs: Any) -> Any:
            from domino_advisor.measure.cluster import Machines

            if scheduler is not None and not scheduler.strip():
                raise click.UsageError("--scheduler needs an address, like tcp://10.0.0.5:8786")
            source = click.get_current_context().get_parameter_source("jobs")
            if scheduler is not None and source is not None and source.name == "COMMANDLINE":
                raise click.UsageError(
                    "--jobs does nothing with --scheduler (the cluster's workers play): leave one out"
                )
            return f(*args, jobs=Machines(jobs, scheduler), **kwargs)

        with_scheduler = click.option(
            "--scheduler",
            default=None,
            metavar="tcp://HOST:PORT",
            help="play on this Dask cluster instead (pip install 'domino-advisor[cluster]'; "
            "a trusted network or TLS only: the scheduler runs what it is sent)",
        )(with_where)
        made = click.option(
            "--jobs", default=1, show_default=True, type=click.IntRange(min=1), help=help_text
        )
        return cast("FC", made(with_scheduler))

    return decorate


def force_option(help_text: str) -> Callable[[FC], FC]:
    """``--force``: overwrite what the command writes (each command says which file)."""
    return click.option("--force", is_flag=True, help=help_text)


def check_option(help_text: str) -> Callable[[FC], FC]:
    """``--check``: look, and say what is wrong, without making anything."""
    return click.option("--check", is_flag=True, help=help_text)


def build_option(help_text: str) -> Callable[[FC], FC]:
    """The maintainers' ``--build FILE`` (``build_out``): remake a shipped data file."""
    return click.option("--build", "build_out", type=click.Path(), help=help_text)


def page_options() -> Callable[[FC], FC]:
    """``--html FILE`` (``html_out``) and its ``--force``, for a command that writes a page."""
    html = click.option("--html", "html_out", type=click.Path(), help="also write a standalone page")
    force = force_option("overwrite the --html page if it exists")

    def both(f: FC) -> FC:
        return html(force(f))

    return both


def record_option(help_text: str) -> Callable[[FC], FC]:
    """``--record/--no-record``: keep the answers in the progress record, or not."""
    return click.option("--record/--no-record", default=True, help=help_text)


def finite(data: object) -> object:
    """JSON has no NaN: a figure that cannot be known is null."""
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {k: finite(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [finite(v) for v in data]
    return data


def print_json(data: object) -> None:
    import json

    echo(json.dumps(finite(data), indent=1, allow_nan=False))


def write_lines(lines: Iterable[str], end: str = "", chunk: int = 1_000) -> None:
    """Plain lines (already made safe to show) to standard output, ``chunk`` at a time,
    as they are made: a long list is never held whole, nor laid out by rich."""
    out, pieces = console.file, []
    for line in lines:
        pieces.append(line)
        if len(pieces) >= chunk:
            out.write("\n".join(pieces) + "\n")
            pieces = []
    out.write("".join(f"{p}\n" for p in pieces) + end)
    out.flush()


def _json_value(v: Any, text: Callable[[str], str]) -> str | None:
    """A plain value as ``json.dumps`` writes it (``text``: its C encoder for text), else None."""
    kind = type(v)
    if kind is str:
        return text(v)
    if kind is int:
        return int.__repr__(v)
    if v is None or kind is bool:
        return "null" if v is None else "true" if v else "false"
    if kind is float:
        return float.__repr__(v) if math.isfinite(v) else "null"
    return None


def _flat_json(item: object, text: Callable[[str], str]) -> str | None:
    """``json.dumps(item, indent=1)`` one level in, for a dict of plain values with text
    keys (at C speed: with ``indent`` the encoder is pure Python); None for anything else."""
    if type(item) is not dict or not item:
        return None
    fields = []
    for k, v in item.items():
        value = _json_value(v, text)
        if value is None or type(k) is not str:
            return None
        fields.append(f"  {text(k)}: {value}")
    return "{\n" + ",\n".join(fields) + "\n }"


def print_json_list(items: Iterable[object], chunk: int = 1_000) -> None:
    """A JSON list written as its items are made, ``chunk`` at a time: the same text as
    ``print_json`` of the whole list, without the whole list or its text in memory."""
    import json
    from json.encoder import encode_basestring_ascii as text  # type: ignore[attr-defined]

    out, pieces, first = console.file, [], True
    for item in items:
        made = _flat_json(item, text)
        if made is None:
            made = json.dumps(finite(item), indent=1, allow_nan=False).replace("\n", "\n ")
        pieces.append(("[\n " if first else ",\n ") + made)
        first = False
        if len(pieces) >= chunk:
            out.write("".join(pieces))
            pieces = []
    out.write("".join(pieces) + ("[]\n" if first else "\n]\n"))
    out.flush()


def refuse_unused(modes: dict, needs: dict) -> None:
    """Options that would be ignored are refused: with ``mode`` on, the ``others`` do
    nothing; an option in ``needs`` does something only with its mode."""
    ctx = click.get_current_context()

    def given(name: str) -> bool:
        source = ctx.get_parameter_source(name)
        return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")

    def flag(name: str) -> str:
        """The option as it was typed: ``--no-reads``, not ``--reads``, when turned off."""
        param = next(p for p in ctx.command.params if p.name == name)
        off = isinstance(param, click.Option) and param.secondary_opts and ctx.params.get(name) is False
        return param.secondary_opts[0] if off else param.opts[0]

    for mode, (on, others) in modes.items():
        if on:
            for name in others:
                if given(name):
                    raise click.UsageError(f"{flag(name)} does nothing with {mode}: leave one of them out")
    for name, mode in needs.items():
        if given(name) and not modes[mode][0]:
            raise click.UsageError(f"{flag(name)} is for {mode} only")


def config_error() -> None:
    """A config file that does not read: said once, as a warning, and the command goes on
    with the built-in defaults (the group kept the error until a command asks, so
    ``--help`` and ``config`` still work)."""
    problem = click.get_current_context().find_root().obj
    if isinstance(problem, DominoError):
        say(
            "warning",
            f"{problem}; your defaults are not used ('domino-advisor config --check' lists what is wrong)",
            style="yellow",
        )


def config_refused() -> None:
    """``new`` and ``train`` make a game from your defaults: a config file that does not
    read stops them (a game from half your settings would be the wrong game)."""
    problem = click.get_current_context().find_root().obj
    if isinstance(problem, DominoError):
        raise problem


class MakingCommand(click.Command):
    """A command that makes something from your defaults.  A config that does not read is
    said before any complaint about the command's own options: the missing ``--players``
    of 0.9.0 was the file's fault.  Only click's own reading of a help option shows the
    help instead (a value or a word after ``--`` that reads ``--help`` is not one)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError:
            config_refused()
            raise

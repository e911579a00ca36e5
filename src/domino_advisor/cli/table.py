"""The table's commands: parse, call the core, render. No game logic lives here.

``cli.app`` lists them (and those of ``cli.about``, ``cli.measuring`` and
``cli.models``) and loads this module when one of them runs; each command imports the
core modules it needs itself, so ``status`` does not load the advisor."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from domino_advisor.base.errors import LogFileError
from domino_advisor.base.printable import printable
from domino_advisor.cli.shell import (
    MakingCommand,
    after_writing,
    config_error,
    config_refused,
    console,
    errors,
    file_argument,
    force_option,
    json_option,
    landed,
    landing_in,
    page_options,
    print_json,
    print_json_list,
    quiet_option,
    reads_option,
    record_option,
    refuse_unused,
    rules_option,
    samples_option,
    say,
    seed_option,
    set_aside,
    set_option,
    time_option,
    write_lines,
)
from domino_advisor.views.terminal import read_line

if TYPE_CHECKING:
    from rich.progress import TaskID

    from domino_advisor.log.gamelog import GameLog


def _part(log: GameLog, name: str) -> Any:
    """One of the log's game's parts (games.registry.Parts), loaded now."""
    from domino_advisor.games.registry import part

    return part(log.game, name)


def _show_status(log: GameLog) -> None:
    pos = _part(log, "position")(log, True)
    console.print(_part(log, "status_view")(pos, _part(log, "status")(pos), width=console.width))


@click.command(cls=MakingCommand)
@file_argument()
@click.option("--players", required=True, help='names in turn order, like "me ana bob"')
@rules_option()
@set_option("override a rule, like --set target=150 (repeatable)")
@click.option("--me", default=None, help="whose hand you log (default: the first player)")
@click.option("--hand", required=True, help='the tiles dealt to you, like "6-6 6-3 5-2 3-1 0-0"')
@force_option("overwrite FILE if it exists")
@quiet_option()
def new(
    file: str,
    players: str,
    rules_name: str,
    overrides: tuple[str, ...],
    me: str | None,
    hand: str,
    force: bool,
    quiet: bool,
) -> None:
    """Start a game log: the tags, round 1 and your hand."""
    from domino_advisor.base.tiles import parse_tiles
    from domino_advisor.cli import outputs
    from domino_advisor.games.registry import game_for
    from domino_advisor.log import gamelog

    config_refused()
    ctx = click.get_current_context()
    names = players.replace(",", " ").split()
    if me is not None and me not in names and ctx.get_parameter_source("me") is ParameterSource.DEFAULT_MAP:
        me = None  # your config's name, but these players on the command line do not include it
    path = Path(file)
    outputs.check(file, outputs.GAME_LOG, force)  # a file already there is said first, before the hand
    top = game_for(rules_name).rules_from(rules_name, " ".join(overrides)).top
    log = gamelog.new_log(names, parse_tiles(hand, top), rules_name, overrides, me)
    outputs.write(file, gamelog.dumps(log), outputs.GAME_LOG, force)
    started = f"{printable(file)} was started"
    landed(started)

    def show() -> None:
        if quiet:
            _say_warnings(_part(log, "position")(log, True).warnings, set())
            return
        console.print(
            f"started {printable(str(path))}: {rules_name}, players {' '.join(names)}, you are {log.me}",
            soft_wrap=True,
        )
        _show_status(log)

    after_writing(started, show)


@click.command(name="log")
@file_argument()
@click.argument("events", nargs=-1)
@click.option("--replace", "replace_n", type=click.IntRange(min=1), metavar="N", help="replace event N")
@click.option(
    "--insert-before", "insert_n", type=click.IntRange(min=1), metavar="N", help="insert before event N"
)
@click.option("--delete", "delete_n", type=click.IntRange(min=1), metavar="N", help="delete event N")
@quiet_option()
def log_(
    file: str,
    events: tuple[str, ...],
    replace_n: int | None,
    insert_n: int | None,
    delete_n: int | None,
    quiet: bool,
) -> None:
    """Add events (each one quoted argument, full or shorthand like "ana 64"), or fix
    event N in place; all or nothing, and only if the whole log still follows the rules.

    Events are numbered as status shows them."""
    from domino_advisor.log import edits, gamelog, logfile

    config_error()
    fixes = [n for n in (replace_n, insert_n, delete_n) if n is not None]
    if len(fixes) > 1:
        raise click.UsageError("give one of --replace, --insert-before and --delete at a time")
    if delete_n is not None and events:
        raise click.UsageError("--delete N takes no events")
    if delete_n is None and not events:
        raise click.UsageError('say what to log, like: log game.dom "ana 64"')
    if replace_n is not None and len(events) != 1:
        raise click.UsageError("--replace N takes exactly one event")
    done: list[edits.Edited] = []
    before: list = []  # the status the change was made to (the last try's), where the game compares
    warned: set = set()

    def change(log: gamelog.GameLog) -> gamelog.GameLog:
        if "compares_edits" in log.game.options:
            old = _part(log, "position")(log, True)  # the version on disk changed (the last try's)
            before.clear()
            if not quiet:  # the report compares the status before and after; -q shows only warnings
                before.append(_part(log, "status")(old))
            warned.clear()
            warned.update(old.warnings)
        if replace_n is not None:
            result = edits.replace(log, replace_n, events[0])
        elif insert_n is not None:
            result = edits.insert_before(log, insert_n, list(events))
        elif delete_n is not None:
            result = edits.delete(log, delete_n)
        else:
            result = edits.append(log, list(events))
        done.append(result)
        return result.log

    written = logfile.update(file, change)
    result = done[-1]
    if fixes:
        logged = f"changed event {fixes[0]}"
    else:
        logged = f"logged {len(result.added)} event{'s' if len(result.added) != 1 else ''}"
    landed(logged)  # on disk from here: an interrupt or a failed output is not a failure
    set_aside(written.set_aside, file)
    pos = _part(written.log, "position")(written.log, True)

    def show() -> None:
        if quiet:
            _say_warnings(pos.warnings, warned)
            return
        edit_view = _part(written.log, "edit_view")
        console.print(edit_view(result, written.log, pos, before[0] if before else {}, warned, console.width))

    after_writing(logged, show)


def _say_warnings(warnings: list, warned: set) -> None:
    """What ``-q`` still prints: each warning the status before the change did not give."""
    from domino_advisor.views import notices

    for w in warnings:
        if notices.news(w, warned):
            say("warning", str(w), style="yellow")


@click.command()
@file_argument()
@json_option("print them as JSON")
def events(file: str, as_json: bool) -> None:
    """Every event with the number that fixes it (log --replace N ...)."""
    config_error()
    from domino_advisor.log import logfile
    from domino_advisor.views import notices

    log = logfile.load(file)
    if as_json:
        numbered = enumerate(log.numbered_events(), 1)
        print_json_list({"number": k, "line": line, "event": str(e)} for k, (line, e) in numbered)
    elif console.is_terminal:  # printed a piece at a time, as it is made
        for block in notices.event_blocks(log):
            console.print(block, end="")
        console.print()
    else:  # a pipe or a file: plain rows, one event a line
        write_lines(notices.event_rows(log), end="\n")  # the blank line the terminal's ends with


@click.command()
@file_argument()
@click.argument("tile")
@json_option("print it as JSON")
def where(file: str, tile: str, as_json: bool) -> None:
    """Where one tile is: known, or the exact chance of each hand and the boneyard."""
    config_error()
    from domino_advisor.log import logfile
    from domino_advisor.views import notices

    log = logfile.load(file)
    data = _part(log, "where")(_part(log, "position")(log, True), tile)
    if as_json:
        print_json(data)
    else:
        console.print(notices.where_view(data))


@click.command()
@file_argument()
def edit(file: str) -> None:
    """Open the log in your $EDITOR; it is saved only if it still follows the rules."""
    config_error()
    from functools import partial

    from domino_advisor.cli import editor
    from domino_advisor.cli.editing import edit_log
    from domino_advisor.log.gamelog import MAX_LINE

    in_editor = partial(editor.edit, name=Path(file).name)
    with landing_in([file], f"{printable(file)} was saved"):
        saved = edit_log(
            file, console, in_editor, lambda: read_line("edit again or abandon? [e/a] ", MAX_LINE)
        )
    if not saved:
        click.get_current_context().exit(2)


@click.command()
@file_argument()
@click.argument("n", type=click.IntRange(min=1, max=100_000), default=1)
@quiet_option()
def undo(file: str, n: int, quiet: bool) -> None:
    """Remove the last N events (default 1)."""
    config_error()
    from domino_advisor.log import edits, gamelog, logfile

    done: list[edits.Edited] = []

    def change(log: gamelog.GameLog) -> gamelog.GameLog:
        done.append(edits.undo(log, n))
        return done[-1].log

    written = logfile.update(file, change)
    removed = list(done[-1].removed)
    taken = f"removed {len(removed)} event{'s' if len(removed) != 1 else ''}"
    landed(taken)
    set_aside(written.set_aside, file)

    def show() -> None:
        if quiet:  # a set-aside save was said above: a warning, kept
            return
        for line in removed:
            console.print(f"removed: {line}")

    after_writing(taken, show)


@click.command()
@file_argument()
@json_option("print the status as JSON")
@reads_option()
def status(file: str, as_json: bool, reads: bool) -> None:
    """The table, your hand, what each opponent can hold, where the unseen tiles are."""
    from domino_advisor.log import logfile

    config_error()
    log = logfile.load(file)
    pos = _part(log, "position")(log, reads)
    data = _part(log, "status")(pos)
    if as_json:
        print_json(data)
    else:
        console.print(_part(log, "status_view")(pos, data, width=console.width))


@click.command()
@file_argument()
@json_option("print the advice as JSON")
@samples_option("sampled deals to play each move out in")
@seed_option(help_text="for repeatable advice")
@time_option("a time limit in seconds: stop sampling then, fewer deals on a slow machine")
@reads_option()
def advise(
    file: str, as_json: bool, samples: int | None, seed: int, seconds: float | None, reads: bool
) -> None:
    """Ranked moves with reasons and the estimated chance of winning the round."""
    from domino_advisor.log import logfile

    config_error()
    log = logfile.load(file)
    pos = _part(log, "position")(log, reads)
    data = _part(log, "advice")(pos, samples, seed, seconds)
    from domino_advisor.api import model_troubles

    for trouble in model_troubles(log, pos):  # after the advice: a match table is read when it asks
        say("warning", trouble, style="yellow")
    if as_json:
        print_json(data)
    else:
        console.print(_part(log, "advice_view")(data, console.width))


@click.command()
@file_argument()
@samples_option("sampled deals for the advice on your turns")
@time_option("a time limit in seconds for each piece of advice")
@reads_option()
@click.option(
    "--practice", is_flag=True, help="ask what each event taught before showing it; advice on request"
)
@record_option("keep practice answers in your progress record")
@click.option(
    "--full/--short",
    default=False,
    help="after each event the whole status, and the whole advice on your turn (default: "
    "what the event proved and whose turn, the advice's first three moves)",
)
def session(
    file: str,
    samples: int | None,
    seconds: float | None,
    reads: bool,
    practice: bool,
    record: bool,
    full: bool,
) -> None:
    """Interactive: type events as they happen (shorthand like 'ana 64', 'bob d2', 'cy p')."""
    config_error()
    try:
        import readline  # noqa: F401  (line editing and history, where the terminal has them)
    except ImportError:  # pragma: no cover
        pass
    from domino_advisor.cli.session import run as run_session
    from domino_advisor.log.gamelog import MAX_LINE

    def read(prompt: str) -> str:
        return read_line(prompt, MAX_LINE)

    from domino_advisor.cli.practice import record_files

    kept = record_files() if practice and record else []
    with landing_in([file, *kept], f"what the session logged is saved in {printable(file)}"):
        refused = run_session(file, console, read, samples, seconds, reads, practice, record, full)
    if refused and not sys.stdin.isatty():  # a script can tell a line was not logged
        click.get_current_context().exit(2)


@click.command()
@file_argument()
@page_options()
@json_option("print the review as JSON")
@samples_option("sampled deals for each decision (a quicker, rougher review than the advice's own)")
@seed_option(help_text="the advice's is 0: another judges each decision with other deals than the advice had")
@reads_option()
@click.option(
    "--hindsight/--no-hindsight",
    default=True,
    help="replay each round whose hands are known with the advisor's moves (bad luck or a mistake?)",
)
def review(
    file: str,
    html_out: str | None,
    force: bool,
    as_json: bool,
    samples: int | None,
    seed: int,
    reads: bool,
    hindsight: bool,
) -> None:
    """After the game: your decisions against the advisor's, when each inference became
    known, and each round in hindsight."""
    config_error()
    from domino_advisor.cli import outputs
    from domino_advisor.log import gamelog, logfile
    from domino_advisor.views.reviewpage import to_html
    from domino_advisor.views.terminal import progress_bar

    if html_out is not None and not html_out.strip():
        raise click.UsageError("--html needs a file name")
    log = logfile.load(file)
    game = log.game
    extras = {"html_out": "html", "force": "force", "reads": "reads", "hindsight": "hindsight"}
    off = {"reads": not reads, "hindsight": not hindsight}  # turning off what the game lacks asks nothing
    unused = [k for k, v in extras.items() if v not in game.options and not off.get(k)]
    refuse_unused({f"a {game.title} log": (True, unused)}, {})
    source = click.get_current_context().get_parameter_source("samples")
    if source is None or source.name in ("DEFAULT", "DEFAULT_MAP"):
        samples = None  # the game's own default
    if html_out:  # refuse before the long work, and again when writing
        if logfile.same_file(html_out, file):
            raise LogFileError(f"--html {html_out} is the game log itself: pick another name for the page")
        outputs.check(html_out, outputs.PAGE, force, "--html")
    with progress_bar(errors, disable=as_json or not errors.is_terminal) as progress:
        tasks: dict[str, TaskID] = {}

        def step(name: str, done: int, total: int) -> None:
            if name not in tasks:
                tasks[name] = progress.add_task(name, total=total)
            progress.update(tasks[name], completed=done)

        data = _part(log, "review")(log, samples, seed, step, reads, hindsight)
    if html_out:
        page = to_html(data, f"Review of {printable(Path(file).name)}", gamelog.dumps(log))
        outputs.write(html_out, page, outputs.PAGE, force, "--html")
        landed(f"wrote {printable(html_out)}")
    if as_json:
        print_json(data)
    else:
        console.print(_part(log, "review_view")(data, console.width))
        if html_out:
            console.print(f"wrote {printable(html_out)}")

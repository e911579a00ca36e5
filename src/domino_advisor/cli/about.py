"""The commands about the tool itself, not a game: the rule presets (``rules``), your
defaults file (``config``) and the bundled example (``demo``).  Parse, call, render."""

from __future__ import annotations

import click

from domino_advisor.base.printable import printable
from domino_advisor.cli.shell import after_writing, check_option, console, force_option, refuse_unused, say


@click.command()
@click.argument("preset", required=False)
def rules(preset: str | None) -> None:
    """The rule presets and their parameters (and Mexican Train's and Chicken Foot's settings)."""
    from domino_advisor.games.registry import game_for, part

    game = game_for(preset or "")
    console.print(part(game, "rules_view")(preset, console.width))


@click.command(name="config")
@check_option("only say whether the file reads: exit 0, or 2 with every reason")
def config_(check: bool) -> None:
    """Where your defaults file is and what it holds (your name, players, house rules).

    Everything it prints is TOML (its words as comments), so ``config > FILE`` makes a
    file that reads."""
    from rich.text import Text

    from domino_advisor.cli import config

    where = config.path()
    problems = config.check(where)
    if check:
        if problems:
            for problem in problems:
                say("error", problem)
            click.get_current_context().exit(2)
        said = "reads" if where.exists() else "does not exist: the built-in defaults are used"
        console.print(Text(f"config {printable(str(where))} {said}"), soft_wrap=True)
        return
    if problems:  # the reasons, then the exit code: a file that does not read is an error here
        for problem in problems:
            say("error", problem)
        click.get_current_context().exit(2)
    settings = config.load(where)
    defaults = settings.default_map()
    if not where.exists() or not any(defaults.values()):
        state = "no config file yet" if not where.exists() else "your config file sets nothing"
        console.print(Text(f"# {state}: {printable(str(where))}"), soft_wrap=True)
        console.print(Text("# to have one, write it like this (every line may be left out):"), soft_wrap=True)
        console.print(Text(config.EXAMPLE.rstrip("\n")), soft_wrap=True)
        return
    console.print(Text(f"# config file: {printable(str(where))}"), soft_wrap=True)
    for command, values in defaults.items():
        if not values:
            continue
        shown = ", ".join(
            (f"--{k}" if v else f"--no-{k}") if isinstance(v, bool) else f"{_option(k)} {_shown(v)}"
            for k, v in values.items()
        )
        console.print(Text(f"#   {command}: {printable(shown)}"), soft_wrap=True)


def _option(name: str) -> str:
    return {"rules_name": "--rules", "overrides": "--set", "seats": "--players"}.get(name, f"--{name}")


def _shown(value: object) -> str:
    return " ".join(value) if isinstance(value, list) else str(value)


@click.command()
@click.option("--pause", is_flag=True, help="wait for Enter after each event")
@click.option(
    "--save",
    type=click.Path(),
    help="instead, write the example's log to this file (to review it, or drill on it)",
)
@force_option("let --save overwrite an existing file")
def demo(pause: bool, save: str | None, force: bool) -> None:
    """Walk a bundled example game event by event, showing what the advisor sees."""
    from domino_advisor.cli import outputs
    from domino_advisor.cli.demo import demo_text, run_demo

    refuse_unused({"--save": (save is not None, ["pause"])}, {"force": "--save"})
    if save is not None:
        text = demo_text()
        outputs.write(save, text, outputs.saved_demo(text), force, "--save")
        wrote = f"wrote {printable(save)}"
        after_writing(wrote, lambda: console.print(f"{wrote}: the example game's log"))
        return
    run_demo(console, pause=pause)

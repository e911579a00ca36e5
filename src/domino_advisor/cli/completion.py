"""``completion``: the shell's completion script for the commands, their options and
files, from click's own completion (the program's ``_DOMINO_ADVISOR_COMPLETE`` variable)."""

from __future__ import annotations

import click

SHELLS = ("bash", "zsh", "fish")


class ShellChoice(click.Choice):
    """The shells, named in one line when none is given (click's own list holds a line
    break and tabs, which an error line shows as escapes)."""

    def get_missing_message(self, param: click.Parameter, ctx: click.Context | None) -> str:
        return f"Say which shell: {', '.join(SHELLS[:-1])} or {SHELLS[-1]}."


@click.command()
@click.argument("shell", type=ShellChoice(SHELLS))
def completion(shell: str) -> None:
    """Print the completion script for your shell: commands, options and file names complete
    on Tab once your shell runs it (put the eval line in your shell's start-up file)."""
    from click.shell_completion import get_completion_class

    from domino_advisor.cli.app import main

    kind = get_completion_class(shell)
    assert kind is not None  # the three shells click ships
    click.echo(kind(main, {}, "domino-advisor", "_DOMINO_ADVISOR_COMPLETE").source())

"""The command line: the group and the table of its commands, each loaded when it runs.

The commands live in ``cli.table`` (the table's), ``cli.about`` (rules, config, demo),
``cli.measuring`` (simulate, equity, bench) and ``cli.models`` (calibrate, reads);
``COMMANDS`` names each one's module and its short help, so ``--help`` and ``--version``
import none of them, and a command imports only its own module and what that needs."""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping
from typing import Any

import click

from domino_advisor import __version__
from domino_advisor.base.budgets import HINDSIGHT_SAMPLES  # noqa: F401  (its old home)
from domino_advisor.base.errors import DominoError
from domino_advisor.cli.shell import CommandGroup

# name: (module:function, short help).  The short help is the command's first sentence,
# as --help lists it; tests/test_cli.py checks it against the command's own help.
COMMANDS = {
    "advise": (
        "table:advise",
        "Ranked moves with reasons and the estimated chance of winning the round.",
    ),
    "bench": (
        "measuring:bench",
        "Print the speed figures: the table's commands on named positions, and more on request.",
    ),
    "calibrate": (
        "models:calibrate",
        "How honest the advisor's chances are: self-play games, the reliability table, calibration "
        "error and Brier score, before and after the shipped correction.",
    ),
    "completion": (
        "completion:completion",
        "Print the completion script for your shell: commands, options and file names complete on Tab "
        "once your shell runs it (put the eval line in your shell's start-up file).",
    ),
    "config": (
        "about:config_",
        "Where your defaults file is and what it holds (your name, players, house rules).",
    ),
    "demo": ("about:demo", "Walk a bundled example game event by event, showing what the advisor sees."),
    "edit": (
        "table:edit",
        "Open the log in your $EDITOR; it is saved only if it still follows the rules.",
    ),
    "equity": (
        "measuring:equity",
        "Your chance of winning the match from a score: the match-equity table.",
    ),
    "events": ("table:events", "Every event with the number that fixes it (log --replace N ...)."),
    "log": (
        "table:log_",
        'Add events (each one quoted argument, full or shorthand like "ana 64"), or fix event N in '
        "place; all or nothing, and only if the whole log still follows the rules.",
    ),
    "new": ("table:new", "Start a game log: the tags, round 1 and your hand."),
    "progress": (
        "practice:progress",
        "Your accuracy per kind of question, over your lessons, practice and drills.",
    ),
    "reads": (
        "models:reads",
        "How much better the soft reads predict where the hidden tiles are than the exact uniform "
        "counting, on self-play games or the bots' (log-likelihood and Brier score per tile): the "
        "model of play, and 0.5.0's model of the tile alone, on the same deals.",
    ),
    "review": (
        "table:review",
        "After the game: your decisions against the advisor's, when each inference became known, and "
        "each round in hindsight.",
    ),
    "rules": (
        "about:rules",
        "The rule presets and their parameters (and Mexican Train's and Chicken Foot's settings).",
    ),
    "session": (
        "table:session",
        "Interactive: type events as they happen (shorthand like 'ana 64', 'bob d2', 'cy p').",
    ),
    "simulate": (
        "measuring:simulate",
        "Bot tournaments on duplicate deals, with win rates and 95% confidence intervals.",
    ),
    "status": (
        "table:status",
        "The table, your hand, what each opponent can hold, where the unseen tiles are.",
    ),
    "train": (
        "practice:train",
        "A practice game against bots that quizzes you on tile counting; or drills from your own "
        "games (--from GAME, --drills), or from deals where the count decides (--deals N).",
    ),
    "undo": ("table:undo", "Remove the last N events (default 1)."),
    "where": (
        "table:where",
        "Where one tile is: known, or the exact chance of each hand and the boneyard.",
    ),
}
# the group's own --help: a game's first steps, on the game of the commands' examples
# (cli/examples.py); written here so that --help imports nothing more
FIRST_STEPS = (
    'new friday.dom --players "me ana bob cy" --hand "66 63 52 31 00"',
    'log friday.dom "me 66" "ana d2" "ana 61" "bob 65 on 6" "cy 53"',
    "status friday.dom",
    "advise friday.dom",
    "session friday.dom",
    "review friday.dom",
    "train --from friday.dom",
)
# the commands that would make something from your defaults: a config that does not read
# stops them (shell.MakingCommand, shell.config_refused)
MAKING = ("new", "train")
# the commands on a log: a config that does not read is one warning, then the built-in
# defaults, so a broken file never stops a game in progress
ON_A_LOG = ("status", "where", "advise", "session", "log", "undo", "edit", "review", "events")


class Program(CommandGroup):
    """The program's group: a shell's completion request that does not read completes
    nothing, never a traceback."""

    def _main_shell_completion(
        self, ctx_args: MutableMapping[str, Any], prog_name: str, complete_var: str | None = None
    ) -> None:
        name = complete_var or f"_{prog_name.replace('-', '_').replace('.', '_')}_COMPLETE".upper()
        if os.environ.get(name):  # as click finds it; only then is the completion loaded
            _readable_requests()
        super()._main_shell_completion(ctx_args, prog_name, complete_var)


def _readable_requests() -> None:
    """Each shell's completion as click's, but a request that does not read (a variable
    missing, ``COMP_CWORD`` not a number) completes nothing: a shell never sends one, and
    click's own reading of it ends in a traceback (issue 39)."""
    from click import shell_completion as sc

    for shell in ("bash", "zsh", "fish"):
        kind = sc.get_completion_class(shell)
        if kind is not None and not getattr(kind, "tolerant", False):
            sc.add_completion_class(_tolerant(kind), shell)


def _tolerant(kind: Any) -> Any:
    class Tolerant(kind):  # type: ignore[misc, valid-type]
        tolerant = True

        def complete(self) -> str:
            try:
                self.get_completion_args()  # the environment read as click reads it
            except (KeyError, ValueError, IndexError):
                return ""
            completed: str = super().complete()
            return completed

    return Tolerant


@click.group(
    cls=Program,
    lazy=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog="\b\nExamples (a game's first steps; each command's --help has more):\n"
    + "\n".join(f"  domino-advisor {line}" for line in FIRST_STEPS),
)
@click.version_option(__version__, package_name="domino-advisor")
@click.pass_context
def main(ctx: click.Context) -> None:
    """A tile-counting advisor for dominoes played at a real table.

    Log your hand and every play, draw and pass you see; it tells you what each
    opponent cannot hold and where every unseen tile probably is.
    """
    if ctx.invoked_subcommand in MAKING or ctx.invoked_subcommand in ON_A_LOG:  # the command line wins
        from domino_advisor.cli import config

        try:
            ctx.default_map = config.load().default_map()
        except DominoError as e:  # said when the command runs (refused, or a warning), so --help works
            ctx.obj = e


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

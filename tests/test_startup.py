"""Commands start at once: the group lists its commands from a static table, and a command
loads only what it needs.  Which modules a command loads is checked here in a fresh
process; how long that takes is scripts/startup.py's business (no test times anything)."""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from domino_advisor.cli import about as cli_about
from domino_advisor.cli import completion as cli_completion
from domino_advisor.cli import measuring as cli_measure
from domino_advisor.cli import models as cli_models
from domino_advisor.cli import practice as cli_practice
from domino_advisor.cli import table as cli_table
from domino_advisor.cli.app import COMMANDS, main

LOGS = Path(__file__).parent / "data" / "logs"

# what the group itself needs: --version and --help load nothing else of ours
GROUP = {
    "domino_advisor",
    "domino_advisor.cli.app",
    "domino_advisor.cli.shell",
    "domino_advisor.views.terminal",
}
GROUP |= {"domino_advisor.base.printable", "domino_advisor.base.errors", "domino_advisor.base.budgets"}
GROUP |= {"domino_advisor.base", "domino_advisor.cli", "domino_advisor.views"}  # each __init__: a docstring
HEAVY = [
    "domino_advisor.advice.advise",
    "domino_advisor.advice.chance",
    "domino_advisor.games.line.engine",
    "domino_advisor.games.line.search",
    "domino_advisor.games.line.bots",
    "domino_advisor.games.line.equity",
    "domino_advisor.games.line.stakes",
    "domino_advisor.advice.calibration",
    "domino_advisor.measure.selfplay",
    "domino_advisor.measure.tournament",
    "domino_advisor.measure.reads_fit",
    "multiprocessing",
    "concurrent.futures",
    "domino_advisor.measure.cluster",
    "distributed",
    "dask",
]
ONLY_ON_DEMAND = [
    *HEAVY,
    "domino_advisor.api",
    "domino_advisor.counting.inference",
    "domino_advisor.log.gamelog",
    "domino_advisor.cli.table",
    "domino_advisor.cli.measuring",
    "domino_advisor.cli.models",
    "rich.table",
    "rich.progress",
    "rich.markdown",
    "importlib.metadata",
]

RUN = """
import json, sys
from domino_advisor.cli.app import main
try:
    main(sys.argv[1:], prog_name="domino-advisor", standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def loaded(*args, env_dir: Path) -> set[str]:
    """The modules loaded by running the command line with ``args`` in a fresh process."""
    env = {"DOMINO_ADVISOR_CONFIG": str(env_dir / "no-config.toml"), "COLUMNS": "80"}
    done = subprocess.run(
        [sys.executable, "-c", RUN, *map(str, args)],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("option", ["--version", "--help"])
def test_version_and_help_load_only_the_group(option, tmp_path):
    modules = loaded(option, env_dir=tmp_path)
    ours = {m for m in modules if m.startswith("domino_advisor")}
    assert ours <= GROUP, ours - GROUP
    assert not modules & set(ONLY_ON_DEMAND), modules & set(ONLY_ON_DEMAND)


# what a command that only reads the log never needs: how a write lands (log/swap)
WRITING = {"domino_advisor.log.swap", "domino_advisor.log.edits"}


def test_status_loads_no_advice(tmp_path):
    modules = loaded("status", LOGS / "classic-3-midround.dom", env_dir=tmp_path)
    assert "domino_advisor.counting.inference" in modules  # it did count
    assert not modules & set(HEAVY), modules & set(HEAVY)
    assert not modules & {"domino_advisor.games.hub.logmatch", "rich.progress"}
    assert not modules & WRITING, modules & WRITING


def test_the_core_classes_status_loads_have_docstrings_of_their_own(tmp_path):
    """A dataclass without a docstring has one made for it as its module loads, from
    ``inspect.signature`` (a tenth of a millisecond each): the core's classes that
    ``status`` loads say what they are themselves."""
    import dataclasses
    import importlib

    core = ("domino_advisor.base", "domino_advisor.games", "domino_advisor.log", "domino_advisor.counting")
    modules = loaded("status", LOGS / "classic-3-midround.dom", env_dir=tmp_path)
    made = []
    for name in sorted(m for m in modules if m.startswith(core) or m == "domino_advisor.api"):
        for value in vars(importlib.import_module(name)).values():
            if dataclasses.is_dataclass(value) and isinstance(value, type) and value.__module__ == name:
                if (value.__doc__ or "").startswith(f"{value.__name__}("):
                    made.append(f"{name}.{value.__name__}")
    assert not made, made


def test_logging_loads_no_advice(tmp_path):
    log = tmp_path / "game.dom"
    shutil.copy(LOGS / "classic-3-midround.dom", log)
    modules = loaded("log", "-q", log, "ana has 3", env_dir=tmp_path)
    assert log.read_text().endswith("ana has 3\n")
    assert not modules & set(HEAVY), modules & set(HEAVY)
    unwanted = {"domino_advisor.games.hub.logmatch", "domino_advisor.views.statusview", "rich.table"}
    assert not modules & unwanted


def test_the_table_holds_every_command_with_its_own_short_help():
    defined = {
        c.name: c
        for module in (cli_table, cli_about, cli_practice, cli_measure, cli_models, cli_completion)
        for c in vars(module).values()
        if isinstance(c, click.Command)
    }
    assert set(COMMANDS) == set(defined)
    for name, (_, short) in COMMANDS.items():
        command = main.commands[name]
        assert command is defined[name] and command.name == name
        shown = click.Command(name, help=short)
        for limit in range(1, 200):
            assert shown.get_short_help_str(limit) == command.get_short_help_str(limit), (name, limit)


@pytest.mark.parametrize("width", [40, 80, 200])
def test_help_is_what_click_prints_with_every_command_loaded(width):
    plain = click.Group(main.name, commands={name: main.commands[name] for name in COMMANDS})
    plain.params, plain.help, plain.epilog = main.params, main.help, main.epilog
    shown = []
    for group in (main, plain):
        with click.Context(
            group, info_name="domino-advisor", terminal_width=width, **main.context_settings
        ) as ctx:
            shown.append(group.get_help(ctx))
    assert shown[0] == shown[1]
    assert "Commands:" in shown[0] and "status" in shown[0]


def test_commands_list_without_loading():
    assert list(main.commands) == list(COMMANDS)
    assert main.list_commands(click.Context(main)) == sorted(COMMANDS)
    assert main.get_command(click.Context(main), "no-such") is None


def test_the_program_starts_with_the_collector_paused_then_frozen():
    """Run as the program (the console script, ``python -m``), the modules it starts with
    load with the collector paused and are then frozen, the collector on again; imported
    as a library (``cli.app``), nothing of the kind."""
    code = (
        "import gc, sys\n"
        "from {module} import {name}\n"
        "print(gc.isenabled(), gc.get_freeze_count(), file=sys.stderr)\n"
    )
    seen = {}
    for module, name in (("domino_advisor.__main__", "run"), ("domino_advisor.cli.app", "main")):
        done = subprocess.run(
            [sys.executable, "-c", code.format(module=module, name=name)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        enabled, frozen = done.stderr.split()
        seen[module] = enabled == "True", int(frozen)
    assert seen["domino_advisor.__main__"][0] and seen["domino_advisor.__main__"][1] > 10_000, seen
    assert seen["domino_advisor.cli.app"] == (True, 0), seen


def test_startup_measures_what_the_console_script_runs():
    import tomllib

    root = Path(__file__).parents[1]
    script = tomllib.loads((root / "pyproject.toml").read_text())["project"]["scripts"]["domino-advisor"]
    module, name = script.split(":")
    assert f"from {module} import {name};" in (root / "scripts" / "startup.py").read_text()


def test_the_program_leaves_its_objects_to_the_system_at_exit(tmp_path):
    """Run as the program, the command line freezes what it made before exiting (nothing
    is traced and freed at exit); exit handlers still run and the exit code is kept.  A
    test's runner passes the arguments, and its process is left alone."""
    code = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0, file=sys.stderr))\n"
        "from domino_advisor.cli.app import main\n"
        "main(prog_name='domino-advisor')\n"
    )
    env = {**os.environ, "DOMINO_ADVISOR_CONFIG": str(tmp_path / "none.toml")}
    for args, exit_code in ((["--version"], 0), (["where", tmp_path / "no.dom", "6-6"], 2)):
        run = [sys.executable, "-c", code, *map(str, args)]
        done = subprocess.run(run, capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == exit_code and "frozen True" in done.stderr, done.stderr
    frozen = gc.get_freeze_count()  # the test run's own (conftest)
    res = CliRunner().invoke(main, ["--version"])
    assert res.exit_code == 0 and gc.get_freeze_count() == frozen


def test_finding_your_config_on_linux_loads_no_platformdirs(tmp_path):
    """platformdirs (and the tempfile, shutil, bz2 and lzma it imports) cost 3% of a
    command's start; on Linux the config's folder is worked out without it."""
    if not sys.platform.startswith("linux"):
        pytest.skip("elsewhere platformdirs finds the folder")
    env = {k: v for k, v in os.environ.items() if k != "DOMINO_ADVISOR_CONFIG"}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME="", COLUMNS="80")
    done = subprocess.run(
        [sys.executable, "-c", RUN, "status", str(LOGS / "classic-3-midround.dom")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    modules = set(json.loads(done.stderr.strip().splitlines()[-1]))
    assert "domino_advisor.cli.config" in modules  # it did look for your config
    assert "platformdirs" not in modules


LEARNING = {"fsrs", "glicko2"}  # the schedule and the levels: the learning commands' own


@pytest.mark.parametrize(
    "command",
    [
        ["status"],
        ["advise", "--samples", "4"],
        ["session"],
    ],
    ids=["status", "advise", "session"],
)
def test_the_table_commands_load_no_learning_library(command, tmp_path):
    """fsrs and glicko2 are loaded by train and progress only: at the table they would be
    start-up paid for nothing."""
    log = tmp_path / "game.dom"
    shutil.copy(LOGS / "classic-3-midround.dom", log)
    modules = loaded(*command, log, env_dir=tmp_path)
    assert "domino_advisor.counting.inference" in modules  # it did its work
    assert not modules & LEARNING, modules & LEARNING


def test_progress_loads_the_level_library(tmp_path):
    """The check above could pass by loading nothing: progress rates your levels."""
    modules = loaded("progress", env_dir=tmp_path)
    assert "glicko2" in modules

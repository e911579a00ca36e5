"""How long the commands take to start: the CPU time of the whole process (user + sys),
against a bare ``python -c "import rich.console, click"`` on the same interpreter.

Each pair runs the baseline and the command one after the other (in alternating order),
so a busy machine slows both; the table gives the median CPU milliseconds and the median
of the ratios, pair by pair.  Output goes to /dev/null; the config and data folders are
empty temporary ones (``XDG_CONFIG_HOME``, ``XDG_DATA_HOME``), so your own files change
nothing.

Python's compiled bytecode is kept in a temporary folder (``PYTHONPYCACHEPREFIX``, after
one run of each to fill it), as an installed package has its own: without it every run
would compile the package afresh and time that.  ``--as-is`` leaves that to the
environment (with ``PYTHONDONTWRITEBYTECODE`` set and no ``__pycache__``, the package is
compiled in every run; the baseline's modules are not).

    python scripts/startup.py [--pairs 20] [--as-is]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

BARE = "import rich.console, click"
# what the console script runs (pyproject.toml's [project.scripts]; tests/test_startup.py checks)
CLI = "import sys; from domino_advisor.__main__ import run; sys.argv[0] = 'domino-advisor'; run()"

# a double-six round in the middle (the log corpus's classic-3-midround)
LOG = """\
[Rules "classic"]
[Players "me ana bob"]
[Me "me"]

round 1
me holds 6-3 4-2 3-2 3-0 1-1
bob plays 3-3
me plays 6-3 on 3
ana plays 6-5 on 6
bob draws 2
bob plays 5-0 on 5
me plays 3-2 on 3
ana plays 6-0 on 0
bob plays 6-1 on 6
me plays 4-2 on 2
ana plays 2-1 on 1
bob plays 4-4 on 4
me draws 4-3
me plays 4-3 on 4
ana plays 5-3 on 3
bob draws 1
bob plays 5-2 on 2
me draws 6-2 5-4
me plays 5-4 on 5
ana draws 3
ana plays 5-5 on 5
"""


def cpu_ms(argv: list[str], env: dict[str, str]) -> float:
    """The CPU time of one run of ``argv`` (user + sys, its children's included), in ms."""
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        pid = os.posix_spawn(
            argv[0],
            argv,
            env,
            file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1)],
        )
    finally:
        os.close(devnull)
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv[1:])} failed (exit {os.waitstatus_to_exitcode(status)})")
    return (usage.ru_utime + usage.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=20, help="runs of each command against the baseline")
    parser.add_argument("--as-is", action="store_true", help="leave the bytecode settings to the environment")
    options = parser.parse_args()
    pairs = options.pairs
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        env = {
            **os.environ,
            "XDG_CONFIG_HOME": str(tmp / "config"),  # where platformdirs looks, as for you
            "XDG_DATA_HOME": str(tmp / "data"),
            "COLUMNS": "80",
        }
        if not options.as_is:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(tmp / "bytecode")
        log = tmp / "game.dom"
        fresh = tmp / "fresh.dom"
        fresh.write_text(LOG)
        commands = {
            "--version": ["--version"],
            "--help": ["--help"],
            'log -q FILE "ana has 3"': ["log", "-q", str(log), "ana has 3"],
            "status FILE": ["status", str(fresh)],
        }
        bare = [sys.executable, "-c", BARE]
        rows = []
        baselines: list[float] = []
        for args in commands.values():  # the bytecode written once, before any run is timed
            log.write_text(LOG)
            cpu_ms([sys.executable, "-c", CLI, *args], env)
        cpu_ms(bare, env)
        for name, args in commands.items():
            ratios, times = [], []
            for k in range(pairs):
                log.write_text(LOG)  # the same one event logged every time
                run = [sys.executable, "-c", CLI, *args]
                if k % 2:
                    command, base = cpu_ms(run, env), cpu_ms(bare, env)
                else:
                    base, command = cpu_ms(bare, env), cpu_ms(run, env)
                ratios.append(command / base)
                times.append(command)
                baselines.append(base)
            rows.append((name, statistics.median(times), statistics.median(ratios)))
    print(f"{'command':<34} {'CPU ms':>8} {'ratio':>7}")
    for name, ms, ratio in rows:
        print(f"{name:<34} {ms:8.1f} {ratio:6.2f}x")
    print(f"{'bare: ' + BARE:<34} {statistics.median(baselines):8.1f}   1.00x")
    print(f"(medians of {pairs} pairs each{'; bytecode as the environment has it' if options.as_is else ''})")


if __name__ == "__main__":
    main()

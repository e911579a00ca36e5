"""What the games of a long measurement cost where they run (issue 43; docs/speed.md):
the same tournament in one process, in the process pool (``--jobs 2`` without
``distributed``), and on the embedded Dask cluster (``--jobs 2`` with it), each a real
process, its wall time and the CPU of it and its workers; the figures each printed must
be the same bytes.

    python scripts/cluster_speed.py --games 400 -- --rules block --players 2 --bots advisor,heavy --seed 4371

Run it on an otherwise idle machine for the wall times (CPU time reads the same on a busy one).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

POOL = """
import sys
from domino_advisor.measure import cluster
cluster.has_dask = lambda: False  # the process pool, as without distributed
from domino_advisor.cli.app import main
main(sys.argv[1:], prog_name="domino-advisor")
"""
CLI = "from domino_advisor.cli.app import main; import sys; main(sys.argv[1:], prog_name='domino-advisor')"


def timed(argv: list[str]) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds of the process and its children, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("simulate", nargs="*", help="simulate's options, after --")
    args = ap.parse_args()
    command = ["simulate", *args.simulate, "--games", str(args.games), "--json"]
    runs = {
        "one process": [sys.executable, "-c", CLI, *command],
        "process pool, --jobs 2": [sys.executable, "-c", POOL, *command, "--jobs", "2"],
        "embedded Dask cluster, --jobs 2": [sys.executable, "-c", CLI, *command, "--jobs", "2"],
    }
    printed = set()
    for name, argv in runs.items():
        wall, cpu, out = timed(argv)
        printed.add(out)
        print(f"{name}: {wall:.1f} s wall, {cpu:.1f} s CPU", flush=True)
    print("the same figures every way" if len(printed) == 1 else "THE FIGURES DIFFER")


if __name__ == "__main__":
    main()

"""Time ``review`` and ``events`` on the long logs (docs/speed.md, "Long logs").

    python scripts/bench_long_logs.py [--skip-review]

Writes a whole 8-player double-twelve Mexican Train match and a legal classic log near
the 1 MB cap (``tests/longlogs.py``, fixed seeds), then runs each command as a real
process of the installed version and prints its wall time, CPU time and peak memory
(max RSS). The near-cap log takes about 40 s to make.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from longlogs import mexican_train_match, near_cap_log


def measure(*args: str) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds and peak MB of one process of the command (stdout to
    a pipe, read and dropped), and its exit code."""
    start = time.monotonic()
    p = subprocess.Popen(
        [sys.executable, "-m", "domino_advisor", *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert p.stdout is not None
    while p.stdout.read(1 << 16):
        pass
    _, status, used = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return time.monotonic() - start, used.ru_utime + used.ru_stime, used.ru_maxrss / 1024, p.returncode


def write_logs(folder: Path) -> None:
    (folder / "mexican-train-8.dom").write_text(mexican_train_match())
    (folder / "near-cap.dom").write_text(near_cap_log())


def main() -> None:
    if sys.argv[1:2] == ["--write"]:
        write_logs(Path(sys.argv[2]))
        return
    folder = Path(tempfile.mkdtemp())
    # made in another process: a child forked from this one would count its pages
    subprocess.run([sys.executable, __file__, "--write", str(folder)], check=True)
    match, cap = folder / "mexican-train-8.dom", folder / "near-cap.dom"
    print(f"logs in {folder}: {match.name} {match.stat().st_size:,} bytes, {cap.name} {cap.stat().st_size:,}")
    cases = [("events (piped)", ["events", str(cap)]), ("events --json", ["events", str(cap), "--json"])]
    if "--skip-review" not in sys.argv:
        cases.append(("review of the 8-player match", ["review", str(match), "--json"]))
    for name, args in cases:
        wall, cpu, mb, code = measure(*args)
        print(f"{name:32} {wall:7.2f} s wall {cpu:7.2f} s CPU {mb:6.0f} MB peak   exit {code}")


if __name__ == "__main__":
    main()

"""No process of a run outlives it: a ``simulate``, ``calibrate`` or ``reads`` run with
``--jobs 2`` (a pool, or with distributed installed the embedded Dask cluster) and an
``advise`` with forked workers (``DOMINO_ADVISOR_WORKERS=2``), its parent killed
(SIGKILL: no handler can run), ended (SIGTERM) or hung up on (SIGHUP) once its workers
exist, leaves nothing running 5 s later (the workers used to play on for minutes, or
wait forever).

Real processes, each run in a session of its own, so its workers are found by the
session even once the parent is gone and they belong to nobody; whatever a test sees,
the session is killed at its end.  Linux only (``/proc``)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from clitools import CLI
from domino_advisor.base import cores

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not cores.CAN_FORK, reason="the workers are forked processes, found in /proc (Linux)"),
]

LEFT_WITHIN = 5.0  # seconds after the parent's death: the bar the issue set (it takes milliseconds)
STARTED_WITHIN = 120.0  # for the workers to exist: a safety limit (an idle machine needs a few seconds)

# each run would go on for many minutes: what ends it is the signal
RUNS = {
    "simulate": (
        ["simulate", "--players", "2", "--bots", "advisor:200,heavy", "--games", "100000", "--jobs", "2"],
        2,
    ),
    "calibrate": (["calibrate", "--players", "2", "--games", "100000", "--samples", "200", "--jobs", "2"], 2),
    "reads": (["reads", "--players", "2", "--games", "100000", "--jobs", "2"], 2),
    "advise": (["advise", "{log}", "--samples", "20000"], 1),  # the parent works too: one more worker
}

MEXICAN_TRAIN = """\
[Rules "mexican-train"]
[Set "rounds=1"]
[Players "me ana bob cy"]
[Me "me"]
round 1
me holds 5-5 11-1 2-1 12-5 2-2 12-3 10-9 7-0 3-2 9-0 12-2 8-0 4-2 11-6 1-0
"""


def _session(sid: int, zombies: bool = False) -> list[int]:
    """The live processes of the session ``sid`` (a zombie has ended: it only waits to be
    waited for, and an orphan's may wait long where nothing reaps them), with ``zombies``
    those too."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue  # ended while we looked
        fields = stat[stat.rindex(")") + 2 :].split()  # after the name, which may hold spaces
        state, session = fields[0], int(fields[3])
        if session == sid and (zombies or state not in ("Z", "X")):
            found.append(int(entry))
    return found


def _is_resource_tracker(pid: int) -> bool:
    """multiprocessing's own helper for spawned processes (the embedded Dask cluster's
    workers are spawned): it ends when its parent does, as the workers must."""
    try:
        return b"multiprocessing.resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _helpers(sid: int) -> list[int]:
    """The session's processes but its leader and multiprocessing's resource tracker."""
    return [p for p in _session(sid) if p != sid and not _is_resource_tracker(p)]


def _wait_for(condition, limit: float) -> bool:
    ends = time.monotonic() + limit
    while time.monotonic() < ends:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
@pytest.mark.parametrize("command", list(RUNS))
def test_no_process_of_a_run_outlives_its_parent(tmp_path, command, signum):
    if command != "advise" and len(os.sched_getaffinity(0)) < 2:
        pytest.skip("--jobs is capped at the CPUs: one CPU runs no worker")
    log = tmp_path / "train.dom"
    log.write_text(MEXICAN_TRAIN)
    args, workers = RUNS[command]
    env = dict(
        os.environ,
        DOMINO_ADVISOR_WORKERS="2",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        DOMINO_ADVISOR_DATA=str(tmp_path / "data"),
    )
    said = tmp_path / "stderr"
    with said.open("wb") as stderr:  # a file, not a pipe: a pipe nobody reads could hold the run up
        parent = subprocess.Popen(
            [*CLI, *[a.format(log=log) for a in args]],
            env=env,
            cwd=tmp_path,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,  # its own session: every process of the run, found by it
        )
    sid = parent.pid
    try:
        assert _wait_for(lambda: len(_helpers(sid)) >= workers or parent.poll() is not None, STARTED_WITHIN)
        assert parent.poll() is None, said.read_text()
        # the parent and its workers (and, for a Dask cluster's spawned workers,
        # multiprocessing's resource tracker), no other helper
        assert len(_helpers(sid)) == workers
        os.kill(parent.pid, signum)
        assert parent.wait(timeout=60) == -signum  # it ends as that signal ends a program
        if command == "advise" and signum != signal.SIGKILL:  # its handling ran: ended, waited for
            assert not _session(sid, zombies=True)
        assert _wait_for(lambda: not _session(sid), LEFT_WITHIN), f"left running: {_session(sid)}"
        assert "Traceback" not in said.read_text()
    finally:
        try:
            os.killpg(sid, signal.SIGKILL)  # whatever a failing test left
        except ProcessLookupError:
            pass
        parent.wait()

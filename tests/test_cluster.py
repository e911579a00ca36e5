"""Long measurements on a Dask cluster (``measure.cluster``): the same figures byte for
byte in one process, a pool of processes, the embedded cluster and a real scheduler with
workers of its own; a worker killed mid-run changes nothing; a scheduler that cannot be
reached, or no ``distributed`` at all, is one line and exit 2; the table's commands never
load it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clitools import refused, run
from domino_advisor.measure import cluster

dask = pytest.importorskip("distributed", reason="the cluster extra (pip install 'domino-advisor[cluster]')")

LOGS = Path(__file__).parent / "data" / "logs"
SIMULATE = [
    "simulate",
    "--players",
    "2",
    "--bots",
    "heuristic,heavy",
    "--games",
    "24",
    "--seed",
    "5",
    "--json",
]


def test_the_embedded_cluster_and_the_pool_print_what_one_process_does(runner, monkeypatch):
    alone = run(runner, *SIMULATE)
    assert alone.exit_code == 0, alone.output
    used = []
    real = cluster._connect

    def connect(where):
        client, embedded = real(where)
        workers = list(client.scheduler_info()["workers"])
        used.append((where, [embedded.scheduler_address, *workers, embedded.dashboard_link]))
        return client, embedded

    monkeypatch.setattr(cluster, "_connect", connect)
    on_dask = run(runner, *SIMULATE, "--jobs", "2")
    assert on_dask.exit_code == 0, on_dask.output
    [(where, addresses)] = used  # the embedded cluster played them, listening on 127.0.0.1 only
    assert where == cluster.Machines(2) and len(addresses) == 4
    assert all(a.split("://")[1].startswith("127.0.0.1:") for a in addresses), addresses
    monkeypatch.setattr(cluster, "has_dask", lambda: False)
    pooled = run(runner, *SIMULATE, "--jobs", "2")
    assert alone.output == on_dask.output == pooled.output


def test_a_cluster_that_cannot_start_leaves_the_games_to_this_process(runner, monkeypatch):
    def cannot(where):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(cluster, "_connect", cannot)
    got = run(runner, *SIMULATE[:-1], "--jobs", "2")
    assert got.exit_code == 0, got.output
    assert "could not start a cluster of 2 processes" in got.output


def test_without_distributed_the_scheduler_says_how_to_install_it(runner, monkeypatch):
    monkeypatch.setattr(cluster, "has_dask", lambda: False)
    refused(runner, None, *SIMULATE, "--scheduler", "tcp://127.0.0.1:8786", says="pip install")


def test_a_scheduler_that_cannot_be_reached_is_one_line(runner, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_WITHIN", 1.0)
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    got = refused(runner, None, *SIMULATE, "--scheduler", f"tcp://127.0.0.1:{port}", says="cannot reach")
    assert len(got.output.strip().splitlines()) == 1, got.output


def test_an_address_that_is_no_address_is_one_line(runner):
    refused(runner, None, *SIMULATE, "--scheduler", "  ", says="--scheduler needs an address")
    refused(runner, None, *SIMULATE, "--scheduler", "nowhere://x", says="cannot reach")


RUN = """
import json, sys
from domino_advisor.cli.app import main
try:
    main(sys.argv[1:], prog_name="domino-advisor", standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


@pytest.mark.parametrize("command", [["status"], ["advise", "--samples", "20"], ["where", "{log}", "6-6"]])
def test_the_tables_commands_never_load_dask(tmp_path, command):
    log = LOGS / "classic-3-midround.dom"
    args = [a.replace("{log}", str(log)) for a in command]
    if "{log}" not in " ".join(command):
        args.append(str(log))
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "DOMINO_ADVISOR_CONFIG": str(tmp_path / "none.toml")},
        timeout=300,
    )
    modules = set(json.loads(done.stderr.strip().splitlines()[-1]))
    assert not {m for m in modules if m.split(".")[0] in ("distributed", "dask", "tornado")}
    assert "domino_advisor.measure.cluster" not in modules


# -- a real scheduler and workers of its own, on this machine ---------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def scheduler(tmp_path):
    """A Dask scheduler and two single-threaded worker processes on 127.0.0.1, each in a
    session of its own (killed, with everything they started, at the end)."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask_cli = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    started = [
        subprocess.Popen(
            [*dask_cli, "--host", "127.0.0.1", "--port", str(port), "--dashboard-address", ":0", "--no-show"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    ]
    try:
        workers = [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1"]
        for _ in range(2):
            started.append(
                subprocess.Popen(
                    [*workers, "--no-dashboard", "--host", "127.0.0.1"],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )
            )
        client = dask.Client(address, timeout=60)
        try:
            client.wait_for_workers(2, timeout=120)  # a safety limit: an idle machine needs seconds
        finally:
            client.close()
        yield address, started
    finally:
        for p in started:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait(timeout=30)


@pytest.mark.slow
def test_a_real_cluster_prints_what_one_process_does(runner, scheduler):
    address, _ = scheduler
    for command in (
        SIMULATE,
        ["calibrate", "--players", "2", "--games", "6", "--samples", "20", "--seed", "3", "--json"],
        ["reads", "--players", "2", "--games", "4", "--samples", "20", "--reads-samples", "40", "--json"],
    ):
        alone = run(runner, *command)
        remote = run(runner, *command, "--scheduler", address)
        assert alone.exit_code == 0 and remote.exit_code == 0, remote.output
        assert alone.output == remote.output, command[0]


@pytest.mark.slow
def test_a_worker_killed_mid_run_changes_no_figure(runner, scheduler, monkeypatch):
    address, started = scheduler
    long_run = [*SIMULATE[:3], "--bots", "advisor:30,heavy", "--games", "24", "--seed", "8", "--json"]
    alone = run(runner, *long_run)
    killed = []
    real = cluster._gathered

    def kill_one_worker_once_a_chunk_is_back(*args):
        for i, result in enumerate(real(*args)):
            if i == 0:  # the run is under way, chunks are out on both workers
                os.killpg(started[1].pid, signal.SIGKILL)
                started[1].wait(timeout=30)
                killed.append(time.monotonic())
            yield result

    monkeypatch.setattr(cluster, "_gathered", kill_one_worker_once_a_chunk_is_back)
    remote = run(runner, *long_run, "--scheduler", address)
    assert killed, remote.output  # the worker was killed while the run went on
    assert remote.exit_code == 0, remote.output
    assert remote.output == alone.output

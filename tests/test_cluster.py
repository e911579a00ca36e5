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
import threading
from pathlib import Path

import pytest

from clitools import refused, run
from domino_advisor.measure import cluster
from test_startup import loaded

dask = pytest.importorskip("distributed", reason="the cluster extra (pip install 'domino-advisor[cluster]')")
from domino_advisor.measure import daskrun  # noqa: E402 - only where distributed is

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
    real = daskrun.connect

    def connect(address, jobs):
        client, embedded = real(address, jobs)
        workers = list(client.scheduler_info()["workers"])
        used.append(((address, jobs), [embedded.scheduler_address, *workers, embedded.dashboard_link]))
        return client, embedded

    monkeypatch.setattr(daskrun, "connect", connect)
    on_dask = run(runner, *SIMULATE, "--jobs", "2")
    assert on_dask.exit_code == 0, on_dask.output
    [(asked, addresses)] = used  # the embedded cluster played them, listening on 127.0.0.1 only
    assert asked == (None, 2) and len(addresses) == 4
    assert all(a.split("://")[1].startswith("127.0.0.1:") for a in addresses), addresses
    monkeypatch.setattr(cluster, "has_dask", lambda: False)
    pooled = run(runner, *SIMULATE, "--jobs", "2")
    assert alone.output == on_dask.output == pooled.output


def test_a_cluster_that_cannot_start_leaves_the_games_to_this_process(runner, monkeypatch):
    def cannot(address, jobs):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(daskrun, "connect", cannot)
    got = run(runner, *SIMULATE[:-1], "--jobs", "2")
    assert got.exit_code == 0, got.output
    assert "could not start a cluster of 2 processes" in got.output


def test_without_distributed_the_scheduler_says_how_to_install_it(runner, monkeypatch):
    monkeypatch.setattr(cluster, "has_dask", lambda: False)
    refused(runner, None, *SIMULATE, "--scheduler", "tcp://127.0.0.1:8786", says="pip install")


def test_a_scheduler_that_cannot_be_reached_is_one_line(runner, monkeypatch):
    monkeypatch.setattr(daskrun, "CONNECT_WITHIN", 1.0)
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    got = refused(runner, None, *SIMULATE, "--scheduler", f"tcp://127.0.0.1:{port}", says="cannot reach")
    assert len(got.output.strip().splitlines()) == 1, got.output


def test_jobs_and_a_scheduler_together_are_refused(runner):
    refused(runner, None, *SIMULATE, "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1", says="leave one out")


def test_a_port_that_is_no_scheduler_is_one_line_not_a_wait(runner, monkeypatch):
    import http.server

    monkeypatch.setattr(daskrun, "CONNECT_WITHIN", 1.0)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    serving = threading.Thread(target=web.serve_forever, daemon=True)
    serving.start()
    try:
        port = web.server_address[1]
        got = refused(runner, None, *SIMULATE, "--scheduler", f"tcp://127.0.0.1:{port}", says="cannot reach")
        assert len(got.output.strip().splitlines()) == 1, got.output
    finally:
        web.shutdown()


def test_workers_with_another_package_are_refused(runner, monkeypatch):
    monkeypatch.setattr(daskrun, "fingerprint", lambda: "not-this-one")  # here only: the workers hash theirs
    refused(runner, None, *SIMULATE, "--jobs", "2", says="another domino-advisor")


def test_an_address_that_is_no_address_is_one_line(runner):
    refused(runner, None, *SIMULATE, "--scheduler", "  ", says="--scheduler needs an address")
    for address in (
        "nowhere://x",
        "tcp://",
        "tcp://host:notaport",
        "tcp://h:99999",
        "inproc://x",
        "ucx://h:1",
    ):
        refused(runner, None, *SIMULATE, "--scheduler", address, says="not a scheduler's address")
    refused(runner, None, *SIMULATE, "--scheduler", "tls://127.0.0.1:1", says="Dask's TLS settings")
    got = refused(runner, None, *SIMULATE, "--scheduler", "tcp://\x1b[31mred:1", says="address")
    assert "\x1b" not in got.output


# advise in the fast tier (status and log are also held to it by test_startup's HEAVY)
@pytest.mark.parametrize(
    "command",
    [
        ["advise", "--samples", "20"],
        pytest.param(["status"], marks=pytest.mark.slow),
        pytest.param(["where", "{log}", "6-6"], marks=pytest.mark.slow),
    ],
)
def test_the_tables_commands_never_load_dask(tmp_path, command):
    log = LOGS / "classic-3-midround.dom"
    args = [a.replace("{log}", str(log)) for a in command]
    if "{log}" not in " ".join(command):
        args.append(str(log))
    modules = loaded(*args, env_dir=tmp_path)
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
    address, _ = scheduler
    long_run = [*SIMULATE[:3], "--bots", "advisor:30,heavy", "--games", "24", "--seed", "8", "--json"]
    alone = run(runner, *long_run)
    killed = []
    real = daskrun.played

    def kill_a_busy_worker_once_a_chunk_is_back(client, *args):
        for i, result in enumerate(real(client, *args)):
            if i == 0:  # the run is under way: kill a worker that is playing a chunk
                busy = [w for w, keys in client.processing().items() if keys]
                pids = client.run(os.getpid, workers=busy[:1])
                os.killpg(os.getpgid(pids[busy[0]]), signal.SIGKILL)
                killed.append(busy[0])
            yield result

    monkeypatch.setattr(daskrun, "played", kill_a_busy_worker_once_a_chunk_is_back)
    remote = run(runner, *long_run, "--scheduler", address)
    assert killed, remote.output  # a worker died with a chunk in its hands
    assert remote.exit_code == 0, remote.output
    assert remote.output == alone.output


@pytest.mark.slow
def test_a_scheduler_lost_mid_run_is_one_line(runner, scheduler, monkeypatch):
    address, started = scheduler
    real = daskrun.played

    def lose_the_scheduler(*args):
        for i, result in enumerate(real(*args)):
            if i == 0:
                os.killpg(started[0].pid, signal.SIGKILL)
                started[0].wait(timeout=30)
            yield result

    monkeypatch.setattr(daskrun, "played", lose_the_scheduler)
    long_run = [*SIMULATE[:3], "--bots", "advisor:30,heavy", "--games", "24", "--seed", "8"]
    got = refused(runner, None, *long_run, "--scheduler", address, says="mid-run")
    assert len(got.output.strip().splitlines()) == 1, got.output


@pytest.mark.slow
def test_the_match_tables_build_the_same_on_a_cluster(monkeypatch):
    from domino_advisor.games.line import equity
    from domino_advisor.measure.cluster import Machines, in_order

    monkeypatch.setattr(equity, "PRESET_TABLES", [("classic", (2, 3))])
    alone = equity.build_all(200, 7)
    spread = equity.build_all(200, 7, run=lambda work, args: in_order(Machines(2), work, args))
    assert json.dumps(alone) == json.dumps(spread)


@pytest.mark.slow
def test_the_match_tables_check_the_same_on_a_cluster(runner):
    args = ["equity", "--check", "--players", "4", "--target", "3", "--matches", "10", "--json"]
    alone = run(runner, *args)
    spread = run(runner, *args, "--jobs", "2")
    assert alone.exit_code == 0 and alone.output == spread.output

"""The chunks of a long measurement on a Dask cluster (``measure.cluster`` decides when):
the embedded one on 127.0.0.1, or a running scheduler.  Imported only where
``distributed`` is, by the commands that measure.

What can go wrong is said in one line, never a traceback: an address that is none
(checked before any connection), a scheduler that does not answer as one within
``CONNECT_WITHIN`` seconds (a web page on that port too), workers whose package differs
from this one (checked on every chunk, so a worker that joins late is checked too), and
a cluster lost mid-run.  Dask's own logging is kept to what is critical.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError
from pathlib import Path
from typing import Any

import distributed
from distributed.comm import CommClosedError
from distributed.diagnostics.plugin import WorkerPlugin

from domino_advisor.base.printable import excerpt

CONNECT_WITHIN = 10.0  # seconds for a scheduler to answer as one
CLOSE_WITHIN = 5.0  # seconds to close the client and the embedded cluster
LOCAL_HOST = "127.0.0.1"  # the embedded cluster listens here only: it runs what it is sent
SCHEMES = ("tcp", "tls")
HOST = re.compile(r"[A-Za-z0-9._-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]")  # a name, an IPv4 or a bracketed IPv6
QUIET = logging.CRITICAL  # Dask's logs: a worker's failed task is the caller's to say


class ClusterTrouble(Exception):
    """Why the cluster cannot be used, in one line (``measure.cluster`` says it as an error)."""


def quiet() -> None:
    """Dask's logging in this process kept to what is critical (its errors become ours)."""
    for name in ("distributed", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(QUIET)


def check_address(address: str) -> None:
    """A scheduler's address as Dask takes one: tcp:// or tls://, a host and a port from 1
    to 65535; tls:// only with Dask's TLS settings in its configuration."""
    shown = excerpt(address, 80)
    scheme, sep, rest = address.partition("://")
    if not sep or scheme not in SCHEMES:
        raise ClusterTrouble(
            f"'{shown}' is not a scheduler's address: write tcp://HOST:PORT (or tls://HOST:PORT)"
        )
    host, colon, port = rest.rpartition(":")
    if not (colon and HOST.fullmatch(host) and port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise ClusterTrouble(
            f"'{shown}' is not a scheduler's address: it needs a host and a port from 1 to 65535, "
            "like tcp://10.0.0.5:8786"
        )
    if scheme == "tls":
        import dask

        if not dask.config.get("distributed.comm.tls.client.cert", None) and not dask.config.get(
            "distributed.comm.tls.ca-file", None
        ):
            raise ClusterTrouble(
                f"'{shown}': tls:// needs Dask's TLS settings (the CA, certificate and key files in its "
                "configuration, distributed.comm.tls): see CONTRIBUTING.md, 'On a cluster'"
            )


def connect(address: str | None, jobs: int) -> tuple[Any, Any]:
    """A client of the scheduler at ``address``, or of an embedded cluster of ``jobs``
    single-threaded worker processes on 127.0.0.1 (each ending with this process); the
    embedded cluster too, to close (None for a scheduler's)."""
    quiet()
    if address is None:
        cluster = None
        try:
            cluster = distributed.LocalCluster(
                n_workers=jobs,
                threads_per_worker=1,
                processes=True,
                host=LOCAL_HOST,
                dashboard_address=f"{LOCAL_HOST}:0",  # its HTTP server too: this machine only, a free port
                worker_dashboard_address=None,
                silence_logs=QUIET,
            )
            client = distributed.Client(cluster)
            client.register_plugin(DieWithUs(os.getpid()))
        except BaseException:
            if cluster is not None:
                _close(None, cluster)
            raise
        return client, cluster
    check_address(address)
    made: list[Any] = []
    failed: list[BaseException] = []

    def reach() -> None:
        try:
            made.append(distributed.Client(address, timeout=CONNECT_WITHIN))
        except BaseException as e:  # whatever Dask raises, said as one line below
            failed.append(e)

    attempt = threading.Thread(target=reach, name="reach-scheduler", daemon=True)
    attempt.start()
    attempt.join(CONNECT_WITHIN + 1)
    if made:
        return made[0], None
    why = f"{failed[0].__class__.__name__}: {excerpt(str(failed[0]), 120)}" if failed else "no answer"
    raise ClusterTrouble(
        f"cannot reach a Dask scheduler at '{excerpt(address, 80)}' within {CONNECT_WITHIN:g} s ({why}); "
        "is it running, and is that its address (its port, not its dashboard's)?"
    )


def fingerprint() -> str:
    """This package's code and data and Python's version, hashed: workers that differ
    could play other games and print other figures."""
    return _fingerprint()


@functools.cache
def _fingerprint() -> str:
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(f"{sys.version_info[0]}.{sys.version_info[1]}".encode())
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".py", ".json", ".dom")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


class OtherPackage(Exception):
    """A worker's package is not this one."""


def _checked(expected: str, work: Callable[[Any], Any], arg: Any) -> Any:
    """``work(arg)`` on a worker whose package is this one."""
    found = fingerprint()
    if found != expected:
        raise OtherPackage(found)
    return work(arg)


def played(
    client: Any,
    cluster: Any,
    work: Callable[[Any], Any],
    args: Sequence[Any],
    address: str | None,
    on_done: Callable[[int], None] | None = None,
) -> Iterator[Any]:
    """The chunks played on the cluster, yielded in order; ``on_done(i)`` as each chunk
    comes back, in any order (a chunk whose worker died is played again on another:
    Dask's own rescheduling).  The client, and the embedded cluster, are closed however
    the run ends."""
    where = (
        "the embedded Dask cluster" if address is None else f"the Dask cluster at '{excerpt(address, 80)}'"
    )
    try:
        try:
            futures = client.map(functools.partial(_checked, fingerprint(), work), list(args), pure=False)
            index = {f.key: i for i, f in enumerate(futures)}
            ready: dict[int, Any] = {}
            next_out = 0
            for future in distributed.as_completed(futures):
                i = index[future.key]
                ready[i] = future.result()
                future.release()
                if on_done:
                    on_done(i)
                while next_out in ready:
                    yield ready.pop(next_out)
                    next_out += 1
        except OtherPackage as e:
            raise ClusterTrouble(
                f"a worker of {where} has another domino-advisor (its code and data hash to {e}, "
                f"this one's to {fingerprint()}): install the same version everywhere"
            ) from None
        except distributed.KilledWorker:
            raise ClusterTrouble(
                f"{where} lost its workers mid-run, again and again: nothing printed"
            ) from None
        except (CancelledError, CommClosedError, OSError, TimeoutError) as e:
            raise ClusterTrouble(
                f"lost {where} mid-run ({e.__class__.__name__}): nothing printed; try again"
            ) from None
    finally:
        _close(client, cluster)


def _close(client: Any, cluster: Any) -> None:
    for closing in (client, cluster):
        if closing is None:
            continue
        try:
            closing.close(timeout=CLOSE_WITHIN)
        except Exception:  # closing what is already going: nothing left to say (a second Ctrl-C goes through)
            pass


class DieWithUs(WorkerPlugin):
    """Every worker of the embedded cluster ends when the command's process ends, however
    it ends (``base.cores.die_with_parent``): the workers are that process's children."""

    name = "domino-advisor-die-with-parent"

    def __init__(self, parent: int) -> None:
        self.parent = parent

    def setup(self, worker: Any) -> None:
        from domino_advisor.base.cores import die_with_parent

        if os.getppid() == self.parent:  # a worker of the embedded cluster, not a remote one
            die_with_parent(self.parent)

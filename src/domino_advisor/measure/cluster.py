"""Where a long measurement's games are played: in this process, in a pool of this
machine's processes, or on a Dask cluster (``distributed``).

The work is a list of chunks of games decided in advance, each chunk seeded by its games'
indices; whoever plays a chunk, its results are taken back in the chunks' order, so one
process, ``--jobs 2`` and a cluster of any size print the same figures byte for byte.

``--jobs N`` with ``distributed`` installed starts an embedded cluster of N worker
processes listening on 127.0.0.1 only (without it, a process pool, as before);
``--scheduler tcp://HOST:PORT`` sends the chunks to a running cluster, whose workers must
have this version of the package.  A worker that dies mid-run has its chunks played again
elsewhere (Dask reschedules them; a pool's are played here), so the figures do not change.
No worker this module starts outlives the command (``base.cores.die_with_parent``).
``distributed`` is imported here only, by the commands that measure: the table's commands
never load it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from domino_advisor.base.cores import process_pool
from domino_advisor.base.errors import DominoError

INSTALL = "pip install 'domino-advisor[cluster]'"  # how to get Dask's distributed, as the messages say it
CONNECT_WITHIN = 10.0  # seconds to reach a scheduler before saying it cannot be reached
LOCAL_HOST = "127.0.0.1"  # the embedded cluster listens here only: it runs what it is sent


class ClusterError(DominoError):
    """The cluster cannot be used: not installed, not reachable, or another version."""


@dataclass(frozen=True)
class Machines:
    """Where the chunks are played: ``jobs`` processes of this machine, or the Dask
    scheduler at ``scheduler``."""

    jobs: int = 1
    scheduler: str | None = None

    @property
    def alone(self) -> bool:
        """Everything in this process."""
        return self.scheduler is None and self.jobs <= 1


def machines_of(jobs: int | Machines) -> Machines:
    """A number of processes is this machine's; a ``Machines`` says itself."""
    return jobs if isinstance(jobs, Machines) else Machines(jobs)


def has_dask() -> bool:
    """Whether ``distributed`` can be imported (it is an optional extra)."""
    import importlib.util

    return importlib.util.find_spec("distributed") is not None


def in_order(
    where: Machines,
    work: Callable[[Any], Any],
    args: Sequence[Any],
    on_warning: Callable[[str], None] | None = None,
) -> Iterator[Any]:
    """``work(a)`` for each of ``args``, yielded in the args' order; each as soon as it and
    all before it are done.  Chunks a pool of processes could not play are played here
    (said to ``on_warning``)."""
    jobs = max(1, min(where.jobs, len(args), os.cpu_count() or 1))  # more would only wait
    if where.scheduler is not None:
        if not has_dask():
            raise ClusterError(f"--scheduler needs Dask's distributed, which is not installed: {INSTALL}")
        yield from _gathered(*_connect(where), work, args, where.scheduler)
        return
    done = 0
    if jobs > 1 and has_dask():
        try:
            connected = _connect(Machines(jobs))
        except Exception as e:  # no more processes, no free port: whatever stops a cluster starting
            jobs = 1
            if on_warning:
                on_warning(f"could not start a cluster of {where.jobs} processes ({e}); playing in this one")
        else:
            yield from _gathered(*connected, work, args, None)
            return
    if jobs > 1:
        try:
            for result in in_processes(jobs, work, list(args)):
                yield result
                done += 1
        except (OSError, BrokenProcessPool) as e:
            if on_warning:
                on_warning(f"could not run {jobs} processes ({e}); playing the rest in this one")
    for a in args[done:]:
        yield work(a)


def _gathered(
    client: Any, cluster: Any, work: Callable[[Any], Any], args: Sequence[Any], address: str | None
) -> Iterator[Any]:
    """The chunks played on a Dask cluster, yielded in order (a chunk whose worker died is
    played again on another: Dask's own rescheduling); the client, and the embedded
    cluster, closed however the run ends."""
    import distributed

    try:
        if address is not None:
            _same_version(client, address)
        keys = [f"chunk-{i}-{os.getpid()}" for i in range(len(args))]
        futures = client.map(work, list(args), pure=False, key=keys)
        index = {f.key: i for i, f in enumerate(futures)}
        ready: dict[int, Any] = {}
        next_out = 0
        for future in distributed.as_completed(futures):
            ready[index[future.key]] = future.result()
            future.release()
            while next_out in ready:
                yield ready.pop(next_out)
                next_out += 1
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _connect(where: Machines) -> tuple[Any, Any]:
    """A client of the scheduler named, or of an embedded cluster of ``jobs`` workers on
    127.0.0.1 (each ending with this process)."""
    import logging

    import distributed

    if where.scheduler is None:
        cluster = distributed.LocalCluster(
            n_workers=where.jobs,
            threads_per_worker=1,
            processes=True,
            host=LOCAL_HOST,
            dashboard_address=f"{LOCAL_HOST}:0",  # its HTTP server too: this machine only, a free port
            silence_logs=logging.ERROR,
            worker_dashboard_address=None,
        )
        client = distributed.Client(cluster)
        from domino_advisor.measure.daskplugin import DieWithUs

        client.register_plugin(DieWithUs(os.getpid()))
        return client, cluster
    try:
        client = distributed.Client(where.scheduler, timeout=CONNECT_WITHIN)
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(
            f"cannot reach the Dask scheduler at '{where.scheduler}' ({e.__class__.__name__}: {e}); "
            "is it running, and is the address tcp://HOST:PORT (or tls://HOST:PORT)?"
        ) from None
    return client, None


def _version() -> str:
    import domino_advisor

    return str(domino_advisor.__version__)


def _same_version(client: Any, address: str) -> None:
    """The cluster's workers play with this version of the package, or none of the run is
    sent (another version could play other games and print other figures)."""
    try:
        found = client.run(_version)
    except Exception as e:  # a worker without the package: its import fails there
        raise ClusterError(
            f"the workers at '{address}' cannot run domino-advisor ({e.__class__.__name__}: {e}): "
            f"install domino-advisor {_version()} on every worker"
        ) from None
    if not found:
        raise ClusterError(
            f"the Dask scheduler at '{address}' has no workers: start some (dask worker {address})"
        )
    other = sorted({v for v in found.values() if v != _version()})
    if other:
        raise ClusterError(
            f"the workers at '{address}' have domino-advisor {', '.join(other)}, this is {_version()}: "
            "install the same version everywhere (the figures depend on it)"
        )


def in_processes(jobs: int, work: Callable[[Any], Any], args: list[Any]) -> Iterator[Any]:
    """``work``'s results for each of ``args``, in order, from a pool of processes; a
    pool that cannot start (no more processes allowed) is shut down at once, its workers
    ended, not waited for.  No worker outlives this process, however it ends
    (``base.cores.process_pool``)."""
    pool = process_pool(jobs)
    try:
        yield from pool.map(work, args)
    except BaseException:
        _quiet_teardown()
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        raise
    pool.shutdown()


def _quiet_teardown() -> None:
    """A pool ended mid-way (Ctrl-C) has its manager thread mark futures already
    cancelled as broken, which raises in that thread (a known race in
    concurrent.futures): that is no news to someone who pressed Ctrl-C, so it is not
    printed as a traceback."""
    import threading
    from concurrent.futures import InvalidStateError

    previous = threading.excepthook

    def hook(args: Any) -> None:
        if not isinstance(args.exc_value, InvalidStateError):
            previous(args)

    threading.excepthook = hook

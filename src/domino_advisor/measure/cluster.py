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

from domino_advisor.base.cores import process_pool, tell
from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import excerpt

CLUSTER_SHARE = 64  # a scheduler's games are cut for this many workers (chunks of a game or a few)
INSTALL = "pip install 'domino-advisor[cluster]'"  # how to get Dask's distributed, as the messages say it


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

    @property
    def share(self) -> int:
        """How many to share the games between, for the size of their chunks: the jobs, or
        for a cluster of unknown size as many as a large one has (``CLUSTER_SHARE``)."""
        return self.jobs if self.scheduler is None else CLUSTER_SHARE


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
    on_done: Callable[[int], None] | None = None,
) -> Iterator[Any]:
    """``work(a)`` for each of ``args``, yielded in the args' order, each as soon as it and
    all before it are done; ``on_done(i)`` as each comes back, in whatever order (for the
    progress bar).  Chunks a pool of processes could not play are played here (said to
    ``on_warning``, else to the command's listener: ``base.cores.tell``); what stops a
    cluster is a ``ClusterError``."""
    on_warning = on_warning or tell
    jobs = max(1, min(where.jobs, len(args), os.cpu_count() or 1))  # more would only wait
    if where.scheduler is not None:
        if not has_dask():
            raise ClusterError(f"--scheduler needs Dask's distributed, which is not installed: {INSTALL}")
        yield from _on_dask(where.scheduler, jobs, work, args, on_done)
        return
    if jobs > 1 and has_dask():
        try:
            yield from _on_dask(None, jobs, work, args, on_done)
            return
        except _NoStart as e:
            jobs = 1
            on_warning(f"could not start a cluster of {where.jobs} processes ({e}); playing in this one")
    done = 0
    if jobs > 1:
        try:
            for result in in_processes(jobs, work, list(args)):
                yield result
                if on_done:
                    on_done(done)
                done += 1
        except (OSError, BrokenProcessPool) as e:
            on_warning(f"could not run {jobs} processes ({e}); playing the rest in this one")
    for i in range(done, len(args)):
        yield work(args[i])
        if on_done:
            on_done(i)


class _NoStart(Exception):
    """The embedded cluster could not start (the games are played here instead)."""


def _on_dask(
    address: str | None,
    jobs: int,
    work: Callable[[Any], Any],
    args: Sequence[Any],
    on_done: Callable[[int], None] | None,
) -> Iterator[Any]:
    from domino_advisor.measure import daskrun

    try:
        client, cluster = daskrun.connect(address, jobs)
    except daskrun.ClusterTrouble as e:
        raise ClusterError(str(e)) from None
    except Exception as e:  # no more processes, no free port: whatever stops a cluster starting
        if address is not None:
            raise ClusterError(f"cannot use the Dask scheduler at '{excerpt(address, 80)}' ({e})") from None
        raise _NoStart(e) from None
    try:
        yield from daskrun.played(client, cluster, work, args, address, on_done)
    except daskrun.ClusterTrouble as e:
        raise ClusterError(str(e)) from None


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

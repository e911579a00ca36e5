"""A piece of advice shared between the machine's cores, with the same answer on one.

The work is a list of items decided in advance (the sampled worlds, drawn first in one
process), each worked out on its own and independent of the others: item ``i`` goes to
worker ``i % workers`` and the answers are put back in item order, so the number of
workers and the order they finish in change only how long it takes.  The other workers
are forked copies of this process (they see the items without sending them), each
sending back its answers through a pipe; where a process cannot be forked, or a worker
fails, the items left are worked out here.

``DOMINO_ADVISOR_WORKERS`` sets how many processes (1: this one only); by default one
per core this process may use, at most ``MOST_WORKERS``.
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

MOST_WORKERS = 4  # beyond this, a table's advice gains little and the forks cost memory
WORKERS_VARIABLE = "DOMINO_ADVISOR_WORKERS"
# fork is the cheap way to share the items; macOS's system libraries do not promise to
# survive it, and Windows has none: one process there
CAN_FORK = sys.platform.startswith("linux")


def default_workers() -> int:
    """The processes advice may use: ``DOMINO_ADVISOR_WORKERS``, else the cores this
    process may run on (at most ``MOST_WORKERS``)."""
    said = os.environ.get(WORKERS_VARIABLE, "").strip()
    if said.isdigit() and int(said) > 0:
        return min(int(said), 64)
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, MOST_WORKERS))


def share(work: Callable[[int], T], count: int, workers: int = 1, deadline: float | None = None) -> list[T]:
    """``work(i)`` for each item ``i`` below ``count``, in item order, from ``workers``
    processes.  ``deadline`` (``time.perf_counter``'s): a worker begins no item past it
    but its first, and the answer is the run of items from the first that all finished."""
    workers = max(1, min(workers, count))
    if workers == 1 or not CAN_FORK:
        return _alone(work, range(count), deadline, 1)
    children: list[_Child] = []
    done: dict[int, T] = {}
    gc.freeze()  # the workers never collect (or finalize) what this process holds
    try:
        for k in range(1, workers):
            try:
                _fork(work, range(k, count, workers), deadline, children)
            except OSError:
                break  # no more processes: the items left are worked out here
        gc.unfreeze()
        mine = range(0, count, workers)
        done.update(zip(mine, _alone(work, mine, deadline, workers), strict=False))
        for child in children:
            done.update(child.answers())
    except BaseException:
        for child in children:
            child.end()
        raise
    finally:
        gc.unfreeze()
        for child in children:
            child.reap()
    out: list[T] = []
    for i in range(count):
        if i not in done:
            if deadline is not None and i and time.perf_counter() > deadline:
                break  # not finished in time: the run stops here
            done[i] = work(i)  # a worker that failed, or was never started: its items are worked out here
        out.append(done[i])
    return out


def _alone(work: Callable[[int], T], items: range, deadline: float | None, first: int) -> list[T]:
    """The items in order in this process, stopping at the deadline (items below ``first``
    are each worker's first, always done)."""
    out = []
    for i in items:
        if deadline is not None and i >= first and time.perf_counter() > deadline:
            break
        out.append(work(i))
    return out


class _Child:
    """A forked worker: its process, and the pipe its answers come through."""

    def __init__(self, pid: int, pipe: int):
        self.pid, self.pipe = pid, pipe
        self.reaped = False

    def answers(self) -> dict:
        """What it sent, once it has ended; nothing from a worker that failed."""
        chunks = []
        while chunk := os.read(self.pipe, 1 << 16):
            chunks.append(chunk)
        status = self.reap()
        if status != 0 or not chunks:
            return {}
        try:
            answers: dict = pickle.loads(b"".join(chunks))
        except Exception:  # cut short: those items are worked out again here
            return {}
        return answers

    def end(self) -> None:
        if not self.reaped:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass

    def reap(self) -> int:
        """Wait for it to end (once), the pipe closed; its exit status."""
        if self.reaped:
            return -1
        self.reaped = True
        os.close(self.pipe)
        _, status = os.waitpid(self.pid, 0)
        return status


def _fork(work: Callable[[int], T], items: range, deadline: float | None, children: list[_Child]) -> None:
    """A forked worker on ``items``, added to ``children`` as soon as it exists: it sends
    its answers by item and ends without running anything of this process's on the way
    out (no buffers flushed, no handlers).  It takes no lock another thread could hold
    (it prints nothing, logs nothing), so a progress bar's thread in this process is no
    danger to it (Python 3.12 warns of forking beside threads in general)."""
    read, write = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(read)
        os.close(write)
        raise
    if pid:
        children.append(_Child(pid, read))
        os.close(write)
        return
    code = 1
    try:  # the worker: only this, then out
        os.close(read)
        for sibling in children:
            os.close(sibling.pipe)
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends it at once
        answers = dict(zip(items, _alone(work, items, deadline, items.step), strict=False))
        data = pickle.dumps(answers, protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(write, view) :]
        code = 0
    finally:
        os._exit(code)

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
    children: list[tuple[int, int]] = []  # (process, the pipe its answers come through)
    done: dict[int, T] = {}
    try:
        for k in range(1, workers):
            children.append(_fork(work, range(k, count, workers), deadline, children))
        mine = range(0, count, workers)
        done.update(zip(mine, _alone(work, mine, deadline, workers), strict=False))
    except BaseException:
        for pid, _ in children:
            _end(pid)
        raise
    finally:
        for pid, pipe in children:
            done.update(_answers(pid, pipe))
    out: list[T] = []
    for i in range(count):
        if i not in done:
            if deadline is not None:
                break  # not finished in time: the run stops here
            done[i] = work(i)  # a worker that failed: its items are worked out here
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


def _fork(
    work: Callable[[int], T], items: range, deadline: float | None, siblings: list[tuple[int, int]]
) -> tuple[int, int]:
    """A forked worker on ``items``: it sends its answers by item and ends without running
    anything of this process's on the way out (no buffers flushed, no handlers)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write)
        return pid, read
    code = 1
    try:  # the worker: only this, then out
        os.close(read)
        for _, pipe in siblings:
            os.close(pipe)
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends it at once
        answers = dict(zip(items, _alone(work, items, deadline, items.step), strict=False))
        data = pickle.dumps(answers, protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(write, view) :]
        code = 0
    finally:
        os._exit(code)


def _answers(pid: int, pipe: int) -> dict:
    """What a worker sent, once it has ended; nothing from a worker that failed."""
    chunks = []
    try:
        while chunk := os.read(pipe, 1 << 16):
            chunks.append(chunk)
    finally:
        os.close(pipe)
        _, status = os.waitpid(pid, 0)
    if status != 0 or not chunks:
        return {}
    try:
        answers: dict = pickle.loads(b"".join(chunks))
    except Exception:  # cut short: those items are worked out again here
        return {}
    return answers


def _end(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass

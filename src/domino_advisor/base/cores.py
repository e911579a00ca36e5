"""A piece of advice shared between the machine's cores, with the same answer on one.

The work is a list of items decided in advance (the sampled worlds, drawn first in one
process), each worked out on its own and independent of the others: item ``i`` goes to
worker ``i % workers`` and the answers are put back in item order, so the number of
workers and the order they finish in change only how long it takes.  The other workers
are forked copies of this process (they see the items without sending them), each
sending back its answers through a pipe; where a process cannot be forked, or a worker
fails, the items left are worked out here.

``DOMINO_ADVISOR_WORKERS`` sets how many processes (1: this one only); by default one
per core this process may use, at most ``MOST_WORKERS``.  A value that is not a number
from 1 to ``MOST_SAID`` in plain digits gets the default, and is told to the listener
the command line sets (``heard_by``), to say in one warning.

No worker outlives the process that started it, however that process ends (SIGKILL
too): ``die_with_parent`` is the first thing every worker does, these forked ones and
the tournaments' pools (``process_pool``) alike.
"""

from __future__ import annotations

import gc
import os
import pickle
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from domino_advisor.base.printable import excerpt

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from types import FrameType

T = TypeVar("T")

MOST_WORKERS = 4  # beyond this, a table's advice gains little and the forks cost memory
MOST_SAID = 64  # the most DOMINO_ADVISOR_WORKERS may ask for
WORKERS_VARIABLE = "DOMINO_ADVISOR_WORKERS"
# fork is the cheap way to share the items; macOS's system libraries do not promise to
# survive it, and Windows has none: one process there
CAN_FORK = sys.platform.startswith("linux")
WATCH_EVERY = 0.5  # seconds between a worker's looks at its parent, where the system cannot tell it

_listener: Callable[[str], None] | None = None  # who hears a setting that could not be used
_heard: set[str] = set()


def heard_by(listener: Callable[[str], None] | None) -> None:
    """``listener`` is told, once a command, of a ``DOMINO_ADVISOR_WORKERS`` that could not
    be used and what was used instead (the command line says it on standard error; this
    module prints nothing)."""
    global _listener
    _listener = listener
    _heard.clear()


def default_workers() -> int:
    """The processes advice may use: ``DOMINO_ADVISOR_WORKERS``, else the cores this
    process may run on (at most ``MOST_WORKERS``)."""
    said = os.environ.get(WORKERS_VARIABLE, "").strip()
    if re.fullmatch(r"[0-9]{1,9}", said) and 1 <= int(said) <= MOST_SAID:
        return int(said)  # ASCII digits only: '²' passes isdigit() and fails int()
    cores = _cores()
    if said:
        many = "process" if cores == 1 else "processes"
        tell(
            f"{WORKERS_VARIABLE} is '{excerpt(said)}', not a number of processes from 1 to {MOST_SAID}: "
            f"using {cores} {many} (one per core, at most {MOST_WORKERS})"
        )
    return cores


def _cores() -> int:
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, MOST_WORKERS))


def tell(complaint: str) -> None:
    """Say to the command's listener (``heard_by``), once a command, what could not be
    done as asked and what was done instead."""
    if _listener is not None and complaint not in _heard:
        _heard.add(complaint)
        _listener(complaint)


def share(work: Callable[[int], T], count: int, workers: int = 1, deadline: float | None = None) -> list[T]:
    """``work(i)`` for each item ``i`` below ``count``, in item order, from ``workers``
    processes.  ``deadline`` (``time.perf_counter``'s): a worker begins no item past it
    but its first, and the answer is the run of items from the first that all finished."""
    workers = max(1, min(workers, count))
    if workers == 1 or not CAN_FORK:
        return _alone(work, range(count), deadline, 1)
    children: list[_Child] = []
    done: dict[int, T] = {}
    _death_signal()  # found here, before any fork: a worker must take no lock (see _fork)
    with _ended_by_signals():
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
        import signal

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
    danger to it (Python 3.12 warns of forking beside threads in general).  It ends with
    this process (``die_with_parent``), and a SIGTERM or SIGHUP meant for this process
    (see ``_ended_by_signals``) is not its to handle."""
    import signal

    parent = os.getpid()
    ours = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    # held back over the fork: until it has its own handling, the worker is a copy of this
    # process, and a signal's handler there would unwind this process's stack in it
    read, write = os.pipe()
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, ours)
    try:
        pid = os.fork()
    except OSError:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        os.close(read)
        os.close(write)
        raise
    if pid:
        try:
            children.append(_Child(pid, read))
            os.close(write)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        return
    code = 1
    try:  # the worker: only this, then out
        for signum in ours:
            signal.signal(signum, signal.SIG_DFL)  # Ctrl-C, or the end of the session, ends it at once
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        die_with_parent(parent)
        os.close(read)
        for sibling in children:
            os.close(sibling.pipe)
        answers = dict(zip(items, _alone(work, items, deadline, items.step), strict=False))
        data = pickle.dumps(answers, protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(write, view) :]
        code = 0
    finally:
        os._exit(code)


class _EndingSignal(BaseException):
    """A signal that ends this process came while its workers ran."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


@contextmanager
def _ended_by_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP (the terminal closed) end this process as Ctrl-C does while its
    workers run: the workers ended and waited for, then this process ends by that signal,
    as it would have.  Only where the signal would have ended it (its handling is the
    default) and in the main thread (the only one a handler can be set from)."""
    import signal

    def ended(signum: int, frame: FrameType | None) -> None:
        raise _EndingSignal(signum)

    saved = {}
    try:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            if signal.getsignal(signum) == signal.SIG_DFL:
                saved[signum] = signal.signal(signum, ended)
    except ValueError:  # not the main thread: the workers die with this process anyway
        pass
    try:
        yield
    except _EndingSignal as e:
        for signum, old in saved.items():
            signal.signal(signum, old)
        os.kill(os.getpid(), e.signum)
        raise  # not reached: the signal has ended the process
    finally:
        for signum, old in saved.items():
            signal.signal(signum, old)


def die_with_parent(parent: int) -> None:
    """The first thing a worker does: end when ``parent`` (the process that started it)
    ends, however it ends, SIGKILL included, which no handler of the parent's sees.

    On Linux the system sends the worker SIGKILL when its parent dies (``prctl``'s
    ``PR_SET_PDEATHSIG``); a parent that died before that was set is seen at once (the
    worker is another's child by then).  Where the system cannot do it, a thread of the
    worker looks every ``WATCH_EVERY`` seconds.  Every worker this package starts calls
    it, the forked ones here and the pools' (``process_pool``)."""
    set_death_signal = _death_signal()
    if set_death_signal is None or not set_death_signal():
        import threading

        threading.Thread(target=_watch, args=(parent,), name="die-with-parent", daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)  # already gone: nobody would send the signal


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(1)


@cache
def _death_signal() -> Callable[[], bool] | None:
    """What sets this process's death signal to SIGKILL (True if it could), found in the
    parent, before it forks: a fork taken while another thread loads a library would hold
    the loader's lock forever.  None where the system has no ``prctl``."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        import signal

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError, ImportError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    kill = int(signal.SIGKILL)

    def set_death_signal() -> bool:
        return bool(prctl(_PR_SET_PDEATHSIG, kill, 0, 0, 0) == 0)

    return set_death_signal


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes, each ending with this process
    (``die_with_parent``).  Forked on Linux, as Python 3.11 to 3.13 do by default, so each
    worker is this process's own child (with a fork server, 3.14's default, the server
    would be its parent); spawned elsewhere."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _death_signal()  # found here, before the pool forks
    context = multiprocessing.get_context("fork" if CAN_FORK else "spawn")
    return ProcessPoolExecutor(jobs, mp_context=context, initializer=die_with_parent, initargs=(os.getpid(),))

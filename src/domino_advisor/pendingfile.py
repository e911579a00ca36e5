"""The answers waiting beside the learner's record while it is busy: one JSON line each.

An answer is on disk (written, synced, its folder synced when the file is new) before
anyone waits on the busy database, so a lesson killed during the wait loses nothing.
Every writer and taker holds ``flock`` on the file; a taker removes it while holding the
lock, and a writer that then finds its open file is no longer the one at the name opens
it again, so no line goes to a file nobody reads.  The names 0.9.0 took a file aside to
(``<name>.<pid>``, lost when killed during its wait) are read as well.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextmanager
def _locked(path: Path, flags: int) -> Iterator[int | None]:
    """The file at ``path`` open and locked, the one that is at the name once locked
    (None: it is gone, another taker took it)."""
    while True:
        try:
            fd = os.open(path, flags, 0o600)
        except FileNotFoundError:
            if not flags & os.O_CREAT:
                yield None
                return
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if same:
                yield fd
                return
            if not flags & os.O_CREAT:
                yield None
                return
        finally:
            os.close(fd)  # closing lets the lock go


def keep(path: Path, line: str) -> None:
    """Append one line, synced before it returns.  A line torn by a kill during an
    earlier write (no newline at the end) is cut off first: its answer had not been kept."""
    new = not os.path.lexists(path)
    with _locked(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND) as fd:
        assert fd is not None
        size = os.fstat(fd).st_size
        if size:
            with open(path, "rb") as f:
                f.seek(max(0, size - 4096))
                tail = f.read()
            if not tail.endswith(b"\n"):
                cut = tail.rfind(b"\n")
                os.ftruncate(fd, size - len(tail) + cut + 1 if cut >= 0 else max(0, size - len(tail)))
        data = (line + "\n").encode("utf-8")
        while data:
            data = data[os.write(fd, data) :]
        os.fsync(fd)
    if new:
        _sync_folder(path.parent)


def found(path: Path) -> list[Path]:
    """The pending files there are: the name itself and 0.9.0's ``<name>.<pid>``."""
    out = [path] if os.path.lexists(path) else []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return out
    prefix = path.name + "."
    out += sorted(path.parent / n for n in names if n.startswith(prefix) and n[len(prefix) :].isdigit())
    return out


@contextmanager
def taken(paths: list[Path]) -> Iterator[list[tuple[Path, str]]]:
    """Each file locked and read; removed if the block ends without an exception (a
    taker gets the database's write lock first, so it holds these locks only briefly)."""
    with _all_locked(paths) as held:
        yield [(p, text) for p, _fd, text in held]
        for p, _fd, _text in held:
            os.unlink(p)
        if held:
            _sync_folder(held[0][0].parent)


@contextmanager
def _all_locked(paths: list[Path]) -> Iterator[list[tuple[Path, int, str]]]:
    if not paths:
        yield []
        return
    first, rest = paths[0], paths[1:]
    with _locked(first, os.O_RDONLY) as fd:
        text = ""
        if fd is not None:
            with os.fdopen(os.dup(fd), "rb") as f:
                text = f.read().decode("utf-8", errors="replace")
        with _all_locked(rest) as others:
            yield ([(first, fd, text)] if fd is not None else []) + others

"""The answers waiting beside the learner's record while it is busy: one JSON line each.

An answer is on disk (written, synced, its folder synced when the file is new) before
anyone waits on the busy database, so a lesson killed during the wait loses nothing.
Every writer and taker holds ``flock`` on the file; a taker removes it while holding the
lock, and a writer that then finds its open file is no longer the one at the name opens
it again, so no line goes to a file nobody reads.  The names 0.9.0 took a file aside to
(``<name>.<pid>``, lost when killed during its wait) are read as well.

Only the record's own file is written, read or removed: a regular file of this user's
with one name, opened without following a link (``O_NOFOLLOW``; ``O_NONBLOCK`` so a pipe
put there does not stall the open).  Anything else at a pending name (a link to a game
log, a folder, a pipe, a file too big or not text) is ``NotOurs``: left as it is, byte
for byte.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# The most a pending file may hold.  An answer is one line of about 150 bytes, and
# answers wait only while another program holds the record: 8 MB is some 50,000 of
# them, more than years of lessons.  A bigger file is not ours and is never read (a
# 1.5 GB one was read whole: MemoryError).
LIMIT = 8 * 1024 * 1024

_FLAGS = os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class NotOurs(Exception):
    """What is at a pending name is not the record's own file: ``why`` says what it is,
    in a player's words; nothing was written to it, and it was not removed."""

    def __init__(self, path: Path, why: str):
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


def _why_not_ours(st: os.stat_result) -> str | None:
    if stat.S_ISLNK(st.st_mode):
        return "it is a link to another file"
    if not stat.S_ISREG(st.st_mode):
        what = "a folder" if stat.S_ISDIR(st.st_mode) else "a pipe, a device or a socket"
        return f"it is not a file but {what}"
    if st.st_nlink != 1:
        return "it is a file with another name too (a hard link)"
    if st.st_uid != os.geteuid():
        return "it belongs to another user"
    if st.st_size > LIMIT:
        return f"it holds {st.st_size:,} bytes: answers never take more than {LIMIT // 2**20} MB"
    return None


def _open_ours(path: Path, flags: int) -> int:
    """``path`` opened, once found to be the record's own file (``NotOurs`` if not)."""
    try:  # a look first: a device or a pipe is never opened at all
        why = _why_not_ours(os.lstat(path))
    except FileNotFoundError:
        why = None
    if why:
        raise NotOurs(path, why)
    try:
        fd = os.open(path, flags | _FLAGS, 0o600)
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.EMLINK):  # a link put there since the look
            raise NotOurs(path, "it is a link to another file") from None
        if e.errno == errno.ENXIO:  # a pipe nobody reads
            raise NotOurs(path, "it is not a file but a pipe, a device or a socket") from None
        raise
    try:
        why = _why_not_ours(os.fstat(fd))
        if why:
            raise NotOurs(path, why)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _still_at(fd: int, path: Path) -> bool:
    """Whether the open file is the one at the name (not removed, not replaced)."""
    try:
        return os.path.samestat(os.fstat(fd), os.lstat(path))
    except FileNotFoundError:
        return False


@contextmanager
def _locked(path: Path, flags: int) -> Iterator[int | None]:
    """The file at ``path`` open and locked, the one that is at the name once locked
    (None: it is gone, another taker took it)."""
    while True:
        try:
            fd = _open_ours(path, flags)
        except FileNotFoundError:
            if flags & os.O_CREAT:
                raise  # the folder itself is gone
            yield None
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            if _still_at(fd, path):
                yield fd
                return
            if not flags & os.O_CREAT:
                yield None
                return
        finally:
            os.close(fd)  # closing lets the lock go


def keep(path: Path, line: str) -> None:
    """Append one line, synced before it returns (``NotOurs`` if the file at the name is
    not the record's own: nothing is written anywhere).

    A last line with no newline (a write cut short by a kill, or a hand edit) is ended
    with a newline, never cut off: no byte already in the file is ever removed.  Cutting
    it would be right only for a torn line of ours, and a writer cannot be sure of that
    (cutting it once took the last line of a game log a link at the name pointed to); a
    line ended here that does not read is skipped by the reader if it is the start of
    one of ours, and otherwise refused with its line number, for the player to see."""
    new = not os.path.lexists(path)
    with _locked(path, os.O_RDWR | os.O_CREAT | os.O_APPEND) as fd:
        assert fd is not None
        size = os.fstat(fd).st_size
        data = (line + "\n").encode("utf-8")
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data
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
    """Each file checked to be ours, locked and read as text (``NotOurs`` if any is not:
    none is removed); removed if the block ends without an exception (a taker gets the
    database's write lock first, so it holds these locks only briefly)."""
    with _all_locked(paths) as held:
        yield [(p, text) for p, _fd, text in held]
        for p, fd, _text in held:
            if _still_at(fd, p):  # never a file put at the name since
                os.unlink(p)
        if held:
            _sync_folder(held[0][0].parent)


def _read(path: Path, fd: int) -> str:
    """The file's text: at most ``LIMIT`` bytes of UTF-8 with no NUL (``NotOurs`` if not)."""
    chunks, size = [], 0
    while size <= LIMIT:
        chunk = os.read(fd, min(1 << 20, LIMIT + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > LIMIT:  # grown past it since the look
        raise NotOurs(path, f"it holds more than {LIMIT // 2**20} MB: answers never take that much")
    data = b"".join(chunks)
    del chunks
    if b"\0" in data:
        raise NotOurs(path, "it holds NUL bytes, which are not text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise NotOurs(path, "it holds bytes that are not UTF-8 text") from None


@contextmanager
def _all_locked(paths: list[Path]) -> Iterator[list[tuple[Path, int, str]]]:
    if not paths:
        yield []
        return
    first, rest = paths[0], paths[1:]
    with _locked(first, os.O_RDONLY) as fd:
        text = _read(first, fd) if fd is not None else ""
        with _all_locked(rest) as others:
            yield ([(first, fd, text)] if fd is not None else []) + others

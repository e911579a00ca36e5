"""The player's ``$EDITOR`` on a copy of the log, and what it leaves read back safely.

The copy is made in a private folder of its own (``mkdtemp``: only you may enter it),
so whatever the editor leaves beside it (swap files, backups) goes with it: the folder
is removed however the edit ends, saved, abandoned, the editor failing, Ctrl-C, or
the terminal closed (SIGHUP, SIGTERM); a folder that a killed edit (SIGKILL) left is
removed by the next edit.  While the editor runs, Ctrl-C is the editor's: an editor
that it stops ends the edit as interrupted.

What the editor leaves in the copy's place is read only if it is a regular file (not a
link, a pipe, a device or a folder) of at most the log's size cap, so no editor can
make the edit wait forever or read without end; anything else is one line, with
nothing saved.
"""

from __future__ import annotations

import errno
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

from domino_advisor.base.errors import LogFileError
from domino_advisor.base.printable import excerpt, printable
from domino_advisor.log.logfile import MAX_BYTES

PREFIX = "domino-advisor-edit-"  # then our process id: a folder whose process is gone is stale
NOTHING = "nothing was saved, the log is as it was"


class EditorError(LogFileError):
    """The editor failed, or left something in place of the copy that is not a log."""


class _Ended(BaseException):
    """A signal that ends this process came while the editor ran."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def command() -> list[str]:
    """The editor to run, as click and git find it: $VISUAL, $EDITOR, or a usual one,
    that one only on a terminal (with no terminal to show it, vi would wait forever)."""
    for key in ("VISUAL", "EDITOR"):
        value = os.environ.get(key)
        if value:
            try:
                words = shlex.split(value)
            except ValueError as e:
                raise EditorError(f"${key} '{excerpt(value)}' cannot be read as a command ({e})") from None
            if words:
                return words
    if not _terminal():
        raise EditorError(
            "edit needs an editor: set EDITOR (or VISUAL) to the editor you use; there is no "
            "terminal here to open vi in"
        )
    for name in ("sensible-editor", "vim", "nano"):
        if shutil.which(name):
            return [name]
    return ["vi"]


def _terminal() -> bool:
    """Whether the editor would get a terminal: what it reads and what it shows (the
    descriptors it inherits, whatever ``sys.stdin`` stands for)."""
    return os.isatty(0) and os.isatty(1)


def edit(data: bytes, extension: str = ".dom", require_save: bool = True, name: str = "log") -> bytes | None:
    """What the player saved in the editor from ``data`` (``None``: they did not save),
    at most ``MAX_BYTES``; ``EditorError`` if it cannot be read as a file of text."""
    editor = command()
    _remove_stale()
    try:
        folder = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")
    except OSError as e:
        raise _no_copy(e) from None
    try:
        copy = os.path.join(folder, _file_name(name, extension))
        try:
            before = _make_copy(copy, data)
        except OSError as e:
            raise _no_copy(e) from None
        _run(editor, copy)
        return _read_back(copy, before, require_save)
    except _Ended as e:
        shutil.rmtree(folder, ignore_errors=True)
        signal.signal(e.signum, signal.SIG_DFL)  # and end as that signal ends a program
        os.kill(os.getpid(), e.signum)
        raise
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _make_copy(copy: str, data: bytes) -> os.stat_result:
    """The copy the editor opens, written whole; how it was before the editor ran."""
    fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    # a save within the clock's resolution must still change the time: set it back
    st = os.stat(copy)
    os.utime(copy, ns=(st.st_atime_ns, st.st_mtime_ns - 2_000_000_000))
    return os.stat(copy)


def _no_copy(e: OSError) -> EditorError:
    """The copy could not be made: said as that, not as output lost (a full disk, most often)."""
    why = e.strerror or str(e)
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        why += ": the disk or the temporary folder is full"
    return EditorError(
        f"the editor's copy of the log could not be made in {printable(tempfile.gettempdir())} "
        f"({why}): {NOTHING}"
    )


def _file_name(name: str, extension: str) -> str:
    """The copy's name, from the log's: what the editor shows (only plain characters)."""
    plain = re.sub(r"[^\w.-]", "_", Path(name).name, flags=re.ASCII).lstrip(".-")[:80] or "log"
    return plain if plain.endswith(extension) else plain + extension


def _run(editor: list[str], copy: str) -> None:
    shown = excerpt(" ".join(editor))
    try:
        proc = subprocess.Popen([*editor, copy])
    except OSError as e:
        raise EditorError(f"the editor '{shown}' could not be started ({e.strerror}): {NOTHING}") from None
    try:
        with _signals_while_editing():
            code = proc.wait()
    except BaseException:
        if proc.poll() is None:  # ended by a signal meant for us: the editor goes too
            proc.terminate()
            proc.wait()
        raise
    if code in (-signal.SIGINT, 128 + signal.SIGINT):
        raise KeyboardInterrupt
    if code < 0:
        raise EditorError(f"the editor '{shown}' was stopped by signal {-code}: {NOTHING}")
    if code != 0:
        raise EditorError(f"the editor '{shown}' failed (exit code {code}): {NOTHING}")


@contextmanager
def _signals_while_editing() -> Iterator[None]:
    """Ctrl-C and Ctrl-\\ go to the editor alone (as git does); a signal that ends us
    raises ``_Ended``, so the copy is removed before the program ends."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def ended(signum: int, frame: FrameType | None) -> NoReturn:
        raise _Ended(signum)

    ours: dict[int, Any] = {
        signal.SIGINT: signal.SIG_IGN,
        signal.SIGQUIT: signal.SIG_IGN,
        signal.SIGTERM: ended,
        signal.SIGHUP: ended,
    }
    saved = {signum: signal.signal(signum, handler) for signum, handler in ours.items()}
    try:
        yield
    finally:
        for signum, old in saved.items():
            signal.signal(signum, old)


def _read_back(copy: str, before: os.stat_result, require_save: bool) -> bytes | None:
    """The copy as the editor left it: a regular file within the cap, or refused."""
    try:
        st = os.lstat(copy)
    except FileNotFoundError:
        raise EditorError(f"the editor removed the copy of the log it was given: {NOTHING}") from None
    _check_kind(st)
    if require_save and _same(st, before):
        return None
    if st.st_size > MAX_BYTES:
        raise _too_big(st.st_size)
    try:
        fd = os.open(copy, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as e:  # replaced again since (by a program the editor left running)
        raise EditorError(f"the copy of the log cannot be read ({e.strerror}): {NOTHING}") from None
    try:
        now = os.fstat(fd)
        _check_kind(now)
        if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
            raise EditorError(f"the copy of the log was replaced while it was being read: {NOTHING}")
        chunks, total = [], 0
        while total <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    if total > MAX_BYTES:  # it grew while we read
        raise _too_big(total, more=True)
    return b"".join(chunks)


def _check_kind(st: os.stat_result) -> None:
    if stat.S_ISREG(st.st_mode):
        return
    if stat.S_ISLNK(st.st_mode):
        what = "a link"
    elif stat.S_ISDIR(st.st_mode):
        what = "a folder"
    else:
        what = "a pipe, a device or a socket"
    raise EditorError(f"the editor left {what} in place of the copy of the log: {NOTHING}")


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino, a.st_size, a.st_mtime_ns) == (b.st_dev, b.st_ino, b.st_size, b.st_mtime_ns)


def _too_big(size: int, more: bool = False) -> EditorError:
    return EditorError(
        f"the edited log is {size:,}{' or more' if more else ''} bytes: a game log is at most "
        f"{MAX_BYTES:,} (a whole match is a few kB): {NOTHING}"
    )


_PID = re.compile(r"([1-9][0-9]{0,9})-", re.ASCII)  # a process id as we write it: ASCII digits
_PID_MAX = 1 << 22  # Linux's largest process id (pid_max at most 4,194,304)


def _remove_stale() -> None:
    """Folders of ours that an edit killed outright (SIGKILL, a crash) left behind: only
    a folder of this user's, named by a process id we could have had (anything else in
    the shared temporary folder, ``domino-advisor-edit-²-x`` say, is someone else's)."""
    where = tempfile.gettempdir()
    try:
        names = [n for n in os.listdir(where) if n.startswith(PREFIX)]
    except OSError:
        return
    for n in names:
        path = os.path.join(where, n)
        try:
            st = os.lstat(path)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid():
            continue
        found = _PID.match(n, len(PREFIX))
        pid = int(found.group(1)) if found else 0
        if not 0 < pid <= _PID_MAX or pid == os.getpid() or _alive(pid):
            continue
        shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # there, but not ours
        return True
    return True

"""The game log on disk: read within bounds, one writer at a time, replaced whole.

The log is the player's only record, so every write here holds three promises:

* **One writer at a time.**  A writer locks the log, reads it *under the lock*, makes
  its change to what it read, and replaces the file before letting go.  Two ``log``
  commands at the same moment therefore both land, one after the other.  The lock is
  ``fcntl.flock`` on the log file itself (standard library, released by the kernel if
  the process dies), not a ``.lock`` file beside it that would be left behind in the
  player's folder; since a write renames a new file into place, a writer checks after
  locking that the name still leads to the file it locked, and tries again if not.
* **Nothing overwritten that was not named for it.**  Only regular files are written
  (never a device, a pipe or a folder); a symlink is written through to its target, as
  editors do; the file keeps its mode, its owner and a byte-order mark it begins with;
  a read-only file, or one the user could not write, is refused.  A writer that
  expects a certain version of the file (an open session) gets ``LogChanged`` instead
  of writing over a newer one.
* **Old or new, never half.**  The new text goes to a temporary file beside the log,
  is flushed to disk, then renamed over it.  Temporary files of ours that a killed
  process left behind are removed by the next writer.

Reading is bounded before any work: only regular files, at most ``MAX_BYTES`` and lines
of at most ``MAX_LINE`` characters, so a huge or endless file is refused at once.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from domino_advisor.base.errors import DominoError, LogFileError
from domino_advisor.base.printable import excerpt, printable
from domino_advisor.log.gamelog import MAX_LINE, GameLog, dumps, loads

MAX_BYTES = 1_000_000  # a whole match is a few kB
LOCK_SECONDS = 5.0  # how long a writer waits for another to finish
_POLL = 0.02


class LogChanged(DominoError):
    """The log on disk is not the version this writer read: someone else wrote it."""

    def __init__(self, path: Path, text: str):
        super().__init__(f"{printable(str(path))} was changed by another program")
        self.path = path
        self.text = text


def _name(path: Path) -> str:
    return printable(str(path))


# -- reading ---------------------------------------------------------------------------
def _open_regular(path: Path, writing: bool = False, shown: Path | None = None) -> tuple[int, os.stat_result]:
    """Open without blocking on a pipe, and refuse anything but a regular file
    (``shown``: the name the user gave, where ``path`` is what it leads to)."""
    name = _name(shown or path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise LogFileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise LogFileError(f"{name} is a folder, not a game log") from None
    except OSError as e:
        raise LogFileError(f"{name}: cannot be read ({e.strerror})") from None
    st = os.fstat(fd)
    if stat.S_ISDIR(st.st_mode):
        os.close(fd)
        raise LogFileError(f"{name} is a folder, not a game log")
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise LogFileError(
            f"{name} is not a regular file (a device, a pipe or a socket)"
            + (": nothing was written" if writing else ", so it cannot be a game log")
        )
    return fd, st


def _read_fd(fd: int, path: Path, size: int) -> str:
    return decode(_read_bytes(fd, path, size), path)


def _read_bytes(fd: int, path: Path, size: int) -> bytes:
    if size > MAX_BYTES:
        raise LogFileError(
            f"{_name(path)} is {size:,} bytes: a game log is at most {MAX_BYTES:,} "
            "bytes (a whole match is a few kB), so this is not one"
        )
    chunks, total = [], 0
    while total <= MAX_BYTES:
        chunk = os.read(fd, MAX_BYTES + 1 - total)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    if total > MAX_BYTES:  # it grew while we read
        raise LogFileError(f"{_name(path)} is over {MAX_BYTES:,} bytes: a game log is not that long")
    return b"".join(chunks)


def decode(data: bytes, path: Path | str = "the log") -> str:
    """The log's bytes as text, refused if they are not a text file of sane lines."""
    if b"\0" in data:
        raise LogFileError(f"{_name(Path(path))} is not a text file, so it cannot be a game log")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogFileError(f"{_name(Path(path))} is not UTF-8 text, so it cannot be a game log") from None
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE:
            raise LogFileError(
                f"{_name(Path(path))} line {number} is {len(line):,} characters long "
                f"('{excerpt(line)}'): a log line is at most {MAX_LINE:,}"
            )
    return text


def read_text(path: str | os.PathLike) -> str:
    """The text of a log file, within the bounds; never blocks on a pipe or a device."""
    p = Path(path)
    fd, st = _open_regular(p)
    try:
        return _read_fd(fd, p, st.st_size)
    finally:
        os.close(fd)


def load(path: str | os.PathLike) -> GameLog:
    text = read_text(path)
    try:
        return loads(text)
    except DominoError as e:
        raise type(e)(f"{_name(Path(path))}: {e}") from None


# -- writing ---------------------------------------------------------------------------
def _target(path: Path) -> Path:
    """Where a write really goes: through symlinks to the file they name."""
    return Path(os.path.realpath(path))


def _check_writable(path: Path, st: os.stat_result, shown: Path) -> None:
    name = _name(shown)
    if stat.S_ISDIR(st.st_mode):
        raise LogFileError(f"{name} is a folder: nothing was written")
    if not stat.S_ISREG(st.st_mode):
        raise LogFileError(
            f"{name} is not a regular file (a device, a pipe or a socket): nothing was written"
        )
    if not st.st_mode & 0o222:
        raise LogFileError(
            f"{name} is read-only (mode {stat.S_IMODE(st.st_mode):04o}): nothing "
            "was written; make it writable (chmod u+w) if you mean to change it"
        )
    if not os.access(path, os.W_OK):
        raise LogFileError(f"{name}: you may not write this file: nothing was written")
    if os.geteuid() != 0 and st.st_uid != os.geteuid():
        raise LogFileError(
            f"{name} belongs to another user: replacing it would make it yours, so nothing was written"
        )
    if st.st_nlink > 1:
        raise LogFileError(
            f"{name} has {st.st_nlink} hard links: replacing it would leave the "
            "others behind, so nothing was written"
        )


_MARK = ".domino-advisor."  # in our temporary files' names, so no file of yours is taken for one
_TEMP = ".tmp"


def _remove_stale_temps(target: Path) -> None:
    """Temporary files of ours left by a killed writer.  A temporary file may also be a
    live writer's: just after its swap, the old version sits under its temporary name,
    still locked, while the next writer (who locks the new version) gets here; removing
    it would make that writer think its change was undone, and make it again.  So a file
    whose lock is held is left alone."""
    pattern = re.compile(
        r"\." + re.escape(target.name) + re.escape(_MARK) + r"[a-z0-9_]{8}" + re.escape(_TEMP) + r"\Z"
    )
    try:
        names = os.listdir(target.parent)
    except OSError:
        return
    for n in names:
        if pattern.match(n):
            _remove_if_unheld(target.parent / n)


def _remove_if_unheld(p: Path) -> None:
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid():
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return  # a writer holds it: not stale
        now = os.lstat(p)
        if (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino):
            os.unlink(p)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temp(target: Path, data: bytes, like: os.stat_result | None, shown: Path) -> str:
    """A temporary file beside ``target`` holding ``data``, on disk, with the right mode."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}{_MARK}", suffix=_TEMP, dir=target.parent)
    except OSError as e:
        raise LogFileError(
            f"{_name(shown)}: cannot write there ({e.strerror}); nothing was changed"
        ) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if like is not None:  # the owner first: changing it clears a setuid bit
                _keep_owner(f.fileno(), like)
                os.fchmod(f.fileno(), stat.S_IMODE(like.st_mode))
            else:  # a new file gets the usual permissions, not mkstemp's private ones
                umask = os.umask(0)
                os.umask(umask)
                os.fchmod(f.fileno(), 0o666 & ~umask)
            os.fsync(f.fileno())
    except BaseException as e:
        _unlink(tmp)
        if isinstance(e, OSError):
            raise LogFileError(
                f"{_name(shown)}: cannot write it ({e.strerror}); nothing was changed"
            ) from None
        raise
    return tmp


def _keep_owner(fd: int, like: os.stat_result) -> None:
    """The replaced file keeps its owner and group where we are allowed to set them."""
    uid = like.st_uid if os.geteuid() == 0 else -1
    gid = like.st_gid if like.st_gid != os.getegid() else -1
    if uid == -1 and gid == -1:
        return
    try:
        os.fchown(fd, uid, gid)
    except OSError:
        pass


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class _Changed(Exception):
    """The file changed under the lock (an editor saved it): this write must not land."""


def _same_version(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino, a.st_size, a.st_mtime_ns) == (b.st_dev, b.st_ino, b.st_size, b.st_mtime_ns)


BOM = "\ufeff"  # a byte-order mark some editors put first; read past, and kept


def _replace(target: Path, text: str, like: os.stat_result, shown: Path, bom: bool = False) -> Path | None:
    """Put ``text`` at ``target`` in place of the version ``like``; ``_Changed`` if a
    program that takes no lock saved it meanwhile.  Returns where another program's save
    was set aside, if one was made into the version replaced after a writer that took
    the lock had already built on ours (nothing is lost: see the end)."""
    _remove_stale_temps(target)
    if bom and not text.startswith(BOM):
        text = BOM + text
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise LogFileError(f"{_name(shown)}: the text to write is not UTF-8; nothing was changed") from None
    tmp = _write_temp(target, data, like, shown)
    ours = os.stat(tmp)
    try:
        now = os.stat(target)
    except OSError:
        now = None
    if now is None or not _same_version(now, like):  # saved by a program that takes no lock
        _unlink(tmp)
        raise _Changed
    try:
        swapped = _exchange(tmp, target)
        if not swapped:
            os.replace(tmp, target)
    except OSError as e:
        _unlink(tmp)
        raise LogFileError(f"{_name(shown)}: cannot write it ({e.strerror}); nothing was changed") from None
    if swapped:  # the old file is now at tmp's name: written in place since the check?
        try:
            old = os.stat(tmp)
        except OSError:
            old = None
        if old is None or not _same_version(old, like):
            if not _still(target, ours):
                # a writer that took the lock on ours has replaced it since (this one was
                # held up): its change stands on ours and has landed, and swapping back
                # would undo it; the other program's save is kept beside the log instead
                return _set_aside(tmp, target) if old is not None else None
            try:
                _exchange(tmp, target)  # back: the other program's save stays, ours goes
            except OSError:
                pass
            _unlink(tmp)
            raise _Changed
        _unlink(tmp)
    _sync_folder(target.parent)
    return None


def _still(target: Path, ours: os.stat_result) -> bool:
    """The file at ``target`` is the one this write put there."""
    try:
        now = os.stat(target)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == (ours.st_dev, ours.st_ino)


def _set_aside(tmp: str, target: Path) -> Path | None:
    """Keep a file beside the log under a name a person reads (``game.dom.other-1``)."""
    for n in range(1, 1000):
        kept = target.with_name(f"{target.name}.other-{n}")
        try:
            os.link(tmp, kept)  # never over an existing file
        except FileExistsError:
            continue
        except OSError:  # no hard links here: it stays under its temporary name, if it is still there
            return Path(tmp) if os.path.exists(tmp) else None
        _unlink(tmp)
        _sync_folder(target.parent)
        return kept
    return Path(tmp)


_RENAME_EXCHANGE = 2  # linux/fs.h
_AT_FDCWD = -100
_renameat2: list = []  # the C function, looked up once (None: this system has no such call)


def _exchange(a: str | Path, b: str | Path) -> bool:
    """Swap two names at once (Linux's renameat2 with RENAME_EXCHANGE), so the file
    replaced can be looked at after the swap and put back if a program that takes no
    lock wrote into it meanwhile; False where the system or file system cannot swap
    (then a plain rename, and that moment stays unguarded, as it always was)."""
    import ctypes

    if not _renameat2:
        try:
            _renameat2.append(ctypes.CDLL(None, use_errno=True).renameat2)
        except (AttributeError, OSError):
            _renameat2.append(None)
    call = _renameat2[0]
    if call is None:
        return False
    if call(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err))


@dataclass
class Locked:
    """A log held for writing: its text as read under the lock, and how to replace it."""

    path: Path  # as the user named it
    target: Path  # the regular file it leads to
    text: str
    stat: os.stat_result
    bom: bool = False  # the file began with a byte-order mark: the player's file keeps it

    def replace(self, text: str) -> Path | None:
        """Put ``text`` in place of the version locked (``_Changed`` if it was saved
        meanwhile); where another program's late save was set aside, if one was."""
        kept = _replace(self.target, text, self.stat, self.path, self.bom)
        self.text = text
        return kept


@contextmanager
def locked(path: str | os.PathLike, read: bool = True) -> Iterator[Locked]:
    """Hold the file's lock for a read-change-write; the text is read under the lock
    (``read=False`` for a file about to be overwritten whole, such as a page)."""
    p = Path(path)
    wait = LOCK_SECONDS
    deadline = time.monotonic() + wait
    while True:
        target = _target(p)
        fd, st = _open_regular(target, writing=True, shown=p)
        try:
            if not _lock(fd, deadline):
                raise LogFileError(
                    f"{_name(p)} is being written by another program (waited "
                    f"{wait:g} s): nothing was written; try again"
                )
            try:
                now = os.stat(target)
            except FileNotFoundError:
                now = None
            if now is None or (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
                continue  # replaced while we waited: lock the new version instead
            _check_writable(target, now, p)
            raw = _read_bytes(fd, p, now.st_size) if read else b""
            yield Locked(p, target, decode(raw, p), now, raw.startswith(BOM.encode()))
            return
        finally:
            os.close(fd)  # closing releases the lock


def _lock(fd: int, deadline: float) -> bool:
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(_POLL)


@dataclass
class Written:
    """What a write found on disk and what it left there."""

    before: str
    log: GameLog
    text: str
    set_aside: Path | None = None  # another program's save, kept beside the log (see _replace)


def check_bounds(text: str, path: Path | str, bom: bool = False) -> None:
    """A log about to be written must be one the tool will read back (``bom``: with the
    byte-order mark its file keeps)."""
    size = len(text.encode("utf-8", "surrogatepass")) + (len(BOM.encode()) if bom else 0)
    if size > MAX_BYTES:
        raise LogFileError(
            f"{_name(Path(path))} would be {size:,} bytes: a game log is at most "
            f"{MAX_BYTES:,}; nothing was written"
        )
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE:
            raise LogFileError(
                f"{_name(Path(path))} line {number} would be {len(line):,} characters "
                f"('{excerpt(line)}'): a log line is at most {MAX_LINE:,}; nothing "
                "was written"
            )


def update(
    path: str | os.PathLike, change: Callable[[GameLog], GameLog], expect: str | None = None
) -> Written:
    """Change the log as it is on disk now, under the lock; all or nothing.

    ``expect`` is the text the caller last saw: if the file no longer holds it,
    ``LogChanged`` is raised (carrying the new text) and nothing is written.  Without
    it, a file saved by another program while the change was being made (an editor
    takes no lock) is read again and the change made on that version.
    """
    for _ in range(5):
        with locked(path) as f:
            if expect is not None and f.text != expect:
                raise LogChanged(f.path, f.text)
            try:
                log = loads(f.text)
            except DominoError as e:
                raise type(e)(f"{_name(f.path)}: {e}") from None
            before = f.text
            new = change(log)
            text = dumps(new)
            kept = None
            if text != before:
                check_bounds(text, f.path, f.bom)
                try:
                    kept = f.replace(text)
                except _Changed:
                    if expect is not None:
                        raise LogChanged(f.path, read_text(f.path)) from None
                    continue
            return Written(before, new, text, kept)
    raise LogFileError(
        f"{_name(Path(path))} keeps changing (another program is writing it): nothing was written; try again"
    )


def replace_text(path: str | os.PathLike, text: str, expect: str) -> Path | None:
    """Put a whole new text in place of the version the caller read (``edit``), under
    the lock; ``LogChanged`` if the file no longer holds ``expect``.  The caller has
    checked the text is a log that replays.  Returns where another program's late save
    was set aside, if one was."""
    check_bounds(text, Path(path))
    with locked(path) as f:
        if f.text != expect:
            raise LogChanged(f.path, f.text)
        check_bounds(text, f.path, f.bom)
        try:
            return f.replace(text)
        except _Changed:
            raise LogChanged(f.path, read_text(f.path)) from None


def create(
    path: str | os.PathLike,
    text: str,
    force: bool = False,
    log: bool = True,
    before: Callable[[Path], None] | None = None,
) -> None:
    """Write a new file; an existing one only with ``force`` (and only a regular file).
    ``log``: the text is a game log, held to the bounds it will be read back with;
    ``before``: called with the file about to be overwritten, under its lock, to refuse it."""
    check_name(path)
    p = Path(path)
    if log:
        check_bounds(text, p)
    target = _target(p)
    if os.path.lexists(target):
        if not force:
            raise LogFileError(f"{_name(p)} already exists: pick another name, or --force to overwrite it")
        _overwrite(p, text, before)
        return
    _check_folder(target, p)
    tmp = _write_temp(target, text.encode("utf-8"), None, p)
    try:
        os.link(tmp, target)  # fails if another program created the file meanwhile
    except FileExistsError:
        _unlink(tmp)
        if not force:
            raise LogFileError(
                f"{_name(p)} already exists: pick another name, or --force to overwrite it"
            ) from None
        _overwrite(p, text, before)
        return
    except OSError:  # a file system without hard links: claim the name, then replace it
        _unlink(tmp)
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:
            raise LogFileError(
                f"{_name(p)} already exists: pick another name, or --force to overwrite it"
            ) from None
        except OSError as e:
            raise LogFileError(f"{_name(p)}: cannot write there ({e.strerror})") from None
        os.close(fd)
        _overwrite(p, text, before)
        return
    _unlink(tmp)
    _sync_folder(target.parent)


def _overwrite(p: Path, text: str, before: Callable[[Path], None] | None) -> None:
    with locked(p, read=False) as f:
        if before is not None:
            before(f.target)
        try:
            f.replace(text)
        except _Changed:
            raise LogFileError(
                f"{_name(p)} was changed by another program while it was being "
                "written: nothing was written; try again"
            ) from None


def _check_folder(target: Path, shown: Path) -> None:
    """The folder a new file goes in must be one."""
    folder = target.parent
    if folder.is_dir():
        return
    if os.path.exists(folder):
        raise LogFileError(f"{_name(shown)}: cannot write there ({_name(folder)} is a file, not a folder)")
    raise LogFileError(f"{_name(shown)}: cannot write there (the folder {_name(folder)} does not exist)")


def check_name(path: str | os.PathLike) -> None:
    """A name a file can be written under (not empty, not a folder's name)."""
    raw = os.fspath(path)
    if not raw.strip():
        raise LogFileError("a file name is needed: nothing was written")
    if raw.endswith(os.sep) or (os.altsep and raw.endswith(os.altsep)):
        raise LogFileError(f"{_name(Path(raw))}{os.sep} names a folder, not a file: nothing was written")


def check_target(path: str | os.PathLike, force: bool) -> None:
    """Refuse at once what ``create`` would refuse, before long work is done for it."""
    p = Path(path)
    check_name(path)
    target = _target(p)
    if not os.path.lexists(target):
        _check_folder(target, p)
        _try_temp(target, p)
        return
    if not force:
        raise LogFileError(f"{_name(p)} already exists: pick another name, or --force to overwrite it")
    try:
        st = os.stat(target)
    except OSError as e:
        raise LogFileError(f"{_name(p)}: cannot write it ({e.strerror})") from None
    _check_writable(target, st, p)
    _try_temp(target, p)


def _try_temp(target: Path, shown: Path) -> None:
    """Make and remove the temporary file a write will need, so a name too long, a
    read-only disk or a folder we may not write in is refused before the work."""
    _unlink(_write_temp(target, b"", None, shown))


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether two names lead to one file (through symlinks and hard links)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return _target(Path(a)) == _target(Path(b))

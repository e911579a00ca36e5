"""Replacing the log's file whole, old or new and never half: the new text written to a
temporary file of ours beside the log and flushed to disk, then swapped into place at
once (Linux's renameat2 exchange, so the version replaced can be looked at after the
swap: a program that takes no lock and saved into it meanwhile is put back, or, where a
locked writer has already built on ours, its save is kept beside the log as
``FILE.other-N``); temporary files a killed writer left are removed by the next.

``logfile`` decides when to write (under the lock, against the version read); this
module is only how.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import stat
import tempfile
from pathlib import Path

from domino_advisor.base.errors import LogFileError
from domino_advisor.base.printable import printable


def name_of(path: Path) -> str:
    """A path as a message shows it (control characters as escapes)."""
    return printable(str(path))


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


def write_temp(target: Path, data: bytes, like: os.stat_result | None, shown: Path) -> str:
    """A temporary file beside ``target`` holding ``data``, on disk, with the right mode."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}{_MARK}", suffix=_TEMP, dir=target.parent)
    except OSError as e:
        raise LogFileError(
            f"{name_of(shown)}: cannot write there ({e.strerror}); nothing was changed"
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
        unlink_quietly(tmp)
        if isinstance(e, OSError):
            raise LogFileError(
                f"{name_of(shown)}: cannot write it ({e.strerror}); nothing was changed"
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


def unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def sync_folder(folder: Path) -> None:
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


class Changed(Exception):
    """The file changed under the lock (an editor saved it): this write must not land."""


def _same_version(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino, a.st_size, a.st_mtime_ns) == (b.st_dev, b.st_ino, b.st_size, b.st_mtime_ns)


BOM = "\ufeff"  # a byte-order mark some editors put first; read past, and kept


def replace_file(
    target: Path, text: str, like: os.stat_result, shown: Path, bom: bool = False
) -> Path | None:
    """Put ``text`` at ``target`` in place of the version ``like``; ``Changed`` if a
    program that takes no lock saved it meanwhile.  Returns where another program's save
    was set aside, if one was made into the version replaced after a writer that took
    the lock had already built on ours (nothing is lost: see the end)."""
    _remove_stale_temps(target)
    if bom and not text.startswith(BOM):
        text = BOM + text
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise LogFileError(f"{name_of(shown)}: the text to write is not UTF-8; nothing was changed") from None
    tmp = write_temp(target, data, like, shown)
    ours = os.stat(tmp)
    try:
        now = os.stat(target)
    except OSError:
        now = None
    if now is None or not _same_version(now, like):  # saved by a program that takes no lock
        unlink_quietly(tmp)
        raise Changed
    try:
        swapped = _exchange(tmp, target)
        if not swapped:
            os.replace(tmp, target)
    except OSError as e:
        unlink_quietly(tmp)
        raise LogFileError(f"{name_of(shown)}: cannot write it ({e.strerror}); nothing was changed") from None
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
            unlink_quietly(tmp)
            raise Changed
        unlink_quietly(tmp)
    sync_folder(target.parent)
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
        unlink_quietly(tmp)
        sync_folder(target.parent)
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

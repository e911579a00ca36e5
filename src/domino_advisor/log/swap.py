"""Replacing the log's file whole, old or new and never half: the new text written to a
temporary file of ours beside the log and flushed to disk, then swapped into place at
once (Linux's renameat2 exchange, so the version replaced can be looked at after the
swap: a program that takes no lock and saved into it meanwhile is put back).  The new
version stays locked until that look is done, so no writer of ours builds on a version
that may be swapped back; where it cannot be put back, its save is kept beside the log
as ``FILE.other-N``, or, where no such name can be made, under its temporary name made
read-only, which no later write removes.  Temporary files a killed writer left are
removed by the next.

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
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from domino_advisor.base.errors import LogFileError
from domino_advisor.base.printable import name_of

_MARK = ".domino-advisor."  # in our temporary files' names, so no file of yours is taken for one
_TEMP = ".tmp"


def _remove_stale_temps(target: Path) -> None:
    """Temporary files of ours left by a killed writer.  A temporary file may also be a
    live writer's, locked (its new version until the look after the swap, the version
    replaced until it lets go of the log): removing that would make the writer think its
    change was undone, and make it again.  So a file whose lock is held is left alone,
    and so is a read-only one: another program's save that no ``FILE.other-N`` name
    could be made for (``_keep``; a write's own files are writable, as the log must be)."""
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
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or not st.st_mode & 0o222:
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
    tmp, fd = _write_held(target, data, like, shown)
    os.close(fd)
    return tmp


def _write_held(target: Path, data: bytes, like: os.stat_result | None, shown: Path) -> tuple[str, int]:
    """``write_temp``, and the file still open and locked (a sweep leaves it alone)."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}{_MARK}", suffix=_TEMP, dir=target.parent)
    except OSError as e:
        raise LogFileError(
            f"{name_of(shown)}: cannot write there ({e.strerror}); nothing was changed"
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with os.fdopen(fd, "wb", closefd=False) as f:
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
        os.close(fd)
        unlink_quietly(tmp)
        if isinstance(e, OSError):
            raise LogFileError(
                f"{name_of(shown)}: cannot write it ({e.strerror}); nothing was changed"
            ) from None
        raise
    return tmp, fd


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
) -> Kept | None:
    """Put ``text`` at ``target`` in place of the version ``like``; ``Changed`` if a
    program that takes no lock saved it meanwhile.  Returns where another program's save
    was kept, if one could not be put back in place (nothing is lost: see ``_look``)."""
    _remove_stale_temps(target)
    if bom and not text.startswith(BOM):
        text = BOM + text
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise LogFileError(f"{name_of(shown)}: the text to write is not UTF-8; nothing was changed") from None
    tmp, held = _write_held(target, data, like, shown)
    try:  # ours stays locked until the look: the next writer waits for it, then reads again
        ours = os.fstat(held)
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
            raise LogFileError(
                f"{name_of(shown)}: cannot write it ({e.strerror}); nothing was changed"
            ) from None
        kept = _look(tmp, target, like, ours) if swapped else None
    finally:
        os.close(held)
    sync_folder(target.parent)
    return kept


def _look(tmp: str, target: Path, like: os.stat_result, ours: os.stat_result) -> Kept | None:
    """The version replaced, now at ``tmp``: written in place since the check?  Then it
    goes back as the log (``Changed``: the change is made again on it), nothing of ours
    having been built on the version swapped in, which is still locked.  Kept beside the
    log instead only where it cannot go back: the swap back refused, or a program that
    takes no lock put its own file in place meanwhile."""
    try:
        old = os.stat(tmp)
    except OSError:  # gone: nothing to look at, ours stands
        return None
    if _same_version(old, like):
        unlink_quietly(tmp)
        return None
    if not _still(target, ours):
        return _keep(tmp, target)
    try:
        back = _exchange(tmp, target)
    except OSError:
        back = False
    if not back:  # ours stays, their save beside it
        return _keep(tmp, target)
    unlink_quietly(tmp)
    raise Changed


def _still(target: Path, ours: os.stat_result) -> bool:
    """The file at ``target`` is the one this write put there."""
    try:
        now = os.stat(target)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == (ours.st_dev, ours.st_ino)


@dataclass(frozen=True)
class Stranded:
    """Another program's save that no name beside the log could be made for: left under
    its temporary name, read-only, so no sweep removes it; said as where it is and why."""

    path: Path
    example: str  # the name it would have had
    why: str

    def __str__(self) -> str:
        return (
            f"{self.path} (read-only: no name like {self.example} could be made beside the log: {self.why})"
        )


Kept: TypeAlias = Path | Stranded


def _keep(tmp: str, target: Path) -> Kept:
    """Keep a file beside the log under a name a person reads (``game.dom.other-1``, the
    first free number, past 999 too), never over an existing file: a hard link, or, where
    the file system has none, a name claimed (created, exclusively) and renamed onto."""
    prefix = f"{target.name}.other-"
    try:
        taken = {n for n in os.listdir(target.parent) if n.startswith(prefix)}
    except OSError:
        taken = set()
    n, clashes = 0, 0
    while True:
        n += 1
        if f"{prefix}{n}" in taken:
            continue
        kept = target.with_name(f"{prefix}{n}")
        try:
            _link_or_move(tmp, kept)
        except FileExistsError:  # made meanwhile by another program
            clashes += 1
            if clashes < 1000:
                continue
            why = "every name tried was taken meanwhile"
        except OSError as e:
            why = e.strerror or str(e)
        else:
            sync_folder(target.parent)
            return kept
        try:
            os.chmod(tmp, stat.S_IMODE(os.stat(tmp).st_mode) & ~0o222)
        except OSError:
            pass
        return Stranded(Path(tmp), f"{prefix}1", why)


def _link_or_move(tmp: str, kept: Path) -> None:
    try:
        os.link(tmp, kept)
    except FileExistsError:
        raise
    except OSError:  # no hard links here
        fd = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        os.close(fd)
        try:
            os.replace(tmp, kept)  # onto the empty file just made: nothing of anyone's
        except OSError:
            unlink_quietly(str(kept))
            raise
        return
    unlink_quietly(tmp)


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

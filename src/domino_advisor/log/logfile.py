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

import fcntl
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from domino_advisor.base.errors import DominoError, LogFileError
from domino_advisor.base.printable import excerpt, name_of, printable
from domino_advisor.log.gamelog import MAX_LINE, GameLog, dumps, loads

# How a write lands (log/swap, and tempfile with it) is imported by the functions that
# write: a command that only reads the log (status, where, advise) loads none of it.
if TYPE_CHECKING:
    from domino_advisor.log.swap import Kept

MAX_BYTES = 1_000_000  # a whole match is a few kB
LOCK_SECONDS = 5.0  # how long a writer waits for another to finish
_POLL = 0.02


class LogChanged(DominoError):
    """The log on disk is not the version this writer read: someone else wrote it."""

    def __init__(self, path: Path, text: str):
        super().__init__(f"{printable(str(path))} was changed by another program")
        self.path = path
        self.text = text


# -- reading ---------------------------------------------------------------------------
def _open_regular(path: Path, writing: bool = False, shown: Path | None = None) -> tuple[int, os.stat_result]:
    """Open without blocking on a pipe, and refuse anything but a regular file
    (``shown``: the name the user gave, where ``path`` is what it leads to)."""
    name = name_of(shown or path)
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
            f"{name_of(path)} is {size:,} bytes: a game log is at most {MAX_BYTES:,} "
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
        raise LogFileError(f"{name_of(path)} is over {MAX_BYTES:,} bytes: a game log is not that long")
    return b"".join(chunks)


def decode(data: bytes, path: Path | str = "the log") -> str:
    """The log's bytes as text, refused if they are not a text file of sane lines."""
    if b"\0" in data:
        raise LogFileError(f"{name_of(Path(path))} is not a text file, so it cannot be a game log")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogFileError(f"{name_of(Path(path))} is not UTF-8 text, so it cannot be a game log") from None
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE:
            raise LogFileError(
                f"{name_of(Path(path))} line {number} is {len(line):,} characters long "
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
        raise type(e)(f"{name_of(Path(path))}: {e}") from None


# -- writing ---------------------------------------------------------------------------
def _target(path: Path) -> Path:
    """Where a write really goes: through symlinks to the file they name."""
    return Path(os.path.realpath(path))


def _check_writable(path: Path, st: os.stat_result, shown: Path) -> None:
    name = name_of(shown)
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


@dataclass
class Locked:
    """A log held for writing: its text as read under the lock, and how to replace it."""

    path: Path  # as the user named it
    target: Path  # the regular file it leads to
    text: str
    stat: os.stat_result
    bom: bool = False  # the file began with a byte-order mark: the player's file keeps it

    def replace(self, text: str) -> Kept | None:
        """Put ``text`` in place of the version locked (``Changed`` if it was saved
        meanwhile); where another program's late save was set aside, if one was."""
        from domino_advisor.log.swap import replace_file

        kept = replace_file(self.target, text, self.stat, self.path, self.bom)
        self.text = text
        return kept


@contextmanager
def locked(path: str | os.PathLike, read: bool = True) -> Iterator[Locked]:
    """Hold the file's lock for a read-change-write; the text is read under the lock
    (``read=False`` for a file about to be overwritten whole, such as a page)."""
    from domino_advisor.log.swap import BOM

    p = Path(path)
    wait = LOCK_SECONDS
    deadline = time.monotonic() + wait
    while True:
        target = _target(p)
        fd, st = _open_regular(target, writing=True, shown=p)
        try:
            if not _lock(fd, deadline):
                raise LogFileError(
                    f"{name_of(p)} is being written by another program (waited "
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
    set_aside: Kept | None = None  # another program's save, kept beside the log (see replace_file)


def check_bounds(text: str, path: Path | str, bom: bool = False) -> None:
    """A log about to be written must be one the tool will read back (``bom``: with the
    byte-order mark its file keeps)."""
    from domino_advisor.log.swap import BOM

    size = len(text.encode("utf-8", "surrogatepass")) + (len(BOM.encode()) if bom else 0)
    if size > MAX_BYTES:
        raise LogFileError(
            f"{name_of(Path(path))} would be {size:,} bytes: a game log is at most "
            f"{MAX_BYTES:,}; nothing was written"
        )
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE:
            raise LogFileError(
                f"{name_of(Path(path))} line {number} would be {len(line):,} characters "
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
    from domino_advisor.log.swap import Changed

    for _ in range(5):
        with locked(path) as f:
            if expect is not None and f.text != expect:
                raise LogChanged(f.path, f.text)
            try:
                log = loads(f.text)
            except DominoError as e:
                raise type(e)(f"{name_of(f.path)}: {e}") from None
            before = f.text
            new = change(log)
            text = dumps(new)
            kept = None
            if text != before:
                check_bounds(text, f.path, f.bom)
                try:
                    kept = f.replace(text)
                except Changed:
                    if expect is not None:
                        raise LogChanged(f.path, read_text(f.path)) from None
                    continue
            return Written(before, new, text, kept)
    raise LogFileError(
        f"{name_of(Path(path))} keeps changing (another program is writing it): "
        "nothing was written; try again"
    )


def replace_text(path: str | os.PathLike, text: str, expect: str) -> Kept | None:
    """Put a whole new text in place of the version the caller read (``edit``), under
    the lock; ``LogChanged`` if the file no longer holds ``expect``.  The caller has
    checked the text is a log that replays.  Returns where another program's late save
    was set aside, if one was."""
    from domino_advisor.log.swap import Changed

    check_bounds(text, Path(path))
    with locked(path) as f:
        if f.text != expect:
            raise LogChanged(f.path, f.text)
        check_bounds(text, f.path, f.bom)
        try:
            return f.replace(text)
        except Changed:
            raise LogChanged(f.path, read_text(f.path)) from None


def create(
    path: str | os.PathLike,
    text: str,
    force: bool = False,
    log: bool = True,
    before: Callable[[Path], None] | None = None,
) -> Kept | None:
    """Write a new file; an existing one only with ``force`` (and only a regular file).
    ``log``: the text is a game log, held to the bounds it will be read back with;
    ``before``: called with the file about to be overwritten, under its lock, to refuse it.
    Returns where another program's late save was set aside, if one was (an overwrite)."""
    from domino_advisor.log.swap import sync_folder, unlink_quietly, write_temp

    check_name(path)
    p = Path(path)
    if log:
        check_bounds(text, p)
    target = _target(p)
    if os.path.lexists(target):
        if not force:
            raise LogFileError(f"{name_of(p)} already exists: pick another name, or --force to overwrite it")
        return _overwrite(p, text, before)
    _check_folder(target, p)
    tmp = write_temp(target, text.encode("utf-8"), None, p)
    try:
        os.link(tmp, target)  # fails if another program created the file meanwhile
    except FileExistsError:
        unlink_quietly(tmp)
        if not force:
            raise LogFileError(
                f"{name_of(p)} already exists: pick another name, or --force to overwrite it"
            ) from None
        return _overwrite(p, text, before)
    except OSError:  # a file system without hard links: claim the name, then replace it
        unlink_quietly(tmp)
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:
            raise LogFileError(
                f"{name_of(p)} already exists: pick another name, or --force to overwrite it"
            ) from None
        except OSError as e:
            raise LogFileError(f"{name_of(p)}: cannot write there ({e.strerror})") from None
        os.close(fd)
        return _overwrite(p, text, before)
    unlink_quietly(tmp)
    sync_folder(target.parent)
    return None


def _overwrite(p: Path, text: str, before: Callable[[Path], None] | None) -> Kept | None:
    from domino_advisor.log.swap import Changed

    with locked(p, read=False) as f:
        if before is not None:
            before(f.target)
        try:
            return f.replace(text)
        except Changed:
            raise LogFileError(
                f"{name_of(p)} was changed by another program while it was being "
                "written: nothing was written; try again"
            ) from None


def _check_folder(target: Path, shown: Path) -> None:
    """The folder a new file goes in must be one."""
    folder = target.parent
    if folder.is_dir():
        return
    if os.path.exists(folder):
        raise LogFileError(
            f"{name_of(shown)}: cannot write there ({name_of(folder)} is a file, not a folder)"
        )
    raise LogFileError(f"{name_of(shown)}: cannot write there (the folder {name_of(folder)} does not exist)")


def check_name(path: str | os.PathLike) -> None:
    """A name a file can be written under (not empty, not a folder's name)."""
    raw = os.fspath(path)
    if not raw.strip():
        raise LogFileError("a file name is needed: nothing was written")
    if raw.endswith(os.sep) or (os.altsep and raw.endswith(os.altsep)):
        raise LogFileError(f"{name_of(Path(raw))}{os.sep} names a folder, not a file: nothing was written")


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
        raise LogFileError(f"{name_of(p)} already exists: pick another name, or --force to overwrite it")
    try:
        st = os.stat(target)
    except OSError as e:
        raise LogFileError(f"{name_of(p)}: cannot write it ({e.strerror})") from None
    _check_writable(target, st, p)
    _try_temp(target, p)


def _try_temp(target: Path, shown: Path) -> None:
    """Make and remove the temporary file a write will need, so a name too long, a
    read-only disk or a folder we may not write in is refused before the work."""
    from domino_advisor.log.swap import unlink_quietly, write_temp

    unlink_quietly(write_temp(target, b"", None, shown))


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether two names lead to one file (through symlinks and hard links)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return _target(Path(a)) == _target(Path(b))

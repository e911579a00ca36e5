"""Files the commands make beside the game: pages, figures, built tables, new logs.

One writer for all of them, because every one of them can be pointed at a file the
player owns.  What it will never write over, with or without ``--force``:

* a game log (any file whose first line that is not blank or a comment reads as a log
  tag or event, whatever its name), unless a new log is being written over one with
  nothing played in it yet (``new --force`` after a mistyped hand);
* the learner's record, its pending answers, or any SQLite database;
* the config file.

``--force`` replaces only a file of the kind being written (a page over a page, a figure
over a figure): the kind is read from the file itself (past any blank lines), under the
lock, so a file that became something else since the check is not taken for what it
was.  The write itself is the log's (``logfile``): a temporary file beside the target,
synced, swapped in at once and the old file looked at once more (a save by a program
that takes no lock is put back), so a reader sees the old file or the new one, never
half of either.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from domino_advisor.base.errors import LogFileError
from domino_advisor.base.printable import printable
from domino_advisor.log import logfile
from domino_advisor.log.gamelog import just_started, looks_like_log

_HEAD = 64 * 1024  # enough of a file to tell what it is
_MOST = 32 * 1024 * 1024  # read at most this much of a file to tell what it is (a table of ours is less)
_SQLITE = b"SQLite format 3\0"


@dataclass(frozen=True)
class Kind:
    """A kind of file a command writes: a noun for messages, and how to tell one."""

    noun: str  # "an HTML page"
    plural: str  # "HTML pages"
    looks: Callable[[bytes], bool]  # the file's start, past blank lines (or all of it, for a table)
    whole: bool = False  # ``looks`` needs the whole file (a JSON table), not its start


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace").removeprefix("\ufeff").lstrip()


def _page(data: bytes) -> bool:
    start = _text(data)[:20].lower()
    return start.startswith("<!doctype html") or start.startswith("<html")


def _figure(data: bytes) -> bool:
    text = _text(data)
    if text.startswith("<?xml"):
        text = text.partition("?>")[2].lstrip()
    return text.startswith("<svg")


def _json_with(test: Callable[[dict], bool]) -> Callable[[bytes], bool]:
    def looks(data: bytes) -> bool:
        try:
            value = json.loads(data.decode("utf-8-sig"))
        except (ValueError, RecursionError):
            return False
        return isinstance(value, dict) and bool(value) and test(value)

    return looks


def _log(data: bytes) -> bool:
    return looks_like_log(data.decode("utf-8", "replace"))


PAGE = Kind("an HTML page", "HTML pages", _page)
FIGURE = Kind("an SVG figure", "SVG figures", _figure)
CALIBRATION_MAPS = Kind(
    "a file of calibration maps", "calibration maps", _json_with(lambda d: "maps" in d), whole=True
)
STYLE_MODELS = Kind(
    "a file of models of play",
    "models of play",
    _json_with(lambda d: "models" in d or "styles" in d),  # "styles": the file before 0.11
    whole=True,
)
MATCH_TABLES = Kind(
    "a file of match tables",
    "match tables",
    _json_with(
        lambda d: (
            "tables" in d  # "format" and "tables" since 0.11; before, the tables alone
            or all("/" in k and isinstance(v, dict) for k, v in d.items())
        )
    ),
    whole=True,
)
GAME_LOG = Kind(
    "a game log just started",
    "logs just started",
    lambda d: just_started(d.decode("utf-8", "replace")),
    whole=True,
)


def saved_demo(text: str) -> Kind:
    """A saved demo is a game log: ``--force`` replaces only one left as it was saved."""
    data = text.encode("utf-8")
    return Kind("the demo's log as saved", "the demo's log, unchanged", lambda d: d == data, whole=True)


def _kept(path: str | os.PathLike) -> str | None:
    """What the player keeps at ``path`` that is not a game log, if anything: the record
    (its database, SQLite's files beside it, its pending answers) or the config file,
    whether or not the file exists yet (a page written there now would be read as one later)."""
    from domino_advisor.cli import config
    from domino_advisor.learning import progress

    target = Path(os.path.realpath(path))
    record = Path(os.path.realpath(progress.path()))
    if target.parent == record.parent and (
        target.name in (record.name, *(record.name + end for end in ("-journal", "-wal", "-shm")))
        or target.name.startswith(record.stem + "-pending")
    ):
        return "part of your progress record"
    if target == Path(os.path.realpath(config.path())):
        return "your config file"
    return None


def check(path: str | os.PathLike, kind: Kind, force: bool, option: str = "") -> None:
    """Refuse at once what ``write`` would refuse, before long work is done for it."""
    shown = _shown(path, option)
    _refuse_owned(path, shown, kind)
    logfile.check_name(path)
    if os.path.lexists(path) and force:
        with logfile.locked(path, read=False) as f:
            _refuse_other_kind(f.target, kind, shown)
    logfile.check_target(path, force)


def write(path: str | os.PathLike, text: str, kind: Kind, force: bool, option: str = "") -> None:
    """Write ``text`` (``kind``) to a new file, or over a file of the same kind with ``force``."""
    shown = _shown(path, option)
    _refuse_owned(path, shown, kind)
    kept = logfile.create(
        path, text, force=force, log=kind is GAME_LOG, before=lambda to: _refuse_other_kind(to, kind, shown)
    )
    if kept is not None:  # another program's save at the moment of the overwrite: kept, and said
        from domino_advisor.cli.shell import set_aside

        set_aside(kept, os.fspath(path))


def _shown(path: str | os.PathLike, option: str) -> str:
    return f"{option} {printable(os.fspath(path))}" if option else printable(os.fspath(path))


def _refuse_owned(path: str | os.PathLike, shown: str, kind: Kind) -> None:
    what = _kept(path)
    if what is not None:
        raise LogFileError(f"{shown} is {what}: pick another name (--force never replaces it)")
    try:
        st = os.stat(path)
    except OSError:
        return  # nothing there yet (or a link to nothing): the write says what stops it
    if stat.S_ISDIR(st.st_mode):
        raise LogFileError(f"{shown} is a folder: name a file to write {kind.noun} into")
    if not stat.S_ISREG(st.st_mode):
        raise LogFileError(
            f"{shown} is not a regular file but a device, a pipe or a terminal: "
            f"name a file to write {kind.noun} into"
        )


def _refuse_other_kind(target: Path, kind: Kind, shown: str) -> None:
    """Under the lock, just before an overwrite: the file there must be of ``kind``.
    Its start is what it is after any blank lines, however many (a log can follow
    64 kB of them and still be a log); a file is empty only if all of it is blank."""
    try:
        size = os.path.getsize(target)
        with open(target, "rb") as f:
            data = f.read(_MOST + 1)
    except OSError as e:
        raise LogFileError(
            f"{shown}: cannot be read to see what it is ({e.strerror}): nothing was written"
        ) from None
    whole = size == len(data)
    body = data.removeprefix(b"\xef\xbb\xbf").lstrip()
    if whole and not body:
        return  # an empty file, or only blanks: nothing to lose
    if (whole or not kind.whole) and kind.looks(data if kind.whole else body[:_HEAD]):
        return
    if body.startswith(_SQLITE):
        raise LogFileError(
            f"{shown} is a database (perhaps a progress record): pick another name "
            "(--force never replaces it)"
        )
    if kind is GAME_LOG and _log(body):
        raise LogFileError(
            f"{shown} is a game log with events in it: pick another name (--force replaces only "
            "a log just started, its tags and your hand; a game played in is yours to keep)"
        )
    if _log(body):  # comments first, however many, then a tag or an event
        raise LogFileError(f"{shown} is a game log: pick another name (--force never replaces a game log)")
    raise LogFileError(
        f"{shown} is not {kind.noun}, and what it holds would be lost: pick another name "
        f"(--force replaces only {kind.plural})"
    )

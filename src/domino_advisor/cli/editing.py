"""``edit``: the log in the player's own editor, saved only if it still follows the
rules, as ``visudo`` and ``crontab -e`` do.

The edited text is checked (read, replayed, within the limits) before anything is
written; on an error the player edits again, starting from what they wrote, or
abandons.  The save goes through the one locked writer and only over the version the
editor opened: if another program wrote the log meanwhile, the player sees what it
added and edits again on top of it, so neither version is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import message, printable
from domino_advisor.cli.shell import errors
from domino_advisor.log import gamelog, logfile
from domino_advisor.views import notices


def _problem(text: str, opened: str, path: str | Path) -> str | None:
    try:
        logfile.check_bounds(text, path)
        gamelog.check_new_lines(text, opened)  # what `log` refuses in a typed line
        gamelog.loads(text).replay()
    except DominoError as e:
        return message(str(e))
    return None


def _events(text: str) -> list[str] | None:
    try:
        return [str(e) for e in gamelog.loads(text).events]
    except DominoError:
        return None


def _changes(old: str, new: str) -> tuple[list[str], list[str]]:
    """Events only in ``old``, events only in ``new`` (around what they share at both ends)."""
    a, b = _events(old), _events(new)
    if a is None or b is None:
        return [], []
    same = 0
    while same < min(len(a), len(b)) and a[same] == b[same]:
        same += 1
    end = 0
    while end < min(len(a), len(b)) - same and a[len(a) - 1 - end] == b[len(b) - 1 - end]:
        end += 1
    return a[same : len(a) - end], b[same : len(b) - end]


def edit_log(
    path: str | Path, console: Console, editor: Callable[..., bytes | None], ask: Callable[[], str]
) -> bool:
    """Edit until the log replays or the player abandons; True if it was saved (or left
    as it was).  What is not saved, and the abandoning, go to standard error: the
    command's refusal (exit 2), as every refusal's."""
    opened = logfile.read_text(path)
    logfile.check_target(path, force=True)  # a log we could not save is said before, not after
    crlf = "\r\n" in opened
    text = opened
    theirs: list[str] = []  # events another program logged while the editor was open
    while True:
        raw = editor(text.encode("utf-8", "surrogateescape"), extension=".dom", require_save=True)
        if raw is None:
            console.print("no change: the log is as it was")
            return True
        try:
            edited = logfile.decode(raw, path)
        except DominoError as e:  # not UTF-8 text: say so, and let them fix it
            errors.print(Text(f"not saved: {message(str(e))}", style="bold red"))
            if not _again(ask):
                errors.print("abandoned: the log is as it was")
                return False
            text = raw.decode("utf-8", "surrogateescape")
            continue
        if crlf and "\r\n" not in edited:
            edited = edited.replace("\n", "\r\n")  # the editor's newlines, the file's own kept
        if edited == opened:
            console.print("no change: the log is as it was")
            return True
        problem = _problem(edited, opened, path)
        if problem is not None:
            errors.print(Text(f"not saved: {problem}", style="bold red"))
            if not _again(ask):
                errors.print("abandoned: the log is as it was")
                return False
            text = edited
            continue
        removed, added = _changes(opened, edited)
        dropped = [e for e in removed if e in theirs]
        if dropped:
            errors.print(
                Text(
                    "not saved: your version leaves out what another program logged while you "
                    f"edited ({'; '.join(dropped)}); add it back, or delete it on purpose with "
                    "'log --delete N' afterwards",
                    style="bold yellow",
                )
            )
            if not _again(ask):
                errors.print("abandoned: the log is as the other program left it")
                return False
            text = edited
            continue
        try:
            kept = logfile.replace_text(path, edited, expect=opened)
        except logfile.LogChanged as e:
            theirs += _changes(opened, e.text)[1]
            errors.print(
                Text(
                    "not saved: another program changed the log while you edited it; edit again: "
                    "your version is kept, and what the other program logged is listed at the top "
                    "as comments for you to put in its place",
                    style="bold yellow",
                )
            )
            newline = "\r\n" if crlf else "\n"
            note = "# logged meanwhile by another program: "
            text = "".join(f"{note}{line}{newline}" for line in theirs) + edited
            opened = e.text
            if not _again(ask):
                errors.print("abandoned: the log is as the other program left it")
                return False
            continue
        for line in removed:
            console.print(Text(f"removed: {line}", style="yellow"))
        for line in added:
            console.print(Text(f"added: {line}", style="green"))
        console.print(f"saved {printable(str(path))}")
        if kept is not None:
            said = notices.set_aside(kept, str(path))
            console.print(Text(f"warning: {message(said)}", style="bold yellow"))
        return True


def _again(ask: Callable[[], str]) -> bool:
    while True:
        try:
            answer = ask().strip().lower()
        except (EOFError, KeyboardInterrupt):
            return False
        if answer in ("", "e", "edit"):
            return True
        if answer in ("a", "abandon", "q"):
            return False

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

from rich.console import Console
from rich.text import Text

from . import gamelog, logfile
from .errors import DominoError
from .printable import message


def _problem(text: str, path) -> str | None:
    try:
        logfile.check_bounds(text, path)
        gamelog.loads(text).replay()
    except DominoError as e:
        return message(str(e))
    return None


def _changes(old: str, new: str) -> tuple[list[str], list[str]]:
    a, b = gamelog.loads(old).events, gamelog.loads(new).events
    same = 0
    while same < min(len(a), len(b)) and a[same] == b[same]:
        same += 1
    end = 0
    while end < min(len(a), len(b)) - same and a[len(a) - 1 - end] == b[len(b) - 1 - end]:
        end += 1
    return [str(e) for e in a[same : len(a) - end]], [str(e) for e in b[same : len(b) - end]]


def edit_log(path, console: Console, editor: Callable[..., str | None], ask: Callable[[], str]) -> bool:
    """Edit until the log replays or the player abandons; True if it was saved."""
    opened = logfile.read_text(path)
    gamelog.loads(opened)  # a log that cannot be read now is the player's to fix first
    text = opened
    while True:
        edited = editor(text, extension=".dom", require_save=True)
        if edited is None or edited == opened:
            console.print("no change: the log is as it was")
            return True
        problem = _problem(edited, path)
        if problem is None:
            new_log = gamelog.loads(edited)
            try:
                logfile.update(path, _replaced_by(new_log), expect=opened)
            except logfile.LogChanged as e:
                added = _changes(opened, e.text)[1]
                console.print(
                    Text(
                        "not saved: the log was changed by another program while you edited it; "
                        "edit again: your version is kept, with what the other program added "
                        "listed at the top as comments",
                        style="bold yellow",
                    )
                )
                opened = e.text
                text = "".join(f"# new on disk meanwhile: {line}\n" for line in added) + edited
                if not _again(ask):
                    console.print("abandoned: the log is as the other program left it")
                    return False
                continue
            removed, added = _changes(opened, edited)
            for line in removed:
                console.print(Text(f"removed: {line}", style="yellow"))
            for line in added:
                console.print(Text(f"added: {line}", style="green"))
            console.print(f"saved {path}")
            return True
        console.print(Text(f"not saved: {problem}", style="bold red"))
        if not _again(ask):
            console.print("abandoned: the log is as it was")
            return False
        text = edited


def _replaced_by(new: gamelog.GameLog) -> Callable[[gamelog.GameLog], gamelog.GameLog]:
    return lambda _old: new


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

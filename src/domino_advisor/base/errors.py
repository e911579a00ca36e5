"""Error classes split by cause, as python-chess does: every one is a ValueError.

A message always quotes what the person typed and says what is wrong in the words
of the table, so the CLI can print it as it is.
"""

from __future__ import annotations


class DominoError(ValueError):
    """Anything the person typed that we cannot accept."""


class NotationError(DominoError):
    """The text cannot be read: a bad tile, verb, tag or option."""


class IllegalMoveError(DominoError):
    """The text reads fine but the rules or the state forbid it."""


class CountMismatch(IllegalMoveError):
    """What you see in front of a player is not what the log gives them: an event is
    missing or wrong.  Carries the numbers so the caller can say which events could
    explain it."""

    def __init__(self, message: str, seat: int = 0, logged: int = 0, seen: int = 0):
        super().__init__(message)
        self.seat, self.logged, self.seen = seat, logged, seen

    @classmethod
    def of(cls, players: list[str], viewer: int | None, seat: int, logged: int, seen: int) -> CountMismatch:
        who = "you" if seat == viewer else players[seat]
        tiles = f"tile{'s' if logged != 1 else ''}"
        you = "you hold" if seat == viewer else f"{who} has"
        return cls(f"the log gives {who} {logged} {tiles}, but {you} {seen}", seat, logged, seen)

    def explained(self, hints: list[str], typed: str = "") -> CountMismatch:
        """The same mismatch, quoting what was typed and saying which changes to the log
        would explain it."""
        said = f"{typed}: {self}" if typed else str(self)
        if hints:
            text = (
                f"{said}; what would explain it: "
                + "; or ".join(hints)
                + " (log --replace/--insert-before/--delete N, or replace/insert/delete N in the session)"
            )
        else:
            text = f"{said}; no single missed draw or play explains it: check the events of this round"
        return CountMismatch(text, self.seat, self.logged, self.seen)


class AmbiguousMoveError(DominoError):
    """The text fits more than one move and the choice matters."""


class RulesError(DominoError):
    """An unknown preset or a rule parameter with a bad value."""


class LogFileError(DominoError):
    """The game log as a whole cannot be used (not text, not found, bad header)."""

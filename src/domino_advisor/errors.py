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


class AmbiguousMoveError(DominoError):
    """The text fits more than one move and the choice matters."""


class RulesError(DominoError):
    """An unknown preset or a rule parameter with a bad value."""


class LogFileError(DominoError):
    """The game log as a whole cannot be used (not text, not found, bad header)."""

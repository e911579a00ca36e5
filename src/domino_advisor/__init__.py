"""domino-advisor: a tile-counting advisor for dominoes played at a real table."""

from .errors import AmbiguousMoveError, DominoError, IllegalMoveError, LogFileError, NotationError, RulesError
from .tiles import Tile

__all__ = [
    "AmbiguousMoveError",
    "DominoError",
    "IllegalMoveError",
    "LogFileError",
    "NotationError",
    "RulesError",
    "Tile",
]
__version__ = "0.9.0"  # the one place the version is written (pyproject.toml reads it)

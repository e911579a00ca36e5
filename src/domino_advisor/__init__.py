"""domino-advisor: a tile-counting advisor for dominoes played at a real table."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domino_advisor.base.errors import (
        AmbiguousMoveError,
        DominoError,
        IllegalMoveError,
        LogFileError,
        NotationError,
        RulesError,
    )
    from domino_advisor.base.tiles import Tile

__all__ = [
    "AmbiguousMoveError",
    "DominoError",
    "IllegalMoveError",
    "LogFileError",
    "NotationError",
    "RulesError",
    "Tile",
]
__version__ = "0.10.0"  # the one place the version is written (pyproject.toml reads it)

_HOMES = {name: "base.errors" for name in __all__} | {"Tile": "base.tiles"}


def __getattr__(name: str):
    """The names above, imported when first used: importing the package (as every command
    does) loads nothing else."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{_HOMES[name]}", __name__), name)
    globals()[name] = value
    return value

"""What a game says in its own words (``games/<game>/words.py``): where a tile lies, how
a play is typed and said, why a play is good, the lesson's table, the session's help;
the shape every game's words share, and the plain facts of the counting they read."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Play
from domino_advisor.games.registry import game_for

Choice = Callable[[Any, list[tuple[Tile, Any]]], tuple[Tile, Any]]  # a play among the legal ones


class Counted(Protocol):
    """What the counting knows, as the words read it."""

    @property
    def unseen(self) -> Iterable[Tile]: ...

    def cannot_hold(self, seat: int) -> Collection[int]: ...


@dataclass(frozen=True)
class LessonTable:
    """A lesson's table: one row per place (its name, its last tiles, its end), with a
    caption under the table, or a line below it."""

    column: str
    rows: list[tuple[str, str, str]]
    caption: str | None = None
    below: str | None = None
    shown: bool = True  # the table itself, even with no row (a line below may stand alone)


class Words(Protocol):
    """A game's words (a module: ``games.trains.words``)."""

    HEURISTIC: Choice  # a chooser among the legal plays: what the rollouts play
    BOTS: dict[str, Callable[..., Any]]
    PLANNED_BY: str
    TRAIN_KEY: bool
    EXAMPLE: str
    HELP_MOVES: str
    HELP_HAND: str
    HELP_LINE: str

    def place_of(self, r: Any, viewer: int, tile: Tile) -> str: ...
    def alike_places(self, r: Any, seat: int, tile: Tile, a: str, b: str) -> bool: ...
    def chaining(self, r: Any, seat: int) -> bool: ...
    def said_place(self, r: Any, on: object) -> str: ...
    def typed_place(self, r: Any, word: str) -> str: ...
    def typed(self, r: Any, play: Play) -> str: ...
    def ambiguous(self, r: Any, fits: list[Any], player: str, me: str) -> tuple[str, str]: ...
    def lesson_table(self, r: Any) -> LessonTable: ...
    def reasons(
        self, r: Any, seat: int, tile: Tile, place: Any, inf: Counted, same: Collection[str]
    ) -> list[str]: ...


def words_of(r: Any) -> Words:
    """The words of the game a round (or a match) is of."""
    return words_for(r.rules.name)


def words_for(name: str) -> Words:
    """The words of the game of this name (the registry's)."""
    game: Any = game_for(name)
    words: Words = game.words
    return words

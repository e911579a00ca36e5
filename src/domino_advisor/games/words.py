"""What a game says in its own words (``games/<game>/words.py``): where a tile lies, how
a play is typed and said, why a play is good, the lesson's table, the session's help;
the shape every game's words share (``TableWords``: what every game says at the table;
``Words``: all of it), and the plain facts of the counting they read."""

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


class TableWords(Protocol):
    """What every game says at the table (the session), in its own words: its shorthand in
    the help, a play that fits several places asked about, the table on the turn's row."""

    HELP_MOVES: str  # the help's rows for a play, a draw and a pass, as typed
    HELP_SHOWS: str  # its rows for a hand shown or counted, and a count check
    HELP_HAND: str  # a new round's hand, as typed
    HELP_LINE: str  # a play as a full log line
    HELP_STATUS: str  # what ``s`` shows

    def ambiguous(self, r: Any, fits: list[Any], player: str, me: str) -> tuple[str, str] | None:
        """The places a tile typed without one fits, and the word that picks the first (the
        session asks which); None: the game's rules ask it themselves."""
        ...

    def table_now(self, r: Any) -> str:
        """The table in the few words the short form's turn row starts with ('' for none)."""
        ...


class Words(TableWords, Protocol):
    """A game's words (a module: ``games.trains.words``): the table's, and those of the uses
    that play the games through their round alone (the lesson, the advice's reasons, the
    bots; the line games' are still their own modules')."""

    HEURISTIC: Choice  # a chooser among the legal plays: what the rollouts play
    BOTS: dict[str, Callable[..., Any]]
    PLANNED_BY: str
    TRAIN_KEY: bool
    EXAMPLE: str

    def place_of(self, r: Any, viewer: int, tile: Tile) -> str: ...
    def alike_places(self, r: Any, seat: int, tile: Tile, a: str, b: str) -> bool: ...
    def chaining(self, r: Any, seat: int) -> bool: ...
    def said_place(self, r: Any, on: object) -> str: ...
    def typed_place(self, r: Any, word: str) -> str: ...
    def typed(self, r: Any, play: Play) -> str: ...
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

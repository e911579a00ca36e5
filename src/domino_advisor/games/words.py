"""What a game says in its own words (``games/<game>/words.py``): where a tile lies, how
a play is asked for, typed, read and said, why a play is good, the lesson's table, the
session's help; the shape every game's words share (``PlayWords``: a play as a lesson
asks it; ``TableWords``: what every game says at the table; ``Words``: all of it), and
the plain facts of the counting they read."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from domino_advisor.base.errors import NotationError
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


class PlayWords(Protocol):
    """What every game's words say of a play, as a lesson asks for it (a module: the line
    games' ``games.line.words``, and the whole ``Words`` of the others)."""

    MOVE: str  # what a turn's choice is called: "move" (the line games) or "play"

    def practice(self, r: Any) -> tuple[str, str]:
        """The game as a lesson's first line names it, and the round's start in words
        ("" where the game says nothing of it)."""
        ...

    def prompt_example(self, r: Any, plays: list[Play]) -> str:
        """How one of these plays is typed, as the question shows it."""
        ...

    def read_play(self, answer: str, r: Any, plays: list[Play]) -> Play:
        """The typed play, one of ``plays``; refused in the table's words (a
        ``DominoError``) where it names none of them."""
        ...

    def chaining(self, r: Any, seat: int) -> bool:
        """The seat is laying a chain of plays, its question asked at the chain's start."""
        ...


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


class Words(PlayWords, TableWords, Protocol):
    """A game's words, every part of them (a module: ``games.trains.words``): the games
    played through their round alone say all of this; the line games' words say a play as
    a lesson asks it and what they say at the table (their reasons and bots are their
    judging part's and ``games.line.players``)."""

    HEURISTIC: Choice  # a chooser among the legal plays: what the rollouts play
    BOTS: dict[str, Callable[..., Any]]
    PLANNED_BY: str
    TRAIN_KEY: bool
    EXAMPLE: str

    def place_of(self, r: Any, viewer: int, tile: Tile) -> str: ...
    def alike_places(self, r: Any, seat: int, tile: Tile, a: str, b: str) -> bool: ...
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
    words: Words = game_for(name).words
    return words


def pips_left_said(r: Any) -> str:
    """A finished round in words: who went out (or that it blocked), and the pips each
    seat has left."""
    how = f"{r.names[r.winner]} went out" if r.winner is not None else "blocked"
    left = ", ".join(f"{n} {r.pips_left(s)}" for s, n in enumerate(r.names))
    return f"round over ({how}): pips left {left}"


def read_play(answer: str, r: Any, plays: list[Play]) -> Play:
    """A play typed as the table writes it, one of ``plays``, read in the words of the
    round's game; refused in them (a ``DominoError``)."""
    return words_of(r).read_play(answer, r, plays)


def read_placed(
    answer: str,
    r: Any,
    plays: list[Play],
    example: str,
    said: Callable[[Any, object], str],
    typed: Callable[[Any, str], Any],
) -> Play:
    """A tile and, where it fits more than one place, the place (``said``: a place as the
    table says it; ``typed``: a typed word's place): the reading of every game whose plays
    name their place (``125 m``, ``94 h``, ``41 4``), or just the tile where one place
    takes it."""
    words = [w for w in answer.split() if w.lower() != "on"]
    if not words or len(words) > 2:
        raise NotationError(f"write a play like {example}")
    tile = Tile.parse(words[0], r.rules.top)
    mine = [p for p in plays if p.tile == tile]
    if not mine:
        raise NotationError(f"{tile} is not one of your plays now")
    if len(words) == 1:
        if len(mine) > 1:
            raise NotationError(f"{tile} fits {' and '.join(said(r, p.on) for p in mine)}: say which")
        return mine[0]
    want = typed(r, words[1])
    fit = [p for p in mine if p.on == want]
    if not fit:
        raise NotationError(f"{tile} does not go on {said(r, want)} now")
    return fit[0]

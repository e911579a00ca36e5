"""One line of a game log as a value: parse it, print it, compare it.

Each event prints its own canonical notation (``bob plays 4-2 on 4``) and
``parse_event`` reads every spelling people type (``64``, ``6|4``, ``play``/``plays``).
Whether the event is *legal* is the game's business, not this module's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domino_advisor.base.errors import NotationError
from domino_advisor.base.printable import excerpt
from domino_advisor.base.tiles import (
    DEFAULT_TOP,
    Tile,
    format_tiles,
    full_set,
    parse_tiles,
    set_name,
    set_size,
)
from domino_advisor.games.line.layout import is_side

NAME = re.compile(r"[\w-]+\Z")
DIGITS = re.compile(r"[0-9]+\Z")
MAX_ROUNDS = 1_000


def _number(word: str) -> bool:
    """Plain digits 0-9 only: '²' or full-width digits are not numbers here."""
    return bool(DIGITS.match(word))


def number_at_most(word: str, most: int) -> int | None:
    """``word`` as a whole number if it is plain digits no greater than ``most`` (a
    5,000-digit number, zeros in front or not, is never turned into an int only to be
    refused)."""
    if not _number(word):
        return None
    digits = word.lstrip("0") or "0"
    if len(digits) > len(str(most)):
        return None
    value = int(digits)
    return value if value <= most else None


@dataclass(frozen=True)
class Play:
    """A tile played, and where: an end's number, a side or a place (none: the opening, or the only fit)."""

    player: str
    tile: Tile
    on: int | str | None = None  # a number, a side name, or None (opening / only one fit)

    def __str__(self) -> str:
        tail = "" if self.on is None else f" on {self.on}"
        return f"{self.player} plays {self.tile}{tail}"


@dataclass(frozen=True)
class Draw:
    """Tiles drawn from the boneyard: how many, and which when you drew them."""

    player: str
    count: int
    tiles: tuple[Tile, ...] | None = None  # known only when you drew them

    def __str__(self) -> str:
        what = format_tiles(self.tiles) if self.tiles is not None else str(self.count)
        return f"{self.player} draws {what}"


@dataclass(frozen=True)
class Pass:
    """A turn passed."""

    player: str

    def __str__(self) -> str:
        return f"{self.player} passes"


@dataclass(frozen=True)
class Holds:
    """The hand you were dealt, the first line of each round."""

    player: str
    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return f"{self.player} holds {format_tiles(self.tiles)}"


@dataclass(frozen=True)
class Shows:
    """A hand revealed once the round is over."""

    player: str
    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return f"{self.player} shows {format_tiles(self.tiles)}"


@dataclass(frozen=True)
class Counts:
    """A hand's pip count, once the round is over (its tiles not shown)."""

    player: str
    pips: int

    def __str__(self) -> str:
        return f"{self.player} counts {self.pips}"


@dataclass(frozen=True)
class Has:
    """A count check: how many tiles you see standing in front of a player."""

    player: str
    count: int

    def __str__(self) -> str:
        return f"{self.player} has {self.count}"


@dataclass(frozen=True)
class NewRound:
    """The start of a round of the match."""

    number: int

    def __str__(self) -> str:
        return f"round {self.number}"


Event = Play | Draw | Pass | Holds | Shows | Counts | Has | NewRound
Move = Play | Draw | Pass  # what a player does on a turn

VERBS = {
    "plays": "plays",
    "play": "plays",
    "draws": "draws",
    "draw": "draws",
    "passes": "passes",
    "pass": "passes",
    "holds": "holds",
    "hold": "holds",
    "shows": "shows",
    "show": "shows",
    "counts": "counts",
    "count": "counts",
    "has": "has",
}


@dataclass(frozen=True)
class PlaceWords:
    """How a game's plays name where they go, in its words: a game played off a middle
    double names a train or a place, not an end of the line."""

    name_one: str  # what to write after 'on', when the word is not one
    how: str  # how a play is written, when 'on' is missing


def parse_event(
    line: str, top: int = DEFAULT_TOP, me: str | None = None, places: PlaceWords | None = None
) -> Event:
    """Read one event line; ``me`` settles whether ``draws 12`` is a count or a tile;
    ``places`` (a game played off a middle double): a play names where it goes as a word
    (``on mexican``, ``on ana``; Chicken Foot's ``on head``, ``on toe3``, ``on 6-6``),
    in that game's words."""
    words = line.split()
    if not words:
        raise NotationError("an empty line is not an event")
    shown = excerpt(" ".join(words), 60)  # a long line is quoted by its start
    if words[0].lower() == "round":
        number = number_at_most(words[1], MAX_ROUNDS) if len(words) == 2 else None
        if not number:
            raise NotationError(f"'{shown}': write a new round as 'round 2' (1 to {MAX_ROUNDS:,})")
        return NewRound(number)
    if len(words) < 2:
        raise NotationError(f"'{shown}' is not an event: write who and what, like 'ana plays 6-4 on 6'")
    player, verb, rest = words[0], words[1].lower(), words[2:]
    if not NAME.match(player):
        raise NotationError(f"'{shown}': '{excerpt(player)}' is not a player name")
    if verb not in VERBS:
        raise NotationError(
            f"'{shown}': '{excerpt(words[1])}' is not something a player does "
            "(plays, draws, passes, shows, counts, holds, has)"
        )
    verb = VERBS[verb]
    try:
        return _parse_rest(player, verb, rest, top, me, places)
    except NotationError as e:
        raise NotationError(f"'{shown}': {e}") from None


def _parse_rest(
    player: str, verb: str, rest: list[str], top: int, me: str | None, places: PlaceWords | None = None
) -> Event:
    if verb == "passes":
        if rest:
            raise NotationError("'passes' takes nothing after it")
        return Pass(player)
    if verb == "plays":
        if not rest:
            raise NotationError("say which tile, like 'plays 6-4'")
        if len(rest) == 1:
            return Play(player, Tile.parse(rest[0], top))
        if len(rest) == 3 and rest[1].lower() == "on" and places is not None:
            if not NAME.match(rest[2]):
                raise NotationError(f"'on {excerpt(rest[2])}': {places.name_one}")
            return Play(player, Tile.parse(rest[0], top), rest[2])
        if len(rest) == 3 and rest[1].lower() == "on":
            return Play(player, Tile.parse(rest[0], top), _parse_on(rest[2], top))
        if places is not None:
            raise NotationError(places.how)
        raise NotationError("write 'plays 6-4' or 'plays 6-4 on 6' (or 'on left/right/up/down')")
    if verb == "draws":
        if not rest:
            raise NotationError("say how many tiles, like 'draws 2', or which you drew")
        if len(rest) == 1 and _number(rest[0]) and (len(rest[0]) == 1 or player != me):
            count = number_at_most(rest[0], set_size(top))
            if count is None:
                raise NotationError(f"the {set_name(top)} set has only {set_size(top)} tiles")
            if count < 1:
                raise NotationError("a draw is at least one tile")
            return Draw(player, count)
        tiles = tuple(parse_tiles(rest, top))
        return Draw(player, len(tiles), tiles)
    if verb == "counts":
        if len(rest) != 1 or not _number(rest[0]):
            raise NotationError("write the pips as a whole number, like 'counts 14'")
        # a double-blank may count 50 in the games played off a middle double (their plays name places)
        most = sum(t.pips for t in full_set(top)) + (50 if places is not None else 0)
        pips = number_at_most(rest[0], most)
        if pips is None:
            raise NotationError(f"a hand holds at most {most} pips in the {set_name(top)} set")
        return Counts(player, pips)
    if verb == "has":
        if len(rest) != 1 or not _number(rest[0]):
            raise NotationError("write how many tiles you see in front of them, like 'ana has 6'")
        count = number_at_most(rest[0], set_size(top))
        if count is None:
            raise NotationError(f"the {set_name(top)} set has only {set_size(top)} tiles")
        return Has(player, count)
    tiles = tuple(parse_tiles(rest, top))
    if verb == "shows":
        return Shows(player, tiles)
    if not tiles:
        raise NotationError("list the tiles, like 'holds 6-6 5-2 3-1'")
    return Holds(player, tiles)


def _parse_on(word: str, top: int) -> int | str:
    w = word.lower()
    if is_side(w):
        return w
    number = number_at_most(w, top)
    if number is not None:
        return number
    raise NotationError(
        f"'on {excerpt(word)}': name an open end by its number (0-{top}) or as left, right, up or down "
        "(upN or downN for the ends off a later spinner N-N)"
    )

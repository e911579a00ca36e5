"""Tiddly-wink in the table's words: where a tile lies, how a play is typed and said, why
a play, the lesson's table, the session's help.  What the counting knows comes in as plain
facts (who certainly lacks which numbers), so these words need nothing above the games."""

from __future__ import annotations

from collections.abc import Collection

from domino_advisor.base.errors import NotationError
from domino_advisor.base.printable import describe_numbers, printable
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Play
from domino_advisor.games.hub import words as said_alike
from domino_advisor.games.line.layout import is_side
from domino_advisor.games.tiddly.bots import POLICIES, heavy_choice
from domino_advisor.games.tiddly.state import Place, TiddlyRound
from domino_advisor.games.words import Counted, LessonTable, read_placed

# what the rollouts play, and the move the advice keeps unless another is clearly better
HEURISTIC = heavy_choice
BOTS = POLICIES
PLANNED_BY = "the heaviest tile"
TRAIN_KEY = False
MOVE = "play"  # what a lesson asks you for
EXAMPLE = "64 (6-4 where it fits), 64 4 (on the end showing 4)"
HELP_MOVES = """  ana 64          ana plays 6-4 where it fits (asked which end when two)
  ana 64 4        on the end showing 4      bob d        bob draws one tile
  me d 6-3        you drew 6-3              cy p         cy passes (boneyard empty)
anyone who holds a tile that fits may play it, in any order
"""
HELP_HAND = "me h 6-6 5-4"
HELP_LINE = "ana plays 6-4 on 4"
HELP_SHOWS = said_alike.SHOWS
HELP_STATUS = said_alike.STATUS
table_now = said_alike.table_unsaid


def place_of(r: TiddlyRound, viewer: int, tile: Tile) -> str:
    """Where a laid tile lies: the line of play."""
    return "the table"


def alike_places(r: TiddlyRound, seat: int, tile: Tile, a: str, b: str) -> bool:
    """Two ends showing one number are one choice (the layout offers them once)."""
    return a == b


def chaining(r: TiddlyRound, seat: int) -> bool:
    return False


def said_place(r: TiddlyRound, on: object) -> str:
    return "the table" if on in (None, "the table") else f"the {on} end" if isinstance(on, str) else str(on)


def typed_place(r: TiddlyRound, word: str) -> Place:
    """An end's number (as a play's end is kept: a number), or a side (``left``, ``right``)."""
    if word.isdigit() and int(word) <= r.rules.top:
        return int(word)
    if is_side(word):
        return word
    raise NotationError(f"'{printable(word)}' is not an end: write the number it shows, like 4")


def practice(r: TiddlyRound) -> tuple[str, str]:
    """The game and the round's start, as a lesson's first line says them."""
    return r.rules.title, r.start_words()


def prompt_example(r: TiddlyRound, plays: list[Play]) -> str:
    """The first of your plays as you would type it."""
    return typed(r, plays[0])


def read_play(answer: str, r: TiddlyRound, plays: list[Play]) -> Play:
    """A typed play: ``41 4``, ``4-1 on 1``, or just the tile where one end takes it."""
    return read_placed(answer, r, plays, EXAMPLE, said_place, typed_place)


def typed(r: TiddlyRound, play: Play) -> str:
    """A play as you would type it: ``64``, ``64 4``."""
    tile = f"{play.tile.high}{play.tile.low}"
    return tile if play.on is None else f"{tile} {play.on}"


def ambiguous(r: TiddlyRound, fits: list[Place], player: str, me: str) -> tuple[str, str]:
    """The ends a tile fits, and the word that picks the first (the session asks)."""
    return " and ".join(str(f) for f in fits), str(fits[0])


def lesson_table(r: TiddlyRound) -> LessonTable:
    """The line of play's last tiles at each end, and the ends."""
    tiles = [str(t) for t in r.layout.tiles]
    shown = " ".join(tiles[-6:]) if tiles else "(nothing played yet)"
    ends = describe_numbers(r.layout.numbers) if tiles else "-"
    return LessonTable("line", [("line", ("… " if len(tiles) > 6 else "") + shown, ends)])


def reasons(
    r: TiddlyRound, seat: int, tile: Tile, place: Place, inf: Counted, same: Collection[str]
) -> list[str]:
    """Why, from the race and the counts, in the table's words."""
    out = [f"sheds {tile.pips} pip{'' if tile.pips == 1 else 's'}"]
    if tile.is_double:
        out.append("a double: hard to place later, only one number takes it")
    if r.layout.is_empty:
        return out
    after = r.layout.play(tile, place)
    left = sorted(set(after.numbers))
    lacking = [
        r.names[s]
        for s in range(len(r.names))
        if s != seat and r.counts[s] and all(n in inf.cannot_hold(s) for n in left)
    ]
    if lacking:
        verb = "lacks" if len(lacking) == 1 else "lack"
        out.append(f"leaves {describe_numbers(left)}, which {describe_numbers(lacking)} certainly {verb}")
    hand = (r.hands[seat] or set()) - {tile}
    mine = [t for t in hand if any(t.bears(n) for n in left)]
    if mine:
        out.append(f"keeps {len(mine)} of your tiles playable next")
    close = [r.names[s] for s in range(len(r.names)) if s != seat and 0 < r.counts[s] <= 2]
    if close:
        out.append(f"{describe_numbers(close)} {'is' if len(close) == 1 else 'are'} close to going out")
    return out

"""Matador in the table's words: where a tile lies, how a play is typed and said, why a play,
the lesson's table, the session's help.  What the counting knows comes in as plain facts
(who certainly lacks which numbers), so these words need nothing above the games."""

from __future__ import annotations

from collections.abc import Collection

from domino_advisor.base.errors import NotationError
from domino_advisor.base.printable import describe_numbers, printable
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Play
from domino_advisor.games.hub import words as said_alike
from domino_advisor.games.matador.bots import POLICIES, heuristic_choice
from domino_advisor.games.matador.layout import SEVEN, is_matador, shows
from domino_advisor.games.matador.state import MatadorRound, Place
from domino_advisor.games.words import Counted, LessonTable, read_placed

# what the rollouts play, and the move the advice keeps unless another is clearly better
HEURISTIC = heuristic_choice
BOTS = POLICIES
PLANNED_BY = "the heuristic's move (matadors kept, then the heaviest tile)"
TRAIN_KEY = False
MOVE = "play"  # what a lesson asks you for
EXAMPLE = "61 (6-1 where it fits), 61 6 (on the end showing 6)"
HELP_MOVES = """  ana 61          ana plays 6-1 where it fits (asked which end when two)
  ana 61 6        on the end showing 6      bob d        bob draws one tile
  me d 6-3        you drew 6-3              cy p         cy passes (boneyard empty)
an end showing n takes a 7-n; a blank end only a matador (6-1 5-2 4-3 0-0), which goes anywhere
"""
HELP_HAND = "me h 6-6 5-4"
HELP_LINE = "ana plays 6-1 on 6"
HELP_SHOWS = said_alike.SHOWS
HELP_STATUS = said_alike.STATUS
table_now = said_alike.table_unsaid


def place_of(r: MatadorRound, viewer: int, tile: Tile) -> str:
    """Where a laid tile lies: the line of play."""
    return "the table"


def alike_places(r: MatadorRound, seat: int, tile: Tile, a: str, b: str) -> bool:
    """Two ends showing one number are one choice (the line offers them once)."""
    return a == b


def chaining(r: MatadorRound, seat: int) -> bool:
    return False


def said_place(r: MatadorRound, on: object) -> str:
    return "the table" if on in (None, "the table") else str(on)


def typed_place(r: MatadorRound, word: str) -> Place:
    """An end, by the number it shows."""
    if word.isdigit() and int(word) <= r.rules.top:
        return int(word)
    raise NotationError(f"'{printable(word)}' is not an end: write the number it shows, like 6")


def practice(r: MatadorRound) -> tuple[str, str]:
    """The game and the round's start, as a lesson's first line says them."""
    return r.rules.title, r.start_words()


def prompt_example(r: MatadorRound, plays: list[Play]) -> str:
    """The first of your plays as you would type it."""
    return typed(r, plays[0])


def read_play(answer: str, r: MatadorRound, plays: list[Play]) -> Play:
    """A typed play: ``61 6``, ``6-1 on 6``, or just the tile where one end takes it."""
    return read_placed(answer, r, plays, EXAMPLE, said_place, typed_place)


def typed(r: MatadorRound, play: Play) -> str:
    """A play as you would type it: ``61``, ``61 6``."""
    tile = f"{play.tile.high}{play.tile.low}"
    return tile if play.on is None else f"{tile} {play.on}"


def ambiguous(r: MatadorRound, fits: list[Place], player: str, me: str) -> tuple[str, str]:
    """The ends a tile fits, and the word that picks the first (the session asks)."""
    return " and ".join(str(f) for f in fits), str(fits[0])


def lesson_table(r: MatadorRound) -> LessonTable:
    """The line of play's last tiles, and its ends."""
    tiles = [f"{a}-{b}" for a, b in r.layout.halves]
    shown = " ".join(tiles[-6:]) if tiles else "(nothing played yet)"
    ends = describe_numbers(r.layout.numbers) if tiles else "-"
    return LessonTable("line", [("line", ("… " if len(tiles) > 6 else "") + shown, ends)])


def reasons(
    r: MatadorRound, seat: int, tile: Tile, place: Place, inf: Counted, same: Collection[str]
) -> list[str]:
    """Why, from the ends and the counts, in the table's words."""
    out = [f"sheds {tile.pips} pip{'' if tile.pips == 1 else 's'}"]
    hand = (r.hands[seat] or set()) - {tile}
    if is_matador(tile):
        out.append("spends a matador, which goes on any end")
    elif any(is_matador(t) for t in hand):
        out.append("keeps your matador")
    if r.layout.is_empty or place is None:
        return out
    after = r.layout.place(tile, place)
    left = sorted(set(after.ends), reverse=True)
    if shows(tile, place) == 0:
        out.append("leaves a blank end: only a matador takes it")
    wanted = sorted({SEVEN - n for n in left if n})
    if wanted:
        lacking = [
            r.names[s]
            for s in range(len(r.names))
            if s != seat and r.counts[s] and all(n in inf.cannot_hold(s) for n in wanted)
        ]
        if lacking:
            verb = "has" if len(lacking) == 1 else "have"
            out.append(
                f"leaves ends {describe_numbers(left)}: {describe_numbers(lacking)} certainly {verb} no "
                f"{describe_numbers(wanted)} to lay there (a matador aside)"
            )
    mine = [t for t in hand if is_matador(t) or any(t.bears(SEVEN - n) for n in left if n)]
    if mine:
        out.append(f"keeps {len(mine)} of your tiles playable next")
    close = [r.names[s] for s in range(len(r.names)) if s != seat and 0 < r.counts[s] <= 2]
    if close:
        out.append(f"{describe_numbers(close)} {'is' if len(close) == 1 else 'are'} close to going out")
    return out

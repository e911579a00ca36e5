"""Chicken Foot in the table's words: where a tile lies, how a play is typed and said,
why a play, the lesson's table, the session's help.  What the counting knows comes in as
plain facts (who certainly lacks which numbers, the unseen tiles), so these words need
nothing above the games."""

from __future__ import annotations

from collections.abc import Collection

from domino_advisor.base.errors import NotationError
from domino_advisor.base.printable import describe_numbers, printable
from domino_advisor.base.tiles import Tile
from domino_advisor.games.chicken.bots import POLICIES, heuristic_choice
from domino_advisor.games.chicken.state import HEAD, ChickenRound, place_word
from domino_advisor.games.events import Play
from domino_advisor.games.hub import words as said_alike
from domino_advisor.games.words import Counted, LessonTable, read_placed

# what the rollouts play, and the move the advice keeps unless another is clearly better
HEURISTIC = heuristic_choice  # a chooser among the legal plays (hub.match.Choice)
BOTS = POLICIES
PLANNED_BY = "the heuristic's move"
TRAIN_KEY = False  # a move's dict says where it goes as "on" only
MOVE = "play"  # what a lesson asks you for
EXAMPLE = "94 h (the head), 43 t2 (the second toe) or 65 66 (on 6-6)"
HELP_MOVES = """  ana 94          ana plays 9-4 where it fits (asked which when several)
  ana 94 h        on the head               ana 43 t2    on the second toe's line
  ana 65 66       a toe on the double 6-6   bob d        bob draws one tile
  me d 7-3        you drew 7-3              cy p         cy passes (after drawing)
"""
HELP_HAND = "me h 9-9 7-4"
HELP_LINE = "ana plays 9-4 on head"
HELP_SHOWS = said_alike.SHOWS
HELP_STATUS = said_alike.STATUS
table_now = said_alike.table_unsaid


def place_of(r: ChickenRound, viewer: int, tile: Tile) -> str:
    """Where a laid tile lies: a line."""
    k = next(k for k, x in enumerate(r.lines) if tile in x.tiles)
    return r.place_name(k)


def alike_places(r: ChickenRound, seat: int, tile: Tile, a: str, b: str) -> bool:
    """Lines that end in the same number are one choice (the advice tries a tile on one)."""
    return r.number_at(r.where_to(seat, tile, a)) == r.number_at(r.where_to(seat, tile, b))


def chaining(r: ChickenRound, seat: int) -> bool:
    """No first chains in Chicken Foot."""
    return False


def said_place(r: ChickenRound, on: object) -> str:
    return str(on)


def typed_place(r: ChickenRound, word: str) -> str:
    """``h``, ``t2``, or a double like ``66``."""
    place = place_word(word, r.rules.top)
    if place is None:
        raise NotationError(
            f"'{printable(word)}' is not a place: h (the head), t2 (a toe), or a double like 66"
        )
    return place


def practice(r: ChickenRound) -> tuple[str, str]:
    """The game and the round's start, as a lesson's first line says them."""
    return r.rules.title, r.start_words()


def prompt_example(r: ChickenRound, plays: list[Play]) -> str:
    """The first of your plays as you would type it."""
    return typed(r, plays[0])


def read_play(answer: str, r: ChickenRound, plays: list[Play]) -> Play:
    """A typed play: ``94 h``, ``43 t2``, ``65 66``, ``9-4 on head``, or just the tile where
    one place takes it."""
    return read_placed(answer, r, plays, EXAMPLE, said_place, typed_place)


def typed(r: ChickenRound, play: Play) -> str:
    """A play as you would type it: ``94 h``, ``43 t2``, ``65 66``."""
    on = str(play.on)
    word = "h" if on == HEAD else f"t{on[3:]}" if on.startswith("toe") else on.replace("-", "")
    return f"{play.tile.high}{play.tile.low} {word}"


def ambiguous(r: ChickenRound, fits: list[int | Tile], player: str, me: str) -> tuple[str, str]:
    """The places a tile fits, and the word that picks the first (the session asks)."""
    return " and ".join(r.place_name(p) for p in fits), r.place_name(fits[0])


def lesson_table(r: ChickenRound) -> LessonTable:
    """Each open line's last tiles and end, and what waits for toes."""
    rows = []
    for k, x in enumerate(r.lines):
        if x.closed:
            continue
        tail = " ".join(str(y) for y in x.tiles[-3:])
        rows.append((r.place_name(k), ("… " if len(x.tiles) > 3 else "") + tail, str(x.end)))
    w = r.waiting
    below = None if w is None else f"{r.waiting_words()} takes its toes first: {w.have} of {w.need}"
    return LessonTable("line", rows, below=below, shown=bool(r.lines))


def reasons(
    r: ChickenRound, seat: int, tile: Tile, place: int | Tile, inf: Counted, same: Collection[str]
) -> list[str]:
    """Why, in Chicken Foot's words: the toes a double waits for and who can lay them,
    the end a play leaves and who lacks it, the pips shed."""
    out: list[str] = []
    hand = r.hands[seat] or set()
    others = [s for s in range(len(r.names)) if s != seat]
    w = r.waiting
    if w is not None:
        out.append(f"a toe on {r.waiting_words()} ({w.have + 1} of {w.need})")
    out.append(f"sheds {tile.pips} pip{'' if tile.pips == 1 else 's'}")
    if tile.is_double and w is None:
        n = tile.high
        mine = sum(1 for x in hand if x != tile and x.bears(n))
        unseen = sum(1 for t in inf.unseen if t.bears(n))
        cannot = [r.names[s] for s in others if n in inf.cannot_hold(s)]
        toes = min(r.rules.toes, mine + unseen)  # it stops waiting when its number runs out
        text = f"a double: {toes} toe{'' if toes == 1 else 's'} of {n} go on it before anything else"
        held = f"no other {n}" if not mine else f"{mine} more {n}{'' if mine == 1 else 's'}"
        text += f" (you hold {held}, {unseen} unseen)"
        out.append(text)
        if unseen == 0 and mine:
            out.append(f"only you can lay its toes: every other {n} is down or yours")
        elif cannot:
            verb = "lacks" if len(cannot) == 1 else "lack"
            out.append(f"{describe_numbers(cannot)} certainly {verb} {n}: they must draw")
    else:
        end = tile.other(r.number_at(place))
        lacking = [r.names[s] for s in others if end in inf.cannot_hold(s)]
        follow = sum(1 for x in hand if x != tile and x.bears(end))
        where = "a new toe" if isinstance(place, Tile) else r.place_name(place)
        if follow:
            out.append(f"leaves {end} on {where}, which you can follow ({follow} in hand)")
        if lacking:
            verb = "lacks" if len(lacking) == 1 else "lack"
            out.append(f"leaves {end}, which {describe_numbers(lacking)} certainly {verb}")
    close = [r.names[s] for s in others if 0 < r.counts[s] <= 2]
    if close:
        out.append(f"{describe_numbers(close)} {'is' if len(close) == 1 else 'are'} close to going out")
    if same:
        out.append(f"the same as on {', '.join(same)} (the same end)")
    return out

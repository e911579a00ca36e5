"""Mexican Train in the table's words: where a tile lies, how a play is typed and said,
why a play, the lesson's table, the session's help.  What the counting knows comes in as
plain facts (who certainly lacks which numbers, the unseen tiles), so these words need
nothing above the games."""

from __future__ import annotations

from collections.abc import Collection

from domino_advisor.base.errors import NotationError
from domino_advisor.base.printable import describe_numbers, printable
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Play
from domino_advisor.games.hub import words as said_alike
from domino_advisor.games.trains.bots import POLICIES, heuristic_choice
from domino_advisor.games.trains.plan import longest_line
from domino_advisor.games.trains.state import MEXICAN, Key, TrainRound
from domino_advisor.games.words import Counted, LessonTable, read_placed

# what the rollouts play, and the move the advice keeps unless another is clearly better
HEURISTIC = heuristic_choice  # a chooser among the legal plays (hub.match.Choice)
BOTS = POLICIES
PLANNED_BY = "the plan's move"
TRAIN_KEY = True  # a move's dict also says "train", as 0.8.0 wrote it
MOVE = "play"  # what a lesson asks you for
EXAMPLE = "125 m (the Mexican train), 125 mine, or 125 bob"
HELP_MOVES = """  ana 64          ana plays 6-4 on the only train it fits (asked which when several)
  ana 64 m        on the Mexican train      ana 64 bob   on bob's train (any start of a name)
  me 129 mine     on your own train         bob d        bob draws one tile
  me d 12-3       you drew 12-3             cy p         cy passes (after drawing)
"""
HELP_HAND = "me h 12-12 11-4"
HELP_LINE = "ana plays 6-4 on mexican"
HELP_SHOWS = said_alike.SHOWS
HELP_STATUS = said_alike.STATUS
table_now = said_alike.table_unsaid


def place_of(r: TrainRound, viewer: int, tile: Tile) -> str:
    """Where a laid tile lies: a train."""
    key = next(k for k, t in r.trains.items() if tile in t.tiles)
    return "your train" if key == viewer else said_place(r, r.place_name(key))


def alike_places(r: TrainRound, seat: int, tile: Tile, a: str, b: str) -> bool:
    """Two trains are never the same place (the advice tries a tile on each)."""
    return False


def chaining(r: TrainRound, seat: int) -> bool:
    """The seat is laying its first chain (its only play goes on its own train)."""
    return r.chain == seat


def said_place(r: TrainRound, on: object) -> str:
    """A train as the table says it, by its name (``mexican``, or its owner's: yours is
    "your train" where the round knows whose log it is)."""
    if on == MEXICAN:
        return "the Mexican train"
    return "your train" if r.viewer is not None and on == r.names[r.viewer] else f"{on}'s train"


def typed_place(r: TrainRound, word: str) -> str:
    """``m``, ``mine`` or any start of one player's name."""
    low = word.lower()
    if low in ("m", "mex", MEXICAN):
        return MEXICAN
    if low in ("mine", "own"):
        return r.names[0]
    named = [n for n in r.names if n.lower() == low] or [n for n in r.names if n.lower().startswith(low)]
    if len(named) != 1:
        raise NotationError(f"'{printable(word)}' is not a train: m, mine, or a player's name")
    return named[0]


def practice(r: TrainRound) -> tuple[str, str]:
    """The game and the round's start, as a lesson's first line says them."""
    return r.rules.title, r.start_words()


def prompt_example(r: TrainRound, plays: list[Play]) -> str:
    """The first of your plays as you would type it."""
    return typed(r, plays[0])


def read_play(answer: str, r: TrainRound, plays: list[Play]) -> Play:
    """A typed play: ``125 m``, ``12-5 mine``, ``125 on bob``, or just the tile where one
    train takes it."""
    return read_placed(answer, r, plays, EXAMPLE, said_place, typed_place)


def typed(r: TrainRound, play: Play) -> str:
    """A play as you would type it: ``125 m``, ``125 mine``, ``125 bob``."""
    word = {MEXICAN: "m", r.names[0]: "mine"}.get(str(play.on), str(play.on))
    return f"{play.tile.high}{play.tile.low} {word}"


def ambiguous(r: TrainRound, fits: list[Key], player: str, me: str) -> tuple[str, str]:
    """The places a tile fits, and the word that picks the first (the session asks)."""
    where = " and ".join(said_place(r, r.place_name(k)) for k in fits)
    first = r.place_name(fits[0])
    return where, "mine" if first == me else first


def lesson_table(r: TrainRound) -> LessonTable:
    """Each train's last tiles, its end and its marker."""
    rows = []
    for key, t in r.trains.items():
        name = r.place_name(key) + (" ⚑" if t.marker else "")
        tail = " ".join(str(x) for x in t.tiles[-3:]) or "(not started)"
        rows.append((name, ("… " if len(t.tiles) > 3 else "") + tail, str(t.end)))
    caption = None
    if r.double is not None:
        caption = f"the double on {said_place(r, r.place_name(r.double))} must be satisfied first"
    return LessonTable("train", rows, caption=caption)


def reasons(r: TrainRound, seat: int, tile: Tile, key: Key, inf: Counted, same: Collection[str]) -> list[str]:
    """Why, from the plan and the counts, in the table's words."""
    out: list[str] = []
    hand = r.hands[seat] or set()
    own = r.trains[seat]
    line = longest_line(hand, own.end)
    t = r.trains[key]
    end_after = tile.other(t.end)
    if r.double is not None:
        out.append(f"answers the double on {said_place(r, r.place_name(r.double))}")
    if key == seat:
        if own.marker:
            out.append("takes the marker off your train")
        if len(line) >= 2 and tile == line[0]:
            shown = " ".join(map(str, line[:4])) + (" …" if len(line) > 4 else "")
            out.append(f"lays the first of your line of {len(line)} ({shown})")
    elif tile not in line and len(line) >= 2:
        out.append(f"keeps your line of {len(line)} for your own train")
    elif tile in line and len(line) >= 2:
        out.append(f"breaks your line of {len(line)} (a tile it needs)")
    if key == MEXICAN and not t.tiles:
        out.append("starts the Mexican train")
    out.append(f"sheds {tile.pips} pip{'' if tile.pips == 1 else 's'}")
    if tile.is_double:
        cannot = [r.names[s] for s in range(len(r.names)) if s != seat and tile.high in inf.cannot_hold(s)]
        after = " you play again, on it" if r.rules.double_again else " the next player must answer it"
        out.append(f"a double:{after}" + (f" ({', '.join(cannot)} certainly cannot)" if cannot else ""))
    elif key != seat:
        lacking = [r.names[s] for s in range(len(r.names)) if s != seat and end_after in inf.cannot_hold(s)]
        if lacking:
            verb = "lacks" if len(lacking) == 1 else "lack"
            on = said_place(r, r.place_name(key))
            out.append(f"leaves {end_after} on {on}, which {describe_numbers(lacking)} certainly {verb}")
    close = [r.names[s] for s in range(len(r.names)) if s != seat and 0 < r.counts[s] <= 2]
    if close:
        out.append(f"{describe_numbers(close)} {'is' if len(close) == 1 else 'are'} close to going out")
    return out

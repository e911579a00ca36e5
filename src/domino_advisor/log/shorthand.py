"""What people type at a table, turned into log lines.

``ana 64`` is ``ana plays 6-4``, ``ana 64 on 4`` joins the 4, ``bob d2`` draws two,
``cy p`` passes, ``me d 61 30`` names the tiles you drew, ``ana s 33 21`` shows a
hand, ``bob c 14`` counts one, ``ana =6`` checks that ana has 6 tiles.  A name may be
written in any case and shortened to any start only one player's name has.  A full
log line is taken as it is.  Session commands (``u``, ``?``, ``a``...) are not
events and are read by the session itself.
"""

from __future__ import annotations

import re

from domino_advisor.base.errors import NotationError
from domino_advisor.base.printable import excerpt
from domino_advisor.games.events import VERBS

COUNT = re.compile(r"d([0-9]+)\Z", re.IGNORECASE)


def expand(line: str, players: list[str], me: str, one_draw: bool = False, places: bool = False) -> str:
    """The full log line for a shorthand line (or the line itself if already full);
    ``one_draw`` (Mexican Train, Chicken Foot): a draw is one tile, so ``bob d`` is ``bob
    draws 1``; ``places`` (Chicken Foot): a play names a place (``ana 94 h``)."""
    words = line.split()
    if not words:
        raise NotationError("an empty line is not an event")
    shown = excerpt(" ".join(words), 60)
    if words[0].lower() == "round":
        return " ".join(words)
    who = _player(words[0], players, shown)
    if len(words) > 1 and words[1].lower() in VERBS:
        return " ".join([who, *words[1:]])
    rest = words[1:]
    if not rest:
        raise NotationError(f"'{shown}': say what {who} did, like '{who} 64', '{who} d2' or '{who} p'")
    head = rest[0].lower()
    if head in ("p", "pass"):
        if len(rest) > 1:
            raise NotationError(f"'{shown}': a pass takes nothing after it")
        return f"{who} passes"
    m = COUNT.match(head)
    if one_draw and who != me and head == "d" and len(rest) == 1:
        return f"{who} draws 1"
    if one_draw and who != me and head in ("d", "draw", "draws") and len(rest) == 2 and rest[1] != "1":
        raise NotationError(f"'{shown}': you cannot see which tile {who} drew: write '{who} d'")
    if one_draw and who != me and m and m.group(1) != "1":
        raise NotationError(f"'{shown}': a draw is one tile in this game: write '{who} d'")
    if who != me and head.startswith("d") and head not in ("d", "draw", "draws"):
        if not m or len(rest) > 1:
            raise NotationError(f"'{shown}': write how many {who} drew, like '{who} d2'")
        return f"{who} draws {m.group(1)}"
    if head == "d" or (head.startswith("d") and who == me and len(head) > 1):
        tiles = rest[1:] if head == "d" else [head[1:], *rest[1:]]
        if not tiles:
            raise NotationError(
                f"'{shown}': say what {who} drew: "
                + (
                    ("the tile, like 'me d 9-3'" if one_draw else "the tiles, like 'me d 64 10'")
                    if who == me
                    else f"how many, like '{who} d2'"
                )
            )
        return f"{who} draws {' '.join(tiles)}"
    if head in ("s", "show", "shows"):
        return f"{who} shows {' '.join(rest[1:])}"
    if head in ("c", "count", "counts"):
        return f"{who} counts {' '.join(rest[1:])}"
    if head.startswith("=") and len(rest) == 1:  # a count check: 'ana =6'
        return f"{who} has {head[1:]}"
    if head == "=" and len(rest) == 2:  # 'ana = 6'
        return f"{who} has {rest[1]}"
    if head in ("h", "hold", "holds"):
        return f"{who} holds {' '.join(rest[1:])}"
    # a play: '64', '64 on 4', '64 4', '64 left'
    tile, tail = rest[0], rest[1:]
    if not any(ch.isdigit() for ch in tile):
        raise NotationError(
            f"'{shown}': '{excerpt(tile)}' is not something a player does "
            "(plays, draws, passes, shows, counts, holds, has) nor a tile like 64"
        )
    if tail and tail[0].lower() == "on":
        tail = tail[1:]
    if len(tail) > 1:
        example = f"'{who} 94' or '{who} 94 h'" if places else f"'{who} 64' or '{who} 64 on 4'"
        raise NotationError(f"'{shown}': write a play as {example}")
    return f"{who} plays {tile}" + (f" on {tail[0]}" if tail else "")


def _player(word: str, players: list[str], shown: str) -> str:
    if word in players:
        return word
    same = [p for p in players if p.lower() == word.lower()]
    if len(same) == 1:
        return same[0]
    starts = [p for p in players if p.lower().startswith(word.lower())]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise NotationError(f"'{shown}': '{excerpt(word)}' could be {' or '.join(starts)}")
    raise NotationError(
        f"'{shown}': '{excerpt(word)}' is not at this table (the players are {', '.join(players)})"
    )

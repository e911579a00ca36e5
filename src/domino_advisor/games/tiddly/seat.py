"""One seat's log of a Tiddly-wink round: its events applied in the order logged, each
checked as far as that seat can see, what each proves kept as plain values (``lacks``,
``opening_cases``), and the log a seat would write of a simulated round.

The grammar is the line games' (docs/log-format.md): every line names its player, so a
race needs no new word.  A block is said by the table: once the boneyard is empty, a
player who cannot play says so with ``passes`` (in any order); when every player has
passed since the last play, the round is blocked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import sort_tiles
from domino_advisor.games.events import Draw, Event, Holds, Pass, Play, Shows
from domino_advisor.games.hub.seattable import SeatLog
from domino_advisor.games.tiddly.rules import TiddlyRules
from domino_advisor.games.tiddly.state import TiddlyRound


class SeatRound(SeatLog, TiddlyRound):
    """A round as one seat logs it: its own hand known once logged, the others' hidden
    (``hub.seattable.SeatLog``: your hand, the hands shown or counted, a count check)."""

    def __init__(self, rules: TiddlyRules, names: Sequence[str], me: str, number: int = 1):
        if me not in names:
            raise IllegalMoveError(f"'{me}' is not at this table (the players are {', '.join(names)})")
        super().__init__(rules, names, [None] * len(names), None, list(names).index(me), number)


def replay(rules: TiddlyRules, names: Sequence[str], me: str, events: Iterable[Event]) -> SeatRound:
    """A seat's round from its log's events, the first refused one quoted with its number."""
    return SeatRound(rules, names, me).replayed(events)


def log_for(round_: TiddlyRound, seat: int) -> list[Event]:
    """The log ``seat`` would write of a round played with every hand known: its hand, every
    move (its own draws by tile, the others' counted), a pass by each player who had not
    yet passed at a block, and the other hands shown at the end."""
    names, hand = round_.names, round_.dealt[seat]
    assert hand is not None  # a simulated round knows every hand
    out: list[Event] = [Holds(names[seat], hand)]
    for a in round_.history:
        who = names[a.seat]
        if a.kind == "play" and a.tile is not None:
            out.append(Play(who, a.tile, a.on))
        elif a.kind == "draw":
            out.append(Draw(who, 1, (a.tile,) if a.seat == seat and a.tile is not None else None))
        else:
            out.append(Pass(who))
    if round_.how == "blocked":
        start = round_.drawer or 0
        order = [(start + i) % round_.seats for i in range(round_.seats)]
        out += [Pass(names[s]) for s in order if s not in round_.passed]
    if round_.over:
        for s, held in enumerate(round_.hands):
            if s != seat and held:
                out.append(Shows(names[s], tuple(sort_tiles(held))))
    return out

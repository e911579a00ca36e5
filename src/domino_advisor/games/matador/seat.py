"""One seat's log of a Matador round: its events applied in the order logged, each checked
as far as that seat can see, and the log a seat would write of a simulated round.

The grammar is the line games' (docs/log-format.md): ``ana plays 6-1 on 6``, ``bob draws
1`` (your own draw names its tile), ``cy passes``, and at the end ``shows`` or ``counts``.
A play names its end by the number it shows; where only one end takes the tile, or both
show one number, it needs none.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import sort_tiles
from domino_advisor.games.events import Draw, Event, Holds, Pass, Play, Shows
from domino_advisor.games.hub.seattable import SeatLog
from domino_advisor.games.matador.rules import MatadorRules
from domino_advisor.games.matador.state import MatadorRound


class MatadorSeatRound(SeatLog, MatadorRound):
    """A round as one seat logs it: its own hand known once logged, the others' hidden
    (``hub.seattable.SeatLog``: your hand, the hands shown or counted, a count check)."""

    def __init__(self, rules: MatadorRules, names: Sequence[str], me: str, number: int = 1, opener: int = 0):
        if me not in names:
            raise IllegalMoveError(f"'{me}' is not at this table (the players are {', '.join(names)})")
        super().__init__(rules, names, [None] * len(names), None, list(names).index(me), number, opener)


def replay(
    rules: MatadorRules, names: Sequence[str], me: str, events: Iterable[Event], opener: int = 0
) -> MatadorSeatRound:
    """A seat's round from its log's events, the first refused one quoted with its number."""
    return MatadorSeatRound(rules, names, me, opener=opener).replayed(events)


def log_for(round_: MatadorRound, seat: int) -> list[Event]:
    """The log ``seat`` would write of a round played with every hand known: its hand, every
    move (its own draws by tile, the others' counted), and the other hands shown at the end."""
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
    if round_.over:
        for s, held in enumerate(round_.hands):
            if s != seat and held:
                out.append(Shows(names[s], tuple(sort_tiles(held))))
    return out

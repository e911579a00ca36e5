"""One seat's log of a Matador round: its events applied in the order logged, each checked
as far as that seat can see, and the log a seat would write of a simulated round.

The grammar is the line games' (docs/log-format.md): ``ana plays 6-1 on 6``, ``bob draws
1`` (your own draw names its tile), ``cy passes``, and at the end ``shows`` or ``counts``.
A play names its end by the number it shows; where only one end takes the tile, or both
show one number, it needs none.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from domino_advisor.base.errors import CountMismatch, DominoError, IllegalMoveError
from domino_advisor.base.printable import plural
from domino_advisor.base.tiles import Tile, format_tiles, sort_tiles
from domino_advisor.games.events import Counts, Draw, Event, Has, Holds, NewRound, Pass, Play, Shows
from domino_advisor.games.matador.rules import MatadorRules
from domino_advisor.games.matador.state import MatadorRound


class MatadorSeatRound(MatadorRound):
    """A round as one seat logs it: its own hand known once logged, the others' hidden."""

    def __init__(self, rules: MatadorRules, names: Sequence[str], me: str, number: int = 1, opener: int = 0):
        if me not in names:
            raise IllegalMoveError(f"'{me}' is not at this table (the players are {', '.join(names)})")
        super().__init__(rules, names, [None] * len(names), None, list(names).index(me), number, opener)

    @property
    def me(self) -> int:
        assert self.viewer is not None  # a seat's round is always seen from its seat
        return self.viewer

    def apply(self, event: Event, line: int | None = None) -> None:
        """Apply any event of a round's log, or refuse it and change nothing."""
        if isinstance(event, NewRound):
            raise IllegalMoveError(f"this log is of round {self.number}: a new round is a new round's log")
        if isinstance(event, Holds):
            self._holds(self.seat(event.player), event.tiles)
        elif isinstance(event, Shows):
            self._reveal(self.seat(event.player), event.tiles, None)
        elif isinstance(event, Counts):
            self._reveal(self.seat(event.player), None, event.pips)
        elif isinstance(event, Has):
            seat = self.seat(event.player)
            if not self.ready:
                raise IllegalMoveError(f"round {self.number} has not been dealt: log your hand first")
            if self.counts[seat] != event.count:
                raise CountMismatch.of(list(self.names), self.viewer, seat, self.counts[seat], event.count)
        else:
            super().apply(event, line)

    def _holds(self, seat: int, tiles: tuple[Tile, ...]) -> None:
        if seat != self.me:
            raise IllegalMoveError(
                f"{self.names[seat]} holds ...: the log records only your own hand ({self.names[self.me]})"
            )
        if self.history:
            raise IllegalMoveError("your hand is logged at the start of the round, before any play")
        self.deal(seat, tiles)

    def _reveal(self, seat: int, tiles: tuple[Tile, ...] | None, pips: int | None) -> None:
        """A hand shown or counted once the round is over: what scores it."""
        who, hand, k = self.names[seat], self.hands[seat], self.counts[seat]
        if not self.over:
            raise IllegalMoveError(
                f"round {self.number} is not over: hands are shown or counted only at the end"
            )
        if k == 0:
            raise IllegalMoveError(f"{who} went out and has no tiles left")
        if seat in self.revealed:
            raise IllegalMoveError(f"{self.possessive(seat)} hand is already shown or counted")
        if tiles is not None:
            if len(set(tiles)) != k:
                raise IllegalMoveError(f"{who} shows {plural(len(set(tiles)), 'tile')} but holds {k}")
            if hand is not None and set(tiles) != hand:
                raise IllegalMoveError(
                    f"{who} holds {format_tiles(sort_tiles(hand))}, not {format_tiles(tiles)}"
                )
            for t in tiles if hand is None else ():
                where = self.where(t)
                if where:
                    raise IllegalMoveError(where)
            pips = sum(t.pips for t in tiles)
        if pips is None:
            raise IllegalMoveError(f"{who}: say the tiles shown or the pips counted")
        if hand is not None and pips != sum(t.pips for t in hand):
            raise IllegalMoveError(f"{who} holds {sum(t.pips for t in hand)} pips, not {pips}")
        pool = sorted(t.pips for t in self.unseen())
        low, high = sum(pool[:k]), sum(pool[-k:])
        if hand is None and tiles is None and not low <= pips <= high:
            raise IllegalMoveError(
                f"{who} cannot count {pips} with {plural(k, 'tile')}: "
                f"between {low} and {high} pips are possible"
            )
        if tiles is not None and hand is None:
            self.shown[seat] = tiles
        self.revealed[seat] = pips


def replay(
    rules: MatadorRules, names: Sequence[str], me: str, events: Iterable[Event], opener: int = 0
) -> MatadorSeatRound:
    """A seat's round from its log's events, the first refused one quoted with its number."""
    round_ = MatadorSeatRound(rules, names, me, opener=opener)
    for k, event in enumerate(events, 1):
        try:
            round_.apply(event, k)
        except DominoError as e:
            raise type(e)(f"event {k} '{event}': {e}") from None
    return round_


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

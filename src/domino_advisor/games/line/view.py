"""What one seat knows: the public events and its own hand, nothing else.

Inference and advice are built on a ``SeatView``, never on the full state, so a
simulated bot or the advisor cannot peek at a hidden hand even by mistake
(OpenSpiel keeps the same separation).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from domino_advisor.base.tiles import Tile
from domino_advisor.games.line import lead
from domino_advisor.games.line.lead import Opening
from domino_advisor.games.line.record import Acted
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.proof import Evidence, Seated, turns


class RoundFacts(Protocol):
    """What a seat's view is made from (``state.Round``, not imported: the round makes its
    seats' views, and this module is below it)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def dealt(self) -> Sequence[tuple[Tile, ...] | None]: ...

    @property
    def hands(self) -> Sequence[set[Tile] | None]: ...

    @property
    def counts(self) -> Sequence[int]: ...

    @property
    def boneyard(self) -> int: ...

    @property
    def history(self) -> Sequence[Acted]: ...

    @property
    def opening(self) -> Opening: ...

    @property
    def shown(self) -> dict[int, tuple[Tile, ...]]: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def over(self) -> bool: ...

    @property
    def placed(self) -> Mapping[Tile, tuple[int, int]]: ...


@dataclass(frozen=True)
class SeatView(Seated):
    """A round as one seat saw it: its own hand and everyone's public moves, nothing else."""

    rules: Rules
    names: tuple[str, ...]
    me: int
    dealt: tuple[Tile, ...]  # the hand you were dealt
    hand: frozenset[Tile]  # the hand you hold now
    counts: tuple[int, ...]  # tiles each seat holds now
    boneyard: int
    history: tuple[Acted, ...]  # every public move of the round, with the ends it met
    opening: Opening
    shown: dict[int, tuple[Tile, ...]]  # seat -> tiles shown at the end of the round
    turn: int | None
    over: bool
    table: frozenset[Tile]

    def dealt_size(self) -> int:
        return self.rules.hand_size(self.seats)

    def evidence(self) -> Evidence:
        """What the round's moves prove: the turns' (``proof.turns``) and the lead rule's."""
        ev = turns(self)
        first = self.history[0] if self.history else None
        if self.opening is not None and first is not None and first.tile is not None:
            ev.cases, ev.lead_text = lead.proof(
                self.rules, self.opening, first.seat, first.tile, self.names, self.me, self.dealt
            )
        return ev

    @classmethod
    def of(cls, round_: RoundFacts, seat: int) -> SeatView:
        dealt, hand = round_.dealt[seat], round_.hands[seat]
        if dealt is None or hand is None:
            raise ValueError(f"{round_.names[seat]}'s hand is not known")
        return cls(
            rules=round_.rules,
            names=round_.names,
            me=seat,
            dealt=dealt,
            hand=frozenset(hand),
            counts=tuple(round_.counts),
            boneyard=round_.boneyard,
            history=tuple(_hide_draws(round_.history, seat)),
            opening=round_.opening,
            shown={s: t for s, t in round_.shown.items() if s != seat},
            turn=round_.turn,
            over=round_.over,
            table=frozenset(round_.placed),
        )


def _hide_draws(history: Iterable[Acted], seat: int) -> Iterator[Acted]:
    for a in history:
        if a.kind == "draw" and a.seat != seat and a.tiles is not None:
            yield Acted(a.seat, a.kind, a.tile, a.count, None, a.ends, a.line, a.side, a.met)
        else:
            yield a

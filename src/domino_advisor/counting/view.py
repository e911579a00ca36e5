"""What one seat knows: the public events and its own hand, nothing else.

Inference and advice are built on a ``SeatView``, never on the full state, so a
simulated bot or the advisor cannot peek at a hidden hand even by mistake
(OpenSpiel keeps the same separation).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from domino_advisor.base.tiles import Tile
from domino_advisor.games.line import lead
from domino_advisor.games.line.lead import Opening
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.state import Acted, Round
from domino_advisor.games.proof import Evidence, Seated, turns


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
    def of(cls, round_: Round, seat: int) -> SeatView:
        dealt, hand = round_.dealt[seat], round_.hands[seat]
        if dealt is None or hand is None:
            raise ValueError(f"{round_.name(seat)}'s hand is not known")
        return cls(
            rules=round_.rules,
            names=tuple(round_.match.players),
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

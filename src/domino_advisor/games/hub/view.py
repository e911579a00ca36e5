"""What one seat knows of a round played off a middle double (Mexican Train, Chicken
Foot), in the shape the counting reads: each opponent's hand is the dealt group plus one
group per draw; a draw, or a pass, says the player held no tile bearing any number they
could have played on then (every open train's or line's end, or only the double's while
one waits).  The middle double and the tiles laid are the table; there is no lead rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domino_advisor.base.tiles import Tile
from domino_advisor.games.hub.record import HubActed
from domino_advisor.games.hub.rules import HubRules
from domino_advisor.games.proof import Evidence, Seated, turns


@dataclass(frozen=True)
class HubSeatView(Seated):
    rules: HubRules
    names: tuple[str, ...]
    me: int
    dealt: tuple[Tile, ...]
    hand: frozenset[Tile]
    counts: tuple[int, ...]
    boneyard: int
    history: tuple[HubActed, ...]
    shown: dict[int, tuple[Tile, ...]]
    turn: int | None
    over: bool
    table: frozenset[Tile]  # the middle double (engine, head) and every tile laid
    opening: None = None  # no lead rule: the engine is set aside before the deal

    def dealt_size(self) -> int:
        return self.rules.hand_size(self.seats)

    def evidence(self) -> Evidence:
        """What the moves prove: the games played in turn share it (``proof.turns``)."""
        return turns(self)

    @classmethod
    def of(cls, r: Any, seat: int, shown: dict[int, tuple[Tile, ...]] | None = None) -> HubSeatView:
        """One seat's view of a Mexican Train round, or of a Chicken Foot round (the same
        shape: a hub set aside, tiles placed, one-tile draws that say what was open)."""
        hand, dealt = r.hands[seat], r.dealt[seat]
        if hand is None or dealt is None:
            raise ValueError(f"{r.names[seat]}'s hand is not known")
        table = r.table_tiles()
        history = tuple(
            a
            if a.seat == seat or a.tiles is None
            else HubActed(a.seat, a.kind, a.tile, a.train, a.ends, a.count, a.line, met=a.met)
            for a in r.history
        )
        return cls(
            rules=r.rules,
            names=tuple(r.names),
            me=seat,
            dealt=dealt,
            hand=frozenset(hand),
            counts=tuple(r.counts),
            boneyard=r.boneyard,
            history=history,
            shown={s: t for s, t in (shown or {}).items() if s != seat},
            turn=None if r.over else r.turn,
            over=r.over,
            table=frozenset(table),
        )

"""What one seat knows of a Tiddly-wink round, and all its moves prove (docs/tiddly-wink.md).

At a race nobody is proved anything by not playing: a player may only have been slow.
A draw proves the drawer held no tile bearing an open end's number just before it (the
tile drawn may bear one); a pass, once the boneyard is empty, the same of the whole hand.
A tile played came from the deal or from any draw before it: which one is summed over,
as every game's count does.  The opening proves what the draw game's lead rule says;
where the table says who opens (a simulation, a lesson: every hand known), the seat to
open knows it before it plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from domino_advisor.base.tiles import Tile
from domino_advisor.games.line import lead
from domino_advisor.games.proof import LATER, Case, Evidence, Group, Seated, Void
from domino_advisor.games.tiddly.record import TiddlyActed
from domino_advisor.games.tiddly.rules import TiddlyRules
from domino_advisor.games.tiddly.table import OPENING, TiddlyTable

AFTER = 0.5  # a tile drawn at move i is held from just after the draw's own proof


@dataclass(frozen=True)
class TiddlySeatView(Seated):
    rules: TiddlyRules
    names: tuple[str, ...]
    me: int
    dealt: tuple[Tile, ...]
    hand: frozenset[Tile]
    counts: tuple[int, ...]
    boneyard: int
    history: tuple[TiddlyActed, ...]
    shown: dict[int, tuple[Tile, ...]]
    turn: None
    over: bool
    table: frozenset[Tile]  # every tile played
    proofs: tuple[Void, ...]  # the draws' and passes' voids, in order
    opens: Tile | None = None  # nothing played yet and this seat may open: a tile it may open with

    @classmethod
    def of(
        cls, r: TiddlyTable, seat: int, shown: dict[int, tuple[Tile, ...]] | None = None
    ) -> TiddlySeatView:
        hand, dealt = r.hands[seat], r.dealt[seat]
        if hand is None or dealt is None:
            raise ValueError(f"{r.names[seat]}'s hand is not known")
        history = tuple(a if a.seat == seat or a.kind != "draw" else _hidden(a) for a in r.history)
        return cls(
            rules=r.rules,
            names=tuple(r.names),
            me=seat,
            dealt=dealt,
            hand=frozenset(hand),
            counts=tuple(r.counts),
            boneyard=r.boneyard,
            history=history,
            shown={s: t for s, t in {**r.shown, **(shown or {})}.items() if s != seat},
            turn=None,
            over=r.over,
            table=frozenset(r.placed),
            proofs=tuple(Void(x.seat, x.at, set(x.numbers), x.line, x.verb) for x in r.lacks),
            opens=_opening(r, seat),
        )

    def dealt_size(self) -> int:
        return self.rules.hand_size(self.seats)

    def evidence(self) -> Evidence:
        """Each opponent's deal and each of its draws a group of its own; a draw's or a
        pass's void on what was held then; each tile played from a group held before it."""
        groups = {s: [Group(s, -1, self.dealt_size(), True)] for s in self.opponents}
        played: dict[int, list[tuple[Tile, int, int | None]]] = {s: [] for s in self.opponents}
        for i, a in enumerate(self.history):
            if a.seat == self.me:
                continue
            if a.kind == "draw":
                groups[a.seat].append(Group(a.seat, i + AFTER, 1, False))
            elif a.kind == "play" and a.tile is not None:
                played[a.seat].append((a.tile, i, a.line))
        for s, tiles in self.shown.items():
            played[s].extend((t, LATER, None) for t in tiles)
        voids = [
            Void(v.seat, v.time, set(v.numbers), v.line, v.verb) for v in self.proofs if v.seat != self.me
        ]
        cases, text = [Case()], ""
        first = self.history[0] if self.history else None
        if first is not None and first.kind == "play" and first.tile is not None:
            cases, text = lead.proof(
                self.rules.line, OPENING, first.seat, first.tile, self.names, self.me, self.dealt
            )
        elif first is None and self.opens is not None:
            # asked before the opening by a seat that may open: what it knows if it does
            # (the advice for the opening is advice to the opener)
            cases, text = lead.proof(
                self.rules.line, OPENING, self.me, self.opens, self.names, self.me, self.dealt
            )
        return Evidence(groups, voids, played, cases, text)


def _hidden(a: TiddlyActed) -> TiddlyActed:
    """Another's draw as the seat saw it: one tile, which unseen."""
    return TiddlyActed(a.seat, a.kind, None, a.on, a.ends, a.line)


def _opening(r: TiddlyTable, seat: int) -> Tile | None:
    """A tile this seat may open with, if nothing is played yet and the lead rule lets it
    open as far as the hands known tell."""
    hand = r.hands[seat]
    if r.history or hand is None:
        return None
    return next((t for t in sorted(hand) if lead.allowed(r.rules.line, OPENING, seat, t, r.hands)), None)

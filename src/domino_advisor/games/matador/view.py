"""What one seat knows of a Matador round, and all its moves prove (docs/matador.md).

A draw or a pass proves the player held, at that moment, no tile that could be laid on
either open end: no tile whose half makes seven with an end showing 1 to 6, and no
matador (``layout.fitting``).  The tile drawn may fit: the play after the last draw of a
turn comes from it, which the count finds by itself (the hand before the draw held no
tile that fits, and the ends have not changed).  A play proves nothing about the rest of
the hand, and the opening nothing at all: who opens is the table's to say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domino_advisor.base.tiles import Tile
from domino_advisor.games.matador.layout import fitting
from domino_advisor.games.matador.record import MatadorActed
from domino_advisor.games.matador.rules import MatadorRules
from domino_advisor.games.proof import LATER, Case, Evidence, Group, Seated, Void

AFTER = 0.5  # a tile drawn at move i is held from just after the draw's own proof


@dataclass(frozen=True)
class MatadorSeatView(Seated):
    rules: MatadorRules
    names: tuple[str, ...]
    me: int
    dealt: tuple[Tile, ...]
    hand: frozenset[Tile]
    counts: tuple[int, ...]
    boneyard: int
    history: tuple[MatadorActed, ...]
    shown: dict[int, tuple[Tile, ...]]
    turn: int
    over: bool
    table: frozenset[Tile]  # every tile played

    @classmethod
    def of(cls, r: Any, seat: int, shown: dict[int, tuple[Tile, ...]] | None = None) -> MatadorSeatView:
        """``r``: the round (``state.MatadorRound``, which imports this module to make it)."""
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
            turn=r.turn,
            over=r.over,
            table=frozenset(r.placed),
        )

    def dealt_size(self) -> int:
        return self.rules.hand_size(self.seats)

    def evidence(self) -> Evidence:
        """Each opponent's deal and each of its draws a group of its own; a draw's or a
        pass's void, the tiles that fitted the ends then, on what was held then; each tile
        played from a group held before it."""
        groups = {s: [Group(s, -1, self.dealt_size(), True)] for s in self.opponents}
        played: dict[int, list[tuple[Tile, int, int | None]]] = {s: [] for s in self.opponents}
        voids: list[Void] = []
        for i, a in enumerate(self.history):
            if a.seat == self.me:
                continue
            if a.kind == "draw":
                groups[a.seat].append(Group(a.seat, i + AFTER, 1, False))
            elif a.kind == "play" and a.tile is not None:
                played[a.seat].append((a.tile, i, a.line))
            if a.kind in ("draw", "pass"):
                verb = "drew" if a.kind == "draw" else "passed"
                voids.append(Void(a.seat, i, set(a.ends), a.line, verb, fitting(tuple(a.ends))))
        for s, tiles in self.shown.items():
            played[s].extend((t, LATER, None) for t in tiles)
        return Evidence(groups, voids, played, [Case()])


def _hidden(a: MatadorActed) -> MatadorActed:
    """Another's draw as the seat saw it: one tile, which unseen."""
    return MatadorActed(a.seat, a.kind, None, a.on, a.ends, a.line)

"""Rollouts through the round interface (``games.registry.GameRound``), for any game: a
world is the round with every hidden hand dealt from the counting's sample and the
boneyard shuffled; each play is laid, then the round is played out by the game's
heuristic bot in every seat, who acts next drawn by the world's dice at a race.  The
outcome is your pips left, yours less the others' mean, and whether you went out.  The
worlds search (``advice.worlds``) plays them; a game with a fast engine of its own (the
line games: ``games.line.rollout``) plays its worlds there instead."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domino_advisor.base.tiles import Tile
from domino_advisor.games.registry import GameRound
from domino_advisor.games.words import Choice

Sample = dict[Tile, int | None]  # where each hidden tile is: a seat, or None for the boneyard


@dataclass(frozen=True)
class Played:
    """One play in one world: your pips left at the round's end, yours less the others'
    mean, and whether you went out."""

    pips: int
    margin: float
    out: bool


@dataclass(frozen=True)
class RoundWorld:
    """A world as the worlds search holds it: the round with every hand known, its dice."""

    world: GameRound
    dice: int
    log_weight: float | None = None  # not weighted by how the others played


@dataclass(frozen=True)
class RoundRollouts:
    """What the worlds search asks of a game played through its round, for one seat's plays."""

    r: GameRound
    seat: int
    plays: Sequence[tuple[Tile, Any]]  # each play: the tile and its place, as the round names it
    sample: Callable[[random.Random], Sample]
    chooser: Choice  # the game's heuristic: what every seat plays the worlds out with

    def deal(self, rng: random.Random) -> RoundWorld:
        """The round with every hidden hand drawn from the posterior, the boneyard
        shuffled, then the world's dice (who is quicker, at a race)."""
        where = self.sample(rng)
        full = self.r.clone()
        for s in range(len(self.r.names)):
            if s != self.seat:
                full.hands[s] = {t for t, place in where.items() if place == s}
        stock = [t for t, place in where.items() if place is None]
        rng.shuffle(stock)
        full.stock = stock
        return RoundWorld(full, rng.getrandbits(32))

    def outcomes(self, dealt: RoundWorld) -> tuple[list[Played], int]:
        """Every play's outcome in the world, each meeting the same dice (common random numbers)."""
        return [
            self._play_out(dealt.world, tile, place, random.Random(dealt.dice)) for tile, place in self.plays
        ], 0

    def _play_out(self, world: GameRound, tile: Tile, place: Any, dice: random.Random) -> Played:
        r = world.clone(checked=False)  # every move below is one ``plays`` offered
        r.lay(self.seat, tile, place)
        while not r.over:
            r.step(self.chooser, dice)
        left = [r.pips_left(s) or 0 for s in range(len(r.names))]
        others = [p for s, p in enumerate(left) if s != self.seat]
        return Played(left[self.seat], left[self.seat] - statistics.fmean(others), r.winner == self.seat)

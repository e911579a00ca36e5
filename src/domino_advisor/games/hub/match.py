"""A match of any game played off a middle double: one round per double, from the set's
highest down, each player's pips left added to their total; the lowest total wins.

Also the full-information side that simulation and the tests need: a fair deal with
the engine set aside, and the legal moves of the player to move when every hand is
known.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games.events import Draw, Pass, Play
from domino_advisor.games.hub.round import HubRound
from domino_advisor.games.hub.rules import HubRules

Move = Play | Draw | Pass


R = TypeVar("R", bound=HubRound)


class HubMatch(Generic[R]):
    """A match of any game played off a middle double: a round per double, pips added."""

    round_class: Callable[..., R]
    most_wins: ClassVar[bool] = False  # the lowest total wins

    def deal(self, rng: random.Random) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
        """The next round's deal (``deal``): the hands and the boneyard in order."""
        return deal(self.rules, len(self.names), len(self.rounds) + 1, rng)

    def __init__(self, rules: HubRules, names: list[str]):
        rules.check_players(len(names))
        self.rules, self.names = rules, list(names)
        self.rounds: list[R] = []
        self.totals = [0] * len(names)

    @property
    def round(self) -> R | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.rules.round_count and bool(self.rounds) and self.rounds[-1].over

    def start(self, hands: list[tuple[Tile, ...] | None], stock: list[Tile] | None = None) -> R:
        if self.round is not None and not self.round.over:
            raise ValueError("the round in play is not over")
        r = self.round_class(self.rules, self.names, len(self.rounds) + 1, hands, stock)
        self.rounds.append(r)
        return r

    def apply(self, move: Move, line: int | None = None) -> None:
        r = self.round
        if r is None:
            raise ValueError("no round has started")
        r.apply(move, line)
        if r.over:
            for s in range(len(self.names)):
                left = r.pips_left(s)
                if left is not None:
                    self.totals[s] += left

    def winners(self) -> list[int]:
        """The lowest total after the last round (a tie shares it)."""
        best = min(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]


M = TypeVar("M", bound=HubMatch)


def deal(rules: HubRules, players: int, round_number: int, rng: random.Random):
    """A fair shuffle with the round's double (engine, head) set aside: the hands and
    the boneyard in order."""
    e = rules.engine(round_number)
    tiles = [t for t in full_set(rules.top) if t != Tile(e, e)]
    rng.shuffle(tiles)
    size = rules.hand_size(players)
    hands = [tuple(tiles[i * size : (i + 1) * size]) for i in range(players)]
    return hands, tiles[players * size :]


def legal_moves(r: HubRound) -> list[Move]:
    """What the player to move may do, every hand known (``HubRound.legal_moves``)."""
    return r.legal_moves()


Policy = Callable[[Any, list[Move], random.Random], Move]  # given the round to move in


Choice = Callable[[Any, list[tuple[Tile, Any]]], tuple[Tile, Any]]  # a play among the legal ones


def as_policy(choose: Choice) -> Policy:
    """A player of whole moves from a chooser among plays (``HubRound.step`` plays the
    chooser itself): its play where one fits, else the draw or the pass offered."""

    def policy(r: Any, moves: list[Move], rng: random.Random) -> Move:
        if not isinstance(moves[0], Play):
            return moves[0]
        seat = r.names.index(moves[0].player)  # the seat the moves are for (at a race, one of several)
        tile, place = choose(r, r.plays(seat))
        return r.play_event(seat, tile, place)

    return policy


def random_policy(r: HubRound, moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(moves)


def play(match: M, seed: int, policy: Policy = random_policy) -> M:
    """Play ``match`` to its end, every hand known, dealt from ``seed``."""
    rng = random.Random(seed)
    rules, names = match.rules, match.names
    while not match.finished:
        hands, stock = deal(rules, len(names), len(match.rounds) + 1, rng)
        r = match.start(list(hands), stock)
        while not r.over:
            match.apply(policy(r, legal_moves(r), rng))
    return match

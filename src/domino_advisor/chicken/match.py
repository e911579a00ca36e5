"""A match of Chicken Foot: one round per double from the set's highest down, each
player's pips left added to their total; the lowest total wins.  Also the full-information
side simulation and the tests need: a fair deal with the head set aside, and the legal
moves of the player to move when every hand is known."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..events import Draw, Pass, Play
from ..tiles import Tile, full_set
from .game import ChickenRound
from .rules import ChickenRules

Move = Play | Draw | Pass


class ChickenMatch:
    def __init__(self, rules: ChickenRules, names: list[str]):
        rules.check_players(len(names))
        self.rules, self.names = rules, list(names)
        self.rounds: list[ChickenRound] = []
        self.totals = [0] * len(names)

    @property
    def round(self) -> ChickenRound | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.rules.round_count and bool(self.rounds) and self.rounds[-1].over

    def start(self, hands: list[tuple[Tile, ...] | None], stock: list[Tile] | None = None) -> ChickenRound:
        if self.round is not None and not self.round.over:
            raise ValueError("the round in play is not over")
        r = ChickenRound(self.rules, self.names, len(self.rounds) + 1, hands, stock)
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
        best = min(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]


def deal(rules: ChickenRules, players: int, round_number: int, rng: random.Random):
    """A fair shuffle with the round's head set aside: the hands and the boneyard in order."""
    e = rules.engine(round_number)
    tiles = [t for t in full_set(rules.top) if t != Tile(e, e)]
    rng.shuffle(tiles)
    size = rules.hand_size(players)
    hands = [tuple(tiles[i * size : (i + 1) * size]) for i in range(players)]
    return hands, tiles[players * size :]


def legal_moves(r: ChickenRound) -> list[Move]:
    """What the player to move may do, every hand known: a play where one fits (you must
    play if you can), else draw one, else pass."""
    seat = r.turn
    who = r.names[seat]
    plays = r.plays(seat)
    if plays:
        return [Play(who, t, r.place_name(p)) for t, p in plays]
    if r.drew is False and r.boneyard > 0:
        assert r.stock is not None
        return [Draw(who, 1, (r.stock[0],))]
    return [Pass(who)]


Policy = Callable[[ChickenRound, list[Move], random.Random], Move]


def random_policy(r: ChickenRound, moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(moves)


def play_match(
    rules: ChickenRules, names: list[str], seed: int, policy: Policy = random_policy
) -> ChickenMatch:
    """A whole match with every hand known (simulation, tests)."""
    rng = random.Random(seed)
    match = ChickenMatch(rules, names)
    while not match.finished:
        hands, stock = deal(rules, len(names), len(match.rounds) + 1, rng)
        r = match.start(list(hands), stock)
        while not r.over:
            match.apply(policy(r, legal_moves(r), rng))
    return match

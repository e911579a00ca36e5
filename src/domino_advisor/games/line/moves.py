"""Legal moves when every hand is known: simulation, training and the tests."""

from __future__ import annotations

import random

from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games.events import Move, NewRound
from domino_advisor.games.line import lead
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.state import Round


def shuffle_deal(rules: Rules, seats: int, rng: random.Random) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
    """A fair shuffle, dealt: each seat's hand, and the boneyard in the order it is drawn."""
    tiles = list(full_set(rules.top))
    rng.shuffle(tiles)
    size = rules.hand_size(seats)
    hands = [tuple(tiles[i * size : (i + 1) * size]) for i in range(seats)]
    return hands, tiles[seats * size :]


def setup_round(round_: Round, hands: list[tuple[Tile, ...]], stock: list[Tile]) -> None:
    """Deal every hand and the ordered boneyard: the whole truth, for a simulated round."""
    round_.deal_all(hands, stock)


def opening_moves(round_: Round) -> list[tuple[int, Tile]]:
    """Who may open with what, when every hand is known."""
    return lead.openings(round_.rules, round_.opening, round_.hands, round_.fixed_opener)


def legal_moves(round_: Round) -> list[Move]:
    """Every legal event for the seat to move (or every opening), when hands are known
    (the round's own: ``Round.legal_moves``)."""
    return round_.legal_moves()


def deal_round(match: Match, rng: random.Random) -> list[tuple[Tile, ...]]:
    """Start the match's next round with a fair shuffle, every hand known; returns the hands."""
    match.apply(NewRound(len(match.rounds) + 1))
    hands, stock = shuffle_deal(match.rules, match.seats, rng)
    setup_round(match.playing, hands, stock)
    return hands

"""Legal moves when every hand is known: simulation, training and the tests."""

from __future__ import annotations

import random

from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.games.events import Draw, Move, Pass, Play
from domino_advisor.games.line import lead
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
    for seat, hand in enumerate(hands):
        round_.deal(seat, tuple(hand))
    round_.stock = list(stock)
    round_.boneyard = len(stock)
    round_.dealt_ready = True


def opening_moves(round_: Round) -> list[tuple[int, Tile]]:
    """Who may open with what, when every hand is known."""
    return lead.openings(round_.rules, round_.opening, round_.hands, round_.fixed_opener)


def legal_moves(round_: Round) -> list[Move]:
    """Every legal event for the seat to move (or every opening), when hands are known."""
    if round_.over:
        return []
    if round_.layout.is_empty:
        return [Play(round_.name(s), t) for s, t in opening_moves(round_)]
    seat = round_.turn
    assert seat is not None  # once the round is open, someone is always to move
    who = round_.name(seat)
    moves: list[Move] = []
    for t in round_._playable(seat):
        for _, on in round_.layout.choices(t, round_.rules.all_fives):
            moves.append(Play(who, t, on))
    if moves:
        return moves
    if round_.rules.draws and round_.drawable:
        return [Draw(who, 1, (round_.stock[0],) if round_.stock else None)]
    return [Pass(who)]

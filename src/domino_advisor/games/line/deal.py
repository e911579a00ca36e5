"""Seeded deals and whole line-game matches played out with every hand known, and the
log one seat would write of them.

The property tests, the log corpus and the demo start here: a fair shuffle, then a
policy choosing among ``legal_moves`` until the match is over.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Draw, Event, Holds, Move, NewRound, Play, Shows
from domino_advisor.games.line.bots import weight
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import deal_round as deal_round  # re-exported: a round dealt
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.state import Round

Policy = Callable[[Round, list[Move], random.Random], Move]
Deal = tuple[int, list[tuple[Tile, ...]]]  # a round's number and the hands dealt


def random_policy(round_: Round, moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(moves)


def heavy_policy(round_: Round, moves: list[Move], rng: random.Random) -> Move:
    """Heaviest tile first: the simplest sensible player."""
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:
        return moves[0]
    return max(plays, key=lambda m: weight(m.tile))


def play_match(
    rules: Rules, players: list[str], seed: int, policy: Policy = random_policy, max_rounds: int = 50
) -> tuple[Match, list[Event], list[tuple[int, list[tuple[Tile, ...]]]]]:
    """Play a whole match with every hand known.

    Returns the match, the full-information events in order, and each round's deal.
    """
    rng = random.Random(seed)
    match = Match(rules, players)
    events: list[Event] = []
    deals: list[Deal] = []
    while not match.finished and len(match.rounds) < max_rounds:
        hands = deal_round(match, rng)
        r = match.playing
        events.append(NewRound(r.number))
        deals.append((r.number, hands))
        while not r.over:
            move = policy(r, legal_moves(r), rng)
            match.apply(move)
            events.append(move)
        for seat, hand in enumerate(r.hands):
            if r.counts[seat] and hand is not None:
                events.append(Shows(players[seat], tuple(sorted(hand, reverse=True))))
    return match, events, deals


def seat_log_lines(events: list[Event], deals: list[Deal], viewer: str, players: list[str]) -> list[str]:
    """The log one seat would write of a full-information game: its hand, others' draws
    hidden, one turn's single draws written as one line."""
    out: list[Event] = []
    seat = players.index(viewer)
    hands = dict(deals)
    for e in events:
        if isinstance(e, NewRound):
            out.append(e)
            out.append(Holds(viewer, tuple(sorted(hands[e.number][seat], reverse=True))))
        elif isinstance(e, Draw):
            tiles = e.tiles if e.player == viewer else None
            prev = out[-1] if out else None
            if isinstance(prev, Draw) and prev.player == e.player:
                joined = None if tiles is None or prev.tiles is None else prev.tiles + tiles
                out[-1] = Draw(e.player, prev.count + e.count, joined)
            else:
                out.append(Draw(e.player, e.count, tiles))
        else:
            out.append(e)
    return [str(e) for e in out]

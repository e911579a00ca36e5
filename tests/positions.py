"""Random positions from random legal games, for checks against independent truth."""

from __future__ import annotations

import random

from domino_advisor.games.line.deal import deal_round
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import preset
from domino_advisor.games.line.view import SeatView

NAMES = ["me", "ana", "bob", "cy"]


def random_round(rules, seats: int, rng: random.Random, cut: int | None = None) -> Match:
    """A round played at random with every hand known, stopped after ``cut`` events."""
    match = Match(rules, NAMES[:seats])
    deal_round(match, rng)
    r = match.round
    steps = 0
    while not r.over and (cut is None or steps < cut):
        move = rng.choice(legal_moves(r))
        match.apply(move)
        steps += 1
    return match


def to_position(view: SeatView) -> dict:
    """The brute-force checker's input, from a seat's view."""
    lead = view.rules.lead if view.opening == "lead" and view.rules.lead != "chosen" else "free"
    events = []
    for a in view.history:
        e = {"seat": a.seat, "kind": a.kind, "ends": list(a.ends)}
        if a.kind == "play":
            e["tile"] = [a.tile.high, a.tile.low]
        elif a.kind == "draw":
            e["count"] = a.count
            e["tiles"] = None if a.tiles is None else [[t.high, t.low] for t in a.tiles]
        events.append(e)
    return {
        "top": view.rules.top,
        "players": view.seats,
        "me": view.me,
        "hand_size": view.rules.hand_size(view.seats),
        "draw": view.rules.draw,
        "lead": lead,
        "first_seat": 0,
        "my_hand": [[t.high, t.low] for t in view.dealt],
        "events": events,
    }


SMALL_TABLES = [
    # (preset, overrides, seats): small sets so brute force stays quick
    ("classic", {"set": "3", "hand": "3"}, 2),
    ("classic", {"set": "4", "hand": "3"}, 3),
    ("classic", {"set": "4", "hand": "2"}, 4),
    ("all-fives", {"set": "4", "hand": "3"}, 3),
    ("all-fives", {"set": "4", "hand": "3", "spinner": "first-double"}, 2),
    ("draw", {"set": "4", "hand": "3"}, 3),
    ("draw", {"set": "3", "hand": "2"}, 4),
    ("reserve", {"set": "4", "hand": "3"}, 3),
    ("block", {"set": "4", "hand": "3"}, 3),
    ("block", {"set": "3", "hand": "2"}, 4),
    ("partnership", {"set": "4", "hand": "3"}, 4),
    ("classic", {"set": "4", "hand": "4", "spinner": "first-double"}, 2),
]


def small_rules(i: int):
    name, overrides, seats = SMALL_TABLES[i % len(SMALL_TABLES)]
    return preset(name, overrides), seats


def random_views(count: int, seed: int, first_cut: int = 1):
    """Seat views of rounds of the small tables, stopped after ``first_cut`` to 14 events."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        rules, seats = small_rules(made)
        match = random_round(rules, seats, rng, cut=rng.randint(first_cut, 14))
        if match.round.over:
            continue
        yield SeatView.of(match.round, rng.randrange(seats))
        made += 1

"""Long logs for the tests and speed figures of ``review`` and ``events``: a whole
8-player double-twelve Mexican Train match, and a legal log near the 1 MB cap
(``scripts/bench_long_logs.py`` times the commands on them).

Both are played by bots from fixed seeds, so the same call writes the same text on any
machine, written as one seat writes its log (the others' draws counted, the hands shown
at each round's end).  Only what 0.9.0 already had is used, so a test can be run on it."""

from __future__ import annotations

import random

from domino_advisor.games.events import Draw
from domino_advisor.games.hub.match import deal, legal_moves
from domino_advisor.games.line.deal import heavy_policy, play_match, seat_log_lines
from domino_advisor.games.line.rules import preset
from domino_advisor.games.trains import bots
from domino_advisor.games.trains.match import TrainMatch
from domino_advisor.games.trains.rules import TrainRules

NAMES = ["me", "ana", "bob", "cy", "di", "ed", "flo", "gus"]


def mexican_train_match(players: int = 8, seed: int = 1, rules: TrainRules | None = None) -> str:
    """A whole Mexican Train match (one round per engine double) as ``me`` logs it."""
    rules = rules or TrainRules()
    rng = random.Random(seed)
    names = NAMES[:players]
    match = TrainMatch(rules, names)
    setting = " ".join(f"{k}={v}" for k, v in rules.differences().items())
    lines = ['[Rules "mexican-train"]'] + ([f'[Set "{setting}"]'] if setting else [])
    lines += [f'[Players "{" ".join(names)}"]', '[Me "me"]']
    for number in range(1, rules.round_count + 1):
        hands, stock = deal(rules, players, number, rng)
        r = match.start(list(hands), stock)
        lines += [f"round {number}", f"me holds {' '.join(map(str, hands[0]))}"]
        while not r.over:
            move = bots.heuristic_policy(r, legal_moves(r), rng)
            match.apply(move)
            if isinstance(move, Draw) and move.player != "me":
                lines.append(f"{move.player} draws 1")
            else:
                lines.append(str(move))
        for s, name in enumerate(names[1:], 1):
            left = r.hands[s]
            if left:
                lines.append(f"{name} shows {' '.join(map(str, sorted(left, reverse=True)))}")
    return "\n".join(lines) + "\n"


def near_cap_log(size: int = 990_000, seed: int = 1, rounds: int = 700) -> str:
    """A four-player double-twelve classic match to a far target, played by the heavy bot and cut at
    a round's start before ``size`` bytes: a legal log of about 75,000 events."""
    rules = preset("classic", {"target": "100000", "set": "12"})
    players = NAMES[:4]
    _, events, deals = play_match(rules, players, seed, heavy_policy, max_rounds=rounds)
    head = ['[Rules "classic"]', '[Set "target=100000 set=12"]', f'[Players "{" ".join(players)}"]']
    head.append('[Me "me"]')
    lines = head + seat_log_lines(events, deals, "me", players)
    total, cut = 0, len(head)
    for k, line in enumerate(lines):
        if line.startswith("round ") and total <= size:
            cut = k
        total += len(line) + 1
    if total <= size:
        cut = len(lines)
    return "\n".join(lines[:cut]) + "\n"

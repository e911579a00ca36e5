"""A train-family match played at random with every hand known, and its log as one seat
writes it (others' draws counted, the hands shown at each round's end): the truth a
replay of the log must reach."""

from __future__ import annotations

import random

from domino_advisor.games.chicken.match import ChickenMatch
from domino_advisor.games.chicken.rules import ChickenRules
from domino_advisor.games.events import Draw
from domino_advisor.games.hub.match import deal, legal_moves
from domino_advisor.games.trains.match import TrainMatch

NAMES = ["me", "ana", "bob", "cy", "di", "ed", "flo", "gus"]


def seat_log(rules, players: int, seed: int, viewer: int = 0, policy=None):
    """The match, and its log as ``viewer`` writes it (``policy``: random by default)."""
    rng = random.Random(seed)
    names = NAMES[:players]
    me = names[viewer]
    match = ChickenMatch(rules, names) if isinstance(rules, ChickenRules) else TrainMatch(rules, names)
    setting = " ".join(
        f"{k}={v if not isinstance(v, bool) else 'yes' if v else 'no'}"
        for k, v in rules.differences().items()
    )
    lines = [f'[Rules "{rules.name}"]'] + ([f'[Set "{setting}"]'] if setting else [])
    lines += [f'[Players "{" ".join(names)}"]', f'[Me "{me}"]']
    for number in range(1, rules.round_count + 1):
        hands, stock = deal(rules, players, number, rng)
        r = match.start(list(hands), stock)
        lines += [f"round {number}", f"{me} holds {' '.join(map(str, hands[viewer]))}"]
        while not r.over:
            moves = legal_moves(r)
            move = policy(r, moves, rng) if policy else rng.choice(moves)
            match.apply(move)
            if isinstance(move, Draw):
                lines.append(str(move) if move.player == me else f"{move.player} draws 1")
            else:
                lines.append(str(move))
        for s, name in enumerate(names):
            if s != viewer and r.hands[s]:
                lines.append(f"{name} shows {' '.join(map(str, sorted(r.hands[s], reverse=True)))}")
    return match, "\n".join(lines) + "\n"

"""Matador matches played with every hand known, and their logs as one seat writes them
(others' draws counted, the other hands shown at each round's end): the corpus's logs
(tests/data/logs/matador-*.dom) and the truth a replay of such a log must reach."""

from __future__ import annotations

import random

from domino_advisor.games.events import Draw
from domino_advisor.games.matador.bots import POLICIES
from domino_advisor.games.matador.match import MatadorMatch
from domino_advisor.games.matador.rules import MatadorRules

NAMES = ["me", "ana", "bob", "cy"]


def seat_log(
    rules: MatadorRules,
    players: int,
    seed: int,
    viewer: int = 0,
    policy: str = "heuristic",
    cut: int | None = None,
    shown: bool = True,
) -> tuple[MatadorMatch, str]:
    """The match played to its end (or cut ``cut`` moves into its last round), and its log
    as ``viewer`` writes it; ``shown``: the other hands shown at each round's end."""
    rng = random.Random(seed)
    names = NAMES[:players]
    me = names[viewer]
    match = MatadorMatch(rules, names)
    setting = " ".join(f"{k}={v}" for k, v in rules.differences().items())
    lines = [f'[Rules "{rules.name}"]'] + ([f'[Set "{setting}"]'] if setting else [])
    lines += [f'[Players "{" ".join(names)}"]', f'[Me "{me}"]']
    bot = POLICIES[policy]
    while not match.finished:
        hands, stock = match.deal(rng)
        r = match.start(list(hands), stock)
        lines += [f"round {r.number}", f"{me} holds {' '.join(map(str, hands[viewer]))}"]
        moves = 0
        while not r.over:
            if cut is not None and moves >= cut:
                return match, "\n".join(lines) + "\n"
            move = bot(r, r.legal_moves(), rng)
            match.apply(move)
            moves += 1
            lines.append(
                f"{move.player} draws 1" if isinstance(move, Draw) and move.player != me else str(move)
            )
        if not shown:
            break
        for s, name in enumerate(names):
            if s != viewer and r.hands[s]:
                lines.append(f"{name} shows {' '.join(map(str, sorted(r.hands[s], reverse=True)))}")
    return match, "\n".join(lines) + "\n"

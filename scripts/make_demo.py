"""Regenerate src/domino_advisor/data/demo.dom: a seeded round of heavy-tile players."""

import random
from pathlib import Path

from domino_advisor.games.events import NewRound, Shows
from domino_advisor.games.line import deal, rules
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves

HEAD = """# The bundled demo: one round of classic draw dominoes for three, logged from me's seat.
# Every line is something you would see at the table: your own hand and draws,
# everyone's plays, how many tiles the others drew, and who passed.
[Rules "classic"]
[Players "me ana bob"]
[Me "me"]
[Event "domino-advisor demo"]
"""


def main(seed: int = 78) -> None:
    R = rules.preset("classic")
    names = ["me", "ana", "bob"]
    rng = random.Random(seed)
    m = Match(R, names)
    hands = deal.deal_round(m, rng)
    r = m.round
    events = [NewRound(1)]
    while not r.over:
        move = deal.heavy_policy(r, legal_moves(r), rng)
        m.apply(move)
        events.append(move)
    for s in range(3):
        if r.counts[s]:
            events.append(Shows(names[s], tuple(sorted(r.hands[s], reverse=True))))
    lines = deal.seat_log_lines(events, [(1, hands)], "me", names)
    out = Path(__file__).resolve().parents[1] / "src" / "domino_advisor" / "data" / "demo.dom"
    out.write_text(HEAD + "\n".join(lines) + "\n")
    print(out)


if __name__ == "__main__":
    main()

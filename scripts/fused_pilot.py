"""Does less strategy fusion play better?  The advisor as shipped, the same with only its
first 40 worlds each solved alone (the control), and with αμ search over them at one and
two joint turns (``fused-advisor``), each against the same bot on the same block deals,
compared deal by deal (docs/strength.md, "Less strategy fusion").

    python scripts/fused_pilot.py --seed 5003 --deals 200

A deal is played in both seatings, a tie counted half; each run is compared with every
earlier one deal by deal, with the 95% interval.  One process.
"""

from __future__ import annotations

import argparse
import time

from strength_at_work import mean_and_half_width

from domino_advisor.games.line import players
from domino_advisor.games.line.rules import preset
from domino_advisor.measure.tournament import contest_for, play_deals

RUNS = [("advisor", None), ("40 worlds alone", 0), ("alpha-mu 1", 1), ("alpha-mu 2", 2)]


def rates(bot: str, against: str, seed: int, deals: int) -> list[float]:
    rules = preset("block")
    out = play_deals(rules, 2, False, [bot, against], contest_for(rules, 2).seeds(seed, deals))
    return [(d[bot][0] + 0.5 * d[bot][1]) / d[bot][3] for d in out]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default="heavy")
    ap.add_argument("--seed", type=int, default=5003)
    ap.add_argument("--deals", type=int, default=200)
    args = ap.parse_args()
    done: dict[str, list[float]] = {}
    for name, fuse in RUNS:
        start = time.process_time()
        if fuse is None:
            got = rates("advisor", args.against, args.seed, args.deals)
        else:
            players.FUSE = fuse  # fused-advisor's joint turns (0: each world alone)
            got = rates("fused-advisor", args.against, args.seed, args.deals)
        m, h = mean_and_half_width(got)
        line = f"{name}: {100 * m:.1f}% +- {100 * h:.1f}"
        for other, theirs in done.items():
            d, dh = mean_and_half_width([a - b for a, b in zip(got, theirs, strict=True)])
            line += f"; against {other} {100 * d:+.1f} +- {100 * dh:.1f} points"
        print(f"{line}  ({time.process_time() - start:.0f} CPU-s)", flush=True)
        done[name] = got


if __name__ == "__main__":
    main()

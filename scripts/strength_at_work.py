"""Does more work a decision play better?  The advisor at the table's budget of work and
at multiples of it, each against the same bot on the same deals, compared deal by deal
(docs/strength.md, "Search over what the seat knows").

    python scripts/strength_at_work.py --rules block --against heavy --seed 5003 \
        --deals 200 --runs advisor:1 advisor:2 advisor:4 tree-advisor:4

A run is BOT:TIMES (BOT ``advisor``, the worlds search, or ``tree-advisor``). A deal is
played once per seating (both seatings with two players), a tie counted half; each run
after the first is compared with the first deal by deal, with the 95% interval.  One
process; the worlds a decision may draw grow with the work (``DEFAULT_SAMPLES``).
"""

from __future__ import annotations

import argparse
import math
import time

from domino_advisor.advice import chance as advisor
from domino_advisor.games.line.rules import preset
from domino_advisor.measure.tournament import contest_for, play_deals


def rates(
    rules_name: str, players: int, bots: tuple[str, str], seed: int, deals: int, times: float
) -> list[float]:
    """The first bot's share of each deal's games, it at ``times`` the table's work."""
    me, against = bots
    work, samples = advisor.DEFAULT_WORK, advisor.DEFAULT_SAMPLES
    advisor.DEFAULT_WORK, advisor.DEFAULT_SAMPLES = int(work * times), int(samples * times)
    try:
        rules = preset(rules_name)
        by_seat = [[me, against][s % 2] for s in range(players)]
        out = play_deals(rules, players, False, by_seat, contest_for(rules, players).seeds(seed, deals))
    finally:
        advisor.DEFAULT_WORK, advisor.DEFAULT_SAMPLES = work, samples
    return [(d[me][0] + 0.5 * d[me][1]) / d[me][3] for d in out]


def mean_and_half_width(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, 1.96 * sd / math.sqrt(len(xs))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="block")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--against", default="heavy")
    ap.add_argument("--seed", type=int, default=5003)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument(
        "--runs", nargs="+", default=["advisor:1", "advisor:2"], help="BOT:TIMES, BOT advisor or tree-advisor"
    )
    args = ap.parse_args()
    first: list[float] | None = None
    for run in args.runs:
        bot, _, times = run.partition(":")
        start = time.process_time()
        got = rates(args.rules, args.players, (bot, args.against), args.seed, args.deals, float(times or 1))
        m, h = mean_and_half_width(got)
        line = f"{bot} at {float(times or 1):g} x the work: {100 * m:.1f}% +- {100 * h:.1f}"
        if first is None:
            first = got
        else:
            d, dh = mean_and_half_width([a - b for a, b in zip(got, first, strict=True)])
            line += f", paired against {args.runs[0]}: {100 * d:+.1f} +- {100 * dh:.1f} points"
        print(f"{line}  ({time.process_time() - start:.0f} CPU-s)", flush=True)


if __name__ == "__main__":
    main()

"""Each seat's shown chance against how its rounds ended (issue 42, item 6): the second
harness, apart from ``calibrate``.  Two seats (or more), each advised at the table's
budget with dice of its own, as two players each running the tool; at every decision
with a choice, the chance of winning the round the advice shows for the move it plays
(through the shipped map, as a player reads it; solved chances included, unlike
``calibrate``, which measures the estimated ones); when the round ends, whether that
seat's side won it (a drawn round is not won, as the chance counts it).

    python scripts/seat_calibration.py --rules classic --players 2 --games 500 --seed 4242

It prints per seat and for both: the decisions; the mean chance shown and the share won,
and their gap with a 95% interval resampling whole games; the calibration error (ECE,
deciles, as ``calibrate``) with its interval; and the error a perfectly calibrated
forecaster would show on the same decisions (outcomes drawn from the chances shown, the
median and 95th percentile of 200 draws): the part of the error that is the sample's
size alone.  The same seed gives the same figures with any number of jobs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from multiprocessing import Pool

from domino_advisor.advice.calibration import Forecast, bootstrap, ece
from domino_advisor.games.registry import game_for
from domino_advisor.measure.selfplay import judging_for, play_round


def one_game(job: tuple[str, int, int, int]) -> list[tuple[int, Forecast]]:
    """One round of the deal ``game`` of ``seed``: (seat, its forecast) per decision."""
    name, players, seed, game = job
    rules = game_for(name).round_only(game_for(name).rules_from(name, ""))
    judging = judging_for(rules)
    said: list[tuple[int, int, float, bool]] = []

    def watch(r, seat, advice) -> None:
        best = advice.moves[0]
        said.append((seat, judging.side(r, seat), best.chance, best.exact))

    r = play_round(rules, players, None, seed, game, watch, own_seeds=True)
    won = judging.winning_side(r)
    return [(seat, Forecast(game, chance, won == side, exact)) for seat, side, chance, exact in said]


def chance_error(decisions: list[Forecast], draws: int = 200, seed: int = 0) -> tuple[float, float]:
    """The ECE of a perfectly calibrated forecaster on these chances: median, 95th percentile."""
    rng = random.Random(seed)
    values = sorted(ece([(d.chance, rng.random() < d.chance) for d in decisions]) for _ in range(draws))
    return values[draws // 2], values[int(0.95 * draws)]


def report(label: str, decisions: list[Forecast]) -> None:
    points = [(d.chance, d.won) for d in decisions]
    shown = statistics.fmean(d.chance for d in decisions)
    won = statistics.fmean(d.won for d in decisions)

    def gap(ds: list[Forecast]) -> float:
        return statistics.fmean(d.won for d in ds) - statistics.fmean(d.chance for d in ds)

    low, high = bootstrap(decisions, gap)
    e_low, e_high = bootstrap(decisions, lambda ds: ece([(d.chance, d.won) for d in ds]))
    alone, top = chance_error(decisions)
    print(
        f"{label:6} {len(decisions):6} {100 * shown:6.1f}% {100 * won:6.1f}% "
        f"{100 * (won - shown):+6.1f} [{100 * low:+.1f}, {100 * high:+.1f}]  "
        f"{100 * ece(points):5.1f} ({100 * e_low:.1f} to {100 * e_high:.1f})  "
        f"{100 * alone:5.1f} ({100 * top:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--jobs", type=int, default=2, help="processes (the figures do not depend on it)")
    args = parser.parse_args()
    began = time.perf_counter()
    jobs = [(args.rules, args.players, args.seed, g) for g in range(args.games)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            games = pool.map(one_game, jobs, chunksize=1)
    else:
        games = [one_game(job) for job in jobs]
    seats = sorted({seat for game in games for seat, _ in game})
    print(
        f"{args.rules}, {args.players} players, {args.games} rounds of seed {args.seed}, every seat advised "
        "at the table's budget with dice of its own"
    )
    head = f"{'seat':6} {'moves':>6} {'shown':>7} {'won':>7} {'won - shown [95%]':>21}  {'error (95%)':>18}"
    print(head + "  chance alone")
    for seat in seats:
        report(f"s{seat + 1}", [f for game in games for s, f in game if s == seat])
    report("all", [f for game in games for _, f in game])
    print(f"{time.perf_counter() - began:.0f} s with {args.jobs} job(s)")


if __name__ == "__main__":
    main()

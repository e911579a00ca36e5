"""A rollout player fitted to strong choices (issue 42, item 2): the `reader`'s features
weighed by the softmax fit of the model of play (``measure.reads_fit.fit``) to the exact
solver's choices in small worlds of games the `reader` plays against itself, then tried
under the worlds search against `heavy`, paired deal by deal with the shipped `reader`
(docs/strength.md, "A better player under the search").

    python scripts/rollout_fit.py --rules classic --games 400 --seed 61 \
        --deals 200 --against heavy --check-seed 5003

A choice is kept where the solver, seeing every hand, finds exactly one best move for the
mover's side (won, drawn or lost); its rows are every move's features as the `reader`
sees them (it reads only its own hand and the table).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from multiprocessing import Pool

from strength_at_work import mean_and_half_width

from domino_advisor.base.tiles import Tile
from domino_advisor.games.line import bots
from domino_advisor.games.line.engine import FastRound, from_tiles
from domino_advisor.games.line.rules import preset
from domino_advisor.games.line.scoring import round_value, side_of
from domino_advisor.games.line.search import SearchTooBig, solve
from domino_advisor.measure.reads_fit import fit_weights
from domino_advisor.measure.tournament import contest_for, play_deals

NAMES = ("pips", "double", "follows", "keeps", "fives", "shuts", "feeds", "partner_shut")
SOLVE_HELD = 20  # hands and boneyard together: the worlds the labels come from
POSITIONS = 20000  # what one move's exact search may visit


def reader_features(fr: FastRound, t: int, j: int) -> tuple[float, ...]:
    """The `reader`'s terms for one move, unweighted (``bots.reader`` adds them up)."""
    seat = fr.turn
    after = bots.ends_after(fr, t, j)
    p, d, follow, variety, fives = bots.features(fr, seat, t, j, after)
    lacks = fr.voids[(seat + 1) % fr.n]
    partner = (seat + 2) % fr.n if fr.n == 4 and fr.rules.teams == "partners" else -1
    suits = fr.shows[partner] & ~fr.voids[partner] if partner >= 0 else 0
    partner_lacks = fr.voids[partner] if partner >= 0 else 0
    showing = 0
    for n in after:
        showing |= 1 << n
    shuts = float(bool(lacks) and not showing & ~lacks)
    feeds = float(sum(1 for n in after if suits >> n & 1)) if suits else 0.0
    pshut = float(bool(partner_lacks) and not showing & ~partner_lacks)
    return (float(p), float(d), float(min(follow, 3)), float(variety), float(fives), shuts, feeds, pshut)


def linear(weights: tuple[float, ...]):
    """A policy: the move whose features score most under ``weights``, the first on a tie."""

    def choose(fr: FastRound, moves, rng: random.Random) -> tuple[int, int]:
        best, top = moves[0], None
        for m in moves:
            s = sum(a * x for a, x in zip(weights, reader_features(fr, *m), strict=True))
            if top is None or s > top:
                best, top = m, s
        return best

    return choose


def _improved(fr: FastRound, moves, rng: random.Random, rollouts: int) -> int | None:
    """One step of policy improvement: the move whose ``rollouts`` play-outs by the `reader`
    (every hand seen, the boneyard shuffled anew each time) win most for the mover's side,
    where it leads the next best by more than twice its standard error; None: no clear best."""
    side = side_of(fr.turn, fr.rules)
    means, spreads = [], []
    for t, j in moves:
        got = []
        for _ in range(rollouts):
            c = fr.clone()
            rng.shuffle(c.stock)
            c.play(t, j)
            got.append(round_value(c.play_out([bots.reader] * c.n, rng), side, fr.rules))
        m = sum(got) / len(got)
        means.append(m)
        spreads.append(math.sqrt(sum((x - m) ** 2 for x in got) / (len(got) - 1) / len(got)))
    order = sorted(range(len(moves)), key=lambda i: -means[i])
    a, b = order[0], order[1]
    if means[a] - means[b] > 2 * math.hypot(spreads[a], spreads[b]):
        return a
    return None


def _rows_of_game(args: tuple[str, int, int, int, int]) -> list:
    rules_name, players, seed, game, rollouts = args
    rules = preset(rules_name)
    rng = random.Random(seed * 1_000_003 + game)
    tiles = [Tile(a, b) for a in range(rules.top + 1) for b in range(a, rules.top + 1)]
    rng.shuffle(tiles)
    size = rules.hand_size(players)
    hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
    fr = from_tiles(rules, hands, tiles[players * size :], rng.randrange(players))
    rows = []
    while not fr.over:
        seat = fr.turn
        moves = fr.moves(seat)
        held = sum(h.bit_count() for h in fr.hands) + fr.drawable()
        if len(moves) > 1 and rollouts:
            best = _improved(fr, moves, random.Random(rng.getrandbits(32)), rollouts)
            if best is not None:
                rows.append((tuple(reader_features(fr, *m) for m in moves), best))
        elif len(moves) > 1 and held <= SOLVE_HELD:
            side = side_of(seat, rules)
            values = []
            try:
                memo: dict = {}
                for t, j in moves:
                    c = fr.clone()
                    c.play(t, j)
                    values.append(solve(c, side, memo, [POSITIONS]))
            except SearchTooBig:
                values = []
            if values and values.count(max(values)) == 1 and len(set(values)) > 1:
                options = tuple(reader_features(fr, *m) for m in moves)
                rows.append((options, values.index(max(values))))
        fr.step(bots.reader, rng)
    return rows


def gather(rules_name: str, players: int, seed: int, games: int, rollouts: int) -> list:
    with Pool(2) as pool:
        jobs = [(rules_name, players, seed, g, rollouts) for g in range(games)]
        out = pool.map(_rows_of_game, jobs, chunksize=8)
    return [row for rows in out for row in rows]


def rates(rules_name: str, players: int, against: str, seed: int, deals: int) -> list[float]:
    """The advisor's share of each deal's games against ``against``, both seatings."""
    rules = preset(rules_name)
    by_seat = [["advisor", against][s % 2] for s in range(players)]
    out = play_deals(rules, players, False, by_seat, contest_for(rules, players).seeds(seed, deals))
    return [(d["advisor"][0] + 0.5 * d["advisor"][1]) / d["advisor"][3] for d in out]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=61)
    ap.add_argument("--against", default="heavy")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--check-seed", type=int, default=5003)
    ap.add_argument(
        "--rollouts", type=int, default=0, help="label by this many play-outs a move; 0: the solver"
    )
    ap.add_argument("--skip-base", action="store_true", help="only the fitted player under the search")
    args = ap.parse_args()
    start = time.time()
    rows = gather(args.rules, args.players, args.seed, args.games, args.rollouts)
    weights = tuple(fit_weights(rows, len(NAMES)))
    print(f"{len(rows)} choices from {args.games} games ({time.time() - start:.0f} s): ", flush=True)
    print("  " + ", ".join(f"{n} {w:+.2f}" for n, w in zip(NAMES, weights, strict=True)), flush=True)
    if args.deals <= 0:
        return
    base = None
    if not args.skip_base:
        base = rates(args.rules, args.players, args.against, args.check_seed, args.deals)
        m, h = mean_and_half_width(base)
        print(f"reader under the search: {100 * m:.1f}% +- {100 * h:.1f}", flush=True)
    from domino_advisor.games.line.judging import LineJudging

    old = LineJudging.policy
    LineJudging.policy = staticmethod(linear(weights))
    try:
        got = rates(args.rules, args.players, args.against, args.check_seed, args.deals)
    finally:
        LineJudging.policy = old
    m, h = mean_and_half_width(got)
    print(f"fitted under the search: {100 * m:.1f}% +- {100 * h:.1f}", flush=True)
    print("  per deal: " + " ".join(f"{x:g}" for x in got), flush=True)
    if base is not None:
        d, dh = mean_and_half_width([a - b for a, b in zip(got, base, strict=True)])
        print(f"  paired against the reader: {100 * d:+.1f} +- {100 * dh:.1f} points")


if __name__ == "__main__":
    main()

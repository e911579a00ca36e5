"""Move policies on the fast engine: the bots of ``simulate`` and ``train``, and the
rollout policy the advisor plays sampled worlds out with.

A policy is ``choose(round, moves, rng) -> (tile, end)``; it may read only the table,
its own hand and the public counts, never another hand.
"""

from __future__ import annotations

import random

from domino_advisor.base.tiles import Tile, tile_from_index
from domino_advisor.games.line.engine import FastRound, Moves
from domino_advisor.games.line.scoring import fives_points


def random_choice(fr: FastRound, moves: Moves, rng: random.Random) -> tuple[int, int]:
    return moves[rng.randrange(len(moves))]


def weight(tile: Tile) -> tuple[int, bool, int]:
    """The heavy bot's order: most pips, a double before a tile of the same pips, then
    the higher half.  The reference engine's heavy player takes the same order."""
    return (tile.pips, tile.is_double, tile.high)


def heaviest(fr: FastRound, moves: Moves, rng: random.Random) -> tuple[int, int]:
    """Heaviest tile first (``weight``), on the first end it fits."""
    return max(moves, key=lambda m: (weight(tile_from_index(m[0])), -m[1]))


class Weights:
    """What the heuristic values, per pip shed / double dumped / option kept / point scored."""

    def __init__(
        self,
        pips: float = 1.0,
        double: float = 4.0,
        follow: float = 2.0,
        variety: float = 1.5,
        fives: float = 1.2,
    ) -> None:
        self.pips, self.double, self.follow = pips, double, follow
        self.variety, self.fives = variety, fives

    def score(self, feats: tuple[int, bool, int, int, int]) -> float:
        """What a move's ``features`` are worth."""
        p, d, follow, variety, fives = feats
        return (
            self.pips * p
            + self.double * d
            + self.follow * min(follow, 3)
            + self.variety * variety
            + self.fives * fives
        )


DEFAULT = Weights()


def ends_after(fr: FastRound, t: int, j: int) -> list[int]:
    """The open-end numbers after playing tile ``t`` on end ``j`` (ignoring spinner arms opening)."""
    hi, lo = fr.T[0][t], fr.T[1][t]
    if j < 0:
        return [hi, lo]
    nums = [num for _, num, _ in fr.ends]
    num = nums[j]
    nums[j] = lo if hi == num else hi
    return nums


def features(
    fr: FastRound, seat: int, t: int, j: int, after: list[int] | None = None
) -> tuple[int, bool, int, int, int]:
    """(pips shed, double dumped, my tiles that follow on the new ends, numbers I keep, fives
    scored); ``after``: the ends after the move, where the caller has them already."""
    hi, lo, pips, nm = fr.T[:4]
    if after is None:
        after = ends_after(fr, t, j)
    rest = fr.hands[seat] & ~(1 << t)
    cover = 0
    for n in set(after):
        cover |= nm[n]
    follow = bin(rest & cover).count("1")
    variety = 0
    for n in range(len(nm)):
        if rest & nm[n]:
            variety += 1
    fives = 0
    if fr.all_fives:
        probe = fr.clone()
        probe.play(t, j)
        fives = fives_points(probe.fives_count())
    return pips[t], hi[t] == lo[t], follow, variety, fives


def heuristic(fr: FastRound, moves: Moves, rng: random.Random, w: Weights = DEFAULT) -> tuple[int, int]:
    """The explainable features alone: shed pips, dump doubles, keep options, score fives."""
    seat = fr.turn
    best, best_score = moves[0], None
    for m in moves:
        score = w.score(features(fr, seat, *m))
        if best_score is None or score > best_score:
            best, best_score = m, score
    return best


BLOCK = 6.0  # what shutting the next player out is worth, in the heuristic's units
FEED = 1.5  # what each end a partner has shown their suit on is worth


def reader(
    fr: FastRound,
    moves: Moves,
    rng: random.Random,
    w: Weights = DEFAULT,
    block: float = BLOCK,
    feed: float = FEED,
) -> tuple[int, int]:
    """The heuristic, reading the table: a move that leaves the next player only numbers
    they have been seen to lack (they must draw or pass) is worth ``block`` more; with
    partners, each end left on a number the partner has shown (left showing before) and
    not been seen to lack is worth ``feed``, and leaving the partner only numbers they
    lack costs ``block``."""
    seat = fr.turn
    lacks = fr.voids[(seat + 1) % fr.n]  # the next player is never a partner (they sit across)
    partner = (seat + 2) % fr.n if fr.n == 4 and fr.rules.teams == "partners" else -1
    suits = fr.shows[partner] & ~fr.voids[partner] if partner >= 0 else 0
    partner_lacks = fr.voids[partner] if partner >= 0 else 0
    best, best_score = moves[0], None
    for m in moves:
        t, j = m
        after = ends_after(fr, t, j)
        score = w.score(features(fr, seat, t, j, after))
        if lacks or suits or partner_lacks:
            showing = 0
            for n in after:
                showing |= 1 << n
            if lacks and not showing & ~lacks:
                score += block
            if suits:
                score += feed * sum(1 for n in after if suits >> n & 1)
            if partner_lacks and not showing & ~partner_lacks:
                score -= block
        if best_score is None or score > best_score:
            best, best_score = m, score
    return best


POLICIES = {"random": random_choice, "heavy": heaviest, "heuristic": heuristic, "reader": reader}

"""A move the advice weighs: what the worlds added up for it (``Tally``), and what is
shown of it (``Candidate``).  Both ``advisor`` and ``reasons`` read it; neither is
needed to make one."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from domino_advisor.base.tiles import Tile
from domino_advisor.games.outcome import DRAW, WIN


@dataclass
class Tally:
    """One candidate's outcomes over the worlds it was played out in, as weighted sums
    (each world weighs 1 unless soft reads weight them)."""

    wins: float = 0.0
    ties: float = 0.0
    played: int = 0  # the worlds
    weight: float = 0.0  # the worlds' total weight
    weight2: float = 0.0  # ... and of their squares, for the effective sample size
    reply_points: float = 0.0  # All Fives: what the next player scored at once
    margin_points: float = 0.0  # All Fives: your side's points less the best other side's
    match_sum: float = 0.0  # the chance of winning the match from each world's end
    match_squares: float = 0.0  # ... and their squares, for the spread
    # each world's [weight, round value, match chance, points ahead], in the order played:
    # every candidate is played in the same worlds, so two are compared world by world
    worlds: list[list[float]] = field(default_factory=list, repr=False)

    def count(self, w: float, round_value: int, match: float = 0.0) -> None:
        """One world's outcome, weighted."""
        self.worlds.append([w, (round_value == WIN) + 0.5 * (round_value == DRAW), match, 0.0])
        self.wins += w * (round_value == WIN)
        self.ties += w * (round_value == DRAW)
        self.match_sum += w * match
        self.match_squares += w * match * match
        self.played += 1
        self.weight += w
        self.weight2 += w * w

    def score(self, w: float, reply: int, ahead: int) -> None:
        """One world's All Fives points, weighted: the reply's, and how far ahead the round ended."""
        self.reply_points += w * reply
        self.margin_points += w * ahead
        self.worlds[-1][3] = ahead

    def rescale(self, factor: float) -> None:
        """Every weighted sum times ``factor`` (the ratios, and so the chances, unchanged)."""
        self.wins *= factor
        self.ties *= factor
        self.match_sum *= factor
        self.match_squares *= factor
        self.reply_points *= factor
        self.margin_points *= factor
        self.weight *= factor
        self.weight2 *= factor * factor
        for world in self.worlds:
            world[0] *= factor

    @property
    def win(self) -> float:
        return self.wins / self.weight if self.weight else 0.0

    @property
    def value(self) -> float:
        """Ranking value: a won round counts 1, a drawn one a half."""
        return (self.wins + 0.5 * self.ties) / self.weight if self.weight else 0.0

    @property
    def points(self) -> float:
        """Average points ahead of the best other side at the end of the round."""
        return self.margin_points / self.weight if self.weight else 0.0

    @property
    def reply(self) -> float:
        """Average points the reply scores (played worlds only)."""
        return self.reply_points / self.weight

    @property
    def match(self) -> float:
        """The estimated chance of winning the match (0 where only the round counts)."""
        return self.match_sum / self.weight if self.weight else 0.0

    @property
    def effective(self) -> float:
        """How many equally weighted worlds the weighted ones are worth."""
        return self.weight * self.weight / self.weight2 if self.weight2 else 0.0

    @property
    def margin(self) -> float:
        """One standard error of the win estimate."""
        if not self.played:
            return 0.0
        p = self.win
        return math.sqrt(max(p * (1 - p), 1e-9) / self.effective)

    @property
    def match_margin(self) -> float:
        """One standard error of the match estimate, from the worlds' spread."""
        if self.played < 2:
            return 0.0
        mean = self.match
        var = max(self.match_squares / self.weight - mean * mean, 1e-9)
        return math.sqrt(var / self.effective)


# what each world's record holds, by what the moves are ranked on
ROUND, MATCH, POINTS = 1, 2, 3
EQUAL_BAND = 2.0  # a move this many paired standard errors behind the first, or less, is about equal to it


def paired_gap(best: Tally, other: Tally, key: int) -> tuple[float, float]:
    """How far ``other`` is behind ``best`` on ``key`` (ROUND, MATCH or POINTS), and one
    standard error of that gap, world by world: both were played in the same worlds, so
    the noise between worlds cancels and only their difference in each world counts.
    Moves the tree search tried in different worlds (advice.tree) are compared as two
    independent means."""
    if len(best.worlds) != len(other.worlds):
        return _unpaired_gap(best, other, key)
    pairs = [(a[0], a[key] - b[key]) for a, b in zip(best.worlds, other.worlds, strict=True)]
    weight = sum(w for w, _ in pairs)
    if not weight:
        return 0.0, 0.0
    mean = sum(w * d for w, d in pairs) / weight
    if len(pairs) < 2:
        return mean, 0.0
    spread = sum(w * (d - mean) ** 2 for w, d in pairs) / weight
    effective = weight * weight / sum(w * w for w, _ in pairs)
    return mean, math.sqrt(spread / effective)


def _unpaired_gap(best: Tally, other: Tally, key: int) -> tuple[float, float]:
    means, variances = [], []
    for t in (best, other):
        weight = sum(w[0] for w in t.worlds)
        if not weight:
            return 0.0, 0.0
        mean = sum(w[0] * w[key] for w in t.worlds) / weight
        spread = sum(w[0] * (w[key] - mean) ** 2 for w in t.worlds) / weight
        means.append(mean)
        variances.append(spread / max(1, len(t.worlds) - 1))
    return means[0] - means[1], math.sqrt(variances[0] + variances[1])


def gap_known(best: Candidate, other: Candidate) -> bool:
    """Whether how far ``other`` is behind ``best`` has a known error: both solved, or
    sampled in two deals or more (one deal gives a difference, not its noise: issue 39)."""
    return (best.exact and other.exact) or min(len(best.tally.worlds), len(other.tally.worlds)) >= 2


@dataclass
class Candidate:
    """A legal move, what its worlds added up to (``tally``), and what the advice shows of it."""

    tile: Tile | None  # None for a draw or a pass
    side: str | None  # the end it joins; None for an opening
    on: int | str | None  # how the log writes it
    number: int | None = None  # the number showing on the end it joins
    tally: Tally = field(default_factory=Tally)
    exact: bool = False  # solved: the figures are certain, not estimated
    ends_match: bool = False  # playing it reaches the match target: the match is won at once
    reasons: list[str] = field(default_factory=list)
    chance: float = 0.0  # the chance of winning the round as shown: calibrated where a map is shipped
    chance_margin: float = 0.0  # half-width of its 95% interval: sampling and the model's measured error
    match_chance_margin: float = 0.0  # ... and of the match chance's
    about_equal: bool = False  # within the noise of the first: two paired standard errors behind it, or less
    goes_out: bool = False  # your last tile: the round is won the moment it is laid

    @property
    def win(self) -> float:
        """The rollouts' chance of winning the round."""
        return self.tally.win

    @property
    def value(self) -> float:
        """Ranking value: a won round counts 1, a drawn one a half."""
        return self.tally.value

    @property
    def points(self) -> float:
        """Average points ahead of the best other side at the end of the round."""
        return self.tally.points

    @property
    def match(self) -> float:
        """The estimated chance of winning the match (0 where only the round counts)."""
        return self.tally.match

    @property
    def margin(self) -> float:
        """One standard error of the win estimate (none where solved)."""
        return 0.0 if self.exact else self.tally.margin

    @property
    def match_margin(self) -> float:
        """One standard error of the match estimate (none where solved)."""
        return 0.0 if self.exact else self.tally.match_margin

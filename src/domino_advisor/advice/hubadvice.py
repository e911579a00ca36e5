"""Advice for Mexican Train and Chicken Foot: which tile where, and why.

Each play you could make is tried in the same sampled worlds (the hidden hands drawn
from the counting's posterior, the boneyard shuffled), and the round is played out by
the game's heuristic bot in every seat; the play with the lowest pips left against the
others' is advised, unless the heuristic's own move is not clearly worse.  The reasons
come from the plan and the counts: the line it keeps for your own train, the double and
who can answer it (in Chicken Foot, who can put toes on it), the number it leaves where
others play, who is close to going out.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.candidate import EQUAL_BAND
from domino_advisor.advice.roundplay import RoundRollouts
from domino_advisor.advice.worlds import Budget, weigh
from domino_advisor.base.budgets import TRAIN_ADVICE_SAMPLES, TRAIN_ADVICE_SECONDS
from domino_advisor.base.cores import default_workers
from domino_advisor.base.errors import DominoError, IllegalMoveError
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.hubseat import count
from domino_advisor.games.registry import GameMatch, GameRound
from domino_advisor.games.words import Choice, words_for, words_of

if TYPE_CHECKING:
    from typing import TypedDict

    from domino_advisor.base import shapes
    from domino_advisor.counting.position import Position

    class _Train(TypedDict, total=False):
        """A move's one key between others that may be left out (Mexican Train's ``train``)."""

        train: str


DEFAULT_SAMPLES = TRAIN_ADVICE_SAMPLES  # their home is budgets
DEFAULT_SECONDS = TRAIN_ADVICE_SECONDS
# Standard errors by which another play must beat the plan's move to be advised over it.
# The worlds are few and the round long, so a play ahead by noise would often be worse:
# on the pilot seeds (101, 202, 303, never the README's) the advisor at 20 worlds with
# no such bar played a round of engine 12-12 +2.5 pips against the heuristic (-4.1 to
# +9.1), with 1.5 -3.8 (-7.9 to +0.2) and -2.7 (-5.4 to -0.0).
# At the table's 100 worlds (issue 28, Chicken Foot against three heuristics, pilot seeds
# only, paired by deal on seed 202's 12 deals): no bar less this bar -4.7 pips a match
# (-13.9 to +4.5), and -71.7 against -63.3 unpaired on seed 101's 8: not clear, kept.
SURE = 1.5


@dataclass
class HubChoice:
    tile: Tile
    train: str  # where it goes: the owner's name or mexican; in Chicken Foot head, toe3, 4-4
    place: Any = None  # ... as the round knows it (a seat, mexican; a line, a double)
    pips: list[int] = field(default_factory=list)  # your pips left at the round's end, per world
    margins: list[float] = field(default_factory=list)  # yours less the others' mean, per world
    out: int = 0  # worlds where you went out
    reasons: list[str] = field(default_factory=list)
    about_equal: bool = False  # the worlds cannot tell it from the first (review counts it as agreeing)
    behind: float = 0.0  # pips it ends behind the first, on average over the same worlds
    behind_error: float | None = 0.0  # ... and one standard error of that (None: one world, not known)

    @property
    def margin(self) -> float:
        return statistics.fmean(self.margins) if self.margins else 0.0

    @property
    def expected_pips(self) -> float:
        return statistics.fmean(self.pips) if self.pips else 0.0

    def as_dict(self, game: str = "mexican-train") -> shapes.HubMoveJson:
        named: _Train = (
            {"train": self.train} if words_for(game).TRAIN_KEY else {}
        )  # Mexican Train's, as in 0.8.0
        return {
            "tile": str(self.tile),
            "on": self.train,  # where it goes (since 0.9.0)
            **named,
            "expected_pips": round(self.expected_pips, 2),
            "margin": round(self.margin, 2),
            "out": round(self.out / len(self.pips), 4) if self.pips else 0.0,
            "about_equal": self.about_equal,
            "behind": round(self.behind, 2),
            "behind_error": None if self.behind_error is None else round(self.behind_error, 2),
            "reasons": self.reasons,
        }


@dataclass
class HubAdvice:
    player: str
    action: str  # play, draw or pass
    moves: list[HubChoice]
    samples: int
    seconds: float
    method: str  # how the hidden hands were counted
    game: str = "mexican-train"
    asked: int = 0  # the worlds asked for
    cut: bool = False  # a time limit the user set stopped the work before it was done

    def as_dict(self) -> shapes.HubAdviceJson:
        return {
            "game": self.game,
            "player": self.player,
            "action": self.action,
            "samples": self.samples,
            "samples_asked": self.asked,
            "cut_short": self.cut,
            "seconds": round(self.seconds, 3),
            "counting": self.method,
            "moves": [m.as_dict(self.game) for m in self.moves],
        }


@dataclass(frozen=True)
class HubOptions:
    """How ``advise`` tries the plays; the defaults are the advice the table gives."""

    samples: int = DEFAULT_SAMPLES  # worlds: the same round gives the same advice on any machine
    seed: int = 0
    seconds: float | None = DEFAULT_SECONDS  # a clock limit, only where the user asks (then said if it cut)
    sure: float = SURE  # standard errors by which a play must beat the heuristic's to be advised
    workers: int | None = None  # processes the worlds are played out in (None: one per core; the same answer)


def advise(r: GameRound, seat: int, options: HubOptions = HubOptions()) -> HubAdvice:
    """Advice for ``seat`` (whose hand is known; the others' are not looked at), from
    ``options.samples`` worlds drawn here and played out on the cores (``base.cores``)."""
    samples, seconds, sure = options.samples, options.seconds, options.sure
    started = time.perf_counter()
    name = r.names[seat]
    mover = r.mover()
    if r.over or (mover is not None and mover != seat):  # at a race nobody has the move
        raise IllegalMoveError(f"it is not {name}'s turn: advice is for your own turn")
    plays = r.plays(seat)
    if not plays:  # draw, pass, or (at a race) wait for the others
        return HubAdvice(name, r.idle(seat), [], 0, time.perf_counter() - started, "", r.rules.name)
    plays, same = r.alike(plays)
    view = r.seat_view(seat)
    inf = count(view)  # to its fixed steps: the time limit, if any, is for the worlds
    choices = [HubChoice(t, r.place_name(k), k) for t, k in plays]
    rollouts = RoundRollouts(r, seat, [(c.tile, c.place) for c in choices], inf.sample, chooser_of(r))
    budget = Budget(samples, None, seconds, started)
    workers = default_workers() if options.workers is None else options.workers
    weighing = weigh(rollouts, budget, random.Random(options.seed), shared=workers, candidates=len(choices))
    done = weighing.worlds
    for _, per_world in done:  # in world order: each play's figures are over the same worlds
        for choice, played in zip(choices, per_world, strict=True):
            choice.pips.append(played.pips)
            choice.margins.append(played.margin)
            choice.out += played.out
    cut = weighing.cut
    words = words_of(r)
    for choice, (_, key) in zip(choices, plays, strict=True):
        choice.reasons = words.reasons(r, seat, choice.tile, key, inf, same.get((choice.tile, key)) or ())
    planned = _planned(r, seat, choices)
    choices.sort(key=lambda c: (c.margin, c.expected_pips))
    measured = len(done) >= 2  # one world gives a difference, not its error
    if planned is not None and planned is not choices[0] and not _clearly_better(choices[0], planned, sure):
        choices.remove(planned)
        choices.insert(0, planned)
        whose = words.PLANNED_BY
        other = f"{choices[1].tile} on {choices[1].train}"
        how = "here, but not clearly" if measured else "in the one world played out, too few to tell"
        planned.reasons.insert(0, f"kept as {whose}: {other} did better {how}")
    for c in choices[1:]:
        c.behind, c.behind_error = paired_gap(choices[0], c)
        # with one world nothing is "about equal": the difference is all there is (issue 39, R12)
        c.about_equal = c.behind_error is not None and c.behind <= EQUAL_BAND * c.behind_error
    spent = time.perf_counter() - started
    return HubAdvice(name, "play", choices, len(done), spent, inf.method, r.rules.name, samples, cut)


def chooser_of(r: GameRound) -> Choice:
    """The game's heuristic bot: what the rollouts play, and the move the advice keeps
    unless another is clearly better."""
    choose: Choice = words_of(r).HEURISTIC
    return choose


def _planned(r: GameRound, seat: int, choices: list[HubChoice]) -> HubChoice | None:
    """The heuristic bot's own choice here (it reads only your hand and the table)."""
    tile, place = chooser_of(r)(r, r.plays(seat))
    return choice_for(r, seat, choices, tile, r.place_name(place))


def choice_for(r: GameRound, seat: int, choices: list[HubChoice], tile: Tile, place: str) -> HubChoice | None:
    """The choice of this tile at this place (by name) for ``seat``, or at a place alike
    (Chicken Foot tries a tile on only one of the lines that end in the same number)."""
    exact = next((c for c in choices if c.tile == tile and c.train == place), None)
    if exact is not None:
        return exact
    words = words_of(r)
    alike = (c for c in choices if c.tile == tile and words.alike_places(r, seat, tile, c.train, place))
    return next(alike, None)


def paired_gap(best: HubChoice, other: HubChoice) -> tuple[float, float | None]:
    """How many pips ``other`` ends behind ``best`` on average, and one standard error of
    that, world by world (both were played out in the same worlds); the error is None
    from fewer than two worlds, where it is not known (not 0: advice and review would
    call any difference sure, issue 39)."""
    diffs = [a - b for a, b in zip(other.margins, best.margins, strict=True)]
    if len(diffs) < 2:
        return (diffs[0] if diffs else 0.0), None
    return statistics.fmean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def _clearly_better(best: HubChoice, planned: HubChoice, sure: float) -> bool:
    """Better than the plan's move by ``sure`` standard errors of the paired difference."""
    if sure <= 0:
        return True
    if len(best.margins) < 2:
        return False
    behind, spread = paired_gap(best, planned)  # how far the plan's move ends behind the best
    assert spread is not None  # two worlds or more
    return behind > sure * spread if spread > 0 else behind > 0


def advice_data(pos: Position, samples: int | None, seed: int, seconds: float | None) -> shapes.HubAdviceJson:
    """The advice's data for your seat (``advise --json``): the hub games' part."""
    from domino_advisor.log.guide import hub_next_step

    m: GameMatch = pos.match
    if m.round is None or m.pending is not None or m.round.over:  # what the log needs first
        raise DominoError(hub_next_step(m) or "there is no move to advise")
    options = HubOptions(samples or DEFAULT_SAMPLES, seed, seconds)
    advice = advise(m.round.for_next(m.viewer), m.viewer, options)
    return advice.as_dict()

"""The advice's measure for the games won by the fewest pips (``measure = "pips"``):
each play tried in the same worlds (the hidden hands drawn from the counting's posterior,
the boneyard shuffled) and the round played out by the game's heuristic in every seat
(``advice.roundplay``); the play with the lowest pips left against the others' is
advised, unless the heuristic's own move is not clearly worse.  The reasons come from
the game's words: the line it keeps for your own train, the double and who can answer
it, the number it leaves where others play, who is close to going out.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.candidate import EQUAL_BAND
from domino_advisor.advice.roundplay import RoundRollouts
from domino_advisor.advice.worlds import Budget, weigh
from domino_advisor.base.cores import default_workers
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.inference import infer
from domino_advisor.games.words import words_for, words_of

if TYPE_CHECKING:
    from typing import TypedDict

    from domino_advisor.advice.asking import Advice, Turn
    from domino_advisor.base import shapes

    class _Train(TypedDict, total=False):
        """A move's one key between others that may be left out (Mexican Train's ``train``)."""

        train: str


@dataclass
class PipsChoice:
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


def as_dict(advice: Advice) -> shapes.HubAdviceJson:
    """``advise --json`` (docs/json.md: the advice of Mexican Train and the games after it)."""
    return {
        "game": advice.game,
        "player": advice.name,
        "action": advice.action,
        "samples": advice.samples,
        "samples_asked": advice.asked,
        "cut_short": advice.cut,
        "seconds": round(advice.seconds, 3),
        "counting": advice.method,
        "moves": [m.as_dict(advice.game) for m in advice.moves],
    }


def weigh_moves(advice: Advice, turn: Turn) -> None:
    """Every play tried in the same worlds drawn here, played out on the cores
    (``base.cores``); the plan's move kept unless another is clearly better."""
    r, seat, options, judging, plays, same = (
        turn.r,
        turn.seat,
        turn.options,
        turn.judging,
        turn.plays,
        turn.same,
    )
    inference = turn.inference
    samples = judging.samples if options.samples is None else options.samples
    sure = judging.sure if options.sure is None else options.sure
    inf = inference or infer(
        r.seat_view(seat)
    )  # to its fixed steps: the time limit, if any, is for the worlds
    choices = [PipsChoice(t, r.place_name(k), k) for t, k in plays]
    rollouts = RoundRollouts(r, seat, [(c.tile, c.place) for c in choices], inf.sample, judging.chooser(r))
    budget = Budget(samples, None, options.seconds, turn.start)
    workers = default_workers() if options.workers is None else options.workers
    weighing = weigh(rollouts, budget, random.Random(options.seed), shared=workers, candidates=len(choices))
    done = weighing.worlds
    for _, per_world in done:  # in world order: each play's figures are over the same worlds
        for choice, played in zip(choices, per_world, strict=True):
            choice.pips.append(played.pips)
            choice.margins.append(played.margin)
            choice.out += played.out
    words = words_of(r)
    if options.reasons:
        for choice, (_, key) in zip(choices, plays, strict=True):
            choice.reasons = words.reasons(r, seat, choice.tile, key, inf, same.get((choice.tile, key)) or ())
    tile, place = judging.planned(r, seat)
    planned = choice_for(r, seat, choices, tile, r.place_name(place))
    choices.sort(key=lambda c: (c.margin, c.expected_pips))
    measured = len(done) >= 2  # one world gives a difference, not its error
    if planned is not None and planned is not choices[0] and not _clearly_better(choices[0], planned, sure):
        choices.remove(planned)
        choices.insert(0, planned)
        other = f"{choices[1].tile} on {choices[1].train}"
        how = "here, but not clearly" if measured else "in the one world played out, too few to tell"
        planned.reasons.insert(0, f"kept as {judging.planned_by(r)}: {other} did better {how}")
    for c in choices[1:]:
        c.behind, c.behind_error = paired_gap(choices[0], c)
        # with one world nothing is "about equal": the difference is all there is (issue 39, R12)
        c.about_equal = c.behind_error is not None and c.behind <= EQUAL_BAND * c.behind_error
    advice.moves = choices
    advice.samples = len(done)
    advice.asked = samples
    advice.cut = weighing.cut
    advice.method = inf.method
    best = choices[0]
    advice.first = r.play_event(seat, best.tile, best.place)


def choice_for(r: Any, seat: int, choices: list[PipsChoice], tile: Tile, place: str) -> PipsChoice | None:
    """The choice of this tile at this place (by name) for ``seat``, or at a place alike
    (Chicken Foot tries a tile on only one of the lines that end in the same number)."""
    exact = next((c for c in choices if c.tile == tile and c.train == place), None)
    if exact is not None:
        return exact
    words = words_of(r)
    alike = (c for c in choices if c.tile == tile and words.alike_places(r, seat, tile, c.train, place))
    return next(alike, None)


def paired_gap(best: PipsChoice, other: PipsChoice) -> tuple[float, float | None]:
    """How many pips ``other`` ends behind ``best`` on average, and one standard error of
    that, world by world (both were played out in the same worlds); the error is None
    from fewer than two worlds, where it is not known (not 0: advice and review would
    call any difference sure, issue 39)."""
    diffs = [a - b for a, b in zip(other.margins, best.margins, strict=True)]
    if len(diffs) < 2:
        return (diffs[0] if diffs else 0.0), None
    return statistics.fmean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def _clearly_better(best: PipsChoice, planned: PipsChoice, sure: float) -> bool:
    """Better than the plan's move by ``sure`` standard errors of the paired difference."""
    if sure <= 0:
        return True
    if len(best.margins) < 2:
        return False
    behind, spread = paired_gap(best, planned)  # how far the plan's move ends behind the best
    assert spread is not None  # two worlds or more
    return behind > sure * spread if spread > 0 else behind > 0

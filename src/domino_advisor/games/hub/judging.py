"""What only the games played through their round alone know when a play is weighed
(``Parts.judging``): at the table, by ``advice.advise`` (the turn in their words, the
plays, and the plan their heuristic would follow, kept unless another play is clearly
better), and after the game, by ``learning.review`` and ``learning.hindsight`` (what the
review notes, how a finished round's deal is rebuilt).  These games are won by the
fewest pips left: ``measure = "pips"``; their worlds are played out by the game's
heuristic in every seat, through the round itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domino_advisor.base.budgets import TRAIN_ADVICE_SAMPLES
from domino_advisor.base.tiles import Tile
from domino_advisor.games.words import Choice, words_of

if TYPE_CHECKING:
    import random

    from domino_advisor.games.hub.splits import Split

# Standard errors by which another play must beat the plan's move to be advised over it.
# The worlds are few and the round long, so a play ahead by noise would often be worse:
# on the pilot seeds (101, 202, 303, never the README's) the advisor at 20 worlds with
# no such bar played a round of engine 12-12 +2.5 pips against the heuristic (-4.1 to
# +9.1), with 1.5 -3.8 (-7.9 to +0.2) and -2.7 (-5.4 to -0.0).
# At the table's 100 worlds (issue 28, Chicken Foot against three heuristics, pilot seeds
# only, paired by deal on seed 202's 12 deals): no bar less this bar -4.7 pips a match
# (-13.9 to +4.5), and -71.7 against -63.3 unpaired on seed 101's 8: not clear, kept.
SURE = 1.5


class RoundJudging:
    """The part of the advice of Mexican Train, Chicken Foot and Tiddly-wink."""

    measure = "pips"  # ranked by your pips left at the round's end against the others'
    weighs_idle = False  # a draw, a pass or a wait is said, not weighed
    samples = TRAIN_ADVICE_SAMPLES  # the worlds every play is tried in, unless asked otherwise
    sure = SURE

    def refusal(self, r: Any, seat: int) -> str | None:
        """Why there is no move of this seat's to advise; None: there is (at a race
        nobody has the move, and anyone may be advised)."""
        mover = r.mover()
        if r.over or (mover is not None and mover != seat):
            return f"it is not {r.names[seat]}'s turn: advice is for your own turn"
        return None

    def plays(self, r: Any, seat: int) -> list[tuple[Tile, Any]]:
        plays: list[tuple[Tile, Any]] = r.plays(seat)
        return plays

    def chooser(self, r: Any) -> Choice:
        """The game's heuristic bot: what the rollouts play, and the plan the advice keeps
        unless another play is clearly better."""
        choose: Choice = words_of(r).HEURISTIC
        return choose

    def planned(self, r: Any, seat: int) -> tuple[Tile, Any]:
        """The heuristic's own choice here (it reads only your hand and the table)."""
        return self.chooser(r)(r, r.plays(seat))

    def planned_by(self, r: Any) -> str:
        """Whose plan it is, in the game's words."""
        return words_of(r).PLANNED_BY

    # -- after the game: the review and hindsight (learning.review, learning.hindsight) ------
    # the review notes what each opponent certainly lacks, found after every event by a
    # matching (no counting: a long match of eight players stays quick); no tile's place
    certainties = "matched"
    doubles_held = False  # the review says nothing of the doubles you held
    proves_hands = False  # hindsight needs every other hand shown (or gone out)
    # seeded splits tried before a round is given up: the splits leave out who may open,
    # so one the rules refuse is followed by another
    splits_tried = 50

    def judged(self, r: Any, seat: int) -> bool:
        """Whether the review judges a play of the seat's here: every play with a choice."""
        return True

    def opener(self, r: Any) -> int | None:
        """Who opens the round replayed in hindsight: None, the round says (at a race, the
        dice say who is quicker)."""
        return None

    def splits(
        self, r: Any, seat: int, rng: random.Random, shown: dict[int, tuple[Tile, ...]]
    ) -> dict[int, Split] | None:
        """Each other seat's dealt hand and draws, as the play allows."""
        from domino_advisor.games.hub.splits import splits

        return splits(r, seat, rng, shown)


JUDGING = RoundJudging()

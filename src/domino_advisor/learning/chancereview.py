"""Hindsight of the games won by the round or the match (``measure = "chance"``: the line
games), as ``learning.hindsight`` tells it: a round ends won, lost or drawn for your
side, with each side's points; the verdict says who wins what.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.advise import Advice, Options, judging_of
from domino_advisor.counting.inference import Inference, infer, sample_posterior
from domino_advisor.games.events import Play
from domino_advisor.learning.hindsight import REPLAYED

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.counting.reads import Style


# -- hindsight --------------------------------------------------------------------------------
@dataclass
class Outcome:
    """How a round ended, for you: the winner and each player's side's points (in play too)."""

    how: str  # out, blocked or target
    winner: str | None  # None: a drawn round
    result: str  # won, lost or drawn, for your side
    points: dict[str, int]

    def as_dict(self) -> shapes.OutcomeJson:
        return {"how": self.how, "winner": self.winner, "result": self.result, "points": dict(self.points)}

    def judged(self, actual: Outcome, me: str) -> dict[str, Any]:
        """What hindsight says of this replay's end against the game's (``actual``)."""
        return {"verdict": verdict(actual, self)}


def outcome(r: Any, me: int) -> Outcome:
    """How the finished round ended, for ``me``'s side (the game's part says its result)."""
    judging = judging_of(r)
    how, winner, points = judging.result(r)
    if winner is None:
        mine = "drawn"
    else:
        mine = "won" if judging.side(r, winner) == judging.side(r, me) else "lost"
    by_name = {n: points[s] for s, n in enumerate(r.names)}
    return Outcome(how, None if winner is None else r.names[winner], mine, by_name)


@dataclass
class ReplayChoice:
    """One move of the replay, with what the advisor thought of it from the mover's seat."""

    seat: str
    move: str  # the log line: "ana plays 6-4 on 6", "bob draws 5-2", "cy passes"
    win: float | None  # the mover's side's chance of winning the round (None: a forced move)
    match: float | None = None  # ... of winning the match, where the advice plays for one
    options: int = 1  # the moves there were to choose from

    def as_dict(self) -> shapes.HindsightChoiceJson:
        out: shapes.HindsightChoiceJson = {
            "seat": self.seat,
            "move": self.move,
            "options": self.options,
            "win": None if self.win is None else round(self.win, 4),
        }
        if self.match is not None:
            out["match"] = round(self.match, 4)
        return out


def forced(name: str) -> ReplayChoice:
    return ReplayChoice(name, "", None)


def replay_options(
    r: Any, seat: int, samples: int, seed: int, style: Style | None
) -> tuple[Options, Inference]:
    """How the replay asks the advice: its worlds and seed, no reasons, soft reads where
    the game has them, and the seat's counting, sampled at a fixed number of steps."""
    options = Options(samples=samples, seed=seed, seconds=None, reasons=False, style=style)
    view = r.seat_view(seat)
    inf = infer(view)
    return options, inf if inf.exact else sample_posterior(view)


def replay_choice(r: Any, seat: int, advice: Advice) -> tuple[Play, ReplayChoice]:
    """The advice's first move, and its chances as the mover saw them."""
    best = advice.moves[0]
    match = best.match if advice.stakes is not None else None
    choice = ReplayChoice(r.names[seat], "", best.chance, match, len(advice.moves))
    return r.play_event(seat, best.tile, best.on), choice


def verdict(actual: Outcome, hind: Outcome) -> str:
    """Bad luck or a mistake, in a player's words: "likely", since it is one replay in
    which every seat's moves are re-chosen, not only yours.  Each figure is what the
    round scored for the side that won it (in All Fives, with the fives made in play),
    and says whose it is: "you win 29 points", not "the advisor's moves win 29"."""
    ap = actual.points[actual.winner] if actual.winner else 0
    hp = hind.points[hind.winner] if hind.winner else 0
    game = (
        f"in the game {actual.winner} won {_points(ap)}"
        if actual.winner
        else "in the game the round was drawn"
    )
    a, h = actual.result, hind.result
    if h == "won" and a != "won":
        return (
            f"{REPLAYED}, you would have won {_points(hp)} ({game}): "
            "the round was there to win, so likely your decisions cost it"
        )
    if h == "won":
        if hp > ap:
            return f"you won {_points(ap)}; {REPLAYED}, you win {_points(hp)}: there was a better line"
        if hp == ap:
            return f"you won {_points(ap)}, as you do {REPLAYED}"
        return f"you won {_points(ap)}; {REPLAYED}, you win only {_points(hp)}: well played"
    if a == "won":
        other = f"{hind.winner} wins {_points(hp)}" if hind.winner else "the round is drawn"
        return f"you won {_points(ap)}; {REPLAYED}, you do not ({other}): well played"
    if h == "drawn" and a == "lost":
        return f"{REPLAYED}, the round is drawn ({game}): your decisions cost some of it"
    if h == "lost" and a == "drawn":
        return f"{REPLAYED}, you lose it ({hind.winner} wins {_points(hp)}) where you drew: well played"
    if h == "drawn":
        return f"the round is drawn {REPLAYED} too: likely the deal"
    lost = f"{hind.winner} wins {_points(hp)}; {game}"
    return f"{REPLAYED}, you lose it too ({lost}): likely the deal, not your play"


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"

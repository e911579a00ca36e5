"""The question the advice answers and the shape of its answer, for every game: how to
weigh the moves (``Options``), one call's question as a measure weighs it (``Turn``),
and the moves ranked (``Advice``).  Its own module so that ``advise`` and the measures it
calls (``advice.chance``, ``advice.pips``) both read it and neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

from domino_advisor.games.events import Draw, Move, Pass

if TYPE_CHECKING:
    from domino_advisor.counting.inference import Inference
    from domino_advisor.counting.reads import Style

# how a game is measured (its judging part's ``measure``) -> the module that weighs its moves
MEASURES = {"chance": "domino_advisor.advice.chance", "pips": "domino_advisor.advice.pips"}


@dataclass(frozen=True)
class Options:
    """How ``advise`` weighs the moves.  The defaults are the advice the table gives:
    ``samples`` None is the game's own budget (the line games: as many worlds as their
    budget of work allows; base.budgets), with no clock; None elsewhere is the game's own
    setting (its judging part's)."""

    samples: int | None = None  # the worlds to play out; None: the game's default budget
    seed: int = 0  # the same seed gives the same advice on any machine
    seconds: float | None = None  # a clock limit, only where the user asks (the advice says if it cut)
    objective: str = "match"  # "round": ranked by the round even where a match is played
    style: Style | None = None  # soft reads: worlds weighted by how likely the others' plays were
    reasons: bool = True  # say why, in words
    omniscient: bool = False  # every hand seen: the ceiling simulate measures
    policy: Any = None  # how every seat plays the worlds out (None: the game's)
    solve_drawing: int | None = None  # worlds with a boneyard solved up to this size (None: the game's)
    solve_below: int | None = None  # worlds with this many tiles in hands solved (None: the game's)
    search: str = "worlds"  # "tree": one tree over what the seat knows (advice.tree), where it fits
    fuse: int | None = None  # αμ: your next turns chosen alike in the first worlds where all are solved
    explore: float | None = None  # the tree's exploration constant (None: advice.tree's)
    sure: float | None = None  # standard errors a play must beat the game's plan by (None: the game's)
    workers: int | None = None  # processes worlds drawn first are shared by (None: one per core)


DEFAULT_OPTIONS = Options()


@dataclass
class Advice:
    """The moves ranked, best first, and what the answer cost.  What each move shows is
    its measure's (``advice.chance.Candidate``, ``advice.pips.PipsChoice``)."""

    seat: int
    name: str
    action: str  # play, draw, pass, or (at a race) wait
    moves: list[Any]
    game: str
    measure: str  # chance or pips
    samples: int = 0  # the worlds played out
    seconds: float = 0.0
    exact: bool = False
    asked: int = 0  # the worlds asked for
    cut: bool = False  # a time limit the user set stopped the work before it was done
    work: int = 0  # positions searched and turns played out in the worlds
    work_budget: int | None = None  # the work allowed (None: the worlds asked for, whatever they cost)
    method: str = ""  # how the hidden hands were counted
    all_fives: bool = False
    stakes: Any = None  # the match the round is part of, where the advice plays for it
    calibration: Any = None  # the map the round chances were corrected with
    partner: str | None = None  # with partners: the chances are your team's
    first: Move | None = field(default=None, repr=False)  # the first move as the log writes it

    @property
    def player(self) -> str:
        return self.name

    def event(self) -> Move:
        """The advised move, as the log writes it."""
        if self.action == "play" and self.first is not None:
            return self.first
        if self.action == "draw":
            return Draw(self.name, 1)
        return Pass(self.name)

    def as_dict(self) -> Any:
        """``advise --json``: the measure's shape (docs/json.md)."""
        return measure_module(self.measure).as_dict(self)


@dataclass(frozen=True)
class Turn:
    """One call's question, as the measure weighs it: the round and whose move, the plays
    worth trying apart (and the places alike to each), how, the game's part, what the
    seat's counting already says, and when the answer began."""

    r: Any
    seat: int
    plays: list[tuple[Any, Any]]
    same: dict
    options: Options
    judging: Any
    inference: Inference | None
    start: float


def measure_module(measure: str) -> Any:
    return import_module(MEASURES[measure])

"""Each game's own counting question: what a player of that game counts that the others
do not.  At the line games, who cannot follow on the ends; at Mexican Train, who is off
their own train; at Chicken Foot, what can still toe the waiting double; at Matador, what
is left that makes seven with an end; at Tiddly-wink, who is out of the race.

A game names its own in its parts (``Parts.question``: the round and your view -> the
questions its position offers, none where it offers none); each reads, marks and explains
itself as the common ones do (``learning.questions``), and is a skill of its own.  The
finders below read their own game's round (its trains, its waiting double), as a game's
view reads its table: each is named by that game's parts alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domino_advisor.base.errors import NotationError
from domino_advisor.base.printable import describe_numbers, excerpt, plural
from domino_advisor.base.tiles import Tile, format_tiles, full_set
from domino_advisor.counting.inference import Inference
from domino_advisor.games.proof import Known
from domino_advisor.learning.questions import Label, Marked, no_label, read_count, seen_where, why_lacks


def _back(view: Known, seats: list[int]) -> float:
    """How far back the oldest draw or pass of these seats lies, in moves, over ten."""
    proofs = [i for i, a in enumerate(view.history) if a.seat in seats and a.kind != "play"]
    return (len(view.history) - proofs[0]) / 10 if proofs else 0.0


@dataclass(frozen=True)
class Blocked:
    """Who certainly cannot play where they may now?  Each seat asked of comes with the
    numbers it could play on (the game says which: the ends, its own train)."""

    kind: str
    where: str  # "on 3·5", "on their own train"
    seats: tuple[tuple[int, tuple[int, ...]], ...]  # each seat asked of, and the numbers open to it
    detail: str = ""  # what the prompt adds: " (ana's shows 4, bob's 7)"

    def prompt(self, view: Known) -> str:
        return f"who certainly cannot play {self.where}{self.detail} now (names, or - for nobody)? "

    def read(self, text: str, view: Known) -> set[int]:
        text = text.strip().lower()
        asked = [s for s, _ in self.seats]
        names = ", ".join(view.names[s] for s in asked)
        if not text:
            raise NotationError(f"type their names ({names}), or - for nobody")
        if text in ("-", "none", "nobody", "noone"):
            return set()
        out = set()
        for word in text.replace(",", " ").replace(" and ", " ").split():
            match = [s for s in asked if view.names[s].lower() == word] or [
                s for s in asked if view.names[s].lower().startswith(word)
            ]
            if len(match) != 1:
                raise NotationError(f"'{excerpt(word)}': answer with names ({names}), or - for nobody")
            out.add(match[0])
        return out

    def stuck(self, inf: Inference) -> list[int]:
        return [s for s, numbers in self.seats if numbers and set(numbers) <= set(inf.cannot_hold(s))]

    def mark(self, said: set[int], view: Known, inf: Inference, label: Label = no_label) -> Marked:
        truth = self.stuck(inf)
        union = said | set(truth)
        points = len(said & set(truth)) / len(union) if union else 1.0
        reasons = [why_lacks(view, s, sorted(numbers), label) for s, numbers in self.seats if s in truth]
        free = [s for s, _ in self.seats if s not in truth]
        for s, numbers in self.seats:
            if s in free:
                either = describe_numbers(sorted(set(numbers) - set(inf.cannot_hold(s))), last="or")
                reasons.append(f"nothing proves {view.names[s]} lacks {either}")
        who = describe_numbers([view.names[s] for s in truth])
        said_truth = f"{who} cannot play {self.where}" if truth else "nobody is certainly stuck"
        return Marked(points, said_truth, "; ".join(reasons))

    def difficulty(self, view: Known, inf: Inference) -> float:
        """facts: one per seat asked of and one per number each must lack; back: the
        oldest draw or pass that proves one; in play: the unseen tiles."""
        facts = sum(1 + len(numbers) for _, numbers in self.seats)
        return facts + _back(view, [s for s, _ in self.seats]) + len(inf.unseen) / 10

    def worth(self, inf: Inference) -> bool:
        """Worth asking at the table: somebody is stuck."""
        return bool(self.stuck(inf))

    def answer_of(self, inf: Inference) -> object:
        return frozenset(self.stuck(inf))


@dataclass(frozen=True)
class Fitting:
    """How many tiles that could go on this place have you not seen yet?  The game says
    which tiles could (those bearing a waiting double's number; those making seven)."""

    kind: str
    where: str  # "on the 3 end", "on the double 4-4"
    tiles: frozenset[Tile]  # every tile of the set the place takes (those on the table too)

    def prompt(self, view: Known) -> str:
        return f"how many tiles that could go {self.where} have you not seen yet? "

    def read(self, text: str, view: Known) -> int:
        return read_count(text, view)

    def mark(self, said: int, view: Known, inf: Inference, label: Label = no_label) -> Marked:
        unseen = [t for t in inf.unseen if t in self.tiles]
        every = sorted(self.tiles, reverse=True)
        parts = [f"{plural(len(every), 'tile')} could go {self.where}: {format_tiles(every)}"]
        parts += seen_where(every, view)
        verb = "is" if len(unseen) == 1 else "are"
        return Marked(
            1.0 if said == len(unseen) else 0.0,
            f"{plural(len(unseen), 'tile')} that could go {self.where} {verb} unseen",
            "; ".join(parts) + f"; {len(every)} - {len(every) - len(unseen)} = {len(unseen)}",
        )

    def difficulty(self, view: Known, inf: Inference) -> float:
        """facts: one per tile that could go there, seen; in play: the unseen tiles."""
        unseen = set(inf.unseen)
        return sum(1 for t in self.tiles if t not in unseen) + len(inf.unseen) / 10

    def worth(self, inf: Inference) -> bool:
        """Worth asking at the table: few are left (three or fewer, as a count is)."""
        return sum(1 for t in inf.unseen if t in self.tiles) <= 3

    def answer_of(self, inf: Inference) -> object:
        return sum(1 for t in inf.unseen if t in self.tiles)


OwnQuestion = Blocked | Fitting


def _asked(view: Known) -> list[int]:
    return [s for s in view.opponents if view.counts[s]]


def _fitting(r: Any, view: Known, place: Any) -> frozenset[Tile]:
    """The tiles of the set the round lets go on ``place`` (its rules, not ours)."""
    return frozenset(t for t in full_set(view.rules.top) if place in r.fits(view.me, t))


# -- each game's own (named in its Parts.question) ------------------------------------------
@dataclass(frozen=True)
class Own:
    """A game's own question: its kind (a skill of its own, ``answers.OWN``), and where a
    position offers it (the round and your view -> the questions; none where it does not)."""

    kind: str
    find: Any

    def __call__(self, r: Any, view: Known) -> list[OwnQuestion]:
        return list(self.find(r, view))


def _line_questions(r: Any, view: Known) -> list[OwnQuestion]:
    """The line games: who cannot follow on the open ends (they draw or pass)."""
    ends = r.open_numbers(view.me)
    if not ends or not _asked(view):
        return []
    where = "on " + "·".join(str(n) for n in ends)
    return [Blocked("stuck", where, tuple((s, tuple(ends)) for s in _asked(view)))]


def _train_questions(r: Any, view: Known) -> list[OwnQuestion]:
    """Mexican Train: who cannot play on their own train (they must play elsewhere, or
    draw and put their marker out); not while a double waits, when nobody may."""
    seats = _asked(view)
    if not seats or r.double is not None:
        return []
    ends = ", ".join(f"{view.names[s]}'s shows {r.trains[s].end}" for s in seats)
    own = tuple((s, (r.trains[s].end,)) for s in seats)
    return [Blocked("own-train", "on their own train", own, f" ({ends})")]


def _foot_questions(r: Any, view: Known) -> list[OwnQuestion]:
    """Chicken Foot: while a double takes its toes, what is left that can toe it."""
    if r.waiting is None:
        return []
    return [Fitting("foot", f"on {r.waiting_words()}", _fitting(r, view, r.waiting.double))]


def _sevens_questions(r: Any, view: Known) -> list[OwnQuestion]:
    """Matador: what is left that can go on each end (what makes seven, and the matadors)."""
    if not r.history:
        return []
    return [Fitting("sevens", f"on the {n} end", _fitting(r, view, n)) for n in r.open_numbers(view.me)]


def _race_questions(r: Any, view: Known) -> list[OwnQuestion]:
    """Tiddly-wink: who is out of the race on the open ends (anyone who can, plays)."""
    ends = r.open_numbers(view.me)
    if not ends or not r.history or not _asked(view):
        return []
    where = "on " + "·".join(str(n) for n in ends)
    return [Blocked("race", where, tuple((s, tuple(ends)) for s in _asked(view)))]


LINE = Own("stuck", _line_questions)
TRAINS = Own("own-train", _train_questions)
FOOT = Own("foot", _foot_questions)
SEVENS = Own("sevens", _sevens_questions)
RACE = Own("race", _race_questions)


def worth_asking(
    before: tuple[list[OwnQuestion], Inference] | None, after: tuple[list[OwnQuestion], Inference]
) -> OwnQuestion | None:
    """What the event just logged teaches of the game's own (practice at the table): a
    question worth asking whose answer the event changed; None when there is none."""
    found, inf = after
    old = {(q.kind, q.where): q for q in before[0]} if before is not None else {}
    for q in found:
        was = old.get((q.kind, q.where))
        if q.worth(inf) and (was is None or before is None or was.answer_of(before[1]) != q.answer_of(inf)):
            return q
    return None


def choose(
    found: list[OwnQuestion], view: Known, inf: Inference, rng: Any, target: float | None
) -> OwnQuestion:
    """One of a position's own questions: drawn, or the one nearest a ``target`` difficulty."""
    drawn = found[rng.randrange(len(found))] if len(found) > 1 else found[0]
    if target is None:
        return drawn
    return min(found, key=lambda q: (abs(q.difficulty(view, inf) - target), q != drawn))

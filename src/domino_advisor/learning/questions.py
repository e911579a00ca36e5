"""Counting questions, each scored against the exact inference and explained in one line
with the events that prove the answer.

One place for them, so a lesson (``train``), practice at a real table (``session
--practice``) and a drill from your own game ask the same question the same way.  A
question reads a typed answer (a clear error when it cannot), then marks it: points
from 0 to 1 and the line that says why the answer is what it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from domino_advisor.base.errors import NotationError
from domino_advisor.base.printable import describe_numbers, excerpt, plural
from domino_advisor.base.tiles import Tile, format_tiles, full_set
from domino_advisor.counting.inference import BONEYARD, Inference
from domino_advisor.games.events import number_at_most
from domino_advisor.games.proof import Known

# how an action of the round is named in a proof: "event 12" from a log; None says nothing
Label = Callable[[Any], str | None]


def no_label(acted: Any) -> str | None:
    return None


def by_event(numbers: dict[int, int], now: int | None = None) -> Label:
    """An action named by its event number as the status numbers events (``numbers``:
    log line -> event number); the action on line ``now``, just logged, goes without."""

    def label(acted: Any) -> str | None:
        if acted.line and acted.line != now and acted.line in numbers:
            return f"event {numbers[acted.line]}"
        return None

    return label


@dataclass(frozen=True)
class Marked:
    points: float  # 0 to 1
    truth: str  # the answer, as a player would say it
    why: str  # one line: the events that prove it

    @property
    def verdict(self) -> str:
        return "right" if self.points >= 0.999 else ("close" if self.points >= 0.5 else "not quite")


def parse_numbers(text: str, top: int) -> set[int]:
    text = text.strip().lower()
    if not text:  # Enter is not an answer: "none" is said with '-'
        raise NotationError("type the numbers, or - for none")
    if text in ("-", "none", "nothing"):
        return set()
    out = set()
    for word in text.replace(",", " ").split():
        number = number_at_most(word, top)
        if number is None:
            raise NotationError(f"'{excerpt(word)}' is not a number from 0 to {top}")
        out.add(number)
    return out


def read_count(text: str, view: Known) -> int:
    """A count of tiles, at most the set's (every count question reads its answer so)."""
    count = number_at_most(text.strip(), view.rules.tile_count)
    if count is None:
        raise NotationError(f"'{excerpt(text)}': a whole number, please")
    return count


def seen_where(tiles: Iterable[Tile], view: Known) -> list[str]:
    """Where you have seen these tiles (in your hand, on the table, shown): what a count
    of them takes away."""
    shown_now = {t for ts in view.shown.values() for t in ts}
    parts = []
    for words, place in (("you hold", view.hand), ("the table has", view.table), ("shown:", shown_now)):
        here = sorted((t for t in tiles if t in place), reverse=True)
        if here:
            parts.append(f"{words} {format_tiles(here)}")
    return parts


# -- why a player lacks a number ---------------------------------------------------------------
def why_lacks(view: Known, seat: int, numbers: list[int], label: Label = no_label) -> str:
    """The proof, for each number a player certainly lacks: the draw or pass on it (the
    latest, which is what still holds), else every tile with it seen, else the count."""
    who = view.names[seat]
    seen = set(view.table) | set(view.hand) | {t for ts in view.shown.values() for t in ts}
    by_reason: dict[str, list[int]] = {}
    # a void that names its tiles (an end takes what makes seven, Matador): the game's evidence
    named = {v.time: v.tiles for v in view.evidence().voids if v.seat == seat and v.tiles is not None}
    for n in numbers:
        acted = _proof(view.history, seat, n, named, full_set(view.rules.top))
        if acted is not None:
            verb = "drew" if acted.kind == "draw" else "passed"
            ends = "·".join(str(e) for e in sorted(set(acted.ends)))
            where = label(acted)
            reason = f"{who} {verb} on {ends}" + (f" ({where})" if where else "")
        elif all(t in seen for t in full_set(view.rules.top) if t.bears(n)):
            reason = "every {n} is on the table or in your hand"
        else:
            reason = "every unseen {n} must be elsewhere"
        by_reason.setdefault(reason, []).append(n)
    parts = [reason.replace("{n}", describe_numbers(ns)) for reason, ns in by_reason.items()]
    return f"{'; '.join(parts)}, so {who} lacks {describe_numbers(numbers)}"


def _proof(
    history: Sequence[Any],
    seat: int,
    n: int,
    named: dict[int, frozenset[Tile]] | None = None,
    tiles: Sequence[Tile] = (),
) -> Any:
    """The draw or pass on ``n`` that still proves the void: tiles drawn later (on
    other ends) may hold an ``n`` again, so nothing before such a draw counts.  ``named``:
    by their place in the history, the voids that name the tiles they prove lacked (where
    an end does not take the tiles bearing its number): those prove ``n`` where they hold
    every tile bearing it."""
    named = named or {}
    for i in range(len(history) - 1, -1, -1):
        a = history[i]
        if a.seat != seat or a.kind == "play":
            continue
        lacked = named.get(i)
        if (n in a.ends) if lacked is None else all(t in lacked for t in tiles if t.bears(n)):
            return a
        if a.kind == "draw":
            return None
    return None


# -- the questions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Voids:
    """Which numbers can this opponent certainly not hold?"""

    seat: int
    kind = "voids"

    def prompt(self, view: Known) -> str:
        return f"which numbers can {view.names[self.seat]} certainly not hold? "

    def read(self, text: str, view: Known) -> set[int]:
        return parse_numbers(text, view.rules.top)

    def mark(self, said: set[int], view: Known, inf: Inference, label: Label = no_label) -> Marked:
        truth = sorted(inf.cannot_hold(self.seat))
        union = said | set(truth)
        points = len(said & set(truth)) / len(union) if union else 1.0
        name = view.names[self.seat]
        if not truth:
            return Marked(points, f"{name} may hold any number", "no draw or pass of theirs rules one out")
        return Marked(
            points,
            f"{name} certainly lacks {' '.join(map(str, truth))}",
            why_lacks(view, self.seat, truth, label),
        )


@dataclass(frozen=True)
class Count:
    """How many tiles with this number have you not seen yet?"""

    number: int
    kind = "count"

    def prompt(self, view: Known) -> str:
        return f"how many {self.number}s have you not seen yet? "

    def read(self, text: str, view: Known) -> int:
        return read_count(text, view)

    def mark(self, said: int, view: Known, inf: Inference, label: Label = no_label) -> Marked:
        n = self.number
        bearing = [t for t in full_set(view.rules.top) if t.bears(n)]
        unseen = [t for t in inf.unseen if t.bears(n)]
        seen = "; ".join(seen_where(bearing, view)) or "you have seen none"
        return Marked(
            1.0 if said == len(unseen) else 0.0,
            f"{plural(len(unseen), 'tile')} with a {n} {'is' if len(unseen) == 1 else 'are'} unseen",
            f"{plural(len(bearing), 'tile')} bear a {n}: {seen}; "
            f"{len(bearing)} - {len(bearing) - len(unseen)} = {len(unseen)}",
        )


@dataclass(frozen=True)
class Where:
    """Where is this unseen tile most likely?"""

    tile: Tile
    kind = "where"

    def places(self, view: Known) -> list[str]:
        return [view.names[s] for s in view.opponents] + [BONEYARD]

    def prompt(self, view: Known) -> str:
        return f"where is {self.tile} most likely ({', '.join(self.places(view))})? "

    def read(self, text: str, view: Known) -> str:
        answer = text.strip().lower()
        places = self.places(view)
        match = [p for p in places if p.lower() == answer] or [
            p for p in places if answer and p.lower().startswith(answer)
        ]
        if len(match) != 1:
            raise NotationError(f"'{excerpt(text)}': answer one of {', '.join(places)}")
        return match[0]

    def mark(self, said: str, view: Known, inf: Inference, label: Label = no_label) -> Marked:
        where = inf.where(self.tile)
        best = max(where.values())
        likely = [k for k, v in where.items() if v >= best - 1e-12]
        odds = ", ".join(f"{k} {v:.0%}" for k, v in where.items())
        excluded = [s for s in view.opponents if where[view.names[s]] == 0]
        reasons = []
        for s in excluded:
            lacks = [n for n in (self.tile.high, self.tile.low) if n in inf.cannot_hold(s)]
            if lacks:
                reasons.append(why_lacks(view, s, sorted(set(lacks)), label))
        sizes = ", ".join(
            [f"{view.names[s]} holds {view.counts[s]}" for s in view.opponents if s not in excluded]
            + [f"the boneyard {view.boneyard}"]
        )
        rest = f"the rest follows how many tiles each place holds ({sizes}) and what else each lacks"
        why = "; ".join([*reasons, rest])
        return Marked(1.0 if said in likely else 0.0, f"{self.tile}: {odds}", why)


Question = Voids | Count | Where


def pick(kind: str, view: Known, inf: Inference, rng, target: float | None = None) -> Question:
    """A question of this kind about the position (an opponent, a number, an unseen tile):
    drawn, or with a ``target`` difficulty the one nearest it (``learning.difficulty``;
    the draw is made all the same, so a lesson's seed deals the same game)."""
    drawn: Question
    if kind == "voids":
        drawn = Voids(rng.choice(view.opponents))
    elif kind == "count":
        drawn = Count(rng.randrange(view.rules.top + 1))
    else:
        drawn = Where(rng.choice(inf.unseen))
    if target is None:
        return drawn
    from domino_advisor.learning import difficulty

    every: list[Question]
    if kind == "voids":
        every = [Voids(s) for s in view.opponents]
    elif kind == "count":
        every = [Count(n) for n in range(view.rules.top + 1)]
    else:
        every = [Where(t) for t in inf.unseen]
    # the nearest; among equals the one drawn, else the first
    return min(every, key=lambda q: (abs(difficulty.of_question(q, view, inf) - target), q != drawn))


TIGHT = 3  # a number with this few unseen is worth counting aloud


def worth_asking(before: tuple[Known, Inference] | None, after: tuple[Known, Inference]) -> Question | None:
    """What the event just logged teaches, as a question (practice at the table): an
    opponent now certainly lacks more numbers, or an opponent's play left a number
    showing with few of it unseen.  None when it taught nothing worth a question."""
    view, inf = after
    if before is None or view.over or len(view.history) <= len(before[0].history):
        return None
    old_view, old_inf = before
    if old_view.names != view.names or old_view.dealt != view.dealt:  # another round
        return None
    for seat in view.opponents:
        if view.counts[seat] and set(inf.cannot_hold(seat)) - set(old_inf.cannot_hold(seat)):
            return Voids(seat)
    last = view.history[-1]
    shown = last.showing  # what a play left showing where it was laid (the game's record says)
    if last.kind == "play" and last.seat != view.me and shown is not None:
        if sum(1 for t in inf.unseen if t.bears(shown)) <= TIGHT:
            return Count(shown)
    return None

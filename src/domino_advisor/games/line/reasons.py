"""Why a move, in the line games: the plain-language case the advice gives for each
play it weighs (docs/how-it-works.md: how the advice works), from the explainable
features and the exact counting.  The line games' own part of the advice (their judging
part's ``explain``); it reads the move and the counting through the little each needs
(``Explained``, ``Counting``), so it imports nothing of the advice or the counting."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from domino_advisor.base.printable import describe_numbers
from domino_advisor.base.tiles import Tile
from domino_advisor.games.line.engine import public_shows
from domino_advisor.games.line.scoring import fives_points, round_points, side_of
from domino_advisor.games.line.state import Round


class Outcomes(Protocol):
    @property
    def played(self) -> int: ...

    @property
    def reply(self) -> float: ...


class Explained(Protocol):
    """What the reasons read of a move the advice weighed (``advice.candidate.Candidate``)."""

    tile: Tile | None
    side: str | None
    on: Any
    ends_match: bool
    goes_out: bool
    exact: bool

    @property
    def tally(self) -> Outcomes: ...


class Counting(Protocol):
    """What the reasons read of the seat's counting (``counting.inference.Inference``)."""

    exact: bool
    warnings: Sequence[str]
    unseen: Sequence[Tile]
    probability: Mapping[Tile, Mapping[int | None, Any]]

    def cannot_hold(self, seat: int) -> list[int]: ...

    def holds_none(self, seat: int, numbers: Sequence[int]) -> Any: ...

    def expected_pips(self, seat: int) -> Any: ...


def explain(r: Round, seat: int, c: Explained, inf: Counting, forced: bool = False) -> list[str]:
    """The plain-language case for a move, from the explainable features; a forced move
    and going out say so and nothing else (there is no choice, or no reply)."""
    out: list[str] = []
    t = c.tile
    if t is None:  # a draw or a pass: nothing to explain
        return out
    if c.ends_match:
        out.append("reaches the target: wins the match now")
    if forced:
        out.append("forced: your only legal play")
    if c.goes_out:
        return out + _going_out(r, seat, c, inf)
    if forced:
        return out
    out.append(f"sheds {t.pips} pip{'s' if t.pips != 1 else ''}")
    if t.is_double:
        out.append(f"dumps the double {t} while it can still be placed")
    after = r.layout.place(t, c.side) if c.side else r.layout.open_with(t)
    numbers = sorted(set(after.numbers))
    end = r.layout.end(c.side) if c.side else None
    if isinstance(c.on, str) and end is not None:  # two ends show the number: which, and why
        kind = (
            " (a crossways double)"
            if end.double
            else (" (the spinner's open side)" if c.side in r.layout.spinner_sides else "")
        )
        out.append(f"goes on the {c.side} end{kind}")
    out.append(
        f"leaves ends {describe_numbers(after.numbers)}"
        + (f", counting {after.fives_count()}" if r.rules.all_fives else "")
    )
    shows = public_shows(r.history, r.match.seats) if r.rules.partners else []

    def lacking(s: int) -> list[int]:
        return inf.cannot_hold(s)

    for s in range(r.match.seats):
        if s == seat or not r.counts[s]:
            continue
        if side_of(s, r.rules) == side_of(seat, r.rules):  # your partner: can they follow?
            p = 1 - float(inf.holds_none(s, numbers))
            if p >= 0.2:
                out.append(f"your partner {r.name(s)} can follow on them ({p:.0%})")
            suits = sorted(n for n in set(after.numbers) if shows[s] >> n & 1 and n not in lacking(s))
            if suits:
                them = "it" if len(suits) == 1 else "them"
                out.append(f"leaves {describe_numbers(suits)} for {r.name(s)}, who has shown {them}")
            continue
        p = float(inf.holds_none(s, numbers))
        if p >= 0.9999:
            out.append(f"{r.name(s)} certainly cannot play on them")
        elif p >= 0.2:
            out.append(f"{r.name(s)} cannot play on them ({p:.0%})")
    rest = [x for x in r.hand_of(seat) if x != t]
    keep = sorted({n for x in rest for n in (x.high, x.low)})
    if rest:
        follow = [x for x in rest if any(x.bears(n) for n in numbers)]
        out.append(
            f"keeps {len(keep)} number{'s' if len(keep) != 1 else ''} in your hand "
            f"({describe_numbers(keep)})"
            + (f", {len(follow)} tile{'s' if len(follow) != 1 else ''} to follow on" if follow else "")
        )
    if r.rules.all_fives:
        scored = fives_points(after.fives_count())
        if scored:
            out.append(f"scores {scored} now")
        if c.tally.played and not c.exact:
            out.append(f"the reply scores {c.tally.reply:.1f} on average")
    return out


def _going_out(r: Round, seat: int, c: Explained, inf: Counting) -> list[str]:
    """Your last tile: the round is yours, and what it scores, from the hands the
    counting gives the others (exact where they are known, else on average)."""
    assert c.tile is not None
    rules = r.rules
    mine = side_of(seat, rules)
    counted = [
        s
        for s in range(r.match.seats)
        if s != seat and (rules.out == "all" or side_of(s, rules) != mine) and r.counts[s]
    ]
    pips = sum((inf.expected_pips(s) for s in counted), Fraction(0))
    points = round_points(round(pips), rules.round_to)
    certain = (
        inf.exact
        and not inf.warnings
        and not any(0 < inf.probability[t][s] < 1 for t in inf.unseen for s in counted)
    )
    said = (
        f"you go out (domino): {'+' if certain else 'about +'}{points}" if points else "you go out (domino)"
    )
    out = [said]
    if rules.all_fives:
        after = r.layout.place(c.tile, c.side) if c.side else r.layout.open_with(c.tile)
        scored = fives_points(after.fives_count())
        if scored:
            out.append(f"and scores {scored} on the count")
    return out

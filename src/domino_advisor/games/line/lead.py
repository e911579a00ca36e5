"""Who may open a round, and with what: the lead rule, written once.

The rule is stated as the deals under which an opening is legal.  Each ``OpeningCase`` is one
way: tiles nobody was dealt (the opener included) and, for ``highest-double-any``, the
double the opener must have been dealt.  Everything else asks the same cases a
different question:

* the engine checks a logged opening against the hands it knows (``refusal``);
* full-information play lists the legal openings (``openings``);
* the inference turns the cases into what the hidden hands cannot hold (``evidence``);
* the advisor lists the openings your own hand allows (``openings`` with one hand).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from domino_advisor.base.tiles import Tile, full_set, mask_of
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.proof import Case

# how the round's opener is decided: by the lead rule, a set seat (the winner or the
# next seat opens with any tile), or at the table (any seat, any tile)
Opening = Literal["lead", "fixed", "chosen"]


@dataclass(frozen=True)
class OpeningCase:
    """One deal under which the opening is legal."""

    forbid: frozenset[Tile] = frozenset()  # no seat was dealt these, the opener included
    required: Tile | None = None  # the opener was dealt this double


ANY = (OpeningCase(),)


def heaviness(tile: Tile) -> tuple[int, int]:
    """The heaviest-tile order: more pips, then the higher half (6-3 before 5-4)."""
    return (tile.pips, tile.high)


def free(rules: Rules, opening: Opening) -> bool:
    """Whether the opener may open with any tile (no lead rule applies)."""
    return opening != "lead" or rules.lead == "chosen"


def cases(rules: Rules, opening: Opening, seat: int, tile: Tile) -> tuple[OpeningCase, ...]:
    """The deals under which ``seat`` may open with ``tile``."""
    if free(rules, opening):
        return ANY
    tiles = full_set(rules.top)
    doubles = [t for t in tiles if t.is_double]
    if rules.lead == "highest-double":
        if tile.is_double:
            return (OpeningCase(frozenset(d for d in doubles if d > tile)),)
        return (OpeningCase(frozenset(t for t in tiles if t.is_double or heaviness(t) > heaviness(tile))),)
    # highest-double-any: the holder of the highest double dealt opens with any tile;
    # with no double dealt, the first seat does
    out = [OpeningCase(frozenset(d for d in doubles if d > top), top) for top in doubles]
    if seat == 0:
        out.append(OpeningCase(frozenset(doubles)))
    return tuple(out)


def fits(case: OpeningCase, seat: int, hands: Sequence[Collection[Tile] | None]) -> bool:
    """Whether a case agrees with the hands known (``None`` for a hidden hand)."""
    for s, hand in enumerate(hands):
        if hand is None:
            continue
        if any(t in case.forbid for t in hand):
            return False
        if case.required is not None and (case.required in hand) != (s == seat):
            return False  # the opener lacks the double, or another seat holds it
    return True


def allowed(
    rules: Rules, opening: Opening, seat: int, tile: Tile, hands: Sequence[Collection[Tile] | None]
) -> bool:
    return any(fits(c, seat, hands) for c in cases(rules, opening, seat, tile))


def openings(
    rules: Rules, opening: Opening, hands: Sequence[Collection[Tile] | None], fixed: int | None = None
) -> list[tuple[int, Tile]]:
    """Every (seat, tile) that may open, from the hands known; a hidden hand is skipped."""
    seats = [fixed] if opening == "fixed" and fixed is not None else range(len(hands))
    out = []
    for s in seats:
        hand = hands[s]
        if hand is None:
            continue
        for t in sorted(hand, reverse=True):
            if allowed(rules, opening, s, t, hands):
                out.append((s, t))
    return out


@dataclass(frozen=True)
class Refusal:
    """Why an opening breaks the lead rule, from a hand the table knows."""

    kind: Literal["higher-double", "a-double", "heavier", "no-double"]
    holder: int  # the seat whose known hand shows it
    tile: Tile | None = None  # the tile that shows it


def refusal(
    rules: Rules, opening: Opening, seat: int, tile: Tile, hands: Sequence[Collection[Tile] | None]
) -> Refusal | None:
    """None if ``seat`` may open with ``tile`` as far as the known hands tell; else why not."""
    if allowed(rules, opening, seat, tile, hands):
        return None
    known = [(s, t) for s, h in enumerate(hands) if h is not None for t in h]
    if rules.lead == "highest-double":
        (case,) = cases(rules, opening, seat, tile)
        s, worst = max(
            ((s, t) for s, t in known if t in case.forbid),
            key=lambda st: (st[1].is_double, heaviness(st[1]), st[0] == seat),
        )
        if worst.is_double:
            return Refusal("higher-double" if tile.is_double else "a-double", s, worst)
        return Refusal("heavier", s, worst)
    own = hands[seat]
    mine = max((t for t in own if t.is_double), default=None) if own is not None else None
    others = [(s, t) for s, t in known if s != seat and t.is_double]
    if others:
        s, top = max(others, key=lambda st: st[1])
        if mine is None or top > mine:
            return Refusal("higher-double", s, top)
    return Refusal("no-double", seat)


def could_open(rules: Rules, opening: Opening, seat: int, hands: Sequence[Collection[Tile] | None]) -> bool:
    """Whether some tile the seat may hold lets it open, given the hands known."""
    hand = hands[seat]
    if hand is None:
        seen = {t for h in hands if h is not None for t in h}
        hand = [t for t in full_set(rules.top) if t not in seen]
    return any(allowed(rules, opening, seat, t, hands) for t in hand)


def certain_opener(
    rules: Rules, opening: Opening, hands: Sequence[Collection[Tile] | None], fixed: int | None = None
) -> int | None:
    """The seat that must open, where the rule and the known hands settle it."""
    if opening == "fixed":
        return fixed
    if free(rules, opening):
        return None
    seats = [s for s in range(len(hands)) if could_open(rules, opening, s, hands)]
    return seats[0] if len(seats) == 1 else None


def evidence(
    rules: Rules, opening: Opening, seat: int, tile: Tile, seats: int, me: int, own: Collection[Tile]
) -> list[OpeningCase]:
    """The cases the inference must weigh: those your own hand does not rule out."""
    hands: list[Collection[Tile] | None] = [None] * seats
    hands[me] = own
    return [c for c in cases(rules, opening, seat, tile) if fits(c, seat, hands)]


def proof(
    rules: Rules,
    opening: Opening,
    opener: int,
    tile: Tile,
    names: Sequence[str],
    me: int,
    dealt: Collection[Tile],
) -> tuple[list[Case], str]:
    """What an opening play proves about the deal, as the counting's cases (a double the
    opener must have been dealt binds only a hidden hand), and the sentence that says it."""
    if free(rules, opening):
        return [Case()], ""
    cases = [
        Case(mask_of(c.forbid), None if c.required is None or opener == me else (c.required, opener))
        for c in evidence(rules, opening, opener, tile, len(names), me, dealt)
    ]
    name = names[opener]
    if rules.lead == "highest-double":
        if tile.is_double:
            return cases, f"{name} opened {tile}, so nobody was dealt a higher double"
        return cases, f"{name} opened {tile}, so nobody was dealt a double or a heavier tile"
    if opener == me:
        return cases, ""
    nobody = any(c.required is None for c in cases)
    return cases, f"{name} led, so {name} was dealt the highest double" + (
        " (or nobody was dealt one)" if nobody else ""
    )

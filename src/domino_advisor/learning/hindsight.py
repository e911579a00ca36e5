"""Hindsight, for every game: each finished round replayed with every hand known and the
advisor choosing every seat's move, so "bad luck or a mistake?" has an answer.

Once every other hand is shown (or its player went out), the deal is known but for one
thing: which of a player's tiles were dealt and which drawn.  The game says which splits
its play allows (its judging part's ``splits``: the line games' lead rule, the draws of
several tiles; the others' draws of one), and one is taken by the seed, the round saying
so; where the game's counting may prove a hand left unshown, it is taken as shown.  The
boneyard is the tiles in the order they were drawn in the game, then the tiles nobody
drew in a seeded order.  The game's own moves are replayed on that deal first, every hand
known, so the rules check it.  Each seat is then advised from its own view only
(``advise`` reads one seat's view: the others' hands stay hidden) at a fixed number of
worlds, so a seed repeats a result.  How a choice, a round's end and the verdict are told
is the measure's (``learning.chancereview``: the round or the match won or lost;
``learning.pipsreview``: the pips left).  Nothing here asks which game it is.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.advise import advise, judging_of
from domino_advisor.base.budgets import HINDSIGHT_SAMPLES
from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import plural
from domino_advisor.base.tiles import Tile, format_tiles, full_set, sort_tiles
from domino_advisor.counting.inference import infer
from domino_advisor.counting.reads import Style, style_for
from domino_advisor.games.events import Draw, Move, Pass, Play
from domino_advisor.games.registry import Game, GameRound, part
from domino_advisor.log.gamelog import GameLog

if TYPE_CHECKING:
    from domino_advisor.base import shapes

REPLAYED = "with the advisor's moves at every seat"  # the replay, as the verdicts name it

# how a game is measured (its judging part's ``measure``) -> how the review and hindsight tell it
MEASURES = {"chance": "domino_advisor.learning.chancereview", "pips": "domino_advisor.learning.pipsreview"}


def judged_by(game: Game) -> tuple[Any, Any]:
    """The game's judging part, and the module that tells its review in its measure."""
    judging = part(game, "judging")
    return judging, measure_of(judging)


def measure_of(judging: Any) -> Any:
    """The module that tells a review and hindsight in the measure of a game's judging part."""
    return import_module(MEASURES[judging.measure])


def style_of(log: GameLog, reads: bool) -> Style | None:
    """Soft reads' model of play, where asked and the game has one shipped for its rules."""
    if not reads or "reads" not in log.game.options:
        return None
    rules: Any = log.rules  # a game with a style shipped: the line games' rules
    return style_for(rules, len(log.players))


@dataclass
class KnownDeal:
    """A round's deal as hindsight plays it: every dealt hand and the boneyard's order."""

    round: int
    names: list[str]
    hands: list[tuple[Tile, ...]]
    stock: list[Tile]
    opener: int | None  # who opens the replay (None: the round says)
    drawn: int  # tiles drawn in the game (the stock's first ``drawn`` are known in order)
    actual: Any  # how the round ended in the game (the measure's outcome)
    notes: list[str] = field(default_factory=list)


@dataclass
class Unknown:
    """A round hindsight cannot replay, and why."""

    round: int
    reason: str


@dataclass
class Hindsight:
    """A round replayed: how it ends, every move, and what the replay took on trust."""

    outcome: Any  # the measure's outcome
    choices: list[Any]  # the measure's choice, one a move
    notes: list[str] = field(default_factory=list)


@dataclass
class RoundHindsight:
    """One round: the deal and its replay, or the reason there is none."""

    round: int
    reason: str | None = None
    deal: KnownDeal | None = None
    replayed: Hindsight | None = None
    me: str = ""  # your name: whose pips the verdict is about, where it is told in pips

    @property
    def verdict(self) -> str | None:
        if self.deal is None or self.replayed is None:
            return None
        said: str = self.replayed.outcome.judged(self.deal.actual, self.me)["verdict"]
        return said

    def as_dict(self) -> shapes.HindsightJson | shapes.HubHindsightJson:
        if self.deal is None or self.replayed is None:
            assert self.reason is not None  # a round without hindsight says why
            return {"round": self.round, "known": False, "reason": self.reason}
        d, h = self.deal, self.replayed
        out: Any = {
            "round": self.round,
            "known": True,
            "hands": {n: [str(t) for t in sort_tiles(d.hands[s])] for s, n in enumerate(d.names)},
            "boneyard": [str(t) for t in d.stock],
            "notes": d.notes + h.notes,
            "actual": d.actual.as_dict(),
            "hindsight": h.outcome.as_dict(),
            **h.outcome.judged(d.actual, self.me),  # the verdict (and in pips, a mistake or not)
            "choices": [c.as_dict() for c in h.choices],
        }
        return out


# -- the deal -------------------------------------------------------------------------------
@dataclass
class Logged:
    """The log read once: the match at its end, and each round's moves as logged."""

    match: Any  # the game's match from your seat (``games.registry.GameMatch``)
    moves: dict[int, list[tuple[Move, int]]]  # by round number: each move and its line


def read(log: GameLog) -> Logged:
    """The log replayed (a log the rules refuse is reported as such, before any work)."""
    log.replay()
    match: Any = log.new_match()
    moves: dict[int, list[tuple[Move, int]]] = {}
    for line, event in log.numbered_events():
        match.apply(event, line)
        if isinstance(event, (Play, Draw, Pass)):
            moves.setdefault(len(match.rounds), []).append((event, line))
    return Logged(match, moves)


def deal_of(log: GameLog, round_number: int, seed: int = 0) -> KnownDeal | Unknown:
    """The round's deal rebuilt from the log, or why it cannot be."""
    logged = read(log)
    if not 1 <= round_number <= len(logged.match.rounds):
        return Unknown(round_number, f"the log has no round {round_number}")
    judging, measure = judged_by(log.game)
    return _deal(logged, round_number, seed, judging, measure)


def _deal(logged: Logged, k: int, seed: int, judging: Any, measure: Any) -> KnownDeal | Unknown:
    m = logged.match
    r, names, me = m.rounds[k - 1], m.players, m.viewer
    if not r.over or not r.history:
        return Unknown(k, f"round {k} is not finished")
    shown = dict(m.shown[k - 1])
    proven = _proven(r, me, shown) if judging.proves_hands else {}
    settled = m.settled[k - 1]  # your own, and the hands shown or counted
    hidden = [
        f"{names[s]}'s hand was {'counted, not shown' if s in settled else 'not shown'}"
        for s in range(len(names))
        if s != me and r.counts[s] and s not in shown and s not in proven
    ]
    if hidden:
        return Unknown(k, "; ".join(hidden))
    rng = random.Random(seed * 1_000 + k)
    shown.update(proven)
    notes = [
        f"{names[s]}'s hand was not shown: the counting proves it was {format_tiles(tiles)}, taken as shown"
        for s, tiles in proven.items()
    ]
    deal: KnownDeal | Unknown = Unknown(k, "")
    for _ in range(judging.splits_tried):  # a split the rules refuse (an opening the deal forbids): the next
        deal = _deal_once(logged, k, rng, shown, notes, judging, measure)
        if not isinstance(deal, Unknown) or deal.reason.startswith("no deal"):
            return deal
    return deal


def _deal_once(
    logged: Logged,
    k: int,
    rng: random.Random,
    shown: dict[int, tuple[Tile, ...]],
    notes: list[str],
    judging: Any,
    measure: Any,
) -> KnownDeal | Unknown:
    """One split of dealt and drawn tiles the play allows, checked by replaying the round."""
    m = logged.match
    r, names, me = m.rounds[k - 1], list(m.players), m.viewer
    splits = judging.splits(r, me, rng, shown)
    if splits is None:
        return Unknown(k, "no deal explains every play of the round (a misplay or a mistyped line?)")
    mine = r.dealt[me]
    assert mine is not None
    hands = [mine if s == me else splits[s][0] for s in range(len(names))]
    drawn_by = {s: list(v[1]) for s, v in splits.items()}
    stock: list[Tile] = []
    for a in r.history:
        if a.kind == "draw":
            stock += a.tiles if a.tiles is not None else drawn_by[a.seat].pop(0)
    held = {t for h in hands for t in h}
    # every tile not dealt, drawn or set aside on the table (a hub) lies in the boneyard
    rest = sorted(set(full_set(r.rules.top)) - held - set(stock) - r.table_tiles(), reverse=True)
    rng.shuffle(rest)
    played = _verify(r, hands, stock + rest, logged.moves.get(k, []))
    if played is None:
        return Unknown(k, "the round's plays could not be replayed from the deal rebuilt")
    said = notes + [_split_note(names[s], *v) for s, v in splits.items() if v[1]]
    actual = measure.outcome(played, me)
    return KnownDeal(k, names, hands, stock + rest, judging.opener(r), len(stock), actual, said)


def _proven(r: GameRound, me: int, shown: dict[int, tuple[Tile, ...]]) -> dict[int, tuple[Tile, ...]]:
    """The hands left unshown at the round's end that the counting makes certain (every
    tile of them certainly there): as good as shown."""
    seats = [s for s in range(len(r.names)) if s != me and r.counts[s] and s not in shown]
    if not seats:
        return {}
    try:
        inf = infer(r.seat_view(me))
    except DominoError:
        return {}
    if not inf.exact or inf.warnings:  # a sampled chance of 1, or evidence set aside, proves nothing
        return {}
    out = {}
    for s in seats:
        held = tuple(sort_tiles(t for t in inf.unseen if inf.probability[t].get(s) == 1))
        if len(held) == r.counts[s]:
            out[s] = held
    return out


def _split_note(who: str, dealt: tuple[Tile, ...], draws: list[tuple[Tile, ...]], certain: bool) -> str:
    drawn = [t for g in draws for t in g]
    n = len(drawn)
    if certain:
        return f"{who} drew {n} ({format_tiles(drawn)}): the play shows which"
    return (
        f"{who} drew {n}: which were dealt is not known; hindsight takes {format_tiles(dealt)} "
        f"as dealt and {format_tiles(drawn)} as drawn, one way the play allows (the seed's choice)"
    )


def _verify(
    r: GameRound, hands: list[tuple[Tile, ...]], stock: list[Tile], moves: list[tuple[Move, int]]
) -> Any:
    """The game's own moves replayed on the rebuilt deal, every hand known: the rules
    check each one (a wrong split is refused; a draw takes the boneyard's next tiles),
    and the round that results."""
    try:
        again: Any = r.dealt_again(list(hands), list(stock), True)
        taken = 0
        for move, line in moves:
            if isinstance(move, Draw):
                move = Draw(move.player, move.count, tuple(stock[taken : taken + move.count]))
                taken += move.count
            again.apply(move, line)
    except DominoError:
        return None
    return again if again.over else None


# -- the replay -------------------------------------------------------------------------------
def replay(
    r: GameRound,
    deal: KnownDeal,
    me: int,
    seed: int = 0,
    samples: int = HINDSIGHT_SAMPLES,
    style: Style | None = None,
) -> Hindsight:
    """Play the round again on the known deal, the advice choosing for every seat from that
    seat's view at ``samples`` worlds (as the measure asks it); a draw, a pass or a play
    with nothing to choose between is made without asking.  ``me``: your seat, whose
    outcome it is."""
    measure = measure_of(judging_of(r))
    again: Any = r.dealt_again(list(deal.hands), list(deal.stock))
    choices: list[Any] = []
    drawn = 0
    quicker = random.Random(seed * 1_000 + r.number)  # at a race, who plays next: the seed's
    while not again.over:
        if deal.opener is not None and not again.history:
            seat = deal.opener  # the round opened by the seat that opened it in the game
        else:
            seat = again.next_actor(quicker)
            again.turn = seat  # the seat the advice and the moves are for
        move = again.moves_of(seat)[0]
        if isinstance(move, Play) and len(again.alike(again.plays(seat))[0]) >= 2:
            options, inference = measure.replay_options(
                again, seat, samples, seed * 7_919 + len(choices), style
            )
            advice = advise(again, seat, options, inference=inference)
            move, choice = measure.replay_choice(again, seat, advice)
        else:
            choice = measure.forced(again.names[seat])
        again.apply(move)
        drawn += move.count if isinstance(move, Draw) else 0
        choice.move = str(move)
        choices.append(choice)
    notes = []
    if drawn > deal.drawn:
        more = drawn - deal.drawn
        notes.append(
            f"hindsight drew {plural(more, 'tile')} nobody drew in the game: their order is the seed's"
        )
    return Hindsight(measure.outcome(again, me), choices, notes)


def hindsight(
    log: GameLog,
    samples: int = HINDSIGHT_SAMPLES,
    seed: int = 0,
    on_step: Callable[[int, int], None] | None = None,
    reads: bool = True,
) -> list[RoundHindsight]:
    """Every finished round of the log in hindsight, or why not; ``on_step(done, rounds)``
    after each (a round still in play has no hindsight yet, and is left out)."""
    logged = read(log)
    judging, measure = judged_by(log.game)
    style = style_of(log, reads)
    m = logged.match
    out = []
    for k, r in enumerate(m.rounds, 1):
        if r.over:
            deal = _deal(logged, k, seed, judging, measure)
            if isinstance(deal, Unknown):
                out.append(RoundHindsight(k, deal.reason, me=log.me))
            else:
                replayed = replay(r, deal, m.viewer, seed, samples, style)
                out.append(RoundHindsight(k, None, deal, replayed, log.me))
        if on_step:
            on_step(k, len(m.rounds))
    return out

"""Hindsight for the games played off a middle double (every game the hub stack plays):
each finished round whose hands are all known replayed with the advice choosing every
seat's move, so "bad luck or a mistake?" has an answer in pips.

Once every other hand is shown (or its player went out), the deal is known but for one
thing: which of a player's tiles were dealt and which drawn.  The play narrows it: a
tile played was held by then, and a draw or a pass says the hand then held nothing
bearing a number the player could have played on (the round's own ``ends``); of the
splits left, one is taken by the seed and the round says so.  The boneyard is the tiles
in the order they were drawn in the game, then the tiles nobody drew in a seeded order.
The game's own moves are replayed on that deal first, every hand known, so the rules
check it.  Each seat is then advised from its own view (``advise`` reads one seat's
view: the others' hands stay hidden) at a fixed number of worlds, so a seed repeats a
result.  Nothing here asks which game it is: the round's class, moves and words say it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.budgets import HINDSIGHT_SAMPLES
from domino_advisor.base.errors import DominoError
from domino_advisor.base.printable import plural
from domino_advisor.base.tiles import Tile, format_tiles, full_set, sort_tiles
from domino_advisor.games.events import Draw, Move, Pass, Play
from domino_advisor.games.registry import GameMatch, GameRound
from domino_advisor.log.gamelog import GameLog

if TYPE_CHECKING:
    from domino_advisor.base import shapes

CLEARLY = 5  # pips: your pips in hindsight this much lower (or more) is called a mistake
REPLAYED = "with the advisor's moves at every seat"  # the replay, as the verdict names it


@dataclass
class HubOutcome:
    """How a round ended: who went out (None: blocked) and each player's pips left."""

    winner: str | None
    pips: dict[str, int]

    def as_dict(self) -> shapes.HubOutcomeJson:
        return {"how": "blocked" if self.winner is None else "out", "winner": self.winner, "pips": self.pips}


@dataclass
class HubDeal:
    """A round's deal as hindsight plays it: every dealt hand and the boneyard's order."""

    round: int
    names: list[str]
    hands: list[tuple[Tile, ...]]
    stock: list[Tile]
    drawn: int  # tiles drawn in the game (the stock's first ``drawn`` are known in order)
    actual: HubOutcome
    notes: list[str] = field(default_factory=list)


@dataclass
class HubReplayChoice:
    """One move of the replay, and the advice's figure for it from the mover's seat."""

    seat: str
    move: str  # the log line: "ana plays 6-4 on bob", "bob draws 5-2", "cy passes"
    margin: float | None  # the mover's pips less the others' mean it expected (None: a forced move)
    options: int = 1

    def as_dict(self) -> shapes.HubHindsightChoiceJson:
        margin = None if self.margin is None else round(self.margin, 2)
        return {"seat": self.seat, "move": self.move, "options": self.options, "margin": margin}


@dataclass
class HubRoundHindsight:
    """One round: the deal and its replay, or the reason there is none."""

    round: int
    me: str
    reason: str | None = None
    deal: HubDeal | None = None
    outcome: HubOutcome | None = None
    choices: list[HubReplayChoice] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> str | None:
        if self.deal is None or self.outcome is None:
            return None
        return verdict(self.me, self.deal.actual, self.outcome)

    @property
    def mistake(self) -> bool:
        """Your pips in hindsight clearly lower than the game left you."""
        if self.deal is None or self.outcome is None:
            return False
        return self.outcome.pips[self.me] <= self.deal.actual.pips[self.me] - CLEARLY

    def as_dict(self) -> shapes.HubHindsightJson:
        if self.deal is None or self.outcome is None:
            assert self.reason is not None  # a round without hindsight says why
            return {"round": self.round, "known": False, "reason": self.reason}
        d = self.deal
        said = self.verdict
        assert said is not None
        return {
            "round": self.round,
            "known": True,
            "hands": {n: [str(t) for t in sort_tiles(d.hands[s])] for s, n in enumerate(d.names)},
            "boneyard": [str(t) for t in d.stock],
            "notes": d.notes + self.notes,
            "actual": d.actual.as_dict(),
            "hindsight": self.outcome.as_dict(),
            "verdict": said,
            "mistake": self.mistake,
            "choices": [c.as_dict() for c in self.choices],
        }


# -- the deal -------------------------------------------------------------------------------
@dataclass
class _Logged:
    """The log read once: the match at its end, and each round's moves as logged."""

    match: GameMatch
    moves: dict[int, list[tuple[Move, int]]]  # by round number: each move and its line


def _read(log: GameLog) -> _Logged:
    match = cast(GameMatch, log.new_match())
    moves: dict[int, list[tuple[Move, int]]] = {}
    for line, event in log.numbered_events():
        match.apply(event, line)  # a log the rules refuse is reported before (review replays it first)
        if isinstance(event, (Play, Draw, Pass)):
            moves.setdefault(len(match.rounds), []).append((event, line))
    return _Logged(match, moves)


def _hidden(logged: _Logged, k: int) -> list[str]:
    """The other hands of round ``k`` left with tiles and not shown: why it cannot be rebuilt."""
    m = logged.match
    r, shown, settled = m.rounds[k - 1], m.shown[k - 1], m.settled[k - 1]
    return [
        f"{m.players[s]}'s hand was {'counted, not shown' if s in settled else 'not shown'}"
        for s in range(len(m.players))
        if s != m.viewer and r.counts[s] and s not in shown
    ]


def deal_of(logged: _Logged, k: int, seed: int) -> HubDeal | str:
    """Round ``k``'s deal rebuilt from the log, or why it cannot be."""
    hidden = _hidden(logged, k)
    if hidden:
        return "; ".join(hidden)
    rng = random.Random(seed * 1_000 + k)
    for _ in range(SPLITS_TRIED):  # a split the rules refuse (an opening the deal forbids): the next
        deal = _deal_once(logged, k, rng)
        if not isinstance(deal, str) or deal.startswith("no deal"):
            return deal
    return deal


SPLITS_TRIED = 50  # seeded splits of dealt and drawn tried before a round is given up


def _deal_once(logged: _Logged, k: int, rng: random.Random) -> HubDeal | str:
    """One split of dealt and drawn tiles the play allows, checked by replaying the round."""
    m = logged.match
    r = m.rounds[k - 1]
    names = m.players
    splits: dict[int, _Split] = {}
    for s in range(len(names)):
        if s == m.viewer:
            continue
        split = _split(r, s, m.shown[k - 1].get(s, ()), rng)
        if split is None:
            return "no deal explains every play of the round (a misplay or a mistyped line?)"
        splits[s] = split
    mine = r.dealt[m.viewer]
    assert mine is not None
    hands = [mine if s == m.viewer else splits[s][0] for s in range(len(names))]
    drawn_by = {s: list(v[1]) for s, v in splits.items()}
    stock: list[Tile] = []
    for a in r.history:
        if a.kind == "draw":
            stock += a.tiles if a.tiles is not None else drawn_by[a.seat][: a.count]
            if a.tiles is None:
                del drawn_by[a.seat][: a.count]
    held = {t for h in hands for t in h}
    # every tile not dealt, drawn or set aside on the table (a hub) lies in the boneyard
    rest = sorted(set(full_set(r.rules.top)) - held - set(stock) - r.table_tiles(), reverse=True)
    rng.shuffle(rest)
    played = _verify(r, hands, stock + rest, logged.moves.get(k, []))
    if played is None:
        return "the round's plays could not be replayed from the deal rebuilt"
    notes = [_split_note(names[s], *v) for s, v in splits.items() if v[1]]
    return HubDeal(k, list(names), hands, stock + rest, len(stock), _outcome(played), notes)


_Split = tuple[tuple[Tile, ...], list[Tile], bool]  # dealt, each draw's tile in order, certain


def _split(r: GameRound, seat: int, shown: tuple[Tile, ...], rng: random.Random) -> _Split | None:
    """A dealt hand and draws for a player whose tiles are all seen (played or shown),
    consistent with the play: each tile came from the deal or from one of the player's
    draws, not after it was played, and never while a draw or a pass says the hand
    lacked a number it bears.  One split the play allows, chosen by ``rng``; certain
    where the play allows only one."""
    acts = [(i, a) for i, a in enumerate(r.history) if a.seat == seat]
    draws = [i for i, a in acts if a.kind == "draw" for _ in range(a.count)]  # one slot a tile drawn
    played = {a.tile: i for i, a in acts if a.kind == "play" and a.tile is not None}
    tiles = sort_tiles([*played, *shown])
    if len(tiles) != r.rules.hand_size(len(r.names)) + len(draws):
        return None
    lo: dict[Tile, int] = {}  # the first draw (1, 2 ...) a tile may have come from; 0: dealt
    hi: dict[Tile, int] = {}  # ... and the last
    for t in tiles:
        at = played.get(t, len(r.history))
        hi[t] = sum(d < at for d in draws)
        lo[t] = 0
        for i, a in acts:
            if i < at and a.kind != "play" and any(t.bears(n) for n in a.ends):
                lo[t] = max(lo[t], sum(d <= i for d in draws) + (a.kind == "pass"))
    if any(lo[t] > hi[t] for t in tiles):
        return None
    order = list(tiles)
    rng.shuffle(order)
    chosen: list[Tile] = []
    certain = True
    for j in range(1, len(draws) + 1):
        fits = [t for t in order if t not in chosen and lo[t] <= j <= hi[t]]
        fits = [t for t in fits if _possible(j + 1, len(draws), [*chosen, t], tiles, lo, hi)]
        if not fits:
            return None
        certain = certain and len(fits) == 1
        chosen.append(fits[0])
    dealt = tuple(sort_tiles(t for t in tiles if t not in chosen))
    return dealt, chosen, certain


def _possible(first: int, last: int, chosen: list[Tile], tiles: list[Tile], lo: dict, hi: dict) -> bool:
    """Whether the draws ``first..last`` can each take one tile left, every tile that
    cannot have been dealt (``lo`` above 0) among them: two matchings (Kuhn's), one
    filling the draws, one placing those tiles; where both exist, one does both."""
    left = [t for t in tiles if t not in chosen]
    slots = list(range(first, last + 1))
    must = [t for t in left if lo[t] > 0]
    return _matches(slots, left, lambda j, t: lo[t] <= j <= hi[t]) and _matches(
        must, slots, lambda t, j: lo[t] <= j <= hi[t]
    )


def _matches(left: Sequence[Any], right: Sequence[Any], edge: Callable[[Any, Any], bool]) -> bool:
    """Every one of ``left`` matched to its own one of ``right`` (augmenting paths)."""
    owner: dict[Any, Any] = {}

    def augment(u: Any, seen: set) -> bool:
        for v in right:
            if v not in seen and edge(u, v):
                seen.add(v)
                if v not in owner or augment(owner[v], seen):
                    owner[v] = u
                    return True
        return False

    return all(augment(u, set()) for u in left)


def _split_note(who: str, dealt: tuple[Tile, ...], drawn: list[Tile], certain: bool) -> str:
    n = len(drawn)
    if certain:
        return f"{who} drew {n} ({format_tiles(drawn)}): the play shows which"
    return (
        f"{who} drew {n}: which were dealt is not known; hindsight takes {format_tiles(dealt)} "
        f"as dealt and {format_tiles(drawn)} as drawn, one way the play allows (the seed's choice)"
    )


def _fresh(
    r: GameRound, hands: list[tuple[Tile, ...]], stock: list[Tile], as_logged: bool = False
) -> GameRound:
    """The round dealt again with every hand known (the round says how: any game);
    ``as_logged``: checked as the log was, to replay the game's own moves."""
    again: GameRound = r.dealt_again(list(hands), list(stock), as_logged)
    return again


def _verify(
    r: GameRound, hands: list[tuple[Tile, ...]], stock: list[Tile], moves: list[tuple[Move, int]]
) -> GameRound | None:
    """The game's own moves replayed on the rebuilt deal, every hand known: the rules
    check each one (a wrong split is refused), and the round that results."""
    try:
        again = _fresh(r, hands, stock, as_logged=True)
        for move, line in moves:
            again.apply(move, line)
    except DominoError:
        return None
    return again if again.over else None


def _outcome(r: GameRound) -> HubOutcome:
    pips = {n: r.pips_left(s) or 0 for s, n in enumerate(r.names)}
    return HubOutcome(None if r.winner is None else r.names[r.winner], pips)


# -- the replay -------------------------------------------------------------------------------
def replay(
    r: GameRound, deal: HubDeal, seed: int = 0, samples: int = HINDSIGHT_SAMPLES
) -> tuple[HubOutcome, list[HubReplayChoice], list[str]]:
    """Play the round again on the known deal, the advice choosing for every seat from
    that seat's view at ``samples`` worlds; a draw, a pass or a play with nothing to
    choose between is made without asking."""
    again = _fresh(r, deal.hands, deal.stock)
    choices: list[HubReplayChoice] = []
    drawn = 0
    quicker = random.Random(seed * 1_000 + r.number)  # at a race, who plays next: the seed's
    while not again.over:
        able = sorted(again.actors())
        seat = able[0] if len(able) == 1 else able[quicker.randrange(len(able))]
        name = again.names[seat]
        again.turn = seat  # the seat the advice and the moves are for
        move = next(m for m in again.legal_moves() if m.player == name)
        choice = HubReplayChoice(name, "", None)
        if isinstance(move, Play) and len(again.alike(again.plays(seat))[0]) >= 2:
            options = Options(samples=samples, seed=seed * 7_919 + len(choices), seconds=None)
            advice = advise(again, seat, options)
            best = advice.moves[0]
            move = again.play_event(seat, best.tile, best.place)
            choice.margin, choice.options = best.margin, len(advice.moves)
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
    return _outcome(again), choices, notes


def verdict(me: str, actual: HubOutcome, hind: HubOutcome) -> str:
    """Bad luck or a mistake, for you, in pips: "likely", since it is one replay in which
    every seat's moves are re-chosen, not only yours."""
    a, h = actual.pips[me], hind.pips[me]
    if a == h == 0:
        return f"you went out, as you do {REPLAYED}"
    there = f"{REPLAYED}, {_now(hind, me)} (in the game {_then(actual, me)})"
    if h <= a - CLEARLY:
        return f"{there}: the round had better for you, so likely your decisions cost it"
    if h >= a + CLEARLY:
        return f"{there}: well played"
    return f"{there}: about the same, so likely the deal, not your play"


def _now(o: HubOutcome, me: str) -> str:
    """The replay's end, for you: "ana goes out and you keep 12 pips"."""
    if o.winner == me:
        return "you go out"
    left = plural(o.pips[me], "pip")
    return (
        f"the round blocks with {left} in your hand"
        if o.winner is None
        else f"{o.winner} goes out and you keep {left}"
    )


def _then(o: HubOutcome, me: str) -> str:
    """The game's end, for you: "ana went out and you kept 12 pips"."""
    if o.winner == me:
        return "you went out"
    left = plural(o.pips[me], "pip")
    return (
        f"the round blocked with {left} in your hand"
        if o.winner is None
        else f"{o.winner} went out and you kept {left}"
    )


def hindsight(
    log: GameLog,
    samples: int = HINDSIGHT_SAMPLES,
    seed: int = 0,
    on_step: Callable[[int, int], None] | None = None,
) -> list[HubRoundHindsight]:
    """Every finished round of the log in hindsight, or why not; ``on_step(done, rounds)``
    after each (a round still in play has no hindsight yet, and is left out)."""
    logged = _read(log)
    m = logged.match
    out = []
    me = m.players[m.viewer]
    for k, r in enumerate(m.rounds, 1):
        if r.over:
            deal = deal_of(logged, k, seed)
            if isinstance(deal, str):
                out.append(HubRoundHindsight(k, me, deal))
            else:
                outcome, choices, notes = replay(r, deal, seed, samples)
                out.append(HubRoundHindsight(k, me, None, deal, outcome, choices, notes))
        if on_step:
            on_step(k, len(m.rounds))
    return out

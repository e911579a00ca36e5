"""Hindsight: each finished round replayed with every hand known and the advisor choosing
every seat's move, so "bad luck or a mistake?" has an answer.

Once every hand is shown, the deal is known but for one thing: which tiles a player who
drew was dealt, and which drawn.  The play narrows it (what was played before a draw was
dealt; a draw or pass says the hand then lacked the open ends), the lead rule too; of the
splits left, one is taken by the seed and the round says so.  The boneyard is the tiles
in the order they were drawn in the game, then the tiles nobody drew in a seeded order.
Each seat is advised from its own view only (``advise`` reads a ``Known``), so the
others' hidden hands stay hidden; the sample count is fixed, so a seed repeats a result.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING

from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.errors import DominoError
from domino_advisor.base.tiles import Tile, format_tiles, full_set, sort_tiles
from domino_advisor.counting.inference import Inference, infer, sample_posterior
from domino_advisor.counting.reads import style_for
from domino_advisor.games.events import Draw, Move, NewRound, Pass, Play
from domino_advisor.games.line import lead
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves, setup_round
from domino_advisor.games.line.scoring import side_of
from domino_advisor.games.line.state import Round
from domino_advisor.log.gamelog import GameLog

if TYPE_CHECKING:
    from domino_advisor.base import shapes

SEARCH_BUDGET = 20_000  # splits tried per player before the round is given up as too tangled


@dataclass
class Outcome:
    """How a round ended, for you: the winner and each player's side's points (in play too)."""

    how: str  # out, blocked or target
    winner: str | None  # None: a drawn round
    result: str  # won, lost or drawn, for your side
    points: dict[str, int]

    def as_dict(self) -> shapes.OutcomeJson:
        return {"how": self.how, "winner": self.winner, "result": self.result, "points": dict(self.points)}


@dataclass
class KnownDeal:
    """A round's deal as hindsight plays it: every dealt hand and the boneyard's order."""

    round: int
    names: list[str]
    hands: list[tuple[Tile, ...]]
    stock: list[Tile]
    opener: int  # who opened in the game (the table's choice where the rules leave it open)
    drawn: int  # tiles drawn in the game (the stock's first ``drawn`` are known in order)
    actual: Outcome
    notes: list[str] = field(default_factory=list)


@dataclass
class Unknown:
    """A round hindsight cannot replay, and why."""

    round: int
    reason: str


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


@dataclass
class Hindsight:
    """A round replayed: how it ends, every move, and what the replay took on trust."""

    outcome: Outcome
    choices: list[ReplayChoice]
    notes: list[str] = field(default_factory=list)


@dataclass
class RoundHindsight:
    """One round: the deal and its replay, or the reason there is none."""

    round: int
    reason: str | None = None
    deal: KnownDeal | None = None
    replayed: Hindsight | None = None

    @property
    def verdict(self) -> str | None:
        if self.deal is None or self.replayed is None:
            return None
        return verdict(self.deal.actual, self.replayed.outcome)

    def as_dict(self) -> shapes.HindsightJson:
        if self.deal is None or self.replayed is None:
            assert self.reason is not None  # a round without hindsight says why
            return {"round": self.round, "known": False, "reason": self.reason}
        d, h = self.deal, self.replayed
        return {
            "round": self.round,
            "known": True,
            "hands": {n: [str(t) for t in sort_tiles(d.hands[s])] for s, n in enumerate(d.names)},
            "boneyard": [str(t) for t in d.stock],
            "notes": d.notes + h.notes,
            "actual": d.actual.as_dict(),
            "hindsight": h.outcome.as_dict(),
            "verdict": verdict(d.actual, h.outcome),  # self.verdict, known here to be one
            "choices": [c.as_dict() for c in h.choices],
        }


# -- the deal -------------------------------------------------------------------------------
def _snapshots(log: GameLog) -> tuple[Match, dict[int, Match]]:
    """The log's match, and a copy of it as it stood before each round began."""
    final = log.replay()  # a log the rules refuse is reported as such, before any work
    match = Match(log.rules, log.players, log.me)
    before: dict[int, Match] = {}
    for line, event in log.numbered_events():
        snap = match.copy() if isinstance(event, NewRound) or match.round is None else None
        match.apply(event, line)
        if snap is not None and len(match.rounds) not in before:
            before[len(match.rounds)] = snap
    return final, before


def deal_of(log: GameLog, round_number: int, seed: int = 0) -> KnownDeal | Unknown:
    """The round's deal rebuilt from the log, or why it cannot be."""
    final, before = _snapshots(log)
    if not 1 <= round_number <= len(final.rounds):
        return Unknown(round_number, f"the log has no round {round_number}")
    return _deal(before[round_number], final.rounds[round_number - 1], seed)


def _deal(before: Match, r: Round, seed: int) -> KnownDeal | Unknown:
    names, me = r.match.players, r.match.me
    if not r.over or not r.history:
        return Unknown(r.number, f"round {r.number} is not finished")
    proven = _proven(r, me)
    hidden = [
        f"{names[s]}'s hand was {'counted, not shown' if s in r.revealed else 'not shown'}"
        for s in range(r.match.seats)
        if s != me and r.counts[s] and s not in r.shown and s not in proven
    ]
    if hidden:
        return Unknown(r.number, "; ".join(hidden))
    rng = random.Random(seed * 1_000 + r.number)
    shown = {**r.shown, **proven}
    splits = _splits(r, me, rng, shown)
    if splits is None:
        return Unknown(r.number, "no deal explains every play of the round (a misplay or a mistyped line?)")
    mine = r.dealt[me]
    assert mine is not None and r.opener is not None
    hands = [mine if s == me else splits[s][0] for s in range(r.match.seats)]
    drawn_by = {s: list(v[1]) for s, v in splits.items()}
    stock: list[Tile] = []
    for a in r.history:
        if a.kind == "draw":
            stock += a.tiles if a.tiles is not None else drawn_by[a.seat].pop(0)
    rest = sorted(set(full_set(r.rules.top)) - set(stock) - {t for h in hands for t in h}, reverse=True)
    rng.shuffle(rest)
    notes = [
        f"{names[s]}'s hand was not shown: the counting proves it was {format_tiles(tiles)}, taken as shown"
        for s, tiles in proven.items()
    ]
    notes += [_split_note(names[s], *v) for s, v in splits.items() if v[1]]
    truth = _verify(before, r, hands, stock + rest)
    if truth is None:
        return Unknown(r.number, "the round's plays could not be replayed from the deal rebuilt")
    return KnownDeal(r.number, names, hands, stock + rest, r.opener, len(stock), _outcome(truth, me), notes)


Split = tuple[tuple[Tile, ...], list[tuple[Tile, ...]], bool]  # dealt, each draw's tiles, certain


def _proven(r: Round, me: int) -> dict[int, tuple[Tile, ...]]:
    """The hands left unshown at the round's end that the counting makes certain (every
    tile of them certainly there): as good as shown."""
    seats = [s for s in range(r.match.seats) if s != me and r.counts[s] and s not in r.shown]
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


def _splits(r: Round, me: int, rng: random.Random, shown: dict) -> dict[int, Split] | None:
    """Every other seat's split, under the first way of the lead rule that admits them all
    (the rule can forbid a tile to every dealt hand: then it was drawn)."""
    opening = r.history[0]
    assert r.opener is not None and opening.tile is not None
    own: list[set[Tile] | None] = [set(r.dealt[me] or ()) if s == me else None for s in range(r.match.seats)]
    for case in lead.cases(r.rules, r.opening, r.opener, opening.tile):
        if not lead.fits(case, r.opener, own):
            continue
        got: dict[int, Split] = {}
        for s in range(r.match.seats):
            split = None if s == me else _split(r, s, case, rng, shown)
            if split is not None:
                got[s] = split
            elif s != me:
                break
        else:
            return got
    return None


def _split(r: Round, seat: int, case: lead.OpeningCase, rng: random.Random, shown: dict) -> Split | None:
    """A dealt hand and draws for a player whose tiles are all seen, consistent with the
    play: each tile comes from the deal or one of the player's draws (sources 0, 1..m),
    within the bounds the play sets; a draw holds at most one tile it could play (the
    last, played at once)."""
    acts = [(i, a) for i, a in enumerate(r.history) if a.seat == seat]
    draws = [i for i, a in acts if a.kind == "draw"]
    played = {a.tile: i for i, a in acts if a.kind == "play" and a.tile is not None}
    tiles = sort_tiles([*played, *shown.get(seat, ())])
    caps = [r.rules.hand_size(r.match.seats)] + [r.history[i].count for i in draws]
    if sum(caps) != len(tiles):
        return None
    lo: dict[Tile, int] = {}
    hi: dict[Tile, int] = {}
    for t in tiles:
        at = played.get(t, len(r.history))
        hi[t] = sum(i < at for i in draws)
        lo[t] = 1 if t in case.forbid or (t == case.required and seat != r.opener) else 0
        if t == case.required and seat == r.opener:
            hi[t] = 0
        for i, a in acts:
            if i < at and a.kind != "play" and any(t.bears(n) for n in a.ends):
                lo[t] = max(lo[t], sum(d <= i for d in draws) + (a.kind == "pass"))
    if any(lo[t] > hi[t] for t in tiles) or (seat == r.opener and case.required not in (None, *tiles)):
        return None
    playable: list[set[Tile]] = [set()] + [
        {t for t in tiles if any(t.bears(n) for n in r.history[i].ends)} for i in draws
    ]
    order = list(tiles)
    rng.shuffle(order)
    budget = [SEARCH_BUDGET]
    found = _assignments(order, lo, hi, caps, playable, budget)
    first = next(found, None)
    if first is None:
        return None
    certain = next(found, None) is None and budget[0] >= 0
    runs = [sorted(g, key=lambda t: (t in playable[j], order.index(t))) for j, g in enumerate(first)]
    return tuple(sort_tiles(first[0])), [tuple(g) for g in runs[1:]], certain


def _assignments(
    order: list[Tile],
    lo: dict[Tile, int],
    hi: dict[Tile, int],
    caps: list[int],
    playable: list[set[Tile]],
    budget: list[int],
) -> Iterator[list[list[Tile]]]:
    """Every way to fill the sources in turn (the seeded ``order`` first) while ``budget``
    lasts, pruned by an earliest-deadline check that the sources left can be filled."""

    def fits(left: list[Tile], j: int) -> bool:
        pending = sorted(left, key=lambda t: lo[t])
        heap: list[int] = []
        k = 0
        for s in range(j, len(caps)):
            while k < len(pending) and lo[pending[k]] <= s:
                heapq.heappush(heap, hi[pending[k]])
                k += 1
            for _ in range(caps[s]):
                if not heap or heapq.heappop(heap) < s:
                    return False
        return not heap and k == len(pending)

    def fill(j: int, left: list[Tile], done: list[list[Tile]]) -> Iterator[list[list[Tile]]]:
        if j == len(caps):
            if not left:
                yield done
            return
        must = [t for t in left if hi[t] == j and lo[t] <= j]
        free = [t for t in left if lo[t] <= j < hi[t]]
        if len(must) > caps[j] or len(must) + len(free) < caps[j]:
            return
        for extra in combinations(free, caps[j] - len(must)):
            budget[0] -= 1
            if budget[0] < 0:
                return
            group = must + list(extra)
            if j and sum(t in playable[j] for t in group) > 1:
                continue
            rest = [t for t in left if t not in group]
            if fits(rest, j + 1):
                yield from fill(j + 1, rest, [*done, group])

    yield from fill(0, list(order), [])


def _split_note(who: str, dealt: tuple[Tile, ...], draws: list[tuple[Tile, ...]], certain: bool) -> str:
    drawn = [t for g in draws for t in g]
    n = len(drawn)
    if certain:
        return f"{who} drew {n} ({format_tiles(drawn)}): the play shows which"
    return (
        f"{who} drew {n}: which were dealt is not known; hindsight takes {format_tiles(dealt)} "
        f"as dealt and {format_tiles(drawn)} as drawn, one way the play allows (the seed's choice)"
    )


def _verify(before: Match, r: Round, hands: list[tuple[Tile, ...]], stock: list[Tile]) -> Round | None:
    """The game's own moves replayed on the rebuilt deal, every hand known: the rules check
    each one (a wrong split is refused), and the round that results."""
    match = before.copy()
    match.apply(NewRound(r.number))
    setup_round(match.playing, hands, stock)
    taken = 0
    try:
        for a in r.history:
            who = match.players[a.seat]
            if a.kind == "play" and a.tile is not None:
                match.apply(Play(who, a.tile, a.side))
            elif a.kind == "draw":
                match.apply(Draw(who, a.count, tuple(stock[taken : taken + a.count])))
                taken += a.count
            else:
                match.apply(Pass(who))
    except DominoError:
        return None
    return match.playing if match.playing.over else None


def _outcome(r: Round, me: int) -> Outcome:
    res = r.result()
    assert res is not None and r.how is not None
    names, rules = r.match.players, r.rules
    points = {side_of(s, rules): r.fives.get(side_of(s, rules), 0) for s in range(r.match.seats)}
    for side, pts in res.points.items():
        points[side] += pts
    winner = res.winner
    mine = "drawn" if winner is None else "won" if side_of(winner, rules) == side_of(me, rules) else "lost"
    by_name = {names[s]: points[side_of(s, rules)] for s in range(r.match.seats)}
    return Outcome(r.how, None if winner is None else names[winner], mine, by_name)


# -- the replay -------------------------------------------------------------------------------
def _inference(r: Round, seat: int) -> Inference:
    """The seat's counting; where it is sampled, at a fixed number of steps (no clock)."""
    view = r.seat_view(seat)
    inf = infer(view)
    return inf if inf.exact else sample_posterior(view)


def replay(before: Match, deal: KnownDeal, seed: int = 0, samples: int = 40, reads: bool = True) -> Hindsight:
    """Play the round again from the match as it stood before it (the scores and who opens
    come from earlier rounds), on the known deal, the advisor choosing for every seat from
    that seat's view; a draw, a pass or a lone legal play is made without asking."""
    match = before.copy()
    match.apply(NewRound(deal.round))
    r = match.playing
    setup_round(r, list(deal.hands), list(deal.stock))
    style = style_for(r.rules, match.seats) if reads else None
    choices: list[ReplayChoice] = []
    drawn = 0
    while not r.over:
        seat = r.turn if not r.layout.is_empty else r.to_move()
        seat = deal.opener if seat is None else seat
        name = match.players[seat]
        legal = [m for m in legal_moves(r) if m.player == name]
        move: Move = legal[0]
        choice = ReplayChoice(name, "", None, None, len(legal))
        if len(legal) > 1:
            options = Options(
                samples=samples, seed=seed * 7_919 + len(choices), seconds=None, reasons=False, style=style
            )
            advice = advise(r, seat, options, inference=_inference(r, seat))
            best = advice.moves[0]
            assert best.tile is not None
            move = Play(name, best.tile, best.on)
            choice.win, choice.options = best.chance, len(advice.moves)
            choice.match = best.match if advice.stakes is not None else None
        match.apply(move)
        drawn += move.count if isinstance(move, Draw) else 0
        choice.move = str(move)
        choices.append(choice)
    notes = []
    if drawn > deal.drawn:
        notes.append(
            f"hindsight drew {drawn - deal.drawn} tile{'s' if drawn - deal.drawn != 1 else ''} "
            "nobody drew in the game: their order is the seed's"
        )
    return Hindsight(_outcome(r, match.me), choices, notes)


REPLAYED = "with the advisor's moves at every seat"  # the replay, as the verdict names it


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


def hindsight(
    log: GameLog,
    samples: int = 40,
    seed: int = 0,
    on_step: Callable[[int, int], None] | None = None,
    reads: bool = True,
) -> list[RoundHindsight]:
    """Every finished round of the log in hindsight, or why not; ``on_step(done, rounds)``
    after each (a round still in play has no hindsight yet, and is left out)."""
    final, before = _snapshots(log)
    out = []
    for k, r in enumerate(final.rounds, 1):
        if not r.over:
            if on_step:
                on_step(k, len(final.rounds))
            continue
        deal = _deal(before[r.number], r, seed)
        if isinstance(deal, Unknown):
            out.append(RoundHindsight(r.number, deal.reason))
        else:
            out.append(
                RoundHindsight(r.number, None, deal, replay(before[r.number], deal, seed, samples, reads))
            )
        if on_step:
            on_step(k, len(final.rounds))
    return out

"""The advisor against itself, decision by decision: the games calibration is measured
and fitted on.

Every seat is the advisor, seeing only its own hand and the table (as a player logging
a game would), playing for the round.  At each turn with a choice of plays, the chance
it gave the move it played is kept; when the round ends, so is whether that side won.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from domino_advisor.advice.advise import Advice, Options, advise
from domino_advisor.advice.calibration import (
    FIT_GAMES,
    FIT_GAMES_FOR,
    FIT_SAMPLES,
    FIT_SEED,
    MAPS,
    Forecast,
    fit,
)
from domino_advisor.base.budgets import ADVICE_SAMPLES, ADVICE_WORK
from domino_advisor.counting.reads import style_for
from domino_advisor.games.events import Play
from domino_advisor.games.registry import game_for, part
from domino_advisor.measure.cluster import Machines, in_order, machines_of

NAMES = ["s1", "s2", "s3", "s4"]  # the seats, as the tournaments name them


def play_round(
    rules: Any,
    seats: int,
    samples: int | None,
    seed: int,
    game: int,
    watch,
    reads: bool = True,
    own_seeds: bool = False,
) -> Any:
    """One round of self-play on the deal ``game`` of ``seed``; ``watch(round, seat,
    advice)`` sees every decision with a choice of plays before it is made.  The
    advisor plays as ``advise`` does, with soft reads where a style is shipped (unless
    ``reads`` is off: the styles are fitted on games without them); ``samples`` None:
    at the table's budget of work, as advise without --samples.  The round is dealt as
    the game deals a round played for itself (its judging part's ``self_play``), and
    played through the round interface.  ``own_seeds``: each seat's advice seeded by dice
    of its own (two players at a table, each with the tool), not the round's."""
    style = style_for(rules, seats) if reads else None
    rng = random.Random(seed * 1_000_003 + game)
    dice = [random.Random(f"{seed}/{game}/{s}") if own_seeds else rng for s in range(seats)]
    r = judging_for(rules).self_play(rules, NAMES[:seats], rng)
    while not r.over:
        moves = r.legal_moves()
        seat = r.mover()
        if seat is None:  # the table chose who opens: the first of those who may
            seat = r.names.index(moves[0].player)
        mine = [m for m in moves if m.player == r.names[seat]]
        if sum(isinstance(m, Play) for m in mine) <= 1:
            r.apply(mine[0])
            continue
        options = Options(
            samples=samples, seed=dice[seat].getrandbits(32), reasons=False, objective="round", style=style
        )
        advice = advise(r, seat, options)
        watch(r, seat, advice)
        r.apply(advice.event())
    return r


def bot_round(rules: Any, seats: int, bots: tuple[str, ...], seed: int, game: int, watch) -> Any:
    """One round on the deal ``game`` of ``seed`` played by the game's bots ``bots`` (by
    seat, repeated round the table), dealt as self-play deals it; ``watch(round, seat)``
    sees every decision with a choice of plays before it is made."""
    make = part(game_for(rules.name), "bots")
    made = {spec: make(spec, rules, 1) for spec in dict.fromkeys(bots)}
    seated = [made[bots[s % len(bots)]] for s in range(seats)]
    rng = random.Random(seed * 1_000_003 + game)
    r = judging_for(rules).self_play(rules, NAMES[:seats], rng)
    while not r.over:
        seat = r.next_actor(rng)
        mine = r.moves_of(seat)
        if sum(isinstance(m, Play) for m in mine) > 1:
            watch(r, seat)
        r.apply(seated[seat](r, mine, rng))
    return r


def judging_for(rules: Any) -> Any:
    """The judging part of the game these rules are for (``Parts.judging``)."""
    return part(game_for(rules.name), "judging")


def play(rules: Any, seats: int, samples: int | None, seed: int, game: int) -> list[Forecast]:
    """One round of self-play on the deal ``game`` of ``seed``; its decisions."""
    said: list[tuple[int, float, bool]] = []  # (side, chance, exact)
    judging = judging_for(rules)

    def watch(r: Any, seat: int, advice: Advice) -> None:
        best = advice.moves[0]
        said.append((judging.side(r, seat), best.win, best.exact))

    r = play_round(rules, seats, samples, seed, game, watch)
    won = judging.winning_side(r)
    return [Forecast(game, chance, won == side, exact) for side, chance, exact in said]


def _chunk(args) -> list[Forecast]:
    rules, seats, samples, seed, games = args
    return [d for g in games for d in play(rules, seats, samples, seed, g)]


def record(
    rules: Any,
    seats: int,
    samples: int | None,
    games: int,
    seed: int,
    jobs: int | Machines = 1,
    on_progress=None,
    on_warning=None,
) -> list[Forecast]:
    """``games`` rounds of self-play (the deals of ``seed``), split over ``jobs``
    processes; the same decisions however the work is split."""
    rules.check_players(seats)
    return run_games(
        _chunk, lambda ch: (rules, seats, samples, seed, ch), games, jobs, on_progress, on_warning
    )


def run_games(
    work, make_args, games: int, jobs: int | Machines = 1, on_progress=None, on_warning=None
) -> list:
    """``work(make_args(chunk))`` over the games in chunks, where ``jobs`` says (a number
    of processes, or a ``measure.cluster.Machines``), the results in the games' order;
    ``on_progress`` hears how many games each chunk held."""
    where = machines_of(jobs)
    size = max(1, min(10, games // (where.share * 4) or 1))
    chunks = [range(i, min(i + size, games)) for i in range(0, games, size)]

    def done(i: int) -> None:  # a chunk back, in whatever order: the bar moves as games finish
        if on_progress:
            on_progress(len(chunks[i]))

    out: list = []
    for results in in_order(where, work, [make_args(ch) for ch in chunks], on_warning, done):
        out.extend(results)  # in the games' order: the same figures anywhere
    return out


CALIBRATED = [  # maps shipped: each rule set and table size for itself
    ("classic", 2),
    ("block", 2),
    ("all-fives", 2),
    ("partnership", 4),
    ("classic", 3),
    ("classic", 4),
    ("block", 3),
    ("block", 4),
    ("all-fives", 3),
    ("all-fives", 4),
]


def build_all(
    games: int | None = None,
    samples: int | None = FIT_SAMPLES,
    seed: int = FIT_SEED,
    jobs: int | Machines = 1,
    on_start=None,
    on_progress=None,
) -> dict:
    """Every shipped calibration map, fitted afresh (reproducible from these figures),
    and the model error to take where no map is shipped: the largest the rollouts' own
    chances were measured to make.  ``games`` None: each map's own count (FIT_GAMES, or
    FIT_GAMES_FOR)."""
    counted = ADVICE_SAMPLES if samples is None else samples  # at the table: the most its work takes
    work = ADVICE_WORK if samples is None else None  # ... as many worlds as this work allows
    maps = {}
    for name, players in CALIBRATED:
        key = f"{name}/{players}"
        n = FIT_GAMES_FOR.get(key, FIT_GAMES) if games is None else games
        if on_start:
            on_start(key, n)
        decisions = record(game_for(name).rules_from(name, ""), players, samples, n, seed, jobs, on_progress)
        maps[key] = replace(fit(decisions, key, counted, seed), work=work).to_json()
    worst = max(m["raw_error"] for m in maps.values())
    return {"format": MAPS.format, "maps": maps, "unmapped_error": round(worst, 4)}

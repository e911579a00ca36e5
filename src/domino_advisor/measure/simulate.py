"""Bot tournaments on duplicate deals: each deal is replayed with the hands rotated
among the seats, so every bot plays every hand and the luck of the deal cancels.

A game here is one round (one deal), played for the round; or, with ``matches``, a
whole match to the target, its rounds dealt the same whichever seat holds which bot.
The core is plain Python and reports through a callback; the CLI draws the progress
bar.
"""

from __future__ import annotations

import math
import os
import random
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from domino_advisor.base.cores import process_pool
from domino_advisor.base.errors import RulesError
from domino_advisor.games.events import NewRound
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves, setup_round, shuffle_deal
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.scoring import side_of
from domino_advisor.measure.players import make_player

NAMES = ["s1", "s2", "s3", "s4"]


@dataclass
class BotScore:
    spec: str
    seats: int = 0  # seats this bot fills at the table (a win is any of them winning)
    games: int = 0
    wins: float = 0.0
    ties: float = 0.0
    points: float = 0.0
    per_deal_wins: list[float] = field(default_factory=list)
    per_deal_points: list[float] = field(default_factory=list)
    opened: int = 0  # games (rounds) its side opened
    won_opening: float = 0.0  # ... and won

    @property
    def opener_win_rate(self) -> float | None:
        """Games won of those its side opened (the opening move is worth most in two-player
        block games); None where it opened none."""
        return self.won_opening / self.opened if self.opened else None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def points_per_game(self) -> float:
        return self.points / self.games if self.games else 0.0

    def interval(self, values: list[float]) -> float:
        """Half-width of a 95% confidence interval over deals (duplicates are paired)."""
        width = half_width(values)
        return float("nan") if width is None else width


def half_width(values: list[float]) -> float | None:
    """Half-width of a 95% interval of the mean over deals; None from fewer than two."""
    n = len(values)
    if n < 2:
        return None
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return 1.96 * math.sqrt(var / n)


def play_game(
    rules: Rules, players: list, hands, stock, rng: random.Random, chosen_opener: int = 0
) -> tuple[int | None, dict[int, int], int]:
    """One round with every hand known to the engine; returns the winner, the side
    points and the seat that opened."""
    seats = len(players)
    match = Match(rules, NAMES[:seats])
    match.apply(NewRound(1))
    r = match.playing
    setup_round(r, hands, stock)
    if r.opening == "chosen":
        r.turn = chosen_opener
    while not r.over:
        moves = legal_moves(r)
        seat = r.turn if r.turn is not None else match.seat(moves[0].player)
        match.apply(players[seat].choose(r, seat, rng))
    res = r.result()
    assert res is not None  # every hand is known to a simulation
    points = dict(r.fives)
    for side, pts in res.points.items():
        points[side] = points.get(side, 0) + pts
    assert r.opener is not None  # a round is over only once opened
    return res.winner, points, r.opener


MAX_ROUNDS = 50  # a match still undecided after this many rounds is counted drawn


def play_match(
    rules: Rules, players: list, deal_seed: int, rotation: int, rng: random.Random
) -> tuple[int | None, dict[int, int]]:
    """A whole match to the target: its rounds are dealt from ``deal_seed`` (the same
    deals whichever seat each bot holds), each hand going to the seat ``rotation`` on.
    Returns the side that won the match (None: drawn) and each side's final score."""
    seats = len(players)
    match = Match(rules, NAMES[:seats])
    for k in range(MAX_ROUNDS):
        if match.finished:
            break
        deal_rng = random.Random(deal_seed * 1_009 + k)
        hands, stock = shuffle_deal(rules, seats, deal_rng)
        chosen = deal_rng.randrange(seats)
        match.apply(NewRound(k + 1))
        r = match.playing
        setup_round(r, [hands[(s + rotation) % seats] for s in range(seats)], stock)
        if r.opening == "chosen":
            r.turn = (chosen - rotation) % seats
        while not r.over:
            moves = legal_moves(r)
            seat = r.turn if r.turn is not None else match.seat(moves[0].player)
            match.apply(players[seat].choose(r, seat, rng))
    winner = match.match_winner() if match.finished else None
    return winner, match.scores()


def run_deals(
    rules: Rules, seats: int, specs: list[str], seed: int, deals: range, matches: bool = False
) -> list[dict]:
    """Play these deals (each rotated through the seats); one summary per deal.  With
    ``matches``, a deal is a whole match's deals, played to the target; otherwise a game
    is one round (and played for the round: the target is set aside)."""
    players = [make_player(specs[s % len(specs)]) for s in range(seats)]
    if not matches:
        rules = rules.with_overrides({"target": "0"})
    out = []
    for d in deals:
        rng = random.Random(seed * 1_000_003 + d)
        hands, stock = shuffle_deal(rules, seats, rng)
        opener = rng.randrange(seats)
        per_bot: dict[str, list[float]] = {}
        for k in range(seats):
            rotated = [hands[(s + k) % seats] for s in range(seats)]
            game_rng = random.Random(rng.getrandbits(64))
            opened: int | None = None  # a match has an opener a round
            if matches:
                winner, points = play_match(rules, players, seed * 1_000_003 + d, k, game_rng)
            else:
                winner, points, opened = play_game(
                    rules, players, rotated, stock, game_rng, (opener - k) % seats
                )
            for spec in dict.fromkeys(specs):
                sides = {side_of(s, rules) for s in range(seats) if specs[s % len(specs)] == spec}
                w, t, p, g, ow, og = per_bot.get(spec, [0.0, 0.0, 0.0, 0, 0.0, 0])
                won = winner is not None and (winner if matches else side_of(winner, rules)) in sides
                w += 1 if won else 0
                t += 1 if winner is None else 0
                p += sum(points.get(side, 0) for side in sides) / len(sides)
                if opened is not None and side_of(opened, rules) in sides:
                    og += 1
                    ow += 1 if won else 0
                per_bot[spec] = [w, t, p, g + 1, ow, og]
        out.append(per_bot)
    return out


def _chunk(args):
    return run_deals(*args)


def simulate(
    rules: Rules,
    seats: int,
    specs: list[str],
    games: int,
    jobs: int = 1,
    seed: int = 0,
    on_progress=None,
    on_warning=None,
    matches: bool = False,
) -> list[BotScore]:
    """Play about ``games`` games (whole deals of ``seats`` rotations) and score each bot;
    with ``matches`` a game is a whole match to the rules' target."""
    rules.check_players(seats)
    for spec in specs:
        make_player(spec)
    if any(spec.partition(":")[0] in ("dominoes", "dominoes-strong") for spec in specs) and (
        seats != 4 or rules.teams != "partners" or rules.draws
    ):
        raise RulesError(
            "the dominoes package's bot plays only four partners with no boneyard: "
            "use --rules partnership --players 4"
        )
    deals = max(1, math.ceil(games / seats))
    size = max(1, min(25, deals // (jobs * 4) or 1))
    chunks = [range(i, min(i + size, deals)) for i in range(0, deals, size)]
    scores = {
        spec: BotScore(spec, seats=sum(1 for s in range(seats) if specs[s % len(specs)] == spec))
        for spec in dict.fromkeys(specs)
    }

    def absorb(results):
        for per_bot in results:
            for spec, (w, t, p, g, ow, og) in per_bot.items():
                sc = scores[spec]
                sc.games += g
                sc.wins += w
                sc.ties += t
                sc.points += p
                sc.won_opening += ow
                sc.opened += int(og)
                sc.per_deal_wins.append(w / g)
                sc.per_deal_points.append(p / g)
            if on_progress:
                on_progress(1)

    jobs = max(1, min(jobs, len(chunks), os.cpu_count() or 1))  # more would only wait
    done = 0
    if jobs > 1:
        try:
            for results in in_processes(
                jobs, _chunk, [(rules, seats, specs, seed, ch, matches) for ch in chunks]
            ):
                absorb(results)
                done += 1
        except (OSError, BrokenProcessPool) as e:
            if on_warning:
                on_warning(f"could not run {jobs} processes ({e}); playing the rest in this one")
    for ch in chunks[done:]:
        absorb(run_deals(rules, seats, specs, seed, ch, matches))
    return list(scores.values())


def in_processes(jobs: int, work, args: list):
    """``work``'s results for each of ``args``, in order, from a pool of processes; a
    pool that cannot start (no more processes allowed) is shut down at once, its workers
    ended, not waited for.  No worker outlives this process, however it ends
    (``base.cores.process_pool``)."""
    pool = process_pool(jobs)
    try:
        yield from pool.map(work, args)
    except BaseException:
        _quiet_teardown()
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        raise
    pool.shutdown()


def _quiet_teardown() -> None:
    """A pool ended mid-way (Ctrl-C) has its manager thread mark futures already
    cancelled as broken, which raises in that thread (a known race in
    concurrent.futures): that is no news to someone who pressed Ctrl-C, so it is not
    printed as a traceback."""
    import threading
    from concurrent.futures import InvalidStateError

    previous = threading.excepthook

    def hook(args):
        if not isinstance(args.exc_value, InvalidStateError):
            previous(args)

    threading.excepthook = hook


def deal_count(games: int, seats: int) -> int:
    return max(1, math.ceil(games / seats))

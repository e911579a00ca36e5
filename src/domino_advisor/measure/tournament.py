"""Bot tournaments of every game on duplicate deals: each deal is played once per
rotation of the bots round the table, so every bot meets every hand and the luck of the
deal cancels.

Written once for every game, through the registry: the game's tournament (its
``Parts.simulate``, a ``games.registry.Contest``) says what ``--games`` counts, each
deal's seeds by its index, how a deal is dealt and the bots seated, and how its games are
scored and reported; its bots by name are its ``Parts.bots``.  Here every round is played
through the round interface (``games.registry.GameRound``): who acts next is the round's
to say (``next_actor``, drawn by the sitting's dice where several may), and the bot in that
seat chooses among ``moves_of`` that seat.  A deal's seeds are fixed before any is played,
so ``jobs`` processes or a cluster (``measure.cluster``) give the same figures as one.
The core is plain Python and reports through callbacks; the CLI draws the progress bar.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from domino_advisor.games.registry import Contest, Sitting, game_for, part
from domino_advisor.measure.cluster import Machines, in_order, machines_of


def contest_for(rules: Any, seats: int, matches: bool = False) -> Contest:
    """The tournament of the game these rules are for (its ``Parts.simulate``)."""
    made: Contest = part(game_for(rules.name), "simulate")(rules, seats, matches)
    return made


def tournament(
    rules: Any,
    seats: int,
    specs: list[str],
    games: int,
    jobs: int | Machines = 1,
    seed: int = 0,
    on_progress: Callable[[int], None] | None = None,
    on_warning: Callable[[str], None] | None = None,
    matches: bool = False,
) -> Any:
    """Play the deals ``games`` asks for (``Contest.deals``) with these bots by seat,
    repeated round the table, and return the game's standings; with ``matches``, a game
    is a whole match where the game plays rounds on their own (its ``options``)."""
    contest = contest_for(rules, seats, matches)
    rules.check_players(seats)
    make = part(game_for(rules.name), "bots")
    for spec in specs:
        make(spec, rules)  # a name that is none of the game's bots is refused before any play
    contest.check_bots(specs)
    by_seat = [specs[s % len(specs)] for s in range(seats)]
    deals = contest.deals(games)
    seeds = contest.seeds(seed, deals)
    standings = contest.standings(by_seat, deals)
    where = machines_of(jobs)
    size = max(1, min(contest.chunk, deals // (where.share * 4) or 1))
    chunks = [seeds[i : i + size] for i in range(0, deals, size)]
    if where.alone:
        for summary in deal_by_deal(rules, seats, matches, by_seat, seeds):
            standings.add(summary)
            if on_progress:
                on_progress(1)
        return standings

    def done(i: int) -> None:  # a chunk back, in whatever order: the bar moves as deals finish
        if on_progress:
            on_progress(len(chunks[i]))

    work = [(rules, seats, matches, by_seat, chunk) for chunk in chunks]
    for summaries in in_order(where, _chunk, work, on_warning, done):
        for summary in summaries:  # added in the deals' order: the same figures anywhere
            standings.add(summary)
    return standings


def deal_by_deal(
    rules: Any, seats: int, matches: bool, by_seat: list[str], seeds: list[Any], workers: int | None = None
) -> Iterator[Any]:
    """Each deal's summary (``Deal.summary``), played in this process one after another;
    the advisor's decisions in ``workers`` processes (None: one per core)."""
    contest = contest_for(rules, seats, matches)
    make = part(game_for(rules.name), "bots")
    bots = {spec: make(spec, rules, workers) for spec in dict.fromkeys(by_seat)}
    for seeds_of_deal in seeds:
        yield play_deal(contest, bots, seeds_of_deal, by_seat)


def play_deals(
    rules: Any, seats: int, matches: bool, by_seat: list[str], seeds: list[Any], workers: int | None = None
) -> list[Any]:
    """The deals' summaries, in deal order."""
    return list(deal_by_deal(rules, seats, matches, by_seat, seeds, workers))


def play_deal(contest: Contest, bots: dict[str, Any], seeds: Any, by_seat: list[str]) -> Any:
    """One deal, played once per rotation of the bots: its summary."""
    deal = contest.deal(seeds, by_seat)
    for rotation in range(len(by_seat)):
        play(deal.sit(rotation), bots)
    return deal.summary()


def play(sitting: Sitting, bots: dict[str, Any]) -> None:
    """A sitting's rounds, each played out through the round interface: who acts next is
    the round's to say, the bot in that seat chooses among that seat's moves."""
    dice, seated, match = sitting.dice, [bots[spec] for spec in sitting.bots], sitting.match
    for r in sitting.rounds():
        while not r.over:
            seat = r.next_actor(dice)
            match.apply(seated[seat](r, r.moves_of(seat), dice))


def _chunk(args: tuple[Any, int, bool, list[str], list[Any]]) -> list[Any]:
    rules, seats, matches, by_seat, seeds = args
    return play_deals(rules, seats, matches, by_seat, seeds, workers=1)  # the cores are the jobs

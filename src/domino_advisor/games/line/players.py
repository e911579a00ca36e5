"""The line games' bots by name, as players of the reference round (``simulate``,
``train``): the fast engine's policies (``bots.POLICIES``), the advisor in its settings,
the ``dominoes`` package's bot and OpenSpiel's ISMCTS.  Each chooses an event for its
seat, seeing only what that seat may see (the policies read only their own hand and the
table).  The advisor is the measure layer's (``measure.bots.AdvisorBot``): it is
made here by the factory it hands in, with the settings its name stands for."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domino_advisor.base.errors import NotationError, RulesError
from domino_advisor.games.events import Event, Move, Play, number_at_most
from domino_advisor.games.line.bots import POLICIES
from domino_advisor.games.line.engine import from_round
from domino_advisor.games.line.rollout import SIDE_IDS
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.state import Round


class PolicyPlayer:
    def __init__(self, name: str):
        self.name = name
        self.policy = POLICIES[name]

    def choose(self, r: Round, seat: int, rng: random.Random) -> Event:
        moves = r.moves_of(seat)
        plays = [m for m in moves if isinstance(m, Play)]
        if len(plays) <= 1:
            return moves[0]
        # the fast twin of this seat's position; other hands are left empty: policies never look
        hands = [set(r.hand_of(s)) if s == seat else set() for s in range(r.match.seats)]
        fr = from_round(r, hands, [], seat)
        options = []
        for m in plays:
            if r.layout.is_empty:
                options.append(((m.tile.index, -1), m))
            else:
                side = r.layout.resolve(m.tile, m.on, r.rules.all_fives)
                assert side is not None  # the table is open: every play joins an end
                j = [e[0] for e in fr.ends].index(SIDE_IDS[side])
                options.append(((m.tile.index, j), m))
        pick = self.policy(fr, [o for o, _ in options], rng)
        return next(m for o, m in options if o == pick)


class Bot:
    """A player as the one tournament calls a bot: given the round and the moves open to
    one seat, the move it makes."""

    def __init__(self, player: Any):
        self.player = player

    def __call__(self, r: Round, moves: list[Move], rng: random.Random) -> Event:
        event: Event = self.player.choose(r, r.match.seat(moves[0].player), rng)
        return event


ADVISORS = (
    "advisor",
    "round-advisor",
    "basic-advisor",
    "unread-advisor",
    "simple-advisor",
    "tree-advisor",
    "fused-advisor",
    "omniscient",
)
PEERS = ("dominoes", "dominoes-strong")  # the dominoes package's bot: four partners, no boneyard
SAMPLED = (*ADVISORS, *PEERS, "ismcts")  # the bots that take :samples
BOTS = (*POLICIES, *SAMPLED)
MAX_SAMPLES = 100_000
FUSE = 1  # fused-advisor: your next turn after each candidate chosen alike in every solved world (αμ)


def make_player(spec: str, advisor: Callable[..., Any]) -> Any:
    """``heavy``, ``advisor`` or ``advisor:96`` (samples per decision), ``dominoes[:samples]``,
    ``dominoes-strong[:samples]``, ``ismcts[:simulations[:c]]``; an advisor is
    ``advisor(samples, **settings)``."""
    name, colon, arg = spec.partition(":")
    if name not in BOTS or (colon and name not in SAMPLED):
        raise NotationError(
            f"'{spec}' is not a bot (the bots are {', '.join(BOTS)}; "
            f"{', '.join(n + ':N' for n in SAMPLED)} set the samples)"
        )
    if name == "ismcts":
        return _ismcts(spec, arg if colon else "")
    samples = None
    if colon:
        samples = number_at_most(arg, MAX_SAMPLES)
        if not samples:
            raise NotationError(f"'{spec}': the samples are a whole number from 1 to {MAX_SAMPLES:,}")
    if name in POLICIES:
        return PolicyPlayer(name)
    if name in ADVISORS:
        objective = "round" if name == "round-advisor" else "match"
        if name == "basic-advisor":  # 0.4.0's play: no soft reads, rollouts that read nothing
            return advisor(samples or 100, reads=False, policy=POLICIES["heuristic"], solve_drawing=0)
        table = (
            name != "omniscient"
        )  # with no count, the advisor plays as it advises you: to its budget of work
        return advisor(
            samples or (None if table else 100),
            omniscient=name == "omniscient",
            objective=objective,
            reads=name != "unread-advisor",  # the advisor with soft reads off, all else the same
            search="tree" if name == "tree-advisor" else "worlds",
            **({"fuse": FUSE} if name == "fused-advisor" else {}),
            # 0.5.0 to 0.10.0's soft reads (the tile alone), all else the same
            **({"reading": "simple"} if name == "simple-advisor" else {}),
        )
    from domino_advisor.games.line.peers import PeerPlayer

    if name == "dominoes-strong":
        return PeerPlayer(samples or 20, start_move=8, first="double")
    return PeerPlayer(samples or 8)


def check_table(specs: list[str], rules: Rules, seats: int) -> None:
    """The bots named can play these rules together (the ``dominoes`` package's bot plays
    only four partners with no boneyard)."""
    if any(spec.partition(":")[0] in PEERS for spec in specs) and (
        seats != 4 or rules.teams != "partners" or rules.draws
    ):
        raise RulesError(
            "the dominoes package's bot plays only four partners with no boneyard: "
            "use --rules partnership --players 4"
        )


def _ismcts(spec: str, arg: str) -> Any:
    """``ismcts``, ``ismcts:1000`` (simulations a move) or ``ismcts:1000:20`` (and the
    exploration constant): OpenSpiel's ISMCTS, for the block game it shares with us."""
    from domino_advisor.games.line.openspiel import MOST_SIMULATIONS, SIMULATIONS, UCT_C, SpielPlayer

    said, _, c = arg.partition(":")
    simulations = number_at_most(said, MOST_SIMULATIONS) if said else SIMULATIONS
    if not simulations:
        raise NotationError(f"'{spec}': the simulations are a whole number from 1 to {MOST_SIMULATIONS:,}")
    try:
        uct_c = float(c) if c else UCT_C
    except ValueError:
        uct_c = -1.0
    if not 0 <= uct_c <= 1_000:
        raise NotationError(
            f"'{spec}': the exploration constant is a number from 0 to 1000, like ismcts:1000:20"
        )
    return SpielPlayer(simulations, uct_c)

"""An outside yardstick: OpenSpiel's bots for block dominoes at our table (issue 29).

OpenSpiel's ``python_block_dominoes`` is our block game for two players on double-six:
seven tiles each, fourteen left face down and never drawn, the first seat opening with
any tile, a player who cannot play passing (OpenSpiel skips them: the other plays
again), the round over when a hand is empty or neither can play, the winner scoring the
other hand's pips, a tie scoring nothing.  In our words: ``--rules block --set
lead=chosen`` with two players, played for the round (``simulate`` sets the target
aside).

A bot of OpenSpiel's plays a seat of ours through a bridge: the seat's round is rebuilt
as an OpenSpiel state (the two hands dealt, OpenSpiel's player 0 the seat that opened,
then every play), and at every move the two engines are held to each other: whose turn
it is, and the legal plays, tile by tile and end by end (a disagreement is an error,
never a silent guess).  ISMCTS searches from the seat's information only: each
simulation deals the other hand afresh from the unseen tiles, leaving out every number
a pass proved the other lacks (``resample``; OpenSpiel's Python game has no resampler
of its own).  Every random choice is seeded from the simulation's generator: the same
seed, the same games, on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from domino_advisor.base.errors import RulesError
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Event, Play
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.state import Round

RULES = "two players, --rules block --set lead=chosen (double-six, seven tiles each, no drawing)"
UCT_C = 2.0  # OpenSpiel's examples' exploration constant; points run to 69, so 20 explores more
SIMULATIONS = 1_000  # a move costs about 1.3 CPU-seconds in OpenSpiel's Python ISMCTS
MOST_SIMULATIONS = 100_000

Spot = tuple[
    Tile, int | None
]  # a play as both engines name it: the tile, the number it joins (None: opening)


def _require() -> tuple[Any, Any]:
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes
    except ImportError:
        raise RulesError("the OpenSpiel bots need open_spiel: pip install -e '.[yardstick]'") from None
    return pyspiel, block_dominoes


def check_rules(rules: Rules, seats: int) -> None:
    """Refuse a table that is not OpenSpiel's block dominoes, saying what is."""
    same = (
        seats == 2
        and rules.top == 6
        and rules.hand_size(2) == 7
        and not rules.draws
        and rules.lead == "chosen"
        and rules.scoring == "block"
        and rules.spinner == "none"
        and rules.teams == "none"
        and rules.blocked == "others"
        and rules.tie == "none"
        and rules.reserve == 0
    )
    if not same:
        raise RulesError(f"OpenSpiel's block dominoes is our block game for {RULES}")


class Bridge:
    """Our tiles and plays as OpenSpiel's chance outcomes and actions, and back."""

    def __init__(self) -> None:
        self.pyspiel, self.module = _require()
        self.game = self.pyspiel.load_game("python_block_dominoes")
        deck = self.module._DECK  # (low, high) as floats, in OpenSpiel's order
        self.outcome = {Tile(int(hi), int(lo)): i for i, (lo, hi) in enumerate(deck)}
        self.action: dict[tuple[int, Spot], int] = {}
        self.spot: dict[int, tuple[int, Spot]] = {}
        for i, a in enumerate(self.module._ACTIONS):
            lo, hi = a.tile
            key = (a.player, (Tile(int(hi), int(lo)), None if a.edge is None else int(a.edge)))
            self.action[key] = i
            self.spot[i] = key

    def state(self, hands: tuple[list[Tile], list[Tile]], plays: list[tuple[int, Spot]]) -> Any:
        """OpenSpiel's state after dealing ``hands`` (its player 0's first) and these plays,
        each checked to be made by the player OpenSpiel has to move."""
        state = self.game.new_initial_state()
        for tile in (*hands[0], *hands[1]):
            state.apply_action(self.outcome[tile])
        for player, spot in plays:
            if state.is_terminal() or state.current_player() != player:
                raise RulesError(
                    f"OpenSpiel and domino-advisor disagree on whose turn it is before {spot[0]}"
                )
            state.apply_action(self.action[(player, spot)])
        return state

    def legal(self, state: Any) -> set[Spot]:
        return {self.spot[a][1] for a in state.legal_actions()}

    def resample(self, state: Any, player: int, rng: random.Random) -> Any:
        """The state with the other hand dealt afresh, uniformly from the tiles ``player``
        has not seen, none bearing a number a pass proved the other lacks."""
        mine = [Tile(int(b), int(a)) for a, b in state.hands[player]]
        other = 1 - player
        plays: list[tuple[int, Spot]] = []
        played: dict[int, list[Tile]] = {0: [], 1: []}
        lacks: set[int] = set()
        ends: list[int] = []
        for i, act in enumerate(state.actions_history):
            lo, hi = act.tile
            tile = Tile(int(hi), int(lo))
            edge = None if act.edge is None else int(act.edge)
            plays.append((act.player, (tile, edge)))
            played[act.player].append(tile)
            ends = _ends_after(ends, tile, edge)
            later = state.actions_history[i + 1 :]
            after = later[0].player if later else state.current_player()
            if act.player == player and after == player:
                lacks.update(ends)  # the other was skipped: they hold none of these numbers
        seen = set(mine) | set(played[0]) | set(played[1])
        unseen = [t for t in sorted(self.outcome) if t not in seen]
        fits = [t for t in unseen if t.high not in lacks and t.low not in lacks]
        theirs = rng.sample(fits, len(state.hands[other]))
        hands = [list(mine) + played[player], theirs + played[other]]
        dealt = (hands[0], hands[1]) if player == 0 else (hands[1], hands[0])
        return self.state(dealt, plays)


def _ends_after(ends: list[int], tile: Tile, edge: int | None) -> list[int]:
    if edge is None:
        return [tile.high, tile.low]
    out = list(ends)
    out.remove(edge)
    out.append(tile.other(edge))
    return out


class SpielPlayer:
    """A seat played by OpenSpiel's ISMCTS (``ismcts[:simulations[:c]]``), random rollouts
    at the leaves, as OpenSpiel ships it; the seat's round is handed over as that seat sees
    it (the other hand is dealt afresh in every simulation)."""

    def __init__(self, simulations: int = SIMULATIONS, uct_c: float = UCT_C):
        self.name = "ismcts"
        self.simulations = simulations
        self.uct_c = uct_c
        self._bridge: Bridge | None = None

    @property
    def bridge(self) -> Bridge:
        if self._bridge is None:
            self._bridge = Bridge()
        return self._bridge

    def choose(self, r: Round, seat: int, rng: random.Random) -> Event:
        check_rules(r.rules, r.match.seats)
        moves = [m for m in legal_moves(r) if r.match.seat(m.player) == seat]
        state = state_of(self.bridge, r, seat)
        ours = spots(r, moves)
        if not ours:  # a pass: OpenSpiel has the other player on (or the round over)
            if not state.is_terminal() and state.current_player() == player_of(r, seat):
                raise RulesError("OpenSpiel and domino-advisor disagree: we pass, OpenSpiel has a play")
            return moves[0]
        if state.current_player() != player_of(r, seat):
            raise RulesError("OpenSpiel and domino-advisor disagree on whose turn it is")
        theirs = self.bridge.legal(state)
        if ours != theirs:
            raise RulesError(
                "OpenSpiel and domino-advisor disagree on the legal plays: "
                f"{_said(theirs)} against {_said(ours)}"
            )
        if len(moves) == 1:
            return moves[0]
        action = self._search(state, rng)
        _, spot = self.bridge.spot[action]
        return next(m for m, s in zip(moves, _each_spot(r, moves), strict=True) if s == spot)

    def _search(self, state: Any, rng: random.Random) -> int:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        seed = rng.getrandbits(32)
        generator = np.random.RandomState(seed)
        deals = random.Random(seed)
        bot = ismcts.ISMCTSBot(
            self.bridge.game,
            mcts.RandomRolloutEvaluator(1, generator),
            self.uct_c,
            self.simulations,
            random_state=generator,
        )
        bot.set_resampler(lambda s, player: self.bridge.resample(s, player, deals))
        return int(bot.step(state))


def _opener(r: Round, seat: int) -> int:
    """The seat that opened the round, or opens it now (OpenSpiel's player 0)."""
    if r.opener is not None:
        return r.opener
    return r.turn if r.turn is not None else seat


def player_of(r: Round, seat: int) -> int:
    """OpenSpiel's player for our seat: 0 for the seat that opened (or opens now)."""
    return 0 if seat == _opener(r, seat) else 1


def state_of(bridge: Bridge, r: Round, seat: int) -> Any:
    """``r`` as an OpenSpiel state, its player 0 the seat that opened (or opens now): every
    hand as dealt (a simulation knows them all), then every play."""
    opened = _opener(r, seat)
    player = {opened: 0, 1 - opened: 1}
    played: dict[int, list[Tile]] = {0: [], 1: []}
    plays: list[tuple[int, Spot]] = []
    for a in r.history:
        if a.kind == "play" and a.tile is not None:
            played[a.seat].append(a.tile)
            plays.append((player[a.seat], (a.tile, a.met)))
    dealt = {s: sorted(r.hand_of(s)) + played[s] for s in (0, 1)}
    return bridge.state((dealt[opened], dealt[1 - opened]), plays)


def _each_spot(r: Round, moves: Sequence[Event]) -> list[Spot | None]:
    out: list[Spot | None] = []
    for m in moves:
        if not isinstance(m, Play):
            out.append(None)
        elif r.layout.is_empty:
            out.append((m.tile, None))
        else:
            side = r.layout.resolve(m.tile, m.on)
            end = r.layout.end(side) if side is not None else None
            out.append((m.tile, None if end is None else end.number))
    return out


def spots(r: Round, moves: Sequence[Event]) -> set[Spot]:
    """Our legal plays as OpenSpiel names them (a pass is no action there)."""
    return {s for s in _each_spot(r, moves) if s is not None}


def _said(found: set[Spot]) -> str:
    shown = sorted(f"{t}" + ("" if n is None else f" on {n}") for t, n in found)
    return "{" + ", ".join(shown) + "}" if shown else "nothing"

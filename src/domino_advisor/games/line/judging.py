"""What only the line games know when a play is weighed (``Parts.judging``): at the table,
by ``advice.advise`` (the turn in their words, the end a play joins, the match a round is
played for, how a world is played out fast, and when the round is small enough to solve
exactly), and after the game, by ``learning.review`` and ``learning.hindsight`` (which
plays are judged, what the review notes, a round's result, how a finished round's deal
is rebuilt).  These games are measured by the chance of winning (the round's, or the
match's where one is played for): ``measure = "chance"``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from domino_advisor.base.budgets import EXACT_MOST_TILES
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import NewRound
from domino_advisor.games.line import lead
from domino_advisor.games.line.bots import reader
from domino_advisor.games.line.engine import Policy, from_round
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import setup_round, shuffle_deal
from domino_advisor.games.line.reasons import Counting, Explained, explain
from domino_advisor.games.line.rollout import SOLVE_BELOW, SOLVE_DRAWING, LineRollouts, apply_candidate
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.scoring import fives_points, side_of
from domino_advisor.games.line.search import SearchTooBig, solve, solve_value
from domino_advisor.games.line.stakes import Stakes, stakes
from domino_advisor.games.line.state import Round
from domino_advisor.games.line.tree import EXPLORE, Allows, Record, search_tree

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.games.line.splits import Split

Move = tuple[Tile | None, str | None]  # a tile and the side it joins (None: opens; no tile: draw or pass)


class Sampling(Protocol):
    def sample(self, rng: random.Random) -> dict[Tile, int | None]: ...


class Reading(Protocol):
    def log_weight(self, world: dict[Tile, int | None]) -> float: ...


class Asked(Protocol):
    """What the line games read of one call's setting (``advice.setting.Rollout``)."""

    @property
    def r(self) -> Round: ...
    @property
    def seat(self) -> int: ...
    @property
    def inf(self) -> Sampling | None: ...
    @property
    def policy(self) -> Policy: ...
    @property
    def stakes(self) -> Stakes | None: ...
    @property
    def reads(self) -> Reading | None: ...
    @property
    def solve_below(self) -> int: ...
    @property
    def solve_drawing(self) -> int: ...
    @property
    def fuse(self) -> int | None: ...


class LineJudging:
    """The line games' part of the advice."""

    measure = "chance"  # ranked by the chance of winning the round, or the match
    weighs_idle = True  # a draw or a pass is played out too: its chances are shown
    policy: Policy = staticmethod(reader)  # how every seat plays a world out, unless asked otherwise
    solve_drawing = SOLVE_DRAWING
    solve_below = SOLVE_BELOW

    def refusal(self, r: Round, seat: int) -> str | None:
        """Why there is no move of this seat's to advise, in the table's words; None: there is."""
        if r.over:
            return f"round {r.number} is over: there is no move to advise"
        to_move = r.to_move()
        if to_move is not None and to_move != seat:
            whose = "yours" if seat == r.match.viewer else r.name(seat) + "s"
            return f"it is {r.name(to_move)}'s turn, not {whose}"
        return None

    def plays(self, r: Round, seat: int) -> list[tuple[Tile, Any]]:
        """The plays the advice weighs, from the seat's own hand: before the opening, those
        the lead rule allows it as if it opens, whatever the other hands (known only in a
        world played out) would say; after, the round's own (``Playing.plays``)."""
        if not r.layout.is_empty:
            return r.plays(seat)
        own: list[set[Tile] | None] = [r.hand_of(seat) if s == seat else None for s in range(r.match.seats)]
        return [(t, None) for s, t in lead.openings(r.rules, r.opening, own, seat) if s == seat]

    def joins(self, r: Round, seat: int, tile: Tile, place: Any) -> tuple[str | None, int | None]:
        """The side a play (as ``plays`` offers it) joins, and the number showing there;
        (None, None) for an opening."""
        if r.layout.is_empty:
            return None, None
        for e, on in r.layout.choices(tile, r.rules.all_fives):
            if on == place:
                return e.side, e.number
        raise ValueError(f"{tile} on {place} is not a play here")

    def goes_out(self, r: Round, seat: int, place: Any) -> bool:
        """Laid, the tile empties the hand (an opening is never the last tile)."""
        return not r.layout.is_empty and len(r.hand_of(seat)) == 1

    def explain(self, r: Round, seat: int, move: Explained, inf: Counting, forced: bool) -> list[str]:
        """Why the move, in words (``games.line.reasons``)."""
        return explain(r, seat, move, inf, forced)

    def stakes(self, r: Round, seat: int) -> Stakes | None:
        return stakes(r, seat)

    def side(self, r: Round, seat: int) -> int:
        """Whose chances these are: the seat's, or its team's."""
        return side_of(seat, r.rules)

    def partner(self, r: Round, seat: int) -> str | None:
        return self.partner_of(r.rules, r.names, seat)

    def partner_of(self, rules: Any, names: Sequence[str], seat: int) -> str | None:
        """The seat's partner, where the rules play in teams (the chances are the team's)."""
        return names[(seat + 2) % len(names)] if rules.partners else None

    def points_scored(self, r: Round) -> bool:
        """All Fives: points are scored in the round, and rollouts rank by points ahead."""
        return bool(r.rules.all_fives)

    def wins_at_once(self, r: Round, seat: int, tile: Tile | None, side: str | None, st: Stakes) -> bool:
        """Whether laying the tile scores the points that reach the match target."""
        if tile is None or not r.rules.all_fives:
            return False
        after = r.layout.place(tile, side) if side else r.layout.open_with(tile)
        scored = fives_points(after.fives_count())
        return (
            bool(st.target) and scored > 0 and st.before[st.me] + r.fives.get(st.me, 0) + scored >= st.target
        )

    def rollouts(self, ro: Asked, moves: Sequence[Move]) -> LineRollouts:
        """The worlds as the fast engine plays them out (and solves the small ones)."""
        return LineRollouts(
            ro.r,
            ro.seat,
            moves,
            ro.policy,
            ro.stakes,
            None if ro.inf is None else ro.inf.sample,
            None if ro.reads is None else ro.reads.log_weight,
            ro.solve_below,
            ro.solve_drawing,
            ro.fuse,
        )

    def search_tree(
        self,
        ro: Asked,
        moves: Sequence[Move],
        rng: random.Random,
        explore: float | None,
        allows: Allows,
        record: Record,
    ) -> int:
        """The moves searched by one tree over what the seat knows (``games.line.tree``;
        ``explore`` None: its own constant); the work done."""
        return search_tree(
            self.rollouts(ro, moves), rng, EXPLORE if explore is None else explore, allows, record
        )

    def self_play(self, rules: Rules, names: list[str], rng: random.Random) -> Round:
        """A round the advisor plays against itself (calibration, the soft reads' fit),
        played for the round alone: dealt fairly, every hand known; where the table
        chooses who opens, the dice choose."""
        rules = rules.with_overrides({"target": "0"})  # a round, played for the round
        hands, stock = shuffle_deal(rules, len(names), rng)
        match = Match(rules, names)
        match.apply(NewRound(1))
        r = match.playing
        setup_round(r, hands, stock)
        if r.opening == "chosen":
            r.turn = rng.randrange(len(names))
        return r

    def winning_side(self, r: Round) -> int | None:
        """The side that won the finished round (None: drawn)."""
        result = r.result()
        assert result is not None  # every hand is known to a round played out
        return None if result.winner is None else side_of(result.winner, r.rules)

    def hands_to_solve(self, r: Round, seat: int, inf: Any) -> list[set[Tile]] | None:
        """Both hands, where the round can be solved: two players, nothing to draw, every
        hidden tile's place certain (``inf`` None: every hand seen), and few enough tiles
        for the search to finish; else None."""
        if r.match.seats != 2 or (r.rules.draws and r.drawable):
            return None
        if inf is None:
            hands = [set(r.hand_of(s)) for s in range(2)]
        else:
            hands = [set(r.hand_of(seat)) if s == seat else set() for s in range(2)]
            for t in inf.unseen:
                owner = [loc for loc, v in inf.probability[t].items() if v == 1]
                if not owner:
                    return None
                if owner[0] is not None:
                    hands[owner[0]].add(t)
        return hands if sum(map(len, hands)) <= EXACT_MOST_TILES else None

    def solve(
        self, ro: Asked, hands: list[set[Tile]], moves: Sequence[Move], positions: int
    ) -> list[tuple[int, float]] | None:
        """Each move's exact value for the seat's side (and the match's chance where one
        is played for), or None where the search would outrun ``positions``."""
        r, seat, policy, st = ro.r, ro.seat, ro.policy, ro.stakes
        base = from_round(r, hands, [], seat)
        side = self.side(r, seat)
        memo: dict = {}
        match_memo: dict = {}
        left = [positions]
        values = []
        try:
            for move in moves:
                fr = base.clone()
                apply_candidate(fr, move, policy)
                value = solve(fr, side, memo, left)
                match = solve_value(fr, side, st.value, match_memo, left) if st is not None else 0.0
                values.append((value, match))
        except SearchTooBig:
            return None
        return values

    # -- after the game: the review and hindsight (learning.review, learning.hindsight) ------
    # the review counts the chances after each move: it notes the numbers a player certainly
    # lacks (with the moves that prove it) and each tile whose place became certain
    certainties = "counted"
    doubles_held = True  # the review notes a double you held through turns it could be played
    proves_hands = True  # hindsight takes a hand left unshown that the counting proves as shown
    splits_tried = 1  # the splits model every rule (the lead's too): one the play refuses is a misplay

    def judged(self, r: Round, seat: int) -> bool:
        """Whether the review judges a play of the seat's here: every play after the opening."""
        return not r.layout.is_empty

    def joined(self, r: Round, seat: int, tile: Tile, on: int | str | None) -> str | None:
        """The end a logged play joined (a move's ``side``, as the advice names it)."""
        return r.layout.resolve(tile, on, r.rules.all_fives)

    def picture(self, r: Round, seat: int) -> shapes.ReviewTableJson:
        """The tiles on the table and the seat's hand, for the review page's picture."""
        return {**r.layout.drawn(), "hand": [[t.high, t.low] for t in sorted(r.hand_of(seat), reverse=True)]}

    def result(self, r: Round) -> tuple[str, int | None, list[int]]:
        """How a finished round ended (out, blocked or target), who won it (None: drawn), and
        the points of each seat's side from it, the fives made in play too."""
        res = r.result()
        assert res is not None and r.how is not None
        seats = range(r.match.seats)
        points = {side_of(s, r.rules): r.fives.get(side_of(s, r.rules), 0) for s in seats}
        for side, pts in res.points.items():
            points[side] += pts
        return r.how, res.winner, [points[side_of(s, r.rules)] for s in seats]

    def opener(self, r: Round) -> int | None:
        """Who opens the round replayed in hindsight: who opened it in the game (where the
        lead rule leaves it to the table, the table's choice)."""
        return r.opener

    def splits(
        self, r: Round, seat: int, rng: random.Random, shown: dict[int, tuple[Tile, ...]]
    ) -> dict[int, Split] | None:
        """Each other seat's dealt hand and draws, as the play and the lead rule allow."""
        from domino_advisor.games.line.splits import splits

        return splits(r, seat, rng, shown)


JUDGING = LineJudging()

"""A match: rounds in order, the scores across them, and the target.

``Match.apply`` takes any event of the log; a round's own events go to its ``Round``.
"""

from __future__ import annotations

import copy

from domino_advisor.base.doubts import Doubt
from domino_advisor.base.errors import DominoError, IllegalMoveError
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Counts, Draw, Event, Has, Holds, NewRound, Pass, Play, Shows
from domino_advisor.games.line.lead import Opening
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.scoring import side_of
from domino_advisor.games.line.state import Round


class Match:
    """A match of rounds at one table; the log's whole meaning."""

    def __init__(self, rules: Rules, players: list[str], viewer: str | None = None):
        rules.check_players(len(players))
        self.rules = rules
        self.players = list(players)
        self.seats = len(players)
        self.viewer = None if viewer is None else players.index(viewer)
        self.rounds: list[Round] = []
        self.warnings: list[Doubt] = []
        # the points of the rounds before the last (settled: nothing changes them), and
        # how many: a long match's scores are not summed again from round 1 each time
        self._settled: tuple[int, dict[int, int]] = (0, {})

    def copy(self) -> Match:
        """An independent copy to try moves on (python-chess's Board.copy): far cheaper
        than a deep copy, since tiles, layouts and rules are immutable and shared."""
        other = copy.copy(self)
        other.players = list(self.players)
        other.warnings = list(self.warnings)
        other.rounds = [r.copy(other) for r in self.rounds]
        return other

    @property
    def round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def pending(self) -> int | None:
        """The round whose hand the log waits for: begun (``round N``), your hand not yet logged."""
        r = self.round
        return r.number if r is not None and not r.dealt_ready else None

    @property
    def shown(self) -> list[dict[int, tuple[Tile, ...]]]:
        """Per round, the hands shown at its end."""
        return [r.shown for r in self.rounds]

    @property
    def settled(self) -> list[set[int]]:
        """Per round, the seats whose pips left are known: yours, and those shown or counted."""
        mine = set() if self.viewer is None else {self.viewer}
        return [mine | set(r.revealed) for r in self.rounds]

    @property
    def playing(self) -> Round:
        """The current round, where one must have started (simulation, a replayed hand)."""
        if not self.rounds:
            raise IllegalMoveError("no round has started: begin with 'round 1' and your hand")
        return self.rounds[-1]

    @property
    def me(self) -> int:
        """Your seat in a logged match (a simulated one is seen by nobody in particular)."""
        if self.viewer is None:
            raise IllegalMoveError("this match is not seen from a seat: name yourself with [Me]")
        return self.viewer

    def seat(self, name: str) -> int:
        try:
            return self.players.index(name)
        except ValueError:
            raise IllegalMoveError(
                f"'{name}' is not at this table (the players are {', '.join(self.players)})"
            ) from None

    def possessive(self, seat: int) -> str:
        return "your" if seat == self.viewer else f"{self.players[seat]}'s"

    def scores(self) -> dict[int, int]:
        """Match points by side, every finished round's points included once known."""
        settled = max(0, len(self.rounds) - 1)
        done, points = self._settled
        if done > settled:
            done, points = 0, {}
        if done < settled:
            points = dict(points)  # a copy of the match may share the old one
            for r in self.rounds[done:settled]:
                _add_points(points, r)
            self._settled = (settled, points)
        totals = {side_of(s, self.rules): 0 for s in range(self.seats)}
        for side, pts in points.items():
            totals[side] += pts
        if self.rounds:
            _add_points(totals, self.rounds[-1])
        return totals

    def side_of(self, seat: int) -> int:
        """The seat's side: partners share one (``scoring.side_of``)."""
        return side_of(seat, self.rules)

    def player_scores(self) -> dict[str, int]:
        sides = self.scores()
        return {p: sides[side_of(s, self.rules)] for s, p in enumerate(self.players)}

    def match_winner(self) -> int | None:
        """The side that won the match, once a finished round settles it."""
        r = self.round
        res = r.result() if r is not None else None
        if res is None:
            return None
        if self.rules.single_round:
            return None if res.winner is None else side_of(res.winner, self.rules)
        if not self.finished:
            return None
        scores = self.scores()
        best = max(scores.values())
        leaders = [side for side, v in scores.items() if v == best]
        return leaders[0] if len(leaders) == 1 else None

    @property
    def finished(self) -> bool:
        r = self.round
        if r is None or r.result() is None:
            return False
        rules = self.rules
        if rules.single_round or (rules.rounds and len(self.rounds) >= rules.rounds):
            return True
        return bool(rules.target) and max(self.scores().values()) >= rules.target

    def start_round(self, number: int) -> Round:
        if self.rounds:
            prev = self.rounds[-1]
            if not prev.over:
                raise IllegalMoveError(f"round {prev.number} is still being played")
            if prev.result() is None:
                raise IllegalMoveError(
                    f"round {number} cannot start: round {prev.number}'s points are not known yet "
                    f"(log {', '.join(prev.missing_counts())} with 'shows' or 'counts')"
                )
            if self.finished:
                raise IllegalMoveError(f"the match is over{self._over_text()}")
        expected = len(self.rounds) + 1
        if number != expected:
            raise IllegalMoveError(f"this is round {expected}, not round {number}")
        opening, opener = self._next_opening()
        r = Round(self, number, opening, opener)
        self.rounds.append(r)
        return r

    def _over_text(self) -> str:
        if self.rules.single_round:
            return " (target=0: a single round)"
        if self.rules.rounds and len(self.rounds) >= self.rules.rounds:
            n = self.rules.rounds
            return f" (rounds={n}: {'the round is' if n == 1 else f'all {n} rounds are'} played)"
        scores = self.scores()
        leader = max(range(self.seats), key=lambda s: scores[side_of(s, self.rules)])
        return f": {self.players[leader]} reached {scores[side_of(leader, self.rules)]}"

    def _next_opening(self) -> tuple[Opening, int | None]:
        if not self.rounds:
            return ("chosen" if self.rules.lead == "chosen" else "lead", None)
        prev = self.rounds[-1]
        if self.rules.next_lead == "rotate" and prev.opener is not None:
            return ("fixed", (prev.opener + 1) % self.seats)
        if self.rules.next_lead == "winner":
            res = prev.result()
            if res and res.winner is not None:
                return ("fixed", res.winner)
        return ("chosen" if self.rules.lead == "chosen" else "lead", None)

    def apply(self, event: Event, line: int | None = None) -> list[Doubt]:
        """Apply one event, or raise and leave everything as it was; returns new warnings."""
        if isinstance(event, NewRound):
            self.start_round(event.number)
            return []
        seat = self.seat(event.player)
        r = self.round
        if r is None:
            if not isinstance(event, Holds):
                raise IllegalMoveError("no round has started: begin with 'round 1' and your hand")
            r = self.start_round(1)
            try:
                return self.apply(event, line)
            except Exception:
                self.rounds.pop()
                raise
        warnings: list[Doubt] = []
        if isinstance(event, Holds):
            if self.viewer is not None and seat != self.viewer:
                raise IllegalMoveError(
                    f"{event.player} holds ...: the log records only your own "
                    f"hand ({self.players[self.viewer]})"
                )
            if r.history:
                raise IllegalMoveError("your hand is logged at the start of the round, before any play")
            r.deal(seat, event.tiles)
            r.dealt_ready = True
        elif isinstance(event, Play):
            warnings = r.play(seat, event.tile, event.on, line)
        elif isinstance(event, Draw):
            warnings = r.draw(seat, event.count, event.tiles, line)
        elif isinstance(event, Pass):
            r.pass_(seat, line)
        elif isinstance(event, Shows):
            r.reveal(seat, event.tiles, None)
        elif isinstance(event, Counts):
            r.reveal(seat, None, event.pips)
        elif isinstance(event, Has):
            r.check_count(seat, event.count)
        self.warnings.extend(warnings)
        return warnings

    def skipped(self, event: Event) -> list[Pass]:
        """In a block game, players whose turn came before this play or pass passed: the
        only thing they could have done.  Nothing is taken as read in a draw game (nor in
        a train game, where every pass follows a draw)."""
        match = self
        r = match.round
        if (
            not isinstance(event, Play | Pass)
            or r is None
            or r.over
            or r.turn is None
            or match.rules.draws
            or r.layout.is_empty
            or event.player not in match.players
        ):
            return []
        seat = match.players.index(event.player)
        out = []
        s = r.turn
        while s != seat:
            if s == match.viewer:
                return []  # you know what you did: the log must say it
            out.append(Pass(match.players[s]))
            s = (s + 1) % match.seats
        if r.passes + len(out) + isinstance(event, Pass) >= match.seats - 1:
            return []  # the passes would (nearly) end the round: too much to take as read
        trial = match.copy()
        try:
            for p in out:
                trial.apply(p)
        except DominoError:
            return []
        return out

    def could_play(self) -> list[Tile]:
        """The unseen tiles that could join the table now: what a pass logged in place of a
        play might have been (the count check's hints)."""
        r = self.playing
        return [t for t in r.unseen() if r.layout.can_play(t)]


def _add_points(totals: dict[int, int], r: Round) -> None:
    """A round's points by side (its fives, and its result once known) added in."""
    for side, pts in r.fives.items():
        totals[side] = totals.get(side, 0) + pts
    res = r.result()
    if res:
        for side, pts in res.points.items():
            totals[side] = totals.get(side, 0) + pts

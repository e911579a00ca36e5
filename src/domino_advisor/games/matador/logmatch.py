"""A Matador match as one seat logged it: rounds in order (``round N``, your hand, then what
everyone does), each checked as far as that seat can see (``seat.MatadorSeatRound``), the points
of each finished round on its winner's total.  Who opens each round is the match's to
say: the first player named, then the last round's winner."""

from __future__ import annotations

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Event, Holds, NewRound, Pass
from domino_advisor.games.matador.rules import MatadorRules
from domino_advisor.games.matador.scoring import next_opener
from domino_advisor.games.matador.seat import MatadorSeatRound


class MatadorLogMatch:
    """The match from one seat: every event applied or refused, nothing changed."""

    most_wins = True  # each round's points to its winner; the most win

    def __init__(self, rules: MatadorRules, players: list[str], me: str):
        rules.check_players(len(players))
        self.rules, self.players, self.me = rules, list(players), me
        self.names = self.players
        self.viewer = self.players.index(me)
        self.rounds: list[MatadorSeatRound] = []
        self.pending: int | None = None  # a round announced, your hand not yet logged

    @property
    def match(self) -> MatadorLogMatch:
        """The match itself (the hub games' logs keep their match apart)."""
        return self

    @property
    def round(self) -> MatadorSeatRound | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def shown(self) -> list[dict[int, tuple[Tile, ...]]]:
        """Per round, the hands shown at its end."""
        return [r.shown for r in self.rounds]

    @property
    def settled(self) -> list[set[int]]:
        """Per round, the seats whose pips left are known: yours, and those shown or counted."""
        return [{self.viewer, *r.revealed} for r in self.rounds]

    @property
    def totals(self) -> list[int]:
        """Each player's points: every finished round's, to its winner."""
        out = [0] * len(self.players)
        for r in self.rounds:
            res = r.result()
            if res is not None and res.winner is not None:
                out[res.winner] += res.points
        return out

    @property
    def warnings(self) -> list[object]:
        return []

    @property
    def finished(self) -> bool:
        r = self.round
        if r is None or r.result() is None:
            return False
        return self.rules.single_round or max(self.totals) >= self.rules.target

    def winners(self) -> list[int]:
        """The most points (a tie shares it)."""
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def opener(self) -> int:
        """Who opens the next round (``scoring.next_opener``)."""
        r = self.round
        if r is None:
            return 0
        result = r.result()
        return next_opener(r.opener, None if result is None else result.winner, len(self.players))

    def to_count(self) -> list[int]:
        """The seats whose tiles left in the round just over are not yet shown or counted."""
        r = self.round
        if r is None or not r.over or self.pending is not None:
            return []
        return [s for s in range(len(self.players)) if r.counts[s] and r.pips(s) is None]

    def skipped(self, event: Event) -> list[Pass]:
        """Nothing is taken as read: every turn is logged."""
        return []

    def could_play(self) -> list[Tile]:
        return []

    def value(self, t: Tile) -> int:
        return t.pips

    def apply(self, event: Event, line: int | None = None) -> None:
        if isinstance(event, NewRound):
            self._new_round(event.number)
        elif isinstance(event, Holds):
            if self.pending is None:
                raise IllegalMoveError("your hand is logged once, right after 'round N'")
            if event.player != self.me:
                raise IllegalMoveError(
                    f"only your own hand is logged ('{self.me} holds ...'), not {event.player}'s"
                )
            r = MatadorSeatRound(self.rules, self.players, self.me, self.pending, self.opener())
            r.apply(event, line)
            self.rounds.append(r)
            self.pending = None
        elif self.pending is not None or self.round is None:
            raise IllegalMoveError(
                f"log your hand for round {self.pending or 1} first, like "
                f"'{self.me} holds {self.rules.top}-5 {self.rules.top - 1}-3 ...'"
            )
        else:
            r = self.round
            assert r is not None
            r.apply(event, line)

    def _new_round(self, number: int) -> None:
        done = len(self.rounds)
        if number != done + 1:
            raise IllegalMoveError(f"the next round is round {done + 1}, not round {number}")
        if self.pending is not None:
            raise IllegalMoveError(
                f"round {self.pending} has begun already: log your hand ('{self.me} holds ...')"
            )
        r = self.round
        if r is None:
            self.pending = number
            return
        if not r.over:
            raise IllegalMoveError(f"round {done} is not over yet")
        if r.result() is None:
            missing = ", ".join(self.players[s] for s in self.to_count())
            raise IllegalMoveError(
                f"round {number} cannot start: round {done}'s points are not known yet "
                f"(log {missing} with 'shows' or 'counts')"
            )
        if self.finished:
            raise IllegalMoveError("the match is over")
        self.pending = number

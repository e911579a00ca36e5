"""A Mexican Train or Chicken Foot log replayed from one seat: the same file format as
every log (tags, ``round N``, your hand, then what everyone does), checked by the rules
in ``trains`` or ``chicken`` with the same clear refusals.

A play names where it goes.  Mexican Train: its train, ``ana plays 12-5 on mexican``,
``bob plays 5-3 on ana``, ``me plays 12-9 on me`` (``on mine`` is read as your own).
Chicken Foot: ``on head`` while the head takes its toes, ``on 4-4`` while that double
takes its toes, ``on toe3`` for the line the third toe started.  Your draws name the
tile, the others' are counted (``bob draws 1``).  At the end of a round the others show
their hands or count their pips, which go on their totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.printable import plural
from domino_advisor.base.tiles import Tile, format_tiles, full_set
from domino_advisor.games.events import Counts, Draw, Event, Has, Holds, NewRound, Pass, Play, Shows
from domino_advisor.games.hub.match import HubMatch
from domino_advisor.games.hub.round import HubRound
from domino_advisor.games.hub.rules import HubRules
from domino_advisor.games.registry import game_for

MOST_PLAYERS = 8
AnyRules = HubRules
AnyRound = HubRound


def match_of(rules: HubRules, names: list[str]) -> HubMatch:
    """An empty match of the game these rules are for."""
    game: Any = game_for(rules.name)
    match: HubMatch = game.match_class(rules, names)
    return match


class HubLogMatch:
    """The match as one seat saw it: every event applied or refused, nothing changed."""

    most_wins = False  # pips left go on each total, the lowest winning

    def __init__(self, rules: AnyRules, players: list[str], me: str):
        self.rules, self.players, self.me = rules, list(players), me
        self.viewer = self.players.index(me)
        self.match = match_of(rules, self.players)
        self.pending: int | None = None  # a round announced, your hand not yet logged
        self.settled: list[set[int]] = []  # per round: the seats whose pips are on their totals
        self.shown: list[dict[int, tuple[Tile, ...]]] = []  # per round: the hands shown at its end

    @property
    def round(self) -> AnyRound | None:
        return self.match.round

    @property
    def rounds(self) -> Sequence[AnyRound]:
        return self.match.rounds

    @property
    def totals(self) -> list[int]:
        return self.match.totals

    @property
    def warnings(self) -> list[object]:
        """Doubts the log raised (the line games keep them; nothing here yet)."""
        return []

    def to_count(self) -> list[int]:
        """The seats whose tiles left in the round just over are not yet on their totals
        (shown or counted); one who went out has none to count."""
        r = self.round
        if r is None or not r.over or self.pending is not None:
            return []
        return [s for s in range(len(self.players)) if r.counts[s] and s not in self.settled[-1]]

    def skipped(self, event: Event) -> list[Pass]:
        """Nothing is taken as read: every pass here follows a draw (a block game's
        skipped players are the line games')."""
        return []

    def could_play(self) -> list[Tile]:
        """A pass here follows a draw: the count check's hints do not look for a play."""
        return []

    def apply(self, event: Event, line: int | None = None) -> None:
        if isinstance(event, NewRound):
            self._new_round(event.number)
        elif isinstance(event, Holds):
            self._holds(event)
        elif self.pending is not None or self.round is None:
            raise IllegalMoveError(
                f"log your hand for round {self.pending or 1} first, like "
                f"'{self.me} holds {self.rules.top}-5 {self.rules.top - 1}-3 ...'"
            )
        elif isinstance(event, (Shows, Counts)):
            self._reveal(event)
        elif isinstance(event, Has):
            self._check_count(event)
        else:
            self._move(event, line)

    def _new_round(self, number: int) -> None:
        done = len(self.rounds)
        if number != done + 1:
            raise IllegalMoveError(f"the next round is round {done + 1}, not round {number}")
        if self.round is not None and not self.round.over:
            raise IllegalMoveError(f"round {done} is not over yet")
        if done >= self.rules.round_count:
            rounds = self.rules.round_count
            raise IllegalMoveError(f"the match had {rounds} round{'' if rounds == 1 else 's'}: it is over")
        if self.pending is not None:
            raise IllegalMoveError(
                f"round {self.pending} has begun already: log your hand ('{self.me} holds ...')"
            )
        self.pending = number

    def _holds(self, event: Holds) -> None:
        if event.player != self.me:
            raise IllegalMoveError(
                f"only your own hand is logged ('{self.me} holds ...'), not {event.player}'s"
            )
        if self.pending is None:
            raise IllegalMoveError("your hand is logged once, right after 'round N'")
        hands: list[tuple[Tile, ...] | None] = [None] * len(self.players)
        hands[self.viewer] = event.tiles
        size = self.rules.hand_size(len(self.players))
        engine = self.rules.engine(self.pending)
        if len(set(event.tiles)) != len(event.tiles):
            raise IllegalMoveError(f"a tile is written twice in {format_tiles(event.tiles)}")
        if len(event.tiles) != size:
            raise IllegalMoveError(
                f"a hand here is {size} tiles, not {len(event.tiles)}"
                if len(event.tiles) != 1
                else f"a hand here is {size} tiles, not one"
            )
        if Tile(engine, engine) in event.tiles:
            raise IllegalMoveError(
                f"{engine}-{engine} is this round's {self.rules.hub_word}, set aside before the deal"
            )
        self.match.start(hands).viewer = self.viewer
        self.settled.append({self.viewer})
        self.shown.append({})
        self.pending = None

    def _move(self, event: Event, line: int | None) -> None:
        r = self.round
        assert r is not None
        if not isinstance(event, (Play, Draw, Pass)):
            raise IllegalMoveError(f"'{event}' is not something a player does on a turn")
        if isinstance(event, Draw) and event.player == self.me and event.tiles is None:
            raise IllegalMoveError("say which tile you drew, like 'me draws 7-3'")
        if isinstance(event, Draw) and event.player != self.me and event.tiles is not None:
            raise IllegalMoveError(
                f"you cannot see which tile {event.player} drew: write '{event.player} draws 1'"
            )
        self._seat(event.player)
        self.match.apply(event, line)

    def _seat(self, name: str) -> int:
        if name not in self.players:
            raise IllegalMoveError(
                f"'{name}' is not at this table (the players are {', '.join(self.players)})"
            )
        return self.players.index(name)

    def _reveal(self, event: Shows | Counts) -> None:
        r = self.round
        assert r is not None
        seat = self._seat(event.player)
        if not r.over:
            raise IllegalMoveError("hands are shown or counted when the round is over")
        if seat in self.settled[-1]:
            raise IllegalMoveError(f"{event.player}'s pips for round {r.number} are already counted")
        if isinstance(event, Shows):
            if len(event.tiles) != r.counts[seat]:
                raise IllegalMoveError(
                    f"{event.player} holds {plural(r.counts[seat], 'tile')}, not {len(event.tiles)}"
                )
            seen = set(r.hands[self.viewer] or ()) | {r.engine} | r.placed
            seen |= {t for tiles in self.shown[-1].values() for t in tiles}
            clash = [t for t in event.tiles if t in seen]
            if clash:
                raise IllegalMoveError(
                    f"{format_tiles(clash)} cannot be in {event.player}'s hand: already seen"
                )
            pips = sum(self.value(t) for t in event.tiles)
            self.shown[-1][seat] = event.tiles
        else:
            if r.counts[seat] == 0 and event.pips:
                raise IllegalMoveError(f"{event.player} went out: no pips to count")
            least, most = self._bounds(r, seat)
            n = r.counts[seat]
            if not least <= event.pips <= most:
                bound = f"at most {most}" if event.pips > most else f"at least {least}"
                tiles = "tile holds" if n == 1 else "tiles hold"
                raise IllegalMoveError(f"{event.player}'s {n} {tiles} {bound} pips among the tiles unseen")
            pips = event.pips
        self.match.totals[seat] += pips
        self.settled[-1].add(seat)

    def value(self, t: Tile) -> int:
        """What a tile left in a hand counts: its pips, the double-blank 0 or 50."""
        return self.rules.blank_double if t == Tile(0, 0) else t.pips

    def _bounds(self, r: AnyRound, seat: int) -> tuple[int, int]:
        """The fewest and the most pips a hidden hand of this size can hold, among the tiles
        still unseen (a count outside them is a slip of the tongue or of the log)."""
        seen = set(r.hands[self.viewer] or ()) | {r.engine} | r.placed
        seen |= {t for tiles in self.shown[-1].values() for t in tiles}
        values = sorted(self.value(t) for t in full_set(self.rules.top) if t not in seen)
        n = r.counts[seat]
        return sum(values[:n]), sum(values[len(values) - n :]) if n else 0

    def _check_count(self, event: Has) -> None:
        r = self.round
        assert r is not None
        seat = self._seat(event.player)
        if r.counts[seat] != event.count:
            raise IllegalMoveError(
                f"the log gives {event.player} {plural(r.counts[seat], 'tile')}, not {event.count}: "
                "an event is missing or wrong (look at the last draws and plays)"
            )


def written(m: HubLogMatch, event: Event) -> Event:
    """A play as the log keeps it: where it went, as the table names it (the one place it
    fits, when the player left it out; else the game's own words for the place)."""
    if not isinstance(event, Play):
        return event
    r = m.round
    if event.on is None and r is not None and not r.over and event.player in m.players:
        fits = r.fits(m.players.index(event.player), event.tile)
        return Play(event.player, event.tile, r.place_name(fits[0])) if len(fits) == 1 else event
    game: Any = game_for(m.rules.name)
    named: Event = game.name_place(m, event)
    return named


__all__ = ["MOST_PLAYERS", "HubLogMatch", "match_of", "written"]

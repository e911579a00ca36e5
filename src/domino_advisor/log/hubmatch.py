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
from typing import TYPE_CHECKING, cast

from domino_advisor.base.errors import IllegalMoveError, NotationError, RulesError
from domino_advisor.base.printable import excerpt
from domino_advisor.base.tiles import Tile, format_tiles, full_set
from domino_advisor.games.chicken.match import ChickenMatch
from domino_advisor.games.chicken.rules import GAME as CHICKEN
from domino_advisor.games.chicken.rules import ChickenRules
from domino_advisor.games.chicken.state import HEAD, ChickenRound, place_word
from domino_advisor.games.events import Counts, Draw, Event, Has, Holds, NewRound, Pass, Play, Shows
from domino_advisor.games.trains.match import TrainMatch
from domino_advisor.games.trains.rules import GAME, TrainRules
from domino_advisor.games.trains.state import MEXICAN, TrainRound

if TYPE_CHECKING:
    from domino_advisor.base import shapes

MOST_PLAYERS = 8
GAMES: dict[str, type[TrainRules] | type[ChickenRules]] = {GAME: TrainRules, CHICKEN: ChickenRules}
AnyRules = TrainRules | ChickenRules
AnyRound = TrainRound | ChickenRound


def match_of(rules: AnyRules, names: list[str]) -> TrainMatch | ChickenMatch:
    """An empty match of the game these rules are for."""
    return ChickenMatch(rules, names) if isinstance(rules, ChickenRules) else TrainMatch(rules, names)


def rules_from(setting: str, game: str = GAME) -> AnyRules:
    """The rules a log's ``[Set "..."]`` tag names (``set=9 blank_double=50``) for its game."""
    pairs = {}
    for word in setting.split():
        key, eq, value = word.partition("=")
        if not eq:
            raise RulesError(f"'{excerpt(word)}': write a rule as key=value, like set=9")
        if key in pairs:
            raise RulesError(f"'{excerpt(setting, 60)}' sets {excerpt(key)} twice: keep one")
        pairs[key] = value
    return GAMES[game]().with_settings(pairs)


class TrainLogMatch:
    """The match as one seat saw it: every event applied or refused, nothing changed."""

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
        self.match.start(hands)
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
                raise IllegalMoveError(f"{event.player} holds {r.counts[seat]} tiles, not {len(event.tiles)}")
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
                f"the log gives {event.player} {r.counts[seat]} tiles, not {event.count}: "
                "an event is missing or wrong (look at the last draws and plays)"
            )


def written(m: TrainLogMatch, event: Event) -> Event:
    """A play as the log keeps it: its train by the owner's name as the table spells it
    (``on mine`` is the player's own; typed, any start of one name), or ``mexican``
    (typed, ``m`` or ``mex``)."""
    if not isinstance(event, Play):
        return event
    r = m.round
    if event.on is None and r is not None and not r.over and event.player in m.players:
        fits = r.fits(m.players.index(event.player), event.tile)
        return Play(event.player, event.tile, r.place_name(fits[0])) if len(fits) == 1 else event
    if isinstance(m.rules, ChickenRules):
        place = _chicken_place(event, m.rules.top)
        if r is not None and place.on == str(r.engine):
            return Play(event.player, event.tile, HEAD)  # the head by its name
        return place
    if not isinstance(event.on, str):
        return event
    word = event.on.lower()
    named = [p for p in m.players if p.lower() == word]
    if named:
        return Play(event.player, event.tile, named[0])
    if word in (MEXICAN, "m", "mex"):
        return Play(event.player, event.tile, MEXICAN)
    if word in ("mine", "own"):
        return Play(event.player, event.tile, event.player)
    started = [p for p in m.players if p.lower().startswith(word)]  # typed: any start of one name
    if len(started) == 1 and not MEXICAN.startswith(word):
        return Play(event.player, event.tile, started[0])
    if len(started) > 1:
        names = " or ".join(f"{p}'s" for p in started)
        raise NotationError(f"'on {excerpt(event.on)}' could be {names} train: write more of the name")
    return event


def _chicken_place(event: Play, top: int) -> Play:
    """A Chicken Foot place as the log keeps it: ``head`` (typed, ``h``), ``toe3``
    (typed, ``t3``), a double as a tile (``44`` is ``4-4``)."""
    place = place_word(event.on, top) if isinstance(event.on, str) else None
    return event if place is None else Play(event.player, event.tile, place)  # else the rules refuse it


def table_of(m: TrainLogMatch) -> shapes.HubStatus:
    """The table for people and programs: each train, who may play where, your hand,
    the tiles in front of each player, the boneyard, the totals (``trainseat.status_of``
    adds the counting)."""
    r = m.round
    out: shapes.TrainStatus = {  # Chicken Foot's shape has the same keys up to the round's own
        "game": m.rules.name,
        "round": len(m.rounds),
        "players": [],
        "scores": dict(zip(m.players, m.totals, strict=True)),
    }
    if m.pending is not None:
        out["waiting_for_hand"] = m.pending
    if m.match.finished and len(m.settled[-1]) == len(m.players):  # every hand counted
        best = min(m.totals)
        out["match_over"] = True
        out["match_winner"] = [p for p, t in zip(m.players, m.totals, strict=True) if t == best]
    if r is None:
        return out
    out.update(
        {
            "over": r.over,
            "to_move": None if r.over else m.players[r.turn],
            "boneyard": r.boneyard,
            "hand": [str(t) for t in sorted(r.hands[m.viewer] or (), reverse=True)],
            "winner": None if r.winner is None else m.players[r.winner],
        }
    )
    if isinstance(r, ChickenRound):
        return _chicken_table(m, r, cast("shapes.ChickenStatus", out))  # no player listed yet
    out.update(
        {
            "engine": str(r.engine),
            "double": None if r.double is None else r.place_name(r.double),
            "trains": [
                {
                    "train": r.place_name(key),
                    "tiles": [str(t) for t in train.tiles],
                    "end": train.end,
                    "marker": train.marker,
                }
                for key, train in r.trains.items()
            ],
        }
    )
    for s, name in enumerate(m.players):
        out["players"].append(
            {"name": name, "tiles": r.counts[s], "may_play_on": [r.place_name(k) for k in r.open_to(s)]}
        )
    yours = r.for_next(m.viewer)  # the player before you laying a chain: your move would end it
    if not yours.over and yours.turn == m.viewer:
        out["your_plays"] = [f"{t} on {r.place_name(k)}" for t, k in yours.plays(m.viewer)]
    if r.chain is not None:
        out["chain"] = m.players[r.chain]
    return out


def _chicken_table(m: TrainLogMatch, r: ChickenRound, out: shapes.ChickenStatus) -> shapes.ChickenStatus:
    w = None if r.over else r.waiting
    out.update(
        {
            "head": str(r.engine),
            "waiting": None
            if w is None
            else {"double": r.place_name(w.double), "toes": w.have, "needs": w.need},
            "lines": [
                {
                    "line": r.place_name(k),
                    "from": r.place_name(x.root) if x.root is not None else HEAD,
                    "tiles": [str(t) for t in x.tiles],
                    "end": x.end,
                    "closed": x.closed,
                }
                for k, x in enumerate(r.lines)
            ],
            "open": [] if r.over else [r.place_name(p) for p in r.open_places()],
        }
    )
    for s, name in enumerate(m.players):
        out["players"].append({"name": name, "tiles": r.counts[s]})
    if not r.over and r.turn == m.viewer:
        out["your_plays"] = [f"{t} on {r.place_name(p)}" for t, p in r.plays(m.viewer)]
    return out


__all__ = ["CHICKEN", "GAMES", "MEXICAN", "MOST_PLAYERS", "TrainLogMatch", "rules_from", "table_of"]

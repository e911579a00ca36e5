"""The round state machine: apply an event, or refuse it and change nothing.

One engine serves both a logged game (only your hand is known: ``viewer`` is your
seat) and a simulated one (every hand and the boneyard order are known).  Every
check is made against what is known, so a simulated game is checked exactly and a
logged one as far as your seat can see.  ``apply`` validates first and mutates
after, so a refused event leaves the state as it was.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Literal, Protocol

from domino_advisor.base.doubts import Doubt
from domino_advisor.base.errors import CountMismatch, IllegalMoveError
from domino_advisor.base.printable import describe_numbers, plural
from domino_advisor.base.tiles import Tile, format_tiles, full_set, sort_tiles
from domino_advisor.games.events import Event
from domino_advisor.games.line import lead
from domino_advisor.games.line.layout import Layout
from domino_advisor.games.line.playing import Playing
from domino_advisor.games.line.record import Acted
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.scoring import Result, fives_points, score_blocked, score_out, side_of


class MatchFacts(Protocol):
    """What a round reads of the match it is part of (``match.Match``: the table, the
    seat the log is kept from, the scores so far), so the two modules import one way."""

    rules: Rules
    players: list[str]
    seats: int
    viewer: int | None

    @property
    def me(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    def seat(self, name: str) -> int: ...

    def possessive(self, seat: int) -> str: ...

    def scores(self) -> dict[int, int]: ...

    @property
    def round(self) -> Round | None: ...

    rounds: list[Round]

    def apply(self, event: Event, line: int | None = None) -> list[Doubt]: ...

    def copy(self) -> MatchFacts: ...


def _where(line: int | None) -> str:
    return f" (line {line})" if line else ""


class Round(Playing):
    """One hand of dominoes from the deal to the count."""

    match: MatchFacts

    def __init__(self, match: MatchFacts, number: int, opening: lead.Opening, opener: int | None):
        self.match = match
        self.rules = match.rules
        self.number = number
        self.opening = opening  # "lead" (the lead rule), "fixed" (a set seat, any tile) or "chosen"
        self.fixed_opener = opener
        n = match.seats
        self.hands: list[set[Tile] | None] = [None] * n
        self.dealt: list[tuple[Tile, ...] | None] = [None] * n
        self.counts = [self.rules.hand_size(n)] * n
        self.boneyard = self.rules.tile_count - n * self.rules.hand_size(n)
        self.stock: list[Tile] | None = None  # the boneyard in order, when known (simulation)
        self.layout = Layout.empty(
            self.rules.spinner == "first-double",
            self.rules.spinner_opens,
            self.rules.spinner == "every-double",
        )
        self.placed: dict[Tile, tuple[int, int]] = {}  # tile -> (seat, turn)
        self.shown: dict[int, tuple[Tile, ...]] = {}
        self.revealed: dict[int, int] = {}  # seat -> pips shown or counted
        self.turn: int | None = opener if opening == "fixed" else None
        self.turn_no = 0
        self.opener: int | None = None
        self.passes = 0
        self.drew: list[int] = [0] * n  # tiles drawn in the current turn
        self.history: list[Acted] = []
        self.fives: dict[int, int] = {}  # side -> All Fives points scored in play
        self.over = False
        self.how: Literal["out", "blocked", "target"] | None = None
        self.out: int | None = None
        self.voids: list[dict[int, str]] = [dict() for _ in range(n)]  # direct evidence
        self.dealt_ready = False

    def copy(self, match: MatchFacts) -> Round:
        """An independent copy belonging to ``match`` (a copy of this round's match):
        its own hands, counts and history; the immutable values (the layout, tiles, the
        acted moves) are shared."""
        other = copy.copy(self)
        other.match = match
        other.hands = [None if h is None else set(h) for h in self.hands]
        other.dealt = list(self.dealt)
        other.counts = list(self.counts)
        other.stock = None if self.stock is None else list(self.stock)
        other.placed = dict(self.placed)
        other.shown = dict(self.shown)
        other.revealed = dict(self.revealed)
        other.drew = list(self.drew)
        other.history = list(self.history)
        other.fives = dict(self.fives)
        other.voids = [dict(v) for v in self.voids]
        return other

    # -- what is known ----------------------------------------------------------------
    @property
    def drawable(self) -> int:
        return max(0, self.boneyard - self.rules.reserve)

    def name(self, seat: int) -> str:
        return self.match.players[seat]

    def seen(self) -> set[Tile]:
        """Tiles whose place is known: on the table, in a known hand, or shown."""
        out = set(self.placed)
        for h in self.hands:
            if h is not None:
                out |= h
        for tiles in self.shown.values():
            out.update(tiles)
        if self.stock is not None:
            out.update(self.stock)
        return out

    def hand_of(self, seat: int) -> set[Tile]:
        """A hand the table knows: yours in a log, every hand in a simulation."""
        hand = self.hands[seat]
        if hand is None:
            raise IllegalMoveError(f"{self.match.possessive(seat)} hand is not known")
        return hand

    def unseen(self) -> list[Tile]:
        seen = self.seen()
        return [t for t in full_set(self.rules.top) if t not in seen]

    def pips(self, seat: int) -> int | None:
        """The pips left in a hand, if known or deducible."""
        if self.counts[seat] == 0:
            return 0
        hand = self.hands[seat]
        if hand is not None:
            return sum(t.pips for t in hand)
        if seat in self.revealed:
            return self.revealed[seat]
        unknown = [
            s
            for s in range(self.match.seats)
            if self.counts[s] and self.hands[s] is None and s not in self.shown
        ]
        if unknown == [seat] and self.boneyard == 0:
            return sum(t.pips for t in self.unseen())
        return None

    def result(self) -> Result | None:
        """How the round was won and scored, once the hands that matter are known."""
        if not self.over:
            return None
        seats = range(self.match.seats)
        if self.how == "target":
            return Result("target", self.out)
        if self.how == "blocked" and self.rules.blocked == "none":
            return score_blocked([0] * self.match.seats, self.rules)
        known = [self.pips(s) for s in seats]
        if self.how == "out" and self.out is not None:
            winner = self.out
            need = [
                s
                for s in seats
                if s != winner
                and (self.rules.out == "all" or side_of(s, self.rules) != side_of(winner, self.rules))
            ]
            if any(known[s] is None for s in need):
                return None
            return score_out(winner, [p or 0 for p in known], self.rules)
        pips = [p for p in known if p is not None]
        if len(pips) < len(known):
            return None
        return score_blocked(pips, self.rules)

    def missing_counts(self) -> list[str]:
        return [self.name(s) for s in range(self.match.seats) if self.pips(s) is None]

    def to_move(self) -> int | None:
        """Who acts next; before the opening, the seat the lead rule and the known hands
        name (None while the table has yet to see who opens)."""
        if self.over or not self.dealt_ready:
            return None
        if self.turn is None and self.layout.is_empty:
            return lead.certain_opener(self.rules, self.opening, self.hands, self.fixed_opener)
        return self.turn

    def cannot_hold(self, seat: int) -> list[int]:
        """Numbers a seat certainly lacks from direct evidence: voids, counting, an empty hand."""
        top = self.rules.top
        if self.counts[seat] == 0:
            return list(range(top + 1))
        hand = self.hands[seat]
        if hand is not None:
            held = {n for t in hand for n in (t.high, t.low)}
            return [n for n in range(top + 1) if n not in held]
        unseen = self.unseen()
        gone = {n for n in range(top + 1) if not any(t.bears(n) for t in unseen)}
        return sorted(set(self.voids[seat]) | gone)

    # -- checks ---------------------------------------------------------------------------
    def _owner_text(self, tile: Tile) -> str | None:
        """Where a tile already is, in words, or None if it could be anywhere hidden."""
        if tile in self.placed:
            seat, turn = self.placed[tile]
            return f"{tile} is already on the table ({self.name(seat)}, turn {turn})"
        for s, h in enumerate(self.hands):
            if h is not None and tile in h:
                return f"{tile} is in {self.match.possessive(s)} hand"
        for s, tiles in self.shown.items():
            if tile in tiles:
                return f"{tile} was shown by {self.name(s)}"
        return None

    def _check_turn(self, seat: int, doing: str) -> None:
        if self.over and self.how == "target" and self.out is not None:
            raise IllegalMoveError(
                f"the match is over: {self.name(self.out)} reached the target "
                f"of {self.rules.target} in round {self.number}"
            )
        if self.over:
            raise IllegalMoveError(
                f"round {self.number} is over: nobody {doing} now "
                "(log the hands with 'shows' or 'counts', or start the next round)"
            )
        if not self.dealt_ready:
            raise IllegalMoveError(
                f"round {self.number} has not been dealt: log your hand first "
                f"('{self.match.players[self.match.viewer or 0]} holds ...')"
            )
        if self.turn is not None and seat != self.turn:
            whose = "yours" if seat == self.match.viewer else f"{self.name(seat)}'s"
            turn = "your" if self.turn == self.match.viewer else f"{self.name(self.turn)}'s"
            raise IllegalMoveError(f"it is {turn} turn, not {whose}")

    def _fit(self, tile: Tile) -> str:
        """The open ends a tile plays on, in words: '6', or '3 and 5'."""
        return describe_numbers(sorted({e.number for e in self.layout.options(tile)}))

    def _playable(self, seat: int) -> list[Tile]:
        h = self.hands[seat]
        return [] if h is None else sort_tiles(t for t in h if self.layout.can_play(t))

    def _check_opening(self, seat: int, tile: Tile) -> None:
        why = lead.refusal(self.rules, self.opening, seat, tile, self.hands)
        if why is None:
            return
        holder = "you hold" if why.holder == self.match.viewer else f"{self.name(why.holder)} holds"
        base = f"{self.name(seat)} cannot open with {tile}"
        if why.kind == "higher-double":
            rule = (
                "the highest double opens (lead=highest-double)"
                if self.rules.lead == "highest-double"
                else "the holder of the highest double leads"
            )
            raise IllegalMoveError(f"{base}: {holder} {why.tile}, a higher double, and {rule}")
        if why.kind == "a-double":
            raise IllegalMoveError(
                f"{base}: {holder} {why.tile}, a double, and the highest double opens (lead=highest-double)"
            )
        if why.kind == "heavier":
            raise IllegalMoveError(
                f"{base}: {holder} {why.tile}, a heavier tile, and with no double "
                "dealt the heaviest tile opens"
            )
        you = "you" if seat == self.match.viewer else self.name(seat)
        raise IllegalMoveError(
            f"{base}: {holder} no double, so {you} cannot lead (the highest "
            f"double leads, or {self.match.players[0]} if nobody has one)"
        )

    # -- applying events -------------------------------------------------------------
    def deal(self, seat: int, tiles: tuple[Tile, ...]) -> None:
        """Give a seat its known hand (yours in a log; every seat in a simulation)."""
        size = self.rules.hand_size(self.match.seats)
        who = self.match.players[seat]
        if self.hands[seat] is not None:
            raise IllegalMoveError(f"{who}'s hand for round {self.number} is already logged")
        if len(tiles) != size:
            you = "you hold" if seat == self.match.viewer else f"{who} holds"
            n = len(tiles)
            said = f"{you} {n} tile{'s' if n != 1 else ''}, but each player is dealt {size}"
            if n * self.match.seats + self.rules.reserve <= self.rules.tile_count:  # a deal a table may use
                said += f" under these rules; if your table deals {n}, that is the rule hand={n}"
                said += f" (new ... --set hand={n})" if self.number == 1 else f' (the tag [Set "hand={n}"])'
            raise IllegalMoveError(said)
        for t in tiles:
            where = self._owner_text(t)
            if where:
                raise IllegalMoveError(where)
        self.hands[seat] = set(tiles)
        self.dealt[seat] = tuple(tiles)

    def play(self, seat: int, tile: Tile, on: int | str | None, line: int | None) -> list[Doubt]:
        self._check_turn(seat, "plays")
        hand = self.hands[seat]
        if hand is not None and tile not in hand:
            you = "you do not" if seat == self.match.viewer else f"{self.name(seat)} does not"
            raise IllegalMoveError(f"{you} hold {tile}")
        if hand is None:
            where = self._owner_text(tile)
            if where:
                raise IllegalMoveError(f"{self.name(seat)} cannot play {tile}: {where}")
        opening = self.layout.is_empty
        if opening and self.turn is None:
            self._check_opening(seat, tile)
        side = self.layout.resolve(tile, on, self.rules.all_fives)
        new_layout = self.layout.open_with(tile) if side is None else self.layout.place(tile, side)
        warnings: list[Doubt] = []
        if hand is None and not opening:
            warnings = self._contradictions(seat, tile, line)
        # all checks passed: change the state
        ends = tuple(self.layout.numbers)
        joined = None if side is None else self.layout.end(side)
        met = None if joined is None else joined.number
        self.layout = new_layout
        self.turn_no += 1
        self.placed[tile] = (seat, self.turn_no)
        if hand is not None:
            hand.discard(tile)
        if self.drew[seat] and hand is None:
            self.voids[seat] = {n: self.voids_source(seat, ends, "drew", line) for n in ends}
        self.counts[seat] -= 1
        self.history.append(Acted(seat, "play", tile, ends=ends, line=line, side=side, met=met))
        if opening:
            self.opener = seat
        self.passes = 0
        self.drew[seat] = 0
        if self.rules.all_fives:
            pts = fives_points(self.layout.fives_count())
            if pts:
                team = side_of(seat, self.rules)
                self.fives[team] = self.fives.get(team, 0) + pts
                if self.rules.target and self.match.scores()[team] >= self.rules.target:
                    # the first to reach the target wins the match there and then
                    self.over, self.how, self.out, self.turn = True, "target", seat, None
                    return warnings
        if self.counts[seat] == 0:
            self.over, self.how, self.out, self.turn = True, "out", seat, None
        else:
            self.turn = (seat + 1) % self.match.seats
        return warnings

    def voids_source(self, seat: int, ends: Iterable[int], verb: str, line: int | None) -> str:
        return f"{self.name(seat)} {verb} on {describe_numbers(sorted(set(ends)))}{_where(line)}"

    def _contradictions(self, seat: int, tile: Tile, line: int | None) -> list[Doubt]:
        out = []
        for n in sorted({tile.high, tile.low}):
            source = self.voids[seat].get(n)
            if source:
                out.append(
                    Doubt(
                        "misplay",
                        f"{self.name(seat)} plays {tile}{_where(line)}, but "
                        f"{source} and has not drawn since, so held no {n}: a misplay "
                        "or a mistyped line",
                        seat,
                        tile,
                        line,
                    )
                )
                del self.voids[seat][n]
        return out

    def draw(self, seat: int, count: int, tiles: tuple[Tile, ...] | None, line: int | None) -> list[Doubt]:
        """Draw ``count`` tiles (``tiles``: which, where they are seen); a hidden draw right
        after the same player's is more drawing in the same turn, and a doubt says so:
        legal, but a line logged twice reads the same."""
        self._check_turn(seat, "draws")
        who = self.name(seat)
        if not self.rules.draws:
            raise IllegalMoveError(
                f"{who} cannot draw: this is a block game (draw=none); a player who cannot play passes"
            )
        if self.layout.is_empty:
            raise IllegalMoveError(f"{who} cannot draw before the first tile is played")
        if count > self.drawable:
            keep = f", {self.rules.reserve} must stay in the boneyard" if self.rules.reserve else ""
            raise IllegalMoveError(
                f"{who} cannot draw {count}: only {self.drawable} "
                f"can be drawn ({self.boneyard} in the boneyard{keep})"
            )
        if count < 1:
            raise IllegalMoveError(f"{who} draws {count}: a draw is at least one tile")
        hand = self.hands[seat]
        playable = self._playable(seat)
        if playable:
            you = "you hold" if seat == self.match.viewer else f"{who} holds"
            raise IllegalMoveError(
                f"{who} cannot draw: {you} {playable[0]}, which plays on {self._fit(playable[0])}"
            )
        if hand is not None and tiles is None:
            raise IllegalMoveError(f"{who} drew {count}: write which tiles, like '{who} draws 6-4 1-0'")
        if hand is None and tiles is not None:
            if self.match.viewer is not None:
                raise IllegalMoveError(
                    f"{who}'s draws are hidden: write how many, like '{who} draws {count}'"
                )
            tiles = None
        if tiles is not None:
            for t in tiles:
                where = self._owner_text(t) if self.stock is None else None
                if where:
                    raise IllegalMoveError(where)
            if self.stock is not None and list(tiles) != self.stock[:count]:
                raise IllegalMoveError(
                    f"{who} draws {format_tiles(tiles)}, but the boneyard's "
                    f"top is {format_tiles(self.stock[:count])}"
                )
            for t in tiles[:-1]:
                if self.layout.can_play(t):
                    raise IllegalMoveError(
                        f"{who} would have stopped drawing at {t}, which plays on {self._fit(t)}"
                    )
        last = self.history[-1] if self.history else None
        again = hand is None and last is not None and last.kind == "draw" and last.seat == seat
        ends = tuple(self.layout.numbers)
        self.boneyard -= count
        if self.stock is not None:
            del self.stock[:count]
        if hand is not None and tiles is not None:
            hand.update(tiles)
        else:
            self.voids[seat] = {}
        self.counts[seat] += count
        self.drew[seat] += count
        self.history.append(Acted(seat, "draw", count=count, tiles=tiles, ends=ends, line=line))
        if not again:
            return []
        text = (
            f"{who} draws again{_where(line)} with no play between: {self.drew[seat]} tiles this turn "
            "in all, taken as one turn's drawing; if a draw was logged twice, undo it"
        )
        return [Doubt("redraw", text, seat, None, line, at=(self.number, self.turn_no))]

    def pass_(self, seat: int, line: int | None) -> None:
        self._check_turn(seat, "passes")
        who = self.name(seat)
        if self.layout.is_empty:
            raise IllegalMoveError(f"{who} cannot pass before the first tile is played")
        playable = self._playable(seat)
        if playable:
            you = "you hold" if seat == self.match.viewer else f"{who} holds"
            raise IllegalMoveError(
                f"{who} cannot pass: {you} {playable[0]}, which plays on {self._fit(playable[0])}"
            )
        if self.rules.draws and self.drawable:
            n = self.drawable
            raise IllegalMoveError(f"{who} cannot pass: {n} tile{'s' if n != 1 else ''} can still be drawn")
        ends = tuple(self.layout.numbers)
        if self.hands[seat] is None:
            if self.drew[seat]:
                self.voids[seat] = {}
            source = self.voids_source(seat, ends, "passed", line)
            for n in ends:
                self.voids[seat].setdefault(n, source)
        self.turn_no += 1
        self.drew[seat] = 0
        self.passes += 1
        self.history.append(Acted(seat, "pass", ends=ends, line=line))
        if self.passes >= self.match.seats:
            self.over, self.how, self.turn = True, "blocked", None
        else:
            self.turn = (seat + 1) % self.match.seats

    def check_count(self, seat: int, count: int) -> None:
        """What the player sees on the table must be what the log says."""
        if not self.dealt_ready:
            raise IllegalMoveError(
                f"round {self.number} has not been dealt: log your hand before checking counts"
            )
        if self.counts[seat] != count:
            raise CountMismatch.of(self.match.players, self.match.viewer, seat, self.counts[seat], count)

    def reveal(self, seat: int, tiles: tuple[Tile, ...] | None, pips: int | None) -> None:
        who = self.name(seat)
        if not self.over:
            raise IllegalMoveError(
                f"round {self.number} is not over: hands are shown or counted only at the end"
            )
        if self.counts[seat] == 0:
            raise IllegalMoveError(f"{who} went out and has no tiles left")
        if seat in self.revealed:
            raise IllegalMoveError(f"{self.match.possessive(seat)} hand is already shown or counted")
        hand = self.hands[seat]
        if tiles is not None:
            if len(tiles) != self.counts[seat]:
                raise IllegalMoveError(
                    f"{who} shows {plural(len(tiles), 'tile')} but holds {self.counts[seat]}"
                )
            if hand is not None and set(tiles) != hand:
                raise IllegalMoveError(
                    f"{who} holds {format_tiles(sort_tiles(hand))}, not {format_tiles(tiles)}"
                )
            if hand is None:
                for t in tiles:
                    where = self._owner_text(t)
                    if where:
                        raise IllegalMoveError(where)
            pips = sum(t.pips for t in tiles)
        else:
            if pips is None:
                raise IllegalMoveError(f"{who}: say the tiles shown or the pips counted")
            if hand is not None and pips != sum(t.pips for t in hand):
                raise IllegalMoveError(f"{who} holds {sum(t.pips for t in hand)} pips, not {pips}")
            low, high = self._pip_range(seat)
            if not low <= pips <= high:
                k = self.counts[seat]
                raise IllegalMoveError(
                    f"{who} cannot count {pips} with {k} tile{'s' if k != 1 else ''}: "
                    f"between {low} and {high} pips are possible"
                )
        if tiles is not None and hand is None:
            self.shown[seat] = tiles
        self.revealed[seat] = pips

    def _pip_range(self, seat: int) -> tuple[int, int]:
        k = self.counts[seat]
        pool = sorted(t.pips for t in self.unseen())
        if len(pool) < k:
            return (0, 0)
        return sum(pool[:k]), sum(pool[-k:]) if k else 0

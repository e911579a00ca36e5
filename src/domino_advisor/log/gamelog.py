"""The game-log format: text to a ``GameLog`` and back, and its replay (docs/log-format.md).

The log is the single source of truth.  ``loads``/``dumps`` keep your comments and
your spelling of each line; ``replay`` rebuilds the match and names the line of the
first event the rules refuse.  Only ``\n`` (or ``\r\n``) ends a line, so what a text
tool shows as one line is one line here too.  Files on disk are ``logfile``'s business.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from domino_advisor.base.errors import DominoError, LogFileError, NotationError
from domino_advisor.base.printable import excerpt, is_control, not_text, printable
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import NAME, VERBS, Event, Holds, NewRound, parse_event
from domino_advisor.games.registry import Game, SeatMatch, game_for

MAX_LINE = 4_096  # characters: a long comment fits, a runaway line does not
TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"([^"]*)"\s*\]\s*(#.*)?$')


@dataclass(frozen=True)
class Entry:
    """One line of the body: an event, or a comment or blank kept as written."""

    event: Event | None
    comment: str | None = None
    text: str = field(default="", compare=False)  # the line as the person wrote it

    def render(self) -> str:
        if self.event is None:
            return self.comment or ""
        return self.text or str(self.event)


@dataclass(frozen=True)
class TagLine:
    """Where a tag stands among the header's comments, and how it was written."""

    name: str
    value: str = field(default="", compare=False)  # the value as read
    text: str = field(default="", compare=False)  # the line as written, comment and all


def not_yet(game: Game, option: str, command: str) -> LogFileError:
    """A command given the log of a game that does not take it (the game's ``options``)."""
    from domino_advisor.games.registry import every_game

    names = [name for g in every_game() if option in g.options for name in g.rules_names()]
    return LogFileError(
        f"this is a {game.title} log: {command} takes the logs of {', '.join(names)} so far; new, log, "
        f"undo, events, edit, session, status, where, advise and review take it ({game.doc})"
    )


@dataclass
class GameLog:
    """A game log as read: its tags, its numbered events, and its header as written."""

    tags: dict[str, str] = field(default_factory=dict)
    body: list[Entry] = field(default_factory=list)
    # the header as written: comment and blank lines, and TagLine places for the tags
    header: list[str | TagLine] = field(default_factory=list)
    newline: str = field(default="\n", compare=False)  # a file written with \r\n keeps them

    def copy(self, body: list[Entry] | None = None) -> GameLog:
        return GameLog(
            dict(self.tags), list(self.body if body is None else body), list(self.header), self.newline
        )

    # -- what the tags mean --------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return self.tags.get("Players", "").split()

    @property
    def me(self) -> str:
        return self.tags.get("Me") or (self.players[0] if self.players else "")

    @property
    def game(self) -> Game:
        """The game the log's ``[Rules]`` tag names (the registry's)."""
        return game_for(self.rules_name)

    @property
    def rules_name(self) -> str:
        """The ``[Rules]`` tag: a game's name, or the line games' preset."""
        return self.tags.get("Rules", "")

    @property
    def rules(self) -> Any:
        """The rule set of whichever game the log is (its ``[Rules]`` and ``[Set]`` tags)."""
        return self.game.rules_from(self.tags.get("Rules", "classic"), self.tags.get("Set", ""))

    @property
    def top(self) -> int:
        return self.rules.top

    def new_match(self) -> SeatMatch:
        """An empty match of this log's game, to apply its events to."""
        return self.game.new_match(self.rules, self.players, self.me)

    @property
    def events(self) -> list[Event]:
        return [e.event for e in self.body if e.event is not None]

    def numbered_events(self) -> list[tuple[int, Event]]:
        """Each event with its line number in ``dumps(self)``."""
        first = len(self.header_lines()) + 1
        return [(first + i, e.event) for i, e in enumerate(self.body) if e.event is not None]

    def event_numbers(self) -> dict[int, int]:
        """Line -> event number, as status and the fixes number events."""
        return {line: k for k, (line, _) in enumerate(self.numbered_events(), 1)}

    # -- changing it -------------------------------------------------------------------
    def replay(self) -> Any:
        """The match of whichever game the log is (a ``games.registry.GameMatch``), every
        event checked; the first the rules refuse is refused with its number and line."""
        match: Any = self.new_match()
        lines = self.numbered_events()
        entries = [e for e in self.body if e.event is not None]
        for k, ((number, event), entry) in enumerate(zip(lines, entries, strict=True), 1):
            try:
                match.apply(event, number)
            except DominoError as e:
                raise type(e)(f"event {k} (line {number}) '{entry.render()}': {e}") from None
        return match

    def header_lines(self) -> list[str]:
        placed = {h.name for h in self.header if isinstance(h, TagLine)}
        out = [
            (h.text if h.text and self.tags[h.name] == h.value else f'[{h.name} "{self.tags[h.name]}"]')
            if isinstance(h, TagLine)
            else h
            for h in self.header
            if not isinstance(h, TagLine) or h.name in self.tags
        ]
        out += [f'[{k} "{v}"]' for k, v in self.tags.items() if k not in placed]
        return out


def name_the_end(log: GameLog, match: Any, event: Event) -> Event:
    """Write where a play went (which end, or which train or place), where the player
    left it to be seen."""
    return log.game.written(match, event)


def check_players(players: list[str], me: str | None, game: Game | None = None) -> None:
    """The ``[Players]`` (and ``[Me]``) of a log of this game (the line games' by default)."""
    game = game or game_for("")
    most = game.most_players
    if len(players) < 2:
        raise LogFileError(
            f'the [Players] tag needs 2 to {most} names in turn order, like [Players "me ana bob"]'
        )
    if len(players) > most:
        shown = excerpt(" ".join(players), 60)
        raise LogFileError(f"{len(players)} players ({shown}): {game.too_many(len(players))}")
    for p in players:
        if not NAME.match(p):
            raise LogFileError(
                f"'{excerpt(p)}' is not a player name: use letters, digits, _ and - (no spaces)"
            )
        if any("FILLER" in unicodedata.name(ch, "") for ch in p):  # a letter that prints as nothing
            raise LogFileError(f"'{excerpt(p)}' is not a player name: it has a letter that shows as blank")
        if p.lower() in ("round", "boneyard"):
            raise LogFileError(f"'{excerpt(p)}' cannot be a player name: it is a word of the log")
    game.check_names(players)
    if len(set(players)) != len(players):
        raise LogFileError(f"a name is written twice in the players '{excerpt(' '.join(players), 60)}'")
    if me is not None and me not in players:
        raise LogFileError(
            f'[Me "{excerpt(me)}"]: {excerpt(me)} is not one of the players {excerpt(" ".join(players), 60)}'
        )


def loads(text: str) -> GameLog:
    """Read a log's text: tags, then events; syntax only (``replay`` checks the rules)."""
    log = GameLog()
    first_break = text.find("\n")
    if first_break > 0 and text[first_break - 1] == "\r":
        log.newline = "\r\n"
    lines = split_lines(text.removeprefix("\ufeff"))
    in_body = False
    raw_events: list[tuple[int, str]] = []
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if line.startswith("["):
            if in_body:
                raise LogFileError(
                    f"line {number} '{line}': tags go at the top of the log, before the first round"
                )
            m = TAG.match(line)
            if not m:
                raise LogFileError(
                    f'line {number} \'{line}\': a tag is written [Name "value"], like [Rules "classic"]'
                )
            name, value = m.group(1), m.group(2)
            if name in log.tags:
                raise LogFileError(f"line {number} '{line}': the {name} tag is given twice")
            log.tags[name] = value
            log.header.append(TagLine(name, value, line))
        elif not line or line.startswith("#"):
            if in_body:
                log.body.append(Entry(None, raw.rstrip()))
            else:
                log.header.append(raw.rstrip())
        else:
            in_body = True
            raw_events.append((len(log.body), line))
            log.body.append(Entry(None, ""))  # filled below, once the rules are known
    if "Players" not in log.tags:
        raise LogFileError('the log has no [Players "..."] tag naming the players in turn order')
    game = log.game
    check_players(log.players, log.tags.get("Me"), game)
    try:
        rules = log.rules
        rules.check_players(len(log.players))
    except DominoError as e:
        raise LogFileError(f"{e}") from None
    first = len(log.header) + 1
    read: dict[str, Event] = {}  # a long log repeats its lines: each is read once (events are frozen)
    for index, line in raw_events:
        said = line.partition("#")[0]
        event = read.get(said)
        if event is None:
            try:
                event = parse_event(said, rules.top, log.me, game.places)
            except DominoError as e:
                raise NotationError(f"line {first + index}: {e}") from None
            read[said] = event
        log.body[index] = Entry(event, text=line)
    return log


def check_typed(text: str) -> None:
    """A line typed to be logged: one line of text, of sane length, nothing that
    controls a terminal."""
    if not_text(text):
        raise NotationError(
            f"'{excerpt(text)}' holds bytes that are not UTF-8 text: type it again in plain text"
        )
    if len(text) > MAX_LINE:
        raise NotationError(
            f"'{excerpt(text)}' is {len(text):,} characters long: a log line is at most {MAX_LINE:,}"
        )
    if "\n" in text or "\r" in text:
        raise NotationError(f"'{excerpt(text)}' holds a line break: give one event per line")
    bad = next((ch for ch in text if is_control(ch)), None)
    if bad is not None:
        raise NotationError(
            f"'{excerpt(text)}' holds a control character ({printable(bad)}): write events in plain text"
        )


def check_new_lines(text: str, before: str) -> None:
    """A whole log a person wrote (``edit``): each line not among the lines of ``before``
    (the log as read) follows the rule for a typed line, ``check_typed``, and is named by
    its line number; lines the log already held are left alone, so an old log keeps
    being read and edited as it is."""
    kept = set(split_lines(before.removeprefix("\ufeff")))
    for number, line in enumerate(split_lines(text.removeprefix("\ufeff")), 1):
        if line not in kept:
            try:
                check_typed(line)
            except NotationError as e:
                raise NotationError(f"line {number}: {e}") from None


def split_lines(text: str) -> list[str]:
    """The lines of a log: ``\n`` or ``\r\n`` ends one, nothing else (not U+2028, not a
    form feed), so a comment cannot hide an event from the tools people read logs with."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def looks_like_log(text: str) -> bool:
    """Whether a file is somebody's game log, whatever its name: its first line that is
    not blank or a comment reads as a tag, a round or an event (one the rules or the
    spelling may refuse: a log with a mistake in it is still the player's record)."""
    for raw in split_lines(text.removeprefix("\ufeff")):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if TAG.match(line):
            return True
        words = line.partition("#")[0].split()
        if words[0].lower() == "round":
            return len(words) == 2
        return len(words) >= 2 and bool(NAME.match(words[0])) and words[1].lower() in VERBS
    return False


def just_started(text: str) -> bool:
    """A log with nothing played in it yet: tags, comments, rounds and the hands dealt
    (what ``new`` writes, before any play, draw or pass).  Only such a log may be
    started again over (``new --force``); one that does not read is the player's too."""
    try:
        log = loads(text)
    except DominoError:
        return False
    return all(isinstance(e, (NewRound, Holds)) for e in log.events)


def dumps(log: GameLog) -> str:
    out = log.header_lines() + [e.render() for e in log.body]
    return log.newline.join(out) + log.newline


def new_log(
    players: list[str],
    hand: list[Tile],
    rules_name: str = "classic",
    overrides: list[str] | tuple[str, ...] = (),
    me: str | None = None,
    extra_tags: dict[str, str] | None = None,
) -> GameLog:
    """A fresh log with its tags, ``round 1`` and your hand, checked by a replay."""
    check_players(players, me, game_for(rules_name))
    tags = {"Rules": rules_name}
    setting = " ".join(overrides)
    if setting:
        tags["Set"] = setting
    tags["Players"] = " ".join(players)
    tags["Me"] = me or players[0]
    tags.update(extra_tags or {})
    holds = Holds(tags["Me"], tuple(hand))
    log = GameLog(tags, [Entry(NewRound(1)), Entry(holds, text=str(holds))])
    log.rules.check_players(len(players))  # the players and the hand, before anything is written
    match = log.new_match()
    match.apply(NewRound(1))
    match.apply(holds)
    return log

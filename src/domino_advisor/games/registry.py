"""Every game the advisor plays, and the one place the rest of the program finds it.

A game is one folder (``games/line``, ``games/trains``, ``games/chicken``) and one line
in ``GAMES``, as a python-chess variant is one class in its ``VARIANTS`` and an
OpenSpiel game one ``register_game``.  The game says what its log's tags mean, how a
line of its log reads, and where the parts of the stack that play it are (``Parts``);
nothing outside a game's own folder asks which game it is (tests/test_which_game.py
counts the places).  A game's module is imported the first time it is asked for, so a
log of the line games never loads the train games.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterator

    from domino_advisor.base.tiles import Tile
    from domino_advisor.games.events import Event, Pass, PlaceWords

# the games played off a [Rules] name of their own, each its module's GAME; every other
# [Rules] value is a preset of the line games
GAMES: dict[str, str] = {
    "mexican-train": "domino_advisor.games.trains.game",
    "chicken-foot": "domino_advisor.games.chicken.game",
    "tiddly-wink": "domino_advisor.games.tiddly.game",
    "matador": "domino_advisor.games.matador.game",
}
LINE = "domino_advisor.games.line.game"


@dataclass(frozen=True)
class Parts:
    """Where the stack's parts for a game are, each ``module:name`` (a dotted name after
    the colon for an attribute of a class), loaded when first used: the layers above the
    games are not imported by them, and a command loads only the parts it runs.
    tests/test_games.py loads every part of every game and checks it sits on its layer."""

    position: str  # (log, reads) -> what one seat knows of the match, for the parts below
    status: str  # (position) -> the status's data (--json)
    status_view: str  # (position, data, width; compact, counting) -> the table for people
    where: str  # (position, tile text) -> where one tile is
    advice: str  # (position, samples, seed, seconds) -> the advice's data (--json)
    # what only the game knows when a play is weighed (advice.advise) and judged after the
    # game (learning.review, learning.hindsight)
    judging: str
    advice_view: str  # (data, width) -> the advice for people
    review: str  # (log, samples, seed, on_step, reads, hindsight) -> the review's data
    review_view: str  # (data, width) -> the review for people
    rules_view: str  # (rules, width) -> the rule set as a table
    lesson_view: str  # (round) -> the table a lesson shows at your turn
    # (round, your view) -> the game's own counting questions at this position (a lesson's,
    # practice at the table's), none where it offers none: learning.gamequestions
    question: str
    # (edited, log, position, status before, status after, warned, next step) -> what a change
    # did at length (session --full: the compact table follows)
    session_report: str
    # (rules, seats, matches) -> the game's tournament (a ``Contest``): how its deals are dealt
    # and seated, how a game is scored, which scores are reported
    simulate: str
    bots: str  # (spec, rules, workers) -> a bot by its name: (round, moves, rng) -> the move it makes
    simulate_view: str  # (standings, width) -> the tournament's table for people
    edit_view: str  # (edited, log, position, status before, warned, width) -> what a change did
    # the game's match-equity tables and their check (a module: table_for, build_all, check,
    # states_for, summary, model_trouble), where it has them; None: the equity command refuses
    # the game
    equity: str | None = None


class GameRules(Protocol):
    """What every game's rule set answers."""

    @property
    def top(self) -> int: ...

    @property
    def name(self) -> str: ...

    def check_players(self, players: int) -> None: ...

    def differences(self) -> dict[str, object]:
        """The settings that differ from the named rule set's own (what a shipped map or
        style fitted for the name does not cover)."""
        ...


class GameRound(Protocol):
    """One round of a game as the one stack's uses play it, as OpenSpiel's algorithms play
    a State: from one seat's log (the others' hands hidden) or with every hand known (a
    world the advice samples, a simulation).  Who may act is the round's to say: one seat
    when the game takes turns (``mover``), several at a race (Tiddly-wink), nobody once it
    is over.  A place is whatever the game calls where a tile goes (a train, a line, an
    end); ``place_name`` writes it as the log does.  tests/test_round_interface.py holds
    every game's round to this, and the rollouts to the legal moves."""

    rules: Any
    names: Any  # the players, in seat order
    number: int  # the round's number in its match
    over: bool
    hands: list[Any]  # each seat's tiles (a set), None where hidden
    dealt: list[Any]  # each seat's dealt hand, None where hidden
    counts: list[int]  # tiles each seat holds
    boneyard: int
    stock: list[Tile] | None  # the boneyard in the order it is drawn, where known
    history: list[Any]  # the public moves, each with seat, kind, tile and line
    turn: int  # the seat a chooser chooses for (taking turns: the player to move)
    race: bool  # nobody has the move: anyone who can play may (else one seat acts at a time)

    @property
    def winner(self) -> int | None:
        """The seat that went out, if one did."""
        ...

    def actors(self) -> frozenset[int]:
        """The seats that may act now, every hand known."""
        ...

    def legal_moves(self) -> list[Any]:
        """Every move of every seat that may act, every hand known, as log events."""
        ...

    def mover(self) -> int | None:
        """The seat whose turn it is; None at a race, or once the round is over."""
        ...

    def may_play(self, seat: int) -> bool:
        """This seat may lay a tile now, as far as the round knows."""
        ...

    def idle(self, seat: int) -> str:
        """What a seat that cannot play does: draw, pass, or (at a race) wait."""
        ...

    def plays(self, seat: int) -> list[tuple[Tile, Any]]:
        """Every legal play of a known hand: (tile, place)."""
        ...

    def alike(self, plays: list[tuple[Tile, Any]]) -> tuple[list[tuple[Tile, Any]], dict[Any, Any]]:
        """The plays worth trying apart, and the places alike to each."""
        ...

    def fits(self, seat: int, tile: Tile) -> list[Any]:
        """The places a tile could go now."""
        ...

    def open_numbers(self, seat: int) -> tuple[int, ...]:
        """The numbers showing where this seat could play now (a drill's count asks of the
        scarcest)."""
        ...

    def where_to(self, seat: int, tile: Tile, on: Any) -> Any:
        """The place a logged play names (or the only one it fits)."""
        ...

    def place_name(self, place: Any) -> str: ...

    def play_event(self, seat: int, tile: Tile, place: Any) -> Any:
        """A legal play as the log writes it (a ``Play`` its ``apply`` takes)."""
        ...

    def clone(self, checked: bool = True) -> Any:
        """A copy to play on, nothing shared that changes."""
        ...

    def apply(self, event: Any, line: int | None = None) -> None:
        """A move logged or chosen, checked: applied, or refused in the table's words with
        nothing changed."""
        ...

    def lay(self, seat: int, tile: Tile, place: Any) -> None:
        """Lay a legal play (one ``plays`` offered)."""
        ...

    def dealt_again(self, hands: list[tuple[Tile, ...]], stock: list[Tile], as_logged: bool = False) -> Any:
        """This round dealt again with every hand and the boneyard known (hindsight);
        ``as_logged``: checked as its log was (at a race, a player may miss a tile)."""
        ...

    def step(self, choose: Any, rng: Any) -> None:
        """A rollout's move, every hand known: who acts (drawn by ``rng`` at a race) lays
        what ``choose`` picks among their plays, else draws, else passes."""
        ...

    def pips_left(self, seat: int) -> int | None: ...

    def next_actor(self, rng: Any) -> int:
        """Who acts next, every hand known: the player to move, or at a race one of those
        who can play, drawn by ``rng``; when nobody can, the player whose draw it is."""
        ...

    def moves_of(self, seat: int) -> list[Any]:
        """What this seat may do now, every hand known, as log events."""
        ...

    def start_words(self) -> str:
        """The round's start in words, for a lesson's first line."""
        ...

    def end_words(self) -> str | None:
        """How the round ended, in words, for a lesson's last line (None while it goes on)."""
        ...

    def for_next(self, seat: int) -> Any:
        """The round as ``seat`` meets it at its next move."""
        ...

    def seat_view(self, seat: int, shown: dict[int, tuple[Tile, ...]] | None = None) -> Any:
        """What ``seat`` knows, for the counting: its view says what every move proves
        (``evidence()``, games/proof.py)."""
        ...

    def table_tiles(self) -> frozenset[Tile]:
        """Every tile on the table."""
        ...

    def seen_where(self, viewer: int, tile: Tile) -> str:
        """Where a tile on the table lies, in words."""
        ...


class Sitting(Protocol):
    """One rotation of a deal at the table: the bots in their seats, the dice their moves
    are drawn with, and the match its rounds are played in (``match.apply``)."""

    bots: list[str]  # the bot at each seat
    dice: Any  # the random numbers every move of the sitting draws from
    match: Any  # takes each move (``apply``): the round's, and the match's totals

    def rounds(self) -> Iterator[GameRound]:
        """Each round, dealt as the deal says, until the match (or the one round) is over;
        a round is played out before the next is asked for."""
        ...


class Deal(Protocol):
    """One deal of a tournament, played once per rotation of the bots."""

    def sit(self, rotation: int) -> Sitting:
        """The deal with the bots turned ``rotation`` seats round (asked in order, 0 first)."""
        ...

    def summary(self) -> Any:
        """Once every rotation is played: what the standings add for this deal (a plain
        value, sent back from another process)."""
        ...


class Standings(Protocol):
    """A tournament's figures, a deal's summary added at a time, in deal order."""

    def add(self, summary: Any) -> None: ...

    def as_json(self) -> Any:
        """``simulate --json``."""
        ...


class Contest(Protocol):
    """A game's tournament, as the one tournament (``measure.tournament``) plays it: what
    ``--games`` counts, each deal's seeds by its index, how a deal is dealt and the bots
    seated, and how its games are scored and reported.  The bots themselves are a part of
    the game's (``Parts.bots``)."""

    rules: Any  # the rules its games are played by
    example: str  # bots to name where none is named ("advisor,heavy")
    chunk: int  # the most deals a process is given at a time

    def deals(self, games: int) -> int:
        """The deals ``--games`` asks for."""
        ...

    def check_bots(self, specs: list[str]) -> None:
        """Bots (each one of the game's) that cannot play these rules together, refused."""
        ...

    def seeds(self, seed: int, deals: int) -> list[Any]:
        """Each deal's seeds, by its index: the same deals whatever process plays them."""
        ...

    def deal(self, seeds: Any, by_seat: list[str]) -> Deal: ...

    def standings(self, by_seat: list[str], deals: int) -> Standings: ...


class SeatMatch(Protocol):
    """A match as one seat saw it, a log's events applied in turn (each game has its own)."""

    def apply(self, event: Event, line: int | None = None) -> object: ...

    def skipped(self, event: Event) -> list[Pass]:
        """Players whose turn came before this play, who could only have passed."""
        ...

    def could_play(self) -> list[Tile]:
        """Unseen tiles a pass logged in place of a play might have been."""
        ...


class GameMatch(SeatMatch, Protocol):
    """A match as one seat logged it, as the one stack reads it: rounds in order, each a
    ``GameRound``, totals, and what the log waits for."""

    rules: Any
    players: list[str]
    me: str
    viewer: int  # your seat
    pending: int | None  # a round announced, your hand not yet logged
    most_wins: bool  # the totals are points and the most win (else pips left, the lowest)

    @property
    def match(self) -> Any:
        """The match's rounds and totals (``rounds``, ``totals``, ``finished``, ``winners()``)."""
        ...

    @property
    def round(self) -> Any:
        """The round in play (a ``GameRound``), or None before the first."""
        ...

    @property
    def rounds(self) -> Any: ...

    @property
    def totals(self) -> list[int]: ...

    @property
    def shown(self) -> list[dict[int, tuple[Tile, ...]]]:
        """Per round, the hands shown at its end."""
        ...

    def to_count(self) -> list[int]:
        """The seats whose tiles left in the round just over are not yet on the totals."""
        ...

    @property
    def settled(self) -> list[set[int]]:
        """Per round, the seats whose pips left are known (yours, shown, counted)."""
        ...

    def value(self, tile: Tile) -> int:
        """What a tile left in a hand counts (its pips; a game may count the double-blank 50)."""
        ...


class Game(Protocol):
    """What a game is to the rest of the program."""

    name: str  # its name in the registry (the line games': "line")
    title: str  # as people write it
    doc: str  # its page in docs/
    most_players: int
    one_draw: bool  # a draw is one tile: the shorthand's ``bob d`` is ``bob draws 1``
    shorthand_places: bool  # a shorthand play names a place (``ana 94 h``)
    places: PlaceWords | None  # a play names where it goes as a word (``on mexican``), not an end
    options: frozenset[str]  # the commands' options the game takes beyond every game's
    # the schema its status --json follows (``api.schema``): the line games' own ("status"),
    # or by what its table is ("train-status", "chicken-status", "line-status")
    status_schema: str
    parts: Parts
    # the game in the table's words (``games/<game>/words.py``; every game's say a play as a
    # lesson asks for it, ``games.words.PlayWords``, and what the session says, ``TableWords``)
    words: Any

    def rules_from(self, preset: str, setting: str) -> GameRules:
        """The rule set of a log's ``[Rules]`` and ``[Set]`` tags (the preset is the line
        games'; another game's name is its own)."""
        ...

    def deal_round(self, rules: Any, names: list[str], rng: Any, you: int | None = None) -> GameRound:
        """A first round dealt fairly, every hand and the boneyard known (a world to play,
        a simulation's round, a lesson's); ``you``: the seat its words call you (a
        lesson's: "your train")."""
        ...

    def round_only(self, rules: Any) -> Any:
        """These rules for one round played for itself (a lesson): a match's target that
        could end it early set aside."""
        ...

    def new_match(self, rules: Any, players: list[str], me: str) -> SeatMatch:
        """An empty match, seen from ``me``'s seat, to apply a log's events to."""
        ...

    def too_many(self, players: int) -> str:
        """Why this many players cannot play, in the table's words."""
        ...

    def check_names(self, players: list[str]) -> None:
        """Names the game's own words forbid (a train is named by its owner)."""
        ...

    def written(self, match: Any, event: Event) -> Event:
        """An event as the log keeps it: the end or the place a play joined, named."""
        ...

    def rules_names(self) -> list[str]:
        """The ``[Rules]`` names that are this game (the line games': their presets)."""
        ...

    def bot(self, spec: str, rules: Any, advisor: Any) -> Any:
        """One of its bots by name, as the tournament and the lessons call a bot (round, the
        moves open to one seat, dice) -> the move; the advisor made by ``advisor`` (a
        factory the advice layer hands in: ``advisor(samples, **settings)``); a name that
        is none of its bots refused in the table's words."""
        ...

    def next_step(self, match: Any) -> str | None:
        """What a log of it needs now, in the table's words (your hand, who opens, who
        shows or counts, the next round); None while play simply goes on."""

    def scored(self, rules: Any, players: list[str], me: str, events: list[Event], first: int) -> list[str]:
        """What the events from number ``first`` on scored in play, a line each in the
        table's words (All Fives: ``ana scores 10 (now 45)``); none where points are
        counted only once a round is over."""
        ...


def game_for(rules: str) -> Game:
    """The game a log's ``[Rules]`` tag (or ``--rules``) names."""
    module: Any = import_module(GAMES.get(rules, LINE))
    game: Game = module.GAME
    return game


def every_game() -> list[Game]:
    """Each game once, the line games first."""
    return [game_for(""), *(game_for(name) for name in GAMES)]


def presets() -> list[str]:
    """The [Rules] names of the line games' presets: every name that is not a game's own."""
    return game_for("").rules_names()


def own_names() -> tuple[str, ...]:
    """The games with a ``[Rules]`` name of their own (not a line-game preset)."""
    return tuple(GAMES)


def part(game: Game, name: str) -> Any:
    """One of the game's parts, imported now (``Parts``): ``module:name``, or a whole module."""
    module, _, attribute = getattr(game.parts, name).partition(":")
    found: Any = import_module(module)
    if not attribute:
        return found
    for step in attribute.split("."):
        found = getattr(found, step)
    return found

"""What the registry knows of every game played off a middle double: the parts of the
stack that play them (the same for each), and how their logs are read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from domino_advisor.base.errors import LogFileError, NotationError, RulesError
from domino_advisor.base.printable import excerpt
from domino_advisor.games.events import Event, PlaceWords, Play, number_at_most
from domino_advisor.games.hub.logmatch import HubLogMatch, written
from domino_advisor.games.registry import Parts

HUB_PARTS = Parts(
    position="domino_advisor.counting.position:Position.of",
    status="domino_advisor.counting.tablestatus:status_of",
    status_view="domino_advisor.views.hubview:table_view",
    where="domino_advisor.counting.position:where_of",
    advice="domino_advisor.advice.advise:advice_data",
    judging="domino_advisor.games.hub.judging:JUDGING",
    advice_view="domino_advisor.views.pipsview:advice_view",
    review="domino_advisor.learning.review:review_data",
    review_view="domino_advisor.views.pipsview:review_view",
    rules_view="domino_advisor.views.hubview:rules_view",
    lesson_view="domino_advisor.views.hubview:lesson_view",
    question="domino_advisor.learning.gamequestions:TRAINS",  # Mexican Train's; each other says its own
    session_report="domino_advisor.views.hubview:session_report",
    edit_view="domino_advisor.views.hubview:edit_view",
    simulate="domino_advisor.games.hub.contest:HubContest",
    bots="domino_advisor.measure.bots:bot",
    simulate_view="domino_advisor.views.hubview:train_simulate_table",
)

MOST_SAMPLES = 10_000  # the advisor bot's worlds a decision, at most


@dataclass(frozen=True)
class HubGame:
    """A game played off a middle double; each one names its rules, its match, and the
    words its plays and names are read by."""

    name: str
    title: str
    doc: str
    places: PlaceWords | None  # None: a play names an end, as the line games write it
    rules_class: Any  # the game's rule set (HubRules' subclass)
    match_class: Any  # its match with every hand known (HubMatch's subclass)
    settings: dict[str, tuple[str, str]]  # each setting: the values it takes, what it changes
    words: Any  # the game's words (games/<game>/words.py: hub.words.Words)
    status_schema: str = (
        "line-status"  # the schema its status --json follows (api.schema): by what its table is
    )
    most_players: int = 8
    one_draw: bool = True
    shorthand_places: bool = False
    # the review's page and hindsight (and --force, which lets the page go over another page)
    options: frozenset[str] = frozenset({"html", "force", "hindsight", "practice", "drills"})
    parts: Parts = field(default=HUB_PARTS)
    names_matter: ClassVar[str] = ""  # why two names may not differ only in case

    def rules_from(self, name: str, setting: str) -> Any:
        """The rules a log's ``[Set "..."]`` tag names (``set=9 blank_double=50``)."""
        pairs = {}
        for word in setting.split():
            key, eq, value = word.partition("=")
            if not eq:
                raise RulesError(f"'{excerpt(word)}': write a rule as key=value, like set=9")
            if key in pairs:
                raise RulesError(f"'{excerpt(setting, 60)}' sets {excerpt(key)} twice: keep one")
            pairs[key] = value
        return self.rules_class().with_settings(pairs)

    def deal_round(self, rules: Any, names: list[str], rng: Any, you: int | None = None) -> Any:
        """A first round dealt fairly, every hand and the boneyard known (a world to play);
        ``you``: the seat its words call you ("your train")."""
        from domino_advisor.games.hub.match import deal

        match = self.match_class(rules, names)
        hands, stock = deal(rules, len(names), 1, rng)
        r = match.start(list(hands), stock)
        r.viewer = you
        return r

    def round_only(self, rules: Any) -> Any:
        """A round is played out whatever the match: the rules as they are."""
        return rules

    def new_match(self, rules: Any, players: list[str], me: str) -> Any:
        return HubLogMatch(rules, players, me)

    def written(self, match: Any, event: Event) -> Event:
        return written(match, event)

    def name_place(self, match: Any, event: Play) -> Event:
        """A play's place in the game's own words (each game says)."""
        raise NotImplementedError

    def table(self, match: Any, r: Any, out: dict) -> dict:
        """The round's table in the game's own terms, added to ``out`` (each game says)."""
        raise NotImplementedError

    def too_many(self, players: int) -> str:
        return f"{self.title} is for 2 to {self.most_players} players"

    def check_names(self, players: list[str]) -> None:
        if len({p.lower() for p in players}) != len(players):
            raise LogFileError(
                f"two names in '{excerpt(' '.join(players), 60)}' differ only in case ({self.names_matter})"
            )

    def rules_names(self) -> list[str]:
        return [self.name]

    def bot(self, spec: str, rules: Any, advisor: Callable[..., Any]) -> Any:
        """One of the game's bots by its name: its own (its words' ``BOTS``), or the advisor
        (``advisor[:worlds]``, made by ``advisor``, the advice layer's)."""
        policies = self.words.BOTS
        name, colon, arg = spec.partition(":")
        if name in policies and not colon:
            return policies[name]
        if name == "advisor":
            if not colon:
                return advisor()
            samples = number_at_most(arg, MOST_SAMPLES)
            if samples:
                return advisor(samples)
            raise NotationError(
                f"'{spec}': the advisor's worlds are a whole number from 1 to {MOST_SAMPLES:,}"
            )
        raise NotationError(
            f"'{spec}' is not a {self.title} bot (the bots are {', '.join(policies)}, advisor[:worlds])"
        )

    def next_step(self, match: Any) -> str | None:
        """What the log needs now, in the table's words (``games.hub.guide``)."""
        from domino_advisor.games.hub.guide import next_step

        return next_step(match)

    def scored(self, rules: Any, players: list[str], me: str, events: list[Event], first: int) -> list[str]:
        """Nothing: the pips left (or the points) go on the totals once a round is over."""
        return []

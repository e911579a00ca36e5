"""The line games as the registry knows them: every preset of docs/rules.md, one game."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from domino_advisor.base.errors import DominoError
from domino_advisor.games.events import Event, PlaceWords, Play
from domino_advisor.games.line import words
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.rules import PRESETS, Rules, preset
from domino_advisor.games.line.scoring import side_of
from domino_advisor.games.line.state import Round
from domino_advisor.games.registry import Parts


@dataclass(frozen=True)
class LineGames:
    """The line games (classic, All Fives, the other presets) as the registry knows them."""

    name: str = "line"
    title: str = "dominoes"
    doc: str = "docs/rules.md"
    most_players: int = 4
    one_draw: bool = False
    shorthand_places: bool = False
    places: PlaceWords | None = None
    # soft reads, the review's page and hindsight, practice at the table, and an edit's
    # report that compares the counting before and after, tournaments of whole matches
    options: frozenset[str] = frozenset(
        {"reads", "html", "force", "hindsight", "practice", "compares_edits", "matches"}
    )
    parts: Parts = field(
        default=Parts(
            position="domino_advisor.counting.position:Position.of",
            status="domino_advisor.api:status_of",
            status_view="domino_advisor.views.statusview:status_view",
            where="domino_advisor.counting.position:where_of",
            advice="domino_advisor.api:advice_data",
            judging="domino_advisor.games.line.judging:JUDGING",
            advice_view="domino_advisor.views.render:advice_view",
            review="domino_advisor.learning.review:review_data",
            review_view="domino_advisor.views.render:review_view",
            rules_view="domino_advisor.views.render:rules_view",
            guide="domino_advisor.log.guide:next_step",
            session_report="domino_advisor.views.statusview:session_report",
            lesson="domino_advisor.cli.lesson:lesson",
            edit_view="domino_advisor.views.statusview:edit_view",
            simulate="domino_advisor.games.line.contest:LineContest",
            bots="domino_advisor.measure.players:bot",
            simulate_view="domino_advisor.views.render:simulate_table",
        )
    )
    words: Any = words

    def rules_from(self, name: str, setting: str) -> Rules:
        return preset(name, setting)

    def deal_round(self, rules: Rules, names: list[str], rng: random.Random) -> Round:
        """A first round dealt fairly, every hand and the boneyard known (a world to play)."""
        from domino_advisor.games.line.moves import deal_round

        match = Match(rules, names)
        deal_round(match, rng)
        return match.playing

    def new_match(self, rules: Rules, players: list[str], me: str) -> Match:
        return Match(rules, players, me)

    def too_many(self, players: int) -> str:
        return "dominoes here is for 2 to 4 players"

    def check_names(self, players: list[str]) -> None:
        return None

    def written(self, match: Match, event: Event) -> Event:
        """A play as the log keeps it: which end it joined (``on 5``), where the player
        left it to be seen."""
        r = match.round
        if not isinstance(event, Play) or event.on is not None or r is None or r.layout.is_empty:
            return event
        try:
            side = r.layout.resolve(event.tile, None, match.rules.all_fives)
        except DominoError:
            return event  # let the rules say what is wrong
        if side is None:
            return event
        return Play(event.player, event.tile, r.layout.written(event.tile, side, match.rules.all_fives))

    def rules_names(self) -> list[str]:
        return list(PRESETS)

    def scored(self, rules: Rules, players: list[str], me: str, events: list[Event], first: int) -> list[str]:
        """All Fives points, each play by itself: ``ana scores 10 (now 45)`` (a side's
        total: with partners, the team's)."""
        if not rules.all_fives:
            return []
        match = Match(rules, players, me)
        for event in events[: first - 1]:
            match.apply(event)
        out = []
        for event in events[first - 1 :]:
            before = match.scores()
            match.apply(event)
            if not isinstance(event, Play):
                continue
            side = side_of(match.players.index(event.player), match.rules)
            gained = match.scores()[side] - before[side]
            if gained > 0:
                out.append(f"{event.player} scores {gained} (now {match.scores()[side]})")
        return out


GAME = LineGames()

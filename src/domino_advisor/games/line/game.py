"""The line games as the registry knows them: every preset of docs/rules.md, one game."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domino_advisor.base.errors import DominoError
from domino_advisor.games.events import Event, PlaceWords, Play
from domino_advisor.games.line import words
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.rules import DESCRIPTIONS, PRESETS, SHOWN, Rules, allowed, preset, shown
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
    # report that compares the counting before and after, tournaments of whole matches;
    # drills from its logs (train --from), so its lessons are led by your record (more of
    # the questions you miss, the drills due said)
    status_schema: str = "status"  # the schema its status --json follows (api.schema)
    options: frozenset[str] = frozenset(
        {"reads", "html", "force", "hindsight", "practice", "compares_edits", "matches", "drills"}
    )
    parts: Parts = field(
        default=Parts(
            position="domino_advisor.counting.position:Position.of",
            status="domino_advisor.api:status_of",
            status_view="domino_advisor.views.statusview:status_view",
            where="domino_advisor.counting.position:where_of",
            advice="domino_advisor.api:advice_data",
            judging="domino_advisor.games.line.judging:JUDGING",
            advice_view="domino_advisor.views.chanceview:advice_view",
            review="domino_advisor.learning.review:review_data",
            review_view="domino_advisor.views.chanceview:review_view",
            rules_view="domino_advisor.views.render:rules_view",
            lesson_view="domino_advisor.views.statusview:lesson_view",
            question="domino_advisor.learning.gamequestions:LINE",
            session_report="domino_advisor.views.statusview:session_report",
            edit_view="domino_advisor.views.statusview:edit_view",
            simulate="domino_advisor.games.line.contest:LineContest",
            bots="domino_advisor.measure.bots:bot",
            simulate_view="domino_advisor.views.render:simulate_table",
            equity="domino_advisor.games.line.equity_check",
        )
    )
    words: Any = words  # the game in the table's words (games.line.words)

    def rules_from(self, name: str, setting: str) -> Rules:
        return preset(name, setting)

    def deal_round(self, rules: Rules, names: list[str], rng: random.Random, you: int | None = None) -> Round:
        """A first round dealt fairly, every hand and the boneyard known (a world to play);
        ``you``: the match's seat that its words call you."""
        from domino_advisor.games.line.moves import deal_round

        match = Match(rules, names, None if you is None else names[you])
        deal_round(match, rng)
        return match.playing

    def round_only(self, rules: Rules) -> Rules:
        """A round played for itself: the target set aside (a target reached in play would
        end it there)."""
        return rules.with_overrides({"target": "0"})

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

    def presets(self) -> dict[str, dict[str, str]]:
        """Each preset's parameters, as the rules' table shows them."""
        return {name: shown(rules) for name, rules in PRESETS.items()}

    def parameters(self) -> list[tuple[str, str, str]]:
        """Each parameter a preset sets: its name, what it means, the values it takes."""
        return [(k, desc, allowed(k)) for k, desc in DESCRIPTIONS.items()]

    def shown_in_list(self) -> tuple[str, ...]:
        """The parameters the table of every preset shows."""
        return SHOWN

    def bot(self, spec: str, rules: Rules | None, advisor: Callable[..., Any]) -> Any:
        """One of the line games' bots by its name (``games.line.players``); the advisor is
        made by ``advisor`` (the advice layer's), with the settings its name stands for."""
        from domino_advisor.games.line.players import Bot, make_player

        return Bot(make_player(spec, advisor))

    def next_step(self, match: Match) -> str | None:
        """What the log needs now, in the table's words (``games.line.guide``)."""
        from domino_advisor.games.line.guide import next_step

        return next_step(match)

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

"""Tiddly-wink as the registry knows it: its rules, its match from one seat, its words.
It is played through the same stack as the games played off a middle double (the
parts in ``HUB_PARTS``): nothing above the games asks which game it is."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from domino_advisor.games.events import Event, Play
from domino_advisor.games.hub.game import HUB_PARTS, HubGame
from domino_advisor.games.tiddly import words
from domino_advisor.games.tiddly.logmatch import TiddlyLogMatch
from domino_advisor.games.tiddly.match import TiddlyMatch
from domino_advisor.games.tiddly.rules import GAME as NAME
from domino_advisor.games.tiddly.rules import PLAYERS, SETTINGS, TITLE, TiddlyRules
from domino_advisor.games.tiddly.state import TiddlyRound


@dataclass(frozen=True)
class TiddlyWink(HubGame):
    def rules_from(self, name: str, setting: str) -> TiddlyRules:
        rules: TiddlyRules = super().rules_from(name, setting)
        return rules

    def deal_round(
        self, rules: TiddlyRules, names: list[str], rng: random.Random, you: int | None = None
    ) -> TiddlyRound:
        """A round dealt fairly, every hand and the boneyard known; ``you``: the seat its
        words call you (and whose view of the opening proves what it proves)."""
        r = TiddlyRound.shuffled(rules, names, rng)
        r.viewer = you
        return r

    def new_match(self, rules: Any, players: list[str], me: str) -> TiddlyLogMatch:
        return TiddlyLogMatch(rules, players, me)

    def too_many(self, players: int) -> str:
        low, high = PLAYERS
        return f"{TITLE} is for {low} to {high} players"

    def written(self, match: Any, event: Event) -> Event:
        """A play as the log keeps it: the end it joined, where only one fits."""
        r = match.round
        if not isinstance(event, Play) or event.on is not None or r is None or r.over:
            return event
        if r.layout.is_empty or event.player not in match.players:
            return event
        fits = r.fits(match.players.index(event.player), event.tile)
        return Play(event.player, event.tile, fits[0]) if len(fits) == 1 else event

    def name_place(self, m: Any, event: Play) -> Event:
        """An end as a number (``on 4``) or a side (``on left``), as the line games write it."""
        if isinstance(event.on, str) and event.on.isdigit():
            return Play(event.player, event.tile, int(event.on))
        return event

    def table(self, m: TiddlyLogMatch, r: TiddlyRound, out: dict[str, Any]) -> dict[str, Any]:
        """The line of play, its open ends, who draws if nobody can play, your plays."""
        drawn = r.layout.drawn()["line"]
        out.update(
            line=[f"{a}-{b}" for a, b in drawn],
            ends=list(r.layout.numbers),
            drawer=None if r.over or r.drawer is None else m.players[r.drawer],
            most_wins=True,
        )
        for s, name in enumerate(m.players):
            out["players"].append({"name": name, "tiles": r.counts[s]})
        if r.may_play(m.viewer):
            out["your_plays"] = [
                f"open with {t}" if p is None else f"{t} on {r.place_name(p)}" for t, p in r.plays(m.viewer)
            ]
        return out


GAME = TiddlyWink(
    name=NAME,
    title=TITLE,
    doc="docs/tiddly-wink.md",
    places=None,
    rules_class=TiddlyRules,
    match_class=TiddlyMatch,  # every hand known: simulation (a lesson deals its one round, deal_round)
    parts=replace(HUB_PARTS, question="domino_advisor.learning.gamequestions:RACE"),
    settings=SETTINGS,
    words=words,
    most_players=PLAYERS[1],
    one_draw=True,
    shorthand_places=False,
)

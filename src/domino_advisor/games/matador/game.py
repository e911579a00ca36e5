"""Matador as the registry knows it: its rules, its match from one seat, its words.  It is
played through the same stack as every game played through its round alone (the hub's
parts, ``HUB_PARTS``), with its own judging part for what hindsight needs
(``judging.py``): nothing above the games asks which game it is."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from domino_advisor.games.events import Event, Play
from domino_advisor.games.hub.game import HUB_PARTS, HubGame
from domino_advisor.games.matador import words
from domino_advisor.games.matador.logmatch import MatadorLogMatch
from domino_advisor.games.matador.match import MatadorMatch
from domino_advisor.games.matador.rules import GAME as NAME
from domino_advisor.games.matador.rules import PLAYERS, SETTINGS, TITLE, MatadorRules
from domino_advisor.games.matador.state import MatadorRound
from domino_advisor.games.registry import Parts

PARTS: Parts = replace(
    HUB_PARTS,
    judging="domino_advisor.games.matador.judging:JUDGING",
    question="domino_advisor.learning.gamequestions:SEVENS",
)


@dataclass(frozen=True)
class Matador(HubGame):
    parts: Parts = field(default=PARTS)

    def rules_from(self, name: str, setting: str) -> MatadorRules:
        rules: MatadorRules = super().rules_from(name, setting)
        return rules

    def deal_round(
        self, rules: MatadorRules, names: list[str], rng: random.Random, you: int | None = None
    ) -> MatadorRound:
        """A first round dealt fairly, every hand and the boneyard known; the first player
        opens; ``you``: the seat its words call you."""
        r = MatadorRound.shuffled(rules, names, rng)
        r.viewer = you
        return r

    def new_match(self, rules: Any, players: list[str], me: str) -> MatadorLogMatch:
        return MatadorLogMatch(rules, players, me)

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
        """An end as a number (``on 6``)."""
        if isinstance(event.on, str) and event.on.isdigit():
            return Play(event.player, event.tile, int(event.on))
        return event

    def table(self, m: MatadorLogMatch, r: MatadorRound, out: dict[str, Any]) -> dict[str, Any]:
        """The line of play, its open ends, the target, your plays."""
        out.update(
            line=[f"{a}-{b}" for a, b in r.layout.halves],
            ends=list(r.layout.ends),
            target=m.rules.target,
            most_wins=True,
        )
        for s, name in enumerate(m.players):
            out["players"].append({"name": name, "tiles": r.counts[s]})
        if r.may_play(m.viewer):
            out["your_plays"] = [
                f"open with {t}" if p is None else f"{t} on {r.place_name(p)}" for t, p in r.plays(m.viewer)
            ]
        return out


GAME = Matador(
    name=NAME,
    title=TITLE,
    doc="docs/matador.md",
    places=None,
    rules_class=MatadorRules,
    match_class=MatadorMatch,  # every hand known: simulation (a lesson deals its one round, deal_round)
    settings=SETTINGS,
    words=words,
    most_players=PLAYERS[1],
    one_draw=True,
    shorthand_places=False,
)

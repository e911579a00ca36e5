"""Chicken Foot as the registry knows it: its rules, its match, and the words its plays
are read by (a place: the head, a toe's line, a double taking its toes)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from domino_advisor.games.chicken import words
from domino_advisor.games.chicken.match import ChickenMatch
from domino_advisor.games.chicken.rules import GAME as NAME
from domino_advisor.games.chicken.rules import SETTINGS, ChickenRules
from domino_advisor.games.chicken.state import HEAD, ChickenRound, place_word
from domino_advisor.games.events import Event, PlaceWords, Play
from domino_advisor.games.hub.game import HUB_PARTS, HubGame

if TYPE_CHECKING:
    from domino_advisor.games.hub.logmatch import HubLogMatch


@dataclass(frozen=True)
class ChickenFoot(HubGame):
    names_matter: ClassVar[str] = "the shorthand goes by them"

    def name_place(self, m: HubLogMatch, event: Play) -> Event:
        """A place as the log keeps it: ``head`` (typed, ``h``), ``toe3`` (typed, ``t3``),
        a double as a tile (``44`` is ``4-4``)."""
        word = place_word(event.on, m.rules.top) if isinstance(event.on, str) else None
        place = event if word is None else Play(event.player, event.tile, word)  # else the rules refuse it
        r = m.round
        if r is not None and place.on == str(r.engine):
            return Play(event.player, event.tile, HEAD)  # the head by its name
        return place

    def table(self, m: HubLogMatch, r: ChickenRound, out: dict) -> dict:
        """The lines, the double waiting for its toes, where a tile may go, your plays."""
        w = None if r.over else r.waiting
        out.update(
            head=str(r.engine),
            waiting=None
            if w is None
            else {"double": r.place_name(w.double), "toes": w.have, "needs": w.need},
            lines=[
                {
                    "line": r.place_name(k),
                    "from": r.place_name(x.root) if x.root is not None else HEAD,
                    "tiles": [str(t) for t in x.tiles],
                    "end": x.end,
                    "closed": x.closed,
                }
                for k, x in enumerate(r.lines)
            ],
            open=[] if r.over else [r.place_name(p) for p in r.open_places()],
        )
        for s, name in enumerate(m.players):
            out["players"].append({"name": name, "tiles": r.counts[s]})
        if not r.over and r.turn == m.viewer:
            out["your_plays"] = [f"{t} on {r.place_name(p)}" for t, p in r.plays(m.viewer)]
        return out


GAME = ChickenFoot(
    name=NAME,
    title="Chicken Foot",
    doc="docs/chicken-foot.md",
    places=PlaceWords(
        name_one="name where it goes: head, toe3, or 6-6",
        how="write 'plays 9-4 on head', 'on toe3' or on a waiting double, 'on 6-6'",
    ),
    rules_class=ChickenRules,
    match_class=ChickenMatch,
    parts=replace(HUB_PARTS, question="domino_advisor.learning.gamequestions:FOOT"),
    settings=SETTINGS,
    words=words,
    status_schema="chicken-status",
    shorthand_places=True,
)

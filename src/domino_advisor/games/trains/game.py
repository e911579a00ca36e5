"""Mexican Train as the registry knows it: its rules, its match, and the words its plays
and its players' names are read by (a train is named by its owner)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from domino_advisor.base.errors import LogFileError, NotationError
from domino_advisor.base.printable import excerpt
from domino_advisor.games.events import Event, PlaceWords, Play
from domino_advisor.games.hub.game import HubGame
from domino_advisor.games.trains import words
from domino_advisor.games.trains.match import TrainMatch
from domino_advisor.games.trains.rules import GAME as NAME
from domino_advisor.games.trains.rules import SETTINGS, TrainRules
from domino_advisor.games.trains.state import MEXICAN, TrainRound

if TYPE_CHECKING:
    from domino_advisor.games.hub.logmatch import HubLogMatch

TRAIN_WORDS = ("mexican", "mine", "own", "m", "mex", "on")  # a player named so could not be told from a train


@dataclass(frozen=True)
class MexicanTrain(HubGame):
    names_matter: ClassVar[str] = "trains go by them"

    def check_names(self, players: list[str]) -> None:
        words = [p for p in players if p.lower() in TRAIN_WORDS]
        if words:
            raise LogFileError(f"'{excerpt(words[0])}' cannot be a player name here: it names a train")
        super().check_names(players)

    def name_place(self, m: HubLogMatch, event: Play) -> Event:
        """A train by the owner's name as the table spells it (``on mine`` is the player's
        own; typed, any start of one name), or ``mexican`` (typed, ``m`` or ``mex``)."""
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

    def table(self, m: HubLogMatch, r: TrainRound, out: dict) -> dict:
        """The trains, who may play where, and your plays (``logmatch.table_of``)."""
        out.update(
            engine=str(r.engine),
            double=None if r.double is None else r.place_name(r.double),
            trains=[
                {
                    "train": r.place_name(key),
                    "tiles": [str(t) for t in train.tiles],
                    "end": train.end,
                    "marker": train.marker,
                }
                for key, train in r.trains.items()
            ],
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


GAME = MexicanTrain(
    name=NAME,
    title="Mexican Train",
    doc="docs/mexican-train.md",
    places=PlaceWords(
        name_one="name a train: mexican, mine, or a player",
        how="write 'plays 12-5 on mexican', 'on mine' or on a player's train, 'on ana'",
    ),
    rules_class=TrainRules,
    match_class=TrainMatch,
    settings=SETTINGS,
    words=words,
    status_schema="train-status",
)

"""Chicken Foot's rule parameters: the choices tables make, named, with the common home
rules as defaults (docs/chicken-foot.md).

Frozen and checked when made, like ``trains.rules.TrainRules``; ``with_settings`` reads
the ``key=value`` settings a log's header or ``--set`` carries.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..errors import RulesError
from ..printable import excerpt
from ..tiles import set_size
from ..trains.rules import BLANKS, PLAYERS, setting_value

GAME = "chicken-foot"
# the hand sizes most tables deal, by set and number of players
HANDS = {
    9: {2: 9, 3: 7, 4: 7, 5: 6, 6: 5, 7: 4, 8: 4},
    12: {2: 15, 3: 13, 4: 11, 5: 9, 6: 8, 7: 7, 8: 6},
}


@dataclass(frozen=True)
class ChickenRules:
    top: int = 9  # the set: double-nine (55 tiles) by default, or double-twelve
    hand: int = 0  # tiles dealt to each player; 0: the usual size for the table (HANDS)
    head_toes: int = 6  # toes the round's double (the chicken's head) takes before any other play
    toes: int = 3  # toes every later double takes before play goes elsewhere
    blank_double: int = 50  # the double-blank left in a hand counts 50, or 0
    rounds: int = 0  # rounds in a match; 0: one per double, the set's highest down to 0-0

    def __post_init__(self) -> None:
        if not 3 <= self.top <= 18:
            raise RulesError(
                f"set={self.top}: a Chicken Foot set is double-3 to double-18 (9 at most tables)"
            )
        if not 1 <= self.head_toes <= self.top:
            raise RulesError(
                f"head_toes={self.head_toes}: the head takes 1 to {self.top} toes "
                f"(the double-{self.top} set has {self.top} other tiles of each number)"
            )
        if not 1 <= self.toes <= self.top:
            raise RulesError(f"toes={self.toes}: a double takes 1 to {self.top} toes")
        if self.blank_double not in BLANKS:
            raise RulesError(f"blank_double={self.blank_double}: the double-blank counts 0 or 50")
        if self.hand < 0:
            raise RulesError(f"hand={self.hand}: a hand is at least one tile")
        if not 0 <= self.rounds <= self.top + 1:
            raise RulesError(f"rounds={self.rounds}: a match has 1 to {self.top + 1} rounds (0: all of them)")

    @property
    def name(self) -> str:
        return GAME

    @property
    def tile_count(self) -> int:
        return set_size(self.top)

    @property
    def round_count(self) -> int:
        return self.rounds or self.top + 1

    def engine(self, round_number: int) -> int:
        """The round's double, the chicken's head: the set's highest first, then down by one."""
        return self.top - (round_number - 1) % (self.top + 1)

    def hand_size(self, players: int) -> int:
        """The tiles dealt to each player, checked against the set (the head is set aside
        before the deal, and a boneyard must be left to draw from)."""
        self.check_players(players)
        if self.hand:
            size = self.hand
        elif self.top in HANDS:
            size = HANDS[self.top][players]
        else:  # small sets (tests): a third of what is left each, at least one
            size = max(1, (self.tile_count - 1) // (3 * players))
        if players * size > self.tile_count - 1:
            raise RulesError(
                f"hand={size} for {players} players needs {players * size} tiles, but the double-"
                f"{self.top} set has {self.tile_count - 1} once the head is set aside"
            )
        return size

    def check_players(self, players: int) -> None:
        if players not in PLAYERS:
            raise RulesError(f"Chicken Foot is played by 2 to 8 players, not {players}")

    def differences(self) -> dict[str, object]:
        """The settings that differ from the defaults, as a header or --set writes them."""
        default = ChickenRules()
        return {
            _KEY.get(f.name, f.name): getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def with_settings(self, settings: dict[str, str]) -> ChickenRules:
        """These rules with ``key=value`` settings applied (``set=12``, ``head_toes=4``)."""
        changes: dict[str, Any] = {}
        for key, text in settings.items():
            name = _FIELD.get(key, key)
            if not any(f.name == name for f in fields(self)):
                known = ", ".join(sorted(_KEY.get(f.name, f.name) for f in fields(self)))
                raise RulesError(f"'{excerpt(key)}' is not a Chicken Foot rule (the rules are {known})")
            changes[name] = setting_value(key, text, isinstance(getattr(self, name), bool))
        return replace(self, **changes)  # checked by __post_init__


# each setting as `rules chicken-foot` lists it: the values it takes, what it changes
SETTINGS = {
    "set": ("3 to 18", "the set: the highest double, the first head"),
    "hand": ("a whole number", "tiles dealt to each (0: the usual size for the table)"),
    "head_toes": ("1 to set", "toes the head takes before any other play (6; some tables 4)"),
    "toes": ("1 to set", "toes every later double takes before play goes on"),
    "blank_double": ("0, 50", "what the double-blank counts left in a hand"),
    "rounds": ("0 to set+1", "rounds in a match (0: one per double)"),
}
_KEY = {"top": "set"}  # a field as a setting names it
_FIELD = {v: k for k, v in _KEY.items()}

"""Chicken Foot's rule parameters: the choices tables make, named, with the common home
rules as defaults (docs/chicken-foot.md).

Frozen and checked when made, like ``trains.rules.TrainRules``; ``with_settings`` reads
the ``key=value`` settings a log's header or ``--set`` carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from domino_advisor.base.errors import RulesError
from domino_advisor.games.hub.rules import HubRules

GAME = "chicken-foot"  # its name in a log's [Rules] tag and the registry
# the hand sizes most tables deal, by set and number of players
HANDS = {
    9: {2: 9, 3: 7, 4: 7, 5: 6, 6: 5, 7: 4, 8: 4},
    12: {2: 15, 3: 13, 4: 11, 5: 9, 6: 8, 7: 7, 8: 6},
}


@dataclass(frozen=True)
class ChickenRules(HubRules):
    title: ClassVar[str] = "Chicken Foot"
    hub_word: ClassVar[str] = "head"
    hands_table: ClassVar[dict[int, dict[int, int]]] = HANDS

    top: int = 9  # the set: double-nine (55 tiles) by default, or double-twelve
    hand: int = 0  # tiles dealt to each player; 0: the usual size for the table (HANDS)
    head_toes: int = 6  # toes the round's double (the chicken's head) takes before any other play
    toes: int = 3  # toes every later double takes before play goes elsewhere
    blank_double: int = 50  # the double-blank left in a hand counts 50, or 0
    rounds: int = 0  # rounds in a match; 0: one per double, the set's highest down to 0-0

    def __post_init__(self) -> None:
        self._check_common()
        if not 1 <= self.head_toes <= self.top:
            raise RulesError(
                f"head_toes={self.head_toes}: the head takes 1 to {self.top} toes "
                f"(the double-{self.top} set has {self.top} other tiles of each number)"
            )
        if not 1 <= self.toes <= self.top:
            raise RulesError(
                f"toes={self.toes}: a double takes 1 to {self.top} toes (a later double gets at "
                f"most {self.top - 1}: the tile it was laid on bears its number too)"
            )

    @property
    def name(self) -> str:
        return GAME


# each setting as `rules chicken-foot` lists it: the values it takes, what it changes
SETTINGS = {
    "set": ("3 to 18", "the set: the highest double, the first head"),
    "hand": ("a whole number", "tiles dealt to each (0: the usual size for the table)"),
    "head_toes": ("1 to set", "toes the head takes before any other play (6; some tables 4)"),
    "toes": ("1 to set", "toes every later double takes before play goes on"),
    "blank_double": ("0, 50", "what the double-blank counts left in a hand"),
    "rounds": ("0 to set+1", "rounds in a match (0: one per double)"),
}

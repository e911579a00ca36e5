"""Mexican Train's rule parameters: the choices tables make, named, with the common
home rules as defaults (docs/mexican-train.md), on ``hub.rules.HubRules``.

Frozen and checked when made, like ``rules.Rules``; ``with_settings`` reads the
``key=value`` settings a log's header or ``--set`` carries and refuses a bad one in the
table's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from domino_advisor.games.hub.rules import HubRules

GAME = "mexican-train"
# the hand sizes most tables deal, by set and number of players
HANDS = {
    12: {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 11, 8: 11},
    9: {2: 9, 3: 9, 4: 9, 5: 7, 6: 7, 7: 7, 8: 6},
}


@dataclass(frozen=True)
class TrainRules(HubRules):
    title: ClassVar[str] = "Mexican Train"
    hub_word: ClassVar[str] = "engine"
    hands_table: ClassVar[dict[int, dict[int, int]]] = HANDS

    top: int = 12  # the set: double-twelve (91 tiles) or double-nine (55)
    hand: int = 0  # tiles dealt to each player; 0: the usual size for the table (HANDS)
    double_again: bool = True  # who plays a double plays again, on it (to satisfy it)
    mexican_after_own: bool = False  # the Mexican train may start only after your own has
    blank_double: int = 0  # the double-blank left in a hand counts 0, or 50
    rounds: int = 0  # rounds in a match; 0: one per engine double, top down to 0-0
    first_chain: bool = False  # your first turn may lay a chain of tiles on your own train

    def __post_init__(self) -> None:
        self._check_common()

    @property
    def name(self) -> str:
        return GAME


# each setting as `rules mexican-train` lists it: the values it takes, what it changes
SETTINGS = {
    "set": ("3 to 18", "the set: the highest double, the first engine"),
    "hand": ("a whole number", "tiles dealt to each (0: the usual size for the table)"),
    "double_again": ("yes, no", "who lays a double plays again, on it"),
    "mexican_after_own": ("yes, no", "the Mexican train waits until your own has started"),
    "blank_double": ("0, 50", "what the double-blank counts left in a hand"),
    "rounds": ("0 to set+1", "rounds in a match (0: one per engine double)"),
    "first_chain": ("yes, no", "your first turn may lay a chain on your own train"),
}

"""Matador's rule set: the few settings a table chooses, frozen and checked when made.

Double-six, 2 to 4 players, 7 tiles each for two players and 5 for three or four (the
``hand`` setting deals another number), a match to ``target`` points (100 by default;
0 plays a single round).  What a tile may be laid on, and how it lies, is ``layout.py``;
the moves are ``state.py``; how a round scores is ``scoring.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from domino_advisor.base.errors import RulesError
from domino_advisor.base.printable import excerpt
from domino_advisor.games.events import number_at_most

GAME = "matador"  # its name in a log's [Rules] tag
TITLE = "Matador"
TOP = 6  # double-six only
TILES = 28
PLAYERS = (2, 4)  # the fewest and the most at one table
HANDS = {2: 7, 3: 5, 4: 5}  # tiles dealt to each player, by the table's size
TARGET = 100
MOST_HAND = TILES // PLAYERS[0]  # 14: two players dealt every tile
MOST_TARGET = 100_000

# each setting as `rules matador` lists it: the values it takes, what it changes
SETTINGS: dict[str, tuple[str, str]] = {
    "hand": (
        f"1 to {MOST_HAND} (or default)",
        "tiles dealt to each player (default 7 for 2 players, 5 for 3 or 4)",
    ),
    "target": (
        f"0 to {MOST_TARGET:,}".replace(",", " "),
        "the points that win the match, reached at the end of a round (0: a single round)",
    ),
}


@dataclass(frozen=True)
class MatadorRules:
    """The settings of a Matador table."""

    hand: int | None = None  # None: by the table's size (7 for two players, 5 for three or four)
    target: int = TARGET  # 0: a single round

    def __post_init__(self) -> None:
        if self.hand is not None and not 1 <= self.hand <= MOST_HAND:
            raise RulesError(f"hand={self.hand}: {TITLE} deals 1 to {MOST_HAND} tiles to each player")
        if not 0 <= self.target <= MOST_TARGET:
            raise RulesError(f"target={self.target}: the target is 0 to {MOST_TARGET:,} points")

    @property
    def name(self) -> str:
        return GAME

    @property
    def title(self) -> str:
        return TITLE

    @property
    def top(self) -> int:
        return TOP

    @property
    def tile_count(self) -> int:
        return TILES

    @property
    def single_round(self) -> bool:
        return self.target == 0

    def hand_size(self, players: int) -> int:
        return self.hand if self.hand is not None else HANDS.get(players, HANDS[PLAYERS[1]])

    def check_players(self, players: int) -> None:
        """A table this rule set cannot be dealt to is an input error."""
        low, high = PLAYERS
        if not low <= players <= high:
            raise RulesError(f"{players} players: {TITLE} is played by {low} to {high} players")
        size = self.hand_size(players)
        if players * size > TILES:
            raise RulesError(
                f"hand={size}: {players} players cannot each be dealt {size} tiles from {TILES} "
                f"(at most {TILES // players} each)"
            )

    def with_settings(self, settings: Mapping[str, str]) -> MatadorRules:
        """These rules with ``key=value`` settings applied (``target=150``, ``hand=6``)."""
        values: dict[str, int | None] = {"hand": self.hand, "target": self.target}
        for key, value in settings.items():
            if key not in SETTINGS:
                known = ", ".join(sorted(SETTINGS))
                raise RulesError(
                    f"'{excerpt(key)}={excerpt(value)}': there is no {TITLE} rule called "
                    f"'{excerpt(key)}' (the rules are {known})"
                )
            if key == "hand" and value.strip().lower() == "default":
                values["hand"] = None
                continue
            most = MOST_HAND if key == "hand" else MOST_TARGET
            number = number_at_most(value.strip(), most)
            if number is None or (key == "hand" and number < 1):
                raise RulesError(
                    f"'{excerpt(key)}={excerpt(value)}': {key} is a whole number from {SETTINGS[key][0]}"
                )
            values[key] = number
        hand, target = values["hand"], values["target"]
        assert target is not None
        return MatadorRules(hand=hand, target=target)

    def parameters(self) -> dict[str, object]:
        return {"hand": self.hand, "target": self.target}

    def differences(self) -> dict[str, object]:
        """The settings that differ from the defaults, as a log's header or --set writes them."""
        mine, default = self.parameters(), MatadorRules().parameters()
        return {k: mine[k] for k in SETTINGS if mine[k] != default[k]}

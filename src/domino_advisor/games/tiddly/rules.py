"""Tiddly-wink's rule set: the draw game's deal, opening and scoring, with play as a race.

Every rule the two games share is decided once, by the line games: a ``TiddlyRules``
holds the few settings a table chooses and builds from them the draw preset's ``Rules``
(``line``), which says the hand sizes, who opens (``lead.py``) and how a round scores
(``scoring.py``).  Only what Tiddly-wink changes (who may act, and when a player draws)
is in ``state.py``.  Frozen and checked when made, like every game's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from domino_advisor.base.errors import RulesError
from domino_advisor.base.printable import excerpt
from domino_advisor.games.line.rules import DESCRIPTIONS, INTEGERS, PRESETS, Rules

GAME = "tiddly-wink"  # its name in a log's [Rules] tag, once it is registered
TITLE = "Tiddly-wink"
BASE = PRESETS["draw"]  # the game it is played as, but for the race
SETS = (6, 9)  # double-six, or double-nine
PLAYERS = (2, 4)  # the fewest and the most at one table


def _range(key: str) -> str:
    low, high = INTEGERS[key]
    return f"{low} to {high:,}"


# each setting as `rules tiddly-wink` will list it: the values it takes, what it changes
SETTINGS: dict[str, tuple[str, str]] = {
    "set": (", ".join(str(s) for s in SETS), "the set: double-six (28 tiles) or double-nine (55)"),
    "hand": (_range("hand"), DESCRIPTIONS["hand"]),
    "target": (_range("target"), DESCRIPTIONS["target"]),
    "rounds": (_range("rounds"), DESCRIPTIONS["rounds"]),
}


@dataclass(frozen=True)
class TiddlyRules:
    """The settings of a Tiddly-wink table; ``line`` is the draw game they make."""

    top: int = BASE.top
    hand: int | None = BASE.hand  # None: the draw game's size (7 for two players, 5 for three or four)
    target: int = BASE.target  # 0 with rounds=0: a single round, as the draw game
    rounds: int = BASE.rounds
    line: Rules = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.top not in SETS:
            raise RulesError(
                f"set={self.top}: {TITLE} is played with double-six or double-nine (set=6 or set=9)"
            )
        # the draw game's own checks refuse a hand, target or rounds out of range
        line = replace(BASE, top=self.top, hand=self.hand, target=self.target, rounds=self.rounds)
        object.__setattr__(self, "line", line)

    @property
    def name(self) -> str:
        return GAME

    @property
    def title(self) -> str:
        return TITLE

    @property
    def tile_count(self) -> int:
        return self.line.tile_count

    @property
    def single_round(self) -> bool:
        return self.line.single_round

    def hand_size(self, players: int) -> int:
        return self.line.hand_size(players)

    def check_players(self, players: int) -> None:
        """A table this rule set cannot be dealt to is an input error."""
        low, high = PLAYERS
        if not low <= players <= high:
            raise RulesError(f"{players} players: {TITLE} is played by {low} to {high} players")
        self.line.check_players(players)

    def with_settings(self, settings: Mapping[str, str]) -> TiddlyRules:
        """These rules with ``key=value`` settings applied (``set=9``, ``hand=7``), each read
        and range-checked as the line games read theirs."""
        for key, value in settings.items():
            if key not in SETTINGS:
                known = ", ".join(sorted(SETTINGS))
                raise RulesError(
                    f"'{excerpt(key)}={excerpt(value)}': there is no {TITLE} rule called "
                    f"'{excerpt(key)}' (the rules are {known})"
                )
        shown = settings.get("set")
        if shown is not None and shown.strip().lstrip("0") not in {str(s) for s in SETS}:
            raise RulesError(
                f"'set={excerpt(shown)}': {TITLE} is played with double-six or double-nine (set=6 or set=9)"
            )
        line = self.line.with_overrides(dict(settings))
        return TiddlyRules(top=line.top, hand=line.hand, target=line.target, rounds=line.rounds)

    def differences(self) -> dict[str, object]:
        """The settings that differ from the defaults, as a log's header or --set writes them."""
        mine, default = self.line.parameters(), TiddlyRules().line.parameters()
        return {k: mine[k] for k in SETTINGS if mine[k] != default[k]}

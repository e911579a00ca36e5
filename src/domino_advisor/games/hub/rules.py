"""What the rules of every game played off a middle double share (Mexican Train's
engine, Chicken Foot's head): the set, the hands, a round per double, the settings, read
from ``key=value`` and refused in the table's words.  Each game's rules are a frozen
subclass (``trains.rules``, ``chicken.rules``)."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, ClassVar, Self

from domino_advisor.base.errors import RulesError
from domino_advisor.base.printable import excerpt
from domino_advisor.base.tiles import set_size

PLAYERS = range(2, 9)  # two to eight at one table
BLANKS = (0, 50)  # what the double-blank counts left in a hand


class HubRules:
    """What the rules of every game played off a middle double share (Mexican Train's
    engine, Chicken Foot's head): the set, the hands, a round per double, the settings."""

    title: ClassVar[str]  # the game, as the table says it
    hub_word: ClassVar[str]  # the double in the middle: engine, head
    hands_table: ClassVar[dict[int, dict[int, int]]]  # the usual hand, by set and players
    top: int
    hand: int
    blank_double: int
    rounds: int

    @property
    def name(self) -> str:
        """The game's name in a log's [Rules] tag (each game's rules say)."""
        raise NotImplementedError

    def _check_common(self) -> None:
        if not 3 <= self.top <= 18:
            raise RulesError(
                f"set={self.top}: a {self.title} set is double-3 to double-18 "
                f"({' or '.join(str(t) for t in sorted(self.hands_table))} at most tables)"
            )
        if self.blank_double not in BLANKS:
            raise RulesError(f"blank_double={self.blank_double}: the double-blank counts 0 or 50")
        if self.hand < 0:
            raise RulesError(f"hand={self.hand}: a hand is at least one tile")
        if not 0 <= self.rounds <= self.top + 1:
            raise RulesError(f"rounds={self.rounds}: a match has 1 to {self.top + 1} rounds (0: all of them)")

    @property
    def tile_count(self) -> int:
        return set_size(self.top)

    @property
    def round_count(self) -> int:
        return self.rounds or self.top + 1

    def engine(self, round_number: int) -> int:
        """The double that starts a round: the set's highest first, then down by one."""
        return self.top - (round_number - 1) % (self.top + 1)

    def hand_size(self, players: int) -> int:
        """The tiles dealt to each player; checked against the set (the middle double is
        set aside before the deal, and a boneyard must be left to draw from)."""
        self.check_players(players)
        if self.hand:
            size = self.hand
        elif self.top in self.hands_table:
            size = self.hands_table[self.top][players]
        else:  # small sets (tests, children's games): a third of what is left each, at least one
            size = max(1, (self.tile_count - 1) // (3 * players))
        if players * size > self.tile_count - 1:
            raise RulesError(
                f"hand={size} for {players} players needs {players * size} tiles, but the double-"
                f"{self.top} set has {self.tile_count - 1} once the {self.hub_word} is set aside"
            )
        return size

    def check_players(self, players: int) -> None:
        if players not in PLAYERS:
            raise RulesError(f"{self.title} is played by 2 to 8 players, not {players}")

    def differences(self) -> dict[str, object]:
        """The settings that differ from the defaults, as a header or --set writes them."""
        default = type(self)()
        return {
            _KEY.get(f.name, f.name): getattr(self, f.name)
            for f in fields(self)  # type: ignore[arg-type]
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def with_settings(self, settings: dict[str, str]) -> Self:
        """These rules with ``key=value`` settings applied (``set=9``, ``blank_double=50``)."""
        changes: dict[str, Any] = {}
        settable = {_KEY.get(f.name, f.name): f.name for f in fields(self)}  # type: ignore[arg-type]
        for key, text in settings.items():
            name = settable.get(key)
            if name is None:  # a field's own name is not a setting where the setting has another (top: set)
                known = ", ".join(sorted(settable))
                raise RulesError(f"'{excerpt(key)}' is not a {self.title} rule (the rules are {known})")
            changes[name] = setting_value(key, text, isinstance(getattr(self, name), bool))
        return replace(self, **changes)  # type: ignore[type-var]  # checked by __post_init__


_KEY = {"top": "set"}  # a field as a setting names it


def setting_value(key: str, text: str, flag: bool) -> int | bool:
    """A setting's value: yes or no for a flag, else a whole number in ASCII digits."""
    word = text.strip().lower()
    if flag:
        if word in ("yes", "true", "on", "1"):
            return True
        if word in ("no", "false", "off", "0"):
            return False
        raise RulesError(f"{key}={excerpt(text)}: say yes or no")
    if not (word.isascii() and word.isdigit()) or len(word) > 4:
        raise RulesError(f"{key}={excerpt(text)}: a whole number, please")
    return int(word)

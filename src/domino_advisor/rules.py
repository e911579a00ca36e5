"""Rule sets: every house-rule parameter of RULES.md, and the named presets.

A ``Rules`` value is frozen; overrides make a new one.  Every parameter is checked
when it is set, so the engine never meets a value it does not know.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Iterable, Mapping

from .errors import RulesError
from .tiles import DEFAULT_TOP, set_size

CHOICES: dict[str, tuple[str, ...]] = {
    "lead": ("highest-double", "highest-double-any", "chosen"),
    "next_lead": ("same", "winner", "rotate"),
    "draw": ("until-playable", "none"),
    "spinner": ("none", "first-double"),
    "scoring": ("block", "all-fives"),
    "out": ("others", "all"),
    "blocked": ("others", "difference", "none"),
    "tie": ("none", "shared"),
    "teams": ("none", "partners"),
}
INTEGERS = ("hand", "reserve", "round_to", "target", "set")

DESCRIPTIONS = {
    "set": "top pip of the set (6: double-six, 28 tiles)",
    "hand": "tiles dealt to each player (default 7 for 2 players, 5 for 3-4)",
    "lead": "who opens the first round and with what",
    "next_lead": "who opens later rounds",
    "draw": "draw until a tile plays, or pass at once (block game)",
    "reserve": "tiles that must stay in the boneyard",
    "spinner": "the first double opens four ways",
    "scoring": "block (points at round end) or all-fives (multiples of 5 score at once)",
    "out": "whose pips the player who goes out scores",
    "blocked": "how a blocked round is scored",
    "tie": "a blocked round tied for fewest pips",
    "round_to": "round-end points rounded to a multiple of this",
    "target": "match target (0 plays a single round)",
    "teams": "partners: seats 1 and 3 against 2 and 4",
}


@dataclass(frozen=True)
class Rules:
    """One rule set.  ``hand=None`` means the default for the number of players."""

    name: str = "classic"
    set: int = DEFAULT_TOP
    hand: int | None = None
    lead: str = "highest-double"
    next_lead: str = "same"
    draw: str = "until-playable"
    reserve: int = 0
    spinner: str = "none"
    scoring: str = "block"
    out: str = "others"
    blocked: str = "others"
    tie: str = "none"
    round_to: int = 1
    target: int = 100
    teams: str = "none"

    def hand_size(self, players: int) -> int:
        if self.hand is not None:
            return self.hand
        return 7 if players == 2 or self.teams == "partners" else 5

    @property
    def tile_count(self) -> int:
        return set_size(self.set)

    @property
    def all_fives(self) -> bool:
        return self.scoring == "all-fives"

    @property
    def draws(self) -> bool:
        return self.draw == "until-playable"

    def with_overrides(self, overrides: Mapping[str, str] | Iterable[str] | str) -> "Rules":
        """Apply ``key=value`` overrides, as typed in ``--set`` or a ``[Set]`` tag."""
        pairs = parse_overrides(overrides)
        changes: dict[str, object] = {}
        for key, value in pairs.items():
            changes[key] = _convert(key, value)
        return replace(self, **changes) if changes else self

    def check_players(self, players: int) -> None:
        """A rule set that cannot be dealt to this table is an input error."""
        if not 2 <= players <= 4:
            raise RulesError(f"{players} players: dominoes here is for 2 to 4 players")
        if self.teams == "partners" and players != 4:
            raise RulesError(f"teams=partners needs 4 players, not {players}")
        dealt = self.hand_size(players) * players
        if dealt + self.reserve > self.tile_count:
            raise RulesError(
                f"hand={self.hand_size(players)} for {players} players with reserve={self.reserve} "
                f"needs {dealt + self.reserve} tiles; the set has {self.tile_count}"
            )
        if self.hand_size(players) < 1:
            raise RulesError("hand must be at least 1 tile")

    def parameters(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "name"}

    def differences(self) -> dict[str, object]:
        """The parameters that differ from the preset this rule set is named after."""
        base = PRESETS.get(self.name, Rules())
        return {k: v for k, v in self.parameters().items() if getattr(base, k) != v}


def parse_overrides(overrides: Mapping[str, str] | Iterable[str] | str) -> dict[str, str]:
    if isinstance(overrides, Mapping):
        return {str(k): str(v) for k, v in overrides.items()}
    words = overrides.split() if isinstance(overrides, str) else [w for o in overrides for w in o.split()]
    pairs: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or not key or not value:
            raise RulesError(f"'{word}' is not a rule setting: write key=value, like target=150")
        key = key.strip().replace("-", "_")
        if key in pairs:
            raise RulesError(f"'{word}': {key} is set twice")
        pairs[key] = value.strip()
    return pairs


def _convert(key: str, value: str) -> object:
    if key in CHOICES:
        if value not in CHOICES[key]:
            raise RulesError(f"'{key}={value}': {key} is one of {', '.join(CHOICES[key])}")
        return value
    if key in INTEGERS:
        try:
            number = int(value)
        except ValueError:
            raise RulesError(f"'{key}={value}': {key} takes a whole number") from None
        if key == "round_to" and number not in (1, 5):
            raise RulesError(f"'{key}={value}': round_to is 1 or 5")
        if key == "set" and not 1 <= number <= 12:
            raise RulesError(f"'{key}={value}': the set's top pip runs from 1 to 12")
        if number < 0:
            raise RulesError(f"'{key}={value}': {key} cannot be negative")
        return number
    known = ", ".join(sorted((*CHOICES, *INTEGERS)))
    raise RulesError(f"'{key}={value}': there is no rule called '{key}' (the rules are {known})")


PRESETS: dict[str, Rules] = {
    "classic": Rules(name="classic"),
    "all-fives": Rules(name="all-fives", scoring="all-fives", round_to=5, blocked="difference"),
    "draw": Rules(name="draw", lead="highest-double-any", blocked="others", tie="none", target=0),
    "reserve": Rules(
        name="reserve", lead="chosen", next_lead="rotate", reserve=2, blocked="difference", tie="none"
    ),
    "block": Rules(name="block", draw="none"),
    "partnership": Rules(
        name="partnership", hand=7, next_lead="winner", draw="none", teams="partners", out="all"
    ),
}


def preset(name: str, overrides: Mapping[str, str] | Iterable[str] | str = ()) -> Rules:
    """The named preset with ``key=value`` overrides applied."""
    try:
        base = PRESETS[name]
    except KeyError:
        raise RulesError(
            f"'{name}' is not a rule preset (the presets are {', '.join(PRESETS)})"
        ) from None
    return base.with_overrides(overrides)

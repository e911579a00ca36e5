"""Rule sets: every house-rule parameter of docs/rules.md, and the named presets.

A ``Rules`` value is frozen and checked when it is made (``Rules(lead="bogus")`` is
refused), so the engine never meets a value it does not know; overrides make a new
one.  Each choice is a ``Literal`` type, so the type checker knows the values too.
The parameter a player writes as ``set=9`` is the field ``top`` (``set`` is a builtin).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Literal, TypeVar

from domino_advisor.base.errors import RulesError
from domino_advisor.base.printable import excerpt
from domino_advisor.base.tiles import DEFAULT_TOP, set_size

Lead = Literal["highest-double", "highest-double-any", "chosen"]
NextLead = Literal["same", "winner", "rotate"]
DrawRule = Literal["until-playable", "none"]
Spinner = Literal["none", "first-double", "every-double"]
SpinnerOpens = Literal["after-both", "at-once", "fill-first"]
Scoring = Literal["block", "all-fives"]
Out = Literal["others", "all"]
Blocked = Literal["others", "difference", "none"]
Tie = Literal["none", "shared"]
Teams = Literal["none", "partners"]

# the same values as tuples the type checker checks against the Literals above
# (tests/test_rules_table.py holds the two together)
LEADS: tuple[Lead, ...] = ("highest-double", "highest-double-any", "chosen")
NEXT_LEADS: tuple[NextLead, ...] = ("same", "winner", "rotate")
DRAWS: tuple[DrawRule, ...] = ("until-playable", "none")
SPINNERS: tuple[Spinner, ...] = ("none", "first-double", "every-double")
SPINNER_OPENS: tuple[SpinnerOpens, ...] = ("after-both", "at-once", "fill-first")
SCORINGS: tuple[Scoring, ...] = ("block", "all-fives")
OUTS: tuple[Out, ...] = ("others", "all")
BLOCKEDS: tuple[Blocked, ...] = ("others", "difference", "none")
TIES: tuple[Tie, ...] = ("none", "shared")
TEAMS: tuple[Teams, ...] = ("none", "partners")

CHOICES: dict[str, tuple[str, ...]] = {
    "lead": LEADS,
    "next_lead": NEXT_LEADS,
    "draw": DRAWS,
    "spinner": SPINNERS,
    "spinner_opens": SPINNER_OPENS,
    "scoring": SCORINGS,
    "out": OUTS,
    "blocked": BLOCKEDS,
    "tie": TIES,
    "teams": TEAMS,
}
S = TypeVar("S", bound=str)
# integer parameters: the range each may take (the top pip's own range; a hand or a
# reserve beyond the set is refused when the table is known, by ``check_players``)
INTEGERS: dict[str, tuple[int, int]] = {
    "set": (1, 12),
    "hand": (1, 91),
    "reserve": (0, 91),
    "round_to": (1, 5),
    "target": (0, 100_000),
    "rounds": (0, 1_000),
}
FIELD = {"set": "top"}  # parameter name -> field name, where they differ
PARAMETER = {v: k for k, v in FIELD.items()}

DESCRIPTIONS = {
    "set": "top pip of the set (6: double-six, 28 tiles)",
    "hand": "tiles dealt to each player (default 7 for 2 players, 5 for 3-4)",
    "lead": "who opens the first round and with what",
    "next_lead": "who opens later rounds",
    "draw": "draw until a tile plays, or pass at once (block game)",
    "reserve": "tiles that must stay in the boneyard",
    "spinner": "the first double opens four ways (every-double: every double does)",
    "spinner_opens": "when the spinner's other two sides open: once both its sides are taken, at once, "
    "or at once and all four taken before any other end (fill-first)",
    "scoring": "block (points at round end) or all-fives (multiples of 5 score at once)",
    "out": "whose pips the player who goes out scores",
    "blocked": "how a blocked round is scored",
    "tie": "a blocked round tied for fewest pips",
    "round_to": "round-end points rounded to a multiple of this",
    "target": "match target (0 with rounds=0 plays a single round)",
    "rounds": "a match of this many rounds, the most points winning (0: no limit; with a target, "
    "whichever comes first)",
    "teams": "partners: seats 1 and 3 against 2 and 4",
}


@dataclass(frozen=True)
class Rules:
    """One rule set.  ``hand=None`` means the default for the number of players."""

    name: str = "classic"
    top: int = DEFAULT_TOP
    hand: int | None = None
    lead: Lead = "highest-double"
    next_lead: NextLead = "same"
    draw: DrawRule = "until-playable"
    reserve: int = 0
    spinner: Spinner = "none"
    spinner_opens: SpinnerOpens = "after-both"
    scoring: Scoring = "block"
    out: Out = "others"
    blocked: Blocked = "others"
    tie: Tie = "none"
    round_to: int = 1
    target: int = 100
    teams: Teams = "none"
    rounds: int = 0

    def __post_init__(self) -> None:
        for key, allowed in CHOICES.items():
            value = getattr(self, key)
            if value not in allowed:
                raise RulesError(f"'{excerpt(key)}={excerpt(value)}': {key} is one of {', '.join(allowed)}")
        for key, (low, high) in INTEGERS.items():
            value = getattr(self, FIELD.get(key, key))
            if value is None and key == "hand":
                continue
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise RulesError(
                    f"'{excerpt(key)}={excerpt(value)}': {key} is a whole number from {low} to {high:,}"
                )
        if self.round_to not in (1, 5):
            raise RulesError(f"'round_to={self.round_to}': round_to is 1 or 5")

    def hand_size(self, players: int) -> int:
        if self.hand is not None:
            return self.hand
        return 7 if players == 2 or self.teams == "partners" else 5

    @property
    def tile_count(self) -> int:
        return set_size(self.top)

    @property
    def all_fives(self) -> bool:
        return self.scoring == "all-fives"

    @property
    def draws(self) -> bool:
        return self.draw == "until-playable"

    @property
    def partners(self) -> bool:
        return self.teams == "partners"

    @property
    def single_round(self) -> bool:
        """No target and no number of rounds: the match is one round."""
        return not self.target and not self.rounds

    def with_overrides(self, overrides: Mapping[str, str] | Iterable[str] | str) -> Rules:
        """Apply ``key=value`` overrides, as typed in ``--set`` or a ``[Set]`` tag."""
        given = parse_overrides(overrides)
        for key, value in given.items():
            if key not in CHOICES and key not in INTEGERS:
                known = ", ".join(sorted((*CHOICES, *INTEGERS)))
                raise RulesError(
                    f"'{excerpt(key)}={excerpt(value)}': there is no rule called '{excerpt(key)}' "
                    f"(the rules are {known})"
                )
        if not given:
            return self

        def pick(key: str, allowed: tuple[S, ...], current: S) -> S:
            return _choice(key, given[key], allowed) if key in given else current

        def number(key: str, current: int) -> int:
            return _integer(key, given[key]) if key in given else current

        return Rules(
            name=self.name,
            top=number("set", self.top),
            hand=_integer("hand", given["hand"]) if "hand" in given else self.hand,
            lead=pick("lead", LEADS, self.lead),
            next_lead=pick("next_lead", NEXT_LEADS, self.next_lead),
            draw=pick("draw", DRAWS, self.draw),
            reserve=number("reserve", self.reserve),
            spinner=pick("spinner", SPINNERS, self.spinner),
            spinner_opens=pick("spinner_opens", SPINNER_OPENS, self.spinner_opens),
            scoring=pick("scoring", SCORINGS, self.scoring),
            out=pick("out", OUTS, self.out),
            blocked=pick("blocked", BLOCKEDS, self.blocked),
            tie=pick("tie", TIES, self.tie),
            round_to=number("round_to", self.round_to),
            target=number("target", self.target),
            teams=pick("teams", TEAMS, self.teams),
            rounds=number("rounds", self.rounds),
        )

    def check_players(self, players: int) -> None:
        """A rule set that cannot be dealt to this table is an input error."""
        if not 2 <= players <= 4:
            raise RulesError(f"{players} players: dominoes here is for 2 to 4 players")
        if self.partners and players != 4:
            raise RulesError(f"{self.name}: teams=partners needs 4 players, not {players}")
        if self.name == "sebastopol" and players != 4:  # all 28 dealt, so the 6-6 is in a hand
            raise RulesError(f"sebastopol is a four-player game (all 28 tiles dealt), not {players}")
        dealt = self.hand_size(players) * players
        if dealt + self.reserve > self.tile_count:
            raise RulesError(
                f"hand={self.hand_size(players)} for {players} players with reserve={self.reserve} "
                f"needs {dealt + self.reserve} tiles; the set has {self.tile_count}"
            )

    def parameters(self) -> dict[str, object]:
        """Every parameter by the name a player writes (``set``, not the field ``top``)."""
        return {
            PARAMETER.get(f.name, f.name): getattr(self, f.name) for f in fields(self) if f.name != "name"
        }

    def differences(self) -> dict[str, object]:
        """The parameters that differ from the preset this rule set is named after."""
        base = PRESETS.get(self.name, Rules()).parameters()
        return {k: v for k, v in self.parameters().items() if base[k] != v}


def parse_overrides(overrides: Mapping[str, str] | Iterable[str] | str) -> dict[str, str]:
    if isinstance(overrides, Mapping):
        return {str(k): str(v) for k, v in overrides.items()}
    words = overrides.split() if isinstance(overrides, str) else [w for o in overrides for w in o.split()]
    pairs: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or not key or not value:
            raise RulesError(f"'{excerpt(word)}' is not a rule setting: write key=value, like target=150")
        key = key.strip().replace("-", "_")
        if key in pairs:
            raise RulesError(f"'{excerpt(word)}': {key} is set twice")
        pairs[key] = value.strip()
    return pairs


def _choice(key: str, value: str, allowed: tuple[S, ...]) -> S:
    for option in allowed:
        if option == value:
            return option
    raise RulesError(f"'{excerpt(key)}={excerpt(value)}': {key} is one of {', '.join(allowed)}")


def _integer(key: str, value: str) -> int:
    low, high = INTEGERS[key]
    if not value.isascii() or not value.isdigit():
        raise RulesError(f"'{excerpt(key)}={excerpt(value)}': {key} takes a whole number")
    digits = value.lstrip("0") or "0"
    if len(digits) > len(str(high)) or not low <= int(digits) <= high:
        if key == "set":
            raise RulesError(
                f"'{excerpt(key)}={excerpt(value)}': the set's top pip runs from {low} to {high}"
            )
        raise RulesError(f"'{excerpt(key)}={excerpt(value)}': {key} is a whole number from {low} to {high:,}")
    return int(digits)


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
    # four players, all 28 tiles dealt; the 6-6 opens as a spinner and takes a tile on
    # each of its four sides before any arm grows; All Fives scoring
    "sebastopol": Rules(
        name="sebastopol",
        hand=7,
        draw="none",
        spinner="first-double",
        spinner_opens="fill-first",
        scoring="all-fives",
        round_to=5,
        blocked="difference",
    ),
}


def preset(name: str, overrides: Mapping[str, str] | Iterable[str] | str = ()) -> Rules:
    """The named preset with ``key=value`` overrides applied."""
    try:
        base = PRESETS[name]
    except KeyError:
        from domino_advisor.games.registry import own_names

        raise RulesError(
            f"'{excerpt(name)}' is not a rule preset (the presets are {', '.join(PRESETS)}; "
            f"the other games: {', '.join(own_names())})"
        ) from None
    return base.with_overrides(overrides)


# the parameters the table of presets shows, in order (``rules`` with no name)
SHOWN = (
    "hand",
    "lead",
    "next_lead",
    "draw",
    "reserve",
    "spinner",
    "spinner_opens",
    "scoring",
    "out",
    "blocked",
    "tie",
    "round_to",
    "target",
    "rounds",
    "teams",
)


def allowed(key: str) -> str:
    """The values a parameter may take, as ``--set`` takes them."""
    if key in CHOICES:
        return ", ".join(CHOICES[key])
    low, high = INTEGERS[key]
    return f"{low} to {high:,}".replace(",", " ") if key != "hand" else f"{low} to {high} (or default)"


def shown(rules: Rules) -> dict[str, str]:
    """Each parameter's value as the rules' table shows it (the hand by table size: 7/5/5)."""
    return {k: "7/5/5" if k == "hand" and v is None else str(v) for k, v in rules.parameters().items()}

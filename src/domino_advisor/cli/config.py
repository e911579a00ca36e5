"""Your defaults: your name, your usual players, your house rules, in a TOML file in
your config folder (platformdirs; ``DOMINO_ADVISOR_CONFIG`` names another file).

``new`` and ``train`` take their defaults from it (click's ``default_map``), so an
option on the command line always wins.  A file that cannot be used is refused with
what is wrong in it, never half read.  ``EXAMPLE`` is what ``config`` shows.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from domino_advisor.base.errors import DominoError, LogFileError
from domino_advisor.base.printable import excerpt, printable
from domino_advisor.games.line.rules import PRESETS

ENV = "DOMINO_ADVISOR_CONFIG"
EXAMPLE = """\
    name = "me"                  # you, at the table
    players = "me ana bob"       # your usual players, in turn order
    rules = "all-fives"          # your usual preset
    set = ["target=150"]         # and your house rules
    reads = true                 # soft reads in status, advise, session, review and train
    [train]
    players = 3                  # seats in a practice game
    bots = "advisor"
"""
MAX_BYTES = 64_000
KEYS: dict[str, type] = {"name": str, "players": str, "rules": str, "set": list, "reads": bool}
TRAIN_KEYS: dict[str, type] = {"players": int, "bots": str}
BOTS = ("random", "heavy", "heuristic", "advisor")


def path() -> Path:
    """Where the file is (it need not exist)."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    from platformdirs import user_config_dir

    return Path(user_config_dir("domino-advisor", appauthor=False)) / "config.toml"


@dataclass(frozen=True)
class Settings:
    name: str | None = None
    players: tuple[str, ...] = ()
    rules: str | None = None
    overrides: tuple[str, ...] = ()
    train: dict[str, object] = field(default_factory=dict)
    reads: bool | None = None

    def default_map(self) -> dict[str, dict[str, object]]:
        """click's defaults, by command and parameter name."""
        new: dict[str, object] = {}
        train: dict[str, object] = {}
        if self.players:
            new["players"] = " ".join(self.players)
        if self.name:
            new["me"] = self.name
        if self.rules:
            new["rules_name"] = train["rules_name"] = self.rules
        if self.overrides:
            new["overrides"] = train["overrides"] = list(self.overrides)
        if "players" in self.train:
            train["seats"] = self.train["players"]
        if "bots" in self.train:
            train["bots"] = self.train["bots"]
        out: dict[str, dict[str, object]] = {"new": new, "train": train}
        if self.reads is not None:
            for command in ("status", "advise", "session", "review", "train"):
                out.setdefault(command, {})["reads"] = self.reads  # beside the train defaults
        return out


def load(where: Path | None = None) -> Settings:
    """The settings in the file, or none if there is no file."""
    p = where or path()
    data = _read(p)
    if data is None:
        return Settings()
    try:
        return parse(data.decode("utf-8-sig"), p)
    except UnicodeDecodeError:
        raise LogFileError(f"config {printable(str(p))} is not UTF-8 text") from None


def _read(p: Path) -> bytes | None:
    """The file's bytes, at most ``MAX_BYTES``, read only if it is a regular file: a
    huge file, a pipe or a device is refused before it is read, never waited on."""
    shown = f"config {printable(str(p))}"
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:  # no file (or a link to none): no settings
        return None
    except IsADirectoryError:
        raise LogFileError(f"{shown} is not a file") from None
    except OSError as e:
        raise LogFileError(f"{shown}: cannot read it ({e.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise LogFileError(f"{shown} is not a file")
        if st.st_size > MAX_BYTES:
            raise LogFileError(f"{shown} is over {MAX_BYTES:,} bytes: it is not a config file")
        chunks, total = [], 0
        while total <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        raise LogFileError(f"{shown}: cannot read it ({e.strerror})") from None
    finally:
        os.close(fd)
    if total > MAX_BYTES:  # it grew while we read
        raise LogFileError(f"{shown} is over {MAX_BYTES:,} bytes: it is not a config file")
    return b"".join(chunks)


def parse(text: str, where: Path | str = "config") -> Settings:
    import tomllib  # here: with no config file, nothing is parsed

    shown = f"config {printable(str(where))}"
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise LogFileError(f'{shown}: {e} (it is TOML: name = "me")') from None
    except RecursionError:  # tomllib reads nested lists and tables by recursion
        raise LogFileError(
            f"{shown}: lists or tables nested too deep for a config file (a setting is "
            'one value or one list, like set = ["target=150"])'
        ) from None
    train = raw.pop("train", {})
    _check_keys(raw, KEYS, shown, "")
    if not isinstance(train, dict):
        raise LogFileError(f'{shown}: train is a table: [train] then players = 3, bots = "advisor"')
    _check_keys(train, TRAIN_KEYS, shown, "train.")
    players = tuple(raw.get("players", "").replace(",", " ").split())
    name = raw.get("name")
    rules = raw.get("rules")
    overrides = tuple(raw.get("set", ()))
    if any(not isinstance(o, str) for o in overrides):
        raise LogFileError(f'{shown}: set is a list of rules, like set = ["target=150"]')
    from domino_advisor.games.registry import game_for, own_names

    if rules is not None and not isinstance(rules, str):
        raise LogFileError(f'{shown}: rules is a name, like rules = "all-fives"')
    if rules is not None and rules not in PRESETS and rules not in own_names():
        raise LogFileError(
            f"{shown}: rules = '{excerpt(rules)}' is not a preset ({', '.join(PRESETS)}) "
            f"nor a game ({', '.join(own_names())})"
        )
    game = game_for(rules or "classic")
    try:
        game.rules_from(rules or "classic", " ".join(overrides))
    except DominoError as e:  # the rules' own message says what is wrong
        raise LogFileError(f"{shown}: {e}") from None
    if players and not 2 <= len(players) <= game.most_players:
        raise LogFileError(f"{shown}: players names 2 to {game.most_players} players, not {len(players)}")
    from domino_advisor.games.events import (
        NAME,  # here: only a file with names needs the log's rules for them
    )
    from domino_advisor.log.gamelog import check_players

    try:  # the names a new log would refuse, said here with the file they are in
        if players:
            check_players(list(players), None, game)
        if name is not None and not NAME.match(name):
            raise LogFileError(
                f"'{excerpt(name)}' is not a player name: use letters, digits, _ and - (no spaces)"
            )
    except DominoError as e:
        raise LogFileError(f"{shown}: {'players' if players else 'name'}: {e}") from None
    if name is not None and players and name not in players:
        raise LogFileError(f"{shown}: name = '{excerpt(name)}' is not one of the players {' '.join(players)}")
    if "players" in train and not 2 <= train["players"] <= 4:
        raise LogFileError(f"{shown}: train.players is 2 to 4, not {train['players']}")
    if "bots" in train and train["bots"] not in BOTS:
        raise LogFileError(f"{shown}: train.bots is one of {', '.join(BOTS)}")
    return Settings(name, players, rules, overrides, dict(train), raw.get("reads"))


def _check_keys(raw: dict, keys: dict[str, type], shown: str, prefix: str) -> None:
    for key, value in raw.items():
        if key not in keys:
            known = ", ".join(prefix + k for k in keys)
            raise LogFileError(f"{shown}: '{excerpt(prefix + key)}' is not a setting (the settings: {known})")
        want = keys[key]
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            kinds = {
                "str": "text in quotes",
                "int": "a whole number",
                "list": 'a list like ["a", "b"]',
                "bool": "true or false",
            }
            raise LogFileError(f"{shown}: {prefix}{key} should be {kinds[want.__name__]}")

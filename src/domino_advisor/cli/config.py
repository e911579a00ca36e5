"""Your defaults: your name, your usual players, your house rules, in a TOML file in
your config folder (platformdirs; ``DOMINO_ADVISOR_CONFIG`` names another file).

``new``, ``train`` and the commands on a log take their defaults from it (click's
``default_map``), so an option on the command line always wins.  A file that cannot be
used is never half read, and it never stops a game: the commands on a log say what is
wrong in one warning line and go on with the built-in defaults; only ``new`` and
``train``, which would make something from it, refuse.  ``EXAMPLE`` is what ``config``
shows: valid TOML, each comment on a line of its own and every line short, so however
it is piped, wrapped or copied it still reads.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from domino_advisor.base.errors import DominoError, LogFileError
from domino_advisor.base.printable import excerpt, printable

ENV = "DOMINO_ADVISOR_CONFIG"
EXAMPLE = """\
# you, at the table
name = "me"
# your usual players, in turn order
players = "me ana bob"
# your usual preset
rules = "all-fives"
# and your house rules
set = ["target=150"]
# soft reads in status, advise, session,
# review and train
reads = true

[train]
# seats in a practice game
players = 3
bots = "advisor"
# drills come back when your chance
# of recall falls to this
retention = 0.9

[session]
# the whole status after every event
full = false
"""
MAX_BYTES = 64_000
KEYS: dict[str, type] = {"name": str, "players": str, "rules": str, "set": list, "reads": bool}
TRAIN_KEYS: dict[str, type] = {"players": int, "bots": str, "retention": float}
SESSION_KEYS: dict[str, type] = {"full": bool}
BOTS = ("random", "heavy", "heuristic", "advisor")


def path() -> Path:
    """Where the file is (it need not exist)."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    return Path(_config_folder()) / "config.toml"


def _config_folder() -> str:
    """platformdirs' user config folder.  On Linux, where XDG_CONFIG_HOME or HOME is an
    absolute path, its answer is worked out here: platformdirs imports tempfile, shutil,
    bz2 and lzma, 3% of what every command on a log costs to start (tests/test_config.py
    holds the two answers together); anywhere else platformdirs says."""
    import sys

    if sys.platform == "linux":
        xdg, home = os.environ.get("XDG_CONFIG_HOME", ""), os.environ.get("HOME", "")
        if os.path.isabs(xdg):
            return os.path.join(xdg, "domino-advisor")
        if os.path.isabs(home):
            return os.path.join(os.path.expanduser("~/.config"), "domino-advisor")
    from platformdirs import user_config_dir

    return user_config_dir("domino-advisor", appauthor=False)


@dataclass(frozen=True)
class Settings:
    name: str | None = None
    players: tuple[str, ...] = ()
    rules: str | None = None
    overrides: tuple[str, ...] = ()
    train: dict[str, object] = field(default_factory=dict)
    reads: bool | None = None
    session: dict[str, object] = field(default_factory=dict)

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
        if "retention" in self.train:
            train["retention"] = self.train["retention"]
        out: dict[str, dict[str, object]] = {"new": new, "train": train}
        if self.reads is not None:
            for command in ("status", "advise", "session", "review", "train"):
                out.setdefault(command, {})["reads"] = self.reads  # beside the train defaults
        if "full" in self.session:
            out.setdefault("session", {})["full"] = self.session["full"]
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


class ConfigError(LogFileError):
    """A config file that cannot be used, with every reason found (``config --check``
    lists them; a command says the first)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0])
        self.problems = problems


def parse(text: str, where: Path | str = "config") -> Settings:
    """The settings, or ConfigError with each problem as 'config FILE, line N: ...'."""
    import tomllib  # here: with no config file, nothing is parsed

    shown = f"config {printable(str(where))}"
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError([_not_toml(shown, text, str(e))]) from None
    except RecursionError:  # tomllib reads nested lists and tables by recursion
        raise ConfigError(
            [
                f"{shown}: lists or tables nested too deep for a config file (a setting is "
                'one value or one list, like set = ["target=150"])'
            ]
        ) from None
    found: list[tuple[int, str]] = []  # (line, problem): said in the file's order

    def bad(key: str, what: str) -> None:
        line = _line_of(text, key) or _line_of(text, key.rpartition(".")[0] or key)  # or its table's
        found.append((line or 1 << 30, f"{shown}{f', line {line}' if line else ''}: {what}"))

    tables = {"train": (TRAIN_KEYS, 'train is a table: [train] then players = 3, bots = "advisor"')}
    tables["session"] = (SESSION_KEYS, "session is a table: [session] then full = true")
    sections: dict[str, dict] = {}
    for table, (keys, how) in tables.items():
        value = raw.pop(table, {})
        if not isinstance(value, dict):
            bad(table, how)
            value = {}
        sections[table] = _kept(value, keys, f"{table}.", bad)
    raw = _kept(raw, KEYS, "", bad)
    train, session = sections["train"], sections["session"]
    players = tuple(raw.get("players", "").replace(",", " ").split())
    name = raw.get("name")
    rules = raw.get("rules")
    overrides = tuple(raw.get("set", ()))
    if any(not isinstance(o, str) for o in overrides):
        bad("set", 'set is a list of rules, like set = ["target=150"]')
        overrides = ()
    from domino_advisor.games.registry import game_for, own_names, presets

    if rules is not None and rules not in presets() and rules not in own_names():
        bad(
            "rules",
            f"rules = '{excerpt(rules)}' is not a preset ({', '.join(presets())}) "
            f"nor a game ({', '.join(own_names())})",
        )
        rules = None
    game = game_for(rules or "classic")
    try:
        game.rules_from(rules or "classic", " ".join(overrides))
    except DominoError as e:  # the rules' own message says what is wrong
        bad("set" if overrides else "rules", str(e))
    if players and not 2 <= len(players) <= game.most_players:
        bad("players", f"players names 2 to {game.most_players} players, not {len(players)}")
    elif players:
        from domino_advisor.log.gamelog import check_players  # here: only names need the log's rules

        try:  # the names a new log would refuse, said here with the file they are in
            check_players(list(players), None, game)
        except DominoError as e:
            bad("players", f"players: {e}")
    from domino_advisor.games.events import NAME

    if name is not None and not NAME.match(name):
        bad("name", f"name: '{excerpt(name)}' is not a player name: use letters, digits, _ and - (no spaces)")
    elif name is not None and players and name not in players:
        bad("name", f"name = '{excerpt(name)}' is not one of the players {' '.join(players)}")
    if "players" in train and not 2 <= train["players"] <= 4:
        bad("train.players", f"train.players is 2 to 4, not {train['players']}")
    if "bots" in train and train["bots"] not in BOTS:
        bad("train.bots", f"train.bots is one of {', '.join(BOTS)}")
    if "retention" in train and not 0.7 <= train["retention"] <= 0.99:
        bad(
            "train.retention",
            "train.retention is 0.7 to 0.99 (drills come back as recall falls to it), "
            f"not {train['retention']}",
        )
    if found:
        raise ConfigError([problem for _, problem in sorted(found, key=lambda f: f[0])])
    return Settings(name, players, rules, overrides, dict(train), raw.get("reads"), dict(session))


KINDS = {
    "str": "text in quotes",
    "int": "a whole number",
    "list": 'a list like ["a", "b"]',
    "bool": "true or false",
    "float": "a number like 0.9",
}


def _kept(raw: dict, keys: dict[str, type], prefix: str, bad) -> dict:
    """The settings of one table that are known and of the right kind; each other one
    is a problem said through ``bad``."""
    kept = {}
    for key, value in raw.items():
        if key not in keys:
            known = ", ".join(prefix + k for k in keys) + (
                "" if prefix else "; the tables [train], [session]"
            )
            bad(prefix + key, f"'{excerpt(prefix + key)}' is not a setting (the settings: {known})")
            continue
        want = keys[key]
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            bad(prefix + key, f"{prefix}{key} should be {KINDS[want.__name__]}")
            continue
        kept[key] = value
    return kept


def _line_of(text: str, setting: str) -> int | None:
    """The line a setting is written on (``train.players`` under ``[train]``, or dotted;
    a table's header), so a message points at it; None where it cannot be told."""
    table, _, key = setting.rpartition(".")
    current = ""
    for number, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if body.startswith("["):
            current = body.strip("[] ")
            if not table and current == key:
                return number
            continue
        name = body.partition("=")[0].strip().strip("\"'")
        if "=" in body and (current, name) in ((table, key), ("", setting)):
            return number
    return None


def _not_toml(shown: str, text: str, error: str) -> str:
    """tomllib's complaint as the other problems are said: the line first, and the
    setting written there where there is one."""
    import re

    at = re.search(r" \(at line (\d+), column \d+\)", error)
    if at is None:
        return f'{shown}: {error} (it is TOML: name = "me")'
    number = int(at.group(1))
    lines = text.splitlines()
    body = lines[number - 1].split("#", 1)[0] if number <= len(lines) else ""
    key = body.partition("=")[0].strip() if "=" in body else ""
    what = error[: at.start()] + error[at.end() :]
    setting = f"{excerpt(key)}: " if key and not key.startswith("[") else ""
    return f'{shown}, line {number}: {setting}{what[:1].lower()}{what[1:]} (it is TOML: name = "me")'


def check(where: Path | None = None) -> list[str]:
    """Every problem of the file (none: it is fine, or there is none)."""
    try:
        load(where)
    except ConfigError as e:
        return e.problems
    except LogFileError as e:  # unreadable: not a file, too big, not UTF-8
        return [str(e)]
    return []

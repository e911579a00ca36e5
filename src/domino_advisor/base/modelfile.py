"""The model files the package ships (the model of play, the calibration maps, the match
tables): each is read whole or not at all.  A file carries the number of its format; one
of another format, larger than its cap, or not JSON is refused unread, and so is one that
is missing: the command says so in one line and goes on as it would without that model
(never a traceback, never half a model).  Each is rebuilt byte for byte from its seed by
its command's ``--build``."""

from __future__ import annotations

import json
import pkgutil
from dataclasses import dataclass


@dataclass(frozen=True)
class ModelFile:
    """Where a model file is in the package, what it is called, and what a command does
    without it."""

    resource: str  # its path in the package, e.g. "data/play-model.json"
    what: str  # its name for people: "the play model"
    format: int  # the format this version reads (and its build writes)
    max_bytes: int  # a larger file is not one we ship
    without: str  # what goes on without it: "counting without soft reads"
    plural: bool = False  # "the calibration maps ... are missing"

    def missing(self) -> str:
        return f"{self.what} ({self.resource}) {'are' if self.plural else 'is'} missing: {self.without}"

    def damaged(self, why: str) -> str:
        return (
            f"{self.what} ({self.resource}) {'are' if self.plural else 'is'} damaged ({why}): {self.without}"
        )


def load(model: ModelFile) -> tuple[dict | None, str | None]:
    """The file's document, or None and the one line that says why not."""
    try:  # through the package's loader (a folder or a zip); importlib.resources costs a status 10%
        data = pkgutil.get_data("domino_advisor", model.resource)
    except OSError:
        data = None
    if data is None:
        return None, model.missing()
    try:
        return parse(model, data), None
    except ValueError as e:
        return None, model.damaged(str(e))


def parse(model: ModelFile, data: bytes) -> dict:
    """The document of a model file's bytes; ValueError saying, in a few words, what is
    wrong with it."""
    if len(data) > model.max_bytes:
        raise ValueError(f"it is {len(data):,} bytes, more than its {model.max_bytes:,}")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise ValueError(f"it is not JSON ({e})") from None
    found = doc.get("format") if isinstance(doc, dict) else None
    if found != model.format:
        raise ValueError(f"its format is {found!r}, this version reads format {model.format}")
    assert isinstance(doc, dict)
    return doc

"""Logs are kept for years: every log an earlier version wrote replays to the status
that version gave it (tests/data/logs/README.md says which version made which)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domino_advisor.games.registry import part
from domino_advisor.log import logfile

CORPUS = Path(__file__).parent / "data" / "logs"
LOGS = sorted(CORPUS.glob("*.dom"))


def test_the_corpus_is_there():
    assert len(LOGS) >= 12


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_an_old_log_replays_the_same(path: Path):
    want = json.loads(path.with_suffix(".status.json").read_text())
    log = logfile.load(path)
    game = log.game  # each game's status, as the command finds it (Mexican Train from 0.7.0 on)
    got = part(game, "status")(part(game, "position")(log, True))
    got = json.loads(json.dumps(got))  # as --json prints it
    counting = want.get("counting", {})
    # a sampled status (0.6.0, big sets) is held to its stated error, not to the digit:
    # the events, hands, scores and what is certain must still be the same
    tolerance = 2 * counting["error"] + 0.01 if counting.get("method") == "sampled" else 0.0
    assert_kept(want, got, path.stem, tolerance)


def assert_kept(want, got, where: str, tolerance: float = 0.0) -> None:
    """Every field the old status had is there with the same value; later versions may
    add fields, at any depth (a player's soft reads in 0.5.0), never change or drop one.
    ``tolerance``: how far a sampled chance may move (relative to it, past 1)."""
    if isinstance(want, dict):
        assert isinstance(got, dict), where
        for key, value in want.items():
            assert key in got, (where, key)
            sampler_own = ("steps", "error", "text") if tolerance else ("steps", "error")
            loose = tolerance if key not in sampler_own else None
            if loose is None:
                continue  # how long the chain ran (and so its words) is the sampler's own business
            assert_kept(value, got[key], f"{where}.{key}", loose)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), where
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            assert_kept(w, g, f"{where}[{i}]", tolerance)
    elif tolerance and isinstance(want, float) and isinstance(got, (int, float)):
        assert abs(got - want) <= tolerance * max(1.0, abs(want)), where
    else:
        assert got == want, where

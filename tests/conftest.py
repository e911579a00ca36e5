import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# Reproducible by default: hypothesis draws the same examples in every run, so a failure
# in CI replays anywhere.  HYPOTHESIS_PROFILE=explore draws new ones each run.
settings.register_profile("fixed", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))


@pytest.fixture(autouse=True)
def _own_progress_record(tmp_path_factory, monkeypatch):
    """No test writes to the real learner's record: each gets its own data folder."""
    monkeypatch.setenv("DOMINO_ADVISOR_DATA", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def game(tmp_path, runner) -> Path:
    """A three-player classic log where you have opened 6-6 and ana is to move."""
    from clitools import new_game, run

    path = new_game(runner, tmp_path / "game.dom")
    assert run(runner, "log", path, "me plays 6-6").exit_code == 0
    return path

import gc
import itertools
import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))


def _compile_the_package() -> None:
    """The commands the tests start run from bytecode, as an installed program does.

    pip compiles a package it installs, and Python writes the bytecode of an editable one
    the first time it is imported, unless PYTHONDONTWRITEBYTECODE is set (as on the
    machine these tests are written on): then each of the hundred-odd processes the tests
    start compiled the whole package again, 0.15 to 0.2 s of CPU each.  compileall writes
    only what is missing or stale, into the package's own ``__pycache__``.
    """
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("domino_advisor")
    for folder in spec.submodule_search_locations or [] if spec else []:
        compileall.compile_dir(folder, quiet=2, workers=1)


_compile_the_package()

# Reproducible by default: hypothesis draws the same examples in every run, so a failure
# in CI replays anywhere.  HYPOTHESIS_PROFILE=explore draws new ones each run.
settings.register_profile("fixed", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))


_DATA_FOLDERS = itertools.count()


@pytest.fixture(autouse=True)
def _own_progress_record(tmp_path_factory, monkeypatch):
    """No test writes to the real learner's record: each gets its own data folder, which
    the program makes when it first writes there, as for a new player (naming it costs
    nothing; pytest's mktemp lists the folder every time: 1.4 s over the fast tier)."""
    folder = tmp_path_factory.getbasetemp() / "data" / str(next(_DATA_FOLDERS))
    monkeypatch.setenv("DOMINO_ADVISOR_DATA", str(folder))
    monkeypatch.delenv("DOMINO_ADVISOR_NOW", raising=False)  # the machine's clock, unless a test sets it
    monkeypatch.setenv("EDITOR", "false")  # a test that forgets its own editor fails, never opens vim
    monkeypatch.delenv("VISUAL", raising=False)


@pytest.fixture(autouse=True)
def _pool_unless_asked(request, monkeypatch):
    """In process, ``--jobs 2`` plays in the process pool (as without ``distributed``), which
    the tests of any number of jobs hold to one process; the embedded Dask cluster (each of
    its spawned workers imports everything again: about a second of CPU a worker) is held to
    the same figures in tests/test_cluster.py, and in the real processes of the slow tier."""
    if request.node.path.name != "test_cluster.py":
        from domino_advisor.measure import cluster

        monkeypatch.setattr(cluster, "has_dask", lambda: False)


# The run's young objects collected every 10,000 allocations, not Python's 700: most die
# by their count of references first, and the collector walks fewer of them (GC over the
# fast tier: 4.8 s of CPU to 3.5)
gc.set_threshold(10_000, 10, 10)


def pytest_collection_finish(session):
    """What collection made (the modules, the tests, their parameters) lives for the whole
    run: frozen, the cyclic collector does not walk it again at every full collection
    (the fast tier: 129 s of CPU to 125)."""
    gc.collect()
    gc.freeze()


_real_unfreeze = gc.unfreeze
_unfrozen = [False]


def _unfreeze() -> None:
    """gc.unfreeze, noted: ``cores.share`` unfreezes everything after its fork (in the
    program, what it froze itself), here what the run froze too."""
    _unfrozen[0] = True
    _real_unfreeze()


gc.unfreeze = _unfreeze


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """What a test module leaves alive (its globals, caches filled for the rest of the
    run) is frozen too once its tests and fixtures are done, after one collection of what
    it left over, and what a test unfroze is frozen again: otherwise every full
    collection walks the whole run's objects again, and pytest's five collections at the
    end (looking for errors in finalizers) walk them five times."""
    yield
    if nextitem is None or nextitem.module is not item.module:
        gc.collect()
        gc.freeze()
    elif _unfrozen[0]:
        gc.freeze()
    _unfrozen[0] = False


@pytest.fixture
def runner():
    return CliRunner()


_GAMES: dict[tuple, bytes] = {}  # the game fixture's bytes, by where a config would be read


@pytest.fixture
def game(tmp_path, runner) -> Path:
    """A three-player classic log where you have opened 6-6 and ana is to move: started
    by ``new`` and ``log`` once a run (for each place a config could be read from), then
    its bytes written (the commands cost 14 ms a test, 1.3 s over the fast tier)."""
    from clitools import new_game, run

    path = tmp_path / "game.dom"
    config = tuple(os.environ.get(v) for v in ("DOMINO_ADVISOR_CONFIG", "XDG_CONFIG_HOME", "HOME"))
    if config in _GAMES:
        path.write_bytes(_GAMES[config])
        return path
    new_game(runner, path)
    assert run(runner, "log", "-q", path, "me plays 6-6").exit_code == 0
    _GAMES[config] = path.read_bytes()
    return path

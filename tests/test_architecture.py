"""The layers of docs/architecture.md hold: a module imports only its own layer or
those below, and no module of the core imports click or rich."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "domino_advisor"

LAYERS = [
    ("base", {"errors", "printable", "tiles", "rules", "doubts", "budgets"}),
    ("rules", {"lead", "layout", "scoring", "events", "game", "match", "moves"}),
    (
        "log",
        {
            "gamelog",
            "shorthand",
            "logfile",
            "edits",
            "guide",
            "config",
            "progress",
            "progresspage",
            "scorecard",
            "answers",
            "pendingfile",
            "recordschema",
            "outputs",
            "trainlog",
        },
    ),
    ("counting", {"view", "evidence", "counting", "sampler", "inference", "reads", "questions", "trainseat"}),
    (
        "advice",
        {"engine", "bots", "search", "equity", "stakes", "calibration", "advisor", "reasons", "trainadvice"},
    ),
    (
        "use",
        {
            "api",
            "review",
            "simulate",
            "selfplay",
            "equity_check",
            "reads_fit",
            "players",
            "peers",
            "deal",
            "learned",
            "reviewpage",
            "drills",
            "hindsight",
            "trainsim",
            "trainreview",
        },
    ),
    (
        "shell",
        {
            "cli",
            "cli_table",
            "cli_measure",
            "cli_models",
            "figures",
            "shell",
            "terminal",
            "render",
            "statusview",
            "trainview",
            "notices",
            "editing",
            "editor",
            "session",
            "sessionhelp",
            "trainsession",
            "trainlesson",
            "train",
            "demo",
            "bench",
            "__main__",
            "__init__",
        },
    ),
]
LEVEL = {name: i for i, (_, names) in enumerate(LAYERS) for name in names}
SUBPACKAGES = {
    "trains": "rules",
    "chicken": "rules",
}  # a subpackage sits on one layer: what its modules may import
SHELL = LEVEL["cli"]


@functools.cache  # parsed once for the tests that ask (0.5 s of CPU each time)
def imports(path: Path) -> tuple[set[str], set[str]]:
    """(our modules, outside top-level packages) imported by a module, lazily or not."""
    ours, outside = set(), set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # from . import x / from .x import y
                if node.module:
                    ours.add(node.module.split(".")[0])
                else:  # a module, or the package's own __version__
                    ours.update(a.name for a in node.names if a.name != "__version__")
            elif node.module:
                outside.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            outside.update(a.name.split(".")[0] for a in node.names)
    return ours, outside


def test_every_module_has_a_layer():
    assert {p.stem for p in PACKAGE.glob("*.py")} == set(LEVEL)


def test_modules_import_only_their_layer_or_below():
    for path in PACKAGE.glob("*.py"):
        ours, _ = imports(path)
        for name in ours:
            level = LEVEL[name] if name in LEVEL else max(LEVEL[m] for m in dict(LAYERS)[SUBPACKAGES[name]])
            assert level <= LEVEL[path.stem], f"{path.stem} imports {name}, a layer above it"


def test_the_core_has_no_click_or_rich():
    for path in PACKAGE.glob("*.py"):
        if LEVEL[path.stem] < SHELL:
            _, outside = imports(path)
            assert not outside & {"click", "rich"}, f"{path.stem} imports {outside & {'click', 'rich'}}"


def test_subpackages_import_only_their_layer_or_below():
    for sub, layer in SUBPACKAGES.items():
        top = max(LEVEL[name] for name in dict(LAYERS)[layer])
        for path in (PACKAGE / sub).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.level == 2 and node.module:
                    name = node.module.split(".")[0]
                    level = (
                        LEVEL[name]
                        if name in LEVEL
                        else max(LEVEL[m] for m in dict(LAYERS)[SUBPACKAGES[name]])
                    )
                    assert level <= top, f"{sub}.{path.stem} imports {name}, a layer above {layer}"
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    assert node.module.split(".")[0] not in {"click", "rich"}, f"{sub}.{path.stem}"
                if isinstance(node, ast.Import):
                    assert not {a.name.split(".")[0] for a in node.names} & {"click", "rich"}
    assert {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()} == set(SUBPACKAGES)

"""The layers of docs/architecture.md hold, read off the packages: a module imports only
its own layer or those below (at the top of the module or inside a function, relative or
absolute), and no module of the core imports click or rich."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "domino_advisor"

# bottom to top: a package is a layer (api.py, the in-process interface, is one on its own)
LAYERS = ["base", "games", "log", "counting", "advice", "learning", "measure", "api", "views", "cli"]
ROOT = {"__init__", "__main__", "api"}  # the package root holds no more than these
VIEWS = LAYERS.index("views")  # rich from here up
SHELL = LAYERS.index("cli")  # click only here


@functools.cache  # the package's files, listed once
def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (``counting.inference``)."""
    return {
        ".".join(p.relative_to(PACKAGE).with_suffix("").parts): p
        for p in PACKAGE.rglob("*.py")
        if "__pycache__" not in p.parts
    }


def layer(name: str) -> int:
    """A module's layer: the package it is in.  The root's ``__init__`` (the version, and
    the error names) is on the base; ``__main__``, the entry point, above everything."""
    top = name.split(".")[0]
    return {"__init__": 0, "__main__": len(LAYERS)}.get(top, LAYERS.index(top) if top in LAYERS else 0)


@functools.cache  # each module parsed once for every test that reads it (0.5 s of CPU a pass)
def parsed(name: str) -> ast.Module:
    return ast.parse(modules()[name].read_text())


@functools.cache  # ... and walked once (a walk of the package is 0.3 s of CPU)
def nodes(name: str) -> tuple[ast.AST, ...]:
    """Every node of a module, as ``ast.walk`` gives them."""
    return tuple(ast.walk(parsed(name)))


@functools.cache
def imports(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """(our modules, outside top-level packages) a module imports, lazily or not: a name
    imported from one of our packages counts as that package's module when it is one."""
    package = name.split(".")[:-1]  # a module's package; an __init__'s own
    ours, outside = set(), set()
    for node in nodes(name):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.split(".")[0] == "domino_advisor":
                target = node.module.split(".")[1:]
            else:
                outside.add((node.module or "").split(".")[0])
                continue
            ours.update(_ours(target, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[0] == "domino_advisor":
                    ours.update(_ours(parts[1:], []))
                else:
                    outside.add(parts[0])
    return frozenset(ours), frozenset(outside)


def _ours(target: list[str], names: list[str]) -> set[str]:
    known = modules()
    found = {".".join([*target, n]) for n in names if ".".join([*target, n]) in known}
    if len(found) < len(names) or not names:  # names from the module (or package) itself
        module = ".".join(target) or "__init__"
        found.add(module if module in known else f"{module}.__init__")
    return found


def test_every_module_is_in_a_layer():
    for name in modules():
        top = name.split(".")[0]
        assert top in LAYERS or name in ROOT, f"{name} is in no layer of {LAYERS}"
    assert {n for n in modules() if "." not in n} == ROOT
    for top in LAYERS:
        assert top == "api" or (PACKAGE / top / "__init__.py").exists(), top


def test_the_check_sees_every_way_of_importing():
    ours, _ = imports("cli.table")  # relative, absolute, at the top and inside functions
    assert {"log.gamelog", "cli.shell", "games.registry"} <= ours
    ours, _ = imports("__main__")
    assert "cli.app" in ours


def test_modules_import_only_their_layer_or_below():
    for name in modules():
        ours, _ = imports(name)
        for other in ours:
            assert layer(other) <= layer(name), f"{name} imports {other}, a layer above it"


def test_the_core_has_no_click_or_rich():
    for name in modules():
        _, outside = imports(name)
        if layer(name) < VIEWS:
            assert not outside & {"click", "rich"}, f"{name} imports {outside & {'click', 'rich'}}"
        elif layer(name) < SHELL:
            assert "click" not in outside, f"{name}: views draw, only the command line parses"


def test_package_inits_import_nothing():
    """Importing a package (as every command does on its way to a module) loads nothing
    else: start-up pays only for the modules it uses."""
    for name, path in modules().items():
        if path.name == "__init__.py" and name != "__init__":
            body = parsed(name).body
            assert all(isinstance(n, ast.Expr) for n in body), f"{name} does more than say what it holds"


def test_no_import_cycle_even_through_imports_inside_functions():
    """Two modules never import each other, by any path (a function's own import and a
    type checker's included): each layer reads as a tree from the top down."""
    graph = {name: imports(name)[0] - {name} for name in modules()}
    seen: dict[str, int] = {}  # 1: on the path being walked, 2: done

    def walk(name: str, path: list[str]) -> None:
        seen[name] = 1
        for other in sorted(graph.get(name, ())):
            if seen.get(other) == 1:
                cycle = [*path[path.index(other) :], other] if other in path else [name, other]
                raise AssertionError(f"an import cycle: {' -> '.join(cycle)}")
            if other not in seen:
                walk(other, [*path, other])
        seen[name] = 2

    for name in sorted(graph):
        if name not in seen:
            walk(name, [name])


def test_no_two_classes_share_a_name():
    """A class's name says which one it is, anywhere in the package (issue 27: two
    ``Decision``s, two ``TooBig``s and a ``Table`` that was a click group)."""
    where: dict[str, list[str]] = {}
    for name in modules():
        for node in nodes(name):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(name)
    assert not {k: v for k, v in where.items() if len(v) > 1}

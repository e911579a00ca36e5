"""The advice layer's functions stay small and typed (issue 27: the advice as data): no
function in ``advice/``, nor in the line game's parts the advice plays its worlds with
(its fast engine, exact search, bots, match equity, stakes, rollouts, tree search,
reasons and judging part, in ``games/line/`` since issue 40), takes more than six
parameters (what more it needs goes in a frozen value, such as ``asking.Options`` or
``setting.Rollout``), every parameter and every return is annotated, and no two of its
modules import each other, even inside a function.  Read off the source, nothing imported."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "domino_advisor"
ADVICE = PACKAGE / "advice"
SEARCH_PARTS = [
    PACKAGE / "games" / "line" / f"{name}.py"
    for name in ("engine", "search", "bots", "equity", "stakes", "rollout", "tree", "reasons", "judging")
]
MOST = 6  # parameters, ``self`` and ``cls`` not counted

Function = ast.FunctionDef | ast.AsyncFunctionDef


def functions(tree: ast.AST) -> Iterator[tuple[Function, bool]]:
    """Every function and method at any depth, with whether it is a method that takes
    its instance or class first (a ``staticmethod`` does not)."""
    found = [n for n in ast.walk(tree) if isinstance(n, Function | ast.ClassDef)]
    methods = {
        id(f)
        for c in found
        if isinstance(c, ast.ClassDef)
        for f in c.body
        if isinstance(f, Function)
        and not any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in f.decorator_list)
    }
    for node in found:
        if isinstance(node, Function):
            yield node, id(node) in methods


def parameters(f: Function, method: bool) -> list[ast.arg]:
    a = f.args
    every = [*a.posonlyargs, *a.args, *a.kwonlyargs]
    every += [x for x in (a.vararg, a.kwarg) if x is not None]
    return every[1:] if method else every


@functools.cache  # read once for every test
def trees() -> dict[str, ast.Module]:
    """Every module of the layer, parsed, by name (``advisor``)."""
    return {path.stem: ast.parse(path.read_text()) for path in [*sorted(ADVICE.glob("*.py")), *SEARCH_PARTS]}


@functools.cache
def shapes() -> list[tuple[str, int, list[str]]]:
    """(where, how many parameters, what is not annotated) for every function."""
    out = []
    for name, tree in trees().items():
        for f, method in functions(tree):
            params = parameters(f, method)
            bare = [p.arg for p in params if p.annotation is None]
            if f.returns is None:
                bare.append("the return")
            out.append((f"{name}.py:{f.lineno} {f.name}", len(params), bare))
    return out


def test_the_check_reads_methods_and_nested_functions():
    tree = ast.parse(
        "class A:\n"
        "    def m(self, a: int) -> None:\n"
        "        def inner(b, c): ...\n"
        "    @staticmethod\n"
        "    def s(x: int, *rest: int, **kw: int) -> int: ...\n"
        "if True:\n"
        "    def f(self, y): ...\n"
    )
    found = {f.name: parameters(f, method) for f, method in functions(tree)}
    assert [p.arg for p in found["m"]] == ["a"]
    assert [p.arg for p in found["inner"]] == ["b", "c"]
    assert [p.arg for p in found["s"]] == ["x", "rest", "kw"]
    assert [p.arg for p in found["f"]] == ["self", "y"]  # a function, wherever it is defined


def test_no_advice_function_takes_more_than_six_parameters():
    found = shapes()
    assert len(found) > 100  # the whole layer was read
    many = [f"{where} takes {n}" for where, n, _ in found if n > MOST]
    assert not many, "more than six parameters (gather them in a frozen value): " + "; ".join(many)


def test_every_advice_function_is_annotated():
    bare = [f"{where}: {', '.join(missing)}" for where, _, missing in shapes() if missing]
    assert not bare, "not annotated: " + "; ".join(bare)


def uses(name: str) -> set[str]:
    """The layer's modules one module imports, anywhere in it: ``from domino_advisor.advice.x
    import``, ``from domino_advisor.advice import x``, ``from .x import``, ``import
    domino_advisor.advice.x``."""
    layer = trees()
    out = set()
    for node in ast.walk(layer[name]):
        if isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".")
            if node.level == 1:
                parts = ["domino_advisor", "advice", *[p for p in parts if p]]
            if parts[:2] == ["domino_advisor", "advice"]:
                named = parts[2:3] or [a.name for a in node.names]
                out.update(n for n in named if n in layer)
        elif isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[:2] == ["domino_advisor", "advice"] and parts[2:3]:
                    out.add(parts[2])
    return out - {name}


def test_no_import_cycle_in_the_advice_layer():
    """chance imports asking, so asking must not import chance (what both advise and
    the measures need is a module of its own); nor may any other loop close."""
    graph = {name: uses(name) for name in trees()}
    assert "asking" in graph["chance"]  # the check sees the imports

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for other in graph[start] - seen:
            seen.add(other)
            if other == goal or reaches(other, goal, seen):
                return True
        return False

    looped = [name for name in graph if reaches(name, name, set())]
    assert not looped, f"imports in a loop: {looped}"

"""The command line's habits, read off the source of cli/*.py: an option (or argument)
written the same way in two places is one decorator in cli/shell.py (json_option,
players_option, seed_option, ...), each command saying its own help words; and every
command's function is typed, its parameters and what it returns."""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

CLI = Path(__file__).resolve().parents[1] / "src" / "domino_advisor" / "cli"
STACKS = ("click.option", "click.argument")  # written as a decorator of a command
COMMANDS = ("click.command", "click.group")


def _decorators(tree: ast.Module) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.expr]]:
    """Each decorator of the module's functions.  A command is a function at the top of
    its module (the group's table names it as module:function): nothing deeper is read."""
    return [
        (node, d)
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for d in node.decorator_list
    ]


def _called(decorator: ast.expr) -> str:
    """What a decorator calls (``click.option`` for ``@click.option(...)``), or names."""
    return ast.unparse(decorator.func if isinstance(decorator, ast.Call) else decorator)


def repeated_stacks(trees: dict[str, ast.Module]) -> list[list[str]]:
    """Options and arguments written twice or more with the same names and the same
    keyword arguments (the help words aside): each group as 'file:line function'."""
    seen: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for name, tree in trees.items():
        for function, d in _decorators(tree):
            if isinstance(d, ast.Call) and _called(d) in STACKS:
                keywords = sorted(ast.unparse(k) for k in d.keywords if k.arg != "help")
                key = (_called(d), *(ast.unparse(a) for a in d.args), *keywords)
                seen[key].append(f"{name}:{d.lineno} {function.name}")
    return [places for places in seen.values() if len(places) > 1]


def untyped_commands(trees: dict[str, ast.Module]) -> list[str]:
    """Functions made commands (``@click.command``, ``@click.group``) with a parameter
    or the return left unannotated."""
    found = []
    for name, tree in trees.items():
        for function, d in _decorators(tree):
            if _called(d) not in COMMANDS:
                continue
            a = function.args
            every = [*a.posonlyargs, *a.args, *a.kwonlyargs, *filter(None, (a.vararg, a.kwarg))]
            missing = [p.arg for p in every if p.annotation is None]
            if function.returns is None:
                missing.append("return")
            if missing:
                found.append(f"{name}:{function.lineno} {function.name} ({', '.join(missing)})")
    return found


@functools.cache  # parsed once for both tests
def cli_trees() -> dict[str, ast.Module]:
    return {p.name: ast.parse(p.read_text()) for p in sorted(CLI.glob("*.py"))}


def parsed(**sources: str) -> dict[str, ast.Module]:
    return {f"{name}.py": ast.parse(text) for name, text in sources.items()}


def test_no_option_is_written_twice():
    """A second copy of an option's stack is a shared decorator in cli/shell.py instead."""
    copies = repeated_stacks(cli_trees())
    assert not copies, f"the same option in two places: make it a decorator in cli/shell.py: {copies}"


def test_every_command_is_typed():
    untyped = untyped_commands(cli_trees())
    assert not untyped, f"annotate each parameter of these commands and their return (-> None): {untyped}"


def test_the_checks_see_a_copy_and_an_untyped_command():
    copied = """
@click.command()
@click.option("--json", "as_json", is_flag=True, help="print it as JSON")
@click.option("--seed", default=0, show_default=True)
def one(as_json, seed: int) -> None: ...

@click.command(name="two")
@click.option("--json", "as_json", is_flag=True, help="print them as JSON")
@click.option("--seed", default=1, show_default=True)
def two(as_json: bool, seed: int): ...

@click.group()
def three(ctx: click.Context, *args, **kwargs) -> None: ...

def helper(x): ...
"""
    assert repeated_stacks(parsed(a=copied)) == [["a.py:3 one", "a.py:8 two"]]
    assert untyped_commands(parsed(a=copied)) == [
        "a.py:5 one (as_json)",
        "a.py:10 two (return)",
        "a.py:13 three (args, kwargs)",
    ]
    # the same stack across two files is a copy too
    one, two = copied.split("\n\n")[:2]
    assert repeated_stacks(parsed(a=one, b=two)) == [["a.py:3 one", "b.py:2 two"]]
    # a stack that differs in more than its help words is no copy
    other = two.replace("default=1", "default=0").replace('"as_json"', '"json_out"')
    assert repeated_stacks(parsed(a=one, b=other)) == [["a.py:4 one", "b.py:3 two"]]

"""Every command's output at one commit and at another, diffed (issue 27: a restructuring
with behaviour unchanged).

    python scripts/same_outputs.py BEFORE [AFTER] [--review]

BEFORE and AFTER are git refs (AFTER: the working tree).  Each is checked out into a
temporary worktree and run from its own ``src`` with this Python (so the same libraries),
as real processes, with no colour, 100 columns, a fixed hash seed and an empty data
folder.  What runs:

* on every log of the corpus (``tests/data/logs``), the bench positions and the demo:
  ``status``, ``status --json``, ``events``, ``events --json``, ``advise``, ``advise
  --json``, ``where`` and ``where --json`` for the first unseen tile (with ``--review``,
  ``review --json`` too: minutes);
* the README's transcripts, in order, in one folder, the typed lines fed to the
  interactive commands, as tests/test_readme.py reads them.

Each result is the exit code, standard output and standard error, with the one field
that states a time (JSON ``seconds``) left out.  It prints each command whose result
differs, with the first lines of the difference, and exits 1 if any does.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOG_COMMANDS = [
    ["status"],
    ["status", "--json"],
    ["events"],
    ["events", "--json"],
    ["advise"],
    ["advise", "--json"],
]


def checkout(ref: str | None, into: Path) -> Path:
    """The tree at ``ref`` (None: the working tree as it is)."""
    if ref is None:
        return ROOT
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(into), ref],
        check=True,
        capture_output=True,
    )
    return into


def run(tree: Path, args: list[str], cwd: Path, data: Path, stdin: str = "") -> str:
    env = {
        **os.environ,
        "PYTHONPATH": str(tree / "src"),
        "NO_COLOR": "1",
        "COLUMNS": "100",
        "PYTHONHASHSEED": "0",
        "DOMINO_ADVISOR_DATA": str(data),
        "DOMINO_ADVISOR_CONFIG": str(data / "no-config.toml"),
        "EDITOR": "false",
    }
    res = subprocess.run(
        [sys.executable, "-m", "domino_advisor", *args],
        cwd=cwd,
        env=env,
        input=stdin.encode(),
        capture_output=True,
        timeout=1800,
    )
    out = res.stdout.decode(errors="replace")
    try:
        parsed = json.loads(out)
        if isinstance(parsed, dict):
            parsed.pop("seconds", None)
        out = json.dumps(parsed, indent=1, sort_keys=True) + "\n"
    except ValueError:
        pass
    err = res.stderr.decode(errors="replace")
    result = f"exit {res.returncode}\n--- stdout\n{out}--- stderr\n{err}"
    return result.replace(str(data.parent), "WORK")  # each run's own temporary folder


def inputs(tree: Path, into: Path) -> tuple[list[Path], list[list[str]]]:
    """What both runs are given, taken from the first tree: its logs (copied out) and its
    README's transcripts (blocks of lines), so a README rewritten later changes nothing."""
    into.mkdir()
    found = sorted((tree / "tests" / "data" / "logs").glob("*.dom"))
    found += sorted((tree / "src" / "domino_advisor" / "data" / "bench").glob("*.dom"))
    found.append(tree / "src" / "domino_advisor" / "data" / "demo.dom")
    copied = []
    for log in found:
        to = into / log.relative_to(tree).as_posix().replace("/", "__")
        to.write_bytes(log.read_bytes())
        copied.append(to)
    text = (tree / "README.md").read_text()
    blocks = [b.rstrip("\n").split("\n") for b in re.findall(r"```text\n(.*?)```", text, re.S)]
    return copied, [b for b in blocks if any(line.startswith("$ domino-advisor") for line in b)]


# how each interactive command asks, and so which shown lines were typed (as tests/test_readme.py
# reads them; kept here so the script does not import a tree's tests)
PROMPTS = {
    "session": re.compile(
        r"^((?:\w+|round over|who opens\?|your hand for round \d+)?> |(?:which|how many|where)[^?]*\? )(.*)$"
    ),
    "train": re.compile(r"^((?:which|how many|where|your move|your play)[^?]*\? )(.*)$"),
}


def log_results(tree: Path, work: Path, logs: list[Path], review: bool) -> dict[str, str]:
    jobs: list[tuple[str, list[str]]] = []
    for log in logs:
        for c in LOG_COMMANDS + ([["review", "--json"]] if review else []):
            jobs.append((f"{' '.join(c)} {log.name}", [c[0], str(log), *c[1:]]))
    data = work / "data"

    def one(job: tuple[str, list[str]]) -> tuple[str, str]:
        return job[0], run(tree, job[1], work, data)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        out = dict(pool.map(one, jobs))
    for log in logs:  # where: the first unseen tile status names
        try:
            shown = out[f"status --json {log.name}"].split("--- stdout\n", 1)[1].split("--- stderr")[0]
            tile = next(iter(json.loads(shown)["where"]))
        except (ValueError, KeyError, StopIteration, TypeError, IndexError):
            continue
        for extra in ([], ["--json"]):
            key = f"where {' '.join(extra)} {log.name} {tile}"
            out[key] = run(tree, ["where", str(log), tile, *extra], work, data)
    return out


def readme_results(tree: Path, work: Path, blocks: list[list[str]]) -> dict[str, str]:
    """The README's commands in order, in one folder, typed lines on standard input."""
    folder, data, out = work / "readme", work / "readme-data", {}
    folder.mkdir()
    for b, block in enumerate(blocks):
        commands: list[tuple[str, list[str]]] = []
        for line in block:
            if line.startswith("$ "):
                commands.append((line[2:], []))
            elif commands:
                commands[-1][1].append(line)
        for c, (command, shown) in enumerate(commands):
            if command == "echo $?":
                continue
            args = shlex.split(command)[1:]
            typed = (
                [m.group(2) for line in shown if (m := PROMPTS[args[0]].match(line))]
                if args[0] in PROMPTS
                else []
            )
            out[f"README block {b} command {c}: {command}"] = run(
                tree, args, folder, data, "".join(f"{t}\n" for t in typed)
            )
    return out


def results(ref: str | None, logs: list[Path], blocks: list[list[str]], review: bool) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        tree = checkout(ref, work / "tree")
        try:
            print(f"running every command at {ref or 'the working tree'} ...", file=sys.stderr)
            return {**log_results(tree, work, logs, review), **readme_results(tree, work, blocks)}
        finally:
            if ref is not None:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True
                )


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not 1 <= len(args) <= 2:
        print(__doc__, file=sys.stderr)
        return 2
    review = "--review" in sys.argv
    with tempfile.TemporaryDirectory() as tmp:
        first = checkout(args[0], Path(tmp) / "tree")
        try:
            logs, blocks = inputs(first, Path(tmp) / "inputs")
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(first)], capture_output=True
            )
        before = results(args[0], logs, blocks, review)
        after = results(args[1] if len(args) == 2 else None, logs, blocks, review)
    differ = 0
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key, "(not run)\n"), after.get(key, "(not run)\n")
        if a != b:
            differ += 1
            print(f"DIFFERS: {key}")
            diff = difflib.unified_diff(a.splitlines(), b.splitlines(), "before", "after", lineterm="")
            for line in list(diff)[:12]:
                print(f"    {line}")
    print(f"{len(set(before) | set(after))} results compared, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

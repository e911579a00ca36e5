"""The transcripts of the README and the docs are what the commands print.

Every ```text block holding ``$ domino-advisor ...`` lines in README.md and in each
docs/*.md page is run; each page runs in its own folder (and its own learner's record),
its blocks in order (a later block goes on with the files an earlier one made, so each
page makes what it needs), and each command's output is compared with the lines shown
under it:

* figures that sampling or the clock moves (percentages, ``±``, seconds) are compared
  as figures, not digit for digit;
* a line ``…`` (or an indented note in parentheses) stands for any lines;
* a shown line ending in ``…`` only has to start the same way;
* in ``session`` and ``train`` a prompt line (``me> me 66``, ``...? 42 on 4``) is what
  was typed: it is fed to the command and shown as a terminal would show it;
* ``$ echo $?`` shows the last command's exit code.

Each block is a test of its own, named by its page and its number there.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from domino_advisor.cli import app as cli
from domino_advisor.cli import practice
from domino_advisor.cli import table as cli_table

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FIGURE = re.compile(r"±\s*\d+(\.\d+)?%|\d+(\.\d+)?%|\d+\.\d+ s\b|[+-]\d+\.\d+ pts")
PROMPTS = {  # how each interactive command asks, and so which shown lines were typed
    "session": re.compile(
        r"^((?:\w+|round over|who opens\?|your hand for round \d+)?> "
        r"|(?:which|how many|where|who)[^?]*\? )(.*)$"
    ),
    "train": re.compile(r"^((?:which|how many|where|who|your move|your play)[^?]*\? )(.*)$"),
}
# the lessons' and the train family's transcripts cost 8 of the fast tier's seconds of CPU
# (a lesson from a game, a session, a review and advice of Mexican Train and Chicken
# Foot): the slow tier's, which CI runs too
SLOW_PARTS = ("lessons", "train family")


def pages() -> list[Path]:
    """The README, then the docs pages: every page that may hold transcripts."""
    return [README, *sorted((ROOT / "docs").glob("*.md"))]


def page_name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def blocks(page: Path = README) -> list[list[str]]:
    text = page.read_text()
    out = []
    for body in re.findall(r"```text\n(.*?)```", text, re.S):
        lines = body.rstrip("\n").split("\n")
        if any(line.startswith("$ domino-advisor") for line in lines):
            out.append(lines)
    return out


def commands(block: list[str]) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for line in block:
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return out


def masked(line: str) -> str:
    """A line as compared: figures as figures, and a table's padding and rules by their
    shape (a column is as wide as what is in it, which the other lines compare)."""
    line = FIGURE.sub("#", line.rstrip())
    line = re.sub(r"([━─═])\1+", r"\1", line)
    return re.sub(r" {2,}", " ", line)


def is_gap(line: str) -> bool:
    s = line.strip()
    return s in ("…", "...") or (line.startswith("  ") and s.startswith("(") and s.endswith(")"))


def matches(want: list[str], got: list[str]) -> bool:
    """``want`` (with gaps) against ``got``, line by line."""
    if not want:
        return not got
    head, rest = want[0], want[1:]
    if is_gap(head):
        return any(matches(rest, got[i:]) for i in range(len(got) + 1))
    if not got:
        return False
    w, g = masked(head), masked(got[0])
    same = g.startswith(w[:-1].rstrip()) if w.endswith("…") else g == w
    return same and matches(rest, got[1:])


def typed_lines(command: str, shown: list[str]) -> list[str]:
    prompt = PROMPTS[command]
    return [m.group(2) for line in shown if (m := prompt.match(line))]


def run_one(runner: CliRunner, command: str, shown: list[str], monkeypatch) -> tuple[int, list[str]]:
    args = shlex.split(command)[1:]
    inputs = typed_lines(args[0], shown) if args[0] in PROMPTS else []

    def read_line(prompt: str, limit: int) -> str:  # a terminal: the prompt, then what is typed
        if not inputs:
            raise EOFError
        typed = inputs.pop(0)
        cli_table.console.file.write(f"{prompt}{typed}\n")
        return typed

    monkeypatch.setattr(cli_table, "read_line", read_line)
    monkeypatch.setattr(practice, "read_line", read_line)
    res = runner.invoke(cli.main, args)
    printed = res.output.rstrip("\n")
    return res.exit_code, printed.split("\n") if printed else []


def _part(block: list[str]) -> str:
    """Which part of the guide a block belongs to: the train family's (each of its
    blocks starts its own log), the lessons' (the learner's record), or the line games'."""
    shown = "\n".join(block)
    if re.search(r"--(rules|game) (mexican-train|chicken-foot)|\b(train|foot)\.dom\b", shown):
        return "train family"
    if re.search(r"^\$ domino-advisor (train|progress)\b|--practice", shown, re.M):
        return "lessons"
    return "line games"


def test_the_pages_have_transcripts():
    parts = {page_name(page): [_part(block) for block in blocks(page)] for page in pages()}
    assert parts["README.md"], "the README shows a game at the table"
    assert {part for page in parts.values() for part in page} == {"line games", "lessons", "train family"}
    for page, its_parts in parts.items():  # a fast block never needs a slow one run before it
        slow = [part in SLOW_PARTS for part in its_parts]
        assert slow == sorted(slow), (page, its_parts)


def _cases() -> list:
    out = []
    for page in pages():
        for number, block in enumerate(blocks(page), 1):
            marks = [pytest.mark.slow] if _part(block) in SLOW_PARTS else []
            out.append(pytest.param(page_name(page), number, marks=marks, id=f"{page_name(page)}-{number}"))
    return out


@dataclass
class _PageRun:
    """A page's folder and record, and how many of its blocks have run there, in order."""

    folder: Path
    data: Path
    done: int = 0
    clean: bool = True  # False while a block runs, and after one failed


_RUNS: dict[str, _PageRun] = {}


def _run_block(runner: CliRunner, page: str, number: int, block: list[str], monkeypatch) -> None:
    last = 0
    for command, shown in commands(block):
        if command == "echo $?":
            assert shown == [str(last)], f"{page}, transcript {number}: $ echo $? shows {shown}, not {last}"
            continue
        last, got = run_one(runner, command, shown, monkeypatch)
        assert matches(shown, got), (
            f"{page}, transcript {number}: $ {command}\n--- {page}\n"
            + "\n".join(shown)
            + ("\n--- printed\n" + "\n".join(got))
        )


@pytest.mark.parametrize("page,number", _cases())
def test_every_transcript_is_what_the_commands_print(tmp_path_factory, monkeypatch, page, number):
    """Transcript ``number`` of ``page``, after the page's earlier ones: run here first
    when this process has not run them (a test picked alone, or shared out by xdist)."""
    run = _RUNS.get(page)
    if run is None or not run.clean or run.done >= number:
        folder = tmp_path_factory.mktemp(re.sub(r"\W", "-", page))
        run = _RUNS[page] = _PageRun(folder, folder.with_name(folder.name + "-data"))
    monkeypatch.chdir(run.folder)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("DOMINO_ADVISOR_DATA", str(run.data))  # the page's lessons share a record
    runner = CliRunner()
    its_blocks = blocks(ROOT / page)
    for n in range(run.done + 1, number + 1):
        run.clean = False
        _run_block(runner, page, n, its_blocks[n - 1], monkeypatch)
        run.clean, run.done = True, n


@pytest.mark.parametrize(
    "want,got,ok",
    [
        (["a 44% ±2%"], ["a 57% ±12%"], True),
        (["a", "…", "z"], ["a", "b", "c", "z"], True),
        (["a", "…", "z"], ["a", "b"], False),
        (["keeps 5 numbers …"], ["keeps 5 numbers in your hand"], True),
        (["6-4 on 1"], ["6-4 on 6"], False),
    ],
)
def test_the_matcher(want, got, ok):
    assert matches(want, got) is ok


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (code blocks' lines are not headings)."""
    out: set[str] = set()
    seen: dict[str, int] = {}
    in_code = False
    for line in page.read_text().splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and (heading := re.match(r"#{1,6} (.*)", line)):
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            out.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
            seen[slug] = seen.get(slug, 0) + 1
    return out


def _links(page: Path) -> list[str]:
    return re.findall(r"\]\(((?!https?:)[^)\s]+)\)", page.read_text())


def test_every_file_and_section_the_pages_link_is_there():
    svg = False
    for page in [*pages(), ROOT / "CONTRIBUTING.md"]:
        if not page.is_file():
            continue
        for link in _links(page):
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            svg = svg or path.endswith(".svg")
            assert target.is_file(), f"{page_name(page)} links {link}: no such file"
            if anchor:
                assert target.suffix == ".md" and anchor in _anchors(target), (
                    f"{page_name(page)} links {link}: no such section"
                )
    assert svg, "the calibration figures are linked"


# pages of a game built but not yet playable from the commands, marked "(unreleased)" in
# their title: the README links them once the game is registered (issue 40: Tiddly-wink)
NOT_YET_LINKED: set[str] = set()  # a page linked once its game is registered (none now)


def test_the_readme_links_every_docs_page():
    linked = {(README.parent / link.partition("#")[0]).resolve() for link in _links(README)}
    missing = [
        page_name(page)
        for page in pages()[1:]
        if page.resolve() not in linked and page_name(page) not in NOT_YET_LINKED
    ]
    assert not missing, missing
    for name in NOT_YET_LINKED:
        title = (ROOT / name).read_text().split("\n")[0]
        assert "(unreleased)" in title and (ROOT / name).resolve() not in linked, name

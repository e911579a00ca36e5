"""The README's transcripts are what the commands print.

Every ```text block holding ``$ domino-advisor ...`` lines is run, in order, in one
folder (later blocks go on with the files earlier ones made), and each command's output
is compared with the lines shown under it:

* figures that sampling or the clock moves (percentages, ``±``, seconds) are compared
  as figures, not digit for digit;
* a line ``…`` (or an indented note in parentheses) stands for any lines;
* a shown line ending in ``…`` only has to start the same way;
* in ``session`` and ``train`` a prompt line (``me> me 66``, ``...? 42 on 4``) is what
  was typed: it is fed to the command and shown as a terminal would show it;
* ``$ echo $?`` shows the last command's exit code.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from domino_advisor.cli import app as cli
from domino_advisor.cli import table as cli_table

README = Path(__file__).resolve().parents[1] / "README.md"
FIGURE = re.compile(r"±\s*\d+(\.\d+)?%|\d+(\.\d+)?%|\d+\.\d+ s\b|[+-]\d+\.\d+ pts")
PROMPTS = {  # how each interactive command asks, and so which shown lines were typed
    "session": re.compile(
        r"^((?:\w+|round over|who opens\?|your hand for round \d+)?> |(?:which|how many|where)[^?]*\? )(.*)$"
    ),
    "train": re.compile(r"^((?:which|how many|where|your move|your play)[^?]*\? )(.*)$"),
}


def blocks() -> list[list[str]]:
    text = README.read_text()
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
    res = runner.invoke(cli.main, args)
    printed = res.output.rstrip("\n")
    return res.exit_code, printed.split("\n") if printed else []


def test_the_readme_has_transcripts():
    assert len(blocks()) >= 4
    assert {_part(b) for b in blocks()} == {"line games", "lessons", "train family"}


def _part(block: list[str]) -> str:
    """Which part of the README a block belongs to: the train family's (each of its
    blocks starts its own log), the lessons' (the learner's record), or the line games'."""
    shown = "\n".join(block)
    if re.search(r"--(rules|game) (mexican-train|chicken-foot)|\b(train|foot)\.dom\b", shown):
        return "train family"
    if re.search(r"^\$ domino-advisor (train|progress)\b|--practice", shown, re.M):
        return "lessons"
    return "line games"


@pytest.mark.parametrize(
    "part",
    [
        "line games",
        # the lessons' and the train family's transcripts cost 8 of the fast tier's seconds
        # of CPU (a lesson from a game, a session, a review and advice of Mexican Train and
        # Chicken Foot): the slow tier's, which CI runs too
        pytest.param("lessons", marks=pytest.mark.slow),
        pytest.param("train family", marks=pytest.mark.slow),
    ],
)
def test_every_transcript_is_what_the_commands_print(tmp_path, monkeypatch, part):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    runner = CliRunner()
    if part == "lessons":  # the lessons drill on the demo's game, saved in the line games' part
        assert runner.invoke(cli.main, ["demo", "--save", "demo.dom"]).exit_code == 0
    for block in blocks():
        if _part(block) != part:
            continue
        last = 0
        for command, shown in commands(block):
            if command == "echo $?":
                assert shown == [str(last)], shown
                continue
            last, got = run_one(runner, command, shown, monkeypatch)
            assert matches(shown, got), (
                f"$ {command}\n--- README\n" + "\n".join(shown) + ("\n--- printed\n" + "\n".join(got))
            )


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


def test_every_file_the_readme_links_is_in_the_repository():
    links = re.findall(r"\]\(((?!https?:|#)[^)\s]+)\)", README.read_text())
    assert any(link.endswith(".svg") for link in links)
    missing = [link for link in links if not (README.parent / link.split("#")[0]).is_file()]
    assert not missing, missing

"""The table loop (issue 11): what to log next, rounds, partners, All Fives points as
they are logged, small screens, and the rules' allowed values, each through the CLI."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clitools import console_under, process, run
from domino_advisor.cli.demo import demo_text

LOGS = Path(__file__).parent / "data" / "logs"


def _new(runner, path: Path, *args) -> Path:
    res = run(runner, "new", path, *args)
    assert res.exit_code == 0, res.output
    return path


# -- what to log next ----------------------------------------------------------------------------
def test_who_opens_when_you_cannot_tell(runner, tmp_path):
    path = _new(runner, tmp_path / "g.dom", "--players", "me ana", "--hand", "5-5 4-3 2-1 6-1 0-0 3-3 2-2")
    out = run(runner, "status", path).output
    assert "next: who opens: the highest double opens" in out and "you hold 5-5" in out
    res = run(runner, "advise", path)
    assert res.exit_code == 2 and "if nobody holds a higher double you open, log 'me 55'" in res.output


def test_the_end_of_a_round_says_who_shows_then_the_next_round(runner, tmp_path):
    path = tmp_path / "m.dom"
    text = (LOGS / "classic-2-match.dom").read_text().splitlines()
    first_end = text.index("round 2")
    path.write_text("\n".join(text[: first_end - 1]) + "\n")  # round 1 over, a hand not yet shown
    out = run(runner, "status", path).output
    assert "next: round 1 is over: log what" in out and "the tiles shown" in out
    path.write_text("\n".join(text[:first_end]) + "\n")
    out = run(runner, "status", path).output
    assert "next: round 1 is scored:" in out and "start the next with 'round 2'" in out
    res = run(runner, "log", path, "round 2")
    assert res.exit_code == 0 and "next: log your hand for round 2" in res.output


def test_the_session_asks_for_the_new_hand_and_takes_bare_tiles(runner, tmp_path):
    path = tmp_path / "m.dom"
    text = (LOGS / "classic-2-match.dom").read_text().splitlines()
    path.write_text("\n".join(text[: text.index("round 2")]) + "\n")
    hand = text[text.index("round 2") + 1].split(" holds ")[1]
    res = run(runner, "session", path, "--samples", "10", input=f"round 2\n{hand}\nq\n")
    assert res.exit_code == 0, res.output
    assert "next: log your hand for round 2" in res.output and "your hand for round 2> " in res.output
    assert f"me holds {hand}" in path.read_text()


# -- partners and All Fives ------------------------------------------------------------------------
def test_partners_are_shown_as_partners_with_team_scores(runner, tmp_path):
    out = run(runner, "status", LOGS / "partnership-4.dom").output
    assert "what each other player can hold" in out and "bob (partner)" in out
    assert re.search(r"scores: you and bob \d+ +ana\+cy \d+", out)
    path = tmp_path / "p.dom"
    path.write_text("\n".join((LOGS / "partnership-4.dom").read_text().splitlines()[:15]) + "\n")
    res = run(runner, "advise", path, "--samples", "20", "--json")
    assert '"partner": "bob"' in res.output
    out = run(runner, "advise", path, "--samples", "20").output
    assert "your team needs" in out and "your team's (you and bob) chance" in out


def test_all_fives_points_are_announced_as_logged(runner, tmp_path):
    path = _new(
        runner,
        tmp_path / "f.dom",
        "--players",
        "me ana",
        "--rules",
        "all-fives",
        "--hand",
        "5-5 6-4 3-2 2-2 1-0 4-1 6-6",
    )
    res = run(runner, "log", path, "me 66", "ana 63")
    assert res.exit_code == 0 and "ana scores 15 (now 15)" in res.output


# -- small screens ---------------------------------------------------------------------------------
def _nine(tmp_path) -> Path:
    return LOGS / "double-nine-4.dom"


def _at_width(monkeypatch, width: int, *args, process_too: bool = False) -> tuple[int, str]:
    """The command's exit code and standard output at a terminal width (COLUMNS): in
    process, with the commands' console made again as a start-up under that COLUMNS
    makes it; with ``process_too``, as a real process (what the slow tier runs)."""
    if process_too:
        res = process(*args, env={"COLUMNS": str(width)})
        return res.returncode, res.stdout.decode()
    from click.testing import CliRunner

    console_under(monkeypatch, COLUMNS=str(width))
    res = run(CliRunner(), *args)
    return res.exit_code, res.stdout


# In process in the fast tier, but one real process (double-nine at 50 columns) that
# shows COLUMNS reaches a real start-up; every case as a real process in the slow tier.
HOW = [
    pytest.param(False, id="in-process"),
    pytest.param(True, id="process", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("process_too", HOW)
@pytest.mark.parametrize("width", [50, 80])
@pytest.mark.parametrize("which", ["demo", "partnership-4", "double-nine-4", "all-fives-spinner-2"])
def test_status_fits_the_terminal_and_cuts_nothing(tmp_path, monkeypatch, width, which, process_too):
    path = tmp_path / "demo.dom"
    if which == "demo":
        path.write_text(demo_text())
    else:
        path = LOGS / f"{which}.dom"
    code, out = _at_width(monkeypatch, width, "status", path, process_too=process_too)
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= width
    assert "…" not in out  # no name or number cut
    for name in ("ana", "bob") if "spinner" not in which else ("ana",):
        assert re.search(rf"\b{name}\b", out)


def test_status_fits_fifty_columns_as_a_process():
    res = process("status", LOGS / "double-nine-4.dom", env={"COLUMNS": "50"})
    out = res.stdout.decode()
    assert res.returncode == 0 and max(len(line) for line in out.splitlines()) <= 50
    assert "…" not in out and re.search(r"\bbob\b", out)


@pytest.mark.parametrize("process_too", HOW)
def test_double_twelve_fits_eighty(runner, tmp_path, monkeypatch, process_too):
    path = _new(
        runner,
        tmp_path / "d12.dom",
        "--players",
        "me ana bob cy",
        "--set",
        "set=12",
        "--set",
        "hand=12",
        "--hand",
        "12-12 12-5 11-3 10-10 9-2 8-8 7-1 6-6 5-0 4-4 3-3 2-1",
    )
    for width in (80, 50):
        code, out = _at_width(monkeypatch, width, "status", path, process_too=process_too)
        assert code == 0 and max(len(line) for line in out.splitlines()) <= width and "…" not in out
        assert re.search(r"\b12\b", out)


@pytest.mark.parametrize("process_too", HOW)
def test_advice_on_a_phone_is_a_list(tmp_path, monkeypatch, process_too):
    path = tmp_path / "p.dom"
    path.write_text("\n".join((LOGS / "partnership-4.dom").read_text().splitlines()[:15]) + "\n")
    code, out = _at_width(monkeypatch, 50, "advise", path, "--samples", "20", process_too=process_too)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 50
    assert re.search(r"^1\. \S+ on \d  match \d+% ±\d+%  round \d+% ±\d+%$", out, re.M)


@pytest.mark.parametrize("process_too", HOW)
def test_rules_lists_allowed_values(runner, monkeypatch, process_too):
    out = run(runner, "rules", "classic").output
    assert "highest-double," in out and "highest-double-any," in out and "0 to 100 000" in out
    code, out = _at_width(monkeypatch, 50, "rules", "all-fives", process_too=process_too)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 50 and "…" not in out
    assert "allowed: none, partners" in out


def test_a_round_scored_from_a_count_asks_for_the_tiles_hindsight_needs(runner, tmp_path):
    path = tmp_path / "c.dom"
    path.write_text(
        '[Rules "classic"]\n[Players "me ana"]\n[Set "hand=3"]\nround 1\nme holds 6-6 6-5 2-2\n'
        "me plays 6-6\nana plays 6-4 on 6\nme plays 6-5 on 6\nana plays 4-2 on 4\nme plays 2-2 on 2\n"
        "ana counts 5\n"
    )
    said = " ".join(run(runner, "status", path).output.split())
    assert "next: round 1 is scored: me won it (5 points)" in said
    assert "if you saw the tiles ana had left, log them, like 'ana s 33 21'" in said

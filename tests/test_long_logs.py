"""Long logs cost in proportion to their length: ``events`` reads a log near the 1 MB cap
in one pass and prints it as it goes, and ``review`` of a whole 8-player Mexican Train
match finishes.  The CPU and memory figures here are safety limits ten times wider than
an idle machine needs (or, for memory, wide of the need and far below 0.9.0's), never
benchmarks: ``scripts/bench_long_logs.py`` prints the figures."""

from __future__ import annotations

import io
import resource
import tracemalloc

import pytest

from clitools import run
from domino_advisor import events as event_types
from domino_advisor import shell
from longlogs import near_cap_log

ROWS = 1_000


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


class _Terminal(io.StringIO):
    """A terminal to the console: what was written, and how many events had been made
    into rows when the first of it was written."""

    def __init__(self, made: list[int]):
        super().__init__()
        self.made = made
        self.made_at_first_write: int | None = None

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.made_at_first_write is None and text:
            self.made_at_first_write = self.made[0]
        return super().write(text)


def test_the_events_list_on_a_terminal_is_printed_as_it_is_made(runner, tmp_path, monkeypatch):
    """0.9.0 laid the whole list out as one rich text before printing a row (40 s and
    300 MB near the cap, nothing shown until then)."""
    path = tmp_path / "long.dom"
    path.write_text('[Players "me ana"]\nround 1\nme holds 6-6 6-3 5-2 3-1 0-0\n' + "ana draws 1\n" * ROWS)
    made = [0]
    shown = event_types.Draw.__str__

    def counted(self):
        made[0] += 1
        return shown(self)

    monkeypatch.setattr(event_types.Draw, "__str__", counted)
    terminal = _Terminal(made)
    monkeypatch.setattr(shell.console, "file", terminal)
    res = run(runner, "events", path)
    assert res.exit_code == 0, res.output
    out = terminal.getvalue()
    assert f"{ROWS + 2:>4} ana draws 1" in out  # every row
    assert terminal.made_at_first_write is not None and terminal.made_at_first_write < ROWS // 2


def test_events_through_a_pipe_give_one_event_a_line(runner, tmp_path):
    """Plain rows, never wrapped, for the programs a pipe leads to; 0.9.0 wrapped a long
    hand at 80 columns."""
    hand = "12-12 12-11 12-10 12-9 12-8 12-7 12-6 12-5 12-4 12-3 12-2 12-1 12-0 11-11 11-10"
    path = tmp_path / "wide.dom"
    head = '[Rules "classic"]\n[Set "set=12 hand=15"]\n[Players "me ana"]\n'
    path.write_text(f"{head}round 1\nme holds {hand}\n")
    res = run(runner, "events", path)
    assert res.exit_code == 0, res.output
    assert res.output == f"   1 round 1   (line 4)\n   2 me holds {hand}   (line 5)\n\n"


@pytest.fixture(scope="module")
def near_cap(tmp_path_factory):
    path = tmp_path_factory.mktemp("cap") / "near-cap.dom"
    path.write_text(near_cap_log())
    return path


@pytest.mark.slow
@pytest.mark.parametrize("how", [[], ["--json"]], ids=["piped", "json"])
def test_events_on_a_log_near_the_cap_in_one_pass(runner, near_cap, how):
    """About 53,000 events in 990 kB: a second of CPU here and 25 MB at the peak of the
    Python heap; 0.9.0 took 14 s piped and 143 MB (85 MB with --json)."""
    assert 900_000 < near_cap.stat().st_size < 1_000_000
    start = _cpu()
    res = run(runner, "events", near_cap, *how)
    assert res.exit_code == 0 and _cpu() - start < 10, res.output[-300:]
    tracemalloc.start()
    try:
        res = run(runner, "events", near_cap, *how)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert res.exit_code == 0 and peak < 60_000_000, peak

"""Long logs cost in proportion to their length: ``events`` reads a log near the 1 MB cap
in one pass and prints it as it goes, and ``review`` of a whole 8-player Mexican Train
match finishes.  The CPU and memory figures here are safety limits ten times wider than
an idle machine needs (or, for memory, wide of the need and far below 0.9.0's), never
benchmarks: ``scripts/bench_long_logs.py`` prints the figures."""

from __future__ import annotations

import io
import json
import resource
import tracemalloc
from pathlib import Path

import pytest

from clitools import run
from domino_advisor.cli import shell
from domino_advisor.games import events as event_types
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


def test_a_train_review_counts_the_chances_only_for_its_decisions(runner, tmp_path, monkeypatch):
    """What each opponent certainly lacks is asked after every event, and found without
    counting; the chances are counted only for the advice at your decisions.  0.9.0
    counted them after every event too: a second each at eight players, and a whole
    8-player double-twelve match did not finish in 400 s."""
    from domino_advisor.advice import pips
    from domino_advisor.counting import position

    counted = [0]
    infer = position.infer

    def counting(*args, **kwargs):
        counted[0] += 1
        return infer(*args, **kwargs)

    for module in (position, pips):  # a position's counting, and the advice's
        monkeypatch.setattr(module, "infer", counting)
    match = (Path(__file__).parent / "data" / "logs" / "mexican-train-3-match.dom").read_text()
    path = tmp_path / "round-1.dom"
    lines = match[: match.index("round 2")].splitlines()
    path.write_text("\n".join(lines[:45]) + "\n")  # most of its first round
    res = run(runner, "review", path, "--json", "--samples", "1")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["insights"] and counted[0] == data["summary"]["decisions"] > 0


def _views(players: int, seed: int, every: int):
    """Views from the viewer's seat through a random Mexican Train match, every ``every``
    events once the hand is known."""
    from domino_advisor.games.trains.rules import TrainRules
    from domino_advisor.log import gamelog
    from seatlogs import seat_log

    _, text = seat_log(TrainRules(), players, seed)
    log = gamelog.loads(text)
    m = log.new_match()
    for k, (line, event) in enumerate(log.numbered_events(), 1):
        m.apply(event, line)
        r = m.round
        if k % every == 0 and r is not None and m.pending is None and r.dealt[m.viewer] is not None:
            yield r.seat_view(m.viewer)


@pytest.mark.slow
def test_what_an_opponent_certainly_lacks_is_the_countings_answer():
    """``certain_lacks`` (a matching, no count) says what ``cannot_hold`` of the exact
    count says, and ``Chain.possible`` what ``can_place`` says of every tile and seat."""
    from domino_advisor.counting.evidence import gather
    from domino_advisor.counting.exact import CountTooBig
    from domino_advisor.counting.inference import EXACT_WORK, _exact, certain_lacks, unseen_tiles
    from domino_advisor.counting.sampler import Chain

    checked = 0
    for view in _views(3, 5, 9):
        try:  # only where the exact count is quick: the test is of the answer, not the sampler
            inf = _exact(view, gather(view), unseen_tiles(view), EXACT_WORK)
        except CountTooBig:
            continue
        assert certain_lacks(view) == {s: inf.cannot_hold(s) for s in view.opponents}
        ev = gather(view)
        chain = Chain(view, ev, unseen_tiles(view), ev.cases)
        if chain.feasible:
            places = [*view.opponents, None]
            found = chain.possible()
            assert found == [{s for s in places if chain.can_place(i, s)} for i in range(len(found))]
            checked += 1
    assert checked > 5


def test_a_long_match_is_replayed_without_summing_every_round_again(monkeypatch):
    """The scores of the rounds before the last are kept, not summed from round 1 at
    every round (and every All Fives score): 0.9.0's replay of a match of R rounds asked
    each round's result about R times, a 697-round log's status took 5.6 s of CPU (now
    2.1) and a log of it 40 s to make (now 5.5)."""
    from domino_advisor.games.line import state as game
    from domino_advisor.games.line.deal import heavy_policy, play_match, seat_log_lines
    from domino_advisor.games.line.rules import preset
    from domino_advisor.log import gamelog

    players, rounds = ["me", "ana"], 40
    _, events, deals = play_match(preset("classic", {"target": "100000"}), players, 1, heavy_policy, rounds)
    head = '[Rules "classic"]\n[Set "target=100000"]\n[Players "me ana"]\n'
    log = gamelog.loads(head + "\n".join(seat_log_lines(events, deals, "me", players)) + "\n")
    asked = [0]
    result = game.Round.result

    def counted(self):
        asked[0] += 1
        return result(self)

    monkeypatch.setattr(game.Round, "result", counted)
    match = log.replay()
    assert len(match.rounds) == rounds and asked[0] <= 6 * rounds, asked[0]

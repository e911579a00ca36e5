"""Advice shared between the cores (``base.cores``): the same answers in the same order
for any number of workers, a failed worker's items worked out again, a deadline cutting
the run where every worker stopped, no process left behind; and Mexican Train and
Chicken Foot advice the same with one process or two."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from domino_advisor.base import cores
from domino_advisor.base.cores import default_workers, share

needs_fork = pytest.mark.skipif(not cores.CAN_FORK, reason="workers are forked processes (Linux)")


@pytest.fixture
def forked(monkeypatch):
    """The workers' process ids, as ``share`` forks them."""
    pids: list[int] = []
    fork = os.fork

    def recording():
        pid = fork()
        if pid:
            pids.append(pid)
        return pid

    monkeypatch.setattr(cores.os, "fork", recording)
    return pids


def _all_reaped(pids: list[int]) -> bool:
    """Every worker ended and waited for: none left running, none a zombie."""
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            continue
        return False
    return bool(pids)


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.parametrize("workers", [1, 2, 3, 4])
@pytest.mark.parametrize("count", [1, 2, 5, 17])
def test_the_answers_come_back_in_item_order(workers, count):
    def work(i):
        return (i, random.Random(i).random(), [i] * (i % 3))

    assert share(work, count, workers) == [work(i) for i in range(count)]


@needs_fork
def test_the_other_workers_are_other_processes(forked):
    here = os.getpid()
    before = _open_descriptors()
    pids = share(lambda i: os.getpid(), 6, 2)
    assert pids[0::2] == [here] * 3 and pids[1::2] == forked * 3 and forked[0] != here
    assert _all_reaped(forked) and _open_descriptors() == before


@needs_fork
def test_a_worker_that_fails_has_its_items_worked_out_here(forked):
    here = os.getpid()

    def work(i):
        if os.getpid() != here:
            raise RuntimeError("a worker that fails")
        return i * i

    assert share(work, 9, 3) == [i * i for i in range(9)]
    assert share(work, 9, 3, deadline=time.perf_counter() + 600) == [i * i for i in range(9)]  # time allows
    assert _all_reaped(forked)


@needs_fork
def test_where_no_process_can_be_forked_the_work_is_done_here(monkeypatch):
    def refused():
        raise BlockingIOError("no more processes")

    monkeypatch.setattr(cores.os, "fork", refused)
    before = _open_descriptors()
    assert share(lambda i: i + 1, 7, 3) == list(range(1, 8))
    assert _open_descriptors() == before


@needs_fork
def test_a_passed_deadline_keeps_each_workers_first_item_only(forked):
    gone = time.perf_counter() - 1
    assert share(lambda i: i, 10, 2, deadline=gone) == [0, 1]
    assert share(lambda i: i, 10, 1, deadline=gone) == [0]
    assert _all_reaped(forked)


@needs_fork
def test_an_interruption_here_ends_the_workers(forked):
    here = os.getpid()

    def work(i):
        if os.getpid() == here and i > 0:
            raise KeyboardInterrupt
        if os.getpid() != here:
            time.sleep(30)  # ended by the interruption, not waited for
        return i

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        share(work, 6, 2)
    assert time.monotonic() - started < 20 and _all_reaped(forked)


@needs_fork
def test_an_interruption_while_waiting_for_the_workers_ends_them(forked):
    """Interrupted while it waits for the workers' answers (its own items done), it ends
    every worker and waits for none of them to finish."""
    here = os.getpid()

    def work(i):
        if os.getpid() != here:
            time.sleep(30)
        return i

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    started = time.monotonic()
    try:
        signal.alarm(1)
        with pytest.raises(KeyboardInterrupt):
            share(work, 9, 3)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert time.monotonic() - started < 20 and len(forked) == 2 and _all_reaped(forked)


def test_the_workers_are_the_cores_unless_said(monkeypatch):
    monkeypatch.setenv(cores.WORKERS_VARIABLE, "3")
    assert default_workers() == 3
    for said in ("", "0", "two", "-1"):
        monkeypatch.setenv(cores.WORKERS_VARIABLE, said)
        assert 1 <= default_workers() <= cores.MOST_WORKERS


@pytest.mark.parametrize("game", ["mexican-train", "chicken-foot"])
def test_train_game_advice_is_the_same_in_one_process_or_two(game):
    from domino_advisor.advice.hubadvice import HubOptions, advise
    from domino_advisor.games.hub.logmatch import match_of
    from domino_advisor.games.hub.match import deal, legal_moves
    from domino_advisor.games.hub.words import words_for
    from domino_advisor.games.registry import game_for

    rules = game_for(game).rules_from(game, "set=9" if game == "mexican-train" else "")
    rng = random.Random(4)
    match = match_of(rules, ["me", "ana", "bob"])
    hands, stock = deal(rules, 3, 1, rng)
    r = match.start(list(hands), stock)
    bot = words_for(game).BOTS["heuristic"]
    while len(r.plays(r.turn)) < 3 or r.turn != 0:
        match.apply(bot(r, legal_moves(r), rng))
    answers = []
    for workers in (1, 2, 3):
        advice = advise(r, 0, HubOptions(90, seed=5, seconds=None, workers=workers)).as_dict()
        advice.pop("seconds")
        answers.append(advice)
    assert answers[0] == answers[1] == answers[2] and answers[0]["samples"] == 90

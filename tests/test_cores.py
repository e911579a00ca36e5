"""Advice shared between the cores (``base.cores``): the same answers in the same order
for any number of workers, a failed worker's items worked out again, a deadline cutting
the run where every worker stopped, no process left behind; and Mexican Train and
Chicken Foot advice the same with one process or two."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

from domino_advisor.base import cores
from domino_advisor.base.cores import default_workers, share
from domino_advisor.games import registry

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


# The fast tier: 12 worlds, shared however few (each case fails there, as with 90 worlds,
# when each world is drawn by the process that plays it out); the slow tier: 90 worlds,
# shared as the advice shares them (at 200 rollouts and more)
@pytest.mark.parametrize(
    "worlds", [pytest.param(12, id="fast"), pytest.param(90, id="full", marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("game", [g for g in registry.own_names()])  # every game played through its round
def test_train_game_advice_is_the_same_in_one_process_or_two(game, worlds, monkeypatch):
    from domino_advisor.advice import worlds as search
    from domino_advisor.advice.advise import Options, advise
    from domino_advisor.games.words import words_for

    played = registry.game_for(game)
    rules = played.rules_from(game, "set=9" if game == "mexican-train" else "")
    rng = random.Random(4)
    match = played.match_class(rules, ["me", "ana", "bob"])
    hands, stock = match.deal(rng)
    r = match.start(list(hands), stock)
    bot = words_for(game).BOTS["heuristic"]
    while True:  # on to a move of yours with three plays or more
        seat = r.next_actor(rng)
        if seat == 0 and len(r.plays(0)) >= 3:
            break
        match.apply(bot(r, r.moves_of(seat), rng))
    if worlds < 90:
        monkeypatch.setattr(search, "FORK_AT_LEAST", 0)
    answers = []
    for workers in (1, 2, 3):
        advice = advise(r, 0, Options(samples=worlds, seed=5, seconds=None, workers=workers)).as_dict()
        advice.pop("seconds")
        answers.append(advice)
    assert answers[0] == answers[1] == answers[2] and answers[0]["samples"] == worlds


@pytest.mark.parametrize(
    "said, shown",
    [
        ("²", "'²'"),  # a digit to str.isdigit(), not to int()
        ("7" * 5000, "'7777"),  # more digits than int() reads
        ("0", "'0'"),
        ("65", "'65'"),
        ("two", "'two'"),
        ("-1", "'-1'"),
        ("\x1b[2J", "'\\x1b[2J'"),  # shown as data, not done to the terminal
    ],
    ids=["superscript", "5000 digits", "zero", "too many", "words", "negative", "escape"],
)
def test_a_number_of_workers_that_cannot_be_used_is_said_once_and_the_cores_used(monkeypatch, said, shown):
    monkeypatch.delenv(cores.WORKERS_VARIABLE, raising=False)
    usual = default_workers()
    heard: list[str] = []
    monkeypatch.setenv(cores.WORKERS_VARIABLE, said)
    cores.heard_by(heard.append)
    try:
        assert default_workers() == default_workers() == usual
    finally:
        cores.heard_by(None)
    assert len(heard) == 1, heard
    assert (
        heard[0].startswith(f"{cores.WORKERS_VARIABLE} is {shown}") and f"using {usual} process" in heard[0]
    )
    assert heard[0].isprintable() and len(heard[0]) < 200


def test_a_bad_number_of_workers_is_one_warning_and_the_train_advice_goes_on(tmp_path, runner, monkeypatch):
    from clitools import run

    log = tmp_path / "train.dom"
    log.write_text(
        '[Rules "mexican-train"]\n[Set "rounds=1"]\n[Players "me ana bob cy"]\n[Me "me"]\nround 1\n'
        "me holds 5-5 11-1 2-1 12-5 2-2 12-3 10-9 7-0 3-2 9-0 12-2 8-0 4-2 11-6 1-0\n"
    )
    monkeypatch.setenv(cores.WORKERS_VARIABLE, "²")
    res = run(runner, "advise", log, "--samples", "2")
    assert res.exit_code == 0, res.output
    said = res.stderr.splitlines()
    assert len(said) == 1 and said[0].startswith(f"warning: {cores.WORKERS_VARIABLE} is '²',"), said
    assert "using" in said[0] and "advice" in res.stdout


def _gone(pid: int) -> bool:
    """Ended: no such process, or one that only waits to be waited for (an orphan's
    zombie, where nothing reaps them)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat[stat.rindex(")") + 2] in "ZX"


def _worker_left_alone(late: bool) -> int:
    """The process id of a worker (it calls ``die_with_parent``, then sleeps a minute)
    whose parent, a process between this one and it, has ended: at once after the worker
    called it, or (``late``) before."""
    pids_r, pids_w = os.pipe()
    set_r, set_w = os.pipe()
    middle = os.fork()
    if middle == 0:  # the parent: a worker, then gone
        code = 1
        try:
            os.close(pids_r)
            parent = os.getpid()
            worker = os.fork()
            if worker == 0:
                try:
                    os.close(set_r)
                    if late:
                        while os.getppid() == parent:
                            time.sleep(0.01)
                    cores.die_with_parent(parent)
                    if not late:
                        os.write(set_w, b"set")
                    time.sleep(60)
                finally:
                    os._exit(0)
            os.close(set_w)
            if not late:
                os.read(set_r, 3)  # the worker has asked to die with it
            os.write(pids_w, str(worker).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(pids_w)
    os.close(set_w)
    os.close(set_r)
    assert os.waitpid(middle, 0)[1] == 0
    worker = int(os.read(pids_r, 32))
    os.close(pids_r)
    return worker


def _ends(worker: int) -> bool:
    try:
        ends = time.monotonic() + 10  # a safety limit: it takes milliseconds
        while not _gone(worker) and time.monotonic() < ends:
            time.sleep(0.01)
        return _gone(worker)
    finally:
        try:
            os.kill(worker, signal.SIGKILL)  # whatever a failing test left
        except ProcessLookupError:
            pass


@needs_fork
def test_a_worker_ends_with_its_parent():
    cores._death_signal()  # found before the fork, as share and the pools do
    assert _ends(_worker_left_alone(late=False))


@needs_fork
def test_a_worker_whose_parent_ended_before_it_asked_ends_at_once():
    """The death signal is set too late to come: the worker sees it is another's child."""
    cores._death_signal()
    assert _ends(_worker_left_alone(late=True))


@needs_fork
def test_where_the_system_cannot_tell_a_worker_it_watches_its_parent(monkeypatch):
    monkeypatch.setattr(cores, "_death_signal", lambda: None)
    monkeypatch.setattr(cores, "WATCH_EVERY", 0.02)
    assert _ends(_worker_left_alone(late=False))

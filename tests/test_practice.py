"""Practice at the table (``session --practice``), typed on stdin: after an event worth
counting the session asks first, then shows the answer, why, and keeps it; the counting
and the advice wait until asked for; the log is written exactly as without practice."""

from __future__ import annotations

import io
import random
import re

import pytest

from clitools import run
from domino_advisor.counting.inference import infer
from domino_advisor.games import registry
from domino_advisor.games.line.view import SeatView
from domino_advisor.learning.progress import Record, path
from domino_advisor.learning.questions import Count, Voids, worth_asking
from domino_advisor.log import gamelog
from positions import random_round, small_rules

HAND = "62 55 54 44 40"
EVENTS = ["me 55", "ana 52", "bob d1", "bob 53"]  # bob drew on 2·5, then played 5-3


def _new(runner, tmp_path):
    game = tmp_path / "g.dom"
    res = run(runner, "new", game, "--players", "me ana bob", "--hand", HAND)
    assert res.exit_code == 0, res.output
    return game


def _session(runner, game, *lines, args=("--practice",)):
    # the advice on my turns at 20 deals: these tests are about what is asked and logged
    return run(runner, "session", game, "--samples", "20", *args, input="\n".join(lines) + "\nq\n")


def test_the_question_comes_before_the_answer_and_is_kept(runner, tmp_path):
    game = _new(runner, tmp_path)
    res = _session(runner, game, *EVENTS, "2 5")
    assert res.exit_code == 0, res.output
    out = res.output
    asked = out.index("which numbers can bob certainly not hold?")
    assert asked < out.index("6 bob plays 5-3 on 5") < out.index("bob: no 2 5 now")
    assert "right: bob certainly lacks 2 5" in out
    assert "why: bob drew on 2·5 (event 5), so bob lacks 2 and 5" in out
    kept = Record().answers()
    assert [(a.kind, a.points, a.source, a.rules) for a in kept] == [("voids", 1.0, "practice", "classic")]
    # rated for your level: 2 numbers lacked + 1 draw proving them, made 2 moves back (0.2),
    # 21 tiles unseen (28, less 3 on the table and 4 in your hand: 2.1)
    assert kept[0].difficulty == 5.3
    log = gamelog.loads(game.read_text())
    assert [str(e) for e in log.events][-2:] == ["bob draws 1", "bob plays 5-3 on 5"]


def test_a_wrong_answer_is_marked_and_a_bad_one_asked_again(runner, tmp_path):
    game = _new(runner, tmp_path)
    res = _session(runner, game, *EVENTS, "9", "0 1 2 6")
    out = res.output
    assert "'9' is not a number from 0 to 6" in out
    assert "not quite: bob certainly lacks 2 5" in out
    assert out.count("which numbers can bob certainly not hold?") == 2
    assert [round(a.points, 2) for a in Record().answers()] == [0.2]  # 1 right of 5 named
    assert "not logged" not in out


def test_enter_skips_and_nothing_is_kept(runner, tmp_path):
    game = _new(runner, tmp_path)
    out = _session(runner, game, *EVENTS, "").output
    assert "skipped" in out and "6 bob plays 5-3 on 5" in out
    assert Record().answers() == []


def test_counting_and_advice_wait_until_asked(runner, tmp_path):
    game = _new(runner, tmp_path)
    out = _session(runner, game, *EVENTS, "2 5").output  # then it is my turn
    assert "the counting is hidden until you ask for it (s)" in out
    assert "what each opponent can hold" not in out and "advice for me" not in out
    out = _session(runner, game, "s", "a").output
    assert "what each opponent can hold" in out and "advice for me" in out
    plain = _session(runner, game, args=()).output  # without practice: both at once
    assert "what each opponent can hold" in plain and re.search(r"(?m)^1 \d-\d on \d  \d+%", plain)
    full = _session(runner, game, args=("--full",)).output
    assert "what each opponent can hold" in full and "advice for me" in full


def test_practice_can_be_turned_on_in_a_session(runner, tmp_path):
    game = _new(runner, tmp_path)
    out = _session(runner, game, "practice", *EVENTS, "2 5", args=()).output
    assert "practice on" in out and "right: bob certainly lacks 2 5" in out
    out = _session(runner, game, "practice", "practice", args=()).output
    assert "practice off" in out


def test_no_record_practises_without_keeping(runner, tmp_path):
    game = _new(runner, tmp_path)
    out = _session(runner, game, *EVENTS, "2 5", args=("--practice", "--no-record")).output
    assert "right: bob certainly lacks 2 5" in out
    assert not path().exists()


def test_a_broken_record_does_not_stop_the_game(runner, tmp_path):
    game = _new(runner, tmp_path)
    path().parent.mkdir(parents=True, exist_ok=True)
    path().write_bytes(b"not a database at all" * 100)
    before = path().read_bytes()
    res = _session(runner, game, *EVENTS, "2 5")
    assert res.exit_code == 0 and "Traceback" not in res.output
    assert "practice answers will not be kept" in res.output and "right:" in res.output
    assert path().read_bytes() == before
    assert str(gamelog.loads(game.read_text()).events[-1]) == "bob plays 5-3 on 5"


def test_a_count_is_asked_when_a_play_leaves_few_unseen(runner, tmp_path):
    game = _new(runner, tmp_path)
    lines = [*EVENTS, "2 5", "me 62", "ana 63 on 6", "bob d6", "bob 43", "3"]
    lines += ["me 44", "ana 33"]  # four 3s unseen, then ana's 3-3 leaves three
    out = _session(runner, game, *lines, "3").output
    assert "how many 3s have you not seen yet?" in out
    assert "right: 3 tiles with a 3 are unseen" in out
    assert "why: 7 tiles bear a 3: the table has 6-3 5-3 4-3 3-3; 7 - 4 = 3" in out
    assert [(a.kind, a.points) for a in Record().answers()][-1] == ("count", 1.0)


def test_worth_asking_on_random_rounds():
    """Only new certainties and tight numbers are asked about, and the question asked is
    one the inference answers (an opponent with new voids; a number with few unseen)."""
    asked = {"voids": 0, "count": 0}
    for i in range(40):
        rules, seats = small_rules(i)
        me = i % seats
        for k in range(1, 12):
            # the same round (same seed) stopped after k and after k + 1 moves
            before = random_round(rules, seats, random.Random(i), cut=k).round
            after = random_round(rules, seats, random.Random(i), cut=k + 1).round
            if after.over or len(after.history) == len(before.history):
                break
            b, a = SeatView.of(before, me), SeatView.of(after, me)
            inf_b, inf_a = infer(b), infer(a)  # each counted once
            q = worth_asking((b, inf_b), (a, inf_a))
            if isinstance(q, Voids):
                asked["voids"] += 1
                assert set(inf_a.cannot_hold(q.seat)) - set(inf_b.cannot_hold(q.seat))
            elif isinstance(q, Count):
                asked["count"] += 1
                last = a.history[-1]
                assert last.kind == "play" and last.seat != me
                assert sum(1 for t in inf_a.unseen if t.bears(q.number)) <= 3
            else:  # nothing asked: nothing new was certain
                for s in a.opponents:
                    assert not a.counts[s] or set(inf_a.cannot_hold(s)) <= set(inf_b.cannot_hold(s))
    assert asked["voids"] and asked["count"]


def test_lines_of_the_game_typed_at_a_question_are_logged_not_lost(runner, tmp_path):
    """A player who types the next event (or q) without noticing the question loses
    nothing: the question is skipped and the line handled as typed."""
    lines = [*EVENTS, "me 62", "ana 63 on 6", "bob d6", "bob 43", "me 44"]
    plain, practised = _new(runner, tmp_path), tmp_path / "p.dom"
    practised.write_bytes(plain.read_bytes())
    a = _session(runner, plain, *lines, args=())
    b = _session(runner, practised, *lines)
    assert a.exit_code == b.exit_code == 0, b.output
    assert practised.read_bytes() == plain.read_bytes()
    assert "skipped" in b.output and "not logged" not in b.output
    (tmp_path / "q").mkdir()
    out = _session(runner, _new(runner, tmp_path / "q"), *EVENTS, "q", "me 62").output
    assert "the log is saved" in out and "me plays 6-2" not in out  # q at the question quits


def test_practice_turned_on_in_a_session_keeps_its_answers(runner, tmp_path):
    game = _new(runner, tmp_path)
    _session(runner, game, "practice", *EVENTS, "2 5", args=())
    assert [(a.kind, a.source) for a in Record().answers()] == [("voids", "practice")]


def test_a_record_damaged_mid_game_does_not_stop_the_game(runner, tmp_path):
    """A record whose header reads but whose pages do not: the practice goes on without
    it (the answer waits beside it), and every event is logged."""
    demo = tmp_path / "demo.dom"
    run(runner, "demo", "--save", demo)
    run(runner, "train", "--seed", "4", input="0\n3\nq\n")  # a record with answers
    with open(path(), "r+b") as f:
        f.seek(4096)
        f.write(b"\xff" * 64)
    game = _new(runner, tmp_path)
    res = _session(runner, game, *EVENTS, "2 5", "me 62", "ana 63 on 6")
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    assert "will not be kept" in res.output
    assert [str(e) for e in gamelog.loads(game.read_text()).events][-2:] == [
        "me plays 6-2 on 2",
        "ana plays 6-3 on 6",
    ]


def _a_table_of(game):
    """A log of the corpus played by ``game`` where someone certainly lacks a number: its
    position and status."""
    from pathlib import Path

    for file in sorted((Path(__file__).parent / "data" / "logs").glob("*.dom")):
        log = gamelog.loads(file.read_text())
        if log.game is game:
            pos = registry.part(game, "position")(log, False)
            data = registry.part(game, "status")(pos)
            if any(p.get("cannot_hold") and p.get("tiles") for p in data["players"]):
                return pos, data
    raise AssertionError(f"no log of {game.name} where someone lacks a number")


@pytest.mark.parametrize("game", registry.every_game(), ids=lambda g: g.name)
def test_every_games_table_can_hide_its_counting(game):
    """Practice asks first: each game's table (its status view) says the counting is hidden
    and shows none of it, and shows it otherwise."""
    from rich.console import Console

    pos, data = _a_table_of(game)
    view = registry.part(game, "status_view")

    def shown(counting: bool) -> str:
        console = Console(width=100, no_color=True, record=True, file=io.StringIO())
        console.print(view(pos, data, compact=False, width=100, counting=counting))
        return console.export_text()

    hidden, plain = shown(False), shown(True)
    assert "the counting is hidden until you ask for it (s)" in hidden
    assert "the counting is hidden" not in plain
    for words in ("can hold", "certainly lack", "unseen tiles by number"):
        assert words not in hidden
    assert "can hold" in plain or "certainly lack" in plain


def _logs_of(game) -> list:
    from pathlib import Path

    logs = sorted((Path(__file__).parent / "data" / "logs").glob("*.dom"))
    return [f for f in logs if gamelog.loads(f.read_text()).game is game]


FAST_LOGS = {"mexican-train": 1}  # its second corpus log costs 4 s of CPU: the slow tier's


@pytest.mark.parametrize(
    "full", [pytest.param(False, id="fast"), pytest.param(True, id="full", marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("game", registry.every_game(), ids=lambda g: g.name)
def test_every_game_is_practised_at_the_table(runner, tmp_path, game, full):
    """Issue 41: practice at the table for every game.  Each corpus log of the game, its
    events typed one by one into ``session --practice`` from just after your hand: the
    session asks what the events taught (a question skipped by the next line of the game,
    which is logged, never lost), and the log written is the corpus's, event for event."""
    asked = 0
    for source in _logs_of(game)[: 2 if full else FAST_LOGS.get(game.name, 2)]:
        lines = source.read_text().splitlines()
        hand = next(i for i, line in enumerate(lines) if " holds " in line)
        events = [line for line in lines[hand + 1 :] if line.strip() and not line.startswith("#")]
        game_file = tmp_path / source.name
        game_file.write_text("\n".join(lines[: hand + 1]) + "\n")
        res = _session(runner, game_file, *events, args=("--practice",))
        assert res.exit_code == 0 and "Traceback" not in res.output, res.output[-2000:]
        asked += res.output.count("practice (Enter skips; a line of the game skips it too):")
        assert [str(e) for e in gamelog.loads(game_file.read_text()).events] == [
            str(e) for e in gamelog.loads(source.read_text()).events
        ]
    assert asked, f"{game.name}: no question asked"

"""Fixing the log in place (issue 11): by event number through ``log``, the session and
``edit``; count checks that name the missed event; skipped players in a block game;
what each event taught; one tile on demand; one input language everywhere."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import clitools
from clitools import refused, run
from domino_advisor.base.errors import CountMismatch, DominoError
from domino_advisor.cli.demo import demo_text
from domino_advisor.log import edits, gamelog

DEMO = gamelog.loads(demo_text())


def first(n: int) -> gamelog.GameLog:
    """The demo log cut after its first ``n`` events."""
    return DEMO.copy([e for e in DEMO.body if e.event is not None][:n])


def events(path: Path) -> list[str]:
    return [str(e) for e in gamelog.loads(path.read_text()).events]


# -- the core ------------------------------------------------------------------------------
def test_replace_insert_delete_by_event_number():
    log = first(10)  # ... 8 ana plays 6-3 on 6, 9 bob draws 6, 10 bob plays 4-3 on 3
    r = edits.replace(log, 9, "bob d5")
    assert r.removed == ("bob draws 6",) and str(r.log.events[8]) == "bob draws 5" and r.added == (9,)
    r = edits.delete(log, 10)
    assert len(r.log.events) == 9 and r.removed == ("bob plays 4-3 on 3",)
    r = edits.insert_before(log, 5, ["bob has 5"])
    assert str(r.log.events[4]) == "bob has 5" and len(r.log.events) == 11


def test_a_fix_that_breaks_a_later_event_is_refused_naming_it():
    with pytest.raises(DominoError, match=r"would leave event 3 'me plays 5-5' against the rules"):
        edits.delete(first(10), 2)
    with pytest.raises(DominoError, match=r"'bob draws 5' as event 8: it is ana's turn"):
        edits.replace(first(10), 8, "bob d5")


@pytest.mark.parametrize("number", [0, 11, 99])
def test_event_numbers_out_of_range(number):
    with pytest.raises(DominoError, match="numbered 1 to 10"):
        edits.delete(first(10), number)


@given(st.integers(min_value=3, max_value=len(DEMO.events)))
def test_delete_then_insert_back_is_the_same_log(number):
    """Any event taken out and put back where it was gives the log back, byte for byte
    (where the rest still follows the rules without it)."""
    try:
        cut = edits.delete(DEMO, number)
    except DominoError:
        return  # the events after it need it: refused, as it should be
    back = edits.insert_before(cut.log, number, list(cut.removed)) if number <= len(cut.log.events) else None
    if back is None:
        back = edits.append(cut.log, list(cut.removed))
    assert gamelog.dumps(back.log) == gamelog.dumps(DEMO)


def test_count_check_agrees_or_names_the_missed_event():
    log = first(10)
    assert str(edits.append(log, ["ana =3"]).log.events[-1]) == "ana has 3"
    with pytest.raises(CountMismatch) as e:
        edits.append(log, ["bob has 12"])
    text = str(e.value)
    assert "the log gives bob 10 tiles, but bob has 12" in text
    assert "insert 'bob draws 2' before event 10" in text and "replace event 9" in text
    # the first hint, done, makes the check agree
    fixed = edits.insert_before(log, 10, ["bob draws 2"]).log
    assert str(edits.append(fixed, ["bob has 12"]).log.events[-1]) == "bob has 12"


def test_count_check_nothing_single_explains():
    """A missed play would have broken the turns, so fewer tiles than logged with no
    draw or pass of hers to change: no single change explains it, and it says so."""
    with pytest.raises(CountMismatch, match=r"'ana has 2': .* no single missed draw or play explains it"):
        edits.append(first(10), ["ana has 2"])


def test_a_pass_taken_as_read_can_be_the_missed_play(runner, tmp_path):
    path = _block(tmp_path, runner, "me ana bob cy", "6-6 6-5 5-5 5-4 2-1")
    assert run(runner, "log", path, "me 66", "cy 63").exit_code == 0  # ana and bob passed, as read
    res = refused(runner, path, "log", path, "bob has 4", says="replace event 5 ('bob passes') with a play")
    tile = res.output.split("with a play of bob's: ")[1].split()[0]
    assert run(runner, "log", path, "--replace", "5", f"bob plays {tile}").exit_code == 0
    assert run(runner, "log", path, "bob has 4").exit_code == 0  # the hint, done, agrees


def test_hints_are_tried_on_the_whole_log(runner, game):
    """A check inserted before later events: a hint that would break them is not given."""
    assert run(runner, "log", game, "ana d3", "ana 64", "ana has 7").exit_code == 0
    refused(runner, game, "log", game, "--insert-before", "6", "ana has 5", says="no single missed draw")


def test_undo_takes_back_the_passes_taken_as_read(runner, tmp_path):
    path = _block(tmp_path, runner, "me ana bob cy", "6-6 6-5 5-5 5-4 2-1")
    before = path.read_text() + "me plays 6-6\n"
    assert run(runner, "log", path, "me 66", "cy 63").exit_code == 0
    res = run(runner, "undo", path)
    assert res.exit_code == 0 and res.output.count("removed:") == 3
    assert path.read_text() == before


def test_names_in_any_case_and_shorthand_in_full_lines():
    log = first(10)
    assert str(edits.append(log, ["ME 54"]).log.events[-1]) == "me plays 5-4 on 4"
    assert str(edits.append(log, ["An has 3"]).log.events[-1]) == "ana has 3"
    with pytest.raises(DominoError, match="'zed' is not at this table"):
        edits.append(log, ["zed plays 4-1"])


def _block(tmp_path, runner, players="me ana bob", hand="6-6 6-3 5-2 3-1 0-0") -> Path:
    path = tmp_path / "b.dom"
    res = run(runner, "new", path, "--players", players, "--rules", "block", "--hand", hand)
    assert res.exit_code == 0, res.output
    return path


def test_block_game_skipped_player_passed_with_a_note(runner, tmp_path):
    path = _block(tmp_path, runner)
    res = run(runner, "log", path, "me 66", "bob 65")
    assert res.exit_code == 0, res.output
    assert "note: ana was skipped, so ana passed" in res.output
    assert events(path)[-2:] == ["ana passes", "bob plays 6-5 on 6"]
    assert "# taken as read from bob plays 6-5 on 6" in path.read_text()


def test_draw_game_never_takes_a_skip_as_read(runner, game):
    refused(runner, game, "log", game, "bob 64", says="it is ana's turn, not bob's")


# -- the command line -------------------------------------------------------------------------
def test_log_fixes_in_place(runner, game):
    assert run(runner, "log", game, "ana d2", "ana 64", "bob 41").exit_code == 0
    res = run(runner, "log", game, "--replace", "4", "ana d3")
    assert res.exit_code == 0, res.output
    assert "replaced event 4: ana draws 2" in res.output and "now event 4: ana draws 3" in res.output
    res = run(runner, "log", game, "--delete", "6")
    assert "removed event 6: bob plays 4-1 on 4" in res.output and "ana: no 6 · bob: any number" in res.output
    res = run(runner, "log", game, "--insert-before", "6", "bob d1", "bob 41")
    assert res.exit_code == 0, res.output
    assert events(game)[-4:] == ["ana draws 3", "ana plays 6-4 on 6", "bob draws 1", "bob plays 4-1 on 4"]
    res = run(runner, "log", game, "--delete", "4")
    assert "removed event 4: ana draws 3" in res.output and "ana may hold 6 again" in res.output


@pytest.mark.parametrize(
    "args, says",
    [
        (["--delete", "2"], "would leave event 3 'me plays 6-6' against the rules"),
        (["--delete", "9"], "the events are numbered 1 to 3"),
        (["--replace", "3", "a", "b"], "--replace N takes exactly one event"),
        (["--delete", "3", "ana d1"], "--delete N takes no events"),
        (["--delete", "3", "--replace", "3"], "one of --replace, --insert-before and --delete"),
        ([], "say what to log"),
        (["ana jumps"], "'jumps' is not something a player does"),
    ],
)
def test_log_fix_refusals_leave_the_file(runner, game, args, says):
    refused(runner, game, "log", game, *args, says=says)


def test_count_check_through_log(runner, game):
    assert run(runner, "log", game, "ana d2", "ana 64").exit_code == 0
    refused(runner, game, "log", game, "ana has 7", says="insert 'ana draws 1' before event 5")
    res = run(runner, "log", game, "ana has 6")
    assert res.exit_code == 0 and "logged event 6: ana has 6" in res.output


def test_where(runner, game):
    res = run(runner, "where", game, "6-6", "--json")
    assert json.loads(res.output)["known"] == "on the table (played by me)"
    res = run(runner, "where", game, "54", "--json")
    data = json.loads(res.output)
    assert data["known"] is None and abs(sum(data["where"].values()) - 1) < 1e-9
    assert set(data["where"]) == {"ana", "bob", "boneyard"}
    assert "where 5-4 is" in run(runner, "where", game, "45").output
    refused(runner, game, "where", game, "77", says="77")


def test_status_numbers_the_last_events(runner, game):
    out = run(runner, "status", game).output
    assert "last events (all: 'events'):" in out and "3 me plays 6-6" in out


# -- the session ------------------------------------------------------------------------------
def drive(path: Path, lines: list[str]) -> str:
    return clitools.drive(path, lines, samples=10)


def test_session_fixes_learns_and_answers_where(game):
    out = drive(
        game,
        [
            "ana 64",
            "bob d2",
            "bob 41",
            "replace 5 bob d3",
            "insert 4 ana d1",
            "delete 4",
            "where 53",
            "ana =4",
            "delete 99",
            "replace 4",
        ],
    )
    assert "> 6 bob plays 4-1 on 4 · ends 1 6 · your move\n" in out  # the short form: one row
    assert "\nbob: no 4 6 now\n" in out
    assert "replaced event 5: bob draws 2" in out
    assert "inserted event 4: ana draws 1" in out and "removed event 4: ana draws 1" in out
    assert "where 5-3 is" in out
    assert "not logged: the log gives ana 4 tiles, but ana has 4" not in out
    assert "> 7 ana has 4" in out
    assert "not logged: 'delete 99': the events are numbered 1 to 7" in out
    assert "say the event, like 'replace 4 ana d1'" in out
    assert events(game)[3:] == ["ana plays 6-4 on 6", "bob draws 3", "bob plays 4-1 on 4", "ana has 4"]


# -- edit -------------------------------------------------------------------------------------
EDITOR = Path(__file__).parent / "data" / "fake_editor.py"


def _edit(runner, path: Path, monkeypatch, changes: list[tuple[str, str]], answers: str = ""):
    """``edit`` with an editor that makes one change per opening, in order."""
    state = path.parent / "editor-state.json"
    state.write_text(json.dumps(changes))
    monkeypatch.setenv("EDITOR", f"{sys.executable} {EDITOR} {state}")
    return run(runner, "edit", path, input=answers)


def test_edit_saves_a_log_that_replays(runner, game, monkeypatch):
    assert run(runner, "log", game, "ana d2", "ana 64").exit_code == 0
    res = _edit(runner, game, monkeypatch, [("ana draws 2", "ana draws 3")])
    assert res.exit_code == 0, res.output
    assert "removed: ana draws 2" in res.output and "added: ana draws 3" in res.output
    assert "ana draws 3" in game.read_text()


def test_edit_refuses_a_log_that_does_not_replay_and_can_abandon(runner, game, monkeypatch):
    before = game.read_bytes()
    res = _edit(runner, game, monkeypatch, [("me plays 6-6", "me plays 6-3")], answers="a\n")
    assert res.exit_code == 2, res.output
    assert "not saved:" in res.output and "me cannot open with 6-3" in res.output
    assert "abandoned" in res.output and game.read_bytes() == before


def test_edit_again_until_it_replays(runner, game, monkeypatch):
    res = _edit(
        runner,
        game,
        monkeypatch,
        [("me plays 6-6", "me plays 6-3"), ("me plays 6-3", "me plays 6-6\nana draws 1")],
        answers="e\n",
    )
    assert res.exit_code == 0, res.output
    assert events(game)[-2:] == ["me plays 6-6", "ana draws 1"]


def test_edit_keeps_crlf(runner, game, monkeypatch):
    game.write_bytes(game.read_bytes().replace(b"\n", b"\r\n"))
    before = game.read_bytes()
    res = _edit(runner, game, monkeypatch, [("me plays 6-6", "me plays 6-6")])
    assert res.exit_code == 0 and "no change" in res.output and game.read_bytes() == before
    res = _edit(runner, game, monkeypatch, [("me plays 6-6", "me plays 6-6\nana draws 1")])
    assert res.exit_code == 0 and game.read_bytes().endswith(b"me plays 6-6\r\nana draws 1\r\n")


def test_edit_opens_a_log_that_does_not_read(runner, game, monkeypatch):
    game.write_text(game.read_text() + "ana pleys 6-4\n")
    res = _edit(runner, game, monkeypatch, [("ana pleys 6-4", "ana plays 6-4")])
    assert res.exit_code == 0, res.output
    assert events(game)[-1] == "ana plays 6-4"


def test_edit_refuses_a_read_only_log_before_the_editor(runner, game, monkeypatch):
    game.chmod(0o444)
    try:
        refused(runner, game, "edit", game, says="read-only")
    finally:
        game.chmod(0o644)


# The editor runs three times (edit, edit again, abandon); the other program's real 'log'
# process runs in the first only in the fast tier, in every one in the slow tier.
@pytest.mark.parametrize("every_time", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_edit_never_drops_what_another_program_logged_meanwhile(
    runner, game, monkeypatch, tmp_path, every_time
):
    """The editor is open; another program logs 'ana draws 1'; the player saves their
    own version without it: not saved, said why, and the other event stays."""
    script = tmp_path / "race.py"
    once = tmp_path / "logged-once"
    script.write_text(
        "import os, subprocess, sys\n"
        f"p = sys.argv[-1]\n"
        f"if {every_time!r} or not os.path.exists({str(once)!r}):\n"
        f"    open({str(once)!r}, 'w').close()\n"
        "    subprocess.run([sys.executable, '-m', 'domino_advisor', 'log', '-q', "
        f"{str(game)!r}, 'ana d1'])\n"
        "open(p, 'a').write('# a note of mine\\n')\n"
    )
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    res = run(runner, "edit", game, input="e\ne\na\n")
    assert res.exit_code == 2, res.output
    assert "another program changed the log while you edited it" in res.output
    assert "leaves out what another program logged" in res.output
    assert "ana draws 1" in events(game)


def test_edit_without_saving_changes_nothing(runner, game, monkeypatch):
    before = game.read_bytes()
    res = _edit(runner, game, monkeypatch, [])
    assert res.exit_code == 0 and "no change" in res.output and game.read_bytes() == before


def test_a_command_word_that_starts_a_name_is_not_guessed(runner, tmp_path):
    path = tmp_path / "u.dom"
    assert (
        run(runner, "new", path, "--players", "me ana ursula", "--hand", "6-6 6-3 5-2 3-1 0-0").exit_code == 0
    )
    assert run(runner, "log", path, "me 66", "ana d3", "ana 61", "ur 65").exit_code == 0
    before = path.read_text()
    out = drive(path, ["u 4", "urs 10", "where"])
    assert "'u 4': 'u' is a command and the start of ursula's name" in out
    assert "'ursula plays 10'" in out  # the name written out is read as a play (here refused)
    assert "say which tile, like 'where 66'" in out
    assert path.read_text() == before


def test_events_lists_every_number(runner, game):
    assert run(runner, "log", game, "ana d2", "ana 64").exit_code == 0
    out = run(runner, "events", game).output
    assert "   1 round 1" in out and "   5 ana plays 6-4 on 6" in out
    data = json.loads(run(runner, "events", game, "--json").output)
    assert [e["number"] for e in data] == [1, 2, 3, 4, 5] and data[3]["event"] == "ana draws 2"
    lines = game.read_text().splitlines()
    assert all(lines[e["line"] - 1].startswith(e["event"].split(" on ")[0]) for e in data)


def test_replace_keeps_the_comment_and_spaced_count_checks(runner, game):
    assert run(runner, "log", game, "ana d2  # she hesitated").exit_code == 0
    assert run(runner, "log", game, "--replace", "4", "ana d3").exit_code == 0
    assert "ana draws 3  # she hesitated" in game.read_text()
    assert str(edits.append(gamelog.loads(game.read_text()), ["ana = 8"]).log.events[-1]) == "ana has 8"


# -- a code review's findings ------------------------------------------------------------------
def test_undo_after_replacing_a_taken_pass_keeps_the_real_play(runner, tmp_path):
    path = _block(tmp_path, runner, "me ana bob cy", "6-6 6-5 5-5 5-4 2-1")
    assert run(runner, "log", path, "me 66", "bob 63").exit_code == 0  # ana passed, as read
    assert run(runner, "log", path, "--replace", "4", "ana 64").exit_code == 0
    assert "taken as read" not in path.read_text()  # the note went with the pass
    res = run(runner, "undo", path)
    assert res.exit_code == 0 and res.output.count("removed:") == 1
    assert events(path)[-1] == "ana plays 6-4 on 6"


def test_count_hints_see_the_lines_typed_before_them(runner, game):
    assert run(runner, "log", game, "ana d3", "ana 64").exit_code == 0  # ana: 7 tiles
    refused(runner, game, "log", game, "bob d1", "ana has 6", says="replace event 4 ('ana draws 3')")
    assert run(runner, "log", game, "ana has 7").exit_code == 0
    refused(runner, game, "log", game, "--replace", "6", "ana has 6", says="replace event 4 ('ana draws 3')")


def test_a_round_start_cannot_be_deleted(runner, game):
    refused(runner, game, "log", game, "--delete", "1", says="where a round starts")


def test_taken_passes_never_end_the_round(runner, tmp_path):
    path = _block(tmp_path, runner, "me ana bob", "6-6 6-3 5-2 3-1 0-0")
    assert run(runner, "log", path, "me 66", "ana p").exit_code == 0
    # bob's pass then the round comes back to me: nothing to take as read
    refused(runner, path, "log", path, "me 63", says="it is bob's turn")


def test_all_fives_points_go_to_the_play_that_scored(runner, tmp_path):
    path = tmp_path / "p.dom"
    res = run(
        runner,
        "new",
        path,
        "--players",
        "me ana bob cy",
        "--rules",
        "all-fives",
        "--set",
        "teams=partners",
        "--hand",
        "5-5 6-6 4-4 3-3 2-2 1-1 0-0",
    )
    assert res.exit_code == 0, res.output
    res = run(runner, "log", path, "me 66", "ana 63 on 6", "bob 64 on 6")
    assert res.exit_code == 0, res.output
    assert "ana scores 15 (now 15)" in res.output and "bob scores" not in res.output


def test_edit_that_saves_bytes_not_utf8_is_asked_again(runner, game, monkeypatch, tmp_path):
    script = tmp_path / "latin1.py"
    script.write_text("import sys\nopen(sys.argv[-1], 'ab').write(b'# \\xf1\\n')\n")
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    before = game.read_bytes()
    res = run(runner, "edit", game, input="a\n")
    assert res.exit_code == 2 and "UTF-8 text" in res.output and game.read_bytes() == before


@pytest.mark.parametrize("name", ["u", "where", "replace", "delete", "Del"])
def test_a_player_named_like_a_session_word_can_be_logged_for(runner, tmp_path, name):
    """0.9.0 refused every line for such a player and suggested a fix that could not be
    followed; the full event is always theirs, and the message says so."""
    path = tmp_path / "g.dom"
    hand = "6-6 6-3 5-2 3-1 0-0"  # then ana's turn, not yours: no advice to work out
    assert run(runner, "new", path, "--players", f"me {name} ana", "--hand", hand).exit_code == 0
    assert run(runner, "log", path, "me 66").exit_code == 0
    out = drive(path, [f"{name} 64", f"{name} draws 1", f"{name} plays 6-4"])
    assert f"'{name} 64': '{name}' is a command and {name}'s name: write {name}'s event in full" in out
    log = path.read_text()
    assert f"{name} plays 6-4" in log and f"{name} draws 1" in log


def test_undo_keeps_your_comments(runner, game):
    """Undo takes back events, not the notes written among and after them."""
    game.write_text(game.read_text() + "ana draws 1\n# ana said she has the 5-5\nbob draws 1\n# bob sighed\n")
    res = run(runner, "undo", game, "2")
    assert res.exit_code == 0, res.output
    assert game.read_text().endswith("me plays 6-6\n# ana said she has the 5-5\n# bob sighed\n")
    assert "removed: ana draws 1" in res.output and "removed: bob draws 1" in res.output

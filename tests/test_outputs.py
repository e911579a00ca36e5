"""Every file a command writes beside the game (pages, figures, built tables, saved demos,
new logs) goes through one writer that never lands on what the player owns, with or
without --force, and replaces only a file of its own kind (issue 26: on 0.9.0, review
--html and demo --save wrote over the record, calibrate --svg and the --build commands
over a game log or the record)."""

from __future__ import annotations

import sqlite3

import pytest

from clitools import new_game, refused, run

WRITERS = {
    "review --html": ("review", "{game}", "--html", "{to}", "--force", "--samples", "5", "--no-hindsight"),
    "progress --html": ("progress", "--html", "{to}", "--force"),
    "demo --save": ("demo", "--save", "{to}", "--force"),
    "calibrate --svg": ("calibrate", "--svg", "{to}", "--force", "--games", "1", "--samples", "5"),
    "calibrate --build": ("calibrate", "--build", "{to}", "--force", "--games", "1", "--samples", "5"),
    "reads --build": ("reads", "--build", "{to}", "--force", "--games", "1", "--samples", "5"),
    "equity --build": ("equity", "--build", "{to}", "--force", "--rounds", "100"),
    "new": ("new", "{to}", "--players", "me ana", "--hand", "6-6 5-5 4-4 3-3 2-2 1-1 0-0", "--force"),
}


def _record(tmp_path):
    from domino_advisor.learning import progress

    db = sqlite3.connect(progress.path())
    db.execute("CREATE TABLE answers (kind TEXT)")
    db.commit()
    db.close()
    return progress.path()


def _targets(tmp_path, monkeypatch, runner):
    """The player's files a writer is pointed at, and what the refusal says of each."""
    from domino_advisor.learning import progress

    progress.path().parent.mkdir(parents=True, exist_ok=True)
    config = tmp_path / "config.toml"
    config.write_text('name = "me"\n')
    monkeypatch.setenv("DOMINO_ADVISOR_CONFIG", str(config))
    log = new_game(runner, tmp_path / "notes.txt")  # a log, whatever its name
    other = tmp_path / "scores.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    mine = tmp_path / "mine.html"
    mine.write_text("my own notes\n")
    return {
        "a game log named notes.txt": (log, "is a game log"),
        "the record": (_record(tmp_path), "is part of your progress record"),
        "the record's pending answers, not yet made": (
            progress.path().with_name("progress-pending.jsonl"),
            "is part of your progress record",
        ),
        "the config file": (config, "is your config file"),
        "another program's database": (other, "is a database"),
        "a file of another kind": (mine, "what it holds would be lost"),
    }


@pytest.mark.parametrize("writer", list(WRITERS))
def test_no_writer_lands_on_what_the_player_owns_even_with_force(writer, tmp_path, monkeypatch, runner):
    game = new_game(runner, tmp_path / "game.dom")
    for what, (target, says) in _targets(tmp_path, monkeypatch, runner).items():
        if writer == "new" and says == "is a game log":
            continue  # a new log replaces a log with --force: the kind it writes
        before = target.read_bytes() if target.exists() else None
        args = [a.format(game=game, to=target) for a in WRITERS[writer]]
        refused(runner, target, *args, says=says)
        assert (target.read_bytes() if target.exists() else None) == before, what


def test_force_replaces_a_file_of_the_kind_being_written(tmp_path, runner):
    game = new_game(runner, tmp_path / "game.dom")
    page = tmp_path / "page.html"
    page.write_text("<!DOCTYPE html>\n<title>last week's review</title>\n")
    assert (
        run(runner, "review", game, "--html", page, "--force", "--samples", "5", "--no-hindsight").exit_code
        == 0
    )
    assert "last week" not in page.read_text()
    empty = tmp_path / "empty.html"
    empty.write_text("")  # nothing in it to lose
    assert run(runner, "progress", "--html", empty, "--force").exit_code == 0
    assert empty.read_text().lower().startswith("<!doctype html")


def test_the_kind_is_read_again_under_the_lock_just_before_the_write(tmp_path):
    """A page checked before the long work, that became a game log meanwhile, is kept."""
    from domino_advisor.cli import outputs

    page = tmp_path / "page.html"
    page.write_text("<!doctype html>\n")
    outputs.check(page, outputs.PAGE, force=True)
    page.write_text('[Players "me ana"]\nround 1\n')
    with pytest.raises(outputs.LogFileError, match="is a game log"):
        outputs.write(page, "<!doctype html>\n", outputs.PAGE, force=True)
    assert page.read_text() == '[Players "me ana"]\nround 1\n'


@pytest.mark.parametrize(
    "text, log",
    [
        ('# my game\n\n[Rules "classic"]\n', True),
        ("round 1\nme holds 6-6\n", True),
        ("ana plays 6-6  # a typo later does not matter\n", True),
        ("\ufeff\n  me passes\n", True),
        ("<!doctype html>\n", False),
        ("# only a comment\n", False),
        ("", False),
        ("roundabout 1\n", False),
        ("Dear ana, here is my draft of the rules\n", False),
    ],
)
def test_a_game_log_is_told_by_its_first_line_that_says_something(text, log):
    from domino_advisor.log.gamelog import looks_like_log

    assert looks_like_log(text) is log


def test_a_log_after_many_blank_lines_is_still_a_log(tmp_path, runner):
    """The red team's: 70,000 blank lines, then the log (status reads it): the writer
    looked at the first 64 kB only, found nothing, took it for an empty file."""
    game = new_game(runner, tmp_path / "game.dom")
    padded = tmp_path / "padded.dom"
    padded.write_text("\n" * 70_000 + game.read_text())
    assert run(runner, "status", padded).exit_code == 0
    refused(runner, padded, "progress", "--html", padded, "--force", says="is a game log")
    blank = tmp_path / "blank.html"
    blank.write_text(" \n" * 40_000)  # blanks only, however long: nothing to lose
    assert run(runner, "progress", "--html", blank, "--force").exit_code == 0


def test_what_is_not_a_file_is_refused_in_one_line(tmp_path, runner):
    (tmp_path / "folder").mkdir()
    (tmp_path / "afile").write_text("x")
    for target, says in [
        (tmp_path / "folder", "is a folder: name a file to write an HTML page into"),
        ("/dev/null", "is not a regular file but a device, a pipe or a terminal"),
        (tmp_path / "afile" / "page.html", "afile is a file, not a folder"),
    ]:
        for force in ([], ["--force"]):
            res = refused(runner, None, "progress", "--html", target, *force, says=says)
            assert len(res.output.strip().splitlines()) == 1, res.output


def test_a_file_name_shown_cannot_forge_a_line(tmp_path, runner):
    """A new line or a carriage return in a file's name is shown as its escape (0.9.0:
    'wrote d' then a line of the name's choosing; 'started ny.dom' for n\\ry.dom)."""
    res = run(runner, "demo", "--save", tmp_path / "d\n\x1b[31mred.dom")
    flat = res.output.replace("\n", "")  # the console wraps the long name where it likes
    assert res.exit_code == 0 and "\\x0a\\x1b[31mred.dom: the example game's log" in flat, res.output
    assert "\x1b" not in res.output
    hand = "6-6 5-5 4-4 3-3 2-2 1-1 0-0"
    res = run(runner, "new", tmp_path / "n\ry.dom", "--players", "me ana", "--hand", hand)
    assert res.exit_code == 0 and "n\\x0dy.dom" in res.output.replace("\n", ""), res.output


def test_new_force_starts_again_only_over_a_log_with_nothing_played(tmp_path, runner):
    """After a mistyped hand, 'new --force' starts the log again; over a game played in,
    it is refused (the red team's: the played events were gone, exit 0)."""
    hand = "6-6 6-3 5-2 3-1 0-0"
    log = new_game(runner, tmp_path / "n.dom", "me ana bob", "6-6 6-3 5-2 3-1 0-1")
    again = ["new", log, "--players", "me ana bob", "--hand", hand, "--force"]
    assert run(runner, *again).exit_code == 0 and "0-0" in log.read_text()
    assert run(runner, "log", "-q", log, "me plays 6-6").exit_code == 0
    refused(runner, log, *again, says="is a game log with events in it")
    assert "me plays 6-6" in log.read_text()


def _save_in_place_at_the_swap(monkeypatch, target, text: str) -> None:
    """Another program that takes no lock (cp, an editor saving in place) writes
    ``target`` at the very moment the writer swaps its new file in."""
    from domino_advisor.log import swap

    real, done = swap._exchange, []

    def exchange(a, b):
        if not done:
            done.append(True)
            with open(target, "r+") as f:
                f.write(text)
                f.truncate()
        return real(a, b)

    monkeypatch.setattr(swap, "_exchange", exchange)


def test_a_save_in_place_at_the_moment_of_the_write_is_kept(tmp_path, runner, monkeypatch):
    """The second red team's: a page checked under the lock, then a log copied into it
    (cp takes no lock) just before the rename, was lost, exit 0.  The old file is now
    swapped out, looked at, and swapped back if it changed."""
    game = new_game(runner, tmp_path / "game.dom")
    page = tmp_path / "page.html"
    page.write_text("<!doctype html>\n")
    _save_in_place_at_the_swap(monkeypatch, page, game.read_text())
    refused(runner, None, "progress", "--html", page, "--force", says="was changed by another program")
    assert page.read_text() == game.read_text()


def test_an_overwrite_says_where_a_late_outside_save_was_kept(tmp_path, runner, monkeypatch):
    """Where an overwrite (--force) sets another program's late save aside, as the log's
    writers do, the command says where it is kept."""
    from domino_advisor.log import swap

    page = tmp_path / "page.html"
    page.write_text("<!doctype html>\n")
    kept = tmp_path / "page.html.other-1"
    monkeypatch.setattr(swap, "replace_file", lambda *a, **k: kept)
    res = run(runner, "progress", "--html", page, "--force")
    assert res.exit_code == 0, res.output
    assert "page.html.other-1" in res.output


def test_a_log_saved_in_place_while_an_event_is_logged_keeps_both(tmp_path, runner, monkeypatch):
    game = new_game(runner, tmp_path / "game.dom")
    saved = game.read_text() + "# a note saved by an editor\n"
    _save_in_place_at_the_swap(monkeypatch, game, saved)
    assert run(runner, "log", "-q", game, "me plays 6-6").exit_code == 0
    assert game.read_text() == saved + "me plays 6-6\n"

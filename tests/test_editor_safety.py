"""``edit`` whatever the editor does (issue 26): an editor that removes its copy of the
log, leaves a folder, a link, a pipe or a huge file in its place, fails or is
interrupted gets one line, nothing saved, the log byte for byte as it was, and no copy
of the log left in the temporary folder (nor the editor's swap files beside it)."""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
import tempfile

import pytest

from clitools import process, refused, run


@pytest.fixture
def tmp(tmp_path, monkeypatch):
    """The temporary folder the edit's copy goes in, empty, for this test alone."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _editor(monkeypatch, script: str) -> None:
    """$EDITOR as a small shell script that gets the copy's name as $1."""
    monkeypatch.setenv("EDITOR", f"sh -c '{script}' sh")
    monkeypatch.delenv("VISUAL", raising=False)


@pytest.mark.parametrize(
    "script, says",
    [
        ('rm "$1"', "the editor removed the copy of the log"),
        ('rm "$1"; mkdir "$1"; touch "$1/x"', "the editor left a folder in place of the copy"),
        # a link is refused even to a log that would replay (0.9.0 read through it, saved it)
        ('cp "$1" "$1.real"; echo "ana draws 1" >> "$1.real"; rm "$1"; ln -s "$1.real" "$1"', "left a link"),
        ('yes "# a note" | head -c 1100000 >> "$1"', "the edited log is 1,10"),
        ("exit 3", "failed (exit code 3)"),
    ],
)
def test_what_the_editor_leaves_is_refused_in_one_line(runner, game, monkeypatch, tmp, script, says):
    before = game.read_bytes()
    _editor(monkeypatch, script)
    res = run(runner, "edit", game, input="a\n")
    assert res.exit_code == 2, res.output
    assert says in res.output and "nothing was saved, the log is as it was" in res.output, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output
    assert game.read_bytes() == before
    assert list(tmp.iterdir()) == []


def test_an_editor_stopped_by_ctrl_c_leaves_no_copy(runner, game, monkeypatch, tmp):
    """The editor backs the copy up beside it, then Ctrl-C stops it (0.9.0: exit 1 and
    the backup, a copy of the log, left in the temporary folder)."""
    before = game.read_bytes()
    # python, not sh, sends the signal: a shell started with SIGINT ignored (a test run in
    # the background of a shell without job control) cannot be stopped by one
    stop = "import os, signal as s; s.signal(s.SIGINT, s.SIG_DFL); os.kill(os.getpid(), s.SIGINT)"
    _editor(monkeypatch, f'cp "$1" "$1~"; exec {sys.executable} -c "{stop}"')
    res = run(runner, "edit", game)
    assert res.exit_code == 130 and "interrupted" in res.output, res.output
    assert game.read_bytes() == before and list(tmp.iterdir()) == []


def test_a_save_leaves_no_swap_file_behind(runner, game, monkeypatch, tmp):
    _editor(monkeypatch, 'echo swap > "$1.swp"; echo "ana draws 1" >> "$1"')
    res = run(runner, "edit", game)
    assert res.exit_code == 0 and "added: ana draws 1" in res.output, res.output
    assert list(tmp.iterdir()) == []


def test_an_editor_that_saves_by_renaming_is_read(runner, game, monkeypatch, tmp):
    """Editors that write a new file and rename it over the old one (vim, emacs) save."""
    _editor(monkeypatch, 'cp "$1" "$1.new"; echo "ana draws 1" >> "$1.new"; mv "$1.new" "$1"')
    res = run(runner, "edit", game)
    assert res.exit_code == 0 and "added: ana draws 1" in res.output, res.output


def test_a_folder_a_killed_edit_left_is_removed_by_the_next(runner, game, monkeypatch, tmp):
    gone = subprocess.Popen(["true"])
    gone.wait()  # a process id that no longer runs
    stale = tmp / f"domino-advisor-edit-{gone.pid}-abcd1234"
    stale.mkdir()
    (stale / "game.dom").write_bytes(game.read_bytes())
    alive = tmp / "domino-advisor-edit-1-abcd1234"  # process 1 runs: its edit may be open
    alive.mkdir()
    _editor(monkeypatch, "true")
    res = run(runner, "edit", game)
    assert res.exit_code == 0 and "no change" in res.output, res.output
    assert list(tmp.iterdir()) == [alive]


@pytest.mark.parametrize("pid", ["²", "١٢", "12345678901234567890", "99999999999", "0", "007", "-5", ""])
def test_a_folder_not_named_by_a_process_id_of_ours_is_left_alone(runner, game, monkeypatch, tmp, pid):
    """Issue 39 (R4): ``domino-advisor-edit-²-x`` in the shared temporary folder (²
    passes ``isdigit`` and fails ``int``), or a 20-digit number (too big for ``kill``),
    broke every user's edit.  Such a folder is not ours: the edit goes on, it stays."""
    theirs = tmp / f"domino-advisor-edit-{pid}-x"
    theirs.mkdir()
    (theirs / "notes").write_text("not ours")
    _editor(monkeypatch, "true")
    res = run(runner, "edit", game)
    assert res.exit_code == 0 and "no change" in res.output, res.output
    assert list(tmp.iterdir()) == [theirs] and (theirs / "notes").exists()


@pytest.mark.parametrize("where", ["folder", "copy"])
def test_a_full_temporary_folder_is_said_as_such(runner, game, monkeypatch, tmp, where):
    """Issue 39 (R9): with the temporary folder full, edit said "could not write the
    output" (exit 1).  Now: the editor's copy could not be made, and why; exit 2, the log
    as it was, nothing left behind.  The copy's own write goes to /dev/full (ENOSPC)."""
    real_open = os.open

    def full_folder(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def full_copy(path, flags, *args, **kwargs):
        if os.fspath(path).startswith(str(tmp)) and flags & os.O_CREAT:
            os.close(real_open(path, flags, *args, **kwargs))
            return real_open("/dev/full", os.O_WRONLY | os.O_CLOEXEC)
        return real_open(path, flags, *args, **kwargs)

    if where == "folder":
        monkeypatch.setattr(tempfile, "mkdtemp", full_folder)
    else:
        monkeypatch.setattr(os, "open", full_copy)
    _editor(monkeypatch, 'echo "ana draws 1" >> "$1"')
    before = game.read_bytes()
    res = run(runner, "edit", game)
    said = " ".join(res.output.split())
    assert res.exit_code == 2, res.output
    assert "the editor's copy of the log could not be made" in said, said
    assert "No space left on device: the disk or the temporary folder is full" in said, said
    assert "nothing was saved, the log is as it was" in said and "output" not in said, said
    assert game.read_bytes() == before and list(tmp.iterdir()) == []


# -- real processes: unbounded reads and signals -------------------------------------------
def _at_most_1_gb() -> None:
    """A safety limit: the edit reads at most the log's cap (1 MB); 0.9.0 grew without end."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.slow
@pytest.mark.parametrize(
    "script, says",
    [
        ('rm "$1"; ln -s /dev/zero "$1"', "left a link"),
        ('truncate -s 3G "$1"', "the edited log is 3,221,225,472 bytes"),
        ('rm "$1"; mkfifo "$1"', "left a pipe"),
    ],
)
def test_an_endless_or_huge_copy_is_refused_at_once(game, tmp_path, script, says):
    temp = tmp_path / "tmp"
    temp.mkdir()
    before = game.read_bytes()
    env = {"EDITOR": f"sh -c '{script}' sh", "VISUAL": "", "TMPDIR": str(temp)}
    res = process("edit", game, env=env, stdin=subprocess.DEVNULL, timeout=30, preexec_fn=_at_most_1_gb)
    assert res.returncode == 2, res.stderr
    assert says.encode() in res.stderr and b"Traceback" not in res.stderr
    assert game.read_bytes() == before and list(temp.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_an_edit_ended_by_a_signal_leaves_no_copy(game, tmp_path, signum):
    """The terminal is closed (SIGHUP) or the edit is told to end (SIGTERM) while the
    editor is open: the program ends by that signal, its copies removed first."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    before = game.read_bytes()
    script = f'cp "$1" "$1~"; kill -{signum.name.removeprefix("SIG")} $PPID; exec sleep 5'
    env = {"EDITOR": f"sh -c '{script}' sh", "VISUAL": "", "TMPDIR": str(temp)}
    res = process("edit", game, env=env, stdin=subprocess.DEVNULL, timeout=30)
    assert res.returncode == -signum, (res.returncode, res.stderr)
    assert game.read_bytes() == before and list(temp.iterdir()) == []


# -- what the editor may write: the rules `log` keeps --------------------------------------
def _saves(monkeypatch, change) -> None:
    """An editor in process whose save is ``change`` of the copy's text."""
    from domino_advisor.cli import editor

    def edit(data, extension=".dom", require_save=True, name="log"):
        return change(data.decode()).encode()

    monkeypatch.setattr(editor, "edit", edit)


@pytest.mark.parametrize(
    "change, line, shown",
    [
        # a live link in the terminal that shows the log (0.9.0 saved the ESC and BEL)
        (lambda t: t + "# \x1b]8;;http:x\x07hi\n", 7, "\\x1b]8;;http:x\\x07hi"),
        (lambda t: t.replace("me plays 6-6", "me plays 6-6 # \x1b[2J"), 6, "\\x1b[2J"),
        (lambda t: t + "ana draws 1\u202e\n", 7, "\\u202e"),
        (lambda t: t.replace('[Me "me"]', '[Me "me"]\x0c'), 3, "\\x0c"),
    ],
)
def test_a_line_the_editor_writes_holds_no_control_character(runner, game, monkeypatch, change, line, shown):
    """As `log` refuses a typed line that holds one: the loop's refusal, nothing saved."""
    before = game.read_bytes()
    _saves(monkeypatch, change)
    res = run(runner, "edit", game, input="a\n")
    assert res.exit_code == 2, res.output
    assert f"not saved: line {line}: " in res.output and "holds a control character" in res.output
    assert shown in res.output and "edit again or abandon?" in res.output, res.output
    assert "\x1b" not in res.output and "\x07" not in res.output
    assert game.read_bytes() == before


def test_the_editor_may_write_a_tab_and_keep_an_old_line_as_it_was(runner, game, monkeypatch):
    """A tab is text (`log` takes it too); a control character a log already held is
    left alone when other lines change, so an old log keeps being edited."""
    old = "# \x1b[1mwritten by 0.8\x1b[0m"
    game.write_text(game.read_text() + old + "\n")
    _saves(monkeypatch, lambda t: t + "ana draws 1\t# a tab\n")
    res = run(runner, "edit", game)
    assert res.exit_code == 0 and "added: ana draws 1" in res.output, res.output
    assert game.read_text().endswith(f"{old}\nana draws 1\t# a tab\n")


# -- no editor named ---------------------------------------------------------------------
def _no_editor_named(monkeypatch, terminal: bool) -> None:
    from domino_advisor.cli import editor

    monkeypatch.setenv("EDITOR", "")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setattr(editor, "_terminal", lambda: terminal, raising=False)


def test_no_editor_named_and_no_terminal_is_refused_at_once(runner, game, monkeypatch, tmp):
    """0.9.0 started sensible-editor (vi) with no terminal to show it, which waited forever."""
    _no_editor_named(monkeypatch, terminal=False)
    monkeypatch.setenv("PATH", str(tmp))  # had it been started, no fallback editor is found
    res = refused(runner, game, "edit", game, says="edit needs an editor: set EDITOR (or VISUAL)")
    assert "no terminal" in res.output and list(tmp.iterdir()) == []


def test_no_editor_named_on_a_terminal_opens_the_usual_one(monkeypatch):
    from domino_advisor.cli import editor

    _no_editor_named(monkeypatch, terminal=True)
    assert editor.command()[0] in ("sensible-editor", "vim", "nano", "vi")


@pytest.mark.slow
def test_no_editor_named_with_input_from_dev_null_does_not_wait(game, tmp_path):
    """The red team's case as a real process: EDITOR='' VISUAL='' ... </dev/null."""
    before = game.read_bytes()
    env = {"EDITOR": "", "VISUAL": "", "PATH": str(tmp_path)}  # no vi to wait in, had it been run
    res = process("edit", game, env=env, stdin=subprocess.DEVNULL, timeout=30)
    assert res.returncode == 2, res.stderr
    assert res.stderr.startswith(b"error: edit needs an editor") and res.stderr.count(b"\n") == 1, res.stderr
    assert game.read_bytes() == before

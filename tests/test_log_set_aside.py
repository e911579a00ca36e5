"""Another program's save that lands in the moment a write replaces the log (issue 39,
R1): it is put back in place as the log, or kept beside it under a name no later write
removes, whatever the folder already holds and whatever the file system can do.  The
moments are made by patching ``swap._exchange``, as in test_log_safety."""

from __future__ import annotations

import errno
import os
import stat
import threading
from pathlib import Path

from clitools import run

HANDLE = "# written through an open handle\n"


def _late_save_and_replacer(monkeypatch, swap, replace_after: bool = True, back_fails: bool = False):
    """At the first swap: a program holding the old file open writes into it, and (with
    ``replace_after``) a program that takes no lock puts a version built on ours in place
    (a note); with ``back_fails``, a swap back is refused by the system."""
    real = swap._exchange
    calls: list[str] = []

    def held_up(a, b):
        if calls and back_fails:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        swapped = real(a, b)
        if not calls:
            calls.append(str(a))
            with open(a, "a") as old:
                old.write(HANDLE)
            if replace_after:
                other = Path(b).with_name("replacer.tmp")
                other.write_text(Path(b).read_text() + "# the replacer's note\n")
                os.replace(other, b)
        return swapped

    monkeypatch.setattr(swap, "_exchange", held_up)
    return calls


def _hidden(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith("."))


def test_a_save_is_kept_past_other_999(runner, game, monkeypatch):
    """0.10.0 development: with game.dom.other-1 to -999 taken, the save stayed under its
    temporary name, which the next write removed (after the warning named it)."""
    from domino_advisor.log import swap

    for n in range(1, 1000):
        game.with_name(f"{game.name}.other-{n}").write_text("an older save\n")
    _late_save_and_replacer(monkeypatch, swap)
    res = run(runner, "log", game, "ana draws 1")
    assert res.exit_code == 0, res.output
    kept = game.with_name(game.name + ".other-1000")
    assert f"its version is kept as {kept}" in res.output, res.output
    monkeypatch.undo()
    assert run(runner, "log", "-q", game, "ana draws 1").exit_code == 0  # the next write's sweep
    assert kept.read_text().endswith("me plays 6-6\n" + HANDLE)
    assert _hidden(game.parent) == []


def test_a_save_is_kept_where_the_file_system_has_no_hard_links(runner, game, monkeypatch):
    """0.10.0 development: with ``os.link`` refused (FAT, some network file systems) the
    save stayed under its temporary name, and the next write removed it."""
    from domino_advisor.log import swap

    def no_links(src, dst, *args, **kwargs):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    _late_save_and_replacer(monkeypatch, swap)
    monkeypatch.setattr(os, "link", no_links)
    res = run(runner, "log", game, "ana draws 1")
    assert res.exit_code == 0, res.output
    kept = game.with_name(game.name + ".other-1")
    assert f"its version is kept as {kept}" in res.output, res.output
    monkeypatch.undo()
    assert run(runner, "log", "-q", game, "ana draws 1").exit_code == 0
    assert kept.read_text().endswith("me plays 6-6\n" + HANDLE)
    assert _hidden(game.parent) == []


def test_a_save_no_name_can_be_made_for_is_said_and_never_swept(runner, game, monkeypatch):
    """No name beside the log can be made at all (a full disk): the warning says so and
    where the save is, and no later write removes it."""
    from domino_advisor.log import swap

    real_open = os.open

    def full(src, dst, *args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def no_new_names(path, flags, *args, **kwargs):
        if ".other-" in os.fspath(path) and flags & os.O_CREAT:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_open(path, flags, *args, **kwargs)

    _late_save_and_replacer(monkeypatch, swap)
    monkeypatch.setattr(os, "link", full)
    monkeypatch.setattr(os, "open", no_new_names)
    res = run(runner, "log", game, "ana draws 1")
    assert res.exit_code == 0, res.output
    [left] = _hidden(game.parent)
    said = " ".join(res.output.split())
    assert f"its version is kept as {left} (read-only: no name like {game.name}.other-1 could be made" in said
    assert "No space left on device" in said
    monkeypatch.undo()
    assert run(runner, "log", "-q", game, "ana draws 1").exit_code == 0
    assert left.read_text().endswith("me plays 6-6\n" + HANDLE)
    assert not os.stat(left).st_mode & 0o222
    assert not list(game.parent.glob("*.other-*"))


def test_a_save_is_kept_when_the_swap_back_fails(runner, game, monkeypatch):
    """The save found, the swap back refused by the system: 0.10.0 development removed
    the save with the temporary file; now our change stands and the save is kept."""
    from domino_advisor.log import swap

    _late_save_and_replacer(monkeypatch, swap, replace_after=False, back_fails=True)
    res = run(runner, "log", game, "ana draws 1")
    assert res.exit_code == 0, res.output
    kept = game.with_name(game.name + ".other-1")
    assert f"its version is kept as {kept}" in res.output, res.output
    assert kept.read_text().endswith("me plays 6-6\n" + HANDLE)
    assert game.read_text().endswith("me plays 6-6\nana draws 1\n")
    assert _hidden(game.parent) == []


def test_a_second_writer_waits_for_the_look_and_nothing_is_set_aside(game, monkeypatch):
    """A writer of ours that comes just after a swap waits until the first has looked at
    the version it replaced, so an outside save found there is put back as the log
    (nothing of ours built on the swapped-in version is undone) and both changes are made
    on top of it: no ``FILE.other-N`` at all.  0.10.0 development let the second writer
    build on the first's version at once, and the save had to be kept aside."""
    from domino_advisor.log import edits, logfile, swap

    real = swap._exchange
    second: list[threading.Thread] = []

    def held_up(a, b):
        swapped = real(a, b)
        if not second:
            with open(a, "a") as old:
                old.write(HANDLE)
            t = threading.Thread(
                target=logfile.update, args=(game, lambda log: edits.append(log, ["ana draws 1"]).log)
            )
            second.append(t)
            t.start()
            t.join(0.3)  # a writer that may go ahead is done well within this
        return swapped

    monkeypatch.setattr(swap, "_exchange", held_up)
    logfile.update(game, lambda log: edits.append(log, ["ana draws 1"]).log)
    second[0].join(30)
    text = game.read_text()
    assert text.endswith("me plays 6-6\n" + HANDLE + "ana draws 1\nana draws 1\n"), text
    assert not list(game.parent.glob("*.other-*"))
    assert _hidden(game.parent) == []


def test_the_sweep_still_removes_a_killed_writers_temporary_file(runner, game):
    """Only a read-only one is kept: what a killed writer leaves (writable, as every
    write's temporary file is) still goes."""
    left = game.with_name(f".{game.name}.domino-advisor.abcd1234.tmp")
    left.write_text("left by a killed writer")
    kept = game.with_name(f".{game.name}.domino-advisor.efgh5678.tmp")
    kept.write_text("another program's save\n")
    os.chmod(kept, stat.S_IRUSR)
    assert run(runner, "log", "-q", game, "ana draws 1").exit_code == 0
    assert not left.exists() and kept.read_text() == "another program's save\n"

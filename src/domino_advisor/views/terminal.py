"""The consoles the commands print to: people's text shown as data, never as control.

Every console here has markup and emoji codes off, so ``[/x]`` or ``:smile:`` in a
name, a tag or a typed line prints as written instead of crashing or turning into a
link; and every segment it writes has its control characters shown as escapes, so
an escape sequence from a log line cannot clear the screen.  A terminal that cannot
show box drawing or ``±`` gets plain ASCII of the same width, and an output that
cannot be written (a full disk, a closed pipe) becomes one ``OutputError``.
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import sys
from typing import Any, TextIO, cast

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment

from domino_advisor.base.printable import printable

MIN_WIDTH, MAX_WIDTH = 20, 1000

# one character for one character, so tables keep their shape in ASCII
_ASCII = {
    "±": "+",
    "≈": "~",
    "·": ".",
    "…": ".",
    "—": "-",
    "–": "-",
    "×": "x",
    "→": ">",
    "✓": "v",
    "✗": "x",
    "•": "*",
    "’": "'",
    "“": '"',
    "”": '"',
    "█": "#",
}


def _ascii_fallback(e: UnicodeError) -> tuple[str, int]:
    if not isinstance(e, UnicodeEncodeError):
        raise e
    bad = e.object[e.start : e.end]
    return "".join(_ASCII.get(ch, "?") for ch in bad), e.end


codecs.register_error("domino-ascii", _ascii_fallback)


class OutputError(Exception):
    """Standard output or error could not be written (a full disk, a closed pipe)."""

    def __init__(self, error: OSError):
        super().__init__(error.strerror or str(error))
        self.error = error


class _Stream:
    """stdout or stderr as they are now (tests swap them), with write failures named."""

    def __init__(self, stderr: bool):
        self.stderr = stderr

    @property
    def target(self) -> TextIO:
        return sys.stderr if self.stderr else sys.stdout

    def write(self, text: str) -> int:
        try:
            return self.target.write(text)
        except OSError as e:
            raise OutputError(e) from None

    def flush(self) -> None:
        try:
            self.target.flush()
        except OSError as e:
            raise OutputError(e) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.target, name)


class _Data:
    """A renderable whose text segments have their control characters shown as escapes."""

    def __init__(self, inner: Any):
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for seg in console.render(self.inner, options):
            if seg.control or seg.text.isprintable():
                yield seg
            else:
                yield Segment(printable(seg.text, one_line=False), seg.style)


class SafeConsole(Console):
    """A rich console for people's text: no markup, no emoji codes, no terminal control."""

    def print(self, *objects: Any, **kwargs: Any) -> None:  # type: ignore[override]
        if len(objects) > 1 and all(isinstance(o, str) for o in objects):
            objects = (kwargs.pop("sep", " ").join(objects),)
        try:
            super().print(*(_Data(o) for o in objects), **kwargs)
        except OutputError:
            del self._buffer[:]  # rich keeps what it could not write: the next print is not to repeat it
            raise


def _environment() -> dict[str, str]:
    """The environment as rich should read it: COLUMNS and LINES only as sane plain
    numbers (rich would take ``0`` literally and fail on ``²``); otherwise left out, so
    rich asks the terminal."""
    env = dict(os.environ)
    for name, low in (("COLUMNS", MIN_WIDTH), ("LINES", 5)):
        value = env.pop(name, None)
        if value is not None and value.isascii() and value.isdigit() and int(value[:6]) > 0:
            env[name] = str(min(max(int(value[:6]), low), MAX_WIDTH))
    return env


def make_console(stderr: bool = False) -> SafeConsole:
    return SafeConsole(
        file=cast(TextIO, _Stream(stderr)),  # a stream by duck typing, as rich reads it
        markup=False,
        emoji=False,
        highlight=False,
        stderr=stderr,
        _environ=_environment(),
    )


def ascii_safe_streams() -> None:
    """Characters the output's encoding lacks print as their ASCII look-alikes, not a
    crash; typed bytes that are not text arrive as escapes to refuse, not a crash."""
    reconfigure = getattr(sys.stdin, "reconfigure", None)  # a replaced stdin may not have it
    if reconfigure is not None:
        try:
            reconfigure(errors="surrogateescape")
        except (ValueError, OSError):
            pass
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        reconfigure = getattr(stream, "reconfigure", None)
        if not encoding.startswith("utf") and reconfigure is not None:
            try:
                reconfigure(errors="domino-ascii")
            except (ValueError, OSError):
                pass


class _Closed(io.TextIOBase):
    """A standard output the program was started without (``>&-``; Python leaves None):
    every write fails as a closed descriptor does, so the one OutputError path says so."""

    def __init__(self, name: str):
        self.name = name

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, f"{self.name} is closed")

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, f"{self.name} is closed")


class _WholeWrites(io.FileIO):
    """Standard output written to its last byte or an error: Python takes a short write
    (a file size limit reached, ``ulimit -f``) as done, and the output would end cut
    short with exit code 0; here the next try says why it stopped (EFBIG)."""

    def write(self, data) -> int | None:  # type: ignore[override]
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            n = super().write(view[done:])
            if n is None:  # a non-blocking output that is full: the buffer keeps the rest
                return done or None
            if n == 0:
                raise OSError(errno.EIO, "the output took nothing")
            done += n
        return done


def _fill_closed_descriptors() -> None:
    """Descriptors 0 to 2 closed at start (``<&-``, ``>&-``) are taken by /dev/null opened
    to read: input ends at once, a write fails (EBADF), and no file the program opens
    (a log, the record) or editor it starts can get one of those numbers by chance."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                null = os.open(os.devnull, os.O_RDONLY)
            except OSError:
                return
            if null != fd:
                os.dup2(null, fd)
                os.close(null)


def standard_streams(program: bool) -> None:
    """The streams as the commands need them.  A closed standard input is the end of
    input; a closed standard output or error fails each write (a warning, or exit code 1,
    never a crash).  For the program itself, standard output is written whole or fails."""
    if program:
        _fill_closed_descriptors()
    if sys.stdin is None:
        sys.stdin = io.StringIO("")
    if sys.stdout is None:
        sys.stdout = _Closed("standard output")
    if sys.stderr is None:
        sys.stderr = _Closed("standard error")
    out = sys.stdout
    layers = (io.BufferedWriter, io.FileIO)
    if program and isinstance(out, io.TextIOWrapper) and isinstance(out.buffer, layers):
        try:
            out.flush()
            raw = _WholeWrites(out.fileno(), "w", closefd=False)
        except (OSError, ValueError):
            return
        unbuffered = isinstance(out.buffer, io.FileIO)  # python -u, PYTHONUNBUFFERED
        sys.stdout = io.TextIOWrapper(
            raw if unbuffered else io.BufferedWriter(raw),
            encoding=out.encoding,
            errors=out.errors,
            line_buffering=out.line_buffering,
            write_through=out.write_through,
        )


def echo(text: str) -> None:
    """Plain text to standard output (JSON for programs), a failed write named."""
    out = _Stream(False)
    out.write(text + "\n")
    out.flush()


def silence_stdout() -> None:
    """After a failed write, stop Python from failing again when it flushes at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def read_line(prompt: str, limit: int) -> str:
    """One typed line.  A terminal gets line editing; from a pipe at most ``limit + 1``
    characters are kept (the rest of a longer line is skipped), so an endless line
    cannot fill the memory.  End of input raises EOFError."""
    if sys.stdin.isatty():
        return input(prompt)
    out = _Stream(False)
    out.write(prompt)
    out.flush()
    line = sys.stdin.readline(limit + 1)
    if not line:
        raise EOFError
    if not line.endswith("\n"):
        rest = line
        while rest and not rest.endswith("\n"):
            rest = sys.stdin.readline(65536)
    return line.rstrip("\n")


def progress_bar(console: Console, *columns: Any, disable: bool = False) -> Any:
    """A rich progress bar whose descriptions are data: a file name such as
    ``[link=http:x]a.dom`` is shown as written, never read as markup (rich's own first
    column reads it as markup, whatever the console says), and its control characters
    as escapes.  ``columns`` after the description; rich's usual ones if none."""
    from rich.progress import BarColumn, Progress, ProgressColumn, TaskProgressColumn, TimeRemainingColumn
    from rich.text import Text

    class Description(ProgressColumn):
        def render(self, task: Any) -> Text:
            return Text(printable(str(task.description)), style="progress.description")

    shown = columns or (BarColumn(), TaskProgressColumn(), TimeRemainingColumn())
    return Progress(Description(), *shown, console=console, transient=True, disable=disable)

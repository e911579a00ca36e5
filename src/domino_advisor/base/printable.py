"""Text from a file or a person, made safe to show: data, never terminal control.

A log line or a typed name may hold an escape sequence (``\\x1b[2J`` clears the
screen), a bidirectional override that reorders what is shown, or a line separator
that text tools disagree about.  Shown as they are, they would act on the terminal
instead of being read; shown as escapes, the person sees exactly what is in the file.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Sequence

# Unicode categories that control instead of print: C0/C1 controls, format
# characters (bidi overrides, zero-width marks), line and paragraph separators, and
# the lone surrogates that stand for bytes that were not UTF-8 (in a file name).
_CONTROL = {"Cc", "Cf", "Zl", "Zp", "Cs"}
_KEEP = {"\n", "\t"}


def is_control(ch: str) -> bool:
    return ch not in _KEEP and unicodedata.category(ch) in _CONTROL


def not_text(text: str) -> bool:
    """Whether the text holds bytes that were not UTF-8 (decoded as lone surrogates)."""
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str, one_line: bool = True) -> str:
    """``text`` with every control character written as its escape (``\\x1b``), line
    breaks and tabs too (a name or a line shown must not forge another line);
    ``one_line=False`` keeps them, for output that is made of lines (the console's)."""
    if text.isprintable():  # the common case, at C speed
        return text
    return "".join(_escape(ch) if is_control(ch) or (one_line and ch in _KEEP) else ch for ch in text)


def name_of(path: str | os.PathLike[str]) -> str:
    """A file's name as a message shows it (control characters as escapes)."""
    return printable(str(path))


def excerpt(text: str, limit: int = 40) -> str:
    """The start of a long text, for quoting it in a message without repeating it all."""
    text = printable(text[: limit * 2])
    return text if len(text) <= limit else text[: limit - 1] + "…"


def message(text: str, limit: int = 600, word: int = 200) -> str:
    """A message for one line of a terminal: no control, no line break, not endless;
    a word longer than ``word`` (a pasted number, say) is quoted by its start."""
    text = _LONG.sub(lambda m: m.group()[: word - 1] + "…", text)
    text = printable(text[: limit * 4])
    return text if len(text) <= limit else text[: limit - 1] + "…"


_LONG = re.compile(r"[^\s']{200,}")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word as a player says it: '1 tile', '3 tiles' ('1 match', '2 matches')."""
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def describe_numbers(numbers: Sequence[object], last: str = "and") -> str:
    """``3 and 2``, ``3, 2 and 5``: how a player reads the ends (or names) aloud; ``last``
    joins the last two (``3 or 5``)."""
    words = [str(n) for n in numbers]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]

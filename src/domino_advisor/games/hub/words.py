"""The games' words' shape, where the games played off a middle double first had it
(``games.words`` is its home), and what the games played through their round alone say
alike at the table: a hand shown or counted and a count check, typed the same way, and a
turn's row that says nothing of the table (the status shows the trains, lines or ends)."""

from typing import Any

from domino_advisor.games.words import Counted, LessonTable, TableWords, Words, words_for, words_of

SHOWS = """  ana s 33 21     ana shows her hand        bob c 14     bob counts 14 pips
  ana =6          check: ana has 6 tiles in front of her
"""
STATUS = "the table again"  # what ``s`` shows


def table_unsaid(r: Any) -> str:
    """The turn's row says nothing of the table."""
    return ""


__all__ = [
    "SHOWS",
    "STATUS",
    "Counted",
    "LessonTable",
    "TableWords",
    "Words",
    "table_unsaid",
    "words_for",
    "words_of",
]

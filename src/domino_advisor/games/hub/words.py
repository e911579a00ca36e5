"""The games' words' shape, where the games played off a middle double first had it
(``games.words`` is its home)."""

from domino_advisor.games.words import Counted, LessonTable, Words, words_for, words_of

__all__ = ["Counted", "LessonTable", "Words", "words_for", "words_of"]

"""Tiddly-wink: the line game where any player who can match an end plays, in any order."""

"""Chicken Foot: its rules, rounds and matches (every double a foot of toes), built on
what the train games built: the tiles, events, the draw that says what a player lacks."""

"""Matador: the line of play whose ends take the tile that makes seven, and the matadors that go anywhere."""

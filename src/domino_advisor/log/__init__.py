"""The game log: its format, the file on disk, changes by event number, what to log next."""

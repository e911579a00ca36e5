"""The games: a log line as a value (events), the line games, and the games played off a middle double."""

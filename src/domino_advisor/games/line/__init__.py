"""The line games (draw, block, All Fives, spinners, partners): rules, the lead, the
table, scoring, a round, a match."""

"""Which move to make and why: the fast engine, bots, searches, match equity, calibration, the advisor."""

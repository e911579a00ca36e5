"""The work budgets and their defaults: how much the counting may do before it samples,
how many sampled worlds and how much work a piece of advice takes, and how much a
review spends on each decision.

Plain numbers with no imports, so the command line can show them as its options'
defaults without loading the advisor; the modules that do the work take them from here
(``advisor.DEFAULT_SAMPLES`` and the rest are the same numbers under their old names).
``inference`` loads the sampler only when a position passes the exact count's budget.
"""

from __future__ import annotations

EXACT_WORK = 15_000  # the exact count's budget (states times splits, about 1 us each)
RETRY_WORK = 40 * EXACT_WORK  # ... where the sampler did not mix (a few tenths of a second)
STEPS_PER_TILE = 1_000  # the sampler's chain steps per hidden tile to start with
MIN_STEPS = 100_000  # and at least this many (a tenth of a second)
MAX_STEPS = 600_000  # doubling while the stated error is above its target, up to this many
# Work, never the clock, decides every answer: none of these is a time, and a time limit
# applies only where the user asks for one (--time), so the same log gives the same
# answer on any machine under any load.
ADVICE_SAMPLES = 1000  # sampled worlds a candidate is played out in, at most, when the user names no number
ADVICE_WORK = 30_000  # ... and as many as this much work allows: 0.15 s of one core, 2026's machine (bench)
ADVICE_TURN_WORK = 2  # a turn played out costs what two positions searched do (measured: 30 us and 15 us)
ADVICE_SECONDS: float | None = None  # no time limit unless the user asks for one
EXACT_SEARCH = 500_000  # positions the exact endgame search may visit: memory under about 200 MB
# ... and the most tiles in the two hands it is begun with. Measured on double-six hands
# all known, each play's value for the round and for the match: 19 and 20 tiles needed
# 100,000 to 200,000 positions (2 to 4 s of CPU), 21 tiles up to 500,000 (5 to 9 s); of
# two 22-tile positions one needed 200,000 and the other outran the budget after 13 s,
# as 23 and 24 tiles did. Past 21 the search is not begun: its ten seconds and more
# would most often end in the rollouts anyway.
EXACT_MOST_TILES = 21
TRAIN_ADVICE_SAMPLES = 100  # Mexican Train and Chicken Foot: worlds every play is rolled out in
TRAIN_ADVICE_SECONDS: float | None = None
HINDSIGHT_SAMPLES = 40  # sampled deals for each choice of the replay (a fixed count: the same every time)

"""The work budgets and their defaults: how much the counting may do before it samples,
how many sampled worlds and how many seconds a piece of advice takes, and how much a
review spends on each decision.

Plain numbers with no imports, so the command line can show them as its options'
defaults without loading the advisor; the modules that do the work take them from here
(``advisor.DEFAULT_SAMPLES``, ``sampler.SECONDS`` and the rest are the same numbers
under their old names).  ``inference`` loads the sampler only when a position passes the
exact count's budget.
"""

from __future__ import annotations

EXACT_WORK = 15_000  # the exact count's budget (states times splits, about 1 us each)
RETRY_WORK = 40 * EXACT_WORK  # ... where the sampler did not mix (a few tenths of a second)
STEPS_PER_TILE = 1_000  # the sampler's chain steps per hidden tile to start with
MIN_STEPS = 100_000  # and at least this many (a tenth of a second)
MAX_STEPS = 600_000  # doubling while the stated error is above its target, up to this many
SAMPLER_SECONDS = 0.35  # ... and no more doubling once the chain has run this long
ADVICE_SAMPLES = 1000  # sampled worlds the advisor plays each candidate out in
ADVICE_SECONDS = 0.6  # leaves room for start-up and the log's replay within a second
TRAIN_ADVICE_SAMPLES = 100  # Mexican Train and Chicken Foot: a round is long to play out
TRAIN_ADVICE_SECONDS = 1.0
TRAIN_REVIEW_SAMPLES = 60  # worlds a decision when a Mexican Train game is reviewed
HINDSIGHT_SAMPLES = 40  # sampled deals for each choice of the replay (a fixed count: the same every time)
DRILL_SAMPLES = 150  # sampled deals for each decision when a game is reviewed for drills

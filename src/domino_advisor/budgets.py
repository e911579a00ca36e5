"""The work budgets and their defaults: how many sampled worlds and how many seconds a
piece of advice takes, and how much a review spends on each decision.

Plain numbers with no imports, so the command line can show them as its options'
defaults without loading the advisor; the modules that do the work take them from here
(``advisor.DEFAULT_SAMPLES`` and the rest are the same numbers under their old names).
"""

from __future__ import annotations

ADVICE_SAMPLES = 1000  # sampled worlds the advisor plays each candidate out in
ADVICE_SECONDS = 0.6  # leaves room for start-up and the log's replay within a second
TRAIN_ADVICE_SAMPLES = 100  # Mexican Train and Chicken Foot: a round is long to play out
TRAIN_ADVICE_SECONDS = 1.0
TRAIN_REVIEW_SAMPLES = 60  # worlds a decision when a Mexican Train game is reviewed
HINDSIGHT_SAMPLES = 40  # sampled deals for each choice of the replay (a fixed count: the same every time)
DRILL_SAMPLES = 150  # sampled deals for each decision when a game is reviewed for drills

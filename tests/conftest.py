import os
import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# Reproducible by default: hypothesis draws the same examples in every run, so a failure
# in CI replays anywhere.  HYPOTHESIS_PROFILE=explore draws new ones each run.
settings.register_profile("fixed", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))

"""Loaded at start-up by a test's subprocess (its folder first on PYTHONPATH): every clock
the program can read runs DOMINO_CLOCK_SCALE times as fast, so an answer that a clock
decides would change (tests/test_determinism.py)."""

import os
import time

_scale = float(os.environ.get("DOMINO_CLOCK_SCALE", "1"))


def _scaled(clock):
    start = clock()

    def read():
        return start + (clock() - start) * _scale

    return read


for _name in ("perf_counter", "monotonic", "time", "process_time", "thread_time"):
    setattr(time, _name, _scaled(getattr(time, _name)))
for _name in ("perf_counter_ns", "monotonic_ns", "time_ns", "process_time_ns"):
    _ns = getattr(time, _name)
    _start = _ns()
    setattr(time, _name, lambda _ns=_ns, _start=_start: int(_start + (_ns() - _start) * _scale))

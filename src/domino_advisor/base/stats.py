"""A mean over deals and its 95% interval: what a tournament's figures come with."""

from __future__ import annotations

import math


def half_width(values: list[float]) -> float | None:
    """Half-width of a 95% interval of the mean over deals; None from fewer than two."""
    n = len(values)
    if n < 2:
        return None
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return 1.96 * math.sqrt(var / n)

"""Why a reviewed game gave no drills, in the words of its review: what every measure
says alike (no choice to make, every decision agreed), the rest in the measure's words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domino_advisor.base.printable import plural


def why_no_drills(decisions: Sequence[Any], moves: str, others_said: Callable[[list[Any]], str]) -> str:
    """``moves``: what your moves are called ('moves', 'plays'); ``others_said``: why the
    decisions that did not agree are too little to drill, in the measure's words."""
    if not decisions:
        return f"none of your {moves} had a choice to make"
    agreed = sum(d.agreed for d in decisions)
    if agreed == len(decisions):
        which = "your one decision" if agreed == 1 else f"all {agreed} of your decisions"
        return f"{which} agreed with the advice, or {'was' if agreed == 1 else 'were'} about equal to it"
    said = others_said([d for d in decisions if not d.agreed])
    return f"{agreed} of {plural(len(decisions), 'decision')} agreed with the advice; the others {said}"

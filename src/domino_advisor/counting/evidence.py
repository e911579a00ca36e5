"""The evidence a round's public moves give about the hidden hands (docs/how-it-works.md).

Each opponent's hand is the dealt group plus one group per drawing turn; a pass or
a draw is a void on the numbers then showing, for the groups held at that moment.
The lead rule adds what the deal could not hold, split into disjoint cases where it
is a disjunction (``highest-double-any``).
"""

from __future__ import annotations

from domino_advisor.games.proof import (
    BONEYARD,
    LATER,
    Case,
    Evidence,
    Group,
    Proving,
    Void,
    bearing_mask,
    turns,
)

__all__ = ["BONEYARD", "LATER", "Case", "Evidence", "Group", "Void", "bearing_mask", "gather", "turns"]


def gather(view: Proving) -> Evidence:
    """What a seat's view says its round's moves prove (each game's view says: ``evidence``)."""
    return view.evidence()

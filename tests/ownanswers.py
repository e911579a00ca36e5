"""The right answer to each game's own question (``learning.gamequestions``), worked out
here from the round, the table's rules as RULES.md writes them and the exact inference,
not from the question's own marking: what a scripted learner answers in a lesson."""

from __future__ import annotations

import re
from typing import Any

from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.counting.inference import infer

MATADORS = {Tile(6, 1), Tile(5, 2), Tile(4, 3), Tile(0, 0)}  # RULES.md: Matador's wild tiles


def own_answer(prompt: str, r: Any, me: int = 0) -> str | None:
    """The answer to a game's own question, or None when the prompt asks another."""
    view = r.seat_view(me)
    inf = infer(view)
    asked = [s for s in view.opponents if view.counts[s]]
    if prompt.startswith("who certainly cannot play on their own train"):  # Mexican Train
        stuck = [s for s in asked if r.trains[s].end in inf.cannot_hold(s)]
    elif m := re.match(r"who certainly cannot play on ([\d·]+) now", prompt):  # the line games, Tiddly-wink
        ends = {int(x) for x in m.group(1).split("·")}
        stuck = [s for s in asked if ends <= set(inf.cannot_hold(s))]
    elif m := re.match(r"how many tiles that could go on (.+) have you not seen yet", prompt):
        place = m.group(1)
        if e := re.fullmatch(r"the (\d+) end", place):  # Matador: what makes seven, or a matador
            n = int(e.group(1))
            takes = [t for t in full_set(r.rules.top) if t in MATADORS or (n and t.bears(7 - n))]
        else:  # Chicken Foot: the head, or a double waiting for its toes
            number = r.engine.high if place == "the head" else int(place.split()[-1].split("-")[0])
            takes = [t for t in full_set(r.rules.top) if t.bears(number)]
        seen = set(view.hand) | set(r.table_tiles()) | {t for ts in view.shown.values() for t in ts}
        return str(sum(1 for t in takes if t not in seen))
    else:
        return None
    return " ".join(r.names[s] for s in stuck) or "-"

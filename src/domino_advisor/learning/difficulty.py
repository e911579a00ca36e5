"""How hard a counting question is, from the position it is asked in: a number anyone can
recompute, so a lesson can ask at your level and your level can be rated against it.

    difficulty = facts + back / 10 + in play / 10

- facts: how many events must be combined to answer: for what an opponent lacks, one per
  number lacked and one per draw or pass that proves one; for counting a number, one per
  tile bearing it that you have seen; for where a tile is, one per place and one per
  opponent its numbers rule out; for your move, one per tile you could play;
- back: how many moves ago the oldest of those proofs was made (a void proven at the
  start is harder to keep in mind than one proven just now);
- in play: how many tiles are unseen (every one is a possibility to rule out).

A first count of a fresh number early in a round is about 1 to 2; what three opponents
lack late in a long round, 6 to 10.  A game's own question counts its facts the same
way: who cannot follow, one per player asked of and one per number each must lack; what
can still go on a place, one per such tile seen.
"""

from __future__ import annotations

from typing import Any

from domino_advisor.base.tiles import full_set
from domino_advisor.counting.inference import Inference
from domino_advisor.games.proof import Known


def of_question(question: Any, view: Known, inf: Inference) -> float:
    """The difficulty of a counting question (``questions.Voids``, ``Count``, ``Where``;
    a game's own says its own, by the same measure: ``learning.gamequestions``)."""
    kind = question.kind
    history = view.history
    now = len(history)
    in_play = len(inf.unseen) / 10
    if kind == "voids":
        lacked = sorted(inf.cannot_hold(question.seat))
        proofs = [i for i, a in enumerate(history) if a.seat == question.seat and a.kind != "play"]
        back = now - proofs[0] if proofs else 0
        return len(lacked) + len(proofs) + back / 10 + in_play
    if kind == "count":
        n = question.number
        seen_table = [
            i for i, a in enumerate(history) if a.kind == "play" and a.tile is not None and a.tile.bears(n)
        ]
        bearing = [t for t in full_set(view.rules.top) if t.bears(n)]
        unseen = set(inf.unseen)
        seen = sum(1 for t in bearing if t not in unseen)
        back = now - seen_table[0] if seen_table else 0
        return seen + back / 10 + in_play
    if kind == "where":
        tile = question.tile
        ruling = [s for s in view.opponents if {tile.high, tile.low} & set(inf.cannot_hold(s))]
        places = len(view.opponents) + 1
        proofs = [i for i, a in enumerate(history) if a.seat in ruling and a.kind != "play"]
        back = now - proofs[0] if proofs else 0
        return places + len(ruling) + back / 10 + in_play
    return float(question.difficulty(view, inf))  # a game's own, by the same measure


def of_move(plays: int, view: Known) -> float:
    """Your move: one fact per tile you could play, and the tiles in play."""
    seen = set(view.table) | set(view.hand) | {t for ts in view.shown.values() for t in ts}
    return plays + (len(full_set(view.rules.top)) - len(seen)) / 10

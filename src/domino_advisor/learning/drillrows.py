"""A drill as the learner's record keeps it, checked against the game kept with it.

The record is a file anyone may edit (or another version write): a row whose cost is
not a chance, whose event its game does not have, or whose subject is no opponent in
that game cannot be asked, so ``Record.due`` leaves it out and counts it, as it counts
damaged answers, rather than let a lesson crash on it.  The replay up to a drill's turn
is here, so the check and the lesson (``drills.moment``) see the same position.
"""

from __future__ import annotations

import math
from typing import Any

from domino_advisor.base.errors import DominoError
from domino_advisor.log import gamelog
from domino_advisor.log.gamelog import GameLog
from domino_advisor.log.logfile import MAX_BYTES

KINDS = ("voids", "count", "move")


def replayed(log: GameLog, event: int) -> tuple[Any, list[str]]:
    """The match replayed up to (not including) event number ``event``, and the round's
    events so far, as logged."""
    numbered = log.numbered_events()
    if not 1 <= event <= len(numbered):
        raise ValueError(f"the log has no event {event}")
    match: Any = log.new_match()
    shown: list[str] = []
    for line, e in numbered[: event - 1]:
        before = match.round
        match.apply(e, line)
        shown = [] if match.round is not before else shown
        shown.append(str(e))
    return match, shown


def fits(
    name: object, text: object, event: object, kind: object, about: object, cost: object, rights: object
) -> bool:
    """Whether a drill row can be asked: each field of the type a review writes (its cost
    in its game's measure: a share of your chance, or pips), the log of a game whose logs
    give drills that replays to the drill's event, a play of yours there that the review
    judges, and the drill's subject in that position (an opponent for voids, a number of
    the set for a count, a tile to play for the move)."""
    if not (isinstance(name, str) and isinstance(text, str) and isinstance(about, str) and kind in KINDS):
        return False
    if len(text) > MAX_BYTES:  # no log is this long: not read
        return False
    if not (_whole(event) and _whole(rights) and rights >= 0):  # type: ignore[operator]
        return False
    if isinstance(cost, bool) or not isinstance(cost, (int, float)) or not math.isfinite(cost) or cost < 0:
        return False
    try:
        log = gamelog.loads(text)
        if "drills" not in log.game.options:  # the games whose logs give drills
            return False
        from domino_advisor.games.registry import part
        from domino_advisor.learning.hindsight import measure_of

        judging = part(log.game, "judging")
        if cost > measure_of(judging).MOST_COST:
            return False
        match, _ = replayed(log, event)  # type: ignore[arg-type]
        me = match.viewer
        r = None if match.round is None or match.round.over else match.round.for_next(me)
        if r is None or not judging.judged(r, me) or not r.may_play(me):
            return False
        view = r.seat_view(me)
    except (DominoError, ValueError):
        return False
    if kind == "voids":
        return about in view.names and view.names.index(about) != me
    if kind == "count":
        return about.isascii() and about.isdigit() and len(about) <= 3 and int(about) <= log.top
    return bool(r.plays(me))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)

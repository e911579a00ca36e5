"""After the game, for every game: your decisions beside the advisor's, and when each
fact about the hidden hands became certain.

The log is replayed event by event from your seat.  At each of your plays with a real
choice the advisor weighs the plays from what you knew then (never from what came later),
as it did at the table: its worlds and seed by default, so a player who followed the
advice is told so.  What a decision cost is told in the measure the game is won by
(``learning.chancereview``: the chance of winning the round or the match given up;
``learning.pipsreview``: the pips given up).  What the game's part says is noted as the
review goes (its judging part, ``Parts.judging``): which plays are judged, what became
certain (the counting after each move, or what each opponent lacks, found after every
event by a matching: quick at eight players), the doubles you held.  Nothing here asks
which game it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.advise import Options, advise
from domino_advisor.base.budgets import HINDSIGHT_SAMPLES
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.inference import certain_lacks, infer
from domino_advisor.games.events import Event, Play
from domino_advisor.learning.hindsight import hindsight as replay_rounds
from domino_advisor.learning.hindsight import judged_by, style_of
from domino_advisor.log.gamelog import GameLog

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.games.proof import Known


def review(
    log: GameLog,
    samples: int | None = None,
    seed: int = 0,
    on_step: Callable[..., None] | None = None,  # (events done, events)
    reads: bool = True,
) -> Any:
    """Replay the log and judge each of your decisions from what you knew then, as the
    advice judged it at the table: ``samples`` None and ``seed`` 0 are the advice's
    defaults (its budget of work, the same worlds), so a player who followed the advice
    is told so; with soft reads where the game has a style shipped, unless ``reads`` is
    off.  The review is the measure's (``chancereview.Review``, ``pipsreview.HubReview``)."""
    judging, measure = judged_by(log.game)
    style = style_of(log, reads)
    log.replay()  # a log the rules refuse is reported as such, before any work
    match: Any = log.new_match()
    me = match.viewer
    out = measure.new_review(log, judging, samples, seed, reads)
    counted = judging.certainties == "counted"
    known: dict[int, frozenset[int]] = {}  # this round: what each opponent was certain to lack
    certain: set[tuple[Tile, int | None]] = set()  # ... and each tile's place certain
    chances: dict[str, list[int]] = {}  # a double -> [turns it could have been played, round]
    numbered = log.numbered_events()
    numbers = log.event_numbers()
    rounds = 0
    for k, (line, event) in enumerate(numbered, 1):
        r = match.round
        if (
            isinstance(event, Play)
            and event.player == log.me
            and r is not None
            and match.pending is None
            and not r.over
        ):
            turn = r.for_next(me)  # Mexican Train: your play ended the chain of the player before you
            if judging.judged(turn, me):
                if turn.may_play(me) and len(turn.alike(judging.plays(turn, me))[0]) >= 2:
                    options = Options(samples=samples, seed=seed, seconds=None, style=style)
                    decision = measure.decision(turn, me, event, advise(turn, me, options), judging)
                    decision.line, decision.event = line, k
                    out.decisions.append(decision)
                if judging.doubles_held:
                    for t in turn.hands[me]:
                        if t.is_double and turn.fits(me, t) and t != event.tile:
                            chances.setdefault(str(t), [0, turn.number])[0] += 1
        match.apply(event, line)
        if len(match.rounds) != rounds:  # a new round: nothing is certain yet, no double held
            rounds = len(match.rounds)
            known, certain, chances = {}, set(), {}
        r = match.round
        if on_step:
            on_step(k, len(numbered))
        if r is None or match.pending is not None or r.dealt[me] is None:
            continue
        moved = bool(r.history and r.history[-1].line == line) or isinstance(event, Play)
        if moved or not counted:
            _notice(out, measure, r, me, k, line, event, counted, known, certain, numbers)
        if judging.doubles_held and r.over:
            out.doubles += _held(r, me, chances)
    measure.finish(out, match)
    return out


def _notice(
    out: Any,
    measure: Any,
    r: Any,
    me: int,
    number: int,
    line: int,
    event: Event,
    counted: bool,
    known: dict[int, frozenset[int]],
    certain: set[tuple[Tile, int | None]],
    numbers: dict[int, int],
) -> None:
    """Note what this event made certain: numbers an opponent lacks for the first time
    this round (counted: since it was last certain), and where counted, tiles placed."""
    view: Known = r.seat_view(me)
    placed: list[tuple[Tile, int | None]] = []
    if counted:  # the counting: what each lacks, and each tile whose place is certain
        inf = infer(view)
        lacks = {s: frozenset(inf.cannot_hold(s)) for s in view.opponents if r.counts[s]}
        placed = [(t, loc) for t in inf.unseen for loc, p in inf.probability[t].items() if p == 1]
    else:  # a matching: no count or chain, so it may be asked after every event
        found = certain_lacks(view)
        lacks = {s: frozenset(found[s]) for s in view.opponents if r.counts[s]}
    for s, numbers_lacked in lacks.items():
        new = sorted(numbers_lacked - known.get(s, frozenset()))
        known[s] = numbers_lacked if counted else known.get(s, frozenset()) | numbers_lacked
        if new:
            out.insights.append(measure.lacks_insight(r, number, line, event, view, s, new, numbers))
    for t, loc in placed:
        if (t, loc) not in certain:
            certain.add((t, loc))
            out.insights.append(measure.tile_insight(r, number, line, event, t, loc))


def _held(r: Any, me: int, chances: dict[str, list[int]]) -> list[str]:
    """The doubles left in your hand at the round's end that you held through turns they
    could have been played on."""
    out = []
    for t in r.hands[me]:
        if t.is_double and str(t) in chances:
            n, rnd = chances.pop(str(t))
            out.append(
                f"round {rnd}: you held {t} through {n} turn{'s' if n != 1 else ''} "
                f"when it could be played, and it was left in your hand "
                f"({t.pips} pips)"
            )
    return out


def review_data(
    log: GameLog,
    samples: int | None,
    seed: int,
    step: Callable[[str, int, int], None],
    reads: bool,
    hindsight: bool,
) -> shapes.ReviewJson | shapes.HubReviewJson:
    """The review's data (``review --json``, every game's ``Parts.review``): each decision,
    then each finished round in hindsight where asked; ``step(task, done, total)`` as the
    work goes."""
    step("reviewing", 0, len(log.events))
    result = review(
        log,
        samples,
        seed,
        on_step=lambda done, total: step("reviewing", done, len(log.events)),
        reads=reads,
    )
    data: Any = result.as_dict()
    if hindsight:
        played: Any = log.replay()
        rounds = len(played.rounds)
        step("hindsight", 0, rounds)
        replayed = replay_rounds(
            log, HINDSIGHT_SAMPLES, seed, on_step=lambda done, total: step("hindsight", done, rounds)
        )
        data["hindsight"] = [h.as_dict() for h in replayed]
    return data

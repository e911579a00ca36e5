"""The advice's measure for the games won by the round or the match (``measure =
"chance"``): each play's chance of winning the round, and the match's where one is
played for, over the same worlds; solved exactly when nothing hidden matters (the game's
exact solver: two players, nothing to draw, every hidden tile's place certain); ranked by
the match where it is played for, by points ahead in a race for points, else by the
round; the chances shown corrected by the map fitted for the rules, where one is shipped
(advice.calibration)."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.calibration import calibration_for, shown
from domino_advisor.advice.candidate import (
    EQUAL_BAND,
    MATCH,
    POINTS,
    ROUND,
    Candidate,
    gap_known,
    paired_gap,
)
from domino_advisor.advice.setting import Rollout
from domino_advisor.advice.worlds import Budget, weigh
from domino_advisor.base.budgets import ADVICE_SAMPLES, ADVICE_WORK, EXACT_SEARCH
from domino_advisor.counting.inference import infer
from domino_advisor.counting.position import _num
from domino_advisor.counting.reads import Reads
from domino_advisor.games.registry import game_for, part

if TYPE_CHECKING:
    from domino_advisor.advice.asking import Advice, Turn
    from domino_advisor.base import shapes

DEFAULT_SAMPLES = ADVICE_SAMPLES  # budgets: the command line shows them without importing this module
DEFAULT_WORK = ADVICE_WORK
EXACT_RATE = 50_000  # positions the exact search visits a second (measured on 2 cores, with room)
EXACT_MIN = 5_000  # ... always allowed under a time limit: a double-six endgame needs far fewer
EXACT_MAX = EXACT_SEARCH  # positions the exact search may visit (budgets)
MOST_PASSES = 100_000  # passes down a tree at most, whatever the work left (a safety limit)


def weigh_moves(advice: Advice, turn: Turn) -> None:
    """Rank the seat's moves by the estimated chance of winning the match (or, in a
    single round, with no table for the rules, or with ``objective="round"``, the round)."""
    r, seat, options, judging, start = turn.r, turn.seat, turn.options, turn.judging, turn.start
    plays, inference = turn.plays, turn.inference
    work = DEFAULT_WORK if options.samples is None else None
    samples = DEFAULT_SAMPLES if options.samples is None else options.samples
    moves = _candidates(r, seat, plays, judging)
    rng = random.Random(options.seed)
    inf = None
    if not options.omniscient:
        inf = inference or infer(r.seat_view(seat))
    st = judging.stakes(r, seat) if options.objective == "match" else None
    budget = Budget(samples, work, options.seconds, start, _exact_budget(options.seconds, start))
    policy = judging.policy if options.policy is None else options.policy
    setting = Rollout(
        r,
        seat,
        inf,
        policy,
        st,
        budget,
        solve_drawing=judging.solve_drawing if options.solve_drawing is None else options.solve_drawing,
        solve_below=judging.solve_below if options.solve_below is None else options.solve_below,
        fuse=options.fuse,
    )
    hands = judging.hands_to_solve(r, seat, inf)  # the exact search is begun (a time limit may cut it)
    exact = advice.action == "play" and hands is not None and _solved(setting, judging, hands, moves)
    cut = False
    work_done = 0
    if not exact:
        if options.style is not None and inf is not None:
            setting = replace(setting, reads=Reads(inf.view, options.style))
        if options.search == "tree" and _tree_fits(setting, advice.action, moves, judging.points_scored(r)):
            cut, work_done = _search_tree(setting, judging, moves, rng, options.explore)
        else:
            cut, work_done = rollouts(setting, judging, moves, rng)
    points = judging.points_scored(r)
    _rank(turn, moves, st, exact, points)
    _mark_about_equal(moves, MATCH if st is not None else POINTS if points and not exact else ROUND)
    if options.reasons and inf is not None and advice.action == "play":
        for c in moves:
            c.reasons = judging.explain(r, seat, c, inf, len(moves) == 1)
    cal = calibration_for(r.rules, len(r.names))
    for c in moves:
        c.chance, c.chance_margin = shown(c.win, c.margin, c.exact, cal)
        if c.goes_out:  # the round is won once it is laid: certain, no interval
            c.chance, c.chance_margin = 1.0, 0.0
        if st is not None:
            _, c.match_chance_margin = shown(c.match, c.match_margin, c.exact, cal)
    advice.moves = moves
    advice.samples = max(c.tally.played for c in moves) if not exact else 0
    advice.exact = exact
    advice.all_fives = points
    advice.stakes = st
    advice.calibration = cal
    advice.partner = judging.partner(r, seat)
    advice.asked = samples
    advice.cut = cut or (not exact and budget.positions < EXACT_MAX and hands is not None)
    advice.work = work_done
    advice.work_budget = work
    best = moves[0]
    if advice.action == "play" and best.tile is not None:
        advice.first = r.play_event(seat, best.tile, best.on)


def candidates(r: Any, seat: int) -> list[Candidate]:
    """Every legal play the advice weighs for the seat (alike ends offered once)."""
    judging = part(game_for(r.rules.name), "judging")
    return _candidates(r, seat, judging.plays(r, seat), judging)


def _candidates(r: Any, seat: int, plays: list[tuple[Any, Any]], judging: Any) -> list[Candidate]:
    """Every legal play for the seat from its own hand (alike ends offered once); a draw
    or a pass where none plays."""
    if not plays:
        return [Candidate(None, None, None)]
    out = []
    for tile, place in plays:
        side, number = judging.joins(r, seat, tile, place)
        out.append(Candidate(tile, side, place, number, goes_out=judging.goes_out(r, seat, place)))
    return out


def _rank(turn: Turn, moves: list[Candidate], st: Any, exact: bool, points: bool) -> None:
    """Best first: by the match where it is played for (a move that wins it now before
    any other), by points ahead in a race for points' rollouts, else by the round."""
    if st is not None:
        for c in moves:
            c.ends_match = turn.judging.wins_at_once(turn.r, turn.seat, c.tile, c.side, st)
        moves.sort(key=lambda c: (not c.ends_match, -c.match, -c.value))
    elif points and not exact:
        moves.sort(key=lambda c: (-c.points, -c.value))  # All Fives is a race for points
    else:
        moves.sort(key=lambda c: -c.value)


def _mark_about_equal(moves: list[Candidate], key: int) -> None:
    """Which moves the worlds cannot tell from the first: behind it by two paired standard
    errors or less on what the ranking weighs (a solved move: by nothing).  The review
    counts such a move as agreeing with the advice."""
    best = moves[0]
    for c in moves[1:]:
        if c.ends_match != best.ends_match:  # winning the match now is not noise
            continue
        if not gap_known(best, c):
            continue  # one sampled deal gives a difference, not its error: nothing is "about equal"
        gap, error = paired_gap(best.tally, c.tally, key)
        c.about_equal = gap <= EQUAL_BAND * error


def _exact_budget(seconds: float | None, start: float) -> int:
    """How many positions the exact search may visit: what fits in half the time left (at
    the rate measured on the 2-core machine; the sampled deals get the rest if it runs
    out), and never more than memory allows."""
    if seconds is None:
        return EXACT_MAX
    left = max(0.0, seconds - (time.perf_counter() - start))
    return max(EXACT_MIN, min(EXACT_MAX, int(left / 2 * EXACT_RATE)))


def _solved(ro: Rollout, judging: Any, hands: list, moves: list[Candidate]) -> bool:
    """Solve the round when nothing is hidden that matters; unless the search would
    outrun its budget of positions (then the worlds are sampled and played out as usual)."""
    values = judging.solve(ro, hands, [(c.tile, c.side) for c in moves], ro.budget.positions)
    if values is None:
        return False
    for c, (value, match) in zip(moves, values, strict=True):
        c.tally.count(1.0, value, match)
        c.exact = True
    return True


def rollouts(ro: Rollout, judging: Any, moves: list[Candidate], rng: random.Random) -> tuple[bool, int]:
    """Every candidate played out (or solved) in as many worlds as the budget allows, by the
    worlds search (``advice.worlds``) over the game's rollouts; each candidate's tally
    counts its outcome in every world.  True if the user's time limit stopped it first,
    and the work done."""
    game = judging.rollouts(ro, [(c.tile, c.side) for c in moves])
    weighing = weigh(game, ro.budget, rng)
    worlds = weighing.worlds
    fused = game.fused(weighing.dealt, [w for w, _ in worlds])  # αμ, where asked (ro.fuse) and it applies
    if fused is not None:
        worlds = fused
    for w, outcomes in worlds:
        for c, o in zip(moves, outcomes, strict=True):
            c.tally.count(w, o.round_value, o.match)
            if o.points is not None:
                c.tally.score(w, *o.points)
    return weighing.cut, weighing.work


def _tree_fits(ro: Rollout, action: str, moves: list[Candidate], points: bool) -> bool:
    """The tree searches a choice of plays from what the seat knows; a race for points
    (All Fives), a forced turn and the omniscient ceiling keep the worlds."""
    return action == "play" and len(moves) > 1 and ro.inf is not None and not points


def _search_tree(
    ro: Rollout, judging: Any, moves: list[Candidate], rng: random.Random, explore: float | None
) -> tuple[bool, int]:
    """The candidates searched by one tree over the seat's information (the game's own
    search, ``games.line.tree``), each pass counted under its candidate; True if the
    user's time limit stopped it first, and the work done."""
    budget = ro.budget
    timed_out = [False]

    def allows(passes: int, work: int) -> bool:
        if budget.out_of_time(passes):
            timed_out[0] = True
            return False
        if budget.work is not None:  # the table's budget: work decides how many passes
            return work < budget.work and passes < MOST_PASSES
        return passes < budget.samples

    def record(i: int, round_value: int, match: float) -> None:
        moves[i].tally.count(1.0, round_value, match)

    work = judging.search_tree(ro, [(c.tile, c.side) for c in moves], rng, explore, allows, record)
    return timed_out[0], work


def as_dict(advice: Advice) -> shapes.AdviceJson:
    """``advise --json`` (docs/json.md: advise)."""
    moves: list[shapes.AdviceMoveJson] = []
    for c in advice.moves:
        if c.tile is None:
            continue
        moves.append(
            {
                "tile": str(c.tile),
                "on": c.number,
                "win": _num(c.chance),
                "margin": _num(c.chance_margin),
                "rollout_win": _num(c.win),
                "exact": c.exact,
                "about_equal": c.about_equal,
                "goes_out": c.goes_out,
                "reasons": c.reasons,
            }
        )
        if isinstance(c.on, str):  # two ends show the number and the choice matters
            moves[-1]["side"] = c.on
        if advice.all_fives and not c.exact:
            moves[-1]["points_ahead"] = _num(c.points)
        if advice.stakes is not None:
            moves[-1]["match"] = _num(c.match)
            moves[-1]["match_margin"] = _num(c.match_chance_margin)
    best = advice.moves[0]
    out: shapes.AdviceJson = {
        "to_move": advice.name,
        "action": advice.action,
        "moves": moves,
        "win": _num(best.chance),
        "margin": _num(best.chance_margin),
        "rollout_win": _num(best.win),
        "calibration": None if advice.calibration is None else advice.calibration.key,
        "samples": advice.samples,
        "samples_asked": advice.asked,
        "work": advice.work,
        "work_budget": advice.work_budget,
        "cut_short": advice.cut,
        "seconds": round(advice.seconds, 3),
        "exact": advice.exact,
    }
    if advice.partner is not None:
        out["partner"] = advice.partner
    st = advice.stakes
    if st is not None:
        out["match"] = _num(best.match)
        out["match_margin"] = _num(best.match_chance_margin)
        out["stakes"] = {
            "target": st.target,
            "scores": list(st.before),
            "side": st.me,
            "table": None if st.table is None else st.table.key,
            "approximate": st.approximate,
        }
        if st.rounds_left is not None:
            out["stakes"]["rounds_left"] = st.rounds_left
        if any(st.banked):
            out["stakes"]["banked"] = list(st.banked)
    return out

"""Which move to make, and why (docs/how-it-works.md: how the advice works).

The candidates are weighed in sampled worlds (``advice.worlds``; or, asked for, by one
tree over what the seat knows, ``advice.tree``).  When every hidden tile's place is
certain and nothing can be drawn, the round is solved exactly instead.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from domino_advisor.advice import tree
from domino_advisor.advice.calibration import Calibration, calibration_for, shown
from domino_advisor.advice.candidate import (
    EQUAL_BAND,
    MATCH,
    POINTS,
    ROUND,
    Candidate,
    gap_known,
    paired_gap,
)
from domino_advisor.advice.reasons import explain
from domino_advisor.advice.setting import Rollout
from domino_advisor.advice.worlds import Budget, weigh
from domino_advisor.base.budgets import (
    ADVICE_SAMPLES,
    ADVICE_SECONDS,
    ADVICE_WORK,
    EXACT_MOST_TILES,
    EXACT_SEARCH,
)
from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile, sort_tiles
from domino_advisor.counting.inference import Inference, infer
from domino_advisor.counting.reads import Reads, Style
from domino_advisor.games.events import Draw, Move, Pass, Play
from domino_advisor.games.line import lead
from domino_advisor.games.line.bots import reader
from domino_advisor.games.line.engine import Policy, from_round
from domino_advisor.games.line.rollout import SOLVE_BELOW, SOLVE_DRAWING, LineRollouts, apply_candidate
from domino_advisor.games.line.scoring import fives_points
from domino_advisor.games.line.search import SearchTooBig, solve, solve_value
from domino_advisor.games.line.stakes import Stakes, stakes
from domino_advisor.games.line.state import Round

DEFAULT_SAMPLES = ADVICE_SAMPLES  # budgets: the command line shows them without importing this module
DEFAULT_WORK = ADVICE_WORK
DEFAULT_SECONDS = ADVICE_SECONDS
EXACT_RATE = 50_000  # positions the exact search visits a second (measured on 2 cores, with room)
EXACT_MIN = 5_000  # ... always allowed under a time limit: a double-six endgame needs far fewer
EXACT_MAX = EXACT_SEARCH  # positions the exact search may visit (budgets)


@dataclass
class Advice:
    seat: int
    name: str
    action: str  # play, draw or pass
    moves: list[Candidate]
    samples: int
    seconds: float
    exact: bool
    all_fives: bool = False
    stakes: Stakes | None = None  # the match the round is part of, when advice plays for it
    calibration: Calibration | None = None  # the map the round chances were corrected with
    partner: str | None = None  # with partners: the chances are your team's
    asked: int = 0  # the worlds asked for
    cut: bool = False  # a time limit the user set stopped the work before it was done
    work: int = 0  # positions searched and turns played out in the worlds
    work_budget: int | None = None  # the work allowed (None: the worlds asked for, whatever they cost)

    def event(self) -> Move:
        best = self.moves[0]
        if self.action == "play" and best.tile is not None:
            return Play(self.name, best.tile, best.on)
        if self.action == "draw":
            return Draw(self.name, 1)
        return Pass(self.name)


def candidates(r: Round, seat: int) -> list[Candidate]:
    """Every legal play for the seat from its own hand; alike ends are offered once."""
    hand = r.hand_of(seat)
    if r.layout.is_empty:  # the openings your own hand allows (the others' are hidden)
        own: list[set[Tile] | None] = [hand if s == seat else None for s in range(r.match.seats)]
        return [
            Candidate(t, None, None) for s, t in lead.openings(r.rules, r.opening, own, seat) if s == seat
        ]
    out = []
    for t in sort_tiles(hand):
        for e, on in r.layout.choices(t, r.rules.all_fives):
            out.append(Candidate(t, e.side, on, e.number, goes_out=len(hand) == 1))
    return out


@dataclass(frozen=True)
class AdviceOptions:
    """How ``advise`` weighs the moves.  The defaults are the advice the table gives: work
    decides the answer (``samples`` None: as many worlds as ``DEFAULT_WORK`` allows, at
    most ``DEFAULT_SAMPLES``; base.budgets) and the exact search runs to its budget of
    positions, with no clock, for the match where one is played."""

    samples: int | None = None  # the worlds to play out; None: the default budget of work
    seed: int = 0  # the same seed gives the same advice on any machine
    seconds: float | None = None  # a clock limit, only where the user asks (the advice says if it cut)
    objective: str = "match"  # "round": ranked by the round even where a match is played
    style: Style | None = None  # soft reads: worlds weighted by how likely the others' plays were
    reasons: bool = True  # say why, in words
    omniscient: bool = False  # every hand seen: the ceiling simulate measures
    policy: Policy = reader  # how every seat plays the worlds out
    solve_drawing: int = SOLVE_DRAWING  # 0: every world with tiles to draw is played out (as 0.4.0)
    solve_below: int = SOLVE_BELOW  # a world with this many tiles in hands, nothing to draw, is solved
    search: str = "worlds"  # "tree": one tree over what the seat knows (advice.tree), not world by world
    explore: float = tree.EXPLORE  # the tree's exploration constant


DEFAULT_OPTIONS = AdviceOptions()


def advise(
    r: Round,
    seat: int,
    options: AdviceOptions = DEFAULT_OPTIONS,
    *,
    inference: Inference | None = None,
    spent: float = 0.0,
) -> Advice:
    """Rank the seat's moves by the estimated chance of winning the match (or, in a
    single round, with no table for the rules, or with ``objective="round"``, the round),
    as ``options`` say.  ``inference``: the seat's counting, where the caller has it
    already; ``spent``: seconds the answer has already taken (the counting, done before
    the call), which a clock limit covers."""
    start = time.perf_counter() - spent
    work = DEFAULT_WORK if options.samples is None else None
    samples = DEFAULT_SAMPLES if options.samples is None else options.samples
    name = r.name(seat)
    action, moves = _moves(r, seat)
    rng = random.Random(options.seed)
    inf = None
    if not options.omniscient:
        inf = inference or infer(r.seat_view(seat))
    st = stakes(r, seat) if options.objective == "match" else None
    budget = Budget(samples, work, options.seconds, start, _exact_budget(options.seconds, start))
    setting = Rollout(
        r,
        seat,
        inf,
        options.policy,
        st,
        budget,
        solve_drawing=options.solve_drawing,
        solve_below=options.solve_below,
    )
    exact = action == "play" and _try_exact(setting, moves)
    cut = False
    work_done = 0
    if not exact:
        if options.style is not None and inf is not None:
            setting = replace(setting, reads=Reads(inf.view, options.style))
        if options.search == "tree" and tree.fits(setting, action, moves):
            cut, work_done = tree.search_tree(setting, moves, rng, options.explore)
        else:
            cut, work_done = rollouts(setting, moves, rng)
    _rank(r, seat, moves, st, exact)
    _mark_about_equal(
        moves, MATCH if st is not None else POINTS if r.rules.all_fives and not exact else ROUND
    )
    if options.reasons and inf is not None and action == "play":
        for c in moves:
            c.reasons = explain(r, seat, c, inf, forced=len(moves) == 1)
    cal = calibration_for(r.rules, r.match.seats)
    for c in moves:
        c.chance, c.chance_margin = shown(c.win, c.margin, c.exact, cal)
        if c.goes_out:  # the round is won once it is laid: certain, no interval
            c.chance, c.chance_margin = 1.0, 0.0
        if st is not None:
            _, c.match_chance_margin = shown(c.match, c.match_margin, c.exact, cal)
    used = max(c.tally.played for c in moves) if not exact else 0
    seconds_used = time.perf_counter() - start
    partner = r.name((seat + 2) % r.match.seats) if r.rules.partners else None
    cut = cut or (not exact and budget.positions < EXACT_MAX and _fully_known(r, seat, inf))
    return Advice(
        seat,
        name,
        action,
        moves,
        samples=used,
        seconds=seconds_used,
        exact=exact,
        all_fives=r.rules.all_fives,
        stakes=st,
        calibration=cal,
        partner=partner,
        asked=samples,
        cut=cut,
        work=work_done,
        work_budget=work,
    )


def _moves(r: Round, seat: int) -> tuple[str, list[Candidate]]:
    """What the seat may do (play, draw or pass) and the candidates; refused unless it is
    the seat's turn in a round still going."""
    if r.over:
        raise IllegalMoveError(f"round {r.number} is over: there is no move to advise")
    to_move = r.to_move()
    if to_move is not None and to_move != seat:
        name = r.name(seat)
        raise IllegalMoveError(
            f"it is {r.name(to_move)}'s turn, not {'yours' if seat == r.match.viewer else name + 's'}"
        )
    moves = candidates(r, seat)
    if moves:
        return "play", moves
    # nothing plays: draw or pass, and say what the round now looks like
    return ("draw" if r.rules.draws and r.drawable else "pass"), [Candidate(None, None, None)]


def _rank(r: Round, seat: int, moves: list[Candidate], st: Stakes | None, exact: bool) -> None:
    """Best first: by the match where it is played for (a move that wins it now before
    any other), by points ahead in All Fives's rollouts, else by the round."""
    if st is not None:
        for c in moves:
            c.ends_match = _wins_at_once(r, seat, c, st)
        moves.sort(key=lambda c: (not c.ends_match, -c.match, -c.value))
    elif r.rules.all_fives and not exact:
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


def _wins_at_once(r: Round, seat: int, c: Candidate, st: Stakes) -> bool:
    """Whether playing the candidate scores the points that reach the match target."""
    if c.tile is None or not r.rules.all_fives:
        return False
    after = r.layout.place(c.tile, c.side) if c.side else r.layout.open_with(c.tile)
    scored = fives_points(after.fives_count())
    return bool(st.target) and scored > 0 and st.before[st.me] + r.fives.get(st.me, 0) + scored >= st.target


def _exact_budget(seconds: float | None, start: float) -> int:
    """How many positions the exact search may visit: what fits in half the time left (at
    the rate measured on the 2-core machine; the sampled deals get the rest if it runs
    out), and never more than memory allows."""
    if seconds is None:
        return EXACT_MAX
    left = max(0.0, seconds - (time.perf_counter() - start))
    return max(EXACT_MIN, min(EXACT_MAX, int(left / 2 * EXACT_RATE)))


def _fully_known(r: Round, seat: int, inf: Inference | None) -> bool:
    """The exact search is begun here (and a time limit may cut it short)."""
    return _hands_to_solve(r, seat, inf) is not None


def _hands_to_solve(r: Round, seat: int, inf: Inference | None) -> list[set[Tile]] | None:
    """Both hands, where the round can be solved: two players, nothing to draw, every
    hidden tile's place certain (``inf`` None: every hand seen), and few enough tiles for
    the search to finish; else None."""
    if r.match.seats != 2 or (r.rules.draws and r.drawable):
        return None
    if inf is None:
        hands = [set(r.hand_of(s)) for s in range(2)]
    else:
        hands = [set(r.hand_of(seat)) if s == seat else set() for s in range(2)]
        for t in inf.unseen:
            owner = [loc for loc, v in inf.probability[t].items() if v == 1]
            if not owner:
                return None
            if owner[0] is not None:
                hands[owner[0]].add(t)
    return hands if sum(map(len, hands)) <= EXACT_MOST_TILES else None


def _try_exact(ro: Rollout, moves: list[Candidate]) -> bool:
    """Solve the round when nothing is hidden that matters: two players, nothing to draw;
    unless the search would outrun its budget of positions (then the worlds are sampled
    and played out as usual)."""
    hands = _hands_to_solve(ro.r, ro.seat, ro.inf)
    if hands is None:
        return False
    base = from_round(ro.r, hands, [], ro.seat)
    memo: dict = {}
    match_memo: dict = {}
    left = [ro.budget.positions]
    values = []
    try:
        for c in moves:
            fr = base.clone()
            apply_candidate(fr, (c.tile, c.side), ro.policy)
            value = solve(fr, ro.side, memo, left)
            match = (
                solve_value(fr, ro.side, ro.stakes.value, match_memo, left) if ro.stakes is not None else 0.0
            )
            values.append((value, match))
    except SearchTooBig:
        return False
    for c, (value, match) in zip(moves, values, strict=True):
        c.tally.count(1.0, value, match)
        c.exact = True
    return True


def rollouts(ro: Rollout, moves: list[Candidate], rng: random.Random) -> tuple[bool, int]:
    """Every candidate played out (or solved) in as many worlds as the budget allows, by the
    worlds search (``advice.worlds``) over the line games' rollouts; each candidate's tally
    counts its outcome in every world.  True if the user's time limit stopped it first,
    and the work done."""
    game = LineRollouts(
        ro.r,
        ro.seat,
        [(c.tile, c.side) for c in moves],
        ro.policy,
        ro.stakes,
        None if ro.inf is None else ro.inf.sample,
        None if ro.reads is None else ro.reads.log_weight,
        ro.solve_below,
        ro.solve_drawing,
    )
    weighing = weigh(game, ro.budget, rng)
    for w, outcomes in weighing.worlds:
        for c, o in zip(moves, outcomes, strict=True):
            c.tally.count(w, o.round_value, o.match)
            if o.points is not None:
                c.tally.score(w, *o.points)
    return weighing.cut, weighing.work

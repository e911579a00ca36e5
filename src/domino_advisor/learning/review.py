"""After the game: your decisions beside the advisor's, and when each inference
became known.

The log is replayed event by event.  At each of your turns with a real choice the
advisor ranks the moves from what you knew then (never from what came later), so
the cost of a decision is the chance given up against the best move: of winning the
match where the round is part of one, else of winning the round.  From one sampled deal
that cost is a plain difference whose noise is not known: it is shown, never marked or
drilled as costly (issue 39).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from domino_advisor.advice.advise import Options, advise
from domino_advisor.advice.candidate import gap_known
from domino_advisor.base.budgets import ADVICE_SAMPLES, HINDSIGHT_SAMPLES
from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.counting.inference import BONEYARD, infer
from domino_advisor.counting.reads import Style, style_for
from domino_advisor.games.events import Play
from domino_advisor.games.line.match import Match
from domino_advisor.learning.hindsight import hindsight as replay_rounds
from domino_advisor.learning.questions import by_event, why_lacks
from domino_advisor.log.gamelog import GameLog

if TYPE_CHECKING:
    from domino_advisor.base import shapes


@dataclass
class Decision:
    round: int
    line: int
    played: str  # the move as logged
    best: str  # the advisor's first choice
    played_win: float
    best_win: float
    choices: int
    all_fives: bool = False
    played_match: float | None = None  # in a match: the chances of winning it
    best_match: float | None = None
    event: int = 0  # the event number, as status shows it
    table: shapes.ReviewTableJson | None = None  # the tiles on the table and your hand, for a picture
    about_equal: bool = False  # the worlds could not tell your move from the advisor's (advice said so)
    error_known: bool = True  # False: sampled from one deal, the cost a difference whose noise is not known

    @property
    def cost(self) -> float:
        """The chance given up against the advisor's move: the match's, in a match; none
        for a move the advice called about equal (what is left is the sampling's noise)."""
        if self.about_equal:
            return 0.0
        if self.played_match is not None and self.best_match is not None:
            return max(0.0, self.best_match - self.played_match)
        return max(0.0, self.best_win - self.played_win)

    def as_dict(self) -> shapes.ReviewDecisionJson:
        out: shapes.ReviewDecisionJson = {
            "round": self.round,
            "line": self.line,
            "played": self.played,
            "best": self.best,
            "played_win": round(self.played_win, 4),
            "best_win": round(self.best_win, 4),
            "cost": round(self.cost, 4),
            "choices": self.choices,
            "about_equal": self.about_equal,
            "error_known": self.error_known,
        }
        if self.event:
            out["event"] = self.event
        if self.table is not None:
            out["table"] = self.table
        if self.played_match is not None and self.best_match is not None:
            out.update({"played_match": round(self.played_match, 4), "best_match": round(self.best_match, 4)})
        return out

    @property
    def agreed(self) -> bool:
        """You played the advisor's move, or one the advice called about equal to it."""
        return self.played == self.best or self.about_equal

    @property
    def costly(self) -> bool:
        """Gave up some chance, measured well enough to say so (not from one sampled deal)."""
        return self.cost > 0 and self.error_known


@dataclass
class Insight:
    """What became certain after an event: a player lacks numbers, or a tile's place."""

    round: int
    line: int
    event: str
    text: str
    player: str | None = None  # who now certainly lacks ``lacks``
    lacks: tuple[int, ...] = ()
    tile: str | None = None  # a tile whose place is now certain
    place: str | None = None  # a player's name, or "boneyard"
    number: int = 0  # the event's number, as status shows it

    def as_dict(self) -> shapes.ReviewInsightJson:
        out: shapes.ReviewInsightJson = {
            "round": self.round,
            "line": self.line,
            "event": self.event,
            "text": self.text,
        }
        if self.number:
            out["number"] = self.number
        if self.player is not None:
            out.update({"player": self.player, "lacks": list(self.lacks)})
        else:
            assert self.tile is not None and self.place is not None  # a player's numbers, or a tile's place
            out.update({"tile": self.tile, "place": self.place})
        return out


@dataclass
class Review:
    players: list[str]
    me: str
    decisions: list[Decision] = field(default_factory=list)
    insights: list[Insight] = field(default_factory=list)
    doubles: list[str] = field(default_factory=list)
    samples: int | None = None  # the worlds a decision; None: as the advice by default (its budget of work)
    partner: str | None = None  # with partners: every chance is your team's
    seed: int = 0  # the advice's seed is 0
    reads: bool = True  # soft reads, as the advice weighs the worlds by default

    def costliest(self, n: int = 3) -> list[Decision]:
        """The ``n`` that gave up most, of those whose cost is more than one deal's difference."""
        return sorted((d for d in self.decisions if d.costly), key=lambda d: -d.cost)[:n]

    def as_dict(self) -> shapes.ReviewJson:
        rounds = sorted({d.round for d in self.decisions})
        out: shapes.ReviewJson = {
            "me": self.me,
            "samples": ADVICE_SAMPLES if self.samples is None else self.samples,
            "at_defaults": self.samples is None and self.seed == 0 and self.reads,
            "decisions": [d.as_dict() for d in self.decisions],
            "insights": [i.as_dict() for i in self.insights],
            "doubles": self.doubles,
            "agreed": sum(d.agreed for d in self.decisions),
            "total_cost": round(compounded(d.cost for d in self.decisions), 4),
        }
        if self.partner:
            out["partner"] = self.partner
        out["rounds"] = [
            {
                "round": n,
                "decisions": sum(d.round == n for d in self.decisions),
                "agreed": sum(d.agreed for d in self.decisions if d.round == n),
                "cost": round(compounded(d.cost for d in self.decisions if d.round == n), 4),
            }
            for n in rounds
        ]
        return out


def compounded(costs) -> float:
    """The chance given up by several decisions together: each takes its share of
    what the ones before it left, so the whole is never above 100% (a plain sum is,
    over a long match, and means nothing then)."""
    kept = 1.0
    for c in costs:
        kept *= 1 - c
    return 1 - kept


def _move_text(tile, on) -> str:
    return f"{tile}" + ("" if on is None else f" on {on}")


def review(
    log: GameLog, samples: int | None = None, seed: int = 0, on_step=None, reads: bool = True
) -> Review:
    """Replay the log and judge each of your decisions from what you knew then, as the
    advice judged it at the table: ``samples`` None and ``seed`` 0 are the advice's
    defaults (its budget of work, the same worlds), so a player who followed the advice
    is told so; with soft reads where a style is shipped, unless ``reads`` is off."""
    style = style_for(log.rules, len(log.players)) if reads else None
    log.replay()  # a log the rules refuse is reported as such, before any work
    match = Match(log.rules, log.players, log.me)
    me = match.me
    out = Review(list(log.players), log.me, samples=samples, seed=seed, reads=reads)
    if log.rules.partners:
        out.partner = log.players[(me + 2) % len(log.players)]
    known: dict[int, set[int]] = {}
    certain: set[tuple] = set()
    chances: dict[str, list] = {}  # double -> [turns it could have been played, round]
    numbered = log.numbered_events()
    numbers = log.event_numbers()
    for index, (line, event) in enumerate(numbered):
        r = match.round
        if (
            isinstance(event, Play)
            and r is not None
            and match.seat(event.player) == me
            and not r.layout.is_empty
        ):
            decision = _judge(r, me, event, samples, seed, style)
            if decision:
                decision.line = line
                decision.event = index + 1
                decision.table = {
                    **r.layout.drawn(),
                    "hand": [[t.high, t.low] for t in sorted(r.hand_of(me), reverse=True)],
                }
                out.decisions.append(decision)
            for t in r.hand_of(me):
                if t.is_double and r.layout.can_play(t) and t != event.tile:
                    chances.setdefault(str(t), [0, r.number])[0] += 1
        match.apply(event, line)
        r = match.round
        if on_step:
            on_step(index + 1, len(numbered))
        if r is None or r.dealt[me] is None:
            continue
        if (r.history and r.history[-1].line == line) or isinstance(event, Play):
            count = len(out.insights)
            _notice(out, match, r, line, event, known, certain, numbers)
            for insight in out.insights[count:]:
                insight.number = index + 1
        if r.over:
            for t in r.hand_of(me):
                if t.is_double and str(t) in chances:
                    n, rnd = chances.pop(str(t))
                    out.doubles.append(
                        f"round {rnd}: you held {t} through {n} turn{'s' if n != 1 else ''} "
                        f"when it could be played, and it was left in your hand "
                        f"({t.pips} pips)"
                    )
            known.clear()
            certain.clear()
    return out


def _judge(r, me: int, event: Play, samples: int | None, seed: int, style: Style | None) -> Decision | None:
    try:
        advice = advise(r, me, Options(samples=samples, seed=seed, seconds=None, style=style))
    except IllegalMoveError:
        return None
    if advice.action != "play" or len(advice.moves) < 2:
        return None
    side = r.layout.resolve(event.tile, event.on, r.rules.all_fives)
    mine = next((c for c in advice.moves if c.tile == event.tile and c.side == side), None)
    if mine is None:  # an end that plays alike: the advisor listed it once
        mine = next(c for c in advice.moves if c.tile == event.tile)
    best = advice.moves[0]
    played = _move_text(mine.tile, mine.on)
    return Decision(
        r.number,
        0,
        played,
        _move_text(best.tile, best.on),
        mine.chance,  # as the advice shows them: calibrated where a map is shipped
        best.chance,
        len(advice.moves),
        r.rules.all_fives,
        mine.match if advice.stakes is not None else None,
        best.match if advice.stakes is not None else None,
        about_equal=mine is not best and mine.about_equal,
        error_known=mine is best or gap_known(best, mine),
    )


def _notice(out: Review, match: Match, r, line: int, event, known, certain, numbers: dict[int, int]) -> None:
    """Record what this event made certain: numbers a player lacks, tiles located."""
    view = r.seat_view(match.me)
    inf = infer(view)
    for s in view.opponents:
        if not r.counts[s]:
            continue
        lacks = set(inf.cannot_hold(s))
        new = sorted(lacks - known.get(s, set()))
        known[s] = lacks
        if new:
            now = r.history[-1].line if r.history else None
            text = why_lacks(view, s, new, by_event(numbers, now))
            out.insights.append(Insight(r.number, line, str(event), text, match.players[s], tuple(new)))
    for t in inf.unseen:
        for loc, p in inf.probability[t].items():
            if p == 1 and (t, loc) not in certain:
                certain.add((t, loc))
                where = "in the boneyard" if loc is None else f"with {match.players[loc]}"
                place = BONEYARD if loc is None else match.players[loc]
                text = f"{t} is certainly {where}"
                out.insights.append(Insight(r.number, line, str(event), text, tile=str(t), place=place))


def review_data(
    log: GameLog,
    samples: int | None,
    seed: int,
    step: Callable[[str, int, int], None],
    reads: bool,
    hindsight: bool,
) -> shapes.ReviewJson:
    """The review's data (``review --json``): each decision, then each finished round in
    hindsight where asked; ``step(task, done, total)`` as the work goes (the line games' part)."""
    step("reviewing", 0, len(log.events))
    result = review(
        log,
        samples,
        seed,
        on_step=lambda done, total: step("reviewing", done, len(log.events)),
        reads=reads,
    )
    data = result.as_dict()
    if hindsight:
        rounds = len(log.replay().rounds)
        step("hindsight", 0, rounds)
        replayed = replay_rounds(
            log, HINDSIGHT_SAMPLES, seed, on_step=lambda done, total: step("hindsight", done, rounds)
        )
        data["hindsight"] = [cast("shapes.HindsightJson", h.as_dict()) for h in replayed]
    return data

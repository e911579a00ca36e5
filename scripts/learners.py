"""Does the new schedule teach more than 0.10.0's?  Model learners (scripts/learners_models.py,
committed before this comparison) trained for the same days with the same number of
questions a day by three schedules, compared learner by learner (issue 41, item 7;
docs/learning-models.md):

    python scripts/learners.py --learners 1000 --days 30 --per-day 20 --seed 41 --model both

(``--model R`` runs model R, in which recalling an item teaches its skill; ``--model all``
runs P, Q and R.)

(a) 0.10.0's rule: a lesson a day asks up to 10 due drills, the costliest first; a drill
missed is due next lesson, one answered right the lesson after, and it is done after two
right answers; the day's other questions are new items.  (b) The app's FSRS schedule
(learning.schedule.review): every card due before the day's end, the longest overdue
first, then new items.  (c) (b) with targeting: the new items' kinds, and which due cards
when more are due than the day has questions, by skills.next_kind from the weak skills
(skills.is_weak over the learner's answers so far, as the day begins); with no weak skill it
asks as (b) does.  New items come in turn, kind after kind, across the days (next_kind's
own turn starts again with each lesson, and a lesson's new items follow its due cards, so
it would lean towards the kinds late in the turn: not targeting, so not measured as such).
(d) (b) with at most ``REVIEW_SHARE`` of the day's questions given to reviews, the rest new
items (the reviews left over stay due): what a drill lesson does since (learning.drillstore).

Each learner is drawn once, by its seed, and trained by each arm from the same start with
the same stream of random numbers for its answers.  At the end (the day after the last,
at the lesson's hour) it prints, per model and arm, the mean retention (the chance of a
right answer on every item met, by the model: no sampling noise) and accuracy on a fresh
question of each kind, and the paired differences with 95% intervals (mean ± 1.96 sd/√n
over learners).  The same seed gives the same figures with any number of jobs.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from multiprocessing import Pool

from learners_models import KINDS, Learner, learner

from domino_advisor.learning.drillstore import REVIEW_SHARE  # arm (d): at most this share of a day reviews
from domino_advisor.learning.schedule import Memory, review
from domino_advisor.learning.skills import is_weak, next_kind

START = datetime(2026, 1, 5, tzinfo=UTC).timestamp()  # day 0, midnight
HOUR = 0.75  # the lesson's time of day (18:00), in days
GAP = 60.0  # seconds between two questions of a lesson
SECONDS_TAKEN = 10.0  # every answer takes this long (right is Good, never Hard)
OLD_LIMIT = 10  # 0.10.0 asked at most this many due drills a lesson
OLD_DONE = 2  # ... and a drill was done after this many right answers
ARMS = ("a", "b", "c", "d")
NAMES = {"a": "(a) 0.10.0", "b": "(b) FSRS", "c": "(c) FSRS+targeting", "d": "(d) FSRS, 60% reviews"}


@dataclass
class Card:
    """An item met, with what each schedule keeps of it."""

    item: int
    kind: str
    cost: float  # how much the decision cost in its game (0.10.0 asked the costliest first)
    memory: Memory | None = None  # FSRS's (arms b and c)
    due_lesson: int = 0  # 0.10.0's (arm a)
    rights: int = 0


@dataclass
class Trained:
    """One learner after one arm."""

    retention: float
    accuracy: dict[str, float]
    items: int
    asked: list[int] = field(default_factory=list)  # questions asked each day
    weak_days: int = 0  # days that began with a weak skill (arm c)
    memory: float = 0.0  # the item route alone: mean recall of the items themselves
    known: float = 0.0  # how many of the items met would be answered right (the sum of chances)
    remembered: float = 0.0  # how many of them the item route alone would recall (the sum)
    first: float = 0.0  # retention of the first day's items (all new, the same in every arm)


def epoch(t: float) -> float:
    """Model time (days) as seconds since 1970."""
    return START + t * 86400.0


def train(model: str, who: str, arm: str, days: int, per_day: int) -> Trained:
    """Learner ``who`` of ``model`` trained by ``arm`` for ``days`` days."""
    me: Learner = learner(model, who)
    answers = random.Random(who + "/answers")
    costs = random.Random(who + "/costs")
    kinds = random.Random(who + "/kinds")
    cards: list[Card] = []
    history: dict[str, list[bool]] = {k: [] for k in KINDS}
    right_total = 0
    asked_per_day = []
    weak_days = 0
    for day in range(days):
        start = day + HOUR
        me.begin_day(start)
        due = _due(cards, arm, day, per_day)
        answered = sum(len(h) for h in history.values())
        overall = right_total / answered if answered else 0.0
        weak = [k for k in KINDS if is_weak(history[k], overall)] if arm == "c" else []
        weak_days += bool(weak)
        asked: list[str] = []
        reviews = 0
        for slot in range(per_day):
            mixed = arm == "d" and reviews >= REVIEW_SHARE * per_day  # the rest of the day: new items
            card = None if mixed else _pick(due, asked, weak, arm, kinds)
            reviews += card is not None
            if card is None:  # an idle slot: a new item
                kind = next_kind(asked, weak, KINDS, kinds) if weak else KINDS[len(cards) % len(KINDS)]
                card = Card(me.new_item(kind), kind, costs.random())
                cards.append(card)
            t = start + slot * GAP / 86400.0
            right = answers.random() < me.p_right(card.item, card.kind, t)
            me.answer(card.item, right, t)
            _schedule(card, right, arm, day, t)
            asked.append(card.kind)
            history[card.kind].append(right)
            right_total += right
        asked_per_day.append(len(asked))
    end = days + HOUR
    me.begin_day(end)
    recalls = [me.recall(c.item, end) for c in cards]
    memory = statistics.fmean(recalls) if cards else 0.0
    known = sum(me.p_right(c.item, c.kind, end) for c in cards)
    first = statistics.fmean(me.p_right(c.item, c.kind, end) for c in cards[:per_day]) if cards else 0.0
    return Trained(
        me.retention(end),
        me.accuracy(end),
        len(cards),
        asked_per_day,
        weak_days,
        memory,
        known,
        sum(recalls),
        first,
    )


def _due(cards: list[Card], arm: str, day: int, per_day: int) -> list[Card]:
    """The cards the day's lesson may ask, in the schedule's order."""
    if arm == "a":
        lesson = day + 1
        due = [c for c in cards if c.rights < OLD_DONE and c.due_lesson <= lesson]
        due.sort(key=lambda c: (-c.cost, c.item))
        return due[: min(OLD_LIMIT, per_day)]
    end = epoch(day + 1)
    due = [c for c in cards if c.memory is not None and c.memory.due < end]
    due.sort(key=lambda c: (c.memory.due if c.memory else 0.0, -c.cost, c.item))
    return due


def _pick(
    due: list[Card], asked: Sequence[str], weak: list[str], arm: str, rng: random.Random
) -> Card | None:
    """The next due card to ask (taken from ``due``), or None for a new item.  With
    targeting and more due than the day's questions, the kind comes from next_kind."""
    if not due:
        return None
    if arm == "c" and weak:
        kind = next_kind(asked, weak, KINDS, rng)
        for i, card in enumerate(due):
            if card.kind == kind:
                return due.pop(i)
    return due.pop(0)


def _schedule(card: Card, right: bool, arm: str, day: int, t: float) -> None:
    if arm == "a":
        lesson = day + 1
        card.rights += right
        card.due_lesson = lesson + (2 if right else 1)
    else:
        card.memory = review(card.memory, right, SECONDS_TAKEN, epoch(t))


def one_learner(job: tuple[str, str, int, int]) -> dict[str, Trained]:
    model, who, days, per_day = job
    return {arm: train(model, who, arm, days, per_day) for arm in ARMS}


def interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal: mean ± 1.96 sd/√n)."""
    mean = statistics.fmean(xs)
    half = 1.959964 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return mean, mean - half, mean + half


def report(model: str, results: list[dict[str, Trained]]) -> dict[tuple[str, str, str], float]:
    """Print the model's figures; the lower ends of the paired intervals, by (row, x, y).
    Retention and accuracy are the measures; the retention of the first day's items (the
    same items in every arm), the item route alone and the counts of items (the sums of
    the chances over the items met) are printed beside them because retention is a mean
    over the items met, and the arms meet different numbers of items."""
    rows: list[tuple[str, list[dict[str, float]], float]] = [
        ("retention", [{a: r[a].retention for a in ARMS} for r in results], 100),
        *[(f"accuracy {k}", [{a: r[a].accuracy[k] for a in ARMS} for r in results], 100) for k in KINDS],
        (
            "accuracy, mean of kinds",
            [{a: statistics.fmean(r[a].accuracy.values()) for a in ARMS} for r in results],
            100,
        ),
        ("retention, day 1's items", [{a: r[a].first for a in ARMS} for r in results], 100),
        ("item memory alone", [{a: r[a].memory for a in ARMS} for r in results], 100),
        ("items answered right", [{a: r[a].known for a in ARMS} for r in results], 1),
        ("items recalled as items", [{a: r[a].remembered for a in ARMS} for r in results], 1),
    ]
    print(f"{'':26}" + "".join(f"{NAMES[a]:>20}" for a in ARMS))
    for name, values, scale in rows:
        unit = "%" if scale == 100 else " "
        cells = [f"{scale * statistics.fmean(v[a] for v in values):19.1f}{unit}" for a in ARMS]
        print(f"{name:26}" + "".join(cells))
    items = [statistics.fmean(r[a].items for r in results) for a in ARMS]
    print(f"{'items met':26}" + "".join(f"{n:19.1f} " for n in items))
    weak = statistics.fmean(r["c"].weak_days / len(r["c"].asked) for r in results)
    print(f"{'days with a weak skill':26}{'':40}{100 * weak:19.1f}%")
    print("paired differences (percentage points; items for the counts): mean [95% interval] over learners")
    pairs = (("b", "a"), ("c", "b"), ("c", "a"), ("d", "a"))
    print(f"{'':26}" + "".join(f"{f'({x}) - ({y})':>26}" for x, y in pairs))
    lows = {}
    for name, values, scale in rows:
        cells = []
        for x, y in pairs:
            mean, low, high = interval([scale * (v[x] - v[y]) for v in values])
            digits = 2 if scale == 100 else 1
            cells.append(f"{mean:+.{digits}f} [{low:+.{digits}f}, {high:+.{digits}f}]")
            lows[(name, x, y)] = low
        print(f"{name:26}" + "".join(f"{c:>26}" for c in cells))
    return lows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=1000)
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--per-day", type=int, default=20)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument(
        "--model",
        choices=("P", "Q", "R", "both", "all"),
        default="both",
        help="both: P and Q; all: P, Q and R",
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes (the figures do not depend on it)")
    args = parser.parse_args()
    chosen = {"both": ("P", "Q"), "all": ("P", "Q", "R")}.get(args.model, (args.model,))
    for model in chosen:
        began = time.perf_counter()
        jobs = [(model, f"{args.seed}/{model}/{n}", args.days, args.per_day) for n in range(args.learners)]
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                results = pool.map(one_learner, jobs, chunksize=max(1, len(jobs) // (8 * args.jobs)))
        else:
            results = [one_learner(job) for job in jobs]
        print(
            f"model {model}: {args.learners} learners, {args.days} days, {args.per_day} questions a day in "
            f"every arm; seed {args.seed} (learner n is drawn by the string '{args.seed}/{model}/n', its "
            f"answers by '{args.seed}/{model}/n/answers')"
        )
        lows = report(model, results)
        for row in ("retention", "accuracy, mean of kinds"):
            verdicts = [
                f"({x}) {'beats' if lows[(row, x, 'a')] > 0 else 'does not beat'} (a)"
                for x in ("b", "c", "d")
            ]
            print(f"model {model}, {row}: {', '.join(verdicts)} (paired 95% interval above zero or not)")
        print(f"model {model}: {time.perf_counter() - began:.0f} s with {args.jobs} job(s)\n")


if __name__ == "__main__":
    main()

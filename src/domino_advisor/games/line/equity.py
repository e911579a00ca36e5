"""The chance of winning a match from a score: match-equity tables.

Backgammon players judge a move by the chance of winning the match from the score it
leads to, read off a match-equity table.  Dominoes has the same shape: a match is a
race to a target, round by round.  A table here holds, for every pair of scores still
needed (yours, the other side's), the chance that your side wins the match from the
start of a round, for either side opening it.

A table is made once, offline, and shipped with the package (``equity --build``):
many rounds are played by the heuristic player on every seat, the points each side
scores in each round are kept in the order they are scored (in All Fives a side that
reaches the target in the middle of a round wins there), and a dynamic program over
the points still needed gives every chance.  It is exact for two sides (two players,
or two teams) given those rounds.  With three or four players each for themselves, a
table holds the race between you and one opponent (rounds the others score count for
neither), and the chance of winning the match is put together from those races
(``chance_among``): an approximation whose error ``equity --check`` measures against
simulated matches.
"""

from __future__ import annotations

import base64
import random
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from domino_advisor.base import modelfile
from domino_advisor.games.line import lead
from domino_advisor.games.line.bots import heuristic
from domino_advisor.games.line.engine import from_tiles
from domino_advisor.games.line.moves import shuffle_deal
from domino_advisor.games.line.rules import Rules
from domino_advisor.games.line.scoring import side_of

MOST_POINTS = 150  # the most points still needed a table tells apart (more reads as this)
ROUNDS = 20_000  # rounds simulated for a shipped table
SCALE = 10_000  # chances are kept in ten-thousandths
SEED = 2026  # ... and the seed they are dealt with

# an outcome of a round, as the scoring happened: (side, points) in order, then the
# side that won the round (None: drawn).  Sides are told from the opener: 0 the side
# that opened, 1 the other; with 3-4 separate players, 0 "me", 1 "them", 2 the rest.
Outcome = tuple[tuple[tuple[int, int], ...], int | None]


def key_of(rules: Rules, players: int) -> str:
    """The rule set a table is made for: its preset's name and the number of players."""
    return f"{rules.name}/{players}"


def sides(rules: Rules, players: int) -> int:
    return 2 if rules.partners else players


# -- playing rounds ---------------------------------------------------------------------
def play_round(rules: Rules, players: int, rng: random.Random, opener: int | None) -> tuple[int, Outcome]:
    """One round by the heuristic player on every seat: who opened, and how it scored.

    ``opener`` None opens by the lead rule (or by lot, where the table chooses);
    otherwise that seat opens with any tile (a round after the first, by winner or by
    rotation)."""
    hands, stock = shuffle_deal(rules, players, rng)
    known = [set(h) for h in hands]
    if opener is None:
        mode: lead.Opening = "chosen" if rules.lead == "chosen" else "lead"
        allowed = lead.openings(rules, mode, known)
        if mode == "chosen":
            seat = rng.randrange(players)
            allowed = [(s, t) for s, t in allowed if s == seat]
    else:
        allowed = lead.openings(rules, "fixed", known, opener)
    seat = allowed[0][0]
    fr = from_tiles(rules, hands, stock, seat)
    fr.goal = None  # a table counts points; the target is the table's business
    choice = heuristic(fr, [(t.index, -1) for s, t in allowed if s == seat], rng)
    events: list[tuple[int, int]] = []
    policies = [heuristic] * players

    def scored(before: Sequence[int]) -> None:
        for side, (was, now) in enumerate(zip(before, fr.fives, strict=True)):
            if now > was:
                events.append((side, now - was))

    before = fr.fives[:]
    fr.play(*choice)
    scored(before)
    while not fr.over:
        before = fr.fives[:]
        fr.step(policies[fr.turn], rng)
        scored(before)
    result = fr.result()
    for side, pts in sorted(result.points.items()):
        if pts:
            events.append((side, pts))
    winner = None if result.winner is None else side_of(result.winner, rules)
    return seat, (tuple(events), winner)


def relabel(outcome: Outcome, rules: Rules, players: int, me: int, them: int) -> Outcome:
    """An outcome told from two sides: ``me`` (0), ``them`` (1), and the rest (2)."""

    def side(s: int) -> int:
        return 0 if s == me else 1 if s == them else 2

    events, winner = outcome
    return tuple((side(s), p) for s, p in events), None if winner is None else side(winner)


def sample(rules: Rules, players: int, rounds: int, seed: int, fixed: bool) -> Counter[tuple[int, Outcome]]:
    """Rounds' outcomes told from the opener's side (two sides) or from seat 0 against
    seat 1 (more), each with who opened it: 0 me / the opener's side, 1 them, 2 another."""
    rng = random.Random(seed)
    out: Counter[tuple[int, Outcome]] = Counter()
    n_sides = sides(rules, players)
    for _ in range(rounds):
        opener = rng.randrange(players) if fixed else None
        seat, outcome = play_round(rules, players, rng, opener)
        if n_sides == 2:  # told from the opener's side, and (the seats being alike) from the other's
            first = side_of(seat, rules)
            out[(0, relabel(outcome, rules, 2, first, 1 - first))] += 1
            out[(1, relabel(outcome, rules, 2, 1 - first, first))] += 1
        else:  # every ordered pair of seats is a race; the seats are alike, so pool them
            for me in range(players):
                for them in range(players):
                    if me != them:
                        who = 0 if seat == me else 1 if seat == them else 2
                        out[(who, relabel(outcome, rules, players, me, them))] += 1
    return out


# -- the dynamic program -------------------------------------------------------------------
@dataclass(frozen=True)
class EquityTable:
    """Chances of winning the match at the start of a round: ``chances[o][a][b]`` for
    ``a`` and ``b`` points still needed (in steps of ``step``) by you and by them, when
    ``o`` opens the round (0 you, 1 them, 2 another player)."""

    key: str
    step: int
    most: int
    openers: int
    chances: tuple[tuple[tuple[float, ...], ...], ...]
    rounds: int = 0
    seed: int = 0
    players: int = 2  # 2 for two sides; 3 or 4 for a table of races between two players

    def chance(self, need_me: int, need_them: int, opener: float | int | None = None) -> float:
        """Your chance of winning the match; ``opener``: 0 you open, 1 they do, None as
        the lead rule falls (each side alike), or a chance that you open."""
        if need_them <= 0 < need_me:
            return 0.0
        if need_me <= 0:
            return 1.0
        a = min(-(-need_me // self.step), self.most) - 1
        b = min(-(-need_them // self.step), self.most) - 1
        if opener is None:  # each player alike
            weights = (
                [0.5, 0.5]
                if self.openers == 2
                else [1 / self.players, 1 / self.players, 1 - 2 / self.players]
            )
            return sum(w * self.chances[o][a][b] for o, w in enumerate(weights))
        if isinstance(opener, float):
            return opener * self.chances[0][a][b] + (1 - opener) * self.chances[1][a][b]
        return self.chances[opener][a][b]

    def to_json(self) -> dict:
        """The chances in ten-thousandths, each written as its difference from what its
        neighbours above and to the left predict (the table is smooth, so the
        differences are small and pack tightly)."""
        raw = bytearray()
        for layer in self.chances:
            above = [0] * self.most
            for row in layer:
                q = [round(p * SCALE) for p in row]
                left = 0
                for i, x in enumerate(q):
                    guess = above[i] + left - (above[i - 1] if i else 0)
                    raw += (x - guess).to_bytes(2, "little", signed=True)
                    left = x
                above = q
        data = base64.b64encode(zlib.compress(bytes(raw), 9)).decode()
        return {
            "key": self.key,
            "step": self.step,
            "most": self.most,
            "openers": self.openers,
            "players": self.players,
            "rounds": self.rounds,
            "seed": self.seed,
            "chances": data,
        }

    @classmethod
    def from_json(cls, d: dict) -> EquityTable:
        raw = zlib.decompress(base64.b64decode(d["chances"]))
        diffs = [int.from_bytes(raw[i : i + 2], "little", signed=True) for i in range(0, len(raw), 2)]
        m, o = d["most"], d["openers"]
        layers = []
        k = 0
        for _ in range(o):
            above = [0] * m
            rows = []
            for _ in range(m):
                left, q = 0, []
                for i in range(m):
                    x = diffs[k] + above[i] + left - (above[i - 1] if i else 0)
                    q.append(x)
                    left = x
                    k += 1
                rows.append(tuple(x / SCALE for x in q))
                above = q
            layers.append(tuple(rows))
        return cls(
            d["key"],
            d["step"],
            m,
            o,
            tuple(layers),
            d.get("rounds", 0),
            d.get("seed", 0),
            d.get("players", 2),
        )


def solve(
    outcomes: Counter[tuple[int, Outcome]], step: int, most: int, next_lead: str, players: int, key: str = ""
) -> EquityTable:
    """The chances for every pair of needs, from the rounds' outcomes.

    ``players`` is 2 for two sides (two players or two teams).  ``next_lead``: who opens
    the next round.  "same": the lead rule again, each side alike; "winner": the side
    that won this round (a drawn round: the lead rule); "rotate": the next seat, which
    for two sides is the other side.  With three or four players each for themselves,
    the next opener is each player alike (an approximation of the table's own).
    """
    openers = 2 if players == 2 else 3
    total = {o: sum(w for (who, _), w in outcomes.items() if who == o) for o in range(openers)}
    Timeline = tuple[tuple[int, int], ...]
    groups: list[dict[tuple[int, int, int | None], list[tuple[Timeline, float]]]] = []
    for o in range(openers):
        g: dict[tuple[int, int, int | None], list[tuple[Timeline, float]]] = {}
        for (who, (events, winner)), w in outcomes.items():
            if who == o:
                mine = sum(p for s, p in events if s == 0) // step
                theirs = sum(p for s, p in events if s == 1) // step
                timeline = tuple((s, p // step) for s, p in events)
                g.setdefault((mine, theirs, winner), []).append((timeline, w / total[o]))
        groups.append(g)

    def next_opener(o: int, winner: int | None) -> list[tuple[int, float]]:
        if openers == 3:
            return [(0, 1 / players), (1, 1 / players), (2, 1 - 2 / players)]
        if next_lead == "winner" and winner in (0, 1):
            return [(winner, 1.0)]
        if next_lead == "rotate":
            return [(1 - o, 1.0)]
        return [(0, 0.5), (1, 0.5)]

    table = [[[0.0] * most for _ in range(most)] for _ in range(openers)]
    for a in range(1, most + 1):
        for b in range(1, most + 1):
            known = [0.0] * openers
            loop = [[0.0] * openers for _ in range(openers)]  # rounds that leave (a, b) as it is
            for o in range(openers):
                for (mine, theirs, winner), timelines in groups[o].items():
                    weight = sum(w for _, w in timelines)
                    after = next_opener(o, winner)
                    if mine < a and theirs < b:
                        if mine == 0 and theirs == 0:
                            for o2, q in after:
                                loop[o][o2] += weight * q
                        else:
                            known[o] += weight * sum(
                                q * table[o2][a - mine - 1][b - theirs - 1] for o2, q in after
                            )
                    elif mine >= a and theirs < b:
                        known[o] += weight
                    elif mine >= a and theirs >= b:  # both would reach the target: who got there first
                        known[o] += sum(w * _first(events, a, b) for events, w in timelines)
            solved = _solve_small(loop, known)
            for o in range(openers):
                table[o][a - 1][b - 1] = min(1.0, max(0.0, solved[o]))
    chances = tuple(tuple(tuple(row) for row in layer) for layer in table)
    return EquityTable(key, step, most, openers, chances, players=players)


def _first(events: Iterable[tuple[int, int]], a: int, b: int) -> float:
    """1 if side 0 reaches ``a`` before side 1 reaches ``b``, else 0."""
    got = [0, 0, 0]
    for side, points in events:
        got[side] += points
        if got[0] >= a:
            return 1.0
        if got[1] >= b:
            return 0.0
    return 0.0


def _solve_small(loop: list[list[float]], known: list[float]) -> list[float]:
    """x = known + loop @ x, for two or three unknowns (Gauss-Seidel to convergence)."""
    x = list(known)
    for _ in range(200):
        new = [known[i] + sum(loop[i][j] * x[j] for j in range(len(x))) for i in range(len(x))]
        if max(abs(p - q) for p, q in zip(new, x, strict=True)) < 1e-12:
            return new
        x = new
    return x


# -- the tables shipped with the package ------------------------------------------------------
PRESET_TABLES = [
    ("classic", (2, 3, 4)),
    ("all-fives", (2, 3, 4)),
    ("block", (2, 3, 4)),
    ("reserve", (2, 3, 4)),
    ("partnership", (4,)),
]
TABLES = modelfile.ModelFile(
    "data/equity.json",
    "the match tables",
    1,
    2_000_000,
    "match chances with three or four players left out of the advice (each round played for itself)",
    plural=True,
)
DATA = TABLES.resource


def build(rules: Rules, players: int, rounds: int = ROUNDS, seed: int = SEED) -> EquityTable:
    """A table for a rule set, from ``rounds`` simulated rounds (seeded: reproducible)."""
    fixed = rules.next_lead in ("winner", "rotate") or rules.lead == "chosen"
    outcomes = sample(rules, players, rounds, seed, fixed)
    step = rules.round_to
    most = MOST_POINTS // step + (20 if step > 1 else 0)  # All Fives: up to 250 points
    two = 2 if sides(rules, players) == 2 else players
    table = solve(outcomes, step, most, rules.next_lead, two, key_of(rules, players))
    return EquityTable(table.key, table.step, table.most, table.openers, table.chances, rounds, seed, two)


@cache
def _shipped() -> tuple[dict[str, dict], str | None]:
    """The tables as the file holds them, and why it was not read."""
    doc, trouble = modelfile.load(TABLES)
    if doc is None:
        return {}, trouble
    tables = doc.get("tables")
    if not isinstance(tables, dict) or not all(isinstance(v, dict) for v in tables.values()):
        return {}, TABLES.damaged("it has no tables")
    return tables, None


_damaged: list[str] = []  # the tables found damaged so far in this process, each said once


def model_trouble() -> str | None:
    """One line saying why the match tables, or one of them, are not used, where they
    cannot be read (a table is read when first asked for)."""
    return _shipped()[1] or (_damaged[0] if _damaged else None)


@cache
def _decoded(key: str) -> EquityTable | None:
    data = _shipped()[0].get(key)
    if data is None:
        return None
    try:
        return EquityTable.from_json(data)
    except (KeyError, TypeError, ValueError, IndexError, OverflowError, zlib.error) as e:
        _damaged.append(TABLES.damaged(f"its table for {key} does not read: {e}"))
        raise TableDamaged(_damaged[-1]) from None


class TableDamaged(ValueError):
    """A table in the shipped file does not read."""


# a preset with no table of its own borrows the nearest one's (an approximation, said so)
BORROWS = {"sebastopol": "all-fives"}


def table_for(rules: Rules, players: int) -> EquityTable | None:
    """The shipped table for this rule set's preset and table size, if there is one
    (each is unpacked the first time it is asked for)."""
    try:
        table = _decoded(key_of(rules, players))
        if table is None and rules.name in BORROWS:
            table = _decoded(f"{BORROWS[rules.name]}/{players}")
        return table
    except TableDamaged:
        return None


def chance_among(table: EquityTable, needs: Sequence[int], me: int, opener: int | None = None) -> float:
    """With three or four players each for themselves, your chance of winning the match,
    put together from the table's two-player races: each player's chance of beating
    every other, multiplied, then shared out so the chances add up to one.

    The races are not independent (a player who scores fast beats everyone at once), so
    the plain product overrates the leader; each product is taken to the power
    ``(players - 1) ** -1/3``, which leaves two players exact.  The power was chosen on
    the simulated matches of ``equity --check --seed 7`` (three-player classic and block,
    four-player classic) and is measured on other seeds."""
    if needs[me] <= 0:
        return 1.0
    if any(n <= 0 for n in needs):
        return 0.0
    power = (len(needs) - 1) ** (-1 / 3)
    raw = []
    for i, ni in enumerate(needs):
        p = 1.0
        for j, nj in enumerate(needs):
            if j != i:
                o = None if opener is None else 0 if opener == i else 1 if opener == j else 2
                p *= table.chance(ni, nj, o)
        raw.append(p**power)
    total = sum(raw)
    return raw[me] / total if total else 1 / len(needs)


def build_all(
    rounds: int = ROUNDS,
    seed: int = SEED,
    on_table: Callable[[EquityTable], object] | None = None,
    run: Callable[[Callable, list], Iterable] | None = None,
) -> dict[str, object]:
    """Every shipped table, as the data file holds them; ``run(work, args)`` gives each
    table's build in order wherever it plays them (``measure.cluster``; None: here, one
    after another).  Each table is seeded alike wherever it is built: the same bytes."""
    todo = [(name, players, rounds, seed) for name, counts in PRESET_TABLES for players in counts]
    out: dict[str, dict] = {}
    for table in (run or _here)(_build_one, todo):
        out[table.key] = table.to_json()
        if on_table:
            on_table(table)
    return {"format": TABLES.format, "tables": out}


def _here(work: Callable, args: list) -> Iterable:
    return map(work, args)


def _build_one(args: tuple[str, int, int, int]) -> EquityTable:
    from domino_advisor.games.line.rules import preset

    name, players, rounds, seed = args
    return build(preset(name), players, rounds, seed)

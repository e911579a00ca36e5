"""The dicts of ``--json`` as types: what each command prints, and what the views read.

``schemas/`` is the contract (docs/json.md); these are its shapes as Python types, so
mypy checks every key a producer writes and a view reads.  ``tests/test_shapes.py``
holds the two together: for each schema, the same property names at every level, the
same required keys, compatible JSON types.  A key the schema does not require is
``NotRequired`` here, even where a producer always writes it.  Types only: no logic,
nothing of ours imported, so a module on any layer may use them; they import it under
``TYPE_CHECKING`` (the program never loads it: making these classes costs 5 ms).

Evaluated at import, not postponed (no ``from __future__ import annotations``):
Python 3.11's ``TypedDict`` tells ``NotRequired`` keys only from evaluated types.
"""

from typing import Literal, NotRequired, TypedDict

# -- the counting: how the chances were found (status, where) ---------------------------


class Counting(TypedDict):
    """Exact, or sampled with the chain's steps and two standard errors of the least
    certain chance."""

    method: Literal["exact", "sampled"]
    steps: NotRequired[int]
    error: NotRequired[float]


class HubCounting(Counting):
    """A Mexican Train or Chicken Foot status's counting: also in the table's words."""

    text: str


# -- status --json, the line games (status.schema.json) ----------------------------------


class LikelyLack(TypedDict):
    number: int
    chance: float


class StatusPlayer(TypedDict):
    """Another player, from your seat."""

    name: str
    tiles: int
    cannot_hold: list[int]
    expected_pips: float | None  # None before your hand is logged
    holds_number: NotRequired[list[float]]
    likely_lacks: NotRequired[list[LikelyLack]]  # soft reads, when they are on


class Reads(TypedDict):
    samples: int
    effective: float


class Status(TypedDict):
    round: int
    to_move: str | None
    over: bool
    ends: list[int]
    waiting: NotRequired[list[int]]
    boneyard: int
    hand: list[str]
    players: list[StatusPlayer]
    unseen: list[str]
    where: dict[str, dict[str, float]]  # tile -> place -> chance
    unseen_by_number: NotRequired[list[int]]
    scores: dict[str, int]
    winner: str | None
    warnings: list[str]
    reads: NotRequired[Reads]
    counting: NotRequired[Counting]
    match_over: NotRequired[Literal[True]]
    match_winner: NotRequired[list[str] | None]  # None: a tie


# -- where --json (no schema: docs/json.md) ---------------------------------------------


class Where(TypedDict):
    """Where one tile is, in either family: known in words, else each place's chance."""

    tile: str
    known: str | None
    where: dict[str, float]
    counting: NotRequired[Counting]


# -- advise --json, the line games (advise.schema.json) ----------------------------------


class AdviceMove(TypedDict):
    tile: str
    on: int | None  # the number of the end it joins; None for an opening play
    side: NotRequired[str]
    win: float
    margin: NotRequired[float]
    rollout_win: NotRequired[float]
    exact: NotRequired[bool]
    points_ahead: NotRequired[float]
    match: NotRequired[float]
    match_margin: NotRequired[float]
    reasons: list[str]


class Stakes(TypedDict):
    target: int
    rounds_left: NotRequired[int]
    scores: list[int]
    side: int
    table: str | None
    approximate: bool


class Advice(TypedDict):
    to_move: str
    action: str  # play, draw or pass
    moves: list[AdviceMove]
    win: NotRequired[float]
    margin: NotRequired[float]
    rollout_win: NotRequired[float]
    calibration: NotRequired[str | None]
    samples: NotRequired[int]
    samples_asked: NotRequired[int]
    work: NotRequired[int]
    work_budget: NotRequired[int | None]
    cut_short: NotRequired[bool]
    seconds: NotRequired[float]
    exact: NotRequired[bool]
    partner: NotRequired[str]
    match: NotRequired[float]
    match_margin: NotRequired[float]
    stakes: NotRequired[Stakes]


# -- review --json, the line games (review.schema.json) ----------------------------------

Halves = list[list[int]]  # tiles as their two halves in order: [[6, 4], [4, 1]]


class Branch(TypedDict):
    """A later spinner's arm (spinner=every-double)."""

    side: str
    tiles: Halves


class Drawn(TypedDict):
    """The table as it lies, for a picture (``Layout.drawn``)."""

    line: Halves
    up: Halves
    down: Halves
    spinner: list[int]
    branches: NotRequired[list[Branch]]


class ReviewTable(Drawn):
    hand: Halves


class ReviewDecision(TypedDict):
    round: int
    line: int
    played: str
    best: str
    played_win: float
    best_win: float
    cost: float
    choices: int
    played_match: NotRequired[float]
    best_match: NotRequired[float]
    event: NotRequired[int]
    table: NotRequired[ReviewTable]


class ReviewInsight(TypedDict):
    """Either ``player`` and ``lacks`` or ``tile`` and ``place`` (the schema's oneOf)."""

    round: int
    line: int
    event: str  # the event after which it became known
    text: str
    number: NotRequired[int]
    player: NotRequired[str]
    lacks: NotRequired[list[int]]
    tile: NotRequired[str]
    place: NotRequired[str]


class ReviewRound(TypedDict):
    round: int
    decisions: int
    agreed: int
    cost: float


class Outcome(TypedDict):
    how: str  # out, blocked or target
    winner: str | None
    result: str  # won, lost or drawn, for your side
    points: dict[str, int]


class HindsightChoice(TypedDict):
    seat: str
    move: str
    options: int
    win: float | None  # None: a forced move
    match: NotRequired[float]


class HindsightUnknown(TypedDict):
    round: int
    known: Literal[False]
    reason: str


class HindsightKnown(TypedDict):
    round: int
    known: Literal[True]
    hands: dict[str, list[str]]
    boneyard: list[str]
    notes: list[str]
    actual: Outcome
    hindsight: Outcome
    verdict: str
    choices: list[HindsightChoice]


Hindsight = HindsightUnknown | HindsightKnown


class Review(TypedDict):
    me: str
    samples: int
    decisions: list[ReviewDecision]
    insights: list[ReviewInsight]
    doubles: list[str]
    agreed: int
    total_cost: float
    partner: NotRequired[str]
    rounds: NotRequired[list[ReviewRound]]
    hindsight: NotRequired[list[Hindsight]]


# -- status --json, Mexican Train (train-status.schema.json) -----------------------------


class TrainPlayer(TypedDict):
    name: str
    tiles: int
    may_play_on: list[str]
    cannot_hold: NotRequired[list[int]]  # the others', once your hand is logged
    expected_pips: NotRequired[float]


class Train(TypedDict):
    train: str  # its owner's name, or mexican
    tiles: list[str]
    end: int
    marker: bool


class TrainStatus(TypedDict):
    game: str  # mexican-train
    round: int
    chain: NotRequired[str]
    engine: NotRequired[str]
    over: NotRequired[bool]
    to_move: NotRequired[str | None]
    boneyard: NotRequired[int]
    hand: NotRequired[list[str]]
    double: NotRequired[str | None]
    winner: NotRequired[str | None]
    trains: NotRequired[list[Train]]
    players: list[TrainPlayer]
    your_plays: NotRequired[list[str]]
    scores: dict[str, int]
    unseen_by_number: NotRequired[list[int]]
    where: NotRequired[dict[str, dict[str, float]]]
    counting: NotRequired[HubCounting]
    waiting_for_hand: NotRequired[int]
    warnings: NotRequired[list[str]]
    match_over: NotRequired[Literal[True]]
    match_winner: NotRequired[list[str]]


# -- status --json, Chicken Foot (chicken-status.schema.json) ----------------------------


class ChickenPlayer(TypedDict):
    name: str
    tiles: int
    cannot_hold: NotRequired[list[int]]
    expected_pips: NotRequired[float]


class ChickenWaiting(TypedDict):
    double: str  # head, or the double as a tile
    toes: int
    needs: int


# "from" is a keyword: the functional form
ChickenLine = TypedDict(
    "ChickenLine", {"line": str, "from": str, "tiles": list[str], "end": int, "closed": bool}
)


class ChickenStatus(TypedDict):
    game: str  # chicken-foot
    round: int
    over: NotRequired[bool]
    to_move: NotRequired[str | None]
    boneyard: NotRequired[int]
    hand: NotRequired[list[str]]
    winner: NotRequired[str | None]
    players: list[ChickenPlayer]
    your_plays: NotRequired[list[str]]
    scores: dict[str, int]
    unseen_by_number: NotRequired[list[int]]
    where: NotRequired[dict[str, dict[str, float]]]
    counting: NotRequired[HubCounting]
    waiting_for_hand: NotRequired[int]
    warnings: NotRequired[list[str]]
    head: NotRequired[str]
    waiting: NotRequired[ChickenWaiting | None]
    lines: NotRequired[list[ChickenLine]]
    open: NotRequired[list[str]]
    match_over: NotRequired[Literal[True]]
    match_winner: NotRequired[list[str]]


HubStatus = TrainStatus | ChickenStatus  # a Mexican Train or Chicken Foot log's status


# -- advise --json, Mexican Train and Chicken Foot (no schema: docs/json.md) -------------


class HubMove(TypedDict):
    tile: str
    on: str  # its place: a train (owner or mexican), head, toe3, 4-4
    train: NotRequired[str]  # Mexican Train's name for it (0.8.0)
    expected_pips: float
    margin: float
    out: float
    reasons: list[str]


class HubAdvice(TypedDict):
    game: str
    player: str
    action: str  # play, draw or pass
    samples: int
    samples_asked: int
    cut_short: bool
    seconds: float
    counting: str  # in the table's words
    moves: list[HubMove]


# -- review --json, Mexican Train and Chicken Foot (train-review.schema.json) ------------


class TrainReviewDecision(TypedDict):
    round: int
    event: int
    played: str
    best: str
    played_margin: float
    best_margin: float
    difference: float
    cost: float
    spread: float
    clear: bool
    choices: int
    reasons: list[str]


class TrainReviewInsight(TypedDict):
    round: int
    event: int
    player: str
    lacks: list[int]
    text: str


class TrainReviewSummary(TypedDict):
    decisions: int
    agreed: int
    costly: int
    pips_given_up: float


class TrainReview(TypedDict):
    game: str
    player: str
    samples: int
    decisions: list[TrainReviewDecision]
    insights: list[TrainReviewInsight]
    summary: TrainReviewSummary
    totals: dict[str, int]


# -- progress --json (progress.schema.json) ----------------------------------------------


class ProgressKind(TypedDict):
    kind: str  # voids, count, where or move
    asked: int
    accuracy: float
    recent: float | None  # None before any answer
    lessons: list[float]


class ProgressSources(TypedDict):
    train: int
    practice: int
    drill: int


class ProgressDrills(TypedDict):
    left: int
    due: int


class ProgressReport(TypedDict):
    record: str
    answers: int
    kinds: list[ProgressKind]
    sources: ProgressSources
    drills: ProgressDrills


# -- simulate --json (simulate.schema.json; the train family's has none) -----------------


class SimulateBot(TypedDict):
    bot: str
    seats: int
    games: int
    win_rate: float
    win_ci95: float | None  # None (printed for NaN) from one deal
    tie_rate: float
    points_per_game: float
    points_ci95: float | None


class Simulate(TypedDict):
    rules: str
    players: int
    deals: int
    game: NotRequired[str]  # round or match
    bots: list[SimulateBot]


class TrainSimulateBot(TypedDict):
    bot: str
    seats: int
    total_per_match: float
    total_ci95: float | None
    rounds_won: float


class Paired(TypedDict):
    """The first bot's match total less the second's, paired by deal."""

    first: str
    second: str
    mean: float
    ci95: float | None
    per_deal: list[float]


class TrainSimulate(TypedDict):
    rules: str
    players: int
    deals: int
    matches: int
    rounds_a_match: int
    bots: list[TrainSimulateBot]
    difference: Paired | None


# -- equity --check --json (no schema: a maintainer's view, docs/json.md) ----------------


class EquityState(TypedDict):
    needs: list[int]  # the points each side still needs, yours first
    approximation: float
    simulated: float


class EquityCheck(TypedDict):
    rules: str
    players: int
    target: int
    matches: int
    seed: int
    mean_gap: float
    largest_gap: float
    error: float
    states: list[EquityState]


# -- calibrate --json (calibrate.schema.json) --------------------------------------------


class CalibrationBin(TypedDict):
    low: float
    high: float
    count: int
    shown: float | None  # None: an empty decile
    happened: float | None


class CalibrationScores(TypedDict):
    bins: list[CalibrationBin]
    ece: float
    ece_interval: list[float]
    brier: float


class CalibrationExact(TypedDict):
    decisions: int
    right: int


class CalibrationMap(TypedDict):
    key: str
    games: int
    samples: int
    seed: int
    corrects: bool
    error: float
    raw_error: float


class Calibrate(TypedDict):
    rules: str
    players: int
    games: int
    samples: int
    work_budget: NotRequired[int]  # with --at-table
    seed: int
    decisions: int
    exact: CalibrationExact
    raw: CalibrationScores
    corrected: CalibrationScores | None
    map: CalibrationMap | None

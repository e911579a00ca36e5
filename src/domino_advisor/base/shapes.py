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


class CountingJson(TypedDict):
    """Exact, or sampled with the chain's steps and two standard errors of the least
    certain chance."""

    method: Literal["exact", "sampled"]
    steps: NotRequired[int]
    error: NotRequired[float]


class HubCountingJson(CountingJson):
    """A Mexican Train or Chicken Foot status's counting: also in the table's words."""

    text: str


# -- status --json, the line games (status.schema.json) ----------------------------------


class LikelyLackJson(TypedDict):
    number: int
    chance: float


class StatusPlayerJson(TypedDict):
    """Another player, from your seat."""

    name: str
    tiles: int
    cannot_hold: list[int]
    expected_pips: float | None  # None before your hand is logged
    holds_number: NotRequired[list[float]]
    likely_lacks: NotRequired[list[LikelyLackJson]]  # soft reads, when they are on


class ReadsJson(TypedDict):
    samples: int
    effective: float


class StatusJson(TypedDict):
    round: int
    to_move: str | None
    over: bool
    ends: list[int]
    waiting: NotRequired[list[int]]
    boneyard: int
    hand: list[str]
    players: list[StatusPlayerJson]
    unseen: list[str]
    where: dict[str, dict[str, float]]  # tile -> place -> chance
    unseen_by_number: NotRequired[list[int]]
    scores: dict[str, int]
    winner: str | None
    warnings: list[str]
    reads: NotRequired[ReadsJson]
    counting: NotRequired[CountingJson]
    match_over: NotRequired[Literal[True]]
    match_winner: NotRequired[list[str] | None]  # None: a tie


# -- where --json (no schema: docs/json.md) ---------------------------------------------


class WhereJson(TypedDict):
    """Where one tile is, in either family: known in words, else each place's chance."""

    tile: str
    known: str | None
    where: dict[str, float]
    counting: NotRequired[CountingJson]


# -- advise --json, the line games (advise.schema.json) ----------------------------------


class AdviceMoveJson(TypedDict):
    tile: str
    on: int | None  # the number of the end it joins; None for an opening play
    side: NotRequired[str]
    win: float
    margin: NotRequired[float]
    rollout_win: NotRequired[float]
    exact: NotRequired[bool]
    about_equal: NotRequired[bool]
    goes_out: NotRequired[bool]
    points_ahead: NotRequired[float]
    match: NotRequired[float]
    match_margin: NotRequired[float]
    reasons: list[str]


class StakesJson(TypedDict):
    target: int
    rounds_left: NotRequired[int]
    scores: list[int]
    banked: NotRequired[list[int]]
    side: int
    table: str | None
    approximate: bool


class AdviceJson(TypedDict):
    to_move: str
    action: str  # play, draw or pass
    moves: list[AdviceMoveJson]
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
    stakes: NotRequired[StakesJson]


# -- review --json, the line games (review.schema.json) ----------------------------------

Halves = list[list[int]]  # tiles as their two halves in order: [[6, 4], [4, 1]]


class BranchJson(TypedDict):
    """A later spinner's arm (spinner=every-double)."""

    side: str
    tiles: Halves


class DrawnJson(TypedDict):
    """The table as it lies, for a picture (``Layout.drawn``)."""

    line: Halves
    up: Halves
    down: Halves
    spinner: list[int]
    branches: NotRequired[list[BranchJson]]


class ReviewTableJson(DrawnJson):
    hand: Halves


class ReviewDecisionJson(TypedDict):
    round: int
    line: int
    played: str
    best: str
    played_win: float
    best_win: float
    cost: float
    choices: int
    about_equal: NotRequired[bool]
    error_known: NotRequired[bool]  # False: judged from one sampled deal (issue 39)
    played_match: NotRequired[float]
    best_match: NotRequired[float]
    event: NotRequired[int]
    table: NotRequired[ReviewTableJson]


class ReviewInsightJson(TypedDict):
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


class ReviewRoundJson(TypedDict):
    round: int
    decisions: int
    agreed: int
    cost: float


class OutcomeJson(TypedDict):
    how: str  # out, blocked or target
    winner: str | None
    result: str  # won, lost or drawn, for your side
    points: dict[str, int]


class HindsightChoiceJson(TypedDict):
    seat: str
    move: str
    options: int
    win: float | None  # None: a forced move
    match: NotRequired[float]


class HindsightUnknownJson(TypedDict):
    round: int
    known: Literal[False]
    reason: str


class HindsightKnownJson(TypedDict):
    round: int
    known: Literal[True]
    hands: dict[str, list[str]]
    boneyard: list[str]
    notes: list[str]
    actual: OutcomeJson
    hindsight: OutcomeJson
    verdict: str
    choices: list[HindsightChoiceJson]


HindsightJson = HindsightUnknownJson | HindsightKnownJson


class ReviewJson(TypedDict):
    me: str
    samples: int
    at_defaults: NotRequired[bool]
    decisions: list[ReviewDecisionJson]
    insights: list[ReviewInsightJson]
    doubles: list[str]
    agreed: int
    total_cost: float
    partner: NotRequired[str]
    rounds: NotRequired[list[ReviewRoundJson]]
    hindsight: NotRequired[list[HindsightJson]]


# -- status --json, Mexican Train (train-status.schema.json) -----------------------------


class TrainPlayerJson(TypedDict):
    name: str
    tiles: int
    may_play_on: list[str]
    cannot_hold: NotRequired[list[int]]  # the others', once your hand is logged
    expected_pips: NotRequired[float]


class TrainJson(TypedDict):
    train: str  # its owner's name, or mexican
    tiles: list[str]
    end: int
    marker: bool


class TrainStatusJson(TypedDict):
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
    trains: NotRequired[list[TrainJson]]
    players: list[TrainPlayerJson]
    your_plays: NotRequired[list[str]]
    scores: dict[str, int]
    unseen_by_number: NotRequired[list[int]]
    where: NotRequired[dict[str, dict[str, float]]]
    counting: NotRequired[HubCountingJson]
    waiting_for_hand: NotRequired[int]
    warnings: NotRequired[list[str]]
    match_over: NotRequired[Literal[True]]
    match_winner: NotRequired[list[str]]


# -- status --json, Chicken Foot (chicken-status.schema.json) ----------------------------


class ChickenPlayerJson(TypedDict):
    name: str
    tiles: int
    cannot_hold: NotRequired[list[int]]
    expected_pips: NotRequired[float]


class ChickenWaitingJson(TypedDict):
    double: str  # head, or the double as a tile
    toes: int
    needs: int


# "from" is a keyword: the functional form
ChickenLineJson = TypedDict(
    "ChickenLineJson", {"line": str, "from": str, "tiles": list[str], "end": int, "closed": bool}
)


class ChickenStatusJson(TypedDict):
    game: str  # chicken-foot
    round: int
    over: NotRequired[bool]
    to_move: NotRequired[str | None]
    boneyard: NotRequired[int]
    hand: NotRequired[list[str]]
    winner: NotRequired[str | None]
    players: list[ChickenPlayerJson]
    your_plays: NotRequired[list[str]]
    scores: dict[str, int]
    unseen_by_number: NotRequired[list[int]]
    where: NotRequired[dict[str, dict[str, float]]]
    counting: NotRequired[HubCountingJson]
    waiting_for_hand: NotRequired[int]
    warnings: NotRequired[list[str]]
    head: NotRequired[str]
    waiting: NotRequired[ChickenWaitingJson | None]
    lines: NotRequired[list[ChickenLineJson]]
    open: NotRequired[list[str]]
    match_over: NotRequired[Literal[True]]
    match_winner: NotRequired[list[str]]


# -- status --json, a game drawn as one line of play (line-status.schema.json) -----------


class LineStatusJson(TypedDict):
    game: str  # tiddly-wink, matador: each game drawn as one line of play
    round: int
    over: NotRequired[bool]
    to_move: NotRequired[str | None]  # None at a race (nobody has the move) or once the round is over
    boneyard: NotRequired[int]
    hand: NotRequired[list[str]]
    winner: NotRequired[str | None]
    players: list[ChickenPlayerJson]
    your_plays: NotRequired[list[str]]
    scores: dict[str, int]  # points: the most wins
    unseen_by_number: NotRequired[list[int]]
    where: NotRequired[dict[str, dict[str, float]]]
    counting: NotRequired[HubCountingJson]
    waiting_for_hand: NotRequired[int]
    warnings: NotRequired[list[str]]
    line: NotRequired[list[str]]  # the line of play, left to right, each tile's halves in order
    ends: NotRequired[list[int]]
    drawer: NotRequired[str | None]  # who draws if nobody can play (a race)
    target: NotRequired[int]  # the points that win the match (0: a single round)
    most_wins: NotRequired[Literal[True]]
    match_over: NotRequired[Literal[True]]
    match_winner: NotRequired[list[str]]


# the status of a game told as its table and the counting, by what its table is: trains,
# lines off a head, or one line of play
HubStatusJson = TrainStatusJson | ChickenStatusJson | LineStatusJson


# -- advise --json, Mexican Train and Chicken Foot (no schema: docs/json.md) -------------


class HubMoveJson(TypedDict):
    tile: str
    on: str  # its place: a train (owner or mexican), head, toe3, 4-4
    train: NotRequired[str]  # Mexican Train's name for it (0.8.0)
    expected_pips: float
    margin: float
    out: float
    about_equal: NotRequired[bool]
    behind: NotRequired[float]
    behind_error: NotRequired[float | None]  # None: one world, its error not known
    reasons: list[str]


class HubAdviceJson(TypedDict):
    game: str
    player: str
    action: str  # play, draw or pass
    samples: int
    samples_asked: int
    cut_short: bool
    seconds: float
    counting: str  # in the table's words
    moves: list[HubMoveJson]


# -- review --json, Mexican Train and Chicken Foot (train-review.schema.json) ------------


class HubReviewDecisionJson(TypedDict):
    round: int
    event: int
    line: NotRequired[int]  # the log's line (unreleased)
    played: str
    best: str
    played_margin: float
    best_margin: float
    difference: float
    cost: float
    spread: float | None  # None from one world: not known (issue 39)
    clear: bool
    about_equal: NotRequired[bool]
    choices: int
    reasons: list[str]


class HubReviewInsightJson(TypedDict):
    round: int
    event: int
    line: NotRequired[int]  # the log's line (unreleased)
    player: str
    lacks: list[int]
    text: str


class HubReviewSummaryJson(TypedDict):
    decisions: int
    agreed: int
    costly: int
    pips_given_up: float


class HubOutcomeJson(TypedDict):
    how: str  # out or blocked
    winner: str | None  # who went out (None: blocked)
    pips: dict[str, int]  # each player's pips left


class HubHindsightChoiceJson(TypedDict):
    seat: str
    move: str
    options: int
    margin: float | None  # the mover's expected pips less the others' mean (None: a forced move)


class HubHindsightKnownJson(TypedDict):
    round: int
    known: Literal[True]
    hands: dict[str, list[str]]
    boneyard: list[str]
    notes: list[str]
    actual: HubOutcomeJson
    hindsight: HubOutcomeJson
    verdict: str
    mistake: bool  # your pips in hindsight clearly lower (learning.pipsreview.CLEARLY)
    choices: list[HubHindsightChoiceJson]


HubHindsightJson = HindsightUnknownJson | HubHindsightKnownJson


class HubReviewJson(TypedDict):
    game: str
    player: str
    samples: int
    decisions: list[HubReviewDecisionJson]
    insights: list[HubReviewInsightJson]
    summary: HubReviewSummaryJson
    totals: dict[str, int]
    most_wins: NotRequired[Literal[True]]  # the totals are points, the most winning (Tiddly-wink)
    hindsight: NotRequired[list[HubHindsightJson]]


# -- progress --json (progress.schema.json) ----------------------------------------------


class ProgressKindJson(TypedDict):
    kind: str  # voids, count, where or move
    asked: int
    accuracy: float
    recent: float | None  # None before any answer
    lessons: list[float]


class ProgressSourcesJson(TypedDict):
    train: int
    practice: int
    drill: int


class ProgressDrillsJson(TypedDict):
    kept: int  # every drill kept (none is ever done)
    due: int  # due today
    next_due: str | None  # when the next ones fall due after today (ISO 8601, UTC)
    next_count: int  # how many then


class ProgressSkillJson(TypedDict):
    game: str  # the game family, as people write it
    kind: str
    answers: int
    right: int  # right of the last ``recent``
    recent: int  # the last 20, or fewer
    accuracy: float | None
    low: float  # the 95% Wilson interval of the recent accuracy
    high: float
    curve: list[float]  # the error rate per 5 opportunities, first first
    level: float | None  # Glicko-2 rating
    weak: bool


class ProgressGameJson(TypedDict):
    game: str  # as people write it ("dominoes": the line games, every preset)
    answers: int
    accuracy: float


class ProgressReportJson(TypedDict):
    version: int  # 2: skills, drills as cards (0.11); 1 (unstated): 0.10's
    record: str
    game: str | None  # the game the figures are of (progress --game); None: every game together
    answers: int
    kinds: list[ProgressKindJson]
    sources: ProgressSourcesJson
    drills: ProgressDrillsJson
    games: list[ProgressGameJson]  # each game's answers and accuracy, whatever --game says
    overall: float | None  # right answers of every answer shown
    skills: list[ProgressSkillJson]


# -- simulate --json (simulate.schema.json; the train family's has none) -----------------


class OpeningJson(TypedDict, total=False):
    """Extension (issue 29): a bot's games as the opener, where a game is one round."""

    opened: int  # games its side opened
    opener_win_rate: float | None  # ... the share of them it won (None: it opened none)


class SimulateBotJson(OpeningJson):
    bot: str
    seats: int
    games: int
    win_rate: float
    win_ci95: float | None  # None (printed for NaN) from one deal
    tie_rate: float
    points_per_game: float
    points_ci95: float | None


class SimulateJson(TypedDict):
    rules: str
    players: int
    deals: int
    game: NotRequired[str]  # round or match
    bots: list[SimulateBotJson]


class HubSimulateBotJson(TypedDict):
    bot: str
    seats: int
    total_per_match: float
    total_ci95: float | None
    rounds_won: float


class PairedJson(TypedDict):
    """The first bot's match total less the second's, paired by deal."""

    first: str
    second: str
    mean: float
    ci95: float | None
    per_deal: list[float]


class HubSimulateJson(TypedDict):
    rules: str
    players: int
    deals: int
    matches: int
    rounds_a_match: int | float  # a match to a target may take more or fewer rounds
    bots: list[HubSimulateBotJson]
    difference: PairedJson | None
    most_wins: NotRequired[bool]  # only where the most points win (Tiddly-wink): higher totals are better


# -- equity --check --json (no schema: a maintainer's view, docs/json.md) ----------------


class EquityStateJson(TypedDict):
    needs: list[int]  # the points each side still needs, yours first
    approximation: float
    simulated: float


class EquityCheckJson(TypedDict):
    rules: str
    players: int
    target: int
    matches: int
    seed: int
    mean_gap: float
    largest_gap: float
    error: float
    states: list[EquityStateJson]


# -- calibrate --json (calibrate.schema.json) --------------------------------------------


class CalibrationBinJson(TypedDict):
    low: float
    high: float
    count: int
    shown: float | None  # None: an empty decile
    happened: float | None


class CalibrationScoresJson(TypedDict):
    bins: list[CalibrationBinJson]
    ece: float
    ece_interval: list[float]
    brier: float


class CalibrationExactJson(TypedDict):
    decisions: int
    right: int


class CalibrationMapJson(TypedDict):
    key: str
    games: int
    samples: int
    work: int | None  # the budget of work its games were advised at (None: a fixed count)
    seed: int
    corrects: bool
    error: float
    raw_error: float


class CalibrateJson(TypedDict):
    rules: str
    players: int
    games: int
    samples: int
    work_budget: NotRequired[int]  # at the table's budget (without --samples)
    seed: int
    decisions: int
    exact: CalibrationExactJson
    raw: CalibrationScoresJson
    corrected: CalibrationScoresJson | None
    map: CalibrationMapJson | None

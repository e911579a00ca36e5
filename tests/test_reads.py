"""Soft reads against a weighted enumeration written here: every deal the log allows,
each weighted by the chance the play-style model gives the plays it shows, computed
with tuples and plain loops (no code shared with ``reads`` but the rules' replay that
made the position)."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from itertools import combinations

import pytest
from click.testing import CliRunner

from domino_advisor import api
from domino_advisor.cli.app import main
from domino_advisor.counting.inference import infer
from domino_advisor.counting.reads import Reads, Style, choices, soft_reads, style_for
from domino_advisor.games.line.rules import preset
from domino_advisor.games.line.view import SeatView
from domino_advisor.log.gamelog import loads
from domino_advisor.measure.reads_fit import fit
from positions import random_round

STYLE = Style(pips=0.3, double=1.0)


def invoke(args):
    return CliRunner().invoke(main, args)


def _score(t: tuple[int, int]) -> float:
    return STYLE.pips * (t[0] + t[1]) + STYLE.double * (t[0] == t[1])


def _bears(t, n) -> bool:
    return n in t


def play_features(tile, met, ends, held, lacks) -> tuple[int, ...]:
    """What the model of play sees of laying ``tile`` on an end showing ``met``, written
    out from its definition with tuples: pips, double, the rest of the hand that follows
    on the ends left, the rest bearing the number left showing, and whether every end left
    is a number the next player has passed on."""
    left = list(ends)
    left.remove(met)
    showing = tile[0] if tile[1] == met else tile[1]
    after = {*left, showing}
    rest = [u for u in held if u != tile]
    follows = sum(1 for u in rest if any(_bears(u, n) for n in after))
    keeps = sum(1 for u in rest if _bears(u, showing))
    blocks = 1 if lacks and after <= lacks else 0
    return (tile[0] + tile[1], int(tile[0] == tile[1]), follows, keeps, blocks)


def play_score(style: Style, tile, met, ends, held, lacks) -> float:
    feats = play_features(tile, met, ends, held, lacks)
    return sum(w * f for w, f in zip(style.weights, feats, strict=True))


def play_chance(style: Style, tile, met, ends, held, lacks, scale: float = 1.0) -> float:
    """The chance the model gives that play among every way the hand could have played
    (a way of choosing by the tile alone counts each tile once, wherever it fits)."""
    ways = [(u, m) for u in held for m in sorted(set(ends)) if _bears(u, m)]
    if not (style.follows or style.keeps or style.blocks):
        ways = [(u, m) for u, m in ways if m == min(n for n in set(ends) if _bears(u, n))]
        met = min(n for n in set(ends) if _bears(tile, n))
    total = sum(math.exp(scale * play_score(style, u, m, ends, held, lacks)) for u, m in ways)
    return math.exp(scale * play_score(style, tile, met, ends, held, lacks)) / total


def weighted_truth(
    view: SeatView, style: Style | None = None
) -> dict[tuple[int, int], dict[int | None, float]]:
    """Every consistent deal of a game with no draws and a chosen opener, weighted: by
    0.5.0's model of the tile alone (``STYLE``), or with ``style`` by the model of play."""
    top = view.rules.top
    seen = {(t.high, t.low) for t in view.hand} | {(t.high, t.low) for t in view.table}
    unseen = [(h, lo) for h in range(top + 1) for lo in range(h + 1) if (h, lo) not in seen]
    others = view.opponents
    history = [
        (a.seat, a.kind, None if a.tile is None else (a.tile.high, a.tile.low), set(a.ends))
        for a in view.history
    ]
    raw_ends = [tuple(a.ends) for a in view.history]
    mets = [a.met for a in view.history]
    lacks_then = []  # the numbers the next seat passed on before each move
    passed: dict[int, set[int]] = {}
    for s, kind, _, ends in history:
        lacks_then.append(set(passed.get((s + 1) % view.seats, set())))
        if kind == "pass":
            passed.setdefault(s, set()).update(ends)
    acc = {t: dict.fromkeys([*others, None], 0.0) for t in unseen}
    total = 0.0

    def deals(pool, seats):
        if not seats:
            yield {}
            return
        s, rest = seats[0], seats[1:]
        for hand in combinations(pool, view.counts[s]):
            left = [t for t in pool if t not in hand]
            for more in deals(left, rest):
                yield {s: set(hand), **more}

    # the mixture written out: each way of choosing (component, scale) with its share beforehand
    mixture = [
        (part, scale, 1 / (len(style.components) * len(part.scales)))
        for part in (style.components if style is not None else ())
        for scale in part.scales
    ]
    for hands in deals(unseen, others):
        weight = 1.0
        mixed = {s: [share for _, _, share in mixture] for s in others}  # each seat's own mixture
        for i, (s, kind, tile, ends) in enumerate(history):
            if s == view.me:
                continue
            held = set(hands[s]) | {t for (s2, k2, t, _) in history[i:] if s2 == s and k2 == "play"}
            fits = [t for t in held if t[0] in ends or t[1] in ends]
            if kind == "pass" and fits:
                weight = 0.0
                break
            if kind == "play" and i > 0 and style is not None:
                for k, (part, scale, _) in enumerate(mixture):
                    mixed[s][k] *= play_chance(part, tile, mets[i], raw_ends[i], held, lacks_then[i], scale)
            elif kind == "play" and i > 0:
                weight *= math.exp(_score(tile)) / sum(math.exp(_score(t)) for t in fits)
        if weight and style is not None:
            weight = math.prod(sum(m) for m in mixed.values())
        if not weight:
            continue
        total += weight
        placed = {t: s for s, h in hands.items() for t in h}
        for t in unseen:
            acc[t][placed.get(t)] += weight
    return {t: {loc: v / total for loc, v in p.items()} for t, p in acc.items()}


TABLES = [
    (preset("block", {"set": "4", "hand": "3", "lead": "chosen"}), 3),
    (preset("block", {"set": "4", "hand": "4", "lead": "chosen"}), 2),
    (preset("partnership", {"set": "4", "hand": "3", "lead": "chosen"}), 4),
]


# Cases 0 to 2 are one of each table: the fast tier's; 3 to 8 the slow tier's (each case
# weighs 20,000 sampled deals, about a second).
@pytest.mark.parametrize("case", [*range(3), *(pytest.param(c, marks=pytest.mark.slow) for c in range(3, 9))])
def test_soft_reads_match_the_weighted_enumeration(case):
    rules, seats = TABLES[case % len(TABLES)]
    rng = random.Random(case)
    match = random_round(rules, seats, rng, cut=rng.randrange(3, 3 * seats + 2))
    view = SeatView.of(match.round, 0)
    inf = infer(view)
    if not inf.unseen:
        pytest.skip("nothing hidden")
    truth = weighted_truth(view)
    soft = soft_reads(inf, STYLE, samples=20000, seed=case)
    for t in inf.unseen:
        for loc, p in truth[(t.high, t.low)].items():
            assert soft.probability[t][loc] == pytest.approx(p, abs=0.02), (str(t), loc)


FULL = Style(pips=0.2, double=0.7, follows=0.5, keeps=-0.4, blocks=1.2)
MIXED = replace(FULL, scales=(1.0, 3.0), also=(Style(0.3, 1.0, scales=(1.0, 2.0, 6.0)),))


# The model of play, every feature weighted: one case (three players, a mixture) in the fast
# tier, the rest in the slow.
@pytest.mark.parametrize("case", [0, *(pytest.param(c, marks=pytest.mark.slow) for c in range(1, 12))])
def test_the_model_of_play_matches_the_weighted_enumeration(case):
    rules, seats = TABLES[case % len(TABLES)]
    rng = random.Random(1000 + case)
    match = random_round(rules, seats, rng, cut=rng.randrange(4, 3 * seats + 2))
    view = SeatView.of(match.round, 0)
    inf = infer(view)
    if not inf.unseen or not choices(view):
        pytest.skip("nothing hidden, or no play to read")
    style = MIXED if case % 3 != 1 else FULL  # a mixture of ways of choosing, or one
    truth = weighted_truth(view, style)
    soft = soft_reads(inf, style, samples=20000, seed=case)
    for t in inf.unseen:
        for loc, p in truth[(t.high, t.low)].items():
            assert soft.probability[t][loc] == pytest.approx(p, abs=0.02), (str(t), loc)


def test_the_fits_rows_are_the_plays_as_written_out(tmp_path):
    """Every choice of a finished round with every hand known, as the fit reads it: each
    option's features and the play made, against the definition written out with tuples."""
    from domino_advisor.measure.reads_fit import rows_of

    rules = preset("block")
    for case in range(4):
        match = random_round(rules, 2, random.Random(40 + case), cut=99)
        r = match.round
        full, simple = rows_of(r)
        hands = {s: {(t.high, t.low) for t in r.dealt[s]} for s in range(2)}
        want, want_simple = [], []
        passed: dict[int, set[int]] = {}
        for i, a in enumerate(r.history):
            if a.kind == "pass":
                passed.setdefault(a.seat, set()).update(a.ends)
            if a.kind != "play":
                continue
            tile = (a.tile.high, a.tile.low)
            held = set(hands[a.seat])
            hands[a.seat].discard(tile)
            if i == 0:
                continue
            lacks = passed.get((a.seat + 1) % 2, set())
            ways = sorted((u, m) for u in held for m in set(a.ends) if _bears(u, m))
            if len(ways) > 1:
                options = sorted(play_features(u, m, a.ends, held, lacks) for u, m in ways)
                want.append((options, play_features(tile, a.met, a.ends, held, lacks)))
            tiles = sorted({u for u, _ in ways})
            if len(tiles) > 1:
                want_simple.append((sorted((u[0] + u[1], int(u[0] == u[1])) for u in tiles), tile))
        got = [(sorted(options), options[chosen]) for options, chosen in full]
        assert got == want
        got_simple = [(sorted(options), options[chosen]) for options, chosen in simple]
        assert got_simple == [(o, (t[0] + t[1], int(t[0] == t[1]))) for o, t in want_simple]


def test_soft_chances_sum_to_one_and_stay_within_the_counting():
    rules, seats = TABLES[0]
    for case in range(6):
        match = random_round(rules, seats, random.Random(100 + case), cut=5)
        inf = infer(SeatView.of(match.round, 0))
        soft = soft_reads(inf, STYLE, samples=500, seed=case)
        for t in inf.unseen:
            assert sum(soft.probability[t].values()) == pytest.approx(1.0)
            for loc, p in soft.probability[t].items():
                if inf.probability[t][loc] == 0:  # what the counting rules out stays out
                    assert p == 0
        for s in inf.view.opponents:
            certain = inf.cannot_hold(s)
            assert all(soft.lacks[s][n] == pytest.approx(1.0) for n in certain)
            assert all(0.0 <= p <= 1.0 + 1e-9 for p in soft.lacks[s].values())
            assert all(n not in certain for n, _ in soft.likely(s, certain))


def test_only_choices_after_the_last_draw_are_read():
    text = """\
[Rules "classic"]
[Players "me ana"]
[Me "me"]
round 1
me holds 6-6 5-5 4-4 3-3 2-2 1-1 0-0
me plays 6-6
ana plays 6-5
me plays 5-5
ana plays 5-4
me plays 4-4
ana draws 2
ana plays 4-1
me plays 1-1
ana plays 1-0
"""
    pos = api.Position.of(loads(text))
    read = choices(pos.view)
    # 6-5 and 5-4 came before ana drew (what she held then depends on what she drew); 4-1 and 1-0 after
    assert [str(c.tile) for c in read] == ["4-1", "1-0"]


def test_the_fit_recovers_a_known_style():
    """Choices generated by a known style are fitted back to it (maximum likelihood)."""
    rng = random.Random(5)
    truth = Style(0.25, 0.8)
    observations = []
    for _ in range(4000):
        options = [(rng.randrange(13), rng.random() < 0.2) for _ in range(rng.randrange(2, 6))]
        weights = [math.exp(truth.pips * p + truth.double * d) for p, d in options]
        observations.append((tuple(options), rng.choices(range(len(options)), weights)[0]))
    got = fit(observations)
    assert got.pips == pytest.approx(truth.pips, abs=0.04)
    assert got.double == pytest.approx(truth.double, abs=0.25)


def test_the_fit_survives_a_player_who_always_sheds_the_heaviest():
    """Separable choices (the likelihood grows without end): finite, steep, no overflow."""
    rng = random.Random(6)
    observations = []
    for _ in range(300):
        options = [(p, rng.random() < 0.3) for p in rng.sample(range(13), 3)]
        observations.append((tuple(options), max(range(3), key=lambda i: options[i][0])))
    got = fit(observations)
    assert math.isfinite(got.pips) and got.pips > 2
    with pytest.raises(ValueError, match="cannot tell"):
        fit([(((3, False), (3, False)), 0)] * 10)


def test_a_world_where_the_play_was_natural_weighs_more():
    """bob played 6-1 on the 6-6: a deal giving him the 6-5 (heavier, and playable) makes that less likely."""
    text = """\
[Rules "block"]
[Players "me bob"]
[Me "me"]
round 1
me holds 6-6 4-4 4-3 3-3 3-2 2-2 2-0
me plays 6-6
bob plays 6-1
"""
    pos = api.Position.of(loads(text))
    r = Reads(pos.view, STYLE)
    tiles = {str(t): t for t in pos.inference.unseen}
    base = {t: None for t in pos.inference.unseen}
    with_65 = {**base, tiles["6-5"]: 1}
    with_10 = {**base, tiles["1-0"]: 1}
    assert r.log_weight(with_65) < r.log_weight(with_10)


READS_LOG = """\
[Rules "block"]
[Players "me bob"]
[Me "me"]
round 1
me holds 6-6 6-5 6-4 6-3 5-5 4-4 2-1
me plays 6-6
bob plays 6-1
me plays 2-1
bob plays 2-0
me plays 6-5
bob plays 5-1
"""


def test_status_shows_likely_reads_and_the_switch_turns_them_off(tmp_path):
    assert style_for(preset("block"), 2) is not None  # shipped
    f = tmp_path / "g.dom"
    f.write_text(READS_LOG)
    on = json.loads(invoke(["status", "--json", str(f)]).output)
    off = json.loads(invoke(["status", "--json", "--no-reads", str(f)]).output)
    assert "reads" in on and "likely_lacks" in on["players"][0]
    assert "reads" not in off and "likely_lacks" not in off["players"][0]
    assert {k: v for k, v in on.items() if k != "reads"} == {
        **off,
        "players": [{**p, "likely_lacks": on["players"][0]["likely_lacks"]} for p in off["players"]],
    }
    text = invoke(["status", str(f)]).output
    assert "likely, from how they played" in text
    assert "probably no 6" in text
    assert "from how they played" not in invoke(["status", "--no-reads", str(f)]).output
    assert api.Position.of(loads(READS_LOG), reads=False).reads is None


def test_advice_without_reads_is_the_advice_of_the_uniform_counting():
    pos_off = api.Position.of(loads(READS_LOG), reads=False)
    a = api.advice_of(pos_off, samples=60, seed=3, seconds=None)
    from domino_advisor.advice.advise import Options, advise

    b = advise(pos_off.match.round, pos_off.match.me, Options(samples=60, seed=3))
    assert [(str(c.tile), c.win) for c in a.moves] == [(str(c.tile), c.win) for c in b.moves]
    pos_on = api.Position.of(loads(READS_LOG))
    c = api.advice_of(pos_on, samples=60, seed=3, seconds=None)
    assert all(0.0 <= m.win <= 1.0 for m in c.moves)
    assert all(m.tally.effective <= m.tally.played + 1e-9 for m in c.moves)


def test_the_config_switches_reads_off(tmp_path, monkeypatch):
    cfg = tmp_path / "config.toml"
    cfg.write_text("reads = false\n")
    monkeypatch.setenv("DOMINO_ADVISOR_CONFIG", str(cfg))
    f = tmp_path / "g.dom"
    f.write_text(READS_LOG)
    assert "reads" not in json.loads(invoke(["status", "--json", str(f)]).output)
    assert "reads" in json.loads(invoke(["status", "--json", "--reads", str(f)]).output)
    assert "--no-reads" in invoke(["config"]).output
    cfg.write_text('reads = "no"\n')  # a game in progress goes on, with the built-in defaults (issue 39)
    result = invoke(["status", "--json", str(f)])
    assert result.exit_code == 0 and "reads should be true or false" in result.stderr
    assert "reads" in json.loads(result.stdout)


def test_weights_far_apart_neither_overflow_nor_change_the_chances(monkeypatch):
    """A deal thousands of times likelier than the first (log weights hundreds apart):
    the sums are rebased, and the chances and margins stay finite."""
    from domino_advisor.advice.advise import Options, advise
    from domino_advisor.advice.candidate import Candidate

    c = Candidate(None, None, None)
    for w, v in ((1.0, 2), (3.0, 0), (0.5, 2)):
        c.tally.count(w, v)
    before = (c.win, c.tally.effective, c.margin)
    c.tally.rescale(1e-100)
    assert (c.win, c.tally.effective) == pytest.approx(before[:2]) and c.margin == pytest.approx(before[2])

    steps = iter(range(0, 10**6, 400))
    monkeypatch.setattr(Reads, "log_weight", lambda self, world: float(next(steps)))
    pos = api.Position.of(loads(READS_LOG))
    options = Options(samples=12, seed=1, style=STYLE)
    advice = advise(pos.match.round, pos.match.me, options)
    for m in advice.moves:
        assert math.isfinite(m.win) and math.isfinite(m.margin) and 0 <= m.win <= 1
        assert m.tally.effective == pytest.approx(1.0, abs=1e-6)  # the last world outweighs the rest


def test_the_reads_setting_keeps_the_other_train_defaults(tmp_path):
    from domino_advisor.cli import config

    settings = config.parse('rules = "block"\nreads = false\n[train]\nplayers = 2\nbots = "heavy"\n')
    defaults = settings.default_map()
    assert defaults["train"] == {"rules_name": "block", "seats": 2, "bots": "heavy", "reads": False}
    assert defaults["status"] == {"reads": False}

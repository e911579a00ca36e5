"""``basic-advisor`` is 0.4.0's advisor, so head-to-head figures measure against what
users had: on 30 positions it ranks the moves as 0.4.0 did, chance for chance
(``tests/data/advisor-0.4.0.json``, made by 0.4.0 itself)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from domino_advisor.advice.advise import Options, advise
from domino_advisor.games.line.bots import heuristic
from domino_advisor.games.line.deal import deal_round
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.players import make_player as line_player
from domino_advisor.games.line.rules import preset
from domino_advisor.measure.bots import AdvisorBot

DATA = json.loads((Path(__file__).parent / "data" / "advisor-0.4.0.json").read_text())
NAMES = ["me", "ana", "bob", "cy"]


def position(case):
    rng = random.Random(case["seed"])
    match = Match(preset(case["rules"], {"target": "0"}), NAMES[: case["seats"]])
    deal_round(match, rng)
    r = match.round
    assert case["cut"] == rng.randrange(2, 5 * case["seats"])
    for _ in range(case["cut"]):
        match.apply(rng.choice(legal_moves(r)))
    return r


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: f"{c['rules']}-{c['seats']}-{c['seed']}")
def test_the_basic_advisor_ranks_as_040_did(case):
    r = position(case)
    player = line_player("basic-advisor", AdvisorBot)
    assert player.policy is heuristic and not player.reads and player.solve_drawing == 0
    options = Options(
        samples=DATA["samples"],
        seed=case["seed"],
        reasons=False,
        policy=player.policy,
        solve_drawing=player.solve_drawing,
    )
    a = advise(r, r.turn, options)
    assert [[str(c.tile), c.side, round(c.win, 9)] for c in a.moves] == case["moves"]

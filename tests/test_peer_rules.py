"""Independent truth for the rules: games played by another program's engine, the
``dominoes`` package (PyPI 6.1.0), replayed through our log and our engine.

That package plays four partners with no boneyard, the 6-6 holder opening with it: our
``partnership`` preset.  At every turn both engines must offer the same plays (a tile
and the number it joins; a tile that fits two ends showing one number is offered once
by both), the same ends must show after each play, the log written from one seat's
view must replay, and the round must end the same way: the same player out with the
same points, or the same side winning a blocked round (or both calling it a tie).

Where the two differ by design: a blocked round's points.  The package's winning team
scores every hand's pips, its own included; ours (``out=all``) scores every hand but
that of the winning team's player with fewer pips.  Only the winner is compared there.
"""

from __future__ import annotations

import random

import pytest

from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import NewRound, Pass, Play
from domino_advisor.games.line import lead
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.moves import legal_moves, setup_round
from domino_advisor.games.line.rules import preset
from domino_advisor.games.line.scoring import side_of
from domino_advisor.log.gamelog import loads

dominoes = pytest.importorskip("dominoes")

NAMES = ["p0", "p1", "p2", "p3"]
RULES = preset("partnership")


def _tile(d) -> Tile:
    return Tile(d.first, d.second)


def _their_plays(game) -> set[tuple[Tile, int]]:
    left, right = game.board.left_end(), game.board.right_end()
    return {(_tile(d), left if on_left else right) for d, on_left in game.valid_moves}


def _our_plays(r) -> set[tuple[Tile, int]]:
    out = set()
    for m in legal_moves(r):
        if isinstance(m, Play):
            side = r.layout.resolve(m.tile, m.on, False)
            out.add((m.tile, r.layout.end(side).number))
    return out


def _pass(match: Match, lines: list[str]) -> None:
    r = match.round
    assert _our_plays(r) == set(), "a pass where our engine has a play"
    move = Pass(NAMES[r.turn])
    match.apply(move)
    lines.append(str(move))


def play_one(seed: int) -> None:
    random.seed(seed)  # the package deals from the global generator
    game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
    holder = game.starting_player  # Game.new has played its 6-6 already
    hands = [[_tile(d) for d in h] for h in game.hands]
    hands[holder].append(Tile(6, 6))
    match = Match(RULES, NAMES)
    match.apply(NewRound(1))
    r = match.round
    setup_round(r, [tuple(h) for h in hands], [])
    assert [(s, t) for s, t in lead.openings(RULES, r.opening, r.hands)] == [(holder, Tile(6, 6))]
    lines = [f"p0 holds {' '.join(str(t) for t in sorted(hands[0], reverse=True))}"]
    opening = Play(NAMES[holder], Tile(6, 6))
    match.apply(opening)
    lines.append(str(opening))
    rng = random.Random(seed)
    while game.result is None:
        while r.turn != game.turn:  # the package skips a player with no play; we log a pass
            _pass(match, lines)
        assert _our_plays(r) == _their_plays(game)
        d, on_left = rng.choice(game.valid_moves)
        number = game.board.left_end() if on_left else game.board.right_end()
        tile = _tile(d)
        side = next(e.side for e in r.layout.ends if e.number == number)
        move = Play(NAMES[r.turn], tile, r.layout.written(tile, side, False))
        match.apply(move)
        lines.append(str(move))
        game.make_move(d, on_left)
        assert sorted(r.layout.numbers) == sorted([game.board.left_end(), game.board.right_end()])
    while not r.over:  # a stuck board: the package stops, our players pass in turn
        _pass(match, lines)
    result, ours = game.result, r.result()
    if result.won:
        assert r.how == "out" and ours.winner == result.player
        assert ours.points[side_of(result.player, RULES)] == abs(result.points)
    elif result.points == 0:
        assert r.how == "blocked" and ours.winner is None
    else:
        assert r.how == "blocked" and side_of(ours.winner, RULES) == (0 if result.points > 0 else 1)
    _replays_from_one_seat(match, lines, ours)


def _replays_from_one_seat(match: Match, lines: list[str], ours) -> None:
    """The log p0 would keep replays, and with the hands shown scores the round alike."""
    r = match.round
    shows = [
        f"{NAMES[s]} shows {' '.join(str(t) for t in sorted(r.hands[s], reverse=True))}"
        for s in range(1, 4)
        if r.hands[s]
    ]
    text = '[Rules "partnership"]\n[Players "p0 p1 p2 p3"]\nround 1\n' + "\n".join(lines + shows) + "\n"
    replayed = loads(text).replay().round
    assert replayed.over
    res = replayed.result()
    assert (res.winner, res.points) == (ours.winner, ours.points)


@pytest.mark.parametrize("seed", range(40))
def test_games_of_the_dominoes_package_replay_through_our_engine(seed):
    play_one(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40, 540))
def test_many_games_of_the_dominoes_package(seed):
    play_one(seed)

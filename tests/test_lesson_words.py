"""One lesson plays every game (issue 40): what it reads of a game, every game of the
registry answers.  Its words say a play as the lesson asks for it and read each play
typed back as itself (its tile, and ``on`` its place), its round is dealt with your seat
named, and says how it ended."""

from __future__ import annotations

import random

import pytest

from domino_advisor.base.errors import DominoError
from domino_advisor.games import registry
from domino_advisor.games.events import Play
from domino_advisor.games.words import PlayWords, read_play, words_of

GAMES = registry.every_game()
IDS = [g.name for g in GAMES]


def played(game, seed: int):
    rules = game.round_only(game.rules_from(game.rules_names()[0], ""))
    return game.deal_round(rules, ["me", "ana", "bob"], random.Random(seed), you=0)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_games_words_say_what_a_lesson_asks(game):
    r = played(game, 0)
    words = words_of(r)
    for name in [n for n in dir(PlayWords) if not n.startswith("_")] + list(PlayWords.__annotations__):
        assert hasattr(words, name), f"{game.name}'s words have no {name}"
    title, start = words.practice(r)
    assert title and isinstance(start, str)
    assert words.MOVE in ("move", "play")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_each_play_typed_reads_back_as_itself_and_the_round_says_how_it_ended(game):
    rng = random.Random(7)
    for seed in range(3):
        r = played(game, seed)
        assert r.end_words() is None
        while not r.over:
            seat = r.next_actor(rng)
            moves = r.moves_of(seat)
            plays = [m for m in moves if isinstance(m, Play)]
            if seat == 0 and plays:
                words = words_of(r)
                assert words.prompt_example(r, plays)
                for p in plays:
                    typed = str(p.tile) if p.on is None else f"{p.tile} on {p.on}"
                    assert read_play(typed, r, plays) == p, (game.name, typed)
            r.apply(rng.choice(moves))
        said = r.end_words()
        assert said is not None and said.startswith("round over")


def test_a_line_move_is_refused_in_the_tables_words():
    game = registry.game_for("classic")
    r = played(game, 1)
    rng = random.Random(1)
    while r.layout.is_empty or r.next_actor(rng) != 0:
        r.apply(r.moves_of(r.next_actor(rng))[0])
    plays = [m for m in r.moves_of(0) if isinstance(m, Play)]
    held = {p.tile for p in plays} | set(r.hands[0])
    missing = next(p for p in r.hands[1] if p not in held and r.layout.can_play(p))
    with pytest.raises(DominoError, match="write a move like 64 or 64 on 4"):
        read_play("", r, plays)
    with pytest.raises(DominoError, match=f"you do not hold {missing}"):
        read_play(str(missing), r, plays)

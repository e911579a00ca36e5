"""A peer engine at our table: the ``dominoes`` package (PyPI, 6.1.0).

Its players sort a ``dominoes.Game``'s valid moves by preference.  The adapter
rebuilds that Game from our round as the seat to move would see it (its own hand,
the board, every pass; the other hands are handed over only because the package's
sampler asks for the pool of unseen tiles, which is public knowledge when there is
no boneyard) and plays the package's first choice.  Only the rule set both engines
share makes sense here: four players, partners, no boneyard (our ``partnership``).
"""

from __future__ import annotations

import random

from domino_advisor.base.errors import RulesError
from domino_advisor.base.tiles import Tile
from domino_advisor.games.events import Event, Play
from domino_advisor.games.line.moves import legal_moves
from domino_advisor.games.line.state import Round


def _require():
    try:
        import dominoes
    except ImportError:
        raise RulesError("the peer bots need the dominoes package: pip install -e '.[peers]'") from None
    import dominoes

    return dominoes


class PeerPlayer:
    """The package's strongest player: it samples possible hands and searches each.

    ``dominoes`` (the default): 8 samples, the search from move 12, heaviest tile
    first before it; ``dominoes-strong``: the settings issue 12 measures against, 20
    samples, the search from move 8, doubles first before it."""

    def __init__(self, samples: int = 8, start_move: int = 12, first: str = "bota_gorda"):
        self.name = "dominoes" if first == "bota_gorda" else "dominoes-strong"
        self.samples = samples
        self.start_move = start_move
        self.first = first

    def _player(self, dominoes):
        greedy = getattr(dominoes.players, self.first)
        search = dominoes.players.probabilistic_alphabeta(
            start_move=self.start_move, sample_size=self.samples, player=greedy
        )

        def play(game):
            greedy(game)  # the simple preference until the search takes over
            search(game)

        return play

    def choose(self, r: Round, seat: int, rng: random.Random) -> Event:
        moves = [m for m in legal_moves(r) if r.match.seat(m.player) == seat]
        plays = [m for m in moves if isinstance(m, Play)]
        if len(plays) <= 1 or r.layout.is_empty:
            return moves[0]
        if r.match.seats != 4 or r.rules.teams != "partners" or r.rules.draws or r.stock:
            raise RulesError("the dominoes package plays four partners with no boneyard only")
        dominoes = _require()
        game = self.game_of(r, seat, dominoes)
        random.seed(rng.getrandbits(32))  # the package draws from the global generator
        self._player(dominoes)(game)
        d, left = game.valid_moves[0]
        tile = Tile(d.first, d.second)
        side = "left" if left else "right"
        return Play(r.name(seat), tile, r.layout.written(tile, side, r.rules.all_fives))

    @staticmethod
    def game_of(r: Round, seat: int, dominoes):
        board = dominoes.Board()
        moves: list[tuple[object, bool] | None] = []
        first = r.history[0]
        for a in r.history:
            if a.kind == "pass" or a.tile is None:
                moves.append(None)
                continue
            d = dominoes.Domino(a.tile.high, a.tile.low)
            left = a.side != "right"
            if a.side is None:  # the opening: our left end shows the high half, as theirs does
                left = True
            board.add(d, left)
            moves.append((d, left))
        hands = [
            dominoes.Hand([dominoes.Domino(t.high, t.low) for t in sorted(r.hand_of(s))])
            for s in range(r.match.seats)
        ]
        game = dominoes.Game(board, hands, moves, seat, (), first.seat, None)
        game._update_valid_moves()
        return game

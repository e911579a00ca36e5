"""What to log next in the games played through their round alone (Mexican Train,
Chicken Foot, Tiddly-wink), in the words of the table (the game's ``next_step``, which
``log.guide`` asks for every game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domino_advisor.games.registry import GameMatch


def next_step(m: GameMatch) -> str | None:
    """One sentence, as the line games say it: your hand at a new round;
    once a round is over, the tiles each other player has left (their pips go on their
    totals), then the next round; the end of the match.  None while play goes on."""
    r, top = m.round, m.rules.top
    if m.pending is not None or r is None:
        hand = f"'{m.me} holds {top}-5 {top - 1}-3 ...'"
        return f"log your hand for round {m.pending or 1}: {hand} (in the session, just the tiles)"
    if not r.over:
        return None
    left = m.to_count()
    if left:
        who = [m.players[s] for s in left]
        return (
            f"round {r.number} is over: log what {' and '.join(who)} {'has' if len(who) == 1 else 'have'} "
            f"left, the tiles shown ('{who[0]} s {top}-3 4-1') or the pips counted ('{who[0]} c 14'): "
            "the pips left go on each total"
        )
    if m.match.finished:
        won = [m.players[s] for s in m.match.winners()]  # the lowest total, or the most points
        best = m.totals[m.players.index(won[0])]
        return f"the match is over: {' and '.join(won)} {'wins' if len(won) == 1 else 'share it'} with {best}"
    how = "blocked" if r.winner is None else f"{m.players[r.winner]} went out"
    nxt = f"start the next with 'round {r.number + 1}', then your new hand"
    return f"round {r.number} is scored ({how}): {nxt}"

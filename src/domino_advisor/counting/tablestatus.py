"""The status of a game whose status is its table and the counting (``status --json`` of
Mexican Train, Chicken Foot and Tiddly-wink, ``HubStatusJson``): the game's table in its
own keys (``Game.table``), then what the counting says from your seat.

The counting is every game's (``counting.inference`` over the seat's view): each
opponent's hand is the dealt group plus one group per draw, and what each move proves is
the game's own to say (its view's ``evidence()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domino_advisor.games.registry import GameMatch, game_for

if TYPE_CHECKING:
    from domino_advisor.base import shapes
    from domino_advisor.counting.position import Position


def table_of(m: GameMatch) -> shapes.HubStatusJson:
    """The table for people and programs: each train, who may play where, your hand,
    the tiles in front of each player, the boneyard, the totals (``status_of`` adds the
    counting)."""
    r = m.round
    out: shapes.TrainStatusJson = {  # Chicken Foot's shape has the same keys up to the round's own
        "game": m.rules.name,
        "round": len(m.rounds),
        "players": [],
        "scores": dict(zip(m.players, m.totals, strict=True)),
    }
    if m.pending is not None:
        out["waiting_for_hand"] = m.pending
    if m.match.finished and not m.to_count():  # every hand with tiles left counted
        out["match_over"] = True
        out["match_winner"] = [m.players[s] for s in m.match.winners()]
    if r is None:
        return out
    out.update(
        {
            "over": r.over,
            "to_move": None if (mover := r.mover()) is None else m.players[mover],
            "boneyard": r.boneyard,
            "hand": [str(t) for t in sorted(r.hands[m.viewer] or (), reverse=True)],
            "winner": None if r.winner is None else m.players[r.winner],
        }
    )
    game: Any = game_for(m.rules.name)
    table: shapes.HubStatusJson = game.table(m, r, out)
    return table


def status_of(pos: Position) -> shapes.HubStatusJson:
    """The table (``table_of``) and what the counting says from your seat: the numbers
    each player certainly lacks, the unseen tiles of each number, where each unseen tile
    is, and how the chances were found."""
    m: GameMatch = pos.match
    out = table_of(m)
    r = m.round
    inf = pos.inference
    if r is None or inf is None:
        return out
    top = m.rules.top
    for s, entry in enumerate(out["players"]):
        if s == m.viewer:
            continue
        entry["cannot_hold"] = inf.cannot_hold(s) if r.counts[s] else list(range(top + 1))
        entry["expected_pips"] = round(float(inf.expected_pips(s, m.value)), 2)
    out["unseen_by_number"] = [sum(1 for t in inf.unseen if t.bears(n)) for n in range(top + 1)]
    out["where"] = {str(t): {k: round(v, 9) for k, v in inf.where(t).items()} for t in inf.unseen}
    out["counting"] = {**inf.counting(), "text": inf.method}  # error: two standard errors, as everywhere
    if inf.warnings:
        out["warnings"] = [str(w) for w in inf.warnings]
    return out

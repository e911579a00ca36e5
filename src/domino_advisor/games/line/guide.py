"""What to log next in the line games, in the words of the table: your hand at a new
round, who opens, who must show or count at the end, the next round, the end of the
match (the game's ``next_step``, which ``log.guide`` asks for every game)."""

from __future__ import annotations

from domino_advisor.games.line import lead
from domino_advisor.games.line.match import Match
from domino_advisor.games.line.scoring import side_of


def next_step(match: Match) -> str | None:
    """One sentence: what the log needs now; None while play simply goes on."""
    r = match.round
    me = match.players[match.viewer] if match.viewer is not None else match.players[0]
    if r is None:
        return f"start with 'round 1', then your hand: '{me} holds 6-6 5-3 ...'"
    if not r.dealt_ready:
        return (
            f"log your hand for round {r.number}: '{me} holds 6-6 5-3 ...' (in the session, just the tiles)"
        )
    if r.over:
        return _after_the_round(match)
    if r.layout.is_empty and r.to_move() is None:
        return _who_opens(match)
    return None


def _who_opens(match: Match) -> str:
    r = match.playing
    rules = match.rules
    if lead.free(rules, r.opening):
        return "anyone may open (lead=chosen): log the opening play, like 'ana 64' or 'me 66'"
    me = match.me
    mine = r.hands[me] or set()
    doubles = sorted((t for t in mine if t.is_double), reverse=True)
    if rules.lead == "highest-double":
        rule = "the highest double opens, played first"
    else:
        rule = "whoever holds the highest double opens, with any tile"
    if doubles:
        held = f"you hold {doubles[0]} but not every double above it"
        mine_line = f"'{match.players[me]} {doubles[0].high}{doubles[0].low}'"
        return (
            f"who opens: {rule} (lead={rules.lead}); {held}: ask the table; if nobody holds a "
            f"higher double you open, log {mine_line}, else log their opening, like 'ana 66'"
        )
    return f"who opens: {rule} (lead={rules.lead}); log the opening play as you see it, like 'ana 66'"


def _after_the_round(match: Match) -> str:
    r = match.playing
    result = r.result()
    if r.how == "target" and r.out is not None:
        return f"the match is over: {_side(match, r.out)} reached the target of {match.rules.target}"
    if result is None:
        who = r.missing_counts()
        return (
            f"round {r.number} is over: log what {' and '.join(who)} "
            f"{'has' if len(who) == 1 else 'have'} left, the tiles shown ('{who[0]} s 33 21') "
            f"or the pips counted ('{who[0]} c 14')"
        )
    if match.finished:
        side = match.match_winner()
        winners = [p for s, p in enumerate(match.players) if side_of(s, match.rules) == side]
        return "the match is over" + (f": {' and '.join(winners)} won it" if winners else "")
    won = ""
    if result.winner is not None:
        points = sum(result.points.values())
        won = f"{_side(match, result.winner)} won it ({points} point{'s' if points != 1 else ''}); "
    unseen = [
        match.players[s] for s in range(match.seats) if s != match.me and r.counts[s] and s not in r.shown
    ]
    shows = (
        f" (if you saw the tiles {' and '.join(unseen)} had left, log them, like '{unseen[0]} s 33 21': "
        "review replays the round in hindsight only from hands it knows)"
        if unseen
        else ""
    )
    nxt = f"start the next with 'round {r.number + 1}', then your new hand"
    return f"round {r.number} is scored: {won}{nxt}{shows}"


def _side(match: Match, seat: int) -> str:
    """Who won: the player, or both partners."""
    side = side_of(seat, match.rules)
    return " and ".join(p for s, p in enumerate(match.players) if side_of(s, match.rules) == side)

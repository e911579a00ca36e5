"""The advisor in process: the same dicts the CLI prints with ``--json`` (DESIGN §3)."""

from __future__ import annotations

from dataclasses import dataclass

from .game import Match
from .gamelog import GameLog, loads
from .inference import Inference, infer
from .view import SeatView

DIGITS = 9  # probabilities and expectations are printed to 1e-9


def _num(x) -> float:
    return round(float(x), DIGITS)


@dataclass
class Position:
    """A replayed log with its inference, shared by status, render and the CLI."""

    log: GameLog
    match: Match
    view: SeatView | None
    inference: Inference | None

    @classmethod
    def of(cls, log: GameLog) -> "Position":
        match = log.replay()
        r = match.round
        view = inf = None
        if r is not None and r.dealt[match.viewer] is not None:
            view = SeatView.of(r, match.viewer)
            inf = infer(view)
        return cls(log, match, view, inf)

    @property
    def warnings(self) -> list[str]:
        out = list(self.match.warnings)
        if self.inference:
            out += [w for w in self.inference.warnings if w not in out]
        return out


def status_of(pos: Position) -> dict:
    match, r, inf = pos.match, pos.match.round, pos.inference
    names = match.players
    me = match.viewer
    result = r.result() if r else None
    out: dict = {
        "round": r.number if r else 0,
        "to_move": None if r is None or r.to_move() is None else names[r.to_move()],
        "over": bool(r and r.over),
        "ends": list(r.layout.numbers) if r else [],
        "boneyard": r.boneyard if r else 0,
        "hand": [str(t) for t in sorted(r.hands[me] or (), reverse=True)] if r else [],
        "players": [],
        "unseen": [],
        "where": {},
        "scores": match.player_scores(),
        "winner": names[result.winner] if result and result.winner is not None else None,
        "warnings": pos.warnings,
    }
    if r is None:
        return out
    top = match.rules.set
    for s in range(match.seats):
        if s == me:
            continue
        entry = {"name": names[s], "tiles": r.counts[s]}
        if inf is not None:
            entry["cannot_hold"] = inf.cannot_hold(s)
            entry["expected_pips"] = _num(inf.expected_pips(s))
            entry["holds_number"] = [_num(inf.holds_number(s, n)) for n in range(top + 1)]
        else:
            entry["cannot_hold"] = r.cannot_hold(s)
            entry["expected_pips"] = None
        out["players"].append(entry)
    if inf is not None:
        out["unseen"] = [str(t) for t in inf.unseen]
        out["where"] = {str(t): {k: _num(v) for k, v in inf.where(t).items()} for t in inf.unseen}
        out["unseen_by_number"] = [sum(1 for t in inf.unseen if t.bears(n)) for n in range(top + 1)]
    if match.finished:
        side = match.match_winner()
        out["match_over"] = True
        out["match_winner"] = None if side is None else [
            names[s] for s in range(match.seats) if match.rules.teams != "partners" and s == side
            or match.rules.teams == "partners" and s % 2 == side]
    return out


def status(log_text: str) -> dict:
    """``status --json`` for a log given as text."""
    return status_of(Position.of(loads(log_text)))

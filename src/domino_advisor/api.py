"""The advisor in process: the same dicts the CLI prints with ``--json`` (docs/json.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_advisor.base.budgets import ADVICE_SECONDS
from domino_advisor.counting.inference import Inference
from domino_advisor.counting.position import DIGITS, Position, _num, where_of
from domino_advisor.log.gamelog import GameLog, loads

if TYPE_CHECKING:
    from typing import TypedDict

    from domino_advisor.base import shapes

    class _Held(TypedDict, total=False):
        """Status's one key between others that may be left out (fill-first's held ends)."""

        waiting: list[int]


__all__ = ["DIGITS", "Position", "advice_of", "advise", "schema", "status", "status_of", "where_of"]


def _round_winner(r, result, names) -> str | None:
    """Who won the round: known the moment someone goes out, else once hands are counted."""
    if r is None or not r.over:
        return None
    if r.how in ("out", "target"):
        return names[r.out]
    return names[result.winner] if result and result.winner is not None else None


def status_of(pos: Position) -> shapes.StatusJson:
    match, r, inf = pos.match, pos.match.round, pos.inference
    names = match.players
    me = match.me
    result = r.result() if r else None
    to_move = r.to_move() if r else None
    held: _Held = {"waiting": [e.number for e in r.layout.held]} if r and r.layout.held else {}
    out: shapes.StatusJson = {
        "round": r.number if r else 0,
        "to_move": None if to_move is None else names[to_move],
        "over": bool(r and r.over),
        "ends": list(r.layout.numbers) if r else [],
        **held,
        "boneyard": r.boneyard if r else 0,
        "hand": [str(t) for t in sorted(r.hand_of(me), reverse=True)] if r and r.dealt[me] else [],
        "players": [],
        "unseen": [],
        "where": {},
        "scores": match.player_scores(),
        "winner": _round_winner(r, result, names),
        "warnings": [str(d) for d in pos.warnings],
    }
    if r is None:
        return out
    top = match.rules.top
    for s in range(match.seats):
        if s == me:
            continue
        entry: shapes.StatusPlayerJson
        if inf is not None:
            lacks = inf.cannot_hold(s)
            entry = {
                "name": names[s],
                "tiles": r.counts[s],
                "cannot_hold": lacks,
                "expected_pips": _num(inf.expected_pips(s)),
            }
            holds = [float(inf.holds_number(s, n)) for n in range(top + 1)]
            entry["holds_number"] = [_num(p) for p in holds]
            if pos.reads is not None:
                counted = [1 - p for p in holds]
                entry["likely_lacks"] = [
                    {"number": n, "chance": round(p, 3)} for n, p in pos.reads.likely(s, lacks, counted)
                ]
        else:
            entry = {
                "name": names[s],
                "tiles": r.counts[s],
                "cannot_hold": r.cannot_hold(s),
                "expected_pips": None,
            }
        out["players"].append(entry)
    if inf is not None:
        out["unseen"] = [str(t) for t in inf.unseen]
        out["where"] = {str(t): {k: _num(v) for k, v in inf.where(t).items()} for t in inf.unseen}
        out["unseen_by_number"] = [sum(1 for t in inf.unseen if t.bears(n)) for n in range(top + 1)]
        out["counting"] = counting_of(inf)
    if pos.reads is not None:
        out["reads"] = {"samples": pos.reads.samples, "effective": round(pos.reads.effective, 1)}
    if match.finished:
        side = match.match_winner()
        out["match_over"] = True
        out["match_winner"] = (
            None if side is None else [names[s] for s in range(match.seats) if match.side_of(s) == side]
        )
    return out


def counting_of(inf: Inference) -> shapes.CountingJson:
    """How the chances were found: counted exactly, or sampled with a stated error."""
    return inf.counting()


def status(log_text: str, reads: bool = True) -> shapes.StatusJson:
    """``status --json`` for a log given as text."""
    return status_of(Position.of(loads(log_text), reads))


def advice_of(
    pos: Position, samples: int | None = None, seed: int = 0, seconds: float | None = ADVICE_SECONDS
):
    """The advisor's ranking for your seat in a replayed log (raises if it is not your turn)."""
    from domino_advisor.advice.advise import Options
    from domino_advisor.advice.advise import advise as run_advisor
    from domino_advisor.base.errors import IllegalMoveError

    r, me = pos.match.round, pos.match.me
    if r is None or r.dealt[me] is None:
        raise IllegalMoveError("there is nothing to advise yet: log your hand first")
    if r.over:
        raise IllegalMoveError(f"round {r.number} is over: there is no move to advise")
    to_move = r.to_move()
    choosing = (
        to_move is None and r.layout.is_empty and (r.opening == "chosen" or r.rules.lead == "chosen")
    )  # the table picks who opens: if you do
    if to_move != me and not choosing:
        if to_move is None:
            from domino_advisor.log.guide import next_step

            raise IllegalMoveError(next_step(pos.match) or "who opens is not known yet: log the opening play")
        raise IllegalMoveError(f"it is {r.name(to_move)}'s turn, not yours: advice is for your own turn")
    return run_advisor(
        r,
        me,
        Options(samples=samples, seed=seed, seconds=seconds, style=pos.style),
        inference=pos.inference,
        spent=pos.counting_seconds,
    )


def advice_dict(advice) -> shapes.AdviceJson:
    """``advise --json`` of an advice of the line games (``advice.chance.as_dict``)."""
    data: shapes.AdviceJson = advice.as_dict()
    return data


def advice_data(pos: Position, samples: int | None, seed: int, seconds: float | None) -> shapes.AdviceJson:
    """The advice's data for your seat (``advise --json``): the line games' part."""
    return advice_dict(advice_of(pos, samples, seed, seconds))


def advise(
    log_text: str,
    samples: int | None = None,
    seed: int = 0,
    seconds: float | None = ADVICE_SECONDS,
    reads: bool = True,
) -> shapes.AdviceJson:
    """``advise --json`` for a log given as text."""
    return advice_dict(advice_of(Position.of(loads(log_text), reads), samples, seed, seconds))


def schema(command: str) -> dict:
    """The JSON Schema of a command's ``--json`` output, as shipped in the package (status,
    advise, review, simulate, calibrate, progress; the status of a log of a game told as
    its table: train-status, chicken-status, line-status; train-review: the review of a
    game won by the fewest pips).  Which a game's status follows is its ``status_schema``."""
    import json
    from importlib import resources

    folder = resources.files("domino_advisor").joinpath("schemas")
    found = folder.joinpath(f"{command}.schema.json")
    if "/" in command or not found.is_file():
        names = sorted(
            f.name.removesuffix(".schema.json") for f in folder.iterdir() if f.name.endswith(".schema.json")
        )
        raise ValueError(f"no schema for '{command}' (the schemas are {', '.join(names)})")
    return json.loads(found.read_text("utf-8"))


def calibration_dict(
    report, rules: str, players: int, games: int, samples: int, seed: int, cal
) -> shapes.CalibrateJson:
    """``calibrate --json``: the reliability of the rollouts' chances and of the chances
    shown (through the shipped map), on self-play games of the given seed."""

    def scores(s) -> shapes.CalibrationScoresJson:
        return {
            "bins": [
                {
                    "low": b.low,
                    "high": b.high,
                    "count": b.count,
                    "shown": _num(b.shown) if b.count else None,
                    "happened": _num(b.happened) if b.count else None,
                }
                for b in s.bins
            ],
            "ece": _num(s.ece),
            "ece_interval": [_num(s.ece_low), _num(s.ece_high)],
            "brier": _num(s.brier),
        }

    return {
        "rules": rules,
        "players": players,
        "games": games,
        "samples": samples,
        "seed": seed,
        "decisions": report.decisions,
        "exact": {"decisions": report.exact, "right": report.exact_right},
        "raw": scores(report.raw),
        "corrected": None if report.corrected is None else scores(report.corrected),
        "map": None
        if cal is None
        else {
            "key": cal.key,
            "games": cal.games,
            "samples": cal.samples,
            "work": cal.work,
            "seed": cal.seed,
            "corrects": bool(cal.knots),
            "error": cal.error,
            "raw_error": cal.raw_error,
        },
    }


def model_troubles(log: GameLog, pos: Position) -> list[str]:
    """Why a model the advice uses could not be read, each in one line: the play model (the
    status also shows it among its warnings), and where the game's advice shows a chance of
    winning, the calibration maps and the game's match tables (asked after the advice: a
    table is read when the advice first needs it)."""
    from domino_advisor.advice import calibration
    from domino_advisor.games.registry import part

    said = [pos.model_trouble]
    if part(log.game, "judging").measure == "chance":
        said.append(calibration.model_trouble())
        if log.game.parts.equity is not None:  # the game's match tables, where it has them
            said.append(part(log.game, "equity").model_trouble())
    return [s for s in said if s]

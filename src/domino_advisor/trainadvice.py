"""Advice for Mexican Train: which tile on which train, and why.

Each play you could make is tried in the same sampled worlds (the hidden hands drawn
from the counting's posterior, the boneyard shuffled), and the round is played out by
the planning bot in every seat; the play with the lowest pips left against the others'
is advised.  The reasons come from that plan and the counts: the line it keeps for your
own train, the double and who can answer it, the number it leaves where others play,
who is close to going out.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field

from .errors import IllegalMoveError
from .events import Play
from .inference import Inference
from .layout import describe_numbers
from .tiles import Tile
from .trains.bots import heuristic_policy
from .trains.game import MEXICAN, Key, TrainRound
from .trains.match import legal_moves
from .trains.plan import longest_line
from .trainseat import TrainSeatView, count

DEFAULT_SAMPLES = 100
DEFAULT_SECONDS = 1.0
# Standard errors by which another play must beat the plan's move to be advised over it.
# The worlds are few and the round long, so a play ahead by noise would often be worse:
# on the pilot seeds (101, 202, 303, never the README's) the advisor at 20 worlds with
# no such bar played a round of engine 12-12 +2.5 pips against the heuristic (-4.1 to
# +9.1), with 1.5 -3.8 (-7.9 to +0.2) and -2.7 (-5.4 to -0.0).
SURE = 1.5


@dataclass
class TrainChoice:
    tile: Tile
    train: str  # the owner's name, or mexican
    pips: list[int] = field(default_factory=list)  # your pips left at the round's end, per world
    margins: list[float] = field(default_factory=list)  # yours less the others' mean, per world
    out: int = 0  # worlds where you went out
    reasons: list[str] = field(default_factory=list)

    @property
    def margin(self) -> float:
        return statistics.fmean(self.margins) if self.margins else 0.0

    @property
    def expected_pips(self) -> float:
        return statistics.fmean(self.pips) if self.pips else 0.0

    def as_dict(self) -> dict:
        return {
            "tile": str(self.tile),
            "train": self.train,
            "expected_pips": round(self.expected_pips, 2),
            "margin": round(self.margin, 2),
            "out": round(self.out / len(self.pips), 4) if self.pips else 0.0,
            "reasons": self.reasons,
        }


@dataclass
class TrainAdvice:
    player: str
    action: str  # play, draw or pass
    moves: list[TrainChoice]
    samples: int
    seconds: float
    method: str  # how the hidden hands were counted

    def as_dict(self) -> dict:
        return {
            "game": "mexican-train",
            "player": self.player,
            "action": self.action,
            "samples": self.samples,
            "seconds": round(self.seconds, 3),
            "counting": self.method,
            "moves": [m.as_dict() for m in self.moves],
        }


def advise(
    r: TrainRound,
    seat: int,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    seconds: float | None = DEFAULT_SECONDS,
    sure: float = SURE,
) -> TrainAdvice:
    """Advice for ``seat`` (whose hand is known; the others' are not looked at)."""
    started = time.perf_counter()
    name = r.names[seat]
    if r.over or r.turn != seat:
        raise IllegalMoveError(f"it is not {name}'s turn: advice is for your own turn")
    plays = r.plays(seat)
    if not plays:
        action = "draw" if r.drew is False and r.boneyard > 0 else "pass"
        return TrainAdvice(name, action, [], 0, time.perf_counter() - started, "")
    view = TrainSeatView.of(r, seat)
    inf = count(view)
    choices = [TrainChoice(t, r.place_name(k)) for t, k in plays]
    rng = random.Random(seed)
    done = 0
    while done < samples:
        if seconds is not None and done and time.perf_counter() - started > seconds:
            break
        world = _world(r, seat, inf, rng)
        roll_seed = rng.getrandbits(32)
        for choice in choices:  # the same world and the same rollout dice for every play
            _play_out(world, seat, choice, random.Random(roll_seed))
        done += 1
    for choice, (_, key) in zip(choices, plays, strict=True):
        choice.reasons = _reasons(r, seat, choice, key, inf)
    planned = _planned(r, choices)
    choices.sort(key=lambda c: (c.margin, c.expected_pips))
    if planned is not None and planned is not choices[0] and not _clearly_better(choices[0], planned, sure):
        choices.remove(planned)
        choices.insert(0, planned)
        planned.reasons.insert(
            0, f"the plan's move: {choices[1].tile} on {choices[1].train} is not clearly better"
        )
    return TrainAdvice(name, "play", choices, done, time.perf_counter() - started, inf.method)


def _planned(r: TrainRound, choices: list[TrainChoice]) -> TrainChoice | None:
    """The planning bot's own choice here (it reads only your hand and the table)."""
    move = heuristic_policy(r, legal_moves(r), random.Random(0))
    if not isinstance(move, Play):
        return None
    return next((c for c in choices if c.tile == move.tile and c.train == move.on), None)


def _clearly_better(best: TrainChoice, planned: TrainChoice, sure: float) -> bool:
    """Better than the plan's move by ``sure`` standard errors of the paired difference."""
    if sure <= 0:
        return True
    diffs = [a - b for a, b in zip(best.margins, planned.margins, strict=True)]
    if len(diffs) < 2:
        return False
    spread = statistics.stdev(diffs) / len(diffs) ** 0.5
    return statistics.fmean(diffs) < -sure * spread if spread > 0 else statistics.fmean(diffs) < 0


def _world(r: TrainRound, seat: int, inf: Inference, rng: random.Random) -> TrainRound:
    """The round with every hidden hand drawn from the posterior, the boneyard shuffled."""
    where = inf.sample(rng)
    full = r.clone()
    for s in range(len(r.names)):
        if s != seat:
            full.hands[s] = {t for t, place in where.items() if place == s}
    stock = [t for t, place in where.items() if place is None]
    rng.shuffle(stock)
    full.stock = stock
    return full


def _play_out(world: TrainRound, seat: int, choice: TrainChoice, rng: random.Random) -> None:
    r = world.clone(checked=False)  # every move below is one ``plays`` offered
    r.apply(Play(r.names[seat], choice.tile, choice.train))
    while not r.over:
        r.apply(heuristic_policy(r, legal_moves(r), rng))
    left = [r.pips_left(s) or 0 for s in range(len(r.names))]
    others = [p for s, p in enumerate(left) if s != seat]
    choice.pips.append(left[seat])
    choice.margins.append(left[seat] - statistics.fmean(others))
    choice.out += r.winner == seat


def _reasons(r: TrainRound, seat: int, choice: TrainChoice, key: Key, inf: Inference) -> list[str]:
    """Why, from the plan and the counts, in the table's words."""
    out: list[str] = []
    hand = r.hands[seat] or set()
    tile = choice.tile
    own = r.trains[seat]
    line = longest_line(hand, own.end)
    train = r.trains[key]
    end_after = tile.other(train.end)
    if r.double is not None:
        out.append(f"answers the double on {_train(r, r.double)}")
    if key == seat:
        if own.marker:
            out.append("takes the marker off your train")
        if len(line) >= 2 and tile == line[0]:
            shown = " ".join(map(str, line[:4])) + (" …" if len(line) > 4 else "")
            out.append(f"lays the first of your line of {len(line)} ({shown})")
    elif tile not in line and len(line) >= 2:
        out.append(f"keeps your line of {len(line)} for your own train")
    elif tile in line and len(line) >= 2:
        out.append(f"breaks your line of {len(line)} (a tile it needs)")
    if key == MEXICAN and not train.tiles:
        out.append("starts the Mexican train")
    out.append(f"sheds {tile.pips} pip{'' if tile.pips == 1 else 's'}")
    if tile.is_double:
        cannot = [r.names[s] for s in range(len(r.names)) if s != seat and tile.high in inf.cannot_hold(s)]
        after = " you play again, on it" if r.rules.double_again else " the next player must answer it"
        out.append(f"a double:{after}" + (f" ({', '.join(cannot)} certainly cannot)" if cannot else ""))
    elif key != seat:
        lacking = [r.names[s] for s in range(len(r.names)) if s != seat and end_after in inf.cannot_hold(s)]
        if lacking:
            verb = "lacks" if len(lacking) == 1 else "lack"
            out.append(
                f"leaves {end_after} on {_train(r, key)}, which {describe_numbers(lacking)} certainly {verb}"
            )
    close = [r.names[s] for s in range(len(r.names)) if s != seat and 0 < r.counts[s] <= 2]
    if close:
        out.append(f"{describe_numbers(close)} {'is' if len(close) == 1 else 'are'} close to going out")
    return out


def _train(r: TrainRound, key: Key) -> str:
    return "the Mexican train" if key == MEXICAN else f"{r.place_name(key)}'s train"

"""Advice for Mexican Train and Chicken Foot: which tile where, and why.

Each play you could make is tried in the same sampled worlds (the hidden hands drawn
from the counting's posterior, the boneyard shuffled), and the round is played out by
the game's heuristic bot in every seat; the play with the lowest pips left against the
others' is advised, unless the heuristic's own move is not clearly worse.  The reasons
come from the plan and the counts: the line it keeps for your own train, the double and
who can answer it (in Chicken Foot, who can put toes on it), the number it leaves where
others play, who is close to going out.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from domino_advisor.base.budgets import TRAIN_ADVICE_SAMPLES, TRAIN_ADVICE_SECONDS
from domino_advisor.base.errors import IllegalMoveError
from domino_advisor.base.tiles import Tile
from domino_advisor.counting.hubseat import TrainSeatView, count
from domino_advisor.counting.inference import Inference
from domino_advisor.games.chicken import bots as chicken_bots
from domino_advisor.games.chicken.rules import GAME as CHICKEN
from domino_advisor.games.chicken.state import ChickenRound
from domino_advisor.games.events import Play
from domino_advisor.games.line.layout import describe_numbers
from domino_advisor.games.trains import bots as train_bots
from domino_advisor.games.trains.match import Policy, legal_moves
from domino_advisor.games.trains.plan import longest_line
from domino_advisor.games.trains.state import MEXICAN, Key, TrainRound

if TYPE_CHECKING:
    from typing import TypedDict

    from domino_advisor.base import shapes

    class _Train(TypedDict, total=False):
        """A move's one key between others that may be left out (Mexican Train's ``train``)."""

        train: str


DEFAULT_SAMPLES = TRAIN_ADVICE_SAMPLES  # their home is budgets
DEFAULT_SECONDS = TRAIN_ADVICE_SECONDS
# Standard errors by which another play must beat the plan's move to be advised over it.
# The worlds are few and the round long, so a play ahead by noise would often be worse:
# on the pilot seeds (101, 202, 303, never the README's) the advisor at 20 worlds with
# no such bar played a round of engine 12-12 +2.5 pips against the heuristic (-4.1 to
# +9.1), with 1.5 -3.8 (-7.9 to +0.2) and -2.7 (-5.4 to -0.0).
SURE = 1.5


@dataclass
class TrainChoice:
    tile: Tile
    train: str  # where it goes: the owner's name or mexican; in Chicken Foot head, toe3, 4-4
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

    def as_dict(self, game: str = "mexican-train") -> shapes.HubMove:
        named: _Train = (
            {} if game == CHICKEN else {"train": self.train}
        )  # Mexican Train's name for it, as in 0.8.0
        return {
            "tile": str(self.tile),
            "on": self.train,  # where it goes (since 0.9.0)
            **named,
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
    game: str = "mexican-train"
    asked: int = 0  # the worlds asked for
    cut: bool = False  # a time limit the user set stopped the work before it was done

    def as_dict(self) -> shapes.HubAdvice:
        return {
            "game": self.game,
            "player": self.player,
            "action": self.action,
            "samples": self.samples,
            "samples_asked": self.asked,
            "cut_short": self.cut,
            "seconds": round(self.seconds, 3),
            "counting": self.method,
            "moves": [m.as_dict(self.game) for m in self.moves],
        }


def advise(
    r: TrainRound | ChickenRound,
    seat: int,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    seconds: float | None = DEFAULT_SECONDS,
    sure: float = SURE,
) -> TrainAdvice:
    """Advice for ``seat`` (whose hand is known; the others' are not looked at), from
    ``samples`` worlds: the same round gives the same advice on any machine.
    ``seconds``: a clock limit, only where the user asks for one (then said if it cut)."""
    started = time.perf_counter()
    name = r.names[seat]
    if r.over or r.turn != seat:
        raise IllegalMoveError(f"it is not {name}'s turn: advice is for your own turn")
    plays = r.plays(seat)
    if not plays:
        action = "draw" if r.drew is False and r.boneyard > 0 else "pass"
        return TrainAdvice(name, action, [], 0, time.perf_counter() - started, "", r.rules.name)
    plays, same = r.alike(plays)
    view = TrainSeatView.of(r, seat)
    inf = count(view)  # to its fixed steps: the time limit, if any, is for the worlds
    choices = [TrainChoice(t, r.place_name(k)) for t, k in plays]
    rng = random.Random(seed)
    done = 0
    cut = False
    while done < samples:
        if seconds is not None and done and time.perf_counter() - started > seconds:
            cut = True
            break
        world = _world(r, seat, inf, rng)
        roll_seed = rng.getrandbits(32)
        for choice in choices:  # the same world and the same rollout dice for every play
            _play_out(world, seat, choice, random.Random(roll_seed))
        done += 1
    for choice, (_, key) in zip(choices, plays, strict=True):
        if isinstance(r, ChickenRound):
            choice.reasons = _chicken_reasons(r, seat, choice, key, inf)
            if same.get((choice.tile, key)):
                choice.reasons.append(f"the same as on {', '.join(same[(choice.tile, key)])} (the same end)")
        else:
            choice.reasons = _reasons(r, seat, choice, key, inf)
    planned = _planned(r, choices)
    choices.sort(key=lambda c: (c.margin, c.expected_pips))
    if planned is not None and planned is not choices[0] and not _clearly_better(choices[0], planned, sure):
        choices.remove(planned)
        choices.insert(0, planned)
        whose = "the heuristic's move" if isinstance(r, ChickenRound) else "the plan's move"
        other = f"{choices[1].tile} on {choices[1].train}"
        planned.reasons.insert(0, f"kept as {whose}: {other} did better here, but not clearly")
    spent = time.perf_counter() - started
    return TrainAdvice(name, "play", choices, done, spent, inf.method, r.rules.name, samples, cut)


def policy_of(r: TrainRound | ChickenRound) -> Policy:
    """The game's heuristic bot: what the rollouts play, and the move the advice keeps
    unless another is clearly better."""
    return chicken_bots.heuristic_policy if isinstance(r, ChickenRound) else train_bots.heuristic_policy


def _planned(r: TrainRound | ChickenRound, choices: list[TrainChoice]) -> TrainChoice | None:
    """The heuristic bot's own choice here (it reads only your hand and the table)."""
    move = policy_of(r)(r, legal_moves(r), random.Random(0))
    if not isinstance(move, Play):
        return None
    return choice_for(r, choices, move.tile, str(move.on))


def choice_for(
    r: TrainRound | ChickenRound, choices: list[TrainChoice], tile: Tile, place: str
) -> TrainChoice | None:
    """The choice of this tile at this place, or at a place alike (Chicken Foot tries a
    tile on only one of the lines that end in the same number)."""
    exact = next((c for c in choices if c.tile == tile and c.train == place), None)
    if exact is not None or not isinstance(r, ChickenRound):
        return exact
    seat = r.turn
    number = r.number_at(r.where_to(seat, tile, place))
    return next(
        (c for c in choices if c.tile == tile and r.number_at(r.where_to(seat, tile, c.train)) == number),
        None,
    )


def _clearly_better(best: TrainChoice, planned: TrainChoice, sure: float) -> bool:
    """Better than the plan's move by ``sure`` standard errors of the paired difference."""
    if sure <= 0:
        return True
    diffs = [a - b for a, b in zip(best.margins, planned.margins, strict=True)]
    if len(diffs) < 2:
        return False
    spread = statistics.stdev(diffs) / len(diffs) ** 0.5
    return statistics.fmean(diffs) < -sure * spread if spread > 0 else statistics.fmean(diffs) < 0


def _world(r: TrainRound | ChickenRound, seat: int, inf: Inference, rng: random.Random):
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


def _play_out(world: TrainRound | ChickenRound, seat: int, choice: TrainChoice, rng: random.Random) -> None:
    r = world.clone(checked=False)  # every move below is one ``plays`` offered
    r.apply(Play(r.names[seat], choice.tile, choice.train))
    policy = policy_of(r)
    while not r.over:
        r.apply(policy(r, legal_moves(r), rng))
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


def _chicken_reasons(
    r: ChickenRound, seat: int, choice: TrainChoice, place: int | Tile, inf: Inference
) -> list[str]:
    """Why, in Chicken Foot's words: the toes a double waits for and who can lay them,
    the end a play leaves and who lacks it, the pips shed."""
    out: list[str] = []
    hand = r.hands[seat] or set()
    tile = choice.tile
    others = [s for s in range(len(r.names)) if s != seat]
    w = r.waiting
    if w is not None:
        out.append(f"a toe on {r.waiting_words()} ({w.have + 1} of {w.need})")
    out.append(f"sheds {tile.pips} pip{'' if tile.pips == 1 else 's'}")
    if tile.is_double and w is None:
        n = tile.high
        mine = sum(1 for x in hand if x != tile and x.bears(n))
        unseen = sum(1 for t in inf.unseen if t.bears(n))
        cannot = [r.names[s] for s in others if n in inf.cannot_hold(s)]
        toes = min(r.rules.toes, mine + unseen)  # it stops waiting when its number runs out
        text = f"a double: {toes} toe{'' if toes == 1 else 's'} of {n} go on it before anything else"
        held = f"no other {n}" if not mine else f"{mine} more {n}{'' if mine == 1 else 's'}"
        text += f" (you hold {held}, {unseen} unseen)"
        out.append(text)
        if unseen == 0 and mine:
            out.append(f"only you can lay its toes: every other {n} is down or yours")
        elif cannot:
            verb = "lacks" if len(cannot) == 1 else "lack"
            out.append(f"{describe_numbers(cannot)} certainly {verb} {n}: they must draw")
    else:
        end = tile.other(r.number_at(place))
        lacking = [r.names[s] for s in others if end in inf.cannot_hold(s)]
        follow = sum(1 for x in hand if x != tile and x.bears(end))
        where = "a new toe" if isinstance(place, Tile) else r.place_name(place)
        if follow:
            out.append(f"leaves {end} on {where}, which you can follow ({follow} in hand)")
        if lacking:
            verb = "lacks" if len(lacking) == 1 else "lack"
            out.append(f"leaves {end}, which {describe_numbers(lacking)} certainly {verb}")
    close = [r.names[s] for s in others if 0 < r.counts[s] <= 2]
    if close:
        out.append(f"{describe_numbers(close)} {'is' if len(close) == 1 else 'are'} close to going out")
    return out

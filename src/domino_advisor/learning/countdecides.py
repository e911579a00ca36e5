"""Where the count decides the move: positions at which the advice's move from all you
could know differs from its move with one void forgotten, or one number miscounted, by
a clear gap.

A void forgotten is one certainty given up: "bob lacks 5" (bob passed or drew with a 5
open, and nothing since let him hold one) is taken out of every pass and draw of his
that proved it, and the hidden hands are counted again without it.  The advice then
weighs the moves in worlds drawn from that weaker counting; its first move is looked up
in the true advice, where every move was played out in the same worlds, and the gap is
what the true first move gains over it there (the match's chance where the round is
played for one, else the round's: a won round 1, a drawn one a half; in the pips
games, pips against the others), with the standard error of that paired difference.
A gap is kept only where it is more than twice its error (never where the error is not
known: one sampled world).  A void of tiles (Matador's ends, which take the tile that
makes seven) is forgotten for the tiles bearing the number: the rest of it stands.

A number miscounted is one fewer of it unseen than there is: one of its unseen tiles
taken for played (the one most likely in the opponents' hands, where taking it away
changes most), so the others are counted as unable to hold it; the worlds then put it
in the boneyard, where it can do no harm.  Only that way round, and only with a
boneyard: believing one more unseen than there is would put a tile in two places at
once (on the table and in a hand), which no world the advice plays out can hold; and
with nothing to draw, every unseen tile is in a hand.  A miscount is asked of the
numbers showing where you play with three or fewer unseen, where one tile is a
large share of what is left.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from domino_advisor.advice.advise import Advice, Options, advise
from domino_advisor.base.tiles import Tile, full_set
from domino_advisor.counting.evidence import Evidence, Void
from domino_advisor.counting.inference import BONEYARD, Inference, infer
from domino_advisor.games.events import Draw, Play
from domino_advisor.learning.progress import Drill

if TYPE_CHECKING:
    from domino_advisor.games.proof import Known
    from domino_advisor.log.gamelog import GameLog

CLEAR = 2.0  # a gap is clear when it is more than this many standard errors
MOST_DECISIONS = 4  # the decisions of a game looked at for drills: those with the most lapses to weigh
# (a Mexican Train decision costs about 2 s of advice: one with each void forgotten)
MOST_TURNS = 3  # ... and of a generated deal's round, the first of yours with a lapse to weigh
TIGHT = 3  # a number is miscounted where this few of it are unseen (learning.questions.TIGHT)
LAPSES = ("voids", "count")  # what a drill from a game or a deal weighs: voids forgotten, numbers miscounted


@dataclass(frozen=True)
class Lapse:
    """One thing a counting player may get wrong: a void forgotten (``voids``: the seat
    and the number it lacks) or a number miscounted (``count``: the number, and the unseen
    tile of it taken for played)."""

    kind: str
    number: int
    seat: int | None = None  # whose void (voids)
    tile: Tile | None = None  # the tile taken for played (count)


@dataclass(frozen=True)
class Decides:
    """One lapse that changes the advice's move clearly."""

    seat: int | None  # the opponent whose void it is (None: a number miscounted)
    number: int  # the number they certainly lack, or the number miscounted
    best: str  # the advice's move from the true counting, as the log writes it
    instead: str  # ... and its move with the lapse
    gap: float  # what ``best`` gains over ``instead`` in the true advice's worlds
    error: float  # one standard error of that gap (paired: the same worlds)
    measure: str  # chance or pips: what the gap is in
    match: bool = False  # the gap is in the match's chance (a round played for a match)
    unseen: int | None = None  # a miscount: how many of the number are truly unseen

    def worth(self) -> str:
        """The gap and two standard errors, in the game's measure."""
        if self.measure == "pips":
            return f"worth {self.gap:.1f} pips ±{CLEAR * self.error:.1f}"
        whose = "your match chance" if self.match else "your chance"
        return f"worth {self.gap:.1%} ±{CLEAR * self.error:.1%} of {whose}"

    def words(self, names: tuple[str, ...] | list[str]) -> str:
        """What the lesson says after the drill is answered."""
        if self.seat is None:
            counted = f"{self.unseen} of the {self.number}s unseen, not {(self.unseen or 0) - 1}"
        else:
            counted = f"{names[self.seat]} lacks {self.number}"
        return (
            f"had you counted this ({counted}), you would have played "
            f"{self.best} rather than {self.instead}: {self.worth()}"
        )


def forgettable(view: Known, inf: Inference) -> list[tuple[int, int]]:
    """Each (opponent, number) the seat can be certain of from a pass or draw: a number
    the opponent certainly lacks now that one of their voids on numbers names."""
    ev = inf.evidence or view.evidence()
    out = []
    for s in view.opponents:
        if not view.counts[s]:
            continue
        named = {n for v in ev.voids if v.seat == s and v.tiles is None for n in v.numbers}
        named |= {
            n
            for v in ev.voids
            if v.seat == s and v.tiles is not None
            for t in v.tiles
            for n in (t.high, t.low)
        }
        out += [(s, n) for n in inf.cannot_hold(s) if n in named]
    return out


def miscountable(r: Any, view: Known, inf: Inference) -> list[Lapse]:
    """Each number showing where you play with three or fewer of it unseen, and the tile
    of it taken for played: the one most likely in the opponents' hands (none without a
    boneyard to put it in, nor where an end takes other tiles than those bearing its
    number: a count of the number is then not what decides)."""
    showing = set(r.open_numbers(view.me))
    if not view.boneyard or not showing:
        return []
    every = full_set(view.rules.top)
    if {t for t in every if r.fits(view.me, t)} != {t for t in every if {t.high, t.low} & showing}:
        return []  # the ends take other tiles than those bearing their numbers (Matador's: sevens)
    out = []
    for n in sorted(showing):
        unseen = sorted((t for t in inf.unseen if t.bears(n)), reverse=True)
        if not 0 < len(unseen) <= TIGHT:
            continue
        held = {t: sum(p for place, p in inf.where(t).items() if place != BONEYARD) for t in unseen}
        tile = max(unseen, key=lambda t: held[t])  # the first of the likeliest, tiles high first
        if held[tile] > 0:
            out.append(Lapse("count", n, tile=tile))
    return out


def forgetting(ev: Evidence, seat: int, number: int) -> Evidence:
    """The evidence with ``seat``'s voids on ``number`` forgotten (a void left with no
    number goes; a void of tiles loses those bearing the number, and goes once empty)."""
    voids = []
    for v in ev.voids:
        if v.seat == seat and v.tiles is not None:
            kept = frozenset(t for t in v.tiles if not t.bears(number))
            if not kept:
                continue
            v = Void(v.seat, v.time, set(v.numbers), v.line, v.verb, kept)
        elif v.seat == seat and number in v.numbers:
            if len(v.numbers) == 1:
                continue
            v = Void(v.seat, v.time, v.numbers - {number}, v.line, v.verb)
        voids.append(v)
    return Evidence(ev.groups, voids, ev.played, ev.cases, ev.lead_text)


def miscounting(ev: Evidence, view: Known, tile: Tile) -> Evidence:
    """The evidence with ``tile`` taken for played: no opponent holds it now."""
    now = len(view.history)
    taken = [Void(s, now, set(), None, "", frozenset({tile})) for s in view.opponents if view.counts[s]]
    return Evidence(ev.groups, [*ev.voids, *taken], ev.played, ev.cases, ev.lead_text)


def deciding(
    r: Any,
    seat: int,
    options: Options,
    *,
    inference: Inference | None = None,
    about: int | None = None,
    kinds: tuple[str, ...] = ("voids",),
    number: int | None = None,
) -> list[Decides]:
    """Every lapse of ``kinds`` (``LAPSES``) that changes the advice's move by a clear
    gap, the largest gap first: voids of the opponents (of ``about`` only, where given)
    forgotten, numbers (``number`` only, where given) miscounted.  ``options``: the
    advice's (the table's budget, a fixed seed), without reasons: the moves are ranked
    the same."""
    options = replace(options, reasons=False)
    view = r.seat_view(seat)
    inf = inference or infer(view)
    lapses = _lapses(r, view, inf, kinds, about, number)
    if not lapses:
        return []
    true = advise(r, seat, options, inference=inf)
    if true.action != "play":
        return []
    behind = {id(c): g for c in true.moves[1:] if (g := _gap(true, c)) is not None and g[0] > CLEAR * g[1]}
    if not behind:  # no move is clearly worse than the first: no forgetting can cost anything
        return []
    ev = inf.evidence or view.evidence()
    out = []
    for lapse in lapses:
        if lapse.seat is not None:
            weaker = infer(view, evidence=forgetting(ev, lapse.seat, lapse.number))
        else:
            assert lapse.tile is not None
            weaker = infer(view, evidence=miscounting(ev, view, lapse.tile))
            if weaker.warnings:  # the tile could be nowhere else: no such miscount
                continue
        other = _same(true, advise(r, seat, options, inference=weaker).moves[0])
        if other is not None and id(other) in behind:
            gap, error = behind[id(other)]
            best = _said(r, seat, true, true.moves[0])
            instead = _said(r, seat, true, other)
            unseen = None if lapse.seat is not None else sum(1 for t in inf.unseen if t.bears(lapse.number))
            stakes = true.stakes is not None
            out.append(
                Decides(lapse.seat, lapse.number, best, instead, gap, error, true.measure, stakes, unseen)
            )
    return sorted(out, key=lambda d: (-d.gap, d.seat is None, d.seat or 0, d.number))


def _lapses(
    r: Any, view: Known, inf: Inference, kinds: tuple[str, ...], about: int | None, number: int | None
) -> list[Lapse]:
    """The lapses of ``kinds`` a position offers (of ``about``'s voids, of ``number``'s
    count, where given): what ``deciding`` weighs, and how decisions are ranked."""
    out = []
    if "voids" in kinds:
        out += [Lapse("voids", n, seat=s) for s, n in forgettable(view, inf) if about is None or s == about]
    if "count" in kinds:
        out += [x for x in miscountable(r, view, inf) if number is None or x.number == number]
    return out


def _same(true: Advice, move: Any) -> Any:
    """The move among the true advice's that is ``move`` (another advice's)."""
    if true.measure == "pips":
        return next((c for c in true.moves if c.tile == move.tile and c.place == move.place), None)
    return next((c for c in true.moves if c.tile == move.tile and c.side == move.side), None)


def _gap(true: Advice, move: Any) -> tuple[float, float] | None:
    """What the true advice's first move gains over ``move`` (another of its moves), in
    the same worlds, and one standard error of that paired difference; None where the
    error is not known (one sampled world)."""
    best = true.moves[0]
    if true.measure == "pips":
        from domino_advisor.advice.pips import paired_gap as pips_gap

        behind, error = pips_gap(best, move)
        return None if error is None else (behind, error)
    from domino_advisor.advice.candidate import MATCH, ROUND, gap_known, paired_gap

    if not gap_known(best, move):
        return None
    return paired_gap(best.tally, move.tally, MATCH if true.stakes is not None else ROUND)


def _said(r: Any, seat: int, advice: Advice, move: Any) -> str:
    """A move as the log writes it, without the player's name: ``6-4 on 4``."""
    where = move.place if advice.measure == "pips" else move.on
    played = r.play_event(seat, move.tile, where)
    return str(played).split(" plays ", 1)[1]


# -- drills: from your games, and from generated deals -------------------------------------
def worth_drilling(judging: Any) -> float:
    """The least gap worth a drill, in the game's measure (as its review's drills: its
    judging part's measure says which)."""
    from domino_advisor.learning.hindsight import measure_of

    worth: float = measure_of(judging).DRILL_WORTH
    return worth


def from_game(
    log: GameLog, options: Options, most: int | None = None, on_step: Callable[[int, int], None] | None = None
) -> list[Drill]:
    """At the ``most`` of your decisions in the game with the most lapses to weigh (None:
    ``MOST_DECISIONS``; not only the costly ones), a drill about the lapse that decides
    the move by the largest gap (its cost: that gap), where one does by a gap worth a
    drill: a voids drill about the opponent whose void was forgotten, or a count drill
    about the number miscounted.  ``on_step(done, total)`` hears each decision weighed."""
    from domino_advisor.games.registry import part
    from domino_advisor.learning.drills import fingerprint

    worth = worth_drilling(part(log.game, "judging"))
    known = sorted(_decisions(log), key=lambda kv: (-kv[1], kv[0]))[
        : MOST_DECISIONS if most is None else most
    ]
    out = []
    for done, (event, _) in enumerate(sorted(known), 1):
        r, me = _turn(log, event)
        found = deciding(r, me, options, kinds=LAPSES)
        if found and found[0].gap >= worth:
            out.append(_drill(found[0], event, r.names, fingerprint(log, event - 1)))
        if on_step is not None:
            on_step(done, len(known))
    return out


def _decisions(log: GameLog) -> list[tuple[int, int]]:
    """Your decisions in the game (event number), each with how many lapses there were to
    weigh (voids known, numbers to miscount)."""
    from domino_advisor.games.registry import part

    judging = part(log.game, "judging")
    match: Any = log.new_match()
    me = match.viewer
    out = []
    for k, (line, event) in enumerate(log.numbered_events(), 1):
        r = match.round
        if isinstance(event, Play) and event.player == log.me and r is not None and match.pending is None:
            turn = None if r.over else r.for_next(me)
            if turn is not None and _choice(turn, me, judging):
                view = turn.seat_view(me)
                lapses = len(_lapses(turn, view, infer(view), LAPSES, None, None))
                if lapses:
                    out.append((k, lapses))
        match.apply(event, line)
    return out


def _choice(r: Any, me: int, judging: Any) -> bool:
    """A decision the review judges: a play to choose among two or more."""
    return bool(judging.judged(r, me) and r.may_play(me) and len(r.alike(judging.plays(r, me))[0]) >= 2)


def _turn(log: GameLog, event: int) -> tuple[Any, int]:
    """The round as it stood before event ``event``, for your next move, and your seat."""
    from domino_advisor.learning.drillrows import replayed

    match, _ = replayed(log, event)
    return match.round.for_next(match.viewer), match.viewer


def _drill(d: Decides, event: int, names: Any, here: str) -> Drill:
    """The drill a lapse that decides gives: what the opponent lacks, or the count."""
    if d.seat is None:
        return Drill(event, "count", str(d.number), round(d.gap, 4), here, decides=True)
    return Drill(event, "voids", names[d.seat], round(d.gap, 4), here, decides=True)


@dataclass(frozen=True)
class DealtDrill:
    """A generated deal where the count decides: its log up to your move there (the
    advice's, from the true counting), and the drill."""

    name: str
    text: str
    drill: Drill


def from_deals(
    rules: Any,
    players: int,
    deals: int,
    seed: int,
    options: Options,
    on_deal: Callable[[int], None] | None = None,
) -> list[DealtDrill]:
    """``deals`` rounds dealt by ``seed`` (deal ``i`` by its own dice: the same deals
    however many are asked), played by the game's heuristic bots in every seat and
    logged from yours (the first); at the first ``MOST_TURNS`` of your turns with a
    choice and a void known, the first where the count decides is kept, with your move
    there the advice's.  ``on_deal(done)`` hears each deal's end."""
    out = []
    for i in range(deals):
        found = deal_drill(rules, players, seed, i, options)
        if found is not None:
            out.append(found)
        if on_deal is not None:
            on_deal(i + 1)
    return out


NAMES = ["me", "ana", "bob", "cy", "di", "ed", "flo", "gus"]


def deal_drill(rules: Any, players: int, seed: int, i: int, options: Options) -> DealtDrill | None:
    """Deal ``i`` of ``seed`` (a round played for itself), and its drill where the count
    decides at one of your first turns with a void known; None where it does not."""
    from domino_advisor.games.registry import game_for, part
    from domino_advisor.learning.drills import fingerprint
    from domino_advisor.log import gamelog

    game = game_for(rules.name)
    rules = game.round_only(rules)
    rng = random.Random(seed * 1_000_003 + i)
    names = NAMES[:players]
    r = game.deal_round(rules, names, rng, you=0)
    bot = part(game, "bots")("heuristic", rules)
    judging = part(game, "judging")
    lines = [*_header(rules, names), "round 1", f"me holds {' '.join(map(str, r.hands[0]))}"]
    turns = 0
    while not r.over and turns < MOST_TURNS:
        actor = r.next_actor(rng)
        moves = r.moves_of(actor)
        if actor == 0 and _choice(r, 0, judging):
            view = r.seat_view(0)
            inf = infer(view)
            if _lapses(r, view, inf, LAPSES, None, None):
                turns += 1
                found = deciding(r, 0, options, inference=inf, kinds=LAPSES)
                if found and found[0].gap >= worth_drilling(judging):
                    d = found[0]
                    text = "\n".join([*lines, f"{names[0]} plays {d.best}"]) + "\n"  # the advice's move
                    log = gamelog.loads(text)
                    event = len(log.numbered_events())
                    drill = _drill(d, event, names, fingerprint(log, event - 1))
                    return DealtDrill(f"deal-{seed}-{i + 1}.dom", text, drill)
        move = bot(r, moves, rng)
        r.apply(move)
        _log(lines, move, names[0], one_draw=game.one_draw)
    return None


def _log(lines: list[str], move: Any, me: str, one_draw: bool = False) -> None:
    """A move as your log writes it: the tiles another player draws are not seen, and
    a run of their draws is one line (``ana draws 3``) where the game's log takes it so
    (``one_draw``: a draw is one tile, a line a tile)."""
    if isinstance(move, Draw) and move.player != me:
        count = move.count
        if not one_draw and lines[-1].startswith(f"{move.player} draws ") and lines[-1].split()[-1].isdigit():
            count += int(lines.pop().split()[-1])
        lines.append(str(Draw(move.player, count)))
        return
    lines.append(str(move))


def _header(rules: Any, names: list[str]) -> list[str]:
    """The log's tags for a round of these rules among these players, you the first."""
    setting = " ".join(
        f"{k}={('yes' if v else 'no') if isinstance(v, bool) else v}" for k, v in rules.differences().items()
    )
    tags = [f'[Rules "{rules.name}"]'] + ([f'[Set "{setting}"]'] if setting else [])
    return [*tags, f'[Players "{" ".join(names)}"]', f'[Me "{names[0]}"]']

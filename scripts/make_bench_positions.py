"""Write the named positions `bench` measures (src/domino_advisor/data/bench/*.dom).

Each is a log as one seat ("me") writes it of a game played with every hand known (the
heavy bot in the line games, the heuristic in the train family), cut at a turn of yours
with a real choice: the first such turn ("opening") and the first once a third of the
dealt tiles are down ("mid-round").  Run once; the files are then fixed (a change to them
changes the figures the docs record):

    python scripts/make_bench_positions.py src/domino_advisor/data/bench
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from domino_advisor.advice.chance import candidates
from domino_advisor.games.line.deal import heavy_policy, play_match, seat_log_lines
from domino_advisor.games.line.rules import preset
from domino_advisor.games.registry import game_for
from domino_advisor.log.gamelog import loads
from seatlogs import seat_log

NAMES = ["me", "ana", "bob", "cy", "di", "ed", "flo", "gus"]
LINE = [  # name, preset, settings, players, seed
    ("double-six-2p", "classic", {}, 2, 11),
    ("double-six-4p", "classic", {}, 4, 12),
    ("double-nine-4p", "classic", {"set": "9", "hand": "7"}, 4, 13),
    ("double-twelve-4p-hand12", "classic", {"set": "12", "hand": "12"}, 4, 14),
]
TRAIN = [  # name, game, top, players, seed
    ("mexican-train-12-4p", "mexican-train", 12, 4, 21),
    ("mexican-train-12-8p", "mexican-train", 12, 8, 22),
    ("chicken-foot-9-4p", "chicken-foot", 9, 4, 23),
]
TIDDLY = [  # name, top, players, seed (issue 40: added beside the others, which are unchanged)
    ("tiddly-wink-6-3p", 6, 3, 31),
    ("tiddly-wink-9-4p", 9, 4, 32),
]


def _line_choice(text: str) -> int | None:
    """Tiles down if it is your turn with two or more plays, else None."""
    m = loads(text).replay()
    r = m.round
    if r is None or r.over or r.dealt[m.me] is None or r.to_move() != m.me:
        return None
    if len({c.tile for c in candidates(r, m.me)}) < 2:
        return None
    return sum(1 for a in r.history if a.kind == "play")


def _train_choice(text: str) -> int | None:
    m = loads(text).replay()
    r = m.round
    if r is None or r.over or m.pending is not None or r.dealt[m.viewer] is None:
        return None
    r = r.for_next(m.viewer)
    if r.turn != m.viewer:
        return None
    plays, _ = r.alike(r.plays(m.viewer))
    if len({t for t, _ in plays}) < 2:
        return None
    return sum(1 for e in r.history if e.kind == "play")


def _cuts(header: list[str], body: list[str], choice, dealt: int) -> dict[str, str]:
    """The log cut at the first turn of yours with a choice, and at the first once a
    third of the dealt tiles are down (both in the first round)."""
    out: dict[str, str] = {}
    for k in range(len(body) + 1):
        if k < len(body) and body[k].startswith("round ") and k > 0:
            break  # the first round only
        text = "\n".join(header + body[:k]) + "\n"
        try:
            down = choice(text)
        except Exception:  # a cut inside a turn that does not replay yet
            continue
        if down is None:
            continue
        if "opening" not in out:
            out["opening"] = text
        elif down >= dealt // 3:
            out["mid-round"] = text
            break
    return out


def main(folder: str) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name, rules_name, settings, players, seed in LINE:
        rules = preset(rules_name, settings)
        names = NAMES[:players]
        setting = " ".join(f"{k}={v}" for k, v in settings.items())
        header = [f'[Rules "{rules_name}"]'] + ([f'[Set "{setting}"]'] if setting else [])
        header += [f'[Players "{" ".join(names)}"]', '[Me "me"]']
        for tried in range(seed, seed + 1000):  # the first deal that gives both cuts
            _, events, deals = play_match(rules, names, tried, heavy_policy, max_rounds=1)
            body = seat_log_lines(events, deals, "me", names)
            cuts = _cuts(header, body, _line_choice, rules.hand_size(players) * players)
            if len(cuts) == 2:
                break
        for when, text in cuts.items():
            (out / f"{name}-{when}.dom").write_text(text)
    for name, game, top, players, seed in TRAIN:
        rules = game_for(game).rules_class(top=top)
        for tried in range(seed, seed + 1000):
            _, text = seat_log(rules, players, tried, 0, _heuristic(game))
            lines = text.splitlines()
            start = next(i for i, x in enumerate(lines) if x.startswith("round "))
            dealt = len(lines[start + 1].split()) - 2
            cuts = _cuts(lines[:start], lines[start:], _train_choice, dealt * players)
            if len(cuts) == 2:
                break
        for when, cut in cuts.items():
            (out / f"{name}-{when}.dom").write_text(cut)
    for name, top, players, seed in TIDDLY:
        for tried in range(seed, seed + 1000):
            lines = _tiddly_log(top, players, tried).splitlines()
            start = next(i for i, x in enumerate(lines) if x.startswith("round "))
            dealt = len(lines[start + 1].split()) - 2
            cuts = _cuts(lines[:start], lines[start:], _tiddly_choice, dealt * players)
            if len(cuts) == 2:
                break
        for when, cut in cuts.items():
            (out / f"{name}-{when}.dom").write_text(cut)


def _tiddly_log(top: int, players: int, seed: int) -> str:
    """A Tiddly-wink round played with every hand known (a player drawn among those who
    can play, the heaviest tile that fits), as "me" logs it."""
    import random

    from domino_advisor.games.tiddly.bots import heavy_choice
    from domino_advisor.games.tiddly.rules import TiddlyRules
    from domino_advisor.games.tiddly.seat import log_for
    from domino_advisor.games.tiddly.state import TiddlyRound

    rules = TiddlyRules(top=top, hand=7 if top == 9 else None)
    names = NAMES[:players]
    rng = random.Random(seed)
    r = TiddlyRound.shuffled(rules, names, rng)
    while not r.over:
        r.step(heavy_choice, rng)
    setting = " ".join(f"{k}={v}" for k, v in rules.differences().items())
    header = ['[Rules "tiddly-wink"]'] + ([f'[Set "{setting}"]'] if setting else [])
    header += [f'[Players "{" ".join(names)}"]', '[Me "me"]', "round 1"]
    return "\n".join(header + [str(e) for e in log_for(r, 0)]) + "\n"


def _tiddly_choice(text: str) -> int | None:
    """Tiles down if you may play two different tiles now, else None."""
    m = loads(text).replay()
    r = m.round
    if r is None or r.over or not r.may_play(0):
        return None
    if len({t for t, _ in r.plays(0)}) < 2:
        return None
    return sum(1 for e in r.history if e.kind == "play")


def _heuristic(game: str):
    from domino_advisor.games.hub.words import words_for  # the game's own heuristic bot

    return words_for(game).BOTS["heuristic"]


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "src/domino_advisor/data/bench")

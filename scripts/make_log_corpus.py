"""Write a corpus of game logs and the status each replays to, with the installed version.

Logs are kept for years: a log written by an earlier version must replay the same
forever.  Run this with an *earlier* version installed (the corpus in tests/data/logs/
was made with 0.1.0, commit d8921c3) into a fresh folder; never regenerate the files
already in the corpus with a newer version: add new ones beside them instead.

    python scripts/make_log_corpus.py OUT_DIR
"""

import json
import sys
from pathlib import Path

from domino_advisor import api
from domino_advisor.games.line import deal
from domino_advisor.games.line.rules import preset

TABLES = [
    # name, preset, overrides, players, cut (events kept of the seat's log, None: all)
    ("classic-3-midround", "classic", {}, ["me", "ana", "bob"], 22),
    ("classic-2-match", "classic", {"target": "60"}, ["me", "ana"], None),
    ("classic-4-round2", "classic", {"target": "50"}, ["me", "ana", "bob", "cy"], 40),
    ("all-fives-spinner-2", "all-fives", {"spinner": "first-double", "target": "150"}, ["me", "ana"], 30),
    ("all-fives-3-match", "all-fives", {"target": "60"}, ["me", "ana", "bob"], None),
    ("draw-3-single", "draw", {}, ["ana", "me", "bob"], None),
    ("reserve-2", "reserve", {"target": "40"}, ["me", "ana"], None),
    ("block-3", "block", {}, ["me", "ana", "bob"], 14),
    ("partnership-4", "partnership", {"target": "60"}, ["me", "ana", "bob", "cy"], None),
    ("double-nine-4", "classic", {"set": "9", "hand": "9"}, ["me", "ana", "bob", "cy"], 26),
    (
        "tie-shared-difference",
        "block",
        {"tie": "shared", "blocked": "difference", "round_to": "5"},
        ["me", "ana", "bob"],
        None,
    ),
]


def main(out: Path, seed: int = 2026) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for i, (name, rules_name, overrides, players, cut) in enumerate(TABLES):
        rules = preset(rules_name, overrides)
        _match, events, deals = deal.play_match(rules, players, seed + i, deal.heavy_policy, max_rounds=6)
        lines = deal.seat_log_lines(events, deals, "me", players)
        if cut is not None:
            lines = lines[:cut]
        head = [f"# written by domino-advisor for the log corpus: {name}", f'[Rules "{rules_name}"]']
        if overrides:
            head.append(f'[Set "{" ".join(f"{k}={v}" for k, v in overrides.items())}"]')
        head += [f'[Players "{" ".join(players)}"]', '[Me "me"]', ""]
        text = "\n".join(head + lines) + "\n"
        (out / f"{name}.dom").write_text(text)
        (out / f"{name}.status.json").write_text(json.dumps(api.status(text), indent=1) + "\n")
        print(name, len(lines), "lines")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

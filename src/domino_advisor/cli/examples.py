"""One or two examples for each command's ``--help``: what a player types, with the log
shorthand where the command takes events.  ``Commands`` puts them under the help when it
loads a command; tests/test_cli.py runs each through click's parser, and those on one
game (``friday.dom``) in order, as a player copying them would: each must work after
the ones before it."""

from __future__ import annotations

EXAMPLES: dict[str, list[str]] = {
    "advise": ["advise friday.dom", "advise friday.dom --json"],
    "bench": ["bench", "bench --repeats 5"],
    "calibrate": ["calibrate --rules classic --players 2 --games 200"],
    "completion": [
        "completion bash",
        '  (in ~/.bashrc: eval "$(domino-advisor completion bash)"; zsh and fish alike)',
    ],
    "config": ["config"],
    "demo": ["demo", "demo --save demo.dom"],
    "edit": ["edit friday.dom"],
    "equity": ["equity --rules all-fives --players 2"],
    "events": ["events friday.dom", "events friday.dom --json"],
    "log": [
        'log friday.dom "me 66" "ana d2" "ana 61" "bob 65 on 6" "cy 53"',
        'log friday.dom --replace 5 "ana plays 6-4 on 6"',
    ],
    "new": [
        'new friday.dom --players "me ana bob cy" --hand "66 63 52 31 00"',
        'new train.dom --rules mexican-train --set set=9 --players "me ana" '
        '--hand "95 81 76 54 33 20 62 71 00"',
    ],
    "session": [
        "session friday.dom",
        "  (then type what happens: me 66, ana 64, bob d2, cy p; a advice, u undo, q quit)",
    ],
    "progress": ["progress", "progress --html progress.html"],
    "reads": [
        "reads --rules classic --players 2 --games 100",
        "reads --rules block --bots heuristic,heavy --games 200",
    ],
    "review": ["review friday.dom", "review friday.dom --html review.html"],
    "rules": ["rules", "rules all-fives"],
    "simulate": [
        "simulate --players 3 --bots heuristic,heavy --games 200",
        "simulate --rules block --set lead=chosen --players 2 --bots advisor,ismcts:1000 --games 400",
    ],
    "status": ["status friday.dom", "status friday.dom --json"],
    "train": ["train", "train --from friday.dom", "train --drills"],
    "undo": ["undo friday.dom", "undo friday.dom 2"],
    "where": ["where friday.dom 6-4"],
}


def epilog(name: str) -> str | None:
    """The examples as click shows them: kept as written (``\\b``), not rewrapped."""
    lines = EXAMPLES.get(name)
    if not lines:
        return None
    return "\b\nExamples:\n" + "\n".join(
        f"  {line}" if line.startswith("  ") else f"  domino-advisor {line}" for line in lines
    )

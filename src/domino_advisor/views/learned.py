"""What an event taught, in a player's words: the lines the demo, the session and
``log`` print after each event, and the one-line summary of what each other player lacks.

Both read the status dicts of ``api.status_of`` (before and after), so they say only
what the exact inference says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domino_advisor.base import shapes

CERTAIN = 0.999999


def lessons(before: shapes.StatusJson | None, after: shapes.StatusJson) -> list[str]:
    """What became known between two statuses: who now lacks which numbers, which
    tiles are now certainly somewhere."""
    out = []
    old_players = {p["name"]: p["cannot_hold"] for p in (before["players"] if before else [])}
    for p in after["players"]:
        old = set(old_players.get(p["name"], []))
        new = [n for n in p["cannot_hold"] if n not in old]
        if new and p["tiles"]:
            out.append(f"{p['name']} now certainly has no {_and(new)}")
    old_where = before["where"] if before else {}
    for tile, probs in after["where"].items():
        for loc, pr in probs.items():
            if pr >= CERTAIN and old_where.get(tile, {}).get(loc, 0) < CERTAIN:
                out.append(f"{tile} is certainly {'in the boneyard' if loc == 'boneyard' else 'with ' + loc}")
    return out


def forgotten(before: shapes.StatusJson, after: shapes.StatusJson) -> list[str]:
    """What is no longer known after a change to the log (a fix that removed evidence)."""
    out = []
    new_players = {p["name"]: p for p in after.get("players", [])}
    for p in before.get("players", []):
        now = new_players.get(p["name"])
        if now is None or not p["tiles"]:
            continue
        gone = [n for n in p["cannot_hold"] if n not in now["cannot_hold"]]
        if gone:
            out.append(f"{p['name']} may hold {_and(gone)} again")
    return out


def summary(data: shapes.StatusJson, partner: str | None = None) -> str:
    """One line: what each other player lacks, ``ana: no 6 · bob: no 2 5``."""
    parts = []
    for p in data["players"]:
        label = f"{p['name']} (partner)" if p["name"] == partner else p["name"]
        if not p["tiles"]:
            parts.append(f"{label}: out")
        elif p["cannot_hold"]:
            parts.append(f"{label}: no {' '.join(str(n) for n in p['cannot_hold'])}")
        else:
            parts.append(f"{label}: any number")
    return " · ".join(parts)


def _and(numbers: list[int]) -> str:
    return " and ".join(str(n) for n in numbers)

"""A match of Chicken Foot: one round per double from the set's highest down, each
player's pips left added to their total; the lowest total wins.  The deal, the legal
moves and the whole-match player are the train family's (``trains.match``)."""

from __future__ import annotations

from domino_advisor.games.chicken.rules import ChickenRules
from domino_advisor.games.chicken.state import ChickenRound
from domino_advisor.games.hub.match import HubMatch, Policy, deal, legal_moves, play, random_policy

__all__ = ["ChickenMatch", "deal", "legal_moves", "play_match", "random_policy"]


class ChickenMatch(HubMatch[ChickenRound]):
    rules: ChickenRules
    round_class = ChickenRound


def play_match(
    rules: ChickenRules, names: list[str], seed: int, policy: Policy = random_policy
) -> ChickenMatch:
    """A whole match with every hand known (simulation, tests)."""
    return play(ChickenMatch(rules, names), seed, policy)

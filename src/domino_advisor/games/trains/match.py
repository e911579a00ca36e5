"""A match of Mexican Train: one round per engine double, from the set's highest down,
each player's pips left added to their total; the lowest total wins (``hub.match``)."""

from __future__ import annotations

from domino_advisor.games.hub.match import HubMatch, Policy, play, random_policy
from domino_advisor.games.trains.rules import TrainRules
from domino_advisor.games.trains.state import TrainRound


class TrainMatch(HubMatch[TrainRound]):
    rules: TrainRules
    round_class = TrainRound


def play_match(rules: TrainRules, names: list[str], seed: int, policy: Policy = random_policy) -> TrainMatch:
    """A whole match with every hand known (simulation, tests)."""
    return play(TrainMatch(rules, names), seed, policy)

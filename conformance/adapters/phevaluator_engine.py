"""phevaluator 0.6.0 behind the protocol
(``python:conformance/adapters/phevaluator_engine.py:PHEvaluator``).

phevaluator is a perfect-hash evaluator in C: ``evaluate_cards`` of five to seven cards returns
the hand's class on Cactus Kev's scale, 1 (royal flush) .. 7462, smaller is better. Its card
numbers are pokerspec's (rank major, clubs-diamonds-hearts-spades). It names no category, so
the category is read off the scale's published class boundaries. High ranking only.
"""

from __future__ import annotations

from pokerspec.compliance.peers import Judged, LibraryEngine, cactus_category, key_ranker
from pokerspec.core.cards import Card


class PHEvaluator(LibraryEngine):
    name = "phevaluator"
    distribution = "phevaluator"

    def __init__(self) -> None:
        super().__init__()
        from phevaluator import evaluate_cards

        def high(hand: tuple[Card, ...]) -> Judged:
            value = int(evaluate_cards(*hand))
            return -value, cactus_category(value)

        self.rankings["high"] = key_ranker(high)

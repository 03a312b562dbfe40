"""clubs 0.1.4 behind the protocol (``python:conformance/adapters/clubs_engine.py:Clubs``).

clubs is a general poker engine whose evaluator ranks hands of one to five cards from any
deck: ``Evaluator(suits, ranks, cards_for_hand)`` plays the best ``cards_for_hand`` cards of
those given (smaller is better) and ``get_rank_class`` names the category. The adapter uses
the standard deck (4 suits, 13 ranks) with the library's defaults (the ace-low straight
counts; categories ordered by how rare they are, which for five cards is the usual order):

* ``high``: five to seven cards with the five-card evaluator;
* ``exposed``: one to five face-up cards with the evaluator for that many cards — clubs's own
  ranking of short hands.

clubs's ``Dealer`` plays hold'em-like games only, so it offers no hand of the suite's games.
"""

from __future__ import annotations

from pokerspec.compliance.peers import Judged, LibraryEngine, cannot, key_ranker
from pokerspec.conformance.protocol import Message
from pokerspec.core.cards import Card, format_card

NAMES = {
    "straight flush": "straight-flush",
    "four of a kind": "four-of-a-kind",
    "full house": "full-house",
    "flush": "flush",
    "straight": "straight",
    "three of a kind": "three-of-a-kind",
    "two pair": "two-pair",
    "pair": "one-pair",
    "high card": "high-card",
}


class Clubs(LibraryEngine):
    name = "clubs"
    distribution = "clubs"

    def __init__(self) -> None:
        super().__init__()
        import clubs

        deck = tuple(clubs.Card(format_card(Card(c))) for c in range(52))
        evaluators = {n: clubs.Evaluator(4, 13, n) for n in range(1, 6)}

        def judge(size: int, hand: tuple[Card, ...]) -> Judged:
            evaluator = evaluators[size]
            value = int(evaluator.evaluate([], [deck[c] for c in hand]))
            return -value, NAMES[str(evaluator.get_rank_class(value))]

        exposed = key_ranker(lambda hand: judge(len(hand), hand), 1, 5)

        def same_sizes(hands: list[tuple[Card, ...]]) -> Message:
            if len({len(h) for h in hands}) > 1:
                return cannot("clubs compares hands of one size only (one evaluator per size)")
            return exposed(hands)

        self.rankings["high"] = key_ranker(lambda hand: judge(5, hand))
        self.rankings["exposed"] = same_sizes

"""pokerface 1.0.2 behind the protocol (``python:conformance/adapters/pokerface_engine.py:PokerFace``).

pokerface (PokerKit's predecessor, by the same authors) evaluates with lookup tables: the
``StandardEvaluator`` plays the best five of the cards it is given for high (its hand's
``index`` is the class on Cactus Kev's scale from 0, smaller is better, so the category is read
off the scale's class boundaries) and the ``LowballA5Evaluator`` the best ace-to-five low (a
larger index is the better low). Its games are hold'em, Omaha and draw games, none of the
suite's, and it exposes no pot arithmetic outside a game, so it offers the two rankings only.
"""

from __future__ import annotations

from pokerspec.compliance.peers import Judged, LibraryEngine, cactus_category, key_ranker
from pokerspec.core.cards import Card, format_cards


class PokerFace(LibraryEngine):
    name = "pokerface"
    distribution = "pokerface"

    def __init__(self) -> None:
        super().__init__()
        from pokerface import LowballA5Evaluator, StandardEvaluator, parse_cards

        def cards(hand: tuple[Card, ...]) -> tuple[object, ...]:
            return tuple(parse_cards(format_cards(hand).replace(" ", "")))

        def high(hand: tuple[Card, ...]) -> Judged:
            index = int(StandardEvaluator.evaluate_hand(cards(hand), ()).index)
            return -index, cactus_category(index, best=0)

        def low(hand: tuple[Card, ...]) -> Judged:
            return int(LowballA5Evaluator.evaluate_hand(cards(hand), ()).index), None

        self.rankings["high"] = key_ranker(high)
        self.rankings["low-a5"] = key_ranker(low, categories=False)

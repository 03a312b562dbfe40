"""tilted 0.1.4 behind the protocol (``python:conformance/adapters/tilted_engine.py:Tilted``).

tilted is a small pure-Python hold'em evaluator. A ``Hand`` is exactly five cards; two hands
compare with ``>``, ``<`` and ``==``, and ``hand_rank`` names the category. For six or seven
cards the adapter does what tilted's own ``Game.get_winner`` does: the best of the library's
five-card combinations (``get_combinations``) by the library's own comparison. High ranking
only.
"""

from __future__ import annotations

from pokerspec.compliance.peers import LibraryEngine, order_by_compare, sizes
from pokerspec.conformance.protocol import Message
from pokerspec.core.cards import Card, rank_of, suit_of

NAMES = {"HIGH_CARD": "high-card", "PAIR": "one-pair", "TWO_PAIR": "two-pair",
         "THREE_OF_A_KIND": "three-of-a-kind", "STRAIGHT": "straight", "FLUSH": "flush",
         "FULL_HOUSE": "full-house", "FOUR_OF_A_KIND": "four-of-a-kind", "STRAIGHT_FLUSH": "straight-flush",
         "ROYAL_FLUSH": "straight-flush"}
SUITS = ("CLUBS", "DIAMIONDS", "HEARTS", "SPADES")
"""pokerspec's suits 0..3 by tilted's names (its own spelling)."""


class Tilted(LibraryEngine):
    name = "tilted"
    distribution = "tilted"

    def __init__(self) -> None:
        super().__init__()
        from tilted.enums import CardRank, CardSuit
        from tilted.models import Card as TiltedCard
        from tilted.models import Hand
        from tilted.utils import get_combinations

        deck = tuple(TiltedCard(CardRank(rank_of(Card(c)) - 1), CardSuit[SUITS[suit_of(Card(c))]])
                     for c in range(52))

        def best(hand: tuple[Card, ...]) -> Hand:
            return max(Hand(list(five)) for five in get_combinations([deck[c] for c in hand], 5))

        def rank(hands: list[tuple[Card, ...]]) -> Message:
            refused = sizes(hands, 5, 7, "tilted")
            if refused:
                return refused
            made = [best(h) for h in hands]

            def compare(i: int, j: int) -> int:
                return 1 if made[i] > made[j] else -1 if made[i] < made[j] else 0

            return {"order": order_by_compare(range(len(hands)), compare),
                    "categories": [NAMES[m.hand_rank.name] for m in made]}

        self.rankings["high"] = rank

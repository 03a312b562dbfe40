"""pokerlib 2.2.7 behind the protocol (``python:conformance/adapters/pokerlib_engine.py:PokerLib``).

pokerlib is a pure-Python hold'em library. Its ``HandParser`` takes any number of cards as
``(Rank, Suit)`` pairs and finds the best hand among them (the table uses it on two hole cards
before the flop and on up to seven after), and two parsed hands compare with ``>``, ``<`` and
``==``. The adapter ranks by that comparison:

* ``high``: five to seven cards;
* ``exposed``: one to five face-up cards (pokerlib's own ranking of fewer than five cards).

pokerlib plays hold'em only, so it offers no hand of the suite's games.
"""

from __future__ import annotations

from pokerspec.compliance.peers import LibraryEngine, Ranker, order_by_compare, sizes
from pokerspec.conformance.protocol import Message
from pokerspec.core.cards import Card, rank_of, suit_of

NAMES = ("high-card", "one-pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
         "four-of-a-kind", "straight-flush")
"""pokerlib's ``Hand`` enum, by value."""
SUITS = ("CLUB", "DIAMOND", "HEART", "SPADE")
"""pokerspec's suits 0..3 by pokerlib's names."""


class PokerLib(LibraryEngine):
    name = "pokerlib"
    distribution = "pokerlib"

    def __init__(self) -> None:
        super().__init__()
        from pokerlib import HandParser
        from pokerlib.enums import Rank, Suit

        def parse(hand: tuple[Card, ...]) -> HandParser:
            return HandParser([(Rank(rank_of(c) - 2), Suit[SUITS[suit_of(c)]]) for c in hand])

        def ranker(fewest: int, most: int) -> Ranker:
            def rank(hands: list[tuple[Card, ...]]) -> Message:
                refused = sizes(hands, fewest, most, "pokerlib here")
                if refused:
                    return refused
                parsed = [parse(h) for h in hands]

                def compare(i: int, j: int) -> int:
                    return 1 if parsed[i] > parsed[j] else -1 if parsed[i] < parsed[j] else 0

                return {"order": order_by_compare(range(len(hands)), compare),
                        "categories": [NAMES[int(p.handenum)] for p in parsed]}

            return rank

        self.rankings["high"] = ranker(5, 7)
        self.rankings["exposed"] = ranker(1, 5)

"""Protocol adapters for three third-party hand evaluators: treys, eval7 and phevaluator.

Each is a high-hand evaluator of five to seven cards and nothing else, so each advertises only
``ranking:high``; the runner skips every other case. Run one with
``pokerspec conformance run --impl python:conformance/adapters/evaluators.py:Treys`` (or
``Eval7``, ``PHEvaluator``). Card tokens are read with pokerspec's parser (notation is not what
is graded here) and handed to the evaluator in its own card type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import version

from pokerspec.conformance.protocol import PROTOCOL_VERSION, Message
from pokerspec.conformance.reference_engine import rank_order
from pokerspec.core.cards import Card, format_card, parse_cards
from pokerspec.core.game import Json

CATEGORIES = ("high-card", "one-pair", "two-pair", "three-of-a-kind", "straight", "flush",
              "full-house", "four-of-a-kind", "straight-flush")
"""The protocol's category labels, worst first."""

CACTUS_BOUNDS = (7462, 6185, 3325, 2467, 1609, 1599, 322, 166, 10)
"""Upper bounds of each category, worst first, on the 1 (best) .. 7462 scale of treys and
phevaluator."""


def cactus_category(value: int) -> str:
    """The category of a 1..7462 strength (smaller is stronger)."""
    label = CATEGORIES[0]
    for name, bound in zip(CATEGORIES, CACTUS_BOUNDS, strict=True):
        if value <= bound:
            label = name
    return label


class Evaluator:
    """A ranking-only engine: ``strength`` is larger for a better hand, ``category`` names it."""

    name = ""
    distribution = ""

    def strength(self, cards: Sequence[Card]) -> int:
        raise NotImplementedError

    def category(self, strength: int) -> str:
        raise NotImplementedError

    def close(self) -> None:
        """Nothing to release."""

    def handle(self, message: Mapping[str, Json]) -> Message:
        op = message.get("op")
        if op == "start":
            return {"protocol": PROTOCOL_VERSION,
                    "engine": {"name": self.name, "version": version(self.distribution)},
                    "games": [], "profiles": [], "capabilities": ["ranking:high"]}
        if op == "stop":
            return {"ok": True}
        if op == "rank" and message.get("ranking") == "high":
            hands = message.get("hands")
            if not isinstance(hands, list):
                return {"error": {"code": "bad_request", "message": "hands must be a list"}}
            try:
                keys = [self.strength(parse_cards([str(c) for c in hand])) for hand in hands]
            except ValueError as exc:
                return {"error": {"code": "bad_request", "message": str(exc)}}
            return {"order": rank_order(keys, range(len(keys))),
                    "categories": [self.category(k) for k in keys]}
        return {"error": {"code": "unsupported", "message": f"{self.name} does not support {op!r}"}}


class Treys(Evaluator):
    """treys: Cactus Kev's evaluator in pure Python; 1 is a royal flush, 7462 the worst hand."""

    name = "treys"
    distribution = "treys"

    def __init__(self) -> None:
        from treys import Card as TreysCard
        from treys import Evaluator as TreysEvaluator

        self._cards = tuple(int(TreysCard.new(format_card(Card(c)))) for c in range(52))
        evaluator = TreysEvaluator()
        self._evaluate: Callable[[list[int], list[int]], int] = evaluator.evaluate

    def strength(self, cards: Sequence[Card]) -> int:
        if not 5 <= len(cards) <= 7:
            raise ValueError(f"treys evaluates 5 to 7 cards, got {len(cards)}")
        ints = [self._cards[c] for c in cards]
        return -int(self._evaluate(ints[:2], ints[2:]))

    def category(self, strength: int) -> str:
        return cactus_category(-strength)


class PHEvaluator(Evaluator):
    """phevaluator: a perfect-hash evaluator in C; its card ids are pokerspec's card ints."""

    name = "phevaluator"
    distribution = "phevaluator"

    def __init__(self) -> None:
        from phevaluator import evaluate_cards

        self._evaluate: Callable[..., int] = evaluate_cards

    def strength(self, cards: Sequence[Card]) -> int:
        return -int(self._evaluate(*cards))

    def category(self, strength: int) -> str:
        return cactus_category(-strength)


EVAL7_TYPES = {
    "High Card": "high-card", "Pair": "one-pair", "Two Pair": "two-pair", "Trips": "three-of-a-kind",
    "Straight": "straight", "Flush": "flush", "Full House": "full-house", "Quads": "four-of-a-kind",
    "Straight Flush": "straight-flush",
}


class Eval7(Evaluator):
    """eval7: a C evaluator; larger values are better hands, ``handtype`` names the category."""

    name = "eval7"
    distribution = "eval7"

    def __init__(self) -> None:
        import eval7

        self._cards = tuple(eval7.Card(format_card(Card(c))) for c in range(52))
        self._evaluate: Callable[[list[object]], int] = eval7.evaluate
        self._handtype: Callable[[int], str] = eval7.handtype

    def strength(self, cards: Sequence[Card]) -> int:
        if not 5 <= len(cards) <= 7:
            raise ValueError(f"eval7 ranks 5 to 7 cards here, got {len(cards)}")
        return int(self._evaluate([self._cards[c] for c in cards]))

    def category(self, strength: int) -> str:
        return EVAL7_TYPES[str(self._handtype(strength))]

"""poker-equity 0.1.1 behind the protocol
(``python:conformance/adapters/poker_equity_engine.py:PokerEquity``).

poker-equity is an equity calculator in Rust whose ranking kernels are public through
``score_batch(kernel, hands)`` (lower is better; hands as ``"AhKhQsQd2c"``). The adapter uses the
``high`` kernel (classes 0 .. 7461 on Cactus Kev's scale, so the category is read off the
scale's class boundaries) and the ``low_a5`` kernel, each for five to seven cards. The library
scores stud hi/lo and razz only inside its equity sums, so the eight-or-better qualifier is not
reachable on its own.
"""

from __future__ import annotations

from pokerspec.compliance.peers import LibraryEngine, Ranker, cactus_category, order_by_keys, sizes
from pokerspec.core.cards import Card, format_cards
from pokerspec.core.game import Json


class PokerEquity(LibraryEngine):
    name = "poker-equity"
    distribution = "poker-equity"

    def __init__(self) -> None:
        super().__init__()
        from poker_equity import score_batch

        def ranker(kernel: str, categories: bool) -> Ranker:
            def rank(hands: list[tuple[Card, ...]]) -> dict[str, Json]:
                refused = sizes(hands, 5, 7, f"poker-equity's {kernel} kernel")
                if refused:
                    return refused
                scores = [
                    int(s) for s in score_batch(kernel, [format_cards(h).replace(" ", "") for h in hands])
                ]
                reply: dict[str, Json] = {"order": order_by_keys([-s for s in scores])}
                if categories:
                    reply["categories"] = [cactus_category(s, best=0) for s in scores]
                return reply

            return rank

        self.rankings["high"] = ranker("high", True)
        self.rankings["low-a5"] = ranker("low_a5", False)

"""Serving a third-party library behind the engine protocol (the adapters in
``conformance/adapters/``; docs/engines/).

An adapter translates and never corrects: it hands the library the case's cards or chips in the
library's own form, asks the library's own function, and reports the library's answer in the
protocol's words. ``LibraryEngine`` is the shared part: the handshake (names, version,
capabilities from what the adapter offers), the request IDs of protocol 1.1, and turning the
library's strengths or comparisons into the protocol's ``order`` (groups of tied hands, best
first). A request the library cannot express is answered ``unsupported`` with the missing
capability named; ``pokerspec compliance`` counts such a case as skipped, not failed.

An exception the library raises is not caught here: the runner reports it as an engine crash,
with the library's traceback, because a crash is the library's answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cmp_to_key
from importlib.metadata import version

from pokerspec.conformance.protocol import PROTOCOL_VERSION, Message
from pokerspec.core.cards import Card, format_card, parse_cards
from pokerspec.core.game import Json

CATEGORIES = (
    "high-card",
    "one-pair",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
)
"""The protocol's category labels, worst first."""

UNSUPPORTED = "unsupported"
"""The error code of a request the library cannot express (a skip in ``pokerspec compliance``)."""


Judged = tuple[int | None, str | None]
"""The library's strength of one hand (larger is better; None: not a hand of this ranking) and
the category it names, if any."""


def order_by_keys(keys: Sequence[int | None]) -> list[list[int]]:
    """Hand indexes grouped best first by the library's strength (larger is better, equal keys
    tie); a hand whose key is None (not a hand of this ranking, e.g. no qualifying low) is left
    out."""
    present = [(i, k) for i, k in enumerate(keys) if k is not None]
    strength = dict(present)
    return order_by_compare(
        [i for i, _ in present], lambda i, j: int(strength[j] < strength[i]) - int(strength[i] < strength[j])
    )


def order_by_compare(indexes: Sequence[int], compare: Callable[[int, int], int]) -> list[list[int]]:
    """Hand indexes grouped best first by the library's own comparison of two hands
    (``compare(i, j)`` > 0 when hand i beats hand j, 0 for a tie). With two hands this is exactly
    one comparison, as in the ranking fuzz; with more, a sort by that comparison."""
    worse_first: Callable[[int, int], int] = lambda i, j: compare(j, i)  # noqa: E731
    ordered = sorted(indexes, key=cmp_to_key(worse_first))
    groups: list[list[int]] = []
    for i in ordered:
        if groups and compare(groups[-1][0], i) == 0:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def error(code: str, message: str) -> Message:
    return {"error": {"code": code, "message": message}}


def cannot(what: str) -> Message:
    """The reply to a request the library cannot express; ``what`` names the missing capability."""
    return error(UNSUPPORTED, what)


Ranker = Callable[[list[tuple[Card, ...]]], Message]
"""Ranks the hands of one ``rank`` request: the reply (``order`` and, where the library names
them, ``categories`` or ``qualifies``)."""


class LibraryEngine:
    """A library behind the protocol. Subclasses set ``name``, ``distribution`` (whose installed
    version is reported) and ``rankings`` (ranking name to ``Ranker``), and override ``split``
    or ``pots`` when the library divides pots; the capabilities follow from what is offered."""

    name = ""
    distribution = ""
    offers_split = False
    offers_pots = False

    def __init__(self) -> None:
        self.rankings: dict[str, Ranker] = {}

    def capabilities(self) -> list[str]:
        caps = [f"ranking:{r}" for r in self.rankings]
        return caps + ["split"] * self.offers_split + ["pots"] * self.offers_pots

    def close(self) -> None:
        """Nothing to release."""

    def handle(self, message: Mapping[str, Json]) -> Message:
        reply = self._answer(message)
        if "id" in message:
            reply["id"] = message["id"]
        return reply

    def _answer(self, message: Mapping[str, Json]) -> Message:
        op = message.get("op")
        if op == "start":
            hello: Message = {
                "protocol": PROTOCOL_VERSION,
                "engine": {"name": self.name, "version": version(self.distribution)},
                "games": [],
                "profiles": [],
                "capabilities": list(self.capabilities()),
            }
            if "minor" in message:
                hello["minor"] = 1
            return hello
        if op == "stop":
            return {"ok": True}
        if op == "rank":
            ranking = str(message.get("ranking"))
            ranker = self.rankings.get(ranking)
            if ranker is None:
                return cannot(f"{self.name} has no {ranking} ranking")
            raw = message.get("hands")
            if not isinstance(raw, list) or not all(isinstance(h, list) for h in raw):
                return error("bad_request", "hands must be a list of lists of cards")
            try:
                hands = [parse_cards([str(c) for c in hand]) for hand in raw if isinstance(hand, list)]
            except ValueError as exc:
                return error("bad_request", str(exc))
            return ranker(hands)
        if op == "split" and self.offers_split:
            return self.split(message)
        if op == "pots" and self.offers_pots:
            return self.pots(message)
        if op in ("split", "pots", "parse", "showdown", "new_hand"):
            return cannot(f"{self.name} offers no {op!r}")
        return error("unknown_op", f"{self.name} adapter does not know {op!r}")

    def split(self, message: Mapping[str, Json]) -> Message:
        return cannot(f"{self.name} offers no split")

    def pots(self, message: Mapping[str, Json]) -> Message:
        return cannot(f"{self.name} offers no pots")


def sizes(hands: Sequence[Sequence[Card]], low: int, high: int, what: str) -> Message | None:
    """``unsupported`` if a hand's size is outside what the library takes, else None."""
    bad = sorted({len(h) for h in hands if not low <= len(h) <= high})
    if bad:
        return cannot(f"{what} takes {low} to {high} cards, not {', '.join(map(str, bad))}")
    return None


def seats(value: Json) -> list[str]:
    """A list of seat names from a request."""
    if not isinstance(value, list):
        raise ValueError("expected a list of seats")
    return [str(v) for v in value]


def chips_by_seat(value: Json) -> dict[str, int]:
    """An object of whole amounts by seat name from a request."""
    if not isinstance(value, dict):
        raise ValueError("expected an object keyed by seat")
    return {str(k): int(v) for k, v in value.items() if isinstance(v, int) and not isinstance(v, bool)}


CACTUS_BOUNDS = (7462, 6185, 3325, 2467, 1609, 1599, 322, 166, 10)
"""The last class of each category, worst first, on Cactus Kev's 1 (royal flush) .. 7462 (7-5-4-3-2)
scale of the 7462 distinct five-card high hands, which treys, deuces, phevaluator, pokerface and
poker-equity (from 0) all use."""


def cactus_category(value: int, best: int = 1) -> str:
    """The category of a class on Cactus Kev's scale that starts at ``best`` (1 or 0)."""
    label = CATEGORIES[0]
    for name, bound in zip(CATEGORIES, CACTUS_BOUNDS, strict=True):
        if value - best + 1 <= bound:
            label = name
    return label


def key_ranker(
    evaluate: Callable[[tuple[Card, ...]], Judged],
    fewest: int = 5,
    most: int = 7,
    categories: bool = True,
    qualifier: bool = False,
) -> Ranker:
    """A ``Ranker`` from the library's evaluation of one hand of ``fewest`` to ``most`` cards (a
    request with other sizes is ``unsupported``): its strength (larger is better; None: not a
    hand of this ranking, such as a low that does not qualify) and the category the library names
    (reported when ``categories``)."""

    def rank(hands: list[tuple[Card, ...]]) -> Message:
        refused = sizes(hands, fewest, most, "the library")
        if refused:
            return refused
        judged = [evaluate(h) for h in hands]
        reply: Message = {"order": order_by_keys([k for k, _ in judged])}
        if categories:
            reply["categories"] = [c for _, c in judged]
        if qualifier:
            reply["qualifies"] = [k is not None for k, _ in judged]
        return reply

    return rank


TREYS_NAMES = {
    "Royal Flush": "straight-flush",
    "Straight Flush": "straight-flush",
    "Four of a Kind": "four-of-a-kind",
    "Full House": "full-house",
    "Flush": "flush",
    "Straight": "straight",
    "Three of a Kind": "three-of-a-kind",
    "Two Pair": "two-pair",
    "Pair": "one-pair",
    "High Card": "high-card",
}
"""The category names of deuces and of treys, its Python 3 successor."""


class DeucesFamily(LibraryEngine):
    """deuces and treys share one API: ``Card.new('As')``, ``Evaluator().evaluate(cards, board)``
    returns 1 (royal flush) .. 7462, smaller is better, for five to seven cards, and
    ``get_rank_class`` / ``class_to_string`` name the category. The first two cards go in as the
    hand and the rest as the board, as in the libraries' own examples."""

    def __init__(self) -> None:
        super().__init__()
        import importlib

        module = importlib.import_module(self.distribution)
        cards = tuple(int(module.Card.new(format_card(Card(c)))) for c in range(52))
        evaluator = module.Evaluator()

        def high(hand: tuple[Card, ...]) -> Judged:
            ints = [cards[c] for c in hand]
            value = int(evaluator.evaluate(ints[:2], ints[2:]))
            return -value, TREYS_NAMES[str(evaluator.class_to_string(evaluator.get_rank_class(value)))]

        self.rankings["high"] = key_ranker(high)


EVAL7_NAMES = {
    "High Card": "high-card",
    "Pair": "one-pair",
    "Two Pair": "two-pair",
    "Trips": "three-of-a-kind",
    "Straight": "straight",
    "Flush": "flush",
    "Full House": "full-house",
    "Quads": "four-of-a-kind",
    "Straight Flush": "straight-flush",
}
"""The category names of eval7's ``handtype`` (and of pkrbot, which copies its API)."""


class Eval7Family(LibraryEngine):
    """eval7 and pkrbot share one API: ``evaluate([Card('As'), ...])`` is larger for a better
    hand and ``handtype(value)`` names its category. ``fewest`` is the fewest cards the library
    evaluates: eval7 takes any number, so it also ranks partial exposed hands of one to four
    cards (and five, with the full ranking); pkrbot takes five or more."""

    fewest = 5

    def __init__(self) -> None:
        super().__init__()
        import importlib

        module = importlib.import_module(self.distribution)
        cards = tuple(module.Card(format_card(Card(c))) for c in range(52))

        def judge(hand: tuple[Card, ...]) -> Judged:
            value = int(module.evaluate([cards[c] for c in hand]))
            return value, EVAL7_NAMES[str(module.handtype(value))]

        self.rankings["high"] = key_ranker(judge)
        if self.fewest == 1:
            self.rankings["exposed"] = key_ranker(judge, 1, 5)

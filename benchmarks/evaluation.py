"""Hand evaluation: the same seeded random hands through pokerspec and every peer that has the function.

Tasks: five-card high, best-of-seven high, best-of-seven ace-to-five low, eight-or-better
qualification of five cards. Each library gets the hands in its own card type, converted before
the clock starts; slow peers get a prefix of the same list so a run stays short.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable, Sequence
from itertools import combinations

from common import Measurement, time_each
from pokerspec.core.cards import Card, format_cards
from pokerspec.core.high import high_rank, high_rank5
from pokerspec.core.low import low_rank, low_rank5, qualifies_eight

Hand = tuple[Card, ...]

TASKS = ("five-card high", "seven-card high", "seven-card low a-5", "eight-or-better qualifier")


def deal(count: int, size: int, seed: int) -> list[Hand]:
    """``count`` random hands of ``size`` distinct cards from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [tuple(Card(c) for c in rng.sample(range(52), size)) for _ in range(count)]


def available(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def literate_high7(cards: Hand) -> int:
    return max(high_rank5(five) for five in combinations(cards, 5))


def literate_low7(cards: Hand) -> int:
    return max(low_rank5(five) for five in combinations(cards, 5))


Runner = Callable[[str, Sequence[Hand]], Measurement | None]
"""Given a task and the hands, time a peer on them (None if it lacks the function)."""


def _pokerkit(task: str, hands: Sequence[Hand]) -> Measurement | None:
    from pokerkit import Card as PKCard
    from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand

    converted = [tuple(PKCard.parse(format_cards(h).replace(" ", ""))) for h in hands]
    functions: dict[str, Callable[[tuple[PKCard, ...]], object]] = {
        "five-card high": lambda cards: StandardHighHand(cards),
        "seven-card high": lambda cards: StandardHighHand.from_game(cards),
        "seven-card low a-5": lambda cards: RegularLowHand.from_game(cards),
        "eight-or-better qualifier": lambda cards: EightOrBetterLowHand.from_game_or_none(cards),
    }
    return time_each(task, "pokerkit", converted, functions[task], repeats=2)


def _treys(task: str, hands: Sequence[Hand]) -> Measurement | None:
    if task not in ("five-card high", "seven-card high"):
        return None
    from treys import Card as TreysCard
    from treys import Evaluator

    table = [TreysCard.new(format_cards([Card(c)])) for c in range(52)]
    converted = [([table[c] for c in h[:2]], [table[c] for c in h[2:]]) for h in hands]
    evaluate = Evaluator().evaluate
    return time_each(task, "treys", converted, lambda pair: evaluate(pair[0], pair[1]))


def _eval7(task: str, hands: Sequence[Hand]) -> Measurement | None:
    if task not in ("five-card high", "seven-card high"):
        return None
    import eval7

    table = [eval7.Card(format_cards([Card(c)])) for c in range(52)]
    converted = [[table[c] for c in h] for h in hands]
    return time_each(task, "eval7", converted, eval7.evaluate)


def _phevaluator(task: str, hands: Sequence[Hand]) -> Measurement | None:
    if task not in ("five-card high", "seven-card high"):
        return None
    from phevaluator import evaluate_cards

    return time_each(task, "phevaluator", hands, lambda h: evaluate_cards(*h))


PEERS: dict[str, tuple[str, Runner, int]] = {
    "pokerkit": ("pokerkit", _pokerkit, 5),
    "treys": ("treys", _treys, 1),
    "eval7": ("eval7", _eval7, 1),
    "phevaluator": ("phevaluator", _phevaluator, 1),
}
"""Peer name -> (module, runner, slowdown): a peer with slowdown k gets 1/k of the hands."""


def run(count: int, seed: int) -> list[Measurement]:
    five = deal(count, 5, seed)
    seven = deal(count, 7, seed + 1)
    ours: dict[str, tuple[Sequence[Hand], Callable[[Hand], object]]] = {
        "five-card high": (five, high_rank),
        "seven-card high": (seven, high_rank),
        "seven-card low a-5": (seven, low_rank),
        "eight-or-better qualifier": (five, qualifies_eight),
    }
    high_rank(five[0])  # build the tables before the clock starts
    out: list[Measurement] = []
    for task, (hands, evaluate) in ours.items():
        out.append(time_each(task, "pokerspec", hands, evaluate))
        if task == "five-card high":
            out.append(time_each(task, "pokerspec literate", hands[: count // 10], high_rank5, repeats=2))
        elif task == "seven-card high":
            out.append(time_each(task, "pokerspec literate", hands[: count // 50], literate_high7, repeats=2))
        elif task == "seven-card low a-5":
            out.append(time_each(task, "pokerspec literate", hands[: count // 50], literate_low7, repeats=2))
        for module, runner, slowdown in PEERS.values():
            if not available(module):
                continue
            size = max(100, count // (slowdown * (10 if task.startswith("seven") else 1)))
            measured = runner(task, hands[:size] if slowdown > 1 else hands)
            if measured is not None:
                out.append(measured)
    return out

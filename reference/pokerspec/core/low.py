"""Ace-to-five low with pairs, and the eight-or-better qualifier (spec/core/04-low.md).

``low_rank5`` returns an ``int`` that is larger for a *better* (lower) hand, so every ranking
in pokerspec compares the same way. Rules ``core.low.*`` and ``core.low8.*``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pokerspec.core import fast
from pokerspec.core.cards import Card, rank_of
from pokerspec.core.high import pack
from pokerspec.core.types import LowRank as LowRank

_WORST = pack(5, [13, 13, 13, 13, 13])
"""An upper bound on every packed low key; ``low`` strength is ``_WORST - key``."""

_SHAPES: dict[tuple[int, ...], int] = {
    (1, 1, 1, 1, 1): 0,  # no pair: better than every paired hand (core.low.unpaired-first)
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
}
"""Repeat categories, best first: no pair before any pair (``core.low.unpaired-first``), then the
fewer repeats the better (``core.low.repeats``)."""


def low_value(card: Card) -> int:
    """The ace counts as 1; every other rank as itself (``core.low.ace``)."""
    r = rank_of(card)
    return 1 if r == 14 else r


def low_key5(cards: Sequence[Card]) -> int:
    """Smaller is better: repeat category, then groups (bigger first, higher first), then kickers,
    so unpaired hands compare from the top card down (``core.low.compare``).

    Straights and flushes are ignored (``core.low.no-straights``).
    """
    values = [low_value(c) for c in cards]
    counts = Counter(values)
    shape = tuple(sorted(counts.values(), reverse=True))
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    return pack(_SHAPES[shape], order)


def low_rank5(cards: Sequence[Card]) -> LowRank:
    return LowRank(_WORST - low_key5(cards))


def low_rank(cards: Sequence[Card]) -> LowRank:
    """The best ace-to-five low among five to seven cards (``core.low.best-five``).

    By definition the best ``low_rank5`` over every five-card subset; computed by the
    table-driven ``pokerspec.core.fast``, which is proven to return the same key.
    """
    try:
        return fast.low_rank(cards)
    except fast.Unbuilt:
        fast.build_low(low_rank5)
        return fast.low_rank(cards)


def qualifies_eight(cards: Sequence[Card]) -> bool:
    """Five distinct ranks, none above eight, ace low (``core.low8.qualifier``)."""
    values = {low_value(c) for c in cards}
    return len(cards) == 5 and len(values) == 5 and max(values) <= 8

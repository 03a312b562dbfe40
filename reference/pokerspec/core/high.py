"""High hand ranking (spec/core/03-high.md, rules ``core.high.*``).

``high_rank5`` is the literate definition: it returns an ``int`` that is larger for a better
hand, so any two hands compare with ``<``/``==``. Layout of the key: the category (0 high card
.. 8 straight flush) in bits 20..23, then up to five 4-bit ranks, the most significant first,
in the order the rules compare them (groups by size, then by rank; a straight by its top card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum

from pokerspec.core import fast
from pokerspec.core.cards import Card, rank_of, suit_of
from pokerspec.core.types import HighRank as HighRank


class Category(IntEnum):
    """The nine categories, worst to best (``core.high.categories``)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category's name in replies: ``high-card`` ... ``straight-flush`` (``core.contract.values``)."""
        return self.name.lower().replace("_", "-")


def pack(category: int, ranks: Sequence[int]) -> int:
    """Pack a category and its comparison ranks into one comparable int."""
    key = category
    for i in range(5):
        key = (key << 4) | (ranks[i] if i < len(ranks) else 0)
    return key


def grouped_ranks(ranks: Sequence[int]) -> list[int]:
    """Ranks ordered for comparison: bigger groups first, then higher rank (``core.high.kickers``)."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return order


def straight_top(ranks: Sequence[int]) -> int | None:
    """The top card of a straight, or None; the wheel A-2-3-4-5 counts as 5-high (``core.high.wheel``).

    No wrap-around: Q-K-A-2-3 is not a straight (``core.high.no-wraparound``).
    """
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [14, 5, 4, 3, 2]:
        return 5
    return None


def high_rank5(cards: Sequence[Card]) -> HighRank:
    """The rank of exactly five cards; suits never rank (``core.high.suits``)."""
    ranks = [rank_of(c) for c in cards]
    flush = len({suit_of(c) for c in cards}) == 1
    top = straight_top(ranks)
    if top is not None:
        return HighRank(pack(Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT, [top]))
    if flush:
        return HighRank(pack(Category.FLUSH, sorted(ranks, reverse=True)))
    order = grouped_ranks(ranks)
    shape = sorted(Counter(ranks).values(), reverse=True)
    category = {
        (4, 1): Category.FOUR_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (3, 1, 1): Category.THREE_OF_A_KIND,
        (2, 2, 1): Category.TWO_PAIR,
        (2, 1, 1, 1): Category.ONE_PAIR,
        (1, 1, 1, 1, 1): Category.HIGH_CARD,
    }[tuple(shape)]
    return HighRank(pack(category, order))


def high_rank(cards: Sequence[Card]) -> HighRank:
    """The best five-card rank among five, six or seven cards (``core.high.best-five``).

    By definition the best ``high_rank5`` over every five-card subset; computed by the
    table-driven ``pokerspec.core.fast``, which is proven to return the same key.
    """
    try:
        return fast.high_rank(cards)
    except fast.Unbuilt:
        fast.build_high(high_rank5)
        return fast.high_rank(cards)


def category_of(rank: HighRank) -> Category:
    return Category(rank >> 20)

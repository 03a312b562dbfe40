"""Exposed partial hands and the bring-in card (spec/core/05-exposed.md).

``exposed_rank`` ranks one to five face-up cards (``core.exposed.*``): with fewer than five
cards only repeats count (four of a kind, three of a kind, two pair, one pair, high cards) and
straights and flushes do not; with exactly five the full high ranking applies.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerspec.core.cards import Card, rank_of
from pokerspec.core.high import Category, HighRank, high_rank, pack

_PARTIAL_SHAPES: dict[tuple[int, ...], Category] = {
    (4,): Category.FOUR_OF_A_KIND,
    (3,): Category.THREE_OF_A_KIND,
    (3, 1): Category.THREE_OF_A_KIND,
    (2, 2): Category.TWO_PAIR,
    (2,): Category.ONE_PAIR,
    (2, 1): Category.ONE_PAIR,
    (2, 1, 1): Category.ONE_PAIR,
}

_HIGH_CARD = Category.HIGH_CARD
"""Read once: a member lookup on an ``Enum`` class is slow (``EnumType.__getattr__``)."""


def exposed_rank(cards: Sequence[Card]) -> HighRank:
    """The strength of 1..5 face-up cards; larger is better (``core.exposed.partial``); five cards
    rank as a full high hand (``core.exposed.five``)."""
    if len(cards) == 5:
        return high_rank(cards)  # the table-driven equal of ``high_rank5`` (``core.high.best-five``)
    if not 1 <= len(cards) <= 4:
        raise ValueError(f"an exposed hand has 1 to 5 cards, got {len(cards)}")
    ranks = tuple(sorted([_RANK_OF[c] for c in cards], reverse=True))
    known = _PARTIAL_RANKS.get(ranks)
    if known is None:
        known = _PARTIAL_RANKS[ranks] = _partial_rank(ranks)
    return known


_RANK_OF = tuple(rank_of(Card(c)) for c in range(52))
"""``rank_of`` of every card, read by index: a board is ranked at every street."""
_PARTIAL_RANKS: dict[tuple[int, ...], HighRank] = {}
"""``_partial_rank`` by ranks, filled as they come: suits play no part in a partial hand, so
there are only 2,379 rank tuples of one to four cards, and stud ranks every board at every
street (the mutants empty it with the evaluation tables)."""


def _partial_rank(ranks: tuple[int, ...]) -> HighRank:
    """The strength of one to four face-up cards of these ranks, high to low."""
    # The order of ``grouped_ranks`` (bigger groups first, then higher rank) without its Counter:
    # distinct ranks high to low, then a stable sort by group size.
    order = sorted(dict.fromkeys(ranks), key=ranks.count, reverse=True)
    shape = tuple(map(ranks.count, order))
    category = _PARTIAL_SHAPES.get(shape, _HIGH_CARD)
    return HighRank(pack(category, order))


def bring_in_card(cards: Sequence[Card]) -> Card:
    """The card that brings in: lowest rank, ace high; among equal ranks clubs, diamonds,
    hearts, spades (``core.bringin.order``). Card integers are already in this order."""
    return min(cards)

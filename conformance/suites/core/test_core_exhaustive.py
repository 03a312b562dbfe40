"""Exhaustive checks over all 2,598,960 five-card hands, on the literate definitions, and the
table-driven fast path (``pokerspec.core.fast``) giving the literate key of each.

``core.high.categories``: the category counts and the 7,462 distinct high classes;
``core.low.repeats``: the 6,175 distinct ace-to-five low classes (suits never matter, so every
multiset of five ranks but five of a kind is one class); ``core.low8.qualifier``: the 56
qualifying rank sets (C(8, 5), aces low) and their 56 * 4**5 = 57,344 hands.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from pokerspec.core import fast
from pokerspec.core.cards import Card, rank_of
from pokerspec.core.high import Category, category_of, high_rank, high_rank5
from pokerspec.core.low import low_rank, low_rank5, qualifies_eight

ALL_CARDS = [Card(c) for c in range(52)]


@pytest.fixture(autouse=True, scope="module")
def _tables() -> None:
    """The tables ``fast`` reads are built by the first ranking through ``high``/``low``."""
    high_rank(ALL_CARDS[:5])
    low_rank(ALL_CARDS[:5])

EXPECTED_CATEGORIES = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

pytestmark = pytest.mark.slow


def test_high_categories_and_classes() -> None:
    categories: Counter[Category] = Counter()
    classes: set[int] = set()
    for five in combinations(ALL_CARDS, 5):
        key = high_rank5(five)
        assert fast.high_rank(five) == key, five
        categories[category_of(key)] += 1
        classes.add(key)
    assert dict(categories) == EXPECTED_CATEGORIES
    assert sum(categories.values()) == 2_598_960
    assert len(classes) == 7_462


def test_low_classes() -> None:
    classes = set()
    for five in combinations(ALL_CARDS, 5):
        key = low_rank5(five)
        assert fast.low_rank(five) == key, five
        classes.add(key)
    assert len(classes) == 6_175


def test_eight_or_better() -> None:
    rank_sets: set[frozenset[int]] = set()
    hands = 0
    for five in combinations(ALL_CARDS, 5):
        if qualifies_eight(five):
            hands += 1
            rank_sets.add(frozenset(rank_of(c) for c in five))
    assert len(rank_sets) == 56
    assert hands == 57_344
    worst = frozenset({8, 7, 6, 5, 4})
    assert worst in rank_sets
    assert not any(9 in s or 13 in s for s in rank_sets)

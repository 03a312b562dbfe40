"""The table-driven fast path returns exactly the literate keys (``core.high.best-five``,
``core.low.best-five``).

The definition of the best hand among five to seven cards is the best five-card subset under
the literate ``high_rank5`` / ``low_rank5``; ``pokerspec.core.fast`` must agree with it on every
six- and seven-card rank pattern, with and without a flush, and on every five-card hand (checked
in test_core_exhaustive.py, in the same walk over the 2,598,960 hands that counts the classes).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerspec.core import fast
from pokerspec.core.cards import Card, make_card, parse_cards
from pokerspec.core.high import HighRank, high_rank, high_rank5
from pokerspec.core.low import LowRank, low_rank, low_rank5

ALL_CARDS = [Card(c) for c in range(52)]


@pytest.fixture(autouse=True, scope="module")
def _tables() -> None:
    """The tables ``fast`` reads are built by the first ranking through ``high``/``low``."""
    high_rank(ALL_CARDS[:5])
    low_rank(ALL_CARDS[:5])


def literate_high(cards: Sequence[Card]) -> HighRank:
    return max(high_rank5(five) for five in combinations(cards, 5))


def literate_low(cards: Sequence[Card]) -> LowRank:
    return max(low_rank5(five) for five in combinations(cards, 5))


hands = st.integers(min_value=5, max_value=7).flatmap(
    lambda n: st.lists(st.sampled_from(ALL_CARDS), min_size=n, max_size=n, unique=True)
)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_random_hands_match_literate(cards: list[Card]) -> None:
    assert high_rank(cards) == literate_high(cards)
    assert low_rank(cards) == literate_low(cards)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Five spades with a pair of nines off-suit: the flush wins (no full house is possible).
        ("9s 9h 9d 2s 5s Ks Qs", "Ks Qs 9s 5s 2s"),
        # Wheel plus a sixth card 6: the six-high straight beats the wheel.
        ("Ah 2d 3c 4s 5h 6d Kc", "2d 3c 4s 5h 6d"),
        # Steel wheel beside a king-high flush in the same suit: the straight flush wins.
        ("Ac 2c 3c 4c 5c Kc 9d", "Ac 2c 3c 4c 5c"),
    ],
)
def test_worked_examples(text: str, expected: str) -> None:
    assert high_rank(parse_cards(text)) == high_rank5(parse_cards(expected))


@pytest.mark.parametrize("size", [0, 4, 8])
def test_wrong_size_is_rejected(size: int) -> None:
    with pytest.raises(ValueError, match="5 to 7"):
        high_rank(ALL_CARDS[:size])
    with pytest.raises(ValueError, match="5 to 7"):
        low_rank(ALL_CARDS[:size])


def rank_patterns(size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` ranks (2..14) with at most four of a rank."""
    for ranks in combinations_with_replacement(range(2, 15), size):
        if max(Counter(ranks).values()) <= 4:
            yield ranks


def deal(ranks: Sequence[int], flush: frozenset[int], suit: int, rng: random.Random) -> list[Card]:
    """Cards with these ranks: one card of each rank in ``flush`` in ``suit``, the others in
    other suits (distinct, and never five in one suit), in a shuffled order."""
    cards: list[Card] = []
    for rank, count in Counter(ranks).items():
        others = [s for s in range(4) if s != suit]
        rng.shuffle(others)
        suits = ([suit] if rank in flush else []) + others
        cards += [make_card(rank, s) for s in suits[:count]]
    rng.shuffle(cards)
    return cards


def patterns(size: int, seed: int) -> Iterator[list[Card]]:
    """Per rank multiset: no flush (suits dealt round, and four of one suit when possible), and
    a flush on every choice of five or more distinct ranks, in a random suit and order. A rank
    held four times always has a card in the flush suit."""
    rng = random.Random(seed)
    for ranks in rank_patterns(size):
        yield [make_card(r, i % 4) for i, r in enumerate(ranks)]
        counts = Counter(ranks)
        quads = frozenset(r for r, k in counts.items() if k == 4)
        rest = sorted(set(ranks) - quads)
        if len(quads) + len(rest) >= 4:
            yield deal(ranks, quads | frozenset(rest[: 4 - len(quads)]), rng.randrange(4), rng)
        for n in range(5, len(quads) + len(rest) + 1):
            for chosen in combinations(rest, n - len(quads)):
                yield deal(ranks, quads | frozenset(chosen), rng.randrange(4), rng)


@pytest.mark.slow
@pytest.mark.parametrize("size", [6, 7])
def test_every_rank_pattern_high(size: int) -> None:
    memo: dict[tuple[Card, ...], HighRank] = {}  # high_rank5 of each five-card subset met so far
    seen = 0
    flushes = 0
    for cards in patterns(size, seed=size):
        assert len(set(cards)) == size
        expected = HighRank(0)
        for five in combinations(sorted(cards), 5):
            key = memo.get(five)
            if key is None:
                key = memo[five] = high_rank5(five)
            expected = max(expected, key)
        assert fast.high_rank(cards) == expected, cards
        seen += 1
        flushes += max(Counter(c & 3 for c in cards).values()) >= 5
    assert flushes > 0 and seen > flushes


@pytest.mark.slow
@pytest.mark.parametrize("size", [6, 7])
def test_every_rank_pattern_low(size: int) -> None:
    for ranks in rank_patterns(size):
        cards = [make_card(r, i % 4) for i, r in enumerate(ranks)]
        assert fast.low_rank(cards) == literate_low(cards), cards

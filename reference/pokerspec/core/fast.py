"""Table-driven evaluation of five to seven cards, equal key for key to the literate rankings.

The literate definitions are ``high_rank5`` (``core.high.categories`` .. ``core.high.kickers``)
and ``low_rank5`` (``core.low.*``); the best hand of six or seven cards is the best of its
five-card subsets (``core.high.best-five``, ``core.low.best-five``). This module computes the
same integers without looking at the subsets:

* every card adds ``5**rank_index`` to a running total, so the low 32 bits of the total spell
  the rank multiset in base 5 (at most four cards share a rank);
* every card also adds one to a 4-bit counter for its suit above bit 32, each counter starting
  at 3, so a counter reaches 8 exactly when five or more cards share a suit;
* without such a suit the best five cards depend on the rank multiset alone: one dictionary
  holds the high and one the low key of every multiset of five, six or seven ranks;
* with one (five of seven cards in a suit leave no room for a full house or four of a kind,
  which are the only categories above a flush), the answer is the best flush or straight flush
  among the suited ranks, looked up by their 13-bit rank mask.

Tables (about 150,000 entries) are built from the literate functions on first use, in about half a
second, so that importing stays cheap.
``conformance/suites/core/test_core_fastpath.py`` proves the equality on every five-card hand
and on every seven-card rank pattern with and without a flush.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING

from pokerspec.core.cards import Card, make_card

if TYPE_CHECKING:
    from pokerspec.core.high import HighRank
    from pokerspec.core.low import LowRank

_RANKS = 13
_SUIT_SHIFT = 32
_MULTISET = (1 << _SUIT_SHIFT) - 1
_BIAS = 0x3333 << _SUIT_SHIFT
"""Each suit counter starts at 3, so a count of five or more sets the counter's top bit."""
_FLUSH = 0x8888 << _SUIT_SHIFT

_POWER: tuple[int, ...] = tuple(5**r for r in range(_RANKS))
_VALUE: tuple[int, ...] = tuple(
    _POWER[card >> 2] + (1 << (_SUIT_SHIFT + 4 * (card & 3))) for card in range(52)
)
"""What each card adds to the running total."""
_BIT: tuple[int, ...] = tuple(1 << (card >> 2) for card in range(52))

_HIGH: dict[int, HighRank] = {}
"""High key by rank multiset (no flush possible among the cards)."""
_LOW: dict[int, LowRank] = {}
"""Ace-to-five low key by rank multiset."""
_FLUSH_HIGH: dict[int, HighRank] = {}
"""Best flush or straight flush by the rank mask of five to seven suited cards."""


def _multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Rank-index multisets of ``size`` cards with at most four of a rank, ascending."""
    for ranks in combinations_with_replacement(range(_RANKS), size):
        if all(ranks[i] != ranks[i + 4] for i in range(size - 4)):
            yield ranks


def _unsuited(ranks: Sequence[int]) -> list[Card]:
    """Cards with these rank indexes, the suits dealt round so that no suit holds five."""
    return [make_card(r + 2, i % 4) for i, r in enumerate(ranks)]


def _build() -> None:
    """Fill the tables from the literate definitions (five cards) and best-of-subsets (six, seven).

    A six- or seven-card multiset is best played by its best five-card sub-multiset, which is the
    best over its sub-multisets one card smaller; flushes likewise by rank mask.
    """
    from pokerspec.core.high import high_rank5
    from pokerspec.core.low import low_rank5

    for ranks in _multisets(5):
        cards = _unsuited(ranks)
        code = sum(_POWER[r] for r in ranks)
        _HIGH[code] = high_rank5(cards)
        _LOW[code] = low_rank5(cards)
    smaller = list(_HIGH)
    for _ in (6, 7):
        # Every multiset one card larger takes the best key of the multisets it contains.
        larger: dict[int, None] = {}
        for code in smaller:
            high, low = _HIGH[code], _LOW[code]
            for power in _POWER:
                if code // power % 5 == 4:
                    continue
                up = code + power
                if up in larger:
                    _HIGH[up] = max(_HIGH[up], high)
                    _LOW[up] = max(_LOW[up], low)
                else:
                    larger[up] = None
                    _HIGH[up], _LOW[up] = high, low
        smaller = list(larger)
    for ranks in combinations(range(_RANKS), 5):
        _FLUSH_HIGH[sum(1 << r for r in ranks)] = high_rank5([make_card(r + 2, 3) for r in ranks])
    for size in (6, 7):
        for ranks in combinations(range(_RANKS), size):
            mask = sum(1 << r for r in ranks)
            _FLUSH_HIGH[mask] = max(_FLUSH_HIGH[mask & ~(1 << r)] for r in ranks)


def _missing(cards: Sequence[Card]) -> None:
    """A key was not in the tables: build them on first use, else the hand is not 5-7 cards."""
    if _HIGH:
        raise ValueError(f"not a hand of 5 to 7 distinct cards: {list(cards)}")
    _build()


def _total(cards: Sequence[Card]) -> int:
    """The running total of five to seven cards (unrolled: this is the hot loop)."""
    n = len(cards)
    if n == 5:
        a, b, c, d, e = cards
        return _BIAS + _VALUE[a] + _VALUE[b] + _VALUE[c] + _VALUE[d] + _VALUE[e]
    if n == 7:
        a, b, c, d, e, f, g = cards
        return _BIAS + _VALUE[a] + _VALUE[b] + _VALUE[c] + _VALUE[d] + _VALUE[e] + _VALUE[f] + _VALUE[g]
    if n == 6:
        a, b, c, d, e, f = cards
        return _BIAS + _VALUE[a] + _VALUE[b] + _VALUE[c] + _VALUE[d] + _VALUE[e] + _VALUE[f]
    raise ValueError(f"a hand needs 5 to 7 distinct cards, got {n}")


def high_rank(cards: Sequence[Card]) -> HighRank:
    """The best five-card high key among five to seven distinct cards (``core.high.best-five``)."""
    total = _total(cards)
    try:
        if total & _FLUSH:
            suit = ((total & _FLUSH) >> (_SUIT_SHIFT + 3)).bit_length() // 4
            mask = 0
            for card in cards:
                if card & 3 == suit:
                    mask |= _BIT[card]
            return _FLUSH_HIGH[mask]
        return _HIGH[total & _MULTISET]
    except KeyError:
        _missing(cards)
        return high_rank(cards)


def low_rank(cards: Sequence[Card]) -> LowRank:
    """The best ace-to-five low key among five to seven distinct cards (``core.low.best-five``)."""
    try:
        return _LOW[_total(cards) & _MULTISET]
    except KeyError:
        _missing(cards)
        return low_rank(cards)

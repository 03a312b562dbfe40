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
second, so that importing stays cheap. This module imports neither ranking: ``high.high_rank`` and
``low.low_rank`` look their key up here and, on the first miss (``Unbuilt``), hand their literate
five-card function to ``build_high`` or ``build_low``.
``conformance/suites/core/test_core_fastpath.py`` proves the equality on every five-card hand
and on every seven-card rank pattern with and without a flush.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from threading import Lock
from typing import TypeVar

from pokerspec.core.cards import Card, make_card
from pokerspec.core.types import HighRank, LowRank

_Key = TypeVar("_Key", HighRank, LowRank)

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
_BUILDING = Lock()
"""Held while a table is built. Each table is built aside and bound whole (the flush table
first), so a thread that reads one while another builds it (a Dask worker's threads) finds it
empty (``Unbuilt``: it waits for the build, then reads it) or complete, never half-built."""


def _multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Rank-index multisets of ``size`` cards with at most four of a rank, ascending."""
    for ranks in combinations_with_replacement(range(_RANKS), size):
        if all(ranks[i] != ranks[i + 4] for i in range(size - 4)):
            yield ranks


def _unsuited(ranks: Sequence[int]) -> list[Card]:
    """Cards with these rank indexes, the suits dealt round so that no suit holds five."""
    return [make_card(r + 2, i % 4) for i, r in enumerate(ranks)]


class Unbuilt(LookupError):
    """The tables for this ranking are empty: build them from the literate five-card function."""


def build_high(high_rank5: Callable[[Sequence[Card]], HighRank]) -> None:
    """Fill the high tables from the literate five-card definition (``core.high.best-five``).

    A six- or seven-card multiset is best played by its best five-card sub-multiset, which is the
    best over its sub-multisets one card smaller; flushes likewise by rank mask. Built once, by
    one thread (``_BUILDING``).
    """
    global _HIGH, _FLUSH_HIGH
    with _BUILDING:
        if _HIGH:
            return
        high: dict[int, HighRank] = {}
        for ranks in _multisets(5):
            high[sum(_POWER[r] for r in ranks)] = high_rank5(_unsuited(ranks))
        _grow(high)
        flush: dict[int, HighRank] = {}
        for ranks in combinations(range(_RANKS), 5):
            flush[sum(1 << r for r in ranks)] = high_rank5([make_card(r + 2, 3) for r in ranks])
        for size in (6, 7):
            for ranks in combinations(range(_RANKS), size):
                mask = sum(1 << r for r in ranks)
                flush[mask] = max(flush[mask & ~(1 << r)] for r in ranks)
        _FLUSH_HIGH = flush
        _HIGH = high


def build_low(low_rank5: Callable[[Sequence[Card]], LowRank]) -> None:
    """Fill the low table from the literate five-card definition (``core.low.best-five``), once,
    by one thread (``_BUILDING``)."""
    global _LOW
    with _BUILDING:
        if _LOW:
            return
        low: dict[int, LowRank] = {}
        for ranks in _multisets(5):
            low[sum(_POWER[r] for r in ranks)] = low_rank5(_unsuited(ranks))
        _grow(low)
        _LOW = low


def _grow(table: dict[int, _Key]) -> None:
    """Every multiset of six, then seven ranks takes the best key of the multisets it contains."""
    smaller = list(table)
    for _ in (6, 7):
        larger: dict[int, None] = {}
        for code in smaller:
            key = table[code]
            for power in _POWER:
                if code // power % 5 == 4:
                    continue
                up = code + power
                if up in larger:
                    table[up] = max(table[up], key)
                else:
                    larger[up] = None
                    table[up] = key
        smaller = list(larger)


def _missing(cards: Sequence[Card], table: dict[int, HighRank] | dict[int, LowRank]) -> None:
    """A key was not in the tables: they are empty (``Unbuilt``), else the hand is not 5-7 cards."""
    if table:
        raise ValueError(f"not a hand of 5 to 7 distinct cards: {list(cards)}")
    raise Unbuilt


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
    high, flush = _HIGH, _FLUSH_HIGH  # bound in this order: a complete high table has its flushes
    if not high:
        raise Unbuilt
    try:
        if total & _FLUSH:
            suit = ((total & _FLUSH) >> (_SUIT_SHIFT + 3)).bit_length() // 4
            mask = 0
            for card in cards:
                if card & 3 == suit:
                    mask |= _BIT[card]
            return flush[mask]
        return high[total & _MULTISET]
    except KeyError:
        _missing(cards, high)
        raise


def low_rank(cards: Sequence[Card]) -> LowRank:
    """The best ace-to-five low key among five to seven distinct cards (``core.low.best-five``)."""
    low = _LOW
    try:
        return low[_total(cards) & _MULTISET]
    except KeyError:
        _missing(cards, low)
        raise

"""The two qualifiers (spec/archie/05-qualifiers.md, rules ``archie.qualify.*``).

Rankings themselves are the shared ones of ``pokerspec.core``: ordinary high and
ace-to-five low.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pokerspec.archie.table import ArchieRules
from pokerspec.core.cards import Card, rank_of
from pokerspec.core.high import Category, HighRank, category_of, high_rank
from pokerspec.core.low import LowRank, low_rank, qualifies_eight


def high_strength(cards: Sequence[Card]) -> HighRank:
    """The usual high order: category, then main groups, then kickers; the wheel is the lowest
    straight; suits never rank (``archie.qualify.high-order``). Five cards are their own best
    five, so the table-driven ``high_rank`` gives the same key as ``high_rank5``, faster."""
    return high_rank(cards)


def qualifies_high(cards: Sequence[Card], rules: ArchieRules) -> bool:
    """A pair of ``rules.high_pair`` (sixes; nines under Pagat) or better, whatever the kickers;
    any two pair or higher category qualifies (``archie.qualify.high``, ``archie.pagat.high``)."""
    category = category_of(high_strength(cards))
    if category is Category.ONE_PAIR:
        pair = next(r for r, n in Counter(rank_of(c) for c in cards).items() if n == 2)
        return pair >= rules.high_pair
    return category > Category.ONE_PAIR


def low_strength(cards: Sequence[Card]) -> LowRank:
    """Ace-to-five low, compared from the highest card down (``archie.qualify.low-order``); the
    table-driven ``low_rank``, equal to ``low_rank5`` on five cards."""
    return low_rank(cards)


def qualifies_low(cards: Sequence[Card]) -> bool:
    """Five different ranks, none above eight, the ace low; straights and flushes do not matter
    (``archie.qualify.low``). The same hand may also qualify for high (``archie.qualify.both``)."""
    return qualifies_eight(cards)

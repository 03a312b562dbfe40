"""The deck (spec/core/02-deck.md, rules ``core.deck.*``).

An explicit top-to-bottom order is the unit of reproducibility (``core.deck.order``). A case may
list only the top of the deck; the rest then follows in ascending card order
(``core.deck.completion``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerspec.core.cards import Card, CardError, format_card

FULL_DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""The 52 distinct cards in ascending order: 2c 2d 2h 2s 3c ... As (``core.deck.cards``)."""


def complete_deck(top: Sequence[Card]) -> tuple[Card, ...]:
    """The whole deck: ``top`` as given, then every other card in ascending order
    (``core.deck.completion``)."""
    seen: set[Card] = set()
    for card in top:
        if card in seen:
            raise CardError("duplicate_card", format_card(card), f"duplicate card {format_card(card)}")
        seen.add(card)
    return tuple(top) + tuple(c for c in FULL_DECK if c not in seen)


def shuffled(rng: random.Random) -> tuple[Card, ...]:
    """A shuffled deck from an explicit, seeded generator, never the global one (``core.deck.shuffle``)."""
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    return tuple(cards)

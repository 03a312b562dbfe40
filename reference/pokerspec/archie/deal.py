"""The deal and the three draws (spec/archie/02-deal.md, rules ``archie.deal.*``)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerspec.archie.table import non_dealer
from pokerspec.core.cards import Card
from pokerspec.core.types import Seat

HAND = 5
"""Cards in a hand, and the most a player may discard in one draw."""
DRAWS = 3
MAX_CARDS = 2 * HAND * (1 + DRAWS)
"""40: five cards each plus three full replacements each, so the deck never runs out
(``archie.deal.enough``)."""

Hands = tuple[tuple[Card, ...], tuple[Card, ...]]


def draw_order(dealer: Seat) -> tuple[Seat, Seat]:
    """The big blind declares and is served first, then the dealer (``archie.deal.discard``,
    ``archie.deal.replace``); the initial deal starts with the big blind too (``archie.deal.order``)."""
    return non_dealer(dealer), dealer


def initial_deal(deck: Sequence[Card], dealer: Seat) -> tuple[Hands, tuple[Card, ...]]:
    """Five cards each, one at a time from the top, the non-dealer first (``archie.deal.order``).

    Returns the hands by seat and the stub that is left.
    """
    hands: list[list[Card]] = [[], []]
    for i in range(2 * HAND):
        hands[draw_order(dealer)[i % 2]].append(deck[i])
    return (tuple(hands[0]), tuple(hands[1])), tuple(deck[2 * HAND :])


def replace_discards(
    hands: Hands, discards: tuple[tuple[Card, ...], tuple[Card, ...]], stub: tuple[Card, ...], dealer: Seat
) -> tuple[Hands, tuple[Card, ...]]:
    """Once both have committed, replacements come off the top of the stub: the big blind's whole
    block first, then the dealer's; each player keeps his other cards in order and puts the new
    ones after them (``archie.deal.replace``)."""
    new = [hands[0], hands[1]]
    for seat in draw_order(dealer):
        n = len(discards[seat])
        new[seat] = tuple(c for c in hands[seat] if c not in discards[seat]) + stub[:n]
        stub = stub[n:]
    return (new[0], new[1]), stub


def next_dealer(dealer: Seat) -> Seat:
    """The dealer and the blinds swap for the next hand (``archie.deal.rotation``)."""
    return non_dealer(dealer)

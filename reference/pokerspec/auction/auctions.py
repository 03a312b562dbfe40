"""The five sealed-bid auctions (spec/auction/02-auctions.md).

Bids and declarations are both *sealed*: each seat commits in any order and nothing is shown
until every seat has committed. ``Sealed`` holds such a collection.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar

from pokerspec.core.cards import Card
from pokerspec.core.exposed import exposed_rank
from pokerspec.core.types import Chips, Seat

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Sealed(Generic[T]):
    """Commitments made so far, keyed by seat; revealed only when ``complete``
    (``auction.auction.bid``, ``auction.declare.simultaneous``)."""

    seats: tuple[Seat, ...]
    committed: tuple[tuple[Seat, T], ...] = ()

    def pending(self) -> tuple[Seat, ...]:
        done = {s for s, _ in self.committed}
        return tuple(s for s in self.seats if s not in done)

    def commit(self, seat: Seat, value: T) -> Sealed[T]:
        return Sealed(self.seats, (*self.committed, (seat, value)))

    @property
    def complete(self) -> bool:
        # Fewer commitments than seats cannot cover every seat: no need to list who is pending.
        return len(self.committed) >= len(self.seats) and not self.pending()

    def revealed(self) -> dict[Seat, T]:
        """Every commitment, once all seats have committed; nothing before that."""
        return dict(self.committed) if self.complete else {}


@lru_cache(maxsize=16)
def bid_range(min_bid: Chips, max_bid: Chips) -> tuple[Chips, ...]:
    """The legal bids: every whole amount from the minimum to the maximum, never 0
    (``auction.auction.bid``)."""
    return tuple(Chips(b) for b in range(min_bid, max_bid + 1))


def pick_order(
    bids: Mapping[Seat, Chips], exposed: Sequence[tuple[Card, ...]], priority: Sequence[Seat]
) -> tuple[Seat, ...]:
    """The order in which the bidders pick (``auction.auction.order``).

    Highest bid first; equal bids are ordered by the better exposed combination as it stood
    before this row (``core.exposed.partial``: no straights or flushes below five cards, suits
    never count), then by seat from the dealer's left (``priority``). In the first auction
    nobody shows a card, so equal bids go by seat.
    """

    def strength(seat: Seat) -> int:
        cards = exposed[seat]
        return exposed_rank(cards) if cards else 0

    place = {seat: i for i, seat in enumerate(priority)}
    return tuple(sorted(bids, key=lambda s: (-bids[s], -strength(s), place[s])))

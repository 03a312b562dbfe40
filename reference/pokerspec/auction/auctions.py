"""The five sealed-bid auctions (spec/auction/02-auctions.md).

Bids and declarations are both *sealed*: each seat commits in any order and nothing is shown
until every seat has committed. ``Sealed`` holds such a collection.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final, Generic, TypeVar

from pokerspec.core.cards import Card
from pokerspec.core.exposed import exposed_rank
from pokerspec.core.types import Chips, Seat

T = TypeVar("T")


class Sealed(Generic[T]):
    """Commitments made so far, keyed by seat; revealed only when ``complete``
    (``auction.auction.bid``, ``auction.declare.simultaneous``).

    Immutable: ``commit`` returns a new collection. A plain class rather than a frozen dataclass, so
    that the optional mypyc build compiles it (docs/performance.md); the seats still to commit are
    kept, not worked out again at every question."""

    __slots__ = ("_pending", "committed", "seats")

    def __init__(self, seats: tuple[Seat, ...], committed: tuple[tuple[Seat, T], ...] = (),
                 pending: tuple[Seat, ...] | None = None) -> None:
        self.seats: Final = seats
        self.committed: Final = committed
        self._pending: Final = seats if pending is None else pending

    def __repr__(self) -> str:
        return f"Sealed({self.seats!r}, {self.committed!r})"

    def pending(self) -> tuple[Seat, ...]:
        """The seats yet to commit, in ``seats``' order."""
        return self._pending

    def commit(self, seat: Seat, value: T) -> Sealed[T]:
        pending = tuple(s for s in self._pending if s != seat)
        return Sealed(self.seats, (*self.committed, (seat, value)), pending)

    @property
    def complete(self) -> bool:
        return not self._pending

    def revealed(self) -> dict[Seat, T]:
        """Every commitment, once all seats have committed; nothing before that."""
        return dict(self.committed) if not self._pending else {}


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

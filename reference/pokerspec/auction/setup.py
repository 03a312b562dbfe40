"""Setup: players, ante, limits, reserve and the deal (spec/auction/01-setup.md).

Every amount and choice of the game is a field of ``AuctionRules``; the profiles in
``pokerspec.auction.profiles`` are instances of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pokerspec.core.cards import Card
from pokerspec.core.chips import OddChipRule
from pokerspec.core.game import RulesError, Setup, SetupError
from pokerspec.core.types import Chips, Seat


class FailedBoth(Enum):
    """What happens to the pot when nobody who declared "both" makes it (``auction.award.carry``)."""

    EXCLUDE = "exclude"
    """The failed declarers drop out; the pot carries over only if everyone declared both (seed)."""
    RIDE_IF_SEVERAL = "ride-if-several"
    """Two or more failed "both" declarers make the pot ride (``auction.profile.buderick-rides``)."""


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """The training limits and the choices the sources leave open (``auction.setup.limits``)."""

    min_players: int = 2
    """The fewest players dealt in (``auction.setup.players``)."""
    max_players: int = 7
    """The most seats at the table (``auction.setup.players``)."""
    ante: Chips = Chips(1)
    """Each player's ante (``auction.setup.ante``)."""
    hole_cards: int = 2
    """Hidden cards dealt to each player (``auction.setup.deal``)."""
    auctions: int = 5
    """Rows auctioned, one card each (``auction.auction.rows``)."""
    min_bid: Chips = Chips(1)
    """The lowest sealed bid (``auction.auction.bid``)."""
    max_bid: Chips = Chips(3)
    """The highest sealed bid (``auction.auction.bid``)."""
    bet_unit: Chips = Chips(1)
    """The bet and raise size of the betting round (``auction.setup.limits``)."""
    max_raises: int = 3
    """Raises allowed after the bet (``auction.betting.cap``)."""
    reserve: Chips = Chips(20)
    """Chips a seat must hold to be dealt in (``auction.setup.reserve``)."""
    odd_chip: OddChipRule = OddChipRule.REMAINDER_TO_FIRST
    """How the remainder of a divided pot is given out (``auction.award.odd-chip``)."""
    failed_both: FailedBoth = FailedBoth.EXCLUDE
    """What a failed "both" declarer does to the pot (``auction.award.carry``)."""

    def __post_init__(self) -> None:
        """The reserve covers the worst case and the deck serves every player, else a
        ``RulesError`` with the arithmetic (the class docstring names the rules)."""
        need = self.ante + self.auctions * self.max_bid + self.cap
        if self.reserve < need:
            raise RulesError(
                f"auction rules: reserve {self.reserve} < {self.ante} + {self.auctions}×{self.max_bid} + "
                f"{self.cap} = {need} (ante + auctions × max_bid + cap): the reserve must cover the ante, "
                f"the highest bids and the capped bets; make the reserve at least {need}")
        cards = self.max_players * (self.hole_cards + self.auctions)
        if cards > 52:
            raise RulesError(
                f"auction rules: {self.max_players} players × ({self.hole_cards} + {self.auctions}) cards = "
                f"{cards} > 52: the deck cannot serve that many players")

    @property
    def cap(self) -> Chips:
        """The most one player can put in the betting round: a bet and the allowed raises."""
        return Chips(self.bet_unit * (1 + self.max_raises))


@dataclass(frozen=True, slots=True)
class Deal:
    """Who is dealt in, their hidden cards by seat, and the five rows, each in deal order."""

    players: tuple[Seat, ...]
    """The seats dealt in, clockwise from the dealer's left, the dealer last."""
    sitting_out: tuple[Seat, ...]
    hole: tuple[tuple[Card, ...], ...]
    rows: tuple[tuple[Card, ...], ...]


def clockwise(dealer: Seat, seats: int) -> tuple[Seat, ...]:
    """Every seat from the dealer's left round to the dealer (``auction.setup.deal``)."""
    return tuple(Seat((dealer + 1 + i) % seats) for i in range(seats))


def deal(setup: Setup, rules: AuctionRules) -> Deal:
    """Seat the players and deal (``auction.setup.players``, ``auction.setup.reserve``,
    ``auction.setup.deal``).

    A seat with fewer chips than the reserve sits out. The table must have 2 to 7 seats and at
    least two of them must be dealt in, else ``SetupError("bad_seats")``. Hidden cards go one at
    a time clockwise from the dealer's left in two passes; each row is the next cards from the
    top, one per player, listed in deal order (``auction.auction.row``).
    """
    seats = len(setup.stacks)
    if not rules.min_players <= seats <= rules.max_players:
        raise SetupError("bad_seats", f"auction poker seats {rules.min_players} to {rules.max_players}, "
                         f"not {seats}")
    if sorted(setup.deck) != list(range(52)):
        raise SetupError("bad_deck", "the deck must hold the 52 cards once each")
    order = clockwise(setup.dealer, seats)
    players = tuple(s for s in order if setup.stacks[s] >= rules.reserve)
    sitting_out = tuple(s for s in order if setup.stacks[s] < rules.reserve)
    if len(players) < rules.min_players:
        raise SetupError("bad_seats", f"only {len(players)} seat(s) hold the {rules.reserve}-chip reserve")
    n = len(players)
    hole: list[tuple[Card, ...]] = [() for _ in range(seats)]
    for k in range(rules.hole_cards):
        for i, seat in enumerate(players):
            hole[seat] += (setup.deck[k * n + i],)
    start = rules.hole_cards * n
    rows = tuple(tuple(setup.deck[start + a * n : start + (a + 1) * n]) for a in range(rules.auctions))
    return Deal(players, sitting_out, tuple(hole), rows)

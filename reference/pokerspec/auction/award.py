"""Awarding the pot after the declaration (spec/auction/05-award.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from pokerspec.auction.declaration import Declaration, Hands
from pokerspec.auction.setup import AuctionRules, FailedBoth
from pokerspec.core.chips import high_low_halves, split
from pokerspec.core.game import PotAward
from pokerspec.core.types import Chips, Seat


class Result(Enum):
    """How a "both" declarer fared in one direction against that direction's claimants."""

    WON = "won"
    TIED = "tied"
    LOST = "lost"


@dataclass(frozen=True, slots=True)
class Award:
    """Where the pot went: the pot awarded (absent when it carries over), the carry-over, the
    failed "both" declarers and, for each "both" declarer, how he fared in each direction."""

    pots: tuple[PotAward, ...]
    carry: Chips
    excluded: tuple[Seat, ...] = ()
    both: Mapping[Seat, Mapping[str, Result]] = field(default_factory=dict)


def _result(seat: Seat, keys: Mapping[Seat, int]) -> Result:
    best = max(keys.values())
    if keys[seat] < best:
        return Result.LOST
    return Result.WON if sum(1 for k in keys.values() if k == best) == 1 else Result.TIED


def _best(seats: Sequence[Seat], keys: Mapping[Seat, int]) -> list[Seat]:
    """The seats holding the best key, in ``seats``' order (the priority order)."""
    best = max(keys[s] for s in seats)
    return [s for s in seats if keys[s] == best]


def lone_survivor(pot: Chips, seat: Seat) -> Award:
    """The last player left takes the pot without declaring (``auction.betting.lone-survivor``)."""
    return Award((PotAward(pot, (seat,), {"all": (seat,)}, {seat: pot}),), Chips(0))


def award(
    pot: Chips,
    hands: Mapping[Seat, Hands],
    declarations: Mapping[Seat, Declaration],
    priority: Sequence[Seat],
    rules: AuctionRules,
) -> Award:
    """Award ``pot`` among the declared seats; ``priority`` is clockwise from the dealer's left.

    A "both" declarer must beat every other claimant of each direction outright, other "both"
    declarers included; a loss or a tie either way shuts him out entirely, and his hand then
    plays no further part (``auction.award.both``). A successful one takes the whole pot. Else
    the pot is halved between the best remaining high and low, the odd chip to high
    (``auction.award.division``, ``auction.award.odd-chip``), winners ``high`` and ``low``; with one
    direction left its best takes everything, winners ``all`` (``auction.award.one-direction``,
    ``core.contract.winners``); with nobody left the pot carries over
    (``auction.award.carry``). Equal hands share, the remainder of a share going as
    ``rules.odd_chip`` says from the dealer's left (``auction.award.ties``).
    """
    order = [s for s in priority if s in declarations]
    high_keys = {s: int(hands[s].high) for s in order if declarations[s].claims_high}
    low_keys = {s: int(hands[s].low) for s in order if declarations[s].claims_low}
    both = [s for s in order if declarations[s] is Declaration.BOTH]
    results = {s: {"high": _result(s, high_keys), "low": _result(s, low_keys)} for s in both}
    eligible = tuple(order)
    for seat in both:
        if all(r is Result.WON for r in results[seat].values()):
            scoop = PotAward(pot, eligible, {"all": (seat,)}, {seat: pot})
            return Award((scoop,), Chips(0), (), results)
    excluded = tuple(both)
    high = [s for s in order if declarations[s] is Declaration.HIGH]
    low = [s for s in order if declarations[s] is Declaration.LOW]
    rides = rules.failed_both is FailedBoth.RIDE_IF_SEVERAL and len(both) >= 2
    if rides or not (high or low):
        return Award((), pot, excluded, results)
    winners: dict[str, tuple[Seat, ...]] = {}
    shares: dict[Seat, Chips] = {}
    if high and low:
        high_half, low_half = high_low_halves(pot)
        parts = [("high", high, high_keys, high_half), ("low", low, low_keys, low_half)]
    else:
        parts = [("all", high, high_keys, pot)] if high else [("all", low, low_keys, pot)]
    for direction, seats, keys, amount in parts:
        best = _best(seats, keys)
        winners[direction] = tuple(best)
        for seat, chips in split(amount, best, rules.odd_chip).items():
            shares[seat] = Chips(shares.get(seat, 0) + chips)
    return Award((PotAward(pot, eligible, winners, shares),), Chips(0), excluded, results)

"""Awarding the pot at a showdown (spec/archie/06-award.md, rules ``archie.award.*``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pokerspec.archie.qualifiers import high_strength, low_strength, qualifies_high, qualifies_low
from pokerspec.archie.table import ArchieRules, NoQualifier
from pokerspec.core.cards import Card
from pokerspec.core.chips import high_low_halves, split
from pokerspec.core.game import Json, PotAward
from pokerspec.core.types import Chips, Seat, seat_name

Hands = Mapping[Seat, Sequence[Card]]


def priority(dealer: Seat, seats: int) -> tuple[Seat, ...]:
    """Clockwise from the seat after the dealer, the dealer last: heads-up the big blind comes
    first (``archie.award.odd-chip``)."""
    return tuple(Seat((dealer + 1 + i) % seats) for i in range(seats))


def best(contenders: Sequence[Seat], strength: Callable[[Sequence[Card]], int], hands: Hands) -> list[Seat]:
    """The contenders with the best hand, in the order given; equal ranks tie and suits never
    break a tie (``archie.award.ties``)."""
    top = max(strength(hands[s]) for s in contenders)
    return [s for s in contenders if strength(hands[s]) == top]


def award(hands: Hands, pot: Chips, dealer: Seat, rules: ArchieRules) -> tuple[PotAward, dict[str, Json]]:
    """Give out ``pot`` between the hands shown.

    Only a qualified hand competes in a direction (``archie.showdown.cards-speak``). Both
    directions qualified: the high half (with the pot's odd chip) to the best qualified high,
    the low half to the best qualified low (``archie.award.split``, winners ``high``/``low``).
    One direction: its best takes the whole pot (``archie.award.one-way``, winners ``all``).
    Nobody: the best ordinary high takes it (``archie.award.nobody``) or, under Pagat, everyone
    shares equally (``archie.pagat.nobody``), winners ``all``. A tied share is split in
    ``priority`` order (``archie.award.odd-chip``).
    """
    order = priority(dealer, max(hands) + 1)
    seats = [s for s in order if s in hands]
    high = [s for s in seats if qualifies_high(hands[s], rules)]
    low = [s for s in seats if qualifies_low(hands[s])]
    shares: dict[Seat, Chips] = {}
    winners: dict[str, list[Seat]]
    if high and low:
        kind = "high-low"
        high_half, low_half = high_low_halves(pot)
        winners = {"high": best(high, high_strength, hands), "low": best(low, low_strength, hands)}
        for half, side in ((high_half, "high"), (low_half, "low")):
            for seat, chips in split(half, winners[side], rules.odd_chip).items():
                shares[seat] = Chips(shares.get(seat, 0) + chips)
    else:
        if high or low:
            kind = "high" if high else "low"
            takers = best(high, high_strength, hands) if high else best(low, low_strength, hands)
        elif rules.no_qualifier is NoQualifier.BEST_HIGH:
            kind = "no-qualifier"
            takers = best(seats, high_strength, hands)
        else:
            kind = "no-qualifier"
            takers = seats
        winners = {"all": takers}
        shares = split(pot, takers, rules.odd_chip)
    pot_award = PotAward(pot, tuple(seats), {d: tuple(ws) for d, ws in winners.items()}, shares)
    details: dict[str, Json] = {
        "award": kind,
        "qualified": {"high": [seat_name(s) for s in high], "low": [seat_name(s) for s in low]},
    }
    return pot_award, details

"""The showdown: who shows first, mucking, awarding each pot and the odd chip
(spec/stud/06-showdown.md, rules ``stud.showdown.*``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerspec.core.cards import Card, format_card
from pokerspec.core.chips import Pot, split
from pokerspec.core.exposed import exposed_rank
from pokerspec.core.game import SEVEN_CARDS, Json, Outcome, PotAward, ShowdownSetup
from pokerspec.core.high import HighRank, high_rank
from pokerspec.core.types import Chips, Seat, seat_name
from pokerspec.stud.allin import pots_of
from pokerspec.stud.profiles import OddChipOrder, ShowOrder, StudRules
from pokerspec.stud.state import from_left


def show_order(
    live: Sequence[Seat], boards: Mapping[Seat, HighRank], seats: int, button: Seat,
    rules: StudRules, aggressor: Seat | None,
) -> tuple[Seat, ...]:
    """The best exposed hand shows first (equal boards: the seat nearest the button's left), then
    the others clockwise from him (``stud.showdown.order``). Under ``LAST_AGGRESSOR`` the last
    bettor or raiser of the final round starts, if there was one (``stud.profile.last-aggressor``)."""
    clockwise = [s for s in from_left(seats, button) if s in live]
    if rules.show_order is ShowOrder.LAST_AGGRESSOR and aggressor in clockwise:
        first = clockwise.index(aggressor)
    else:
        best = max(boards[s] for s in clockwise)
        first = next(i for i, s in enumerate(clockwise) if boards[s] == best)
    return tuple(clockwise[first:] + clockwise[:first])


def may_muck(seat: Seat, shown: Sequence[Seat], mucked: Sequence[Seat], pots: Sequence[Pot]) -> bool:
    """Once one hand is face up, a player may muck instead of showing and so gives up every claim;
    but the last player still claiming a pot must show (``stud.showdown.muck``)."""
    if not shown:
        return False
    return all(
        any(other != seat and other not in mucked for other in pot.eligible)
        for pot in pots if seat in pot.eligible
    )


def _odd_chip_priority(
    winners: list[Seat], own: Mapping[Seat, Sequence[Card]], rules: StudRules
) -> list[Seat]:
    """Tied winners in the order they take odd chips: as shown (the seed), or by their highest
    own card, rank then suit (``stud.showdown.odd-chip``, ``stud.profile.odd-chip-suit``)."""
    if rules.odd_chip_order is OddChipOrder.HIGH_CARD_SUIT:
        return sorted(winners, key=lambda s: max(own[s]), reverse=True)
    return winners


def award(
    seats: int, contributed: Sequence[Chips], folded: frozenset[Seat], order: Sequence[Seat],
    mucked: Sequence[Seat], own: Mapping[Seat, Sequence[Card]], common: Card | None, rules: StudRules,
) -> Outcome:
    """Award every pot on its own to the best five of seven among its eligible players who did not
    muck (``stud.showdown.award``); a tie splits the pot, the remainder going by the odd-chip rule
    (``stud.showdown.odd-chip``). ``order`` is the show order; ``own`` each seat's own cards."""
    pots, returned = pots_of(contributed, folded)
    extra = () if common is None else (common,)
    ranks: dict[Seat, HighRank] = {s: high_rank((*own[s], *extra)) for s in order if s not in mucked}
    received = [0] * seats
    for seat, chips in returned.items():
        received[seat] += chips
    awards: list[PotAward] = []
    for pot in pots:
        contenders = [s for s in order if s in pot.eligible and s in ranks]
        best = max(ranks[s] for s in contenders)
        winners = [s for s in contenders if ranks[s] == best]
        shares = split(pot.amount, _odd_chip_priority(winners, own, rules), rules.odd_chip_rule)
        for seat, chips in shares.items():
            received[seat] += chips
        awards.append(PotAward(pot.amount, pot.eligible, {"all": tuple(winners)}, shares))
    shown = [s for s in order if s not in mucked]
    return _outcome(received, contributed, awards, shown, mucked, returned, common)


def uncontested(
    seats: int, contributed: Sequence[Chips], folded: frozenset[Seat], common: Card | None
) -> Outcome:
    """Everyone else folded: the last player in takes the pot without showing, and his bet that
    nobody called comes back (``stud.showdown.uncontested``)."""
    pots, returned = pots_of(contributed, folded)
    received = [0] * seats
    for seat, chips in returned.items():
        received[seat] += chips
    awards: list[PotAward] = []
    for pot in pots:
        (winner,) = pot.eligible
        received[winner] += pot.amount
        awards.append(PotAward(pot.amount, pot.eligible, {"all": (winner,)}, {winner: pot.amount}))
    return _outcome(received, contributed, awards, [], [], returned, common)


def _outcome(
    received: Sequence[int], contributed: Sequence[Chips], awards: list[PotAward], shown: Sequence[Seat],
    mucked: Sequence[Seat], returned: Mapping[Seat, Chips], common: Card | None,
) -> Outcome:
    details: dict[str, Json] = {
        "shown": [seat_name(s) for s in shown],
        "mucked": [seat_name(s) for s in mucked],
        "returned": {seat_name(s): c for s, c in sorted(returned.items())},
        "common": [] if common is None else [format_card(common)],
    }
    return Outcome(tuple(Chips(r) for r in received), tuple(contributed), tuple(awards), details=details)


def showdown(setup: ShowdownSetup, rules: StudRules) -> Outcome:
    """Award final hands on their own. Each hand lists its seven cards in the order dealt (two
    down, four up, one down), so cards 3 to 6 are the board that sets the show order; every live
    hand is shown. Seats with no hand listed count as folded (``stud.showdown.order``)."""
    seats = setup.seats or max([*setup.hands, *setup.contributed], default=Seat(0)) + 1
    folded = frozenset(Seat(s) for s in range(seats) if s in setup.folded or s not in setup.hands)
    live = [Seat(s) for s in range(seats) if s not in folded]
    if any(len(setup.hands[s]) != SEVEN_CARDS for s in live):
        raise ValueError("a stud showdown needs the seven cards of each hand still in")
    boards = {s: exposed_rank(setup.hands[s][2:6]) for s in live}
    order = show_order(live, boards, seats, setup.dealer, rules, None)
    contributed = tuple(setup.contributed.get(Seat(s), Chips(0)) for s in range(seats))
    return award(seats, contributed, folded, order, (), {s: setup.hands[s] for s in live}, None, rules)

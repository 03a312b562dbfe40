"""Fold and showdown (spec/archie/04-showdown.md, rules ``archie.showdown.*``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from pokerspec.archie.award import award
from pokerspec.archie.deal import HAND, next_dealer
from pokerspec.archie.qualifiers import high_strength
from pokerspec.archie.table import PLAYERS, ArchieRules
from pokerspec.core.cards import Card
from pokerspec.core.game import Json, Outcome, PotAward
from pokerspec.core.high import category_of
from pokerspec.core.types import Chips, Seat, seat_name


def settle(
    hands: Mapping[Seat, Sequence[Card]],
    contributed: Sequence[Chips],
    folded: Seat | None,
    dealer: Seat,
    rules: ArchieRules,
) -> Outcome:
    """The result of a finished hand; each seat's net is what it received minus what it put in
    (``archie.award.net``).

    After a fold the other seat takes the whole pot at once, whatever its cards: no qualifier
    applies and nothing is shown (``archie.showdown.fold``). Otherwise both hands are shown
    (``archie.showdown.expose``) and ``award`` gives out the pot.
    """
    if folded is not None:
        return fold_outcome(tuple(contributed), folded, dealer)
    pot = Chips(sum(contributed))  # one pot of everything, nothing returned (``core.contract.pots``)
    details: dict[str, Json] = {"next_dealer": seat_name(next_dealer(dealer))}
    if len(hands) != PLAYERS or any(len(set(h)) != HAND for h in hands.values()):
        raise ValueError(f"a showdown needs {HAND} distinct cards for each of the {PLAYERS} seats")
    if len({c for h in hands.values() for c in h}) != PLAYERS * HAND:
        raise ValueError("a card is in both hands")
    pot_award, more = award(hands, pot, dealer, rules)
    details.update(more)
    details.update({
        "result": "showdown",
        "shown": [seat_name(s) for s in sorted(hands)],
        "categories": {seat_name(s): category_of(high_strength(hands[s])).label for s in sorted(hands)},
    })
    return _outcome(contributed, pot_award, details)


@lru_cache(maxsize=1024)
def fold_outcome(contributed: tuple[Chips, ...], folded: Seat, dealer: Seat) -> Outcome:
    """The result after ``folded`` gave up: the other seat takes the whole pot, whatever its cards
    (``archie.showdown.fold``). It depends on the chips alone, so it is worked out once for each
    (a tree ends in a fold after many different draws); an ``Outcome`` is immutable."""
    pot = Chips(sum(contributed))
    winner = Seat(1 - folded)
    pot_award = PotAward(pot, (winner,), {"all": (winner,)}, {winner: pot})
    return _outcome(contributed, pot_award,
                    {"next_dealer": seat_name(next_dealer(dealer)), "result": "fold", "shown": []})


def _outcome(contributed: Sequence[Chips], pot_award: PotAward, details: dict[str, Json]) -> Outcome:
    received = tuple(pot_award.shares.get(Seat(i), Chips(0)) for i in range(len(contributed)))
    return Outcome(received, tuple(contributed), (pot_award,), details=details)

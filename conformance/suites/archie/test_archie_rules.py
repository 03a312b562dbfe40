"""Unit checks of the Archie rules objects, profiles and qualifiers."""

from __future__ import annotations

from itertools import combinations

import pytest
from pokerspec.archie import deal as archie_deal
from pokerspec.archie.award import priority
from pokerspec.archie.deal import MAX_CARDS, initial_deal
from pokerspec.archie.profiles import BARGE, PAGAT, PROFILES
from pokerspec.archie.qualifiers import qualifies_high, qualifies_low
from pokerspec.archie.showdown import settle
from pokerspec.archie.table import ArchieRules, NoQualifier, max_contribution
from pokerspec.core.cards import make_card, parse_cards
from pokerspec.core.chips import OddChipRule
from pokerspec.core.deck import FULL_DECK
from pokerspec.core.types import Chips, Seat
from pokerspec.regress.mutants import around


def test_reserve_is_the_most_a_seat_can_put_in() -> None:
    assert max_contribution(BARGE) == 8 + 8 + 16 + 16 == BARGE.reserve
    assert MAX_CARDS == 40


def test_rules_that_could_not_be_covered_by_the_reserve_are_refused() -> None:
    with pytest.raises(ValueError, match="reserve"):
        ArchieRules(reserve=Chips(47))
    with pytest.raises(ValueError, match="big blind"):
        ArchieRules(big_blind=Chips(3))


def test_profiles_are_data_with_one_default() -> None:
    assert [p.name for p in PROFILES] == ["archie-barge", "archie-pagat"]
    assert [p.default for p in PROFILES] == [True, False]
    assert PAGAT.high_pair == 9 and PAGAT.no_qualifier is NoQualifier.EQUAL_SPLIT
    assert BARGE.high_pair == 6 and BARGE.odd_chip is OddChipRule.REMAINDER_TO_FIRST
    differing = {f for f in BARGE.__slots__ if getattr(BARGE, f) != getattr(PAGAT, f)}
    assert differing == {"high_pair", "no_qualifier"}
    assert set(PROFILES[1].changes) == {"archie.qualify.high", "archie.award.nobody"}


def test_exactly_56_rank_sets_qualify_low() -> None:
    suits = (0, 1, 2, 3, 0)
    count = sum(
        qualifies_low([make_card(r, s) for r, s in zip(ranks, suits, strict=True)])
        for ranks in combinations(range(2, 15), 5)
    )
    assert count == 56


@pytest.mark.parametrize(
    ("hand", "barge", "pagat"),
    [("6c 6d 4h 3s 2c", True, False), ("5c 5d Ah Ks Qc", False, False), ("9c 9d 4h 3s 2c", True, True),
     ("3c 3d 2h 2s Kc", True, True), ("Ac Kd Qh Js 9c", False, False), ("As 2d 3c 4h 5s", True, True),
     ("2h 5h 7h 9h Jh", True, True)],
)
def test_high_qualifier_by_profile(hand: str, barge: bool, pagat: bool) -> None:
    cards = parse_cards(hand)
    assert (qualifies_high(cards, BARGE), qualifies_high(cards, PAGAT)) == (barge, pagat)


def test_deal_alternates_from_the_non_dealer() -> None:
    hands, stub = initial_deal(FULL_DECK, Seat(1))
    assert hands[0] == FULL_DECK[0:10:2] and hands[1] == FULL_DECK[1:10:2]
    assert stub == FULL_DECK[10:]


def test_priority_is_clockwise_after_the_dealer() -> None:
    assert priority(Seat(0), 2) == (1, 0)
    assert priority(Seat(1), 2) == (0, 1)


def test_a_patched_rule_is_not_served_a_fold_worked_out_before_it() -> None:
    """The result after a fold is kept for each pot (``showdown.fold_outcome``); the mutants empty
    it (``pokerspec.caches.DERIVED``), so a rule patched after the same fold was settled
    still changes the answer: p2 folds, p1 takes the 6 chips, and p2 deals next unless the
    rotation is broken."""
    hands = {Seat(0): (), Seat(1): ()}
    folded = settle(hands, (Chips(4), Chips(2)), Seat(1), Seat(0), BARGE)
    assert folded.received == (6, 0) and folded.details["next_dealer"] == "p2"
    with around(archie_deal, "next_dealer", lambda rotate: lambda dealer: dealer):
        assert settle(hands, (Chips(4), Chips(2)), Seat(1), Seat(0), BARGE).details["next_dealer"] == "p1"
    assert settle(hands, (Chips(4), Chips(2)), Seat(1), Seat(0), BARGE).details["next_dealer"] == "p2"

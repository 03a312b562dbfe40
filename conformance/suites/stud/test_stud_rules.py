"""Hand-worked checks of single stud rules that whole-hand cases reach only indirectly."""

from __future__ import annotations

from pokerspec.core.actions import Action, Verb
from pokerspec.core.cards import parse_cards
from pokerspec.core.deck import complete_deck
from pokerspec.core.game import Setup
from pokerspec.core.types import Chips, Seat
from pokerspec.regress.mutants import MUTANTS, check, suite
from pokerspec.stud import GAME
from pokerspec.stud.deal import next_button
from pokerspec.stud.profiles import PROFILES, TRAINING, RunningOut
from pokerspec.stud.runout import deal_seventh


def seats(*numbers: int) -> list[Seat]:
    return [Seat(n - 1) for n in numbers]


def test_button_moves_one_seat_clockwise() -> None:
    """``stud.deal.order``: p3 of 3 hands the button to p1, p1 to p2."""
    assert next_button(Seat(2), 3) == Seat(0)
    assert next_button(Seat(0), 3) == Seat(1)


def test_seventh_street_with_enough_cards() -> None:
    """``stud.runout.common``: R = 4 >= A + 1 = 4: burn 2c, then 2d 2h 2s to the three players."""
    stub = parse_cards("2c 2d 2h 2s")
    got = deal_seventh(stub, (), seats(1, 2, 3), RunningOut.COMMON_CARD)
    assert got.cards == dict(zip(seats(1, 2, 3), parse_cards("2d 2h 2s"), strict=True))
    assert got.common is None and got.burns == parse_cards("2c") and got.stub == ()


def test_seventh_street_one_short_burns_then_common() -> None:
    """R = 3 < A + 1 = 4 and R >= 2: burn 2c, the 2d is the common card, 2h stays."""
    got = deal_seventh(parse_cards("2c 2d 2h"), (), seats(1, 2, 3), RunningOut.COMMON_CARD)
    assert got.cards == {} and got.common == parse_cards("2d")[0]
    assert got.stub == parse_cards("2h") and got.burns == parse_cards("2c")


def test_seventh_street_last_card_is_common_without_burn() -> None:
    """R = 1: the last card, 2c, is the common card and nothing is burned."""
    burns = parse_cards("Ac Ad Ah")
    got = deal_seventh(parse_cards("2c"), burns, seats(1, 2, 3, 4, 5, 6, 7, 8), RunningOut.COMMON_CARD)
    assert got.common == parse_cards("2c")[0] and got.burns == burns and got.stub == ()


def test_reshuffle_puts_burns_under_the_stub_in_burn_order() -> None:
    """``stud.profile.reshuffle-burns``: stub 2c + burns Ac Ad Ah gives 2c Ac Ad Ah; R = 4 < 9, so
    2c is burned and Ac is the common card; Ad Ah stay."""
    got = deal_seventh(parse_cards("2c"), parse_cards("Ac Ad Ah"), seats(1, 2, 3, 4, 5, 6, 7, 8),
                       RunningOut.RESHUFFLE_BURNS)
    assert got.common == parse_cards("Ac")[0]
    assert got.stub == parse_cards("Ad Ah") and got.burns == parse_cards("2c")


def test_everyone_all_in_on_the_ante_is_dealt_out_at_once() -> None:
    """``stud.allin.runout``: stacks of 1 are all-in after the ante; nobody brings in, all seven
    cards are dealt without betting and the best hand takes the 3 antes. Button p3, rounds go p1,
    p2, p3: p1 gets Ac Ad, Ah up, then (after the burns 7c, 8c, 9c, Jh) As, Kc, Th, 8s: four aces
    against p2's and p3's two pair."""
    deck = complete_deck(parse_cards(
        "Ac 2c 3c Ad 2d 3d Ah 4h 5s 7c As 4d 5c 8c Kc 6h 9h 9c Th 6d Tc Jh 8s Qh Js 7h 8h"
    ))
    state = GAME.start(Setup((Chips(1),) * 3, Seat(2), deck), TRAINING)
    outcome = GAME.outcome(state)
    assert outcome is not None and state.street == 7
    assert outcome.received == (Chips(3), Chips(0), Chips(0))
    assert GAME.legal(state).actions == ()


def test_short_stack_bring_in_passes_to_the_next_lowest_card_with_chips() -> None:
    """``stud.bringin.lowest``: p1 shows the 2c but is all-in from his 1-chip ante, so p2's 3c,
    the lowest upcard among players with chips, brings in. Button p3: rounds go p1, p2, p3."""
    deck = complete_deck(parse_cards("Ac Kc Qc Ad Kd Qd 2c 3c 4c"))
    state = GAME.start(Setup((Chips(1), Chips(20), Chips(20)), Seat(2), deck), TRAINING)
    legal = GAME.legal(state)
    assert legal.to_act == (Seat(1),)
    bring_in, full = Action(Seat(1), Verb.BRING_IN, Chips(1)), Action(Seat(1), Verb.BET_RAISE, Chips(2))
    assert legal.actions == (bring_in, full)


def test_exactly_one_default_profile() -> None:
    assert [p.name for p in PROFILES if p.default] == ["stud-fl-training"]
    assert all(p.changes for p in PROFILES if not p.default)


def test_a_mutant_of_the_award_is_not_served_an_award_worked_out_before_it() -> None:
    """The engine keeps each award it works out (``engine._awarded``); a mutant empties it, so the
    hands pinning the odd chip still catch a wrong odd chip after the same awards were worked out
    right (``pokerspec.caches.DERIVED``)."""
    mutant = next(m for m in MUTANTS if m.name == "stud-odd-chip-last-shown")
    own = tuple(i for i in suite() if mutant.rule in i.case.rules and i.case.kind == "hand")
    assert own and not check(None, own).failures
    assert check(mutant, own, first_only=True).killed
    assert not check(None, own).failures

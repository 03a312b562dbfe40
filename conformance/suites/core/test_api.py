"""The public API (``pokerspec.api``): one direction for every key, seat names in and out, and
errors rather than silent answers for bad input. Expected values are worked out from the spec."""

from __future__ import annotations

import doctest

import pytest
from pokerspec import api


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(api).failed == 0


def test_bigger_is_better_in_every_ranking() -> None:
    assert api.high_rank("2c 3d 4h 5s 6c") > api.high_rank("Ac 2d 3h 4s 5c"), "six-high beats the wheel"
    assert api.high_rank("Kh Kd Qs Qc 2h 2s Jc") == api.high_rank("Kh Kd Qs Qc Jc")
    assert api.low_rank("Ac 2d 3h 4s 5c") > api.low_rank("8c 4d 3h 2s Ac") > api.low_rank("8c 5d 4h 3s 2c")
    assert api.low_rank("Kc Qd Jh 9s 8c") > api.low_rank("Ac Ad 4h 3s 2c"), "unpaired before paired"
    assert api.exposed_rank("2c 2d 4h 3s") > api.exposed_rank("9h Th Jh Qh"), "no straight below five cards"
    five = api.exposed_rank("5c 6d 7h 8s 9c")
    assert five > api.exposed_rank("Kc Kd Kh 2s 3c"), "five cards: straights count"


def test_category_names_are_the_contract_values() -> None:
    assert api.high_category("Ac 2d 3h 4s 5c") == "straight"
    assert api.high_category("Qc Qd Qh 8s 8c 2d 3d") == "full-house"
    assert api.exposed_category("7c 7d 7h 2s") == "three-of-a-kind"
    assert api.exposed_category("9h Th Jh Qh") == "high-card"


def test_qualifiers_refuse_a_wrong_number_of_cards() -> None:
    assert api.qualifies_eight("8c 7d 6h 5s 4c")
    assert not api.qualifies_eight("9c 5d 4h 3s 2c")
    assert not api.qualifies_eight("Ac Ad 4h 3s 2c")
    with pytest.raises(api.HandSizeError, match="takes 5 cards, got 4"):
        api.qualifies_eight("Ac 2d 3h 4s")
    with pytest.raises(api.HandSizeError):
        api.qualifies_eight("Ac 2d 3h 4s 5c 6c")
    assert api.qualifies_archie_high("6c 6d 4h 3s 2c")
    assert not api.qualifies_archie_high("6c 6d 4h 3s 2c", profile="archie-pagat")
    assert api.qualifies_archie_high("3c 3d 2h 2s Kc", profile="archie-pagat"), "any two pair"
    with pytest.raises(ValueError, match="not an Archie profile"):
        api.qualifies_archie_high("6c 6d 4h 3s 2c", profile="stud-fl-training")
    with pytest.raises(api.HandSizeError):
        api.high_rank("As Ks Qs Js")
    with pytest.raises(api.HandSizeError):
        api.exposed_rank([])


def test_bad_cards_name_the_token() -> None:
    with pytest.raises(api.CardError) as bad:
        api.high_rank("As Ks Qs Js 1x")
    assert bad.value.token == "1x"
    with pytest.raises(api.CardError) as twice:
        api.high_rank("As Ks Qs Js 10s Ts")
    assert twice.value.code == "duplicate_card"


def test_orders_keep_the_callers_seat_names() -> None:
    assert api.bring_in_seat({"p2": "3c", "p5": "2s", "p7": "2h"}) == "p7"
    assert api.bring_in_seat({"p1": "Ac", "p2": "Kd", "p3": "2s"}) == "p3"
    with pytest.raises(ValueError, match="same upcard"):
        api.bring_in_seat({"p1": "2c", "p2": "2c"})
    # equal bids: the pair of eights first, then seat order from the dealer's left
    shown = {"p1": "8c 8d", "p2": "Ac Kd", "p3": "5c 6d"}
    order = api.pick_order({"p1": 3, "p2": 3, "p3": 1}, dealer="p1", seats=3, shown=shown)
    assert order == ["p1", "p2", "p3"]
    assert api.pick_order({"p1": 1, "p2": 1, "p3": 1}, dealer="p1", seats=3) == ["p2", "p3", "p1"]
    with pytest.raises(ValueError):
        api.pick_order({"p1": 0, "p2": 1}, dealer="p1", seats=2)
    boards = {"p1": "Kd 9s Qd 8h", "p3": "2c 2d 4h 5s", "p4": "Ac Ad 3h 7s"}
    assert api.show_order(boards, button="p4", seats=4) == ["p4", "p1", "p3"]
    assert api.show_order(boards, button="p4", seats=4, last_aggressor="p3",
                          profile="stud-last-aggressor") == ["p3", "p4", "p1"]
    assert api.show_order(boards, button="p4", seats=4, last_aggressor="p3") == ["p4", "p1", "p3"]


def test_chips() -> None:
    assert api.split(11, ["p3", "p1", "p2"]) == {"p1": 3, "p2": 3, "p3": 5}
    assert api.split(11, ["p3", "p1", "p2"], odd_chip="one-each") == {"p1": 4, "p2": 3, "p3": 4}
    assert api.split_high_low(13, ["p2", "p3"], ["p1"]) == {"p1": 6, "p2": 4, "p3": 3}
    built = api.pots({"p1": 20, "p2": 50, "p3": 80, "p4": 100})
    assert built.pots == (api.Pot(80, ("p1", "p2", "p3", "p4")), api.Pot(90, ("p2", "p3", "p4")),
                          api.Pot(60, ("p3", "p4")))
    assert built.returned == {"p4": 20}
    dead = api.pots({"p1": 10, "p2": 4, "p3": 6}, folded=["p1"])
    assert dead.returned == {} and [p.amount for p in dead.pots] == [12, 8]
    with pytest.raises(ValueError):
        api.split(-1, ["p1"])


def test_a_stud_showdown_with_an_explicit_show_order() -> None:
    # p1 and p2 both hold the 6-to-T straight, p3 folded after putting in 1: the pot of 5 splits
    # 2 and 2 and the odd chip goes to whoever showed first
    hands = {"p1": "6c 7d 8h 9s Tc 2d 3h", "p2": "6d 7h 8s 9c Td 2h 3s"}
    paid = {"p1": 2, "p2": 2, "p3": 1}
    first_p2 = api.stud_award(hands, paid, order=["p2", "p1"])
    assert first_p2["received"] == {"p1": 2, "p2": 3, "p3": 0}
    first_p1 = api.stud_award(hands, paid, order=["p1", "p2"])
    assert first_p1["received"] == {"p1": 3, "p2": 2, "p3": 0}
    assert first_p1["shown"] == ["p1", "p2"]
    mucked = api.stud_award(hands, {"p1": 2, "p2": 2}, order=["p2", "p1"], mucked=["p1"])
    assert mucked["received"] == {"p1": 0, "p2": 4} and mucked["mucked"] == ["p1"]
    with pytest.raises(ValueError, match="every seat with a hand"):
        api.stud_award(hands, {"p1": 2, "p2": 2}, order=["p2"])
    with pytest.raises(api.HandSizeError):
        api.stud_award({"p1": "6c 7d 8h 9s Tc 2d"}, {"p1": 2}, order=["p1"])

"""Properties of the shared chapter (spec/core/), checked with hypothesis on random cards and chips.

The orderings are compared with small oracles written from the spec's words (categories by
definition, lexicographic comparison of ranks), not with the implementation's own keys.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerspec.core.cards import (
    RANK_CHARS,
    SUIT_CHARS,
    Card,
    CardError,
    format_card,
    make_card,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from pokerspec.core.chips import OddChipRule, amount, build_pots, high_low_halves, split
from pokerspec.core.deck import FULL_DECK, complete_deck, shuffled
from pokerspec.core.exposed import bring_in_card, exposed_rank
from pokerspec.core.high import Category, category_of, high_rank, high_rank5
from pokerspec.core.low import low_rank, low_rank5, low_value, qualifies_eight
from pokerspec.core.types import Chips, Seat

EXAMPLES = settings(max_examples=300, deadline=None)

cards = st.sampled_from(FULL_DECK)


def hands(low: int, high: int | None = None) -> st.SearchStrategy[list[Card]]:
    return st.lists(cards, min_size=low, max_size=low if high is None else high, unique=True)


suit_permutations = st.permutations(range(4))


def permute_suits(hand: Sequence[Card], perm: Sequence[int]) -> list[Card]:
    return [make_card(rank_of(c), perm[suit_of(c)]) for c in hand]


def is_flush(hand: Sequence[Card]) -> bool:
    return len({suit_of(c) for c in hand}) == 1


def is_straight(hand: Sequence[Card]) -> bool:
    ranks = {rank_of(c) for c in hand}
    return len(ranks) == 5 and (max(ranks) - min(ranks) == 4 or ranks == {14, 2, 3, 4, 5})


def oracle_category(hand: Sequence[Card]) -> Category:
    """The category straight from the table in ``core.high.categories``."""
    shape = sorted(Counter(rank_of(c) for c in hand).values(), reverse=True)
    if is_straight(hand) and is_flush(hand):
        return Category.STRAIGHT_FLUSH
    if shape[0] == 4:
        return Category.FOUR_OF_A_KIND
    if shape[:2] == [3, 2]:
        return Category.FULL_HOUSE
    if is_flush(hand):
        return Category.FLUSH
    if is_straight(hand):
        return Category.STRAIGHT
    return {3: Category.THREE_OF_A_KIND, 2: Category.TWO_PAIR if shape[1] == 2 else Category.ONE_PAIR,
            1: Category.HIGH_CARD}[shape[0]]


def descending(values: Sequence[int]) -> list[int]:
    return sorted(values, reverse=True)


# --- cards and notation (core.cards.*) -------------------------------------------------------

SUIT_SYMBOLS = ("♣♧", "♦♢", "♥♡", "♠♤")
"""Each suit's symbol and its outline form, in suit order."""


def spellings(card: Card) -> list[str]:
    """Every accepted way to write ``card`` (``core.cards.notation``)."""
    rank = RANK_CHARS[rank_of(card) - 2]
    ranks = [rank, rank.lower()] + (["10"] if rank == "T" else [])
    letter = SUIT_CHARS[suit_of(card)]
    suits = [letter, letter.upper(), *SUIT_SYMBOLS[suit_of(card)]]
    return [r + s for r in ranks for s in suits]


@given(cards, st.data())
@EXAMPLES
def test_every_spelling_reads_back_to_the_card(card: Card, data: st.DataObject) -> None:
    assert parse_card(format_card(card)) == card
    token = data.draw(st.sampled_from(spellings(card)))
    assert parse_card(token) == card
    assert format_card(parse_card(token)) == format_card(card)


@given(hands(1, 10), st.data())
@EXAMPLES
def test_a_hand_reads_back_in_any_spelling(hand: list[Card], data: st.DataObject) -> None:
    tokens = [data.draw(st.sampled_from(spellings(c))) for c in hand]
    assert parse_cards(tokens) == tuple(hand)
    assert parse_cards(" ".join(tokens)) == tuple(hand)


@given(hands(1, 6), st.data())
@EXAMPLES
def test_a_repeated_card_is_named(hand: list[Card], data: st.DataObject) -> None:
    repeat = data.draw(st.sampled_from(spellings(data.draw(st.sampled_from(hand)))))
    with pytest.raises(CardError) as err:
        parse_cards([format_card(c) for c in hand] + [repeat])
    assert (err.value.code, err.value.token) == ("duplicate_card", repeat)


@given(st.text(max_size=4))
@EXAMPLES
def test_a_token_is_a_card_or_an_error_naming_it(token: str) -> None:
    try:
        card = parse_card(token)
    except CardError as exc:
        assert (exc.code, exc.token) == ("bad_card", token)
    else:
        assert token.strip() in spellings(card)


# --- the deck (core.deck.*) ------------------------------------------------------------------

def test_the_deck_is_52_distinct_cards_in_ascending_order() -> None:
    assert len(set(FULL_DECK)) == 52
    assert [format_card(c) for c in FULL_DECK[:5]] == ["2c", "2d", "2h", "2s", "3c"]
    assert [format_card(c) for c in FULL_DECK[-2:]] == ["Ah", "As"]
    assert sorted(FULL_DECK, key=lambda c: (rank_of(c), suit_of(c))) == list(FULL_DECK)


@given(hands(0, 20))
@EXAMPLES
def test_a_partial_deck_is_completed_in_ascending_order(top: list[Card]) -> None:
    deck = complete_deck(top)
    assert sorted(deck) == list(FULL_DECK)
    assert list(deck[: len(top)]) == top
    assert list(deck[len(top):]) == sorted(deck[len(top):])


def test_a_partial_deck_with_a_repeat_is_rejected() -> None:
    with pytest.raises(CardError) as err:
        complete_deck(parse_cards(["As", "Kd"]) + parse_cards(["As"]))
    assert err.value.code == "duplicate_card"


@given(st.integers(0, 2**32))
@settings(max_examples=50, deadline=None)
def test_shuffling_uses_only_its_own_seeded_generator(seed: int) -> None:
    before = random.getstate()
    deck = shuffled(random.Random(seed))
    assert random.getstate() == before
    assert deck == shuffled(random.Random(seed))
    assert sorted(deck) == list(FULL_DECK)


# --- high hands (core.high.*) ----------------------------------------------------------------

@given(hands(5))
@EXAMPLES
def test_each_hand_has_the_category_its_definition_gives(hand: list[Card]) -> None:
    assert category_of(high_rank5(hand)) == oracle_category(hand)


@given(hands(5), hands(5))
@EXAMPLES
def test_a_better_category_always_wins(a: list[Card], b: list[Card]) -> None:
    ca, cb = oracle_category(a), oracle_category(b)
    if ca != cb:
        assert (high_rank5(a) > high_rank5(b)) == (ca > cb)


@given(hands(5), hands(5))
@EXAMPLES
def test_hands_tie_exactly_when_ranks_and_flushness_are_equal(a: list[Card], b: list[Card]) -> None:
    same = descending([rank_of(c) for c in a]) == descending([rank_of(c) for c in b]) and (
        is_flush(a) == is_flush(b))
    assert (high_rank5(a) == high_rank5(b)) == same


@given(hands(5), hands(5))
@EXAMPLES
def test_high_cards_and_flushes_compare_card_by_card(a: list[Card], b: list[Card]) -> None:
    """``core.high.kickers``: within high card (and within flush) the ranks compare from the top."""
    ca, cb = oracle_category(a), oracle_category(b)
    if ca == cb and ca in (Category.HIGH_CARD, Category.FLUSH):
        ra, rb = descending([rank_of(c) for c in a]), descending([rank_of(c) for c in b])
        assert (high_rank5(a) > high_rank5(b)) == (ra > rb)


@given(st.integers(2, 10), st.integers(2, 10), st.booleans(), st.booleans())
@EXAMPLES
def test_straights_compare_by_top_card_the_wheel_lowest(low_a: int, low_b: int, sa: bool, sb: bool) -> None:
    """``core.high.wheel``: a run starting at 1 is the wheel (ace low), five-high."""
    def run(start: int, suited: bool) -> list[Card]:
        return [make_card(14 if r == 1 else r, 0 if suited or i else 1)
                for i, r in enumerate(range(start - 1, start + 4))]
    a, b = run(low_a, sa), run(low_b, sb)
    if sa == sb:
        assert (high_rank5(a) > high_rank5(b)) == (low_a > low_b)
        assert (high_rank5(a) == high_rank5(b)) == (low_a == low_b)


@given(st.lists(st.sampled_from(range(2, 15)), min_size=5, max_size=5, unique=True))
@EXAMPLES
def test_no_straight_wraps_round_the_ace(ranks: list[int]) -> None:
    """``core.high.no-wraparound``: only runs of five consecutive ranks, or A-2-3-4-5, are straights."""
    hand = [make_card(r, i % 2) for i, r in enumerate(ranks)]
    consecutive = max(ranks) - min(ranks) == 4 or set(ranks) == {14, 2, 3, 4, 5}
    assert (category_of(high_rank5(hand)) == Category.STRAIGHT) == consecutive


@given(hands(5, 7), suit_permutations)
@EXAMPLES
def test_suits_never_rank(hand: list[Card], perm: list[int]) -> None:
    """Any renaming of the suits leaves every ranking unchanged (``core.high.suits``)."""
    other = permute_suits(hand, perm)
    assert high_rank(other) == high_rank(hand)
    assert low_rank(other) == low_rank(hand)
    assert exposed_rank(other[:5]) == exposed_rank(hand[:5])
    assert exposed_rank(other[:3]) == exposed_rank(hand[:3])
    assert qualifies_eight(other[:5]) == qualifies_eight(hand[:5])


@given(hands(6, 7))
@EXAMPLES
def test_the_best_five_is_the_best_subset(hand: list[Card]) -> None:
    """``core.high.best-five`` and ``core.low.best-five``: never worse than any five, equal to one."""
    high = [high_rank5(five) for five in combinations(hand, 5)]
    low = [low_rank5(five) for five in combinations(hand, 5)]
    assert high_rank(hand) == max(high)
    assert low_rank(hand) == max(low)


# --- low hands (core.low.*, core.low8.*) -----------------------------------------------------

def low_values(hand: Sequence[Card]) -> list[int]:
    return descending([1 if rank_of(c) == 14 else rank_of(c) for c in hand])


LOW_SHAPES = [[1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1]]
"""Repeat kinds, best first (``core.low.unpaired-first``, ``core.low.repeats``)."""


def low_shape(hand: Sequence[Card]) -> int:
    return LOW_SHAPES.index(descending(list(Counter(low_values(hand)).values())))


@given(hands(5), hands(5))
@EXAMPLES
def test_lows_compare_by_repeats_then_from_the_top(a: list[Card], b: list[Card]) -> None:
    sa, sb = low_shape(a), low_shape(b)
    if sa != sb:
        assert (low_rank5(a) > low_rank5(b)) == (sa < sb)
    elif sa == 0:
        assert (low_rank5(a) > low_rank5(b)) == (low_values(a) < low_values(b))
    assert (low_rank5(a) == low_rank5(b)) == (low_values(a) == low_values(b))


@given(hands(5))
@EXAMPLES
def test_the_ace_is_one_and_straights_and_flushes_do_not_count(hand: list[Card]) -> None:
    assert all(low_value(c) == (1 if rank_of(c) == 14 else rank_of(c)) for c in hand)
    plain = [make_card(rank_of(c), i % 2) for i, c in enumerate(hand)]
    assert low_rank5(plain) == low_rank5(hand)


@given(hands(5))
@EXAMPLES
def test_eight_or_better_is_five_distinct_ranks_up_to_eight(hand: list[Card]) -> None:
    values = low_values(hand)
    assert qualifies_eight(hand) == (len(set(values)) == 5 and values[0] <= 8)
    if qualifies_eight(hand):
        worst = parse_cards("8c 7d 6h 5s 4c")
        assert low_rank5(hand) >= low_rank5(worst)


# --- exposed hands and the bring-in (core.exposed.*, core.bringin.order) ---------------------

PARTIAL = {Category.FOUR_OF_A_KIND, Category.THREE_OF_A_KIND, Category.TWO_PAIR, Category.ONE_PAIR,
           Category.HIGH_CARD}


@given(hands(1, 4), hands(1, 4))
@EXAMPLES
def test_partial_hands_rank_by_repeats_then_ranks(a: list[Card], b: list[Card]) -> None:
    """No straights or flushes below five cards; equal rank multisets tie."""
    assert category_of(exposed_rank(a)) in PARTIAL
    ra, rb = [rank_of(c) for c in a], [rank_of(c) for c in b]
    assert (exposed_rank(a) == exposed_rank(b)) == (descending(ra) == descending(rb))
    shape_a, shape_b = descending(list(Counter(ra).values())), descending(list(Counter(rb).values()))
    if shape_a == shape_b == [1] * len(a) == [1] * len(b):
        assert (exposed_rank(a) > exposed_rank(b)) == (descending(ra) > descending(rb))


@given(hands(5))
@EXAMPLES
def test_five_exposed_cards_rank_as_a_high_hand(hand: list[Card]) -> None:
    assert exposed_rank(hand) == high_rank5(hand)


@given(hands(1, 8))
@EXAMPLES
def test_the_bring_in_is_the_lowest_rank_then_clubs_first(board: list[Card]) -> None:
    card = bring_in_card(board)
    assert (rank_of(card), suit_of(card)) == min((rank_of(c), suit_of(c)) for c in board)
    assert SUIT_CHARS == "cdhs"


# --- chips (core.chips.*) --------------------------------------------------------------------

@given(st.one_of(st.integers(max_value=-1), st.floats(), st.text(), st.booleans(), st.none()))
@EXAMPLES
def test_only_whole_non_negative_amounts_are_accepted(value: object) -> None:
    with pytest.raises(ValueError):
        amount(value)


winners = st.lists(st.integers(0, 8), min_size=1, max_size=9, unique=True).map(
    lambda seats: [Seat(s) for s in seats])


@given(st.integers(0, 10_000), winners)
@EXAMPLES
def test_splits_add_up_and_follow_the_remainder_rule(total: int, seats: list[Seat]) -> None:
    base, rest = divmod(total, len(seats))
    first = split(Chips(total), seats, OddChipRule.REMAINDER_TO_FIRST)
    each = split(Chips(total), seats, OddChipRule.ONE_EACH)
    assert sum(first.values()) == sum(each.values()) == total
    assert list(first) == list(each) == seats
    assert [first[s] for s in seats] == [base + rest] + [base] * (len(seats) - 1)
    assert [each[s] for s in seats] == [base + 1] * rest + [base] * (len(seats) - rest)
    if len(seats) <= 2:
        assert first == each


@given(st.integers(0, 10_000))
@EXAMPLES
def test_the_odd_chip_goes_to_high(total: int) -> None:
    high, low = high_low_halves(Chips(total))
    assert high + low == total
    assert high - low == total % 2


contributions = st.dictionaries(
    st.integers(0, 7).map(Seat), st.integers(0, 500).map(Chips), min_size=2, max_size=8)


@given(contributions, st.data())
@EXAMPLES
def test_pots_and_returns_account_for_every_chip(paid: dict[Seat, Chips], data: st.DataObject) -> None:
    """A seat that folded never put in more than every live seat: it folded facing a larger bet."""
    top = max(paid, key=lambda s: paid[s])
    live = {top, *data.draw(st.lists(st.sampled_from(sorted(paid)), unique=True))}
    folded = frozenset(paid) - live
    pots, returned = build_pots(paid, folded)
    assert sum(p.amount for p in pots) + sum(returned.values()) == sum(paid.values())
    ordered = sorted(paid.values(), reverse=True)
    assert sum(returned.values()) == ordered[0] - ordered[1]
    assert all(paid[s] == ordered[0] for s in returned)
    for pot, nxt in pairwise(pots):
        assert set(nxt.eligible) < set(pot.eligible)
    for pot in pots:
        assert pot.eligible and not set(pot.eligible) & folded

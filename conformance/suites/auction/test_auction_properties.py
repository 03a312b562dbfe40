"""Hypothesis properties over random legal Auction poker hands, driven through ``GAME`` directly."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from pokerspec.auction import GAME, AuctionRules, AuctionState
from pokerspec.auction.award import award
from pokerspec.auction.declaration import Declaration, evaluate
from pokerspec.auction.profiles import PROFILES
from pokerspec.core.actions import ActionError, parse_action
from pokerspec.core.cards import Card
from pokerspec.core.deck import FULL_DECK
from pokerspec.core.game import Outcome, Setup
from pokerspec.core.types import Chips, Seat

RULES = [p.rules for p in PROFILES]

JUNK = [
    "bid 0", "bid 1", "bid 2", "bid 3", "bid 4", "pick As", "pick 2c", "pick Kd", "cc", "cc 0",
    "cc 1", "cc 2", "cbr 1", "cbr 2", "cbr 5", "f", "dec l", "dec h", "dec b",
]


@st.composite
def setups(draw: st.DrawFn) -> tuple[Setup, AuctionRules]:
    seats = draw(st.integers(2, 7))
    stacks = draw(st.lists(st.sampled_from([20, 21, 25, 40, 19, 5]), min_size=seats, max_size=seats))
    if sum(1 for s in stacks if s >= 20) < 2:
        stacks[:2] = [20, 30]
    deck = tuple(draw(st.permutations(FULL_DECK)))
    carry = draw(st.sampled_from([0, 0, 1, 7, 40]))
    dealer = Seat(draw(st.integers(0, seats - 1)))
    return Setup(tuple(Chips(s) for s in stacks), dealer, deck, Chips(carry)), draw(st.sampled_from(RULES))


def play(data: st.DataObject, setup: Setup, rules: AuctionRules) -> tuple[AuctionState, Outcome]:
    """Play a random legal hand, checking on the way that rejections change nothing and that a
    pending sealed commitment never shows."""
    state = GAME.start(setup, rules)
    seats = len(setup.stacks)
    outcome = GAME.outcome(state)
    while outcome is None:
        legal = GAME.legal(state)
        junk = f"p{data.draw(st.integers(1, seats))} {data.draw(st.sampled_from(JUNK))}"
        before = (GAME.observe(state), GAME.legal(state))
        try:
            GAME.apply(state, parse_action(junk, seats))
        except ActionError:
            assert (GAME.observe(state), GAME.legal(state)) == before, junk
        action = data.draw(st.sampled_from(legal.actions))
        new = GAME.apply(state, action)
        sealed = state.phase.startswith("bid-") or state.phase == "declare"
        if sealed and len(legal.to_act) > 1:
            assert GAME.observe(new) == GAME.observe(state), f"{action} showed before all committed"
        # a state may keep its parent's observation (``AuctionState.view``) and parts of the last
        # one before it (``memo``, ``shown``): worked out afresh on a copy that keeps none of
        # them, it is the same
        fresh = new.copy()
        fresh.memo = fresh.shown = None
        assert GAME.observe(fresh) == GAME.observe(new), f"{action}: the kept view differs"
        state = new
        outcome = GAME.outcome(state)
    return state, outcome


@settings(max_examples=120, deadline=None)
@given(st.data(), setups())
def test_random_hands(data: st.DataObject, drawn: tuple[Setup, AuctionRules]) -> None:
    setup, rules = drawn
    state, outcome = play(data, setup, rules)
    # chips are conserved, counting the pot carried in and the pot carried out
    after = [s + r for s, r in zip(state.stacks, outcome.received, strict=True)]
    assert sum(setup.stacks) + setup.carry == sum(after) + outcome.carry
    assert sum(outcome.net) == setup.carry - outcome.carry
    assert all(chips >= 0 for chips in state.stacks)
    # every player dealt in ends with two hidden and five exposed cards; nobody else has any
    for seat in range(len(setup.stacks)):
        dealt_in = setup.stacks[seat] >= rules.reserve
        assert len(state.hole[seat]) == (2 if dealt_in else 0)
        assert len(state.exposed[seat]) == (5 if dealt_in else 0)
    # the round ended with every live seat level, within the cap
    assert state.betting is not None
    levels = {state.betting.round_bets[s] for s in state.betting.live}
    assert len(levels) == 1 and max(levels) <= rules.cap
    # no card is seen twice
    seen: Counter[Card] = Counter(c for cards in state.hole + state.exposed for c in cards)
    assert all(n == 1 for n in seen.values())
    # at most one "both" declarer wins anything, and then he takes everything
    declared = GAME.observe(state)["declarations"]
    assert isinstance(declared, dict)
    winners = [s for pot in outcome.pots for s, chips in pot.shares.items() if chips]
    both_winners = {s for s in winners if declared.get(f"p{s + 1}") == "b"}
    assert len(both_winners) <= 1
    if both_winners:
        assert set(winners) == both_winners
    pick_orders = outcome.details["pick_orders"]
    assert isinstance(pick_orders, list)
    assert len(pick_orders) == rules.auctions


@settings(max_examples=300, deadline=None)
@given(st.permutations(FULL_DECK), st.integers(2, 7), st.data())
def test_award_both_and_conservation(deck: list[Card], players: int, data: st.DataObject) -> None:
    """Over random seven-card hands and declarations: the pot is paid out or carried whole, at
    most one "both" declarer wins and a winning one scoops."""
    seats = [Seat(s) for s in range(players)]
    hands = {s: evaluate(deck[7 * s : 7 * s + 7]) for s in seats}
    declared = {s: data.draw(st.sampled_from(list(Declaration))) for s in seats}
    pot = Chips(data.draw(st.integers(0, 120)))
    rules = data.draw(st.sampled_from(RULES))
    result = award(pot, hands, declared, seats, rules)
    paid = sum(c for p in result.pots for c in p.shares.values())
    assert paid + result.carry == pot
    assert result.carry == (0 if result.pots else pot)
    winners = {s for p in result.pots for s, c in p.shares.items() if c}
    both = {s for s in winners if declared[s] is Declaration.BOTH}
    assert len(both) <= 1
    if both:
        assert winners == both
    assert not both & set(result.excluded)

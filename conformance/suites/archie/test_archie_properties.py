"""Hypothesis properties over random legal Archie hands: chips are conserved, nobody puts in
more than the reserve, at most 40 cards are used and none twice, every hand ends, the legal list
is never empty while the hand is live, and an action off that list is refused and changes nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerspec.archie import GAME, ArchieState
from pokerspec.archie.deal import MAX_CARDS
from pokerspec.archie.profiles import PROFILES
from pokerspec.archie.table import ArchieRules
from pokerspec.core.actions import Action, ActionError, Verb
from pokerspec.core.cards import Card
from pokerspec.core.deck import shuffled
from pokerspec.core.game import Json, Outcome, Setup
from pokerspec.core.types import Chips, Seat, seat_name

MAX_STEPS = 4 * 8 + 3 * 2
"""At most eight betting actions in each of the four rounds and two commitments per draw."""


def check_invariants(state: ArchieState, total: int, deck_size: int, seen: set[Card]) -> None:
    """``seen`` collects every card ever held: each card dealt is new, so it always has exactly as
    many cards as have left the stub, and none of them is still in the stub."""
    assert sum(state.stacks) + sum(state.contributed) == total
    assert all(0 <= c <= state.rules.reserve for c in state.contributed)
    used = deck_size - len(state.stub)
    assert used <= MAX_CARDS
    seen.update(c for h in state.hands for c in h)
    assert len(seen) == used
    assert not seen & set(state.stub)


def listed(action: Action, legal: set[str], hand: tuple[Card, ...]) -> bool:
    """Whether ``action`` is covered by the legal list; ``sd *`` covers 0..5 of the own cards."""
    if action.verb is Verb.DRAW and f"{seat_name(action.seat)} sd *" in legal:
        cards = action.cards or ()
        return len(cards) <= 5 and all(c in hand for c in cards)
    return str(action) in legal


def random_action(state: ArchieState, rng: random.Random) -> Action:
    """Any seat, any Archie verb, any amount or any cards from either hand."""
    verb = rng.choice([Verb.FOLD, Verb.CHECK_CALL, Verb.BET_RAISE, Verb.DRAW])
    seat = Seat(rng.randrange(2))
    if verb is Verb.DRAW:
        pool = list(state.hands[0] + state.hands[1])
        return Action(seat, verb, cards=tuple(rng.sample(pool, rng.randrange(0, 7))))
    return Action(seat, verb, amount=None if verb is Verb.FOLD else Chips(rng.randrange(0, 20)))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1), extra=st.integers(0, 30),
       rules=st.sampled_from([p.rules for p in PROFILES]))
def test_random_legal_hands(seed: int, dealer: int, extra: int, rules: ArchieRules) -> None:
    play(seed, dealer, extra, rules)


def play(seed: int, dealer: int, extra: int, rules: ArchieRules) -> tuple[ArchieState, Outcome]:
    """Play a hand with random legal actions (folds less likely), trying off-list actions at
    every step; the seed drives the shuffle and every choice, so a failure replays exactly."""
    rng = random.Random(seed)
    deck = shuffled(rng)
    stacks = (Chips(48 + extra), Chips(48))
    state = GAME.start(Setup(stacks, Seat(dealer), deck), rules)
    total = sum(stacks)
    seen: set[Card] = set()
    for _ in range(MAX_STEPS + 1):
        check_invariants(state, total, len(deck), seen)
        legal = GAME.legal(state)
        if GAME.outcome(state) is not None:
            assert legal.actions == ()
            break
        assert legal.actions, "a live hand always has a legal action"
        seat = legal.to_act[0]
        legal_text = {str(a) for a in legal.actions}
        for _ in range(5):
            attempt = random_action(state, rng)
            if listed(attempt, legal_text, state.hands[seat]):
                continue
            before = GAME.observe(state)
            with pytest.raises(ActionError):
                GAME.apply(state, attempt)
            assert GAME.observe(state) == before
        weights = [1 if a.verb is Verb.FOLD else 4 for a in legal.actions]
        choice = rng.choices(legal.actions, weights)[0]
        if choice.verb is Verb.DRAW:
            discard = rng.sample(state.hands[seat], rng.randrange(0, 6))
            choice = Action(seat, Verb.DRAW, cards=tuple(discard))
        state = GAME.apply(state, choice)
    else:
        raise AssertionError("the hand did not end")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sum(outcome.received) == sum(outcome.contributed) == sum(state.contributed)
    assert sum(outcome.net) == 0
    assert sum(state.stacks) + sum(outcome.received) == total
    return state, outcome


def test_random_play_reaches_every_kind_of_ending() -> None:
    """The random player behind the properties reaches folds and showdowns of every award kind,
    capped rounds and deep draws, so the properties are not checked on trivial hands only."""
    results: set[Json] = set()
    most_in = most_drawn = 0
    for seed in range(300):
        state, outcome = play(seed, seed % 2, 0, PROFILES[seed % 2].rules)
        results.add(outcome.details.get("award", outcome.details["result"]))
        most_in = max(most_in, *state.contributed)
        most_drawn = max(most_drawn, *state.drawn)
    assert results == {"fold", "high-low", "high", "low", "no-qualifier"}
    assert most_in >= 32 and most_drawn >= 12

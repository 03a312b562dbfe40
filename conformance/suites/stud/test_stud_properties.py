"""Properties of random legal stud hands for 2 to 8 players, under every stud profile.

Each hand is driven by hypothesis: seats, stacks, button, deck order and every choice among the
legal actions. Checked at every step: chips are conserved, no card is seen twice, the legal
listing is exact (every listed action is accepted, every other action is rejected and changes
nothing); at the end: the common card appears exactly when the stub was short
(``stud.runout.common``) and every pot's winners were eligible for it and did not muck.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pokerspec.core.actions import Action, ActionError, Verb
from pokerspec.core.cards import Card
from pokerspec.core.game import Setup
from pokerspec.core.types import Chips, Seat
from pokerspec.stud import GAME
from pokerspec.stud.profiles import PROFILES, RunningOut
from pokerspec.stud.state import StudState

VERBS = (Verb.FOLD, Verb.CHECK_CALL, Verb.BET_RAISE, Verb.BRING_IN, Verb.SHOW, Verb.MUCK)
AMOUNTS = (Verb.CHECK_CALL, Verb.BET_RAISE, Verb.BRING_IN)


def stub_short(stub: int, burns: int, street: int, active: int, reshuffle: bool) -> bool:
    """Whether the stub is short for seventh street, worked out from the stub on ``street``: every
    later street up to the sixth takes a burn and a card for each of the ``active`` players, then
    seventh needs one card more than there are players (``stud.runout.common``)."""
    streets = 6 - street
    left = stub - streets * (1 + active)
    if reshuffle:
        left += burns + streets
    return left < active + 1


def cards_seen(state: StudState) -> list[Card]:
    seen = [c for seat in range(state.seats) for c in (*state.hole[seat], *state.up[seat])]
    if state.common is not None:
        seen.append(state.common)
    return seen + list(state.burns) + list(state.stub)


def accepted(state: StudState, action: Action) -> bool:
    listed = GAME.legal(state).actions
    if action in listed:
        return True
    return action.verb is Verb.CHECK_CALL and action.amount is None and any(
        a.seat == action.seat and a.verb is Verb.CHECK_CALL for a in listed
    )


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, Setup]:
    seats = draw(st.integers(2, 8))
    stacks = tuple(Chips(draw(st.one_of(st.integers(1, 12), st.integers(13, 80)))) for _ in range(seats))
    button = Seat(draw(st.integers(0, seats - 1)))
    deck = tuple(Card(c) for c in draw(st.permutations(range(52))))
    return draw(st.integers(0, len(PROFILES) - 1)), Setup(stacks, button, deck)


@settings(max_examples=150, deadline=None)
@given(tables(), st.data())
def test_random_legal_hands(table: tuple[int, Setup], data: st.DataObject) -> None:
    index, setup = table
    rules = PROFILES[index].rules
    state = GAME.start(setup, rules)
    total = sum(setup.stacks)
    seventh_expected: bool | None = None
    reshuffle = rules.running_out is RunningOut.RESHUFFLE_BURNS
    if state.street == 7:
        seventh_expected = stub_short(52 - 3 * state.seats, 0, 3, len(state.live()), reshuffle)
    while GAME.outcome(state) is None:
        assert sum(state.stacks) + sum(state.contributed) == total
        seen = cards_seen(state)
        assert len(seen) == len(set(seen)) == 52
        legal = GAME.legal(state)
        assert legal.actions and legal.to_act == (state.to_act,)
        verb = data.draw(st.sampled_from(VERBS))
        amount = data.draw(st.integers(0, 20).map(Chips)) if verb in AMOUNTS else None
        if verb is Verb.CHECK_CALL and data.draw(st.booleans()):
            amount = None
        probe = Action(Seat(data.draw(st.integers(0, state.seats - 1))), verb, amount)
        if not accepted(state, probe):
            snapshot = (GAME.legal(state), GAME.observe(state))
            try:
                GAME.apply(state, probe)
            except ActionError:
                assert (GAME.legal(state), GAME.observe(state)) == snapshot
            else:
                raise AssertionError(f"{probe} is not listed but was accepted")
        before = state
        state = GAME.apply(state, data.draw(st.sampled_from(legal.actions)))
        if before.street <= 6 < state.street:
            seventh_expected = stub_short(
                len(before.stub), len(before.burns), before.street, len(state.live()), reshuffle
            )
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sum(outcome.received) == sum(outcome.contributed)
    assert sum(state.stacks) + sum(outcome.received) == total
    seen = cards_seen(state)
    assert len(seen) == len(set(seen)) == 52
    if seventh_expected is not None:
        assert (state.common is not None) == seventh_expected
    else:
        assert state.common is None
    for pot in outcome.pots:
        winners = pot.winners["all"]
        assert winners and set(winners) <= set(pot.eligible)
        assert not set(winners) & (state.folded | set(state.mucked))
        assert sum(pot.shares.values()) == pot.amount
    for seat in range(state.seats):
        try:
            GAME.apply(state, Action(Seat(seat), Verb.CHECK_CALL))
        except ActionError as exc:
            assert exc.reason.value == "hand_over"
        else:
            raise AssertionError("an action was accepted after the hand ended")


def test_deck_shortage_is_exact_for_seven_and_eight() -> None:
    """Seven or eight players who all stay leave the stub short on seventh street, six never do."""
    for seats, short in ((6, False), (7, True), (8, True)):
        dealt = 3 * seats + 3 * (1 + seats)
        assert (52 - dealt < seats + 1) is short

"""PokerKit 0.7.7, cash-game mode: the last players with chips fold on seventh street without
facing a bet; the side pot has nobody left to win it and push_chips fails an assertion."""
from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

state = FixedLimitSevenCardStud.create_state(
    (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING,
     A.HOLE_DEALING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING),
    False, 1, 1, 2, 4, (2, 50, 50), 3, mode=Mode.CASH_GAME,
)
while state.street_index == 0:  # third street: everyone in for what they have (player 0 all in)
    state.post_bring_in() if state.can_post_bring_in() else state.check_or_call()
state.complete_bet_or_raise_to(2)  # fourth street: a bet and a call build a side pot
state.check_or_call()
while (state.street_index or 0) < 4:  # fifth and sixth streets checked through
    state.check_or_call()
state.fold()  # seventh street: both players with chips fold without facing a bet
state.fold()
print(state.status, state.stacks)

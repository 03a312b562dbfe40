"""PokerKit: when everyone folds to a raise, the winner's whole bet of the round stays out of the pot
it pushes (the called part included) and comes back beside it (stud.showdown.uncontested: only the
uncalled part comes back; the net result is the same)."""
from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HOLE_DEALING, A.HAND_KILLING,
               A.CHIPS_PULLING)
state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 2, 4, 50, 2, mode=Mode.CASH_GAME)
state.post_bring_in()
state.complete_bet_or_raise_to()  # completes to 2
state.complete_bet_or_raise_to()  # the bring-in raises to 4 (2 of it called)
state.fold()
left_out = max(state.bets)
print("pot pushed:", sum(state.push_chips().amounts), "winner's bet left beside it:", left_out)

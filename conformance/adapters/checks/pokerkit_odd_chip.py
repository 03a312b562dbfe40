"""PokerKit: the odd chip of a split pot goes to the tied winner with the lowest player index
(stud.showdown.odd-chip: to the first of them to show; here player 1, whose board T-9-8-4 is
the better one, shows first)."""
import warnings

from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

warnings.filterwarnings("ignore", "A card being dealt")  # PokerKit burns at random; the cards are ours
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HOLE_CARDS_SHOWING_OR_MUCKING,
               A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)
state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 2, 4, 50, 3, mode=Mode.CASH_GAME)
state.deal_hole("6c7d2c")  # stud-showdown-0001: players 0 and 1 both make the straight 6 to T
state.deal_hole("6d7h4s")
state.deal_hole("AcAdKc")
state.post_bring_in()  # player 0 (2c) brings in, player 1 calls, player 2 folds: a pot of 5
state.check_or_call()
state.fold()
for card0, card1 in (("8h", "8d"), ("9s", "9c"), ("Ts", "Th"), ("3h", "2d")):
    state.deal_hole(card0)
    state.deal_hole(card1)
    while state.actor_index is not None:
        state.check_or_call()
print("stacks after the tie:", state.stacks)

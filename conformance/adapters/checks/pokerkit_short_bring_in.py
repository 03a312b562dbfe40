"""PokerKit: a player with less than the bring-in may complete for what he has as well as post it
(stud.bringin.short: he may post all he has only)."""
import warnings

from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

warnings.filterwarnings("ignore", "A card being dealt")  # PokerKit burns at random; the cards are ours
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HAND_KILLING, A.CHIPS_PUSHING,
               A.CHIPS_PULLING)
state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 2, 4, 8, (2, 50), 2, mode=Mode.CASH_GAME)
state.deal_hole("AcAd2c")  # player 0 (1 chip after the ante; the bring-in is 2): 2c up, brings in
state.deal_hole("KcKd9h")
print("player", state.actor_index, "may post the bring-in:", state.can_post_bring_in(),
      "may complete:", state.can_complete_bet_or_raise_to())

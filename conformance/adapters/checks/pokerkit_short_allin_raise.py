"""PokerKit: a short all-in raise of half a bet does not reopen the betting to a player who already
acted (stud.allin.reopen: it does from half a bet)."""
import warnings

from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

warnings.filterwarnings("ignore", "A card being dealt")  # PokerKit burns at random; the cards are ours
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HAND_KILLING, A.CHIPS_PUSHING,
               A.CHIPS_PULLING)
state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 4, 8, (50, 50, 7), 3,
                                             mode=Mode.CASH_GAME)
state.deal_hole("Kc7d2h")  # player 0 (2h up) brings in for 1
state.deal_hole("Kd7c9s")
state.deal_hole("AhAdJs")  # player 2 has 6 chips after the ante
state.post_bring_in()
state.complete_bet_or_raise_to()  # player 1 completes to 4
state.complete_bet_or_raise_to(6)  # player 2 raises all in to 6: half a bet more
state.check_or_call()  # player 0 calls 6
print("player", state.actor_index, "may raise:", state.can_complete_bet_or_raise_to())

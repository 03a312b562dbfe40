"""PokerKit: after a short all-in that is not a full raise, the next raise goes one bet above the
all-in total, not above the last full level (stud.allin.reopen: one bet above the last full level)."""
import warnings

from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

warnings.filterwarnings("ignore", "A card being dealt")  # PokerKit burns at random; the cards are ours
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HAND_KILLING, A.CHIPS_PUSHING,
               A.CHIPS_PULLING)
state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 4, 8, (50, 50, 6), 3,
                                             mode=Mode.CASH_GAME)
state.deal_hole("Kc7d2h")  # player 0 (2h up) brings in for 1
state.deal_hole("Kd7c9s")
state.deal_hole("AhAdJs")  # player 2 has 5 chips after the ante
state.post_bring_in()
state.complete_bet_or_raise_to()  # player 1 completes to 4 (the last full level)
state.complete_bet_or_raise_to(5)  # player 2 raises all in to 5: one chip, less than half a bet
print("player", state.actor_index, "facing", max(state.bets), "may raise to:",
      state.min_completion_betting_or_raising_to_amount)

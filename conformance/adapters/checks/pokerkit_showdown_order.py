"""PokerKit: the last bettor of the final round shows first, not the best board
(stud.showdown.order; PokerKit's order is this suite's profile stud-last-aggressor)."""
import warnings

from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

warnings.filterwarnings("ignore", "A card being dealt")  # PokerKit burns at random; the cards are ours
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HAND_KILLING, A.CHIPS_PUSHING,
               A.CHIPS_PULLING)
state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 2, 4, 50, 2, mode=Mode.CASH_GAME)
state.deal_hole("2c3d4h")  # player 0: 4h up, brings in
state.deal_hole("8c9dAs")  # player 1: As up
state.post_bring_in()
state.check_or_call()
for up0, up1 in (("5h", "Ah"), ("6h", "Ad"), ("7s", "Ac")):  # player 1 shows four aces
    state.deal_hole(up0)
    state.deal_hole(up1)
    while state.actor_index is not None:
        state.check_or_call()
state.deal_hole("Ts")
state.deal_hole("Js")
state.check_or_call()  # seventh street: player 1 checks, player 0 bets, player 1 calls
state.complete_bet_or_raise_to()
state.check_or_call()
print("first to show:", state.showdown_index, "(player 1 shows four aces)")

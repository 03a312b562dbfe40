"""PokerKit: when the only player who could still bet calls an all-in, PokerKit asks for a show or
muck before the cards are dealt out. If the all-in player mucks and the caller shows, PokerKit
still deals the next street and fails an assertion in ``State.get_effective_stack``; if both muck,
it fails one in ``State._begin_dealing``. Either way the hand never ends (stud.allin.runout: every
hand is exposed at once and the cards run out)."""
import sys
import traceback
import warnings

from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

warnings.filterwarnings("ignore", "A card being dealt")  # PokerKit burns at random; the cards are ours
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HAND_KILLING, A.CHIPS_PUSHING,
               A.CHIPS_PULLING)
for caller_shows in (True, False):
    state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 2, 4, (50, 50, 4), 3,
                                                 mode=Mode.CASH_GAME)
    state.deal_hole("Kc7d2h")  # player 0 (2h up) brings in for 1
    state.deal_hole("Kd7c9s")
    state.deal_hole("AhAdJs")  # player 2 has 3 chips after the ante
    state.post_bring_in()
    state.check_or_call()
    state.check_or_call()  # player 2 calls the bring-in: 2 chips left
    for card in ("3c", "4d", "As"):
        state.deal_hole(card)  # fourth street: player 2 shows a pair of aces and acts first
    state.complete_bet_or_raise_to(2)  # player 2 bets his last 2 chips
    state.fold()  # player 0
    state.check_or_call()  # player 1 calls: nobody can bet any more
    asked = [state.showdown_index]
    state.show_or_muck_hole_cards(False)  # player 2 mucks
    asked.append(state.showdown_index)
    try:
        state.show_or_muck_hole_cards(caller_shows)  # player 1 shows, or mucks too
        for card in ("5h", "8h"):  # fifth street, to whoever PokerKit still deals to
            if state.can_deal_hole():
                state.deal_hole(card)
        result = f"hand over: {not state.status}, stacks: {state.stacks}"
    except AssertionError:
        result = f"AssertionError in {traceback.extract_tb(sys.exc_info()[2])[-1].name}"
    print(f"asked to show or muck: {asked}; player 2 mucks, player 1 {'shows' if caller_shows else 'mucks'}:",
          result)

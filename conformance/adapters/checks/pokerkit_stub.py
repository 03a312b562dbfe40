"""PokerKit: when the stub runs short on seventh street, PokerKit deals every player a card from the
burnt cards reshuffled (with a warning) instead of turning one common card (stud.runout.common)."""
import warnings

from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HOLE_DEALING, A.HAND_KILLING,
               A.CHIPS_PUSHING, A.CHIPS_PULLING)
state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 2, 4, 50, 7, mode=Mode.CASH_GAME)
state.post_bring_in()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    while state.street_index is not None and state.street_index < 4:  # seven players check to seventh street
        state.check_or_call()
print("seventh street: cards per player", [len(h) for h in state.hole_cards],
      "common cards:", state.board_cards)
print("PokerKit warns:", sorted({str(w.message) for w in caught}))

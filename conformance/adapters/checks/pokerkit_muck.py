"""PokerKit: the first player to show may muck instead, though no hand has been shown to beat his
(stud.showdown.muck: he must show unless a shown hand beats his)."""
from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HOLE_DEALING, A.HAND_KILLING,
               A.CHIPS_PUSHING, A.CHIPS_PULLING)
state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 2, 4, 50, 2, mode=Mode.CASH_GAME)
state.post_bring_in()
while state.showdown_index is None:  # checked and called down to the showdown
    state.check_or_call()
print("nothing shown yet; the first to show may muck:", state.can_show_or_muck_hole_cards(False))

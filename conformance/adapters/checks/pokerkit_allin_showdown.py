"""PokerKit: when everyone is all in, the hand waits for each player in turn to show or muck,
unless the caller turns on the HOLE_CARDS_SHOWING_OR_MUCKING automation, which shows them and runs
the board out (stud.allin.runout: every hand is exposed at once)."""
from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HOLE_DEALING, A.HAND_KILLING,
               A.CHIPS_PUSHING, A.CHIPS_PULLING)
for showing in (False, True):
    automations = (*AUTOMATIONS, A.HOLE_CARDS_SHOWING_OR_MUCKING) if showing else AUTOMATIONS
    state = FixedLimitSevenCardStud.create_state(automations, False, 1, 1, 2, 4, (3, 3), 2,
                                                 mode=Mode.CASH_GAME)
    state.post_bring_in()
    state.complete_bet_or_raise_to()
    state.check_or_call()  # both players all in on third street
    print(f"show/muck automation {'on' if showing else 'off'}:",
          "hand over" if not state.status else
          f"a player to show or muck (may muck: {state.can_show_or_muck_hole_cards(False)})")

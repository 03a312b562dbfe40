"""PokerKit: when the stub runs short on seventh street, PokerKit deals every player a card with the
burnt cards reshuffled in (with a warning) instead of turning one common card; it turns one only
when even those are too few, as with eight players (stud.runout.common)."""
import warnings

from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode

AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HOLE_DEALING, A.BOARD_DEALING,
               A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)
for players in (7, 8):
    state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 2, 4, 50, players,
                                                 mode=Mode.CASH_GAME)
    state.post_bring_in()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        while state.street_index is not None and state.street_index < 4:  # all check to seventh street
            state.check_or_call()
    warned = sorted({str(w.message) for w in caught})
    print(f"{players} players, seventh street: cards per player {[len(h) for h in state.hole_cards]}, "
          f"common cards {len(state.board_cards)}; PokerKit warns: {warned}")

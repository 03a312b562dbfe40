"""PokerKit: when the last players with chips both fold without facing a bet (which PokerKit allows
in cash-game mode only, warning "There is no reason for this player to fold"), the side pot they
built has nobody left to win it and push_chips fails an assertion; in tournament mode the fold is
refused. Hold'em three-handed, and seven-card stud, the same way (core.chips.dead)."""
import warnings

from pokerkit import Automation as A
from pokerkit import FixedLimitSevenCardStud, Mode, NoLimitTexasHoldem

AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING, A.HOLE_DEALING,
               A.BOARD_DEALING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)
for game, mode in (("hold'em", Mode.CASH_GAME), ("stud", Mode.CASH_GAME), ("hold'em", Mode.TOURNAMENT)):
    if game == "hold'em":  # blinds 1/2; player 0 (2 chips) is all in after the blinds and calls
        state = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, (2, 50, 50), 3, mode=mode)
    else:  # ante 1, bring-in 1; player 0 (2 chips) is all in on third street
        state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 1, 2, 4, (2, 50, 50), 3,
                                                     mode=mode)
    while state.street_index == 0:
        state.post_bring_in() if state.can_post_bring_in() else state.check_or_call()
    state.complete_bet_or_raise_to(2)  # the two players with chips build a side pot
    state.check_or_call()
    while state.street_index is not None and state.street_index < state.street_count - 1:
        state.check_or_call()
    with warnings.catch_warnings(record=True) as caught:  # last street: both fold, facing no bet
        warnings.simplefilter("always")
        try:
            state.fold()
            state.fold()
            outcome = "hand over" if not state.status else "hand goes on"
        except (AssertionError, ValueError) as exc:
            outcome = f"{type(exc).__name__}({str(exc)!r})"
    print(f"{game}, {mode.value}: {outcome}; warnings: {sorted({str(w.message) for w in caught})}")

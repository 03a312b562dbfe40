"""clubs: the odd chip of a split pot goes to the button when the button is seat 1, and the hand
crashes when it is seat 2 (core.chips.split: the first tied player left of the button gets it)."""
from clubs import Dealer

dealer = Dealer(num_players=3, num_streets=1, blinds=[0, 1, 2], antes=[1, 0, 0], raise_sizes=2,
                num_raises=0, num_suits=4, num_ranks=13, num_hole_cards=0, num_community_cards=[5],
                num_cards_for_hand=5, mandatory_num_hole_cards=0, start_stack=100)
for hand in range(3):  # everyone plays the five board cards: a three-way tie
    obs = dealer.reset(reset_button=hand == 0)
    done = [False]
    try:
        while not all(done):
            obs, payouts, done = dealer.step(obs["call"])
        print("button", obs["button"], "net payouts", payouts)
    except IndexError as exc:
        print("button", obs["button"], "IndexError:", exc)

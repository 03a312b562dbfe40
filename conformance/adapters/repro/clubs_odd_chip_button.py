"""clubs 0.1.4: a pot that does not divide evenly among tied players crashes the dealer when the
button is not seat 0 (the odd-chip loop indexes ``payouts[player_idx + self.button % n]``)."""
from clubs import Dealer

dealer = Dealer(num_players=3, num_streets=1, blinds=[0, 1, 2], antes=[1, 0, 0], raise_sizes=2,
                num_raises=0, num_suits=4, num_ranks=13, num_hole_cards=0, num_community_cards=[5],
                num_cards_for_hand=5, mandatory_num_hole_cards=0, start_stack=100)
for hand in range(3):  # every player plays the five board cards, so every hand is a three-way tie
    obs = dealer.reset(reset_button=hand == 0)
    print("button", obs["button"], "pot", obs["pot"])
    done = [False]
    while not all(done):
        obs, payouts, done = dealer.step(obs["call"])
    print("  payouts", payouts)

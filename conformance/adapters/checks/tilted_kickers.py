"""tilted: kickers and the lower pair are compared from the lowest card up (core.high.kickers)."""
from tilted.enums import CardRank as R
from tilted.enums import CardSuit as S
from tilted.models import Card, Hand

C, D, H, SP = S.CLUBS, S.DIAMIONDS, S.HEARTS, S.SPADES
nine_high = Hand([Card(R.NINE, C), Card(R.SIX, D), Card(R.FOUR, H), Card(R.THREE, SP), Card(R.TWO, C)])
eight_high = Hand([Card(R.EIGHT, D), Card(R.SEVEN, H), Card(R.SIX, SP), Card(R.FIVE, C), Card(R.TWO, D)])
print("9-6-4-3-2 > 8-7-6-5-2:", nine_high > eight_high)  # the rule: True
aces_up = Hand([Card(R.ACE, C), Card(R.ACE, D), Card(R.TWO, H), Card(R.TWO, SP), Card(R.THREE, C)])
queens_up = Hand([Card(R.QUEEN, C), Card(R.QUEEN, D), Card(R.THREE, H), Card(R.THREE, SP), Card(R.FOUR, C)])
print("A-A-2-2-3 > Q-Q-3-3-4:", aces_up > queens_up)  # the rule: True

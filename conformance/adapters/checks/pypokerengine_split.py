"""PyPokerEngine: the odd chips of a split pot go to nobody (core.chips.split)."""
from pypokerengine.engine.card import Card
from pypokerengine.engine.game_evaluator import GameEvaluator
from pypokerengine.engine.pay_info import PayInfo
from pypokerengine.engine.player import Player
from pypokerengine.engine.table import Table

table = Table()
for card in ("SA", "SK", "SQ", "SJ", "ST"):  # a royal flush on the board: everyone ties
    table.add_community_card(Card.from_str(card))
for name, paid, status in (("p1", 3, PayInfo.PAY_TILL_END), ("p2", 3, PayInfo.PAY_TILL_END),
                           ("p3", 1, PayInfo.FOLDED)):
    player = Player(name, 0, name)
    player.add_holecard([Card.from_str("C2"), Card.from_str("D3")])
    player.pay_info.amount, player.pay_info.status = paid, status
    table.seats.sitdown(player)
winners, _, prizes = GameEvaluator.judge(table)
print("pot 7, paid out:", prizes)  # the rule: 4 and 3 (or 3 and 4)

"""PyPokerEngine: a player all in for nothing gets a side pot of 0 chips, with himself eligible
(core.chips.side-pots: no pot of 0)."""
from pypokerengine.engine.game_evaluator import GameEvaluator
from pypokerengine.engine.pay_info import PayInfo
from pypokerengine.engine.player import Player

players = []
paid_in = (("p1", 0, PayInfo.ALLIN), ("p2", 5, PayInfo.PAY_TILL_END), ("p3", 5, PayInfo.PAY_TILL_END))
for name, paid, status in paid_in:
    player = Player(name, 0, name)
    player.pay_info.amount, player.pay_info.status = paid, status
    players.append(player)
print("pots:", [(p["amount"], [q.name for q in p["eligibles"]]) for p in GameEvaluator.create_pot(players)])

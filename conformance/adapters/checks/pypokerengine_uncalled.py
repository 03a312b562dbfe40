"""PyPokerEngine: an uncalled bet stays in a pot of its own (core.chips.uncalled)."""
from pypokerengine.engine.game_evaluator import GameEvaluator
from pypokerengine.engine.pay_info import PayInfo
from pypokerengine.engine.player import Player

players = []
for name, paid, status in (("p1", 10, PayInfo.PAY_TILL_END), ("p2", 4, PayInfo.ALLIN)):
    player = Player(name, 0, name)
    player.pay_info.amount, player.pay_info.status = paid, status
    players.append(player)
print("pots:", [(p["amount"], [q.name for q in p["eligibles"]]) for p in GameEvaluator.create_pot(players)])

"""PyPokerEngine: a folded top payer is listed as eligible for the top pot; the payout leaves him
out, and when every eligible player of the top pot has folded, judge raises (core.chips.dead)."""
from pypokerengine.engine.card import Card
from pypokerengine.engine.data_encoder import DataEncoder
from pypokerengine.engine.game_evaluator import GameEvaluator
from pypokerengine.engine.pay_info import PayInfo
from pypokerengine.engine.player import Player
from pypokerengine.engine.table import Table


def table(*paid: tuple[str, int, int, str]) -> Table:
    """A table on the board 2c 7d 9h Js Kc; each player's name, payment, status and hole cards."""
    t = Table()
    for card in ("C2", "D7", "H9", "SJ", "CK"):
        t.add_community_card(Card.from_str(card))
    for name, amount, status, hole in paid:
        player = Player(name, 0, name)
        player.add_holecard([Card.from_str(c) for c in hole.split()])
        player.pay_info.amount, player.pay_info.status = amount, status
        t.seats.sitdown(player)
    return t


# p1 all in for 5; p2 (aces) paid 10 and folded; p3 paid 10 to the end.
t = table(("p1", 5, PayInfo.ALLIN, "C3 D4"), ("p2", 10, PayInfo.FOLDED, "SA HA"),
          ("p3", 10, PayInfo.PAY_TILL_END, "C5 D6"))
pots = GameEvaluator.create_pot(t.seats.players)
print("pots:", [(p["amount"], [q.name for q in p["eligibles"]]) for p in pots])
print("what bots see:", DataEncoder.encode_pot(t.seats.players))
print("paid out:", GameEvaluator.judge(t)[2])
# p1 all in for 5; p2 paid 10 and folded, alone at the top.
t = table(("p1", 5, PayInfo.ALLIN, "C3 D4"), ("p2", 10, PayInfo.FOLDED, "SA HA"),
          ("p3", 5, PayInfo.FOLDED, "C5 D6"))
try:
    GameEvaluator.judge(t)
except ValueError as exc:
    print("judge:", type(exc).__name__, exc)

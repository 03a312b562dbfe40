"""PyPokerEngine: the wheel A-2-3-4-5 is not a straight (core.high.wheel)."""
from pypokerengine.engine.card import Card
from pypokerengine.engine.hand_evaluator import HandEvaluator

board = [Card.from_str(c) for c in ("H3", "C4", "S5", "D9", "CJ")]
wheel = [Card.from_str("SA"), Card.from_str("D2")]  # A-2 on 3-4-5-9-J: a five-high straight
queens = [Card.from_str("SQ"), Card.from_str("HQ")]  # a pair of queens
print("A-2:", HandEvaluator.gen_hand_rank_info(wheel, board)["hand"]["strength"])  # the rule: STRAIGHT
print("A-2 beats Q-Q:", HandEvaluator.eval_hand(wheel, board) > HandEvaluator.eval_hand(queens, board))

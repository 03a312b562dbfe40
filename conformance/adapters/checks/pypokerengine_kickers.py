"""PyPokerEngine: hands are compared by the category's ranks and then the two hole cards only
(core.high.kickers)."""
from pypokerengine.engine.card import Card
from pypokerengine.engine.hand_evaluator import HandEvaluator


def score(hole: str, board: str) -> int:
    """PyPokerEngine's strength of two hole cards on a board (larger is better)."""
    return int(HandEvaluator.eval_hand([Card.from_str(c) for c in hole.split()],
                                       [Card.from_str(c) for c in board.split()]))


# Both play the board A-K-Q-J-9 (a tie); the hole cards decide.
print("8-2 beats 7-6 on A-K-Q-J-9:", score("C8 D2", "SA DK CQ HJ S9") > score("D7 C6", "SA DK CQ HJ S9"))
# Flushes A-9-6-5-3 (K-5 in the hole) and A-9-7-6-3 (7-2): the ace on the board counts, then the
# hole cards, so the worse flush wins.
flush = "HA H9 H6 H3 ST"
info = HandEvaluator.gen_hand_rank_info([Card.from_str("CK"), Card.from_str("H5")],
                                        [Card.from_str(c) for c in flush.split()])
print("flush high:", info["hand"]["high"])
print("A-9-6-5-3 beats A-9-7-6-3:", score("CK H5", flush) > score("H7 C2", flush))

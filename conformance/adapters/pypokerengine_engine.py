"""PyPokerEngine 1.0.1 behind the protocol
(``python:conformance/adapters/pypokerengine_engine.py:PyPokerEngine``).

PyPokerEngine is a hold'em engine for poker bots. What the suite can reach of it:

* ``high``: ``HandEvaluator.eval_hand(hole, community)`` for five to seven cards, the first two
  as the hole cards and the rest as the board (the library's only way in); larger is better,
  and ``gen_hand_rank_info`` names the category;
* ``pots``: ``GameEvaluator.create_pot(players)`` builds the pots from what each player paid
  and his status: folded, all in (a player still in who paid less than the most anyone paid
  could not have called, so he is all in), or in to the end;
* ``split``: ``GameEvaluator.judge(table)`` divides each pot among the players whose hands tie.
  The adapter seats the winners with the same board-played hand (the board is a royal flush)
  and equal payments; when the amount does not divide evenly among them, one extra seat paid
  the remainder and folded, so the pot is exactly the amount. PyPokerEngine has no high-low
  pots, so a high-low split is not expressible.
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerspec.compliance.peers import Judged, LibraryEngine, cannot, chips_by_seat, key_ranker, seats
from pokerspec.conformance.protocol import Message
from pokerspec.core.cards import Card, rank_of, suit_of
from pokerspec.core.game import Json

NAMES = {
    "HIGHCARD": "high-card",
    "ONEPAIR": "one-pair",
    "TWOPAIR": "two-pair",
    "THREECARD": "three-of-a-kind",
    "STRAIGHT": "straight",
    "FLASH": "flush",
    "FULLHOUSE": "full-house",
    "FOURCARD": "four-of-a-kind",
    "STRAIGHTFLASH": "straight-flush",
}
SUITS = (2, 4, 8, 16)
"""PyPokerEngine's suit codes for clubs, diamonds, hearts, spades."""
BOARD = ("As", "Ks", "Qs", "Js", "Ts")
"""The royal flush every tied winner plays in a ``split``."""
LOW_HOLE = ("2c", "3d")


class PyPokerEngine(LibraryEngine):
    name = "pypokerengine"
    distribution = "PyPokerEngine"
    offers_split = True
    offers_pots = True

    def __init__(self) -> None:
        super().__init__()
        from pypokerengine.engine.card import Card as PPECard
        from pypokerengine.engine.hand_evaluator import HandEvaluator

        self._card = PPECard
        deck = tuple(PPECard(SUITS[suit_of(Card(c))], rank_of(Card(c))) for c in range(52))
        self._deck = deck

        def high(hand: tuple[Card, ...]) -> Judged:
            cards = [deck[c] for c in hand]
            info = HandEvaluator.gen_hand_rank_info(cards[:2], cards[2:])
            return int(HandEvaluator.eval_hand(cards[:2], cards[2:])), NAMES[str(info["hand"]["strength"])]

        self.rankings["high"] = key_ranker(high)

    def _player(self, seat: str, paid: int, status: int) -> object:
        from pypokerengine.engine.player import Player

        player = Player(seat, 0, seat)
        player.pay_info.amount = paid
        player.pay_info.status = status
        return player

    def pots(self, message: Mapping[str, Json]) -> Message:
        from pypokerengine.engine.game_evaluator import GameEvaluator
        from pypokerengine.engine.pay_info import PayInfo

        contributed = chips_by_seat(message.get("contributed"))
        folded = set(seats(message.get("folded", [])))
        most = max(contributed.values(), default=0)
        players = []
        for seat, paid in contributed.items():
            status = (
                PayInfo.FOLDED if seat in folded else PayInfo.ALLIN if paid < most else PayInfo.PAY_TILL_END
            )
            players.append(self._player(seat, paid, status))
        pots = GameEvaluator.create_pot(players)
        return {
            "pots": [
                {"amount": int(p["amount"]), "eligible": [str(q.uuid) for q in p["eligibles"]]} for p in pots
            ],
            "returned": {},
        }

    def split(self, message: Mapping[str, Json]) -> Message:
        from pypokerengine.engine.game_evaluator import GameEvaluator
        from pypokerengine.engine.pay_info import PayInfo
        from pypokerengine.engine.table import Table

        if "winners" not in message:
            return cannot("PyPokerEngine has no high-low pots")
        total = message.get("amount")
        if isinstance(total, bool) or not isinstance(total, int) or total < 0:
            return cannot("PyPokerEngine takes no amount but whole chips (it has no bad_amount check)")
        winners = seats(message["winners"])
        each, rest = divmod(total, len(winners))
        if rest > each:
            return cannot(
                f"{total} chips among {len(winners)} tied players cannot be paid in by equal players "
                "and one smaller folded payment, the only way into PyPokerEngine's split"
            )
        table = Table()
        for card in BOARD:
            table.add_community_card(self._card.from_str(f"{card[1].upper()}{card[0]}"))
        players = [self._player(seat, each, PayInfo.PAY_TILL_END) for seat in winners]
        if rest:
            players.append(self._player("dead", rest, PayInfo.FOLDED))
        for player in players:
            player.add_holecard([self._card.from_str(f"{c[1].upper()}{c[0]}") for c in LOW_HOLE])  # type: ignore[attr-defined]
            table.seats.sitdown(player)
        _, _, prizes = GameEvaluator.judge(table)
        shares = {str(p.uuid): int(prizes[i]) for i, p in enumerate(players)}  # type: ignore[attr-defined]
        if "dead" in shares and shares["dead"] == 0:
            del shares["dead"]
        return {"shares": shares}

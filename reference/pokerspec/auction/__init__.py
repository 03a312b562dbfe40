"""Auction poker: seven-card high-low with five sealed-bid auctions and a declaration (spec/auction/).

Modules follow the chapter: ``setup`` (01), ``auctions`` (02), ``betting`` (03), ``declaration``
(04), ``award`` (05), ``profiles`` (06); ``engine`` holds the state and ``GAME``.
"""

from pokerspec.auction.engine import GAME, AuctionGame, AuctionState
from pokerspec.auction.setup import AuctionRules

__all__ = ["GAME", "AuctionGame", "AuctionRules", "AuctionState"]

"""Auction poker's rule profiles (spec/auction/06-profiles.md)."""

from __future__ import annotations

from pokerspec.auction.setup import AuctionRules, FailedBoth
from pokerspec.core.types import RuleId
from pokerspec.profiles import Profile

SEED = AuctionRules()
"""The seed's rules: the training limits and the failed-"both" exclusion (``auction.profile.seed``)."""

BUDERICK = AuctionRules(failed_both=FailedBoth.RIDE_IF_SEVERAL)
"""Buderick's declare rules: two or more failed "both" declarers make the pot ride
(``auction.profile.buderick-rides``); a "both" who ties either way loses, as in the seed."""

PROFILES: tuple[Profile[AuctionRules], ...] = (
    Profile("auction-seed", "auction", SEED,
            "The Russian seed after Pagat: five sealed auctions of 1-3, one capped betting round, "
            "declare low, high or both; a failed 'both' is shut out", default=True),
    Profile("auction-buderick", "auction", BUDERICK,
            "Buderick's declare rules: when two or more 'both' declarers fail, the pot rides",
            changes=(RuleId("auction.award.carry"), RuleId("auction.profile.buderick-rides"))),
)

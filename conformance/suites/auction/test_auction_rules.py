"""Examples for the pieces the cases reach only indirectly: the rules object, the profiles and
the sealed collection."""

from __future__ import annotations

import re

import pytest
from pokerspec.auction.auctions import Sealed, pick_order
from pokerspec.auction.profiles import PROFILES
from pokerspec.auction.setup import AuctionRules, FailedBoth
from pokerspec.core.cards import parse_cards
from pokerspec.core.game import RulesError
from pokerspec.core.types import Chips, Seat


def test_the_reserve_must_cover_the_worst_case() -> None:
    """20 = ante 1 + five bids of 3 + a capped round of 4 (``auction.setup.reserve``)."""
    assert AuctionRules().reserve == 1 + 5 * 3 + AuctionRules().cap == 20
    with pytest.raises(ValueError, match="reserve"):
        AuctionRules(reserve=Chips(19))
    with pytest.raises(ValueError, match="deck"):
        AuctionRules(max_players=8)


def test_profiles() -> None:
    assert [p.name for p in PROFILES if p.default] == ["auction-seed"]
    by_name = {p.name: p for p in PROFILES}
    assert by_name["auction-seed"].rules == AuctionRules()
    buderick = by_name["auction-buderick"]
    assert buderick.rules.failed_both is FailedBoth.RIDE_IF_SEVERAL
    assert "auction.profile.buderick-rides" in buderick.changes


def test_sealed_reveals_nothing_until_complete() -> None:
    sealed: Sealed[int] = Sealed((Seat(0), Seat(1), Seat(2)))
    sealed = sealed.commit(Seat(2), 3).commit(Seat(0), 1)
    assert sealed.revealed() == {}
    assert sealed.pending() == (Seat(1),)
    assert sealed.commit(Seat(1), 2).revealed() == {Seat(0): 1, Seat(1): 2, Seat(2): 3}


def test_pick_order_ignores_suits_and_straights() -> None:
    """Four to a straight is only queen-high and loses to a pair of deuces; equal ranks in
    different suits go by seat (``auction.auction.order``)."""
    bids = {Seat(0): Chips(2), Seat(1): Chips(2), Seat(2): Chips(2)}
    exposed = [parse_cards("9s Ts Js Qs"), parse_cards("2c 2d 3h 4h"), parse_cards("9h Th Jh Qh")]
    assert pick_order(bids, exposed, (Seat(2), Seat(0), Seat(1))) == (Seat(1), Seat(2), Seat(0))


def test_a_broken_invariant_is_a_configuration_error_with_the_arithmetic(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Raising the highest bid without the reserve (``auction.setup.reserve``) is reported with the
    sum that fails ("reserve 20 < 1 + 5×4 + 4 = 25" at the seed's limits), by the rules object and
    by every command (exit 2), never as an internal error."""
    seed = AuctionRules()
    bid = Chips(seed.max_bid + 1)
    need = seed.ante + seed.auctions * bid + seed.cap
    sum_text = f"reserve {seed.reserve} < {seed.ante} + {seed.auctions}×{bid} + {seed.cap} = {need}"
    with pytest.raises(RulesError, match=re.escape(sum_text)):
        AuctionRules(max_bid=bid)
    from pokerspec import cli
    from pokerspec.regress import listing

    def broken() -> dict[str, object]:
        return {"auction-seed": AuctionRules(max_bid=bid)}

    monkeypatch.setattr(listing, "all_profiles", broken)
    assert cli.main(["profiles"]) == 2
    err = capsys.readouterr().err
    assert f"configuration error: auction rules: {sum_text}" in err
    assert "internal error" not in err

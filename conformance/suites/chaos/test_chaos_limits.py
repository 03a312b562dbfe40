"""Limits are checked before anything is laid out: a campaign of 10^12 hands or a perft walk a
billion actions deep is a usage error (exit 2) at once, not memory growing before the first hand
or a MemoryError."""

from __future__ import annotations

from chaoskit import Pokerspec


def test_a_huge_campaign_is_refused_at_once(pokerspec: Pokerspec) -> None:
    got = pokerspec("conformance", "fuzz", "--game", "stud", "--impl", "reference", "--hands", str(10**12))
    assert got.code == 2 and "at most" in got.text, got.text


def test_a_huge_depth_is_refused_at_once(pokerspec: Pokerspec) -> None:
    got = pokerspec("perft", "--position", "stud-streets-0701", "--depth", "1000000000")
    assert got.code == 2 and "give a depth from 0 to" in got.text, got.text

"""Poker perft (spec/core/09-perft.md): the exact size of every game's tree from standard
positions, an order-independent digest of every outcome within a depth, and the walk that checks
any engine against the published tables."""

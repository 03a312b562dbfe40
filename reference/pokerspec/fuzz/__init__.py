"""Fuzz campaigns: random legal hands (and ranking pairs) with the reference as the oracle, each
disagreement classified, counted and shrunk to a case file (docs/engine-authors/running.md).
``hands`` plays and compares the hands, ``ranking`` the ranking-only pairs, ``classes`` names the
classes of disagreement, ``campaign`` runs either one over jobs, shards and resumable folders."""

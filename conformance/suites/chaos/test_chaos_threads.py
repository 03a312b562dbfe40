"""The ranking tables are built lazily, on the first hand ranked: a Dask worker with several
threads ranks hands in all of them at once. Each table is built once, by one thread, and bound
whole, so no thread sees one half-built (it said "not a hand of 5 to 7 distinct cards", or could
rank from a partial table; ``core.high.best-five``, ``core.low.best-five``)."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from unittest import mock

import pytest
from chaoskit import Pokerspec
from pokerspec.core import fast, high, low
from pokerspec.core.cards import Card


def test_threads_ranking_while_the_tables_are_built_all_get_the_right_rank() -> None:
    rng = random.Random(36)
    hands = [tuple(Card(c) for c in rng.sample(range(52), rng.choice((5, 6, 7)))) for _ in range(400)]
    want = [(high.high_rank(h), low.low_rank(h)) for h in hands]
    threads = 8
    start = threading.Barrier(threads)
    got: list[list[object]] = [[] for _ in range(threads)]

    def rank(i: int) -> None:
        start.wait()
        for h in hands:
            try:
                got[i].append((high.high_rank(h), low.low_rank(h)))
            except ValueError as exc:
                got[i].append(str(exc))

    with mock.patch.object(fast, "_HIGH", {}), mock.patch.object(fast, "_LOW", {}), \
            mock.patch.object(fast, "_FLUSH_HIGH", {}):
        workers = [threading.Thread(target=rank, args=(i,)) for i in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    assert all(g == want for g in got), next(g for g in got if g != want)[:3]


def test_a_cluster_fuzz_on_a_worker_with_several_threads(pokerspec: Pokerspec, tmp_path: Path) -> None:
    """One worker process with four threads plays a correct engine's campaign: no disagreement."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    local = distributed.LocalCluster(n_workers=1, threads_per_worker=4, processes=True, host="127.0.0.1",
                                     dashboard_address=":0", silence_logs=50)
    try:
        got = pokerspec("conformance", "fuzz", "--game", "stud", "--hands", "64", "--impl", "reference",
                        "--cluster", str(local.scheduler_address), "--dir", str(tmp_path / "campaign"))
    finally:
        local.close()
    assert got.code == 0, got.text

"""``pokerspec perft --cluster``: each position's first actions walked as tasks on a Dask cluster
add up to the published tables (``core.perft.nodes``, ``core.perft.digest``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pokerspec.cli import main

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                     dashboard_address=":0", silence_logs=50)
    try:
        yield str(local.scheduler_address)
    finally:
        local.close()


def test_cluster_walk_matches_the_tables(address: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--cluster", address, "--position", "stud-allin-0701",
                 "--position", "archie-deal-0001"]) == 0
    out = capsys.readouterr().out
    assert out.count("ok ") == 2 and "by worker:" in out


def test_unreachable_scheduler_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--cluster", "tcp://127.0.0.1:9", "--position", "stud-streets-0702"]) == 2
    assert "scheduler" in capsys.readouterr().err

"""``pokerspec perft --cluster``: each position's first actions walked as tasks on a Dask cluster
add up to the published tables (``core.perft.nodes``, ``core.perft.digest``)."""

from __future__ import annotations

import pytest
from pokerspec.cli import main

pytest.importorskip("distributed", reason="the cluster extra is not installed")



def test_cluster_walk_matches_the_tables(dask_scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--cluster", dask_scheduler, "--position", "stud-allin-0701",
                 "--position", "archie-deal-0001"]) == 0
    out = capsys.readouterr().out
    assert out.count("ok ") == 2 and "by worker:" in out


def test_unreachable_scheduler_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--cluster", "tcp://127.0.0.1:9", "--position", "stud-streets-0702"]) == 2
    assert "scheduler" in capsys.readouterr().err

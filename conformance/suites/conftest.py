"""Fixtures shared by more than one area of the suites."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module")
def dask_scheduler() -> Iterator[str]:
    """The address of a Dask scheduler on 127.0.0.1 with two single-threaded worker processes
    (restarted by their nannies when killed); skipped without the ``cluster`` extra."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                     dashboard_address=":0", silence_logs=50)
    try:
        yield str(local.scheduler_address)
    finally:
        local.close()

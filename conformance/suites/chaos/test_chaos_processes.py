"""Everything an engine starts ends with it: its process group, a child that left the group
for a session of its own (``setsid``), and, on Linux, a daemon that left its parent too (the
runner is the subreaper of its orphans) — after ``run``, ``perft`` and ``fuzz`` alike (the
``marker`` fixture fails a scenario that leaves one of them running)."""

from __future__ import annotations

from pathlib import Path

import pytest
from chaoskit import Pokerspec, engine


@pytest.mark.parametrize("command", ["run", "perft", "fuzz"])
def test_descendants_in_sessions_of_their_own_are_ended(pokerspec: Pokerspec, marker: str, tmp_path: Path,
                                                        command: str) -> None:
    impl = engine("setsid-grandchild", marker, "--op", "new_hand", "--once", str(tmp_path / "once"))
    if command == "run":
        got = pokerspec("conformance", "run", "--quiet", "--case", "stud-streets-0701", "--timeout", "0.5",
                        "--impl", impl)
    elif command == "perft":
        got = pokerspec("perft", "--position", "stud-streets-0702", "--timeout", "0.5", "--out",
                        str(tmp_path / "cases"), "--impl", impl)
    else:
        got = pokerspec("conformance", "fuzz", "--game", "stud", "--hands", "2", "--timeout", "0.5",
                        "--impl", impl)
    assert got.code == 1, got.text


def test_a_cluster_worker_ends_its_engines_with_each_task(pokerspec: Pokerspec, dask_scheduler: str,
                                                          marker: str) -> None:
    """A worker opens an exec engine for each chunk it plays and closes it when the chunk ends:
    none is left running under the worker after the campaign (it kept the last open)."""
    got = pokerspec("conformance", "fuzz", "--game", "stud", "--hands", "4", "--cluster", dask_scheduler,
                    "--impl", engine("none", marker))
    assert got.code == 0, got.text

"""Hostile "schedulers" behind ``--cluster``: a listener that never speaks, answers HTTP,
garbage, a frame header announcing exabytes, or a flood of zeros is a clear usage error (exit 2)
within the connect time, never a hang, an internal error or a traceback printed when Dask's
lingering client is collected."""

from __future__ import annotations

import contextlib
import gc
import socket
import threading
from collections.abc import Iterator

import pytest
from chaoskit import Pokerspec, engine
from pokerspec import cluster

pytest.importorskip("distributed", reason="the cluster extra is not installed")

GREETINGS = {
    "garbage": b"\x00garbage\xff" * 100,
    "http": b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi",
    "huge-frame": (2**62).to_bytes(8, "little") + b"\x01" * 64,
    "zeros": b"\x00" * 65536,
    "silent": b"",
}


@pytest.fixture
def listener(request: pytest.FixtureRequest) -> Iterator[str]:
    """The address of a listener that greets every connection with ``request.param``."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            held.append(conn)
            with contextlib.suppress(OSError):
                conn.sendall(GREETINGS[request.param])

    threading.Thread(target=serve, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()
    for conn in held:
        conn.close()


@pytest.mark.parametrize("listener", sorted(GREETINGS), indirect=True)
def test_a_hostile_scheduler_is_a_usage_error(pokerspec: Pokerspec, listener: str,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    got = pokerspec("perft", "--position", "stud-streets-0702", "--cluster", listener)
    assert got.code == 2 and "scheduler" in got.text, got.text
    gc.collect()  # a Client left behind would print its traceback now
    assert "Traceback" not in capsys.readouterr().err


def test_losing_the_only_worker_is_an_error(pokerspec: Pokerspec, marker: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The last worker goes while tasks are pending: after ``WORKERLESS_SECONDS`` without one the
    run stops with a usage error naming it (it waited silently for a worker without end)."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(cluster, "WORKERLESS_SECONDS", 1.0)
    local = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                     dashboard_address=":0", silence_logs=50)
    gone = threading.Timer(2.0, lambda: local.scale(0))
    try:
        gone.start()
        got = pokerspec("perft", "--position", "start-stud-fl-training", "--depth", "4", "--cluster",
                        str(local.scheduler_address), "--impl", engine("slow", marker))
    finally:
        gone.cancel()
        local.close()
    assert got.code == 2 and "no worker" in got.text, got.text

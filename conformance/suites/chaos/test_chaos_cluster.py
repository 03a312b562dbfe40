"""Hostile "schedulers" behind ``--cluster``: a listener that never speaks, answers HTTP,
garbage, a frame header announcing exabytes, or a flood of zeros is a clear usage error (exit 2)
within the connect time, never a hang, an internal error or a traceback printed when Dask's
lingering client is collected. A cluster that fails during the run — its last worker lost or
frozen, its scheduler silent — is a usage error after the stated time, never a hang."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import signal
import socket
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from chaoskit import Pokerspec, engine
from pokerspec import cluster

pytest.importorskip("distributed", reason="the cluster extra is not installed")

if TYPE_CHECKING:
    from distributed import LocalCluster

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


FIRST_ACTIONS = {"perft": ["perft", "--position", "start-stud-fl-training", "--depth", "4"],
                 "fuzz": ["conformance", "fuzz", "--game", "stud", "--hands", "400"]}
"""Commands whose tasks outlast the few seconds a scenario lets pass before it strikes."""


@contextlib.contextmanager
def within(seconds: float) -> Iterator[None]:
    """The command run inside must end within ``seconds``: a hang is interrupted by SIGALRM and
    fails the scenario (the commands install their signal handlers, so they run on the main
    thread)."""

    def late(signum: int, frame: object) -> None:
        raise AssertionError(f"still waiting after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def one_worker() -> LocalCluster:
    """A cluster of one single-threaded worker process, its scheduler in this process."""
    from distributed import LocalCluster

    return LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                        dashboard_address=":0", silence_logs=50)


@pytest.mark.parametrize("command", sorted(FIRST_ACTIONS))
def test_a_frozen_last_worker_is_an_error(pokerspec: Pokerspec, marker: str, monkeypatch: pytest.MonkeyPatch,
                                          command: str) -> None:
    """The only worker stops (SIGSTOP) while its task runs: the scheduler keeps it for its
    ``worker-ttl`` (five minutes), but it sends no heartbeat, so after ``WORKERLESS_SECONDS``
    without a word from any worker the run stops with a usage error (it waited for the task)."""
    monkeypatch.setattr(cluster, "WORKERLESS_SECONDS", 2.0)
    local = one_worker()
    pid = next(iter(local.workers.values())).process.pid
    freeze = threading.Timer(3.0, lambda: os.kill(pid, signal.SIGSTOP))
    try:
        freeze.start()
        with within(90):
            got = pokerspec(*FIRST_ACTIONS[command], "--cluster", str(local.scheduler_address),
                            "--impl", engine("slow", marker))
    finally:
        freeze.cancel()
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        local.close()
    assert got.code == 2 and "heard from no worker" in got.text, got.text


def test_a_scheduler_that_stops_answering_is_an_error(pokerspec: Pokerspec, marker: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The scheduler stops answering the questions a run asks while its tasks run (its workers,
    Dask's ``nthreads``, which waits without end): after ``ANSWER_SECONDS`` the run stops with a
    usage error."""
    monkeypatch.setattr(cluster, "ANSWER_SECONDS", 1.0)
    local = one_worker()
    scheduler = local.scheduler
    assert scheduler is not None

    async def silent(*args: object, **kwargs: object) -> None:
        await asyncio.Event().wait()

    def mute() -> None:
        for op in ("identity", "ncores"):
            scheduler.handlers[op] = silent

    muted = threading.Timer(3.0, mute)
    try:
        muted.start()
        with within(90):
            got = pokerspec(*FIRST_ACTIONS["perft"], "--cluster", str(local.scheduler_address),
                            "--impl", engine("slow", marker))
    finally:
        muted.cancel()
        local.close()
    assert got.code == 2 and "did not answer within 1 s" in got.text, got.text


def test_a_worker_waits_for_its_engine_as_long_as_told(pokerspec: Pokerspec, dask_scheduler: str,
                                                       marker: str) -> None:
    """A worker's engine that never answers is a timeout after ``--timeout`` seconds on the
    cluster too (the workers used the default, five seconds, whatever the command said)."""
    with within(60):
        got = pokerspec("perft", "--position", "stud-streets-0701", "--timeout", "0.5", "--cluster",
                        dask_scheduler, "--impl", engine("hang", marker, "--op", "probe", "--skip", "2"))
    assert got.code == 1 and "within 0.5 s" in got.text, got.text

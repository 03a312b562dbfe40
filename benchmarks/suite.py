"""The conformance kit: cases per second in process and through the exec protocol, for the
reference and, when Node.js is installed, for the independent JavaScript engine
(conformance/examples/js), a speed anchor for engines in other languages (fuzzing is
``fuzzing.py``)."""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from common import Measurement
from pokerspec.conformance.adapters import ExecEngine, open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.grading import Verdict
from pokerspec.conformance.protocol import Engine, EngineFailure, Message, Replies, handshake
from pokerspec.conformance.runner import Selection, plan, run
from pokerspec.core.game import Json

EXEC = f"exec:{sys.executable} -m pokerspec.conformance.serve"
JS_ENGINE = Path(__file__).resolve().parents[1] / "conformance" / "examples" / "js" / "engine.js"
JS = f"exec:node {shlex.quote(str(JS_ENGINE))}" if shutil.which("node") else None
"""The JavaScript engine through exec, or None without Node.js."""


def children_cpu() -> float:
    """CPU seconds of this process's reaped children so far (an exec engine once it is stopped)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


class Warm:
    """An exec engine timed as the second release's benchmark timed it: one process for every
    round, the run's closing ``stop`` left out (a late reply found so far is still charged)."""

    def __init__(self, engine: ExecEngine) -> None:
        self.engine = engine

    def handle(self, message: Mapping[str, Json]) -> Message:
        return self.engine.handle(message)

    def submit(self, messages: Sequence[Mapping[str, Json]]) -> int:
        return self.engine.submit(messages)

    def collect(self, ticket: int) -> Replies:
        return self.engine.collect(ticket)

    def late(self) -> list[tuple[int, EngineFailure]]:
        return self.engine.late()

    def finish(self) -> list[tuple[int, EngineFailure]]:
        return self.engine.late()

    def close(self) -> None:
        self.engine.close()


def _engine_cpu(engine: Engine) -> float:
    """CPU seconds the exec engine's running process has used so far (0 without one)."""
    inner = engine.engine if isinstance(engine, Warm) else engine
    return (inner.cpu_seconds() or 0.0) if isinstance(inner, ExecEngine) else 0.0


def replay(impl: str, label: str, rounds: int, warm: bool = False) -> Measurement:
    """Every case under every profile, on one engine, ``rounds`` times; all must pass. The rate is
    that of the fastest round (the least disturbed by other load), after a first round that
    warms the engine up. A run ends by stopping an exec engine (``stop`` proves the pipe quiet
    after the last case), so each round starts it again and says ``start`` before the clock
    starts, as ``pokerspec conformance run`` does before its first case: the rate is the cases',
    not the engine process's start (``warm``: one process for every round, without the closing
    ``stop``, as the second release's benchmark timed it). The note gives cases per CPU second
    of the least costly round: the runner's own CPU plus what an exec engine's process used from
    the clock's start to the round's end or its exit (read once it is reaped), which other load
    on the machine hardly changes."""
    cases, bad = load_cases([VECTORS])
    items = plan(cases, Selection())
    engine = open_engine(impl)
    if warm and isinstance(engine, ExecEngine):
        engine = Warm(engine)
    best = cpu = float("inf")
    try:
        hello = handshake(engine)
        run(engine, hello, items, bad)
        for _ in range(rounds):
            if not isinstance(engine, Warm):
                hello = handshake(engine)
            started, reaped, own = _engine_cpu(engine), children_cpu(), time.process_time()
            began = time.perf_counter()
            report = run(engine, hello, items, bad)
            best = min(best, time.perf_counter() - began)
            served = children_cpu() - reaped + _engine_cpu(engine) - started
            cpu = min(cpu, time.process_time() - own + served)
            assert report.count(Verdict.FAIL) == report.count(Verdict.ERROR) == 0, f"{label} fails a case"
    finally:
        engine.close()
    how = "one warm process, no closing stop" if isinstance(engine, Warm) else f"protocol {hello.protocol}"
    return Measurement("conformance replay", label, len(items), best, unit="cases",
                       note=f"{len(items)} case runs a round, best of {rounds}; {len(items) / cpu:,.0f} "
                            f"cases per CPU second (runner and engine); {how}")


def run_all(quick: bool, seed: int) -> list[Measurement]:
    replay("reference", "warm-up", 1)  # tables built, modules imported, before any clock starts
    out = [replay("reference", "pokerspec in-process", 3 if quick else 20),
           replay(EXEC, "pokerspec exec", 1 if quick else 5)]
    if JS is not None:
        out.append(replay(JS, "pokerspec-js exec", 1 if quick else 5))
    return out


def main(argv: list[str] | None = None) -> int:
    """``python benchmarks/suite.py [--rounds N] [--warm] [--engine exec|js|in-process]``: the replay alone,
    one line per engine. To compare two versions on a loaded machine, run it under each in turn,
    alternating, with ``PYTHONPATH=<other checkout>/reference`` for the other one."""
    parser = argparse.ArgumentParser(description="The conformance replay alone, wall clock and CPU seconds.")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds of each (the best is kept)")
    parser.add_argument("--warm", action="store_true",
                        help="time rounds on one exec engine process without the closing stop (as the "
                             "second release did)")
    parser.add_argument("--engine", choices=("exec", "js", "in-process"), action="append",
                        help="the served reference (exec), the JavaScript engine (js) or the reference in "
                             "process (default: exec, and js when Node.js is installed)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    chosen = args.engine or ["exec"] + (["js"] if JS is not None else [])
    if "js" in chosen and JS is None:
        parser.error("--engine js needs Node.js")
    engines = {"exec": (EXEC, "pokerspec exec"), "js": (JS, "pokerspec-js exec"),
               "in-process": ("reference", "pokerspec in-process")}
    for name in chosen:
        impl, label = engines[name]
        assert impl is not None
        m = replay(impl, label, args.rounds, args.warm)
        print(f"{label}: {m.rate:,.0f} cases/s, {m.seconds / m.count * 1e3:.3f} ms a case ({m.note}); "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

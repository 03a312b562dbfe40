"""The conformance kit: cases per second in process and through the exec protocol, for the
reference and, when Node.js is installed, for the independent JavaScript engine
(conformance/examples/js), a speed anchor for engines in other languages (fuzzing is
``fuzzing.py``)."""

from __future__ import annotations

import shlex
import shutil
import sys
import time
from pathlib import Path

from common import Measurement
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.grading import Verdict
from pokerspec.conformance.protocol import handshake
from pokerspec.conformance.runner import Selection, plan, run

EXEC = f"exec:{sys.executable} -m pokerspec.conformance.serve"
JS_ENGINE = Path(__file__).resolve().parents[1] / "conformance" / "examples" / "js" / "engine.js"
JS = f"exec:node {shlex.quote(str(JS_ENGINE))}" if shutil.which("node") else None
"""The JavaScript engine through exec, or None without Node.js."""


def replay(impl: str, label: str, rounds: int) -> Measurement:
    """Every case under every profile, on one engine, ``rounds`` times; all must pass. The rate is
    that of the fastest round (the least disturbed by other load), after a first round that
    warms the engine up. A run ends by stopping an exec engine (``stop`` proves the pipe quiet
    after the last case), so each round starts it again and says ``start`` before the clock
    starts, as ``pokerspec conformance run`` does before its first case: the rate is the cases',
    not the engine process's start."""
    cases, bad = load_cases([VECTORS])
    items = plan(cases, Selection())
    engine = open_engine(impl)
    best = float("inf")
    try:
        hello = handshake(engine)
        run(engine, hello, items, bad)
        for _ in range(rounds):
            hello = handshake(engine)
            began = time.perf_counter()
            report = run(engine, hello, items, bad)
            best = min(best, time.perf_counter() - began)
            assert report.count(Verdict.FAIL) == report.count(Verdict.ERROR) == 0, f"{label} fails a case"
    finally:
        engine.close()
    return Measurement("conformance replay", label, len(items), best, unit="cases",
                       note=f"{len(items)} case runs a round, best of {rounds}; protocol {hello.protocol}")


def run_all(quick: bool, seed: int) -> list[Measurement]:
    replay("reference", "warm-up", 1)  # tables built, modules imported, before any clock starts
    out = [replay("reference", "pokerspec in-process", 3 if quick else 20),
           replay(EXEC, "pokerspec exec", 1 if quick else 5)]
    if JS is not None:
        out.append(replay(JS, "pokerspec-js exec", 1 if quick else 5))
    return out

"""The conformance kit: cases per second in process and through the exec protocol (fuzzing is
``fuzzing.py``)."""

from __future__ import annotations

import sys
import time

from common import Measurement
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.grading import Verdict
from pokerspec.conformance.protocol import handshake
from pokerspec.conformance.runner import Selection, plan, run

EXEC = f"exec:{sys.executable} -m pokerspec.conformance.serve"


def replay(impl: str, label: str, rounds: int) -> Measurement:
    """Every case under every profile, ``rounds`` times, on one engine; all must pass."""
    cases, bad = load_cases([VECTORS])
    items = plan(cases, Selection())
    engine = open_engine(impl)
    try:
        hello = handshake(engine)
        began = time.perf_counter()
        for _ in range(rounds):
            report = run(engine, hello, items, bad)
            assert report.count(Verdict.FAIL) == report.count(Verdict.ERROR) == 0, "the reference fails"
        seconds = time.perf_counter() - began
    finally:
        engine.close()
    return Measurement("conformance replay", label, len(items) * rounds, seconds, unit="cases",
                       note=f"{len(items)} case runs per round")


def run_all(quick: bool, seed: int) -> list[Measurement]:
    replay("reference", "warm-up", 1)  # tables built, modules imported, before any clock starts
    return [replay("reference", "pokerspec in-process", 3 if quick else 20),
            replay(EXEC, "pokerspec exec", 1 if quick else 5)]

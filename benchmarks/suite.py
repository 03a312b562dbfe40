"""The conformance kit: cases per second in process and through the exec protocol, fuzz hands per
second for each game, and the peak resident memory of long fuzz runs (which must stay flat). The
independent JavaScript engine (conformance/examples/js) is measured through exec beside the
reference, as a speed anchor for engines in other languages, when Node.js is installed."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

from common import Measurement, best_of
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.fuzz import fuzz
from pokerspec.conformance.grading import Verdict
from pokerspec.conformance.protocol import handshake
from pokerspec.conformance.runner import Selection, plan, run
from pokerspec.profiles import default_profile

EXEC = f"exec:{sys.executable} -m pokerspec.conformance.serve"
JS_ENGINE = Path(__file__).resolve().parents[1] / "conformance" / "examples" / "js" / "engine.js"
MEMORY_GAME = "archie"
"""The game of the long memory run (the fastest to fuzz)."""

_MEMORY_SCRIPT = """
import resource, sys
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.fuzz import fuzz
result = fuzz(open_engine("reference"), sys.argv[1], sys.argv[2], int(sys.argv[3]), 7)
assert result.finding is None, result.finding
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def replay(impl: str, label: str, rounds: int) -> Measurement:
    """Every case under every profile, on one engine, ``rounds`` times; all must pass. The rate is
    that of the fastest round (the least disturbed by other load), after a first round that
    warms the engine up."""
    cases, bad = load_cases([VECTORS])
    items = plan(cases, Selection())
    engine = open_engine(impl)
    try:
        hello = handshake(engine)
        run(engine, hello, items, bad)

        def one_round() -> None:
            report = run(engine, hello, items, bad)
            assert report.count(Verdict.FAIL) == report.count(Verdict.ERROR) == 0, f"{label} fails a case"

        seconds = best_of(rounds, one_round)
    finally:
        engine.close()
    return Measurement("conformance replay", label, len(items), seconds, unit="cases",
                       note=f"{len(items)} case runs a round, best of {rounds}; protocol {hello.protocol}")


def peak_memory(game: str, hands: int) -> int:
    """Peak resident memory (MB) of a fresh process fuzzing the reference against itself."""
    profile = default_profile(game).name
    done = subprocess.run([sys.executable, "-c", _MEMORY_SCRIPT, game, profile, str(hands)],
                          capture_output=True, text=True, check=True)
    return int(done.stdout.strip().splitlines()[-1])


def run_all(quick: bool, seed: int) -> list[Measurement]:
    replay("reference", "warm-up", 1)  # tables built, modules imported, before any clock starts
    out = [replay("reference", "pokerspec in-process", 3 if quick else 20),
           replay(EXEC, "pokerspec exec", 1 if quick else 5)]
    for game in ("archie", "auction", "stud"):
        result = fuzz(open_engine("reference"), game, default_profile(game).name, 50 if quick else 500, seed)
        assert result.finding is None
        out.append(Measurement(f"fuzz {game}", "pokerspec", result.hands, result.seconds,
                               note="reference against itself, step by step"))
    if shutil.which("node"):
        js = f"exec:node {shlex.quote(str(JS_ENGINE))}"
        out.append(replay(js, "pokerspec-js exec", 1 if quick else 5))
        for game in ("archie", "auction", "stud"):
            result = fuzz(open_engine(js), game, default_profile(game).name, 50 if quick else 500, seed)
            assert result.finding is None
            out.append(Measurement(f"fuzz {game}", "pokerspec-js exec", result.hands, result.seconds,
                                   note="the JavaScript engine against the reference, step by step"))
    long = 10_000 if quick else 100_000
    for hands in (long // 10, long):
        began = time.perf_counter()
        mb = peak_memory(MEMORY_GAME, hands)
        out.append(Measurement(f"fuzz memory, {hands:,} hands", "pokerspec", mb, time.perf_counter() - began,
                               unit="MB", note=f"{MEMORY_GAME}, peak RSS of the whole process"))
    return out

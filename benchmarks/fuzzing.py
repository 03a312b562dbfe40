"""Differential fuzzing: hands per second for each game (the reference against itself, in
process; the independent JavaScript engine through exec, when Node.js is installed), the
PokerKit adapter fuzzed the same way, the scaling of a campaign from one job to two, and the peak
resident memory of every process of long campaigns (which must stay flat)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from common import Measurement, fuzz_apart
from pokerspec.caches import forget_derived
from pokerspec.conformance.adapters import open_engine
from pokerspec.fuzz.campaign import Campaign, prepare
from pokerspec.fuzz.hands import fuzz
from pokerspec.profiles import default_profile
from suite import JS

GAMES = ("archie", "auction", "stud")
RATE_HANDS = {"archie": 3000, "auction": 400, "stud": 1000}
"""Hands per rate measurement: a few seconds each on a quiet machine."""
SCALING_HANDS = {"archie": 12000, "auction": 1000, "stud": 3000}
"""Hands per scaling measurement: about five seconds with one job on a quiet machine, so that
starting the workers and the last chunk weigh little."""
POKERKIT = Path(__file__).resolve().parents[1] / "conformance" / "adapters" / "pokerkit_engine.py"
MEMORY_GAME = "archie"
"""The game of the long memory runs (the fastest to fuzz)."""

_MEMORY_SCRIPT = """
import resource, sys
from pokerspec.fuzz.campaign import Campaign, prepare
game, profile, hands, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
report = prepare(Campaign("reference", game, profile, 7, 2 * hands, 1, 2), None, jobs).play()
assert report["classes"] == [], report["classes"]
def own_peak():
    # Linux keeps, in ru_maxrss, the peak of the process that started this one (before exec):
    # the peak of this program's own memory is VmHWM.
    try:
        with open("/proc/self/status") as status:
            return next(int(l.split()[1]) // 1024 for l in status if l.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(own_peak(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
"""


def _load() -> str:
    load = os.getloadavg()
    return f"load average {load[0]:.1f}"


def rates(quick: bool, seed: int, repeats: int = 2) -> list[Measurement]:
    """Hands per second of each game, fuzzing the reference against itself in one process, every
    check included (listing, acceptance, observables, probes, outcome); the best of ``repeats``,
    each run starting without the results of the one before, and the engine under test served
    nothing the oracle worked out (``common.Apart``)."""
    out: list[Measurement] = []
    for game in GAMES:
        hands = RATE_HANDS[game] // (10 if quick else 1)
        best = float("inf")
        for _ in range(repeats):
            forget_derived()  # no run is served the results of the one before
            best = min(best, fuzz_apart(game, hands, seed).seconds)
        out.append(Measurement(f"fuzz {game}", "pokerspec", hands, best,
                               note=f"reference against itself, every check; {_load()}"))
    return out


def javascript(quick: bool, seed: int) -> list[Measurement]:
    """The JavaScript engine (conformance/examples/js) fuzzed through exec on each game: a speed
    anchor for engines in other languages."""
    if JS is None:
        return []
    out: list[Measurement] = []
    for game in GAMES:
        hands = RATE_HANDS[game] // (10 if quick else 4)
        result = fuzz(open_engine(JS), game, default_profile(game).name, hands, seed)
        assert not result.findings, [f.klass.key for f in result.findings]
        out.append(Measurement(f"fuzz {game}", "pokerspec-js exec", hands, result.seconds,
                               note=f"the JavaScript engine against the reference; {_load()}"))
    return out


def pokerkit(quick: bool, seed: int) -> list[Measurement]:
    """The PokerKit adapter fuzzed on the same stud hands (scanning only, no shrinking): the rate,
    and how many distinct classes of disagreement the run meets."""
    try:
        engine = open_engine(f"python:{POKERKIT}:PokerKit")
    except (ImportError, ValueError):
        return []
    hands = RATE_HANDS["stud"] // (10 if quick else 2)
    result = fuzz(engine, "stud", "stud-fl-training", hands, seed, shrink=False)
    met = f"{len(result.findings)} classes of disagreement in {result.findings.total} of {hands} hands"
    return [Measurement("fuzz stud", "pokerkit adapter", hands, result.seconds, note=met)]


def scaling(quick: bool, seed: int) -> list[Measurement]:
    """A campaign of each game played with one job, then two: wall-clock hands per second."""
    out: list[Measurement] = []
    for game in GAMES:
        hands = SCALING_HANDS[game] // (10 if quick else 1)
        campaign = Campaign("reference", game, default_profile(game).name, seed, hands)
        for jobs in (1, 2):
            run = prepare(campaign, None, jobs)
            began = time.perf_counter()
            report = run.play()
            seconds = time.perf_counter() - began
            assert report["hands"] == hands and not report["classes"]
            label = f"{jobs} job{'s' if jobs > 1 else ''}"
            out.append(Measurement(f"fuzz scaling, {game}", label, hands, seconds,
                                   note=f"wall clock, {len(run.processes)} process(es); {_load()}"))
    return out


def peak_memory(game: str, hands: int, jobs: int) -> int:
    """Peak resident memory (MB) of the largest process of a fresh ``jobs``-job campaign."""
    profile = default_profile(game).name
    done = subprocess.run([sys.executable, "-c", _MEMORY_SCRIPT, game, profile, str(hands), str(jobs)],
                          capture_output=True, text=True, check=True)
    own, children = (int(x) for x in done.stdout.split()[-2:])
    return max(own, children)


def memory(quick: bool) -> list[Measurement]:
    """Peak memory per process of 2-job campaigns ten times apart in length."""
    long = 10_000 if quick else 100_000
    out: list[Measurement] = []
    for hands in (long // 10, long):
        began = time.perf_counter()
        mb = peak_memory(MEMORY_GAME, hands, 2)
        out.append(Measurement(f"fuzz memory, {hands:,} hands", "pokerspec", mb, time.perf_counter() - began,
                               unit="MB", note=f"{MEMORY_GAME}, shard 1/2 of twice as many hands, 2 jobs; "
                               "peak RSS of the largest process"))
    return out


def run_all(quick: bool, seed: int) -> list[Measurement]:
    return [*rates(quick, seed), *javascript(quick, seed), *pokerkit(quick, seed), *scaling(quick, seed),
            *memory(quick)]

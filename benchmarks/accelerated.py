"""Pure Python against the optional mypyc build: ``python benchmarks/accelerated.py [--rounds N]``.

Measures, in child processes that alternate so that both meet the same load, the fuzz rate of
each game (the reference against itself, every check: ``fuzzing.rates``) and the six-handed stud
replay against PokerKit's (``whole_hands.run``), once with the checkout's pure-Python package and
once with ``build/accelerated`` (``python3 tasks.py accelerate``) first on the path. Prints a
Markdown table of the best rate of each over ``--rounds`` rounds, for docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "accelerated"
CHILD = """
import json, sys
sys.path.insert(0, {here!r})
import fuzzing, whole_hands
import pokerspec.stud.engine as stud
rates = {{m.task: m.rate for m in fuzzing.rates(False, 2026, repeats=1)}}
hands = {{(m.task, m.engine): m.rate for m in whole_hands.run(1000, 2026)}}
rates["stud replay"] = hands[("six-handed stud", "pokerspec replay")]
rates["pokerkit stud"] = hands.get(("six-handed stud", "pokerkit"), 0.0)
print(json.dumps({{"compiled": stud.__file__.endswith(".so"), "rates": rates}}))
"""


def measure(accelerated: bool) -> dict[str, float]:
    """One round's rates, in a child process with or without the build first on the path."""
    env = dict(os.environ)
    if accelerated:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(BUILD), env.get("PYTHONPATH")) if p)
    done = subprocess.run([sys.executable, "-c", CHILD.format(here=str(Path(__file__).parent))], env=env,
                          capture_output=True, text=True, check=True)
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["compiled"] == accelerated, "build/accelerated is missing: python3 tasks.py accelerate"
    rates: dict[str, float] = result["rates"]
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=2, help="rounds of both builds (default 2)")
    args = parser.parse_args(argv)
    best: dict[bool, dict[str, float]] = {False: {}, True: {}}
    loads = []
    for _ in range(args.rounds):
        for accelerated in (False, True):
            for task, rate in measure(accelerated).items():
                best[accelerated][task] = max(best[accelerated].get(task, 0.0), rate)
            loads.append(os.getloadavg()[0])
    print(f"load average {min(loads):.1f} to {max(loads):.1f}; best of {args.rounds} rounds\n")
    print("| measure | pure Python (default) | mypyc build | build ÷ pure |")
    print("|---|---:|---:|---:|")
    for task in best[False]:
        pure, built = best[False][task], best[True][task]
        print(f"| {task} | {pure:,.0f} hands/s | {built:,.0f} hands/s | {built / pure:.2f}× |")
    for kind, accelerated in (("pure Python", False), ("mypyc build", True)):
        rates = best[accelerated]
        if rates.get("pokerkit stud"):
            ratio = rates["stud replay"] / rates["pokerkit stud"]
            print(f"| stud replay ÷ PokerKit, {kind} | | | {ratio:.1f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

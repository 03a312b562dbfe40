"""Perft through exec (issue 22) in CPU seconds: the runner's own plus the engine process's, which
other load on the machine hardly changes, beside the wall clock, for each way of walking.

    python benchmarks/exec_cpu.py [--rounds N] [--engine reference|js] [--way branch|push/pop|replay]

To compare two versions on a loaded machine, run this script under each in turn, alternating,
with ``PYTHONPATH=<other checkout>/reference`` for the other one; it runs on versions from before
the ``probe`` op (commit 5f705e3), whose ``branch`` walk is push/pop and whose runner cannot be
told to leave ``probe`` out. The engine's CPU is read when its process has been reaped (so any
version works), less what starting it and the handshake cost, measured the same way.
"""

from __future__ import annotations

import argparse
import inspect
import time

from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.protocol import handshake
from pokerspec.perft.positions import positions
from pokerspec.perft.tree import EngineTree
from suite import EXEC, JS, children_cpu

WAYS = ("branch", "push/pop", "replay")


def walk(impl: str, way: str) -> tuple[int, int, float, float, float]:
    """Nodes, requests, wall seconds, runner CPU seconds and engine CPU seconds of one walk of
    every position at its checked depth."""
    before = children_cpu()
    engine = open_engine(impl)
    handshake(engine)
    engine.close()  # started, greeted and stopped: what that costs
    startup = children_cpu() - before
    engine = open_engine(impl)
    hello = handshake(engine)
    branch = None if way != "replay" else False
    probing = "probe" in inspect.signature(EngineTree).parameters
    nodes = requests = 0
    began, cpu, reaped = time.perf_counter(), time.process_time(), children_cpu()
    try:
        for position in positions().values():
            tree = EngineTree(engine, hello, position, branch, probe=None if way == "branch" else False) \
                if probing else EngineTree(engine, hello, position, branch)
            nodes += sum(tree.counts((), position.depth).nodes)
            requests += tree.messages
        wall, runner = time.perf_counter() - began, time.process_time() - cpu
    finally:
        engine.close()
    return nodes, requests, wall, runner, children_cpu() - reaped - startup


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3, help="walks of each; the least CPU is kept")
    parser.add_argument("--engine", choices=("reference", "js"), action="append",
                        help="the served reference or the JavaScript engine (default: each one there is)")
    parser.add_argument("--way", choices=WAYS, action="append", help="default: every way")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    engines = {"reference": EXEC, "js": JS}
    for name in args.engine or [e for e in engines if engines[e] is not None]:
        impl = engines[name]
        if impl is None:
            parser.error("--engine js needs Node.js")
        for way in args.way or WAYS:
            nodes, requests, wall, runner, served = min((walk(impl, way) for _ in range(args.rounds)),
                                                        key=lambda r: r[3] + r[4])
            print(f"{name} {way}: {nodes:,} nodes, {requests / nodes:.2f} requests a node; wall {wall:.2f} s "
                  f"({nodes / wall:,.0f} nodes/s); CPU {runner:.2f} s runner + {served:.2f} s engine "
                  f"({nodes / (runner + served):,.0f} nodes per CPU second)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Perft (spec/core/09-perft.md): nodes walked per second from the standard positions — the
reference in process on its own states, and through the exec protocol with the ``branch`` and
``probe`` capabilities, with ``push``/``pop`` alone and by replaying from ``new_hand``, for the
reference served and, when Node.js is installed, for the JavaScript engine."""

from __future__ import annotations

import time

from common import Measurement, best_of
from pokerspec.caches import forget_derived
from pokerspec.conformance.adapters import ExecEngine, open_engine
from pokerspec.conformance.protocol import Engine, handshake
from pokerspec.perft.positions import Position, positions
from pokerspec.perft.tree import EngineTree, ReferenceTree
from suite import EXEC, JS


def in_process(chosen: list[Position], deep: bool, rounds: int) -> Measurement:
    """Every position walked on the reference's states (no protocol), to its deep or checked depth."""
    nodes = 0

    def walk() -> None:
        nonlocal nodes
        forget_derived()  # each round works out every award itself, none kept from the round before
        nodes = sum(sum(ReferenceTree(p).counts((), p.deep if deep else p.depth).nodes) for p in chosen)

    seconds = best_of(rounds, walk)
    depth = "deep" if deep else "checked"
    return Measurement("perft", "pokerspec in-process", nodes, seconds, unit="nodes",
                       note=f"{len(chosen)} positions at their {depth} depth, best of {rounds}")


WAYS = {"branch": (True, True), "push/pop": (True, False), "replay": (False, False)}
"""How the exec walks look at a child: ``branch`` with every capability the engine lists (``probe``
and ``push``/``pop``, the goal's row), ``push/pop`` without ``probe``, ``replay`` with neither."""


def through(impl: str, label: str, chosen: list[Position], way: str, rounds: int) -> Measurement:
    """Every position at its checked depth through the protocol, one of ``WAYS``, the rounds on one
    engine process (whose caches of awards, kept from round to round, save a few per cent; the
    in-process walk starts each round without them). The note gives
    the requests a node, the batches (round trips) and the CPU time of the runner and the engine
    process, which other load on the machine hardly changes, beside the wall clock's rate."""
    engine = open_engine(impl)
    branch, probe = WAYS[way]
    nodes = messages = batches = 0
    cpu = float("inf")
    used = "replay"
    try:
        hello = handshake(engine)

        def walk() -> None:
            nonlocal nodes, messages, batches, cpu, used
            nodes = messages = batches = 0
            began = time.process_time(), _engine_cpu(engine)
            for p in chosen:
                tree = EngineTree(engine, hello, p, branch=None if branch else False,
                                  probe=None if probe else False)
                used = tree.how
                nodes += sum(tree.counts((), p.depth).nodes)
                messages += tree.messages
                batches += tree.batches
            ended = _engine_cpu(engine)
            engine_cpu = ended - began[1] if ended is not None and began[1] is not None else 0.0
            cpu = min(cpu, time.process_time() - began[0] + engine_cpu)

        seconds = best_of(rounds, walk)
    finally:
        engine.close()
    per_cpu = f", {nodes / cpu:,.0f} nodes per CPU second (runner and engine)" if cpu > 0 else ""
    return Measurement("perft", f"{label} {way}", nodes, seconds, unit="nodes",
                       note=f"{used}: {messages:,} requests ({messages / nodes:.2f} a node) in {batches:,} "
                            f"batches{per_cpu}, {len(chosen)} positions, best of {rounds}")


def _engine_cpu(engine: Engine) -> float | None:
    return engine.cpu_seconds() if isinstance(engine, ExecEngine) else None


def run_all(quick: bool, seed: int) -> list[Measurement]:
    chosen = list(positions().values())
    in_process(chosen[:3], False, 1)  # tables built, modules imported, before any clock starts
    out = [in_process(chosen, not quick, 1 if quick else 3)]
    engines = [(EXEC, "pokerspec exec")] + ([(JS, "pokerspec-js exec")] if JS is not None else [])
    for impl, label in engines:
        for way in WAYS:
            out.append(through(impl, label, chosen, way, 1 if quick or way == "replay" else 3))
    return out

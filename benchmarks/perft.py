"""Perft (spec/core/09-perft.md): nodes walked per second from the standard positions — the
reference in process on its own states, and through the exec protocol with the ``branch``
capability beside the replay-from-``new_hand`` walk, for the reference served and, when Node.js
is installed, for the JavaScript engine."""

from __future__ import annotations

from common import Measurement, best_of
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.protocol import handshake
from pokerspec.perft.positions import Position, positions
from pokerspec.perft.tree import EngineTree, ReferenceTree
from suite import EXEC, JS


def in_process(chosen: list[Position], deep: bool, rounds: int) -> Measurement:
    """Every position walked on the reference's states (no protocol), to its deep or checked depth."""
    nodes = 0

    def walk() -> None:
        nonlocal nodes
        nodes = sum(sum(ReferenceTree(p).counts((), p.deep if deep else p.depth).nodes) for p in chosen)

    seconds = best_of(rounds, walk)
    depth = "deep" if deep else "checked"
    return Measurement("perft", "pokerspec in-process", nodes, seconds, unit="nodes",
                       note=f"{len(chosen)} positions at their {depth} depth, best of {rounds}")


def through(impl: str, label: str, chosen: list[Position], branch: bool, rounds: int) -> Measurement:
    """Every position at its checked depth through the protocol, by branching or by replaying."""
    engine = open_engine(impl)
    nodes = messages = 0
    try:
        hello = handshake(engine)

        def walk() -> None:
            nonlocal nodes, messages
            nodes = messages = 0
            for p in chosen:
                tree = EngineTree(engine, hello, p, branch=branch)
                nodes += sum(tree.counts((), p.depth).nodes)
                messages += tree.messages

        seconds = best_of(rounds, walk)
    finally:
        engine.close()
    how = "branch (push/pop)" if branch else "replay from new_hand"
    return Measurement("perft", f"{label} {'branch' if branch else 'replay'}", nodes, seconds, unit="nodes",
                       note=f"{how}, {messages:,} requests, {len(chosen)} positions, best of {rounds}")


def run_all(quick: bool, seed: int) -> list[Measurement]:
    chosen = list(positions().values())
    in_process(chosen[:3], False, 1)  # tables built, modules imported, before any clock starts
    out = [in_process(chosen, not quick, 1 if quick else 3)]
    engines = [(EXEC, "pokerspec exec")] + ([(JS, "pokerspec-js exec")] if JS is not None else [])
    for impl, label in engines:
        for branch in (True, False):
            out.append(through(impl, label, chosen, branch, 1 if quick or not branch else 3))
    return out

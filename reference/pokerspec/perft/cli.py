"""``pokerspec perft``: count an engine's trees from the standard positions and compare them with
the published tables (spec/core/09-perft.md, docs/engine-authors/perft.md).

Exit status 0 when every position checked matches, 1 when one differs (each difference divided
down to its first node and written as a case) or breaks an invariant, 2 when the run cannot be
made.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from pokerspec.cli import UsageError
from pokerspec.conformance.adapters import DEFAULT_TIMEOUT, open_engine
from pokerspec.conformance.protocol import Engine, EngineFailure, Hello, Streaming, handshake
from pokerspec.outputs import PERFT_CASES, check_outputs, printable, write_text
from pokerspec.perft.counts import Counts
from pokerspec.perft.divide import divide, perft_case
from pokerspec.perft.positions import TABLES, Position, PositionError, positions, read_tables
from pokerspec.perft.tables import differences, generate, write
from pokerspec.perft.tree import EngineTree, ReferenceTree, subtree_counts

if TYPE_CHECKING:
    from pokerspec.cluster import Cluster


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = sub.add_parser(name, help="perft: count every line of play from the standard positions",
                            description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--impl", default="reference",
                        help="the engine: reference, python:module:Factory or exec:'command' "
                             "(default reference)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--position", action="append", default=[], help="a position by name (repeatable)")
    which.add_argument("--all", action="store_true", help="every published position at its published depth")
    which.add_argument("--list", action="store_true", help="list the positions and their depths")
    which.add_argument("--update", action="store_true",
                       help="regenerate the tables with the reference (regression baselines) "
                            "and the spec's tables")
    parser.add_argument("--depth", type=int, help="the depth (default: the position's published depth)")
    parser.add_argument("--deep", action="store_true", help="check at the deep published depth (slow)")
    parser.add_argument("--divide", action="store_true",
                        help="print each child's counts, the engine's and the reference's")
    parser.add_argument("--replay", action="store_true",
                        help="walk by replaying from new_hand even if the engine can branch or probe")
    parser.add_argument("--invariants", action="store_true",
                        help="test the invariants at every node (needs snapshot)")
    parser.add_argument("--stop", action="store_true", help="stop at the first position that differs")
    parser.add_argument("--out", type=Path, default=Path("perft-cases"), help="where difference cases go")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per reply")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="walk each position's subtrees (one per first action) as tasks on a Dask "
                             "scheduler (needs the cluster extra); each worker starts its own engine")
    parser.set_defaults(handler=run)


def _chosen(args: argparse.Namespace) -> list[Position]:
    try:
        known = positions()
    except PositionError as exc:
        raise UsageError(str(exc)) from None
    if args.all or args.update:
        return list(known.values())
    missing = [n for n in args.position if n not in known]
    if missing or not args.position:
        what = f"unknown position {', '.join(missing)}" if missing else "name --position or --all"
        raise UsageError(f"{what}; "
                         f"positions: {', '.join(known)}")
    return [known[n] for n in args.position]


def _update(chosen: list[Position]) -> int:
    old = json.loads(TABLES.read_text(encoding="utf-8")) if TABLES.exists() else {"positions": {}}
    started = time.perf_counter()
    tables, problems = generate({p.name: p for p in chosen})
    for problem in problems:
        print(f"invariant: {problem}")
    for path in write(tables):
        print(f"wrote {path}")
    changed = differences(old, tables)
    print(f"{len(chosen)} positions in {time.perf_counter() - started:.1f} s; "
          f"{len(changed)} changed{': ' + ', '.join(changed) if changed else ''}")
    return 1 if problems else 0


def run(args: argparse.Namespace) -> int:
    if args.list:
        for p in positions().values():
            print(f"{p.name:45} {p.game:8} {p.profile:22} depth {p.depth:2}  deep {p.deep:2}"
                  f"{'  (whole tree)' if p.full else ''}")
        return 0
    chosen = _chosen(args)
    if args.update:
        return _update(chosen)
    if args.depth is not None and args.depth < 0:
        raise UsageError(f"--depth {args.depth}: give a depth of 0 or more")
    if args.invariants and args.cluster:
        raise UsageError("--invariants tests every node in this process; the workers of --cluster "
                         "walk without it: give one or the other")
    check_outputs({"--out": args.out}, directories=True, kind=PERFT_CASES, impl=args.impl)
    try:
        engine = open_engine(args.impl, args.timeout)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    try:
        hello = handshake(engine)
    except EngineFailure as exc:
        engine.close()
        raise UsageError(f"{args.impl}: {exc}") from None
    try:
        if args.cluster:
            from rich.console import Console

            from pokerspec.cluster import ClusterError, session

            console = Console()
            try:
                with session(args.cluster, console, "nodes") as cluster:
                    return check(engine, hello, chosen, args, cluster)
            except ClusterError as exc:
                raise UsageError(str(exc)) from None
        return check(engine, hello, chosen, args)
    finally:
        engine.close()


def check(engine: Engine, hello: Hello, chosen: list[Position], args: argparse.Namespace,
          cluster: Cluster | None = None) -> int:
    """Walk each position on ``engine`` (or, given a ``cluster``, its subtrees on the workers) and
    compare; print one line each and the totals. ``--invariants`` reads ``snapshot`` at every node:
    an engine without it is refused rather than walked with nothing tested."""
    if args.invariants and "snapshot" not in hello.capabilities:
        raise UsageError(f"--invariants reads the observation at every node with snapshot, which "
                         f"{printable(hello.name)} does not offer (capability snapshot)")
    try:
        tables = read_tables()
    except PositionError:
        tables = {}
    failed = checked = 0
    nodes, started = 0, time.perf_counter()
    how = _tree(engine, hello, chosen[0], args).how if chosen else "nothing to walk"
    print(f"perft {printable(hello.name)} {printable(hello.version)} ({how})")
    for position in chosen:
        if position.game not in hello.games or position.profile not in hello.profiles \
                or f"hand:{position.game}" not in hello.capabilities:
            print(f"SKIP  {position.name}: the engine does not play {position.profile}")
            continue
        depth = args.depth if args.depth is not None else position.deep if args.deep else position.depth
        reference = ReferenceTree(position)
        published = tables.get(position.name)
        expected = published.truncated(depth) if published is not None and depth <= published.depth \
            else reference.counts((), depth)
        tree = _tree(engine, hello, position, args)
        checked += 1
        try:
            got = tree.counts((), depth) if cluster is None else \
                _on_cluster(cluster, tree, args.impl, depth, not args.replay)
        except EngineFailure as exc:
            failed += 1
            print(f"FAIL  {position.name} depth {depth}: {exc}")
            _report_difference(reference, tree, depth, hello, args.out, failed)
            if args.stop:
                break
            continue
        nodes += sum(got.nodes)
        same = got.same(expected)
        print(f"{'ok   ' if same else 'DIFF '} {position.name} depth {depth}: {got.nodes[depth]:,} nodes, "
              f"{sum(got.ended):,} ended, digest {got.digest()}"
              + ("" if same else f" (expected {expected.nodes[depth]:,}, {sum(expected.ended):,}, "
                                 f"{expected.digest()})"))
        for problem in tree.problems:
            print(f"      invariant: {problem}")
        if args.divide:
            _print_divide(reference, tree, depth)
        if not same or tree.problems:
            failed += 1
        if not same:
            _report_difference(reference, tree, depth, hello, args.out, failed)
        if failed and args.stop:
            break
    if isinstance(engine, Streaming) and checked:  # a line the engine wrote only when told to stop
        for _, failure in engine.finish():
            failed += 1
            print(f"FAIL  after the last position: {failure}")
    seconds = time.perf_counter() - started
    print(f"{checked} positions, {failed} failed, {nodes:,} nodes in {seconds:.1f} s "
          f"({nodes / seconds if seconds else 0:,.0f} nodes/s)")
    if not checked:
        print("NOTHING CHECKED: the engine plays none of these positions", file=sys.stderr)
        return 2
    return 1 if failed else 0


def _tree(engine: Engine, hello: Hello, position: Position, args: argparse.Namespace) -> EngineTree:
    """The walk of ``position`` on ``engine``: by ``branch`` and ``probe`` when the engine has them,
    unless ``--replay``."""
    fast = False if args.replay else None
    return EngineTree(engine, hello, position, branch=fast, check=args.invariants, probe=fast)


def _on_cluster(cluster: Cluster, tree: EngineTree, impl: str, depth: int, branch: bool) -> Counts:
    """The position's counts as the sum of its first actions' subtrees, each a task."""
    root = tree.node(())
    if depth == 0 or root.net is not None:
        return tree.counts((), depth)
    counts = Counts.empty(depth)
    keys = [(impl, tree.position.name, (child,), depth - 1, branch) for child in root.children]
    for _, child_counts in cluster.run(subtree_counts, keys, label=f"perft-{tree.position.name}",
                                       unit="nodes", units=lambda c: sum(c.nodes)):
        counts.add(child_counts)
    return counts


def _print_divide(reference: ReferenceTree, tree: EngineTree, depth: int) -> None:
    if depth == 0:
        return
    ours, theirs = reference.node(()), tree.node(())
    for child in sorted(set(ours.children) | set(theirs.children)):
        a = reference.counts((child,), depth - 1) if child in ours.children else None
        b = tree.counts((child,), depth - 1) if child in theirs.children else None
        mark = "" if a is not None and b is not None and a.same(b) else "   <-- differs"
        print(f"      {child:24} {_leaves(b)} (reference {_leaves(a)}){mark}")


def _leaves(counts: Counts | None) -> str:
    return "-" if counts is None else f"{counts.nodes[-1]:,} nodes {counts.digest()}"


def _report_difference(reference: ReferenceTree, tree: EngineTree, depth: int, hello: Hello, out: Path,
                       number: int) -> None:
    try:
        found = divide(reference, tree, (), depth)
    except EngineFailure as exc:
        print(f"      divide stopped: {exc}")
        return
    case = perft_case(reference, found, hello.name, number)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{case['id']}.json"
    write_text(path, json.dumps(case, indent=2, ensure_ascii=False) + "\n")
    print(f"      first difference after [{', '.join(found.prefix)}]: {found.describe()}")
    print(f"      case: {path}")

"""``pokerspec perft``: count an engine's trees from the standard positions and compare them with
the published tables (spec/core/09-perft.md, docs/engine-authors/perft.md).

Every node the engine shows is compared with the reference's as the walk meets it (the listing,
who is to act, and the outcome, judged as ``conformance run`` judges them), and the walk of a
position stops at the first that differs (``--go-on``: walks the whole tree and reports the first).
Counts that differ from the published tables all the same are divided down to their first node.

Exit status 0 when every position checked matches, 1 when one differs (its first differing node
written as a case the engine fails) or breaks an invariant, 2 when the run cannot be made.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from pokerspec import ruletext
from pokerspec.cli import UsageError
from pokerspec.conformance.adapters import DEFAULT_TIMEOUT, open_engine
from pokerspec.conformance.cases import Case
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.protocol import Engine, EngineFailure, Hello, Streaming, handshake
from pokerspec.outputs import PERFT_CASES, check_outputs, printable, summary, write_text
from pokerspec.perft.counts import Counts
from pokerspec.perft.divide import Difference, Refusal, divide, perft_case, refusal_case
from pokerspec.perft.positions import TABLES, Position, PositionError, positions, read_tables
from pokerspec.perft.tables import differences, generate, write
from pokerspec.perft.tree import EngineTree, Mismatch, ReferenceTree, mismatch, subtree_counts

if TYPE_CHECKING:
    from pokerspec.cluster import Cluster


MAX_DEPTH = 1000
"""The deepest walk: far more actions than any hand of the three games can take, checked before
the counts of every depth are laid out."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = sub.add_parser(name, help="perft: count every line of play from the standard positions",
                            description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--impl", default="reference",
                        help="the engine: reference (the default), python:MODULE:NAME (NAME() returns the "
                             "engine object) or exec:'COMMAND' (a program that speaks the protocol)")
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
    parser.add_argument("--go-on", action="store_true",
                        help="walk on past a node that differs (the whole tree is counted; the first "
                             "difference is reported)")
    parser.add_argument("--out", type=Path, default=Path("perft-cases"), help="where difference cases go")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per reply")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="walk each position's subtrees (one per first action) as tasks on a Dask "
                             "scheduler (needs the cluster extra); each worker starts its own engine")
    parser.set_defaults(handler=run)
    summary(parser)


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
    try:
        tables, problems = generate({p.name: p for p in chosen})
    except PositionError as exc:
        raise UsageError(str(exc)) from None
    for problem in problems:
        print(f"invariant: {problem}")
    written = write(tables)
    for path in written:
        print(f"wrote {path}")
    changed = differences(old, tables)
    print(f"{len(chosen)} positions in {time.perf_counter() - started:.1f} s; "
          f"{len(changed)} positions' counts changed{': ' + ', '.join(changed) if changed else ''}; "
          + ("the rules reached changed; " if old.get("coverage") != tables.get("coverage") else "")
          + (f"{len(written)} files rewritten" if written else "no file changed"))
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
    if args.depth is not None and not 0 <= args.depth <= MAX_DEPTH:
        raise UsageError(f"--depth {args.depth}: give a depth from 0 to {MAX_DEPTH}")
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
    except PositionError as exc:  # a position the rules now refuse: the message names its case
        raise UsageError(str(exc)) from None
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
    suspected: Counter[str] = Counter()
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
        tree = _tree(engine, hello, position, args, reference)
        checked += 1
        try:
            got = tree.counts((), depth) if cluster is None else \
                _on_cluster(cluster, tree, args.impl, args.timeout, depth, not args.replay)
            if tree.first is not None:  # --go-on: the whole tree walked, the first difference kept
                raise tree.first
        except Mismatch as found:
            failed += 1
            print(f"DIFF  {position.name} depth {depth}: {found}")
            _write_case(reference, tree, Difference(found.prefix, found.what, found.ours, found.theirs,
                                                    found.detail), hello, args.out, failed, suspected)
            if args.stop:
                break
            continue
        except EngineFailure as exc:
            failed += 1
            print(f"FAIL  {position.name} depth {depth}: {exc}")
            _report_difference(reference, tree, depth, hello, args.out, failed, suspected)
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
            try:
                _print_divide(reference, tree, depth)
            except EngineFailure as exc:
                print(f"FAIL  {position.name}: while dividing: {exc}")
                same = False
        if not same or tree.problems:
            failed += 1
        if not same:
            _report_difference(reference, tree, depth, hello, args.out, failed, suspected)
        if failed and args.stop:
            break
    if isinstance(engine, Streaming) and checked:  # a line the engine wrote only when told to stop
        for _, failure in engine.finish():
            failed += 1
            print(f"FAIL  after the last position: {failure}")
    if suspected:
        print("SUSPECTS the rules of the divided cases, the most first:")
        for place, (rule, count) in enumerate(sorted(suspected.items(), key=lambda kv: (-kv[1], kv[0])), 1):
            print(f"  {place}. {ruletext.named(rule)}: {count} position{'s' if count != 1 else ''}")
    seconds = time.perf_counter() - started
    print(f"{checked} positions, {failed} failed, {nodes:,} nodes in {seconds:.1f} s "
          f"({nodes / seconds if seconds else 0:,.0f} nodes/s)")
    if not checked:
        print("NOTHING CHECKED: the engine plays none of these positions", file=sys.stderr)
        return 2
    return 1 if failed else 0


def _tree(engine: Engine, hello: Hello, position: Position, args: argparse.Namespace,
          judge: ReferenceTree | None = None) -> EngineTree:
    """The walk of ``position`` on ``engine``: by ``branch`` and ``probe`` when the engine has them,
    unless ``--replay``; each node compared with ``judge``'s, if given."""
    fast = False if args.replay else None
    return EngineTree(engine, hello, position, branch=fast, check=args.invariants, probe=fast, judge=judge,
                      go_on=args.go_on)


def _on_cluster(cluster: Cluster, tree: EngineTree, impl: str, timeout: float, depth: int,
                branch: bool) -> Counts:
    """The position's counts as the sum of its first actions' subtrees, each a task. Walking on
    (``--go-on``), every subtree is walked and ``tree.first`` is the first difference in the order
    of the walk here (the first action's subtree first), whichever task finished first."""
    root = tree.node(())
    if depth == 0 or root.net is not None:
        return tree.counts((), depth)
    counts = Counts.empty(depth)
    judged = tree.judge is not None
    if tree.judge is not None:
        found = mismatch(tree.judge.node(()), root, ())
        if found is not None and not tree.go_on:
            raise found
        if found is not None:  # the listings differ: the subtrees are walked, not judged
            tree.first, judged = found, False
    keys = [(impl, timeout, tree.position.name, (child,), depth - 1, branch, judged, tree.go_on)
            for child in root.children]
    firsts: dict[str, Mismatch] = {}
    for key, (child_counts, first) in cluster.run(subtree_counts, keys, label=f"perft-{tree.position.name}",
                                                  unit="nodes", units=lambda done: sum(done[0].nodes)):
        counts.add(child_counts)
        if first is not None:
            firsts[key[3][0]] = first
    if tree.first is None:
        tree.first = next((firsts[child] for child in root.children if child in firsts), None)
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
                       number: int, suspected: Counter[str]) -> None:
    """Divide down to the first difference, write it as a case and count its rule in ``suspected``."""
    try:
        found = divide(reference, tree, (), depth)
    except EngineFailure as exc:
        print(f"      divide stopped: {exc}")
        return
    _write_case(reference, tree, found, hello, out, number, suspected)


def _write_case(reference: ReferenceTree, tree: EngineTree, found: Difference | Refusal, hello: Hello,
                out: Path, number: int, suspected: Counter[str]) -> None:
    """Write ``found`` as a case, if the engine fails it: replayed from ``new_hand`` the engine
    may show the reference's node where its walk (by ``push``/``pop`` or ``probe``) did not, and a
    case it passes would say nothing (the walk's failure stands); the case's rule is counted in
    ``suspected``. A refusal ends at the refused action (``refusal_case``)."""
    if isinstance(found, Refusal):
        case, where = refusal_case(reference, found, hello.name, number), found.before
    else:
        case, where = perft_case(reference, found, hello.name, number), found.prefix
    graded = grade(Case(out / f"{case['id']}.json", case), tree.engine, reference.position.profile)
    if graded.verdict is Verdict.PASS:
        print(f"      difference after [{', '.join(where)}]: {found.describe()}")
        print(f"      no case written: replayed from new_hand, the engine passes the case made of it; the "
              f"difference comes from walking by {tree.how} (compare with --replay)")
        return
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{case['id']}.json"
    write_text(path, json.dumps(case, indent=2, ensure_ascii=False) + "\n")
    rule = found.rule(reference.position.game)
    suspected[rule] += 1
    print(f"      first difference after [{', '.join(where)}]: {found.describe()}")
    print(f"      rule: {ruletext.named(rule)}")
    print(f"      case: {path}")

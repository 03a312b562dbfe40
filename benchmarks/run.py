"""The pokerspec benchmark: ``python benchmarks/run.py [--quick] [--json OUT.json] [--only SECTION]``.

Runs the same seeded work through pokerspec and its peers (PokerKit, treys, eval7, phevaluator,
where each has the function) in one run, prints a table of rates with the ratio of pokerspec's
rate to each peer's, and writes the numbers as JSON for tracking over time. A benchmark, not a
test: nothing here passes or fails, except that the goals are marked met or missed.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import evaluation
import fuzzing
import perft
import suite
import whole_hands
from common import Measurement
from rich.console import Console
from rich.table import Table

GOALS: dict[tuple[str, str], tuple[float, str]] = {
    ("five-card high", "pokerspec"): (1_000_000, "hands/s"),
    ("seven-card high", "pokerspec"): (200_000, "hands/s"),
    ("seven-card low a-5", "pokerspec"): (200_000, "hands/s"),
    ("archie heads-up", "pokerspec"): (5_000, "hands/s"),
    ("conformance replay", "pokerspec in-process"): (5_000, "cases/s"),
    ("conformance replay", "pokerspec exec"): (2_000, "cases/s"),
    **{(f"fuzz {game}", "pokerspec"): (1_000, "hands/s") for game in fuzzing.GAMES},
    ("perft", "pokerspec in-process"): (100_000, "nodes/s"),
    ("perft", "pokerspec exec branch"): (10_000, "nodes/s"),
}
"""Rate goals for the reference (issues 9, 18 and 22); the stud goal and the fuzz scaling goal are
ratios, checked separately."""
STUD_RATIO_GOAL = 20.0
SCALING_GOAL = 1.7
"""A campaign with two jobs against one, on a two-core machine (issue 18)."""
MEMORY_GOAL_MB = 200.0

SECTIONS: dict[str, Callable[[bool, int], list[Measurement]]] = {
    "evaluation": lambda quick, seed: evaluation.run(20_000 if quick else 100_000, seed),
    "hands": lambda quick, seed: whole_hands.run(100 if quick else 1_000, seed),
    "suite": suite.run_all,
    "fuzz": lambda quick, seed: fuzzing.run_all(quick, seed),
    "perft": perft.run_all,
}


def ratio(m: Measurement, ours: dict[str, float]) -> str:
    base = ours.get(m.task)
    if base is None or m.engine.startswith("pokerspec") or m.rate == 0:
        return ""
    return f"{base / m.rate:,.2f}x"


def verdict(m: Measurement, ours: dict[str, float], peers: dict[tuple[str, str], float]) -> str:
    goal = GOALS.get((m.task, m.engine))
    if goal is not None:
        return f"goal {goal[0]:,.0f}: {'met' if m.rate >= goal[0] else 'MISSED'}"
    if m.task == "six-handed stud" and m.engine == "pokerspec replay":
        pk = peers.get((m.task, "pokerkit"))
        if pk:
            met = "met" if m.rate >= STUD_RATIO_GOAL * pk else "MISSED"
            return f"goal {STUD_RATIO_GOAL:g}x pokerkit's replay: {met} ({m.rate / pk:.1f}x)"
    if m.task.startswith("fuzz scaling") and m.engine == "2 jobs":
        one = peers.get((m.task, "1 job"))
        if one:
            met = "met" if m.rate >= SCALING_GOAL * one else "MISSED"
            return f"goal {SCALING_GOAL:g}x 1 job: {met} ({m.rate / one:.2f}x)"
    if m.unit == "MB":
        return f"goal < {MEMORY_GOAL_MB:g} MB: {'met' if m.count < MEMORY_GOAL_MB else 'MISSED'}"
    return ""


def show(console: Console, results: list[Measurement]) -> None:
    ours = {m.task: m.rate for m in results if m.engine == "pokerspec"}
    peers = {(m.task, m.engine): m.rate for m in results}
    table = Table(title="pokerspec and its peers, same seeded work")
    for column, justify in (("task", "left"), ("engine", "left"), ("work", "right"), ("rate", "right"),
                            ("pokerspec ÷ engine", "right"), ("goal", "left"), ("note", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for m in results:
        if m.unit == "MB":
            table.add_row(m.task, m.engine, "", f"{m.count:,} MB peak", "", verdict(m, ours, peers), m.note)
            continue
        table.add_row(m.task, m.engine, f"{m.count:,} {m.unit}", f"{m.rate:,.0f} {m.unit}/s",
                      ratio(m, ours), verdict(m, ours, peers), m.note)
    console.print(table)


def markdown(results: list[Measurement]) -> str:
    """The same table in Markdown, for docs/performance.md."""
    ours = {m.task: m.rate for m in results if m.engine == "pokerspec"}
    peers = {(m.task, m.engine): m.rate for m in results}
    lines = ["| task | engine | work | rate | pokerspec ÷ engine | goal | note |",
             "|---|---|---:|---:|---:|---|---|"]
    for m in results:
        if m.unit == "MB":
            goal = verdict(m, ours, peers)
            lines.append(f"| {m.task} | {m.engine} | | {m.count:,} MB peak | | {goal} | {m.note} |")
        else:
            lines.append(f"| {m.task} | {m.engine} | {m.count:,} {m.unit} | {m.rate:,.0f} {m.unit}/s | "
                         f"{ratio(m, ours)} | {verdict(m, ours, peers)} | {m.note} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a tenth of the work (a smoke run)")
    parser.add_argument("--json", type=Path, metavar="OUT.json", help="write the measurements as JSON")
    parser.add_argument("--only", action="append", choices=sorted(SECTIONS), help="run only this section")
    parser.add_argument("--markdown", type=Path, metavar="OUT.md", help="write the table as Markdown")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    console = Console(width=max(120, Console().width))
    results: list[Measurement] = []
    for name in args.only or list(SECTIONS):
        console.print(f"[bold]{name}[/] ...")
        results += SECTIONS[name](args.quick, args.seed)
    show(console, results)
    if args.json:
        args.json.write_text(json.dumps({
            "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "python": platform.python_version(), "machine": platform.machine(), "quick": args.quick,
            "seed": args.seed,
            "results": [{"task": m.task, "engine": m.engine, "count": m.count, "unit": m.unit,
                         "seconds": round(m.seconds, 6), "rate": round(m.rate, 1), "note": m.note}
                        for m in results],
        }, indent=2) + "\n", encoding="utf-8")
        console.print(f"wrote {args.json}")
    if args.markdown:
        args.markdown.write_text(markdown(results), encoding="utf-8")
        console.print(f"wrote {args.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

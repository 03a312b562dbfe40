"""Helpers around a cosmic-ray session of the mutation run (docs/maintainers/mutation.md).

    python conformance/mutation/session.py skip-annotations SESSION   # after `cosmic-ray init`
    python conformance/mutation/session.py retest SESSION             # survivors run again
    python conformance/mutation/session.py report SESSION [--markdown]

``skip-annotations`` marks as skipped every mutant that lies wholly inside a type annotation.
Every mutated module starts with ``from __future__ import annotations``, so an annotation is a
string that nothing evaluates at run time: such a mutant (``X | None`` made ``X - None``) is
equivalent, and is counted apart. ``retest`` forgets the result of every surviving mutant, so
that ``cosmic-ray exec`` tests it again after cases were added. ``report`` counts the results and
classifies every survivor with ``equivalent.json``.
"""

from __future__ import annotations

import argparse
import ast
import json
import sqlite3
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cases_only import KILLED, KILLED_AT_START, NOT_RUN, TIMEOUT_AT_START

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENT = Path(__file__).with_name("equivalent.json")
ANNOTATION_ONLY = "annotation-only: inside a type annotation, never evaluated"
Span = tuple[tuple[int, int], tuple[int, int]]


@cache
def annotation_spans(module: str) -> tuple[Span, ...]:
    """The (line, column) spans of every annotation in ``module`` (a path from the root)."""
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    spans: list[Span] = []
    for node in ast.walk(tree):
        found: list[ast.expr | None] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.append(node.returns)
        elif isinstance(node, ast.arg | ast.AnnAssign):
            found.append(node.annotation)
        for ann in found:
            if ann is not None and ann.end_lineno is not None and ann.end_col_offset is not None:
                spans.append(((ann.lineno, ann.col_offset), (ann.end_lineno, ann.end_col_offset)))
    return tuple(spans)


def in_annotation(module: str, start: tuple[int, int], end: tuple[int, int]) -> bool:
    return any(a <= start and end <= b for a, b in annotation_spans(module))


@dataclass(frozen=True, slots=True)
class Mutant:
    job: str
    module: str
    operator: str
    occurrence: int
    start: tuple[int, int]
    end: tuple[int, int]
    outcome: str | None
    """``survived``, ``killed``, ``incompetent``, ``skipped`` or None (not run yet)."""
    output: str

    @property
    def key(self) -> str:
        return f"{self.module}:{self.operator}:{self.occurrence}"

    @property
    def line(self) -> str:
        return source_lines(self.module)[self.start[0] - 1].strip()


@cache
def source_lines(module: str) -> list[str]:
    return (ROOT / module).read_text(encoding="utf-8").splitlines()


def mutants(session: Path) -> list[Mutant]:
    db = sqlite3.connect(session)
    rows = db.execute(
        "SELECT m.job_id, m.module_path, m.operator_name, m.occurrence, m.start_pos_row, m.start_pos_col,"
        " m.end_pos_row, m.end_pos_col, r.worker_outcome, r.test_outcome, r.output"
        " FROM mutation_specs m LEFT JOIN work_results r ON r.job_id = m.job_id").fetchall()
    db.close()
    out = []
    for job, module, op, occ, sr, sc, er, ec, worker, test, output in rows:
        outcome = "skipped" if worker == "SKIPPED" else test.lower() if test else None
        out.append(Mutant(job, module, op, occ, (sr, sc), (er, ec), outcome, output or ""))
    return sorted(out, key=lambda m: (m.module, m.start, m.operator, m.occurrence))


def skip_annotations(session: Path) -> int:
    db = sqlite3.connect(session)
    skipped = 0
    for m in mutants(session):
        if m.outcome is None and in_annotation(m.module, m.start, m.end):
            db.execute("INSERT OR REPLACE INTO work_results (worker_outcome, output, test_outcome, diff,"
                       " job_id) VALUES ('SKIPPED', ?, NULL, NULL, ?)", (ANNOTATION_ONLY, m.job))
            skipped += 1
    db.commit()
    db.close()
    print(f"{skipped} annotation-only mutants marked as skipped")
    return 0


def retest(session: Path, not_run: bool) -> int:
    """Forget the results of the survivors (or of the mutants the cases could not run on)."""
    db = sqlite3.connect(session)
    jobs = [m.job for m in mutants(session)
            if (NOT_RUN in m.output if not_run else m.outcome == "survived")]
    db.executemany("DELETE FROM work_results WHERE job_id = ?", [(j,) for j in jobs])
    db.commit()
    db.close()
    print(f"{len(jobs)} mutants will be tested again by `cosmic-ray exec`")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["skip-annotations", "retest", "report"])
    parser.add_argument("session", type=Path)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--before", type=Path, help="report: the session measured before cases were added")
    parser.add_argument("--not-run", action="store_true",
                        help="retest: the mutants the cases could not run on, instead of the survivors")
    args = parser.parse_args(argv)
    if args.command == "skip-annotations":
        return skip_annotations(args.session)
    if args.command == "retest":
        return retest(args.session, args.not_run)
    return report(args.session, args.before, args.markdown)


@dataclass(frozen=True, slots=True)
class Equivalence:
    module: str
    operator: str
    occurrence: int
    line: str
    reason: str


def equivalences() -> tuple[dict[str, str], dict[str, Equivalence]]:
    """The reasons, and the argued-equivalent mutants by key (``equivalent.json``)."""
    data = json.loads(EQUIVALENT.read_text(encoding="utf-8"))
    found = {}
    for e in data["mutants"]:
        eq = Equivalence(f"reference/pokerspec/{e['module']}", f"core/{e['operator']}", e["occurrence"],
                         e["line"], e["reason"])
        found[f"{eq.module}:{eq.operator}:{eq.occurrence}"] = eq
    return data["reasons"], found


def killer(m: Mutant) -> str:
    """The first case that failed, with its profile; ``start`` (the engine refused it); or
    ``a timeout`` (at start, or of the whole run)."""
    for line in m.output.splitlines():
        if line.startswith(KILLED_AT_START):
            return "`start`"
        if line.startswith(TIMEOUT_AT_START):
            return "a timeout at start"
        if line.startswith(KILLED):
            return " ".join(f"`{w}`" if w.count("-") == 2 else w
                            for w in line.removeprefix(KILLED).split(" - ")[0].split())
    return "a timeout" if m.output.startswith("timeout") else "an engine error"


def classify(m: Mutant, equivalent: dict[str, Equivalence]) -> str:
    """``annotation``, ``incompetent`` (the mutated reference cannot load or start, so no case
    ran), ``killed`` (a case failed), ``equivalent``, ``survived`` or ``pending``."""
    if m.outcome == "skipped" or in_annotation(m.module, m.start, m.end):
        return "annotation"
    if NOT_RUN in m.output:
        return "incompetent"
    if m.outcome == "killed":
        return "killed"
    if m.outcome == "survived":
        return "equivalent" if m.key in equivalent else "survived"
    return "pending"


def score_line(title: str, counts: Counter[str], annotation_outcomes: Counter[str | None]) -> str:
    killed, survived, eq = counts["killed"], counts["survived"], counts["equivalent"]
    judged = killed + survived + eq
    lines = [f"{title}: {sum(counts.values())} mutants; {counts['annotation']} annotation-only "
             f"({annotation_outcomes['killed']} killed, {annotation_outcomes['survived']} survived, "
             f"{annotation_outcomes['skipped'] + annotation_outcomes[None]} not run); "
             f"{counts['incompetent']} incompetent; {counts['pending']} pending"]
    if judged:
        lines.append(f"  killed by the cases: {killed} of {judged} = {100 * killed / judged:.1f}%")
        lines.append(f"  equivalent excluded: {killed} of {killed + survived} = "
                     f"{100 * killed / max(1, killed + survived):.1f}% ({eq} argued equivalent, "
                     f"{survived} surviving)")
    return "\n".join(lines)


def report(session: Path, before: Path | None, markdown: bool) -> int:
    """Scores for ``session`` (and ``before``), and every mutant that survived ``before``."""
    reasons, equivalent = equivalences()
    now = {m.key: m for m in mutants(session)}
    then = {m.key: m for m in mutants(before)} if before else now
    for key, eq in equivalent.items():
        m = now.get(key)
        if m is None or m.line != eq.line:
            print(f"stale equivalence {key}: {eq.line!r} is now {m.line if m else None!r}", file=sys.stderr)
    for title, ms in ((("before", then),) if before else ()) + (("now", now),):
        counts = Counter(classify(m, equivalent) for m in ms.values())
        annotation = Counter(m.outcome for m in ms.values() if classify(m, equivalent) == "annotation")
        print(score_line(title, counts, annotation))
        how = Counter(killer(m) for m in ms.values() if classify(m, equivalent) == "killed")
        hung = how["a timeout at start"]
        print(f"  of the killed: {how['`start`'] + hung} at start ({hung} of them a timeout), "
              f"{how['a timeout']} timeouts of the whole run (a timeout is a kill: the runner makes a hung "
              "engine an error verdict)")
    rows = []
    for key, old in sorted(then.items(), key=lambda kv: (kv[1].module, kv[1].start, kv[0])):
        if classify(old, equivalent) not in ("survived", "equivalent"):
            continue
        new = now.get(key, old)
        if new.outcome == "killed" and NOT_RUN not in new.output:
            verdict = f"killed by {killer(new)}"
        elif key in equivalent:
            verdict = f"equivalent: `{equivalent[key].reason}`"
        else:
            verdict = "**SURVIVES**"
        rows.append((old, verdict))
    if markdown:
        # The long table stays out of the search index (class ps-unindexed, docs/hooks/pokersite/search.py).
        print('\n<div class="ps-unindexed" markdown>\n')
        print("| where | line | mutation | result |\n|---|---|---|---|")
        for m, verdict in rows:
            where = f"`{m.module.removeprefix('reference/pokerspec/')}:{m.start[0]}`"
            line = m.line.replace("|", "\\|")
            print(f"| {where} | `{line}` | {m.operator.removeprefix('core/')} #{m.occurrence} | {verdict} |")
        print("\n</div>")
        used = {equivalent[m.key].reason for m, _ in rows if m.key in equivalent}
        print("\n| reason | why the mutant cannot change what the contract defines |\n|---|---|")
        for reason in sorted(used):
            print(f"| `{reason}` | {reasons[reason]} |")
    else:
        for m, verdict in rows:
            if verdict == "**SURVIVES**":
                print(f"SURVIVES {m.module.removeprefix('reference/pokerspec/')}:{m.start[0]} "
                      f"{m.operator.removeprefix('core/')}#{m.occurrence}: {m.line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

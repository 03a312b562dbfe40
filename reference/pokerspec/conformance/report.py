"""What a run reports (docs/engine-authors/running.md): a readable summary by game and by rule ID,
a JSON-lines file (expected, actual and verdict kept apart) and JUnit XML for CI systems."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from pokerspec.conformance.cases import Case
from pokerspec.conformance.grading import Result, Verdict
from pokerspec.conformance.protocol import PROTOCOL_VERSION
from pokerspec.conformance.runner import Report, Run
from pokerspec.core.game import Json

VERDICTS = (Verdict.PASS, Verdict.FAIL, Verdict.ERROR, Verdict.SKIP)
STYLE = {Verdict.PASS: "green", Verdict.FAIL: "red", Verdict.ERROR: "magenta", Verdict.SKIP: "yellow"}


def label(result: Result) -> str:
    """``case-id`` or ``case-id [profile]``."""
    return result.case if result.profile is None else f"{result.case} [{result.profile}]"


def where(result: Result, steps: int) -> str:
    """The first diverging step in words (a case without steps has one request: its reply)."""
    if result.step is None:
        return "setup"
    if steps == 0:
        return "reply"
    return "outcome" if result.step >= steps else f"step {result.step}"


def _steps(run: Run) -> int:
    steps = run.case.data.get("steps", [])
    return len(steps) if isinstance(steps, list) else 0


def records(report: Report) -> Iterator[dict[str, Json]]:
    """The JSON-lines report: one ``run`` header, one ``case`` record per case run, one
    ``bad-case`` record per unusable case file."""
    yield {"record": "run", "protocol": PROTOCOL_VERSION, "engine": report.hello.to_json(),
           "seconds": round(report.seconds, 6), "ok": report.ok,
           "counts": {v.value: report.count(v) for v in VERDICTS}, "bad_cases": len(report.bad)}
    for run in report.runs:
        r = run.result
        yield {"record": "case", "case": r.case, "game": run.case.game, "profile": r.profile,
               "rules": list(r.rules), "level": "required" if r.required else "optional",
               "path": str(run.case.path), "verdict": r.verdict.value, "step": r.step,
               "message": r.message, "expected": r.expected, "actual": r.actual,
               "stderr_tail": r.stderr_tail}
    for bad in report.bad:
        yield {"record": "bad-case", "path": str(bad.path), "field": bad.field, "message": bad.message,
               "verdict": Verdict.ERROR.value}


def write_jsonl(path: Path, report: Report) -> None:
    with path.open("w", encoding="utf-8") as out:
        for record in records(report):
            out.write(json.dumps(record, ensure_ascii=False) + "\n")


def junit(report: Report) -> ET.ElementTree:
    """One test suite per game (plus ``case-files`` for bad files), one test case per case run."""
    root = ET.Element("testsuites", name=f"pokerspec conformance: {report.hello.name}",
                      time=f"{report.seconds:.3f}")
    by_game: dict[str, list[Run]] = defaultdict(list)
    for run in report.runs:
        by_game[run.case.game].append(run)
    for game, runs in sorted(by_game.items()):
        counts = Counter(r.result.verdict for r in runs)
        suite = ET.SubElement(root, "testsuite", name=game, tests=str(len(runs)),
                              failures=str(counts[Verdict.FAIL]), errors=str(counts[Verdict.ERROR]),
                              skipped=str(counts[Verdict.SKIP]))
        for run in runs:
            r = run.result
            case = ET.SubElement(suite, "testcase", classname=f"pokerspec.{game}", name=label(r),
                                 file=str(run.case.path))
            text = (f"rules: {', '.join(r.rules)}\nexpected: {json.dumps(r.expected)}\n"
                    f"actual: {json.dumps(r.actual)}")
            if r.verdict is Verdict.FAIL:
                ET.SubElement(case, "failure", message=f"{where(r, _steps(run))}: {r.message}").text = text
            elif r.verdict is Verdict.ERROR:
                ET.SubElement(case, "error", message=r.message).text = r.stderr_tail or text
            elif r.verdict is Verdict.SKIP:
                ET.SubElement(case, "skipped", message=r.message)
    if report.bad:
        suite = ET.SubElement(root, "testsuite", name="case-files", tests=str(len(report.bad)),
                              failures="0", errors=str(len(report.bad)), skipped="0")
        for bad in report.bad:
            case = ET.SubElement(suite, "testcase", classname="pokerspec.case-files", name=str(bad.path))
            ET.SubElement(case, "error", message=f"{bad.field or '(file)'}: {bad.message}")
    return ET.ElementTree(root)


def write_junit(path: Path, report: Report) -> None:
    tree = junit(report)
    ET.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)


def _counts_row(name: str, counts: Counter[Verdict]) -> list[str]:
    return [name, *(f"[{STYLE[v]}]{counts[v]}[/]" if counts[v] and v is not Verdict.PASS else str(counts[v])
                     for v in VERDICTS)]


def _table(title: str, first: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(first)
    for v in VERDICTS:
        table.add_column(v.value, justify="right")
    return table


def summary(console: Console, report: Report, tables: bool = True) -> None:
    """Counts by game and by rule ID, every failure with its first diverging step, why cases
    were skipped, every bad case file, and the totals."""
    games: dict[str, Counter[Verdict]] = defaultdict(Counter)
    rules: dict[str, Counter[Verdict]] = defaultdict(Counter)
    for run in report.runs:
        games[run.case.game][run.result.verdict] += 1
        for rule in run.result.rules:
            rules[rule][run.result.verdict] += 1
    if tables:
        table = _table("By game", "game")
        for game, counts in sorted(games.items()):
            table.add_row(*_counts_row(game, counts))
        console.print(table)
        table = _table("By rule", "rule")
        for rule, counts in sorted(rules.items()):
            table.add_row(*_counts_row(rule, counts))
        console.print(table)
    for run in report.runs:
        r = run.result
        if r.verdict in (Verdict.FAIL, Verdict.ERROR):
            level = "" if r.required else " (optional)"
            console.print(f"[{STYLE[r.verdict]}]{r.verdict.value.upper()}[/] {label(r)}{level} "
                          f"at {where(r, _steps(run))} — rules {', '.join(r.rules)}", highlight=False)
            console.print(f"  {r.message}", markup=False, highlight=False)
            if r.verdict is Verdict.FAIL:
                console.print(f"  expected: {json.dumps(r.expected)}", markup=False, highlight=False)
                console.print(f"  actual:   {json.dumps(r.actual)}", markup=False, highlight=False)
            if r.stderr_tail:
                tail = "\n    ".join(r.stderr_tail.strip().splitlines()[-8:])
                console.print(f"  stderr:\n    {tail}", markup=False, highlight=False)
    skips = Counter(run.result.message for run in report.runs if run.result.verdict is Verdict.SKIP)
    for reason, count in skips.most_common():
        console.print(f"[yellow]SKIP[/] {count} case run{'s' if count != 1 else ''}: ", end="")
        console.print(reason, markup=False)
    for bad in report.bad:
        console.print(f"[red]BAD CASE FILE[/] {bad.path}: {bad.field or '(file)'}: ", end="", highlight=False)
        console.print(bad.message, markup=False, highlight=False)
    total = len(report.runs)
    rate = total / report.seconds if report.seconds > 0 else 0.0
    tally = ", ".join(f"{report.count(v)} {v.value}" for v in VERDICTS)
    verdict = "[green]OK[/]" if report.ok else "[red]FAILED[/]"
    console.print(f"{verdict} {report.hello.name} {report.hello.version}: {total} case runs ({tally}), "
                  f"{len(report.bad)} bad case files, {report.seconds:.2f} s, {rate:,.0f} cases/s",
                  highlight=False)


def case_index(console: Console, cases: Sequence[Case]) -> None:
    """The index of cases: what each pins, where it applies, and its level; a table on a terminal,
    tab-separated lines otherwise."""
    rows = [(c.id, c.game, c.kind, str(c.data["level"]), " ".join(c.profiles) or "(all)", " ".join(c.rules))
            for c in cases]
    if not console.is_terminal:
        for row in rows:
            console.print("\t".join(row), markup=False)
        return
    table = Table(title=f"{len(cases)} cases")
    for column in ("id", "game", "kind", "level", "profiles", "rules"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*row)
    console.print(table)

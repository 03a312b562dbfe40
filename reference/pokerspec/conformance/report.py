"""What a run reports (docs/engine-authors/running.md): each failure as it happens, a readable
summary by game and by rule ID ending with one line that says what to do next, a JSON-lines
file (expected, actual and verdict kept apart) and JUnit XML for CI systems. Every report names
the package, suite and protocol versions (``pokerspec.versions``), so two runs can be compared."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pokerspec import __version__, ruletext
from pokerspec.conformance.cases import Case
from pokerspec.conformance.grading import Result, Verdict
from pokerspec.conformance.runner import Planned, Report, Run
from pokerspec.core.game import Json
from pokerspec.outputs import write_text
from pokerspec.versions import protocol_version, suite_label, suite_record

VERDICTS = (Verdict.PASS, Verdict.FAIL, Verdict.ERROR, Verdict.SKIP)
STYLE = {Verdict.PASS: "green", Verdict.FAIL: "red", Verdict.ERROR: "magenta", Verdict.SKIP: "yellow"}


def label(result: Result) -> str:
    """``case-id`` or ``case-id [profile]``."""
    return result.case if result.profile is None else f"{result.case} [{result.profile}]"


def label_of(item: Planned) -> str:
    """``case-id`` or ``case-id [profile]``, for a case run not yet graded."""
    return item.case.id if item.profile is None else f"{item.case.id} [{item.profile}]"


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


FAILED = (Verdict.FAIL, Verdict.ERROR)

BY_RULE_NOTE = ("A failing case run counts only under the rule of its first failing step (its suspect); "
                "a passing or skipped one under every rule the case lists.")


def suspects(report: Report) -> list[tuple[str, int, int]]:
    """(rule, failing cases, failing case runs) for every rule behind a first failure: the rule
    behind the most failing cases first (a case failing under several profiles counts once), then
    the most case runs, then by ID."""
    cases: dict[str, set[str]] = defaultdict(set)
    counts: Counter[str] = Counter()
    for run in report.runs:
        if run.result.verdict in FAILED and run.result.rule:
            cases[run.result.rule].add(run.result.case)
            counts[run.result.rule] += 1
    return sorted(((rule, len(cases[rule]), n) for rule, n in counts.items()),
                  key=lambda s: (-s[1], -s[2], s[0]))


def records(report: Report) -> Iterator[dict[str, Json]]:
    """The JSON-lines report: one ``run`` header, one ``case`` record per case run, one
    ``bad-case`` record per unusable case file, and a last ``suspects`` record."""
    yield {"record": "run", "pokerspec": __version__, "suite": report.suite,
           "suite_version": suite_record().name(report.suite), "protocol": report.hello.protocol,
           "runner_protocol": protocol_version(), "engine": report.hello.to_json(),
           "seconds": round(report.seconds, 6), "ok": report.ok,
           "counts": {v.value: report.count(v) for v in VERDICTS}, "bad_cases": len(report.bad),
           "planned": report.planned, "interrupted": report.interrupted or None,
           "nothing_tested": report.nothing_tested, "require": list(report.require),
           "unmet": dict(report.unmet())}
    for run in report.runs:
        r = run.result
        yield {"record": "case", "case": r.case, "title": run.case.title, "game": run.case.game,
               "profile": r.profile, "rules": list(r.rules), "rule": r.rule,
               "rule_title": ruletext.title(r.rule, report.language) if r.rule else None,
               "level": "required" if r.required else "optional", "path": run.case.where,
               "verdict": r.verdict.value, "step": r.step,
               "message": r.message, "expected": r.expected, "actual": r.actual,
               "stderr_tail": r.stderr_tail}
    for bad in report.bad:
        yield {"record": "bad-case", "path": bad.where, "field": bad.field, "message": bad.message,
               "verdict": Verdict.ERROR.value}
    yield {"record": "suspects", "language": report.language,
           "suspects": [{"rule": rule, "title": ruletext.title(rule, report.language), "cases": cases,
                         "failures": count} for rule, cases, count in suspects(report)]}


def write_jsonl(path: Path, report: Report) -> None:
    write_text(path, "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records(report)))


def junit(report: Report) -> ET.ElementTree:
    """One test suite per game (plus ``case-files`` for bad files), one test case per case run."""
    root = ET.Element("testsuites", name=_xml(f"pokerspec {__version__} conformance, suite "
                      f"{suite_label(report.suite)}: {report.hello.name} {report.hello.version}"),
                      time=f"{report.seconds:.3f}")
    properties = {"pokerspec.version": __version__, "suite.version": suite_record().name(report.suite) or "",
                  "suite.hash": report.suite, "protocol": report.hello.protocol}
    by_game: dict[str, list[Run]] = defaultdict(list)
    for run in report.runs:
        by_game[run.case.game].append(run)
    for game, runs in sorted(by_game.items()):
        counts = Counter(r.result.verdict for r in runs)
        suite = ET.SubElement(root, "testsuite", name=game, tests=str(len(runs)),
                              failures=str(counts[Verdict.FAIL]), errors=str(counts[Verdict.ERROR]),
                              skipped=str(counts[Verdict.SKIP]))
        _properties(suite, properties)
        for run in runs:
            r = run.result
            case = ET.SubElement(suite, "testcase", classname=f"pokerspec.{game}", name=_xml(label(r)),
                                 file=run.case.where)
            text = (f"rule: {r.rule}\nrules: {', '.join(r.rules)}\nexpected: {json.dumps(r.expected)}\n"
                    f"actual: {json.dumps(r.actual)}")
            if r.verdict is Verdict.FAIL:
                ET.SubElement(case, "failure", message=_xml(f"{where(r, _steps(run))}: {r.message}")).text = \
                    _xml(text)
            elif r.verdict is Verdict.ERROR:
                ET.SubElement(case, "error", message=_xml(r.message)).text = _xml(r.stderr_tail or text)
            elif r.verdict is Verdict.SKIP:
                ET.SubElement(case, "skipped", message=_xml(r.message))
    if report.bad:
        suite = ET.SubElement(root, "testsuite", name="case-files", tests=str(len(report.bad)),
                              failures="0", errors=str(len(report.bad)), skipped="0")
        _properties(suite, properties)
        for bad in report.bad:
            case = ET.SubElement(suite, "testcase", classname="pokerspec.case-files", name=_xml(bad.where))
            ET.SubElement(case, "error", message=_xml(f"{bad.field or '(file)'}: {bad.message}"))
    return ET.ElementTree(root)


def _properties(suite: ET.Element, properties: dict[str, str]) -> None:
    """The versions as a test suite's JUnit ``properties`` (read by CI systems)."""
    holder = ET.SubElement(suite, "properties")
    for name, value in properties.items():
        ET.SubElement(holder, "property", name=name, value=_xml(value))


def write_junit(path: Path, report: Report) -> None:
    tree = junit(report)
    ET.indent(tree)
    root = tree.getroot()
    assert root is not None
    write_text(path, ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n")


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""What XML 1.0 cannot hold: control characters (an engine's ANSI colours), surrogates, U+FFFE/F."""


def _xml(text: str) -> str:
    """``text`` as XML can hold it: each character XML 1.0 forbids shown as ``\\xNN``."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _counts_row(name: str, counts: Counter[Verdict]) -> list[str]:
    return [name, *(f"[{STYLE[v]}]{counts[v]}[/]" if counts[v] and v is not Verdict.PASS else str(counts[v])
                     for v in VERDICTS)]


def _table(title: str, first: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(first)
    for v in VERDICTS:
        table.add_column(v.value, justify="right")
    return table


def failure(run: Run, language: str = "en") -> list[Text]:
    """A failed or errored case run, as printed the moment it happens: the verdict, the case ID
    and profile, where it diverged, the title and file, the rule of the first failing step with
    its title and the command that prints it, the case's rules, then the details. Nothing in it
    is read as markup: ``[archie-barge]`` is printed as written."""
    r = run.result
    level = "" if r.required else " (optional)"
    lines = [
        Text.assemble((r.verdict.value.upper(), STYLE[r.verdict]),
                      f" {label(r)}{level} at {where(r, _steps(run))} — {run.case.title} ({run.case.where})"),
        *([Text(f"  rule: {ruletext.named(r.rule, language)}")] if r.rule else []),
        Text(f"  rules: {', '.join(r.rules)}"),
        Text(f"  {r.message}"),
    ]
    if r.verdict is Verdict.FAIL:
        lines += [Text(f"  expected: {json.dumps(r.expected)}"), Text(f"  actual:   {json.dumps(r.actual)}")]
    if r.stderr_tail:
        tail = "\n    ".join(r.stderr_tail.strip().splitlines()[-8:])
        lines.append(Text(f"  stderr:\n    {tail}"))
    return lines


def summary(console: Console, report: Report, tables: bool = True) -> None:
    """Counts by game and by rule ID, why cases were skipped, every bad case file, what
    ``--require`` found missing, and the last line: the verdict, the totals and what to do next.
    (Failures are printed as they happen: ``failure``.)"""
    games: dict[str, Counter[Verdict]] = defaultdict(Counter)
    rules: dict[str, Counter[Verdict]] = defaultdict(Counter)
    for run in report.runs:
        verdict = run.result.verdict
        games[run.case.game][verdict] += 1
        failed = verdict in FAILED and run.result.rule
        for rule in [run.result.rule] if failed else run.result.rules:
            rules[str(rule)][verdict] += 1
    if tables and report.runs:
        table = _table("By game", "game")
        for game, counts in sorted(games.items()):
            table.add_row(*_counts_row(game, counts))
        console.print(table)
        table = _table("By rule", "rule")
        for rule, counts in sorted(rules.items()):
            table.add_row(*_counts_row(rule, counts))
        console.print(table)
        console.print(Text(BY_RULE_NOTE))
    skipped = [run.result.message for run in report.runs if run.result.verdict is Verdict.SKIP]
    if skipped:
        console.print(Text.assemble(("SKIP", "yellow"), f" {runs(len(skipped))} in all, by reason (a case "
                                    "run lacking two capabilities counts under each):"))
    for reason, count in sorted(skip_reasons(skipped).items(), key=lambda kv: (-kv[1], kv[0])):
        console.print(Text.assemble(("SKIP", "yellow"), f" {runs(count)}: {reason}"))
    for bad in report.bad:
        console.print(Text.assemble(("BAD CASE FILE", "red"),
                                    f" {bad.where}: {bad.field or '(file)'}: {bad.message}"))
    for need, count in report.unmet().items():
        console.print(Text.assemble(("REQUIRED BUT SKIPPED", "red"), f" {need}: {runs(count)} skipped"))
    ranked = suspects(report)
    if ranked:
        console.print(Text.assemble(("SUSPECTS", "red"), " the rules behind the first failing step of the "
                                    "failing cases, the rule behind the most cases first:"))
        for place, (rule, cases, count) in enumerate(ranked, start=1):
            console.print(Text(f"  {place}. {ruletext.named(rule, report.language)}: "
                               f"{runs(cases, 'failing case')} ({runs(count)})"))
    console.print(last_line(report))


LACKS = "engine lacks "


def skip_reasons(messages: Sequence[str]) -> Counter[str]:
    """Skips by reason, one reason a missing capability (``engine lacks observe:drawn``), so that a
    capability's count is the one ``--require`` reports for it."""
    counted: Counter[str] = Counter()
    for message in messages:
        if message.startswith(LACKS):
            counted.update(LACKS + need for need in message.removeprefix(LACKS).split(", "))
        else:
            counted[message] += 1
    return counted


def runs(count: int, what: str = "case run") -> str:
    return f"{count} {what}{'s' if count != 1 else ''}"


def last_line(report: Report) -> Text:
    """The verdict, the totals, the versions, and what to do next."""
    hello = report.hello
    total = len(report.runs)
    rate = total / report.seconds if report.seconds > 0 else 0.0
    done = f"{total} of {report.planned}" if report.interrupted else str(total)
    cases = len({r.case.id for r in report.runs})
    facts = (f" {hello.name} {hello.version}: {done} case runs of {cases} cases (a case runs once per "
             f"profile it lists): {_tally(report)}; {len(report.bad)} bad case files,"
             f" {report.seconds:.2f} s, {rate:,.0f} cases/s; {_versions(report)}")
    head, style, advice = verdict(report)
    return Text.assemble((head, style), f"{facts} — {advice}")


def _tally(report: Report) -> str:
    return ", ".join(f"{report.count(v)} {v.value}" for v in VERDICTS)


def _versions(report: Report) -> str:
    return f"pokerspec {__version__}, suite {suite_label(report.suite)}, protocol {report.hello.protocol}"


def verdict(report: Report) -> tuple[str, str, str]:
    """The run's verdict (OK, FAILED, NOTHING TESTED, INTERRUPTED), its colour and what to do next."""
    failed = [r.result for r in report.runs
              if r.result.verdict in (Verdict.FAIL, Verdict.ERROR) and r.result.required]
    if report.interrupted:
        return "INTERRUPTED", "red", f"stopped by {report.interrupted}; run again to grade the rest"
    if failed:
        again = f"--case {failed[0].case}" + (f" --profile {failed[0].profile}" if failed[0].profile else "")
        return "FAILED", "red", (f"{runs(len(failed), 'required case run')} did not pass; start with the "
                                 f"first above, alone: {again}")
    if report.bad:
        return "FAILED", "red", "fix the bad case files listed above (the file, the field and what is wrong)"
    if report.nothing_tested:
        return "NOTHING TESTED", "red", ("every case run was skipped: list what the engine supports in its "
                                         "start reply (games, profiles, capabilities: "
                                         "docs/engine-authors/protocol.md)")
    if report.unmet():
        return "FAILED", "red", (f"--require {' '.join(report.unmet())} was not met: the engine does not "
                                 "offer it (the SKIP lines say why)")
    skipped = report.count(Verdict.SKIP)
    return "OK", "green", ("every required case passed" if not skipped else
                           f"every case the engine supports passed; {skipped} skipped (the SKIP lines say "
                           "why; --require CAPABILITY makes such a skip fail the run)")


MARKDOWN_FAILURES = 30
"""The most failing case runs the Markdown summary lists (the reports list them all)."""


def _cell(text: str) -> str:
    """``text`` as one Markdown table cell: pipes escaped, lines joined, at most 200 characters."""
    flat = " ".join(_xml(text).split()).replace("|", "\\|")
    return flat if len(flat) <= 200 else flat[:199] + "…"


def markdown(report: Report) -> str:
    """The run in Markdown, for a CI step summary (``--summary-md``): the verdict and the
    versions, the counts by game, and the failing case runs with their rules and first difference."""
    head, _, advice = verdict(report)
    hello = report.hello
    lines = [f"## pokerspec conformance: {head} — {_cell(hello.name)} {_cell(hello.version)}", "",
             f"{_versions(report)}; {len(report.runs)} case runs ({_tally(report)}), {len(report.bad)} bad "
             f"case files, {report.seconds:.2f} s.", "", f"{head}: {_cell(advice)}", "",
             "| game | " + " | ".join(v.value for v in VERDICTS) + " |", "|---" * (len(VERDICTS) + 1) + "|"]
    games: dict[str, Counter[Verdict]] = defaultdict(Counter)
    for run in report.runs:
        games[run.case.game][run.result.verdict] += 1
    lines += [f"| {game} | " + " | ".join(str(counts[v]) for v in VERDICTS) + " |"
              for game, counts in sorted(games.items())]
    failed = [run for run in report.runs if run.result.verdict in (Verdict.FAIL, Verdict.ERROR)]
    shown, more = failed[:MARKDOWN_FAILURES], len(failed) - MARKDOWN_FAILURES
    if failed:
        lines += ["", f"### Failing case runs ({len(failed)})", "", "| case | rules | where | what differs |",
                  "|---|---|---|---|"]
        lines += [f"| {_cell(label(r.result))} | {_cell(' '.join(r.result.rules))} | "
                  f"{where(r.result, _steps(r))} | {_cell(r.result.message)} |" for r in shown]
        if more > 0:
            lines.append(f"\n… and {more} more (the JSON-lines report lists every one)")
    if report.bad:
        lines += ["", f"### Bad case files ({len(report.bad)})", ""]
        lines += [f"- `{_cell(b.where)}`: {_cell(b.field or '(file)')}: {_cell(b.message)}"
                  for b in report.bad]
    return "\n".join(lines) + "\n"


def badge(report: Report) -> dict[str, Json]:
    """A shields.io endpoint badge (``--badge``): ``passed/graded`` case runs, green when the run
    is OK with nothing skipped, yellow when OK with skips, red otherwise."""
    head, _, _ = verdict(report)
    graded = len(report.runs) - report.count(Verdict.SKIP)
    skipped = report.count(Verdict.SKIP)
    message = f"{report.count(Verdict.PASS)}/{graded} passed" + (f", {skipped} skipped" if skipped else "")
    if head != "OK":
        message = f"{head.lower()}: {message}"
    color = "red" if head != "OK" else "yellow" if skipped else "brightgreen"
    name = suite_record().name(report.suite)
    return {"schemaVersion": 1, "label": f"pokerspec suite {name}" if name else "pokerspec suite",
            "message": message, "color": color}


def write_markdown(path: Path, report: Report) -> None:
    write_text(path, markdown(report))


def write_badge(path: Path, report: Report) -> None:
    write_text(path, json.dumps(badge(report)) + "\n")


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

"""``pokerspec compliance``: run real third-party engines through the conformance suite and write
the published compliance table (docs/engines/compliance.md).

Every engine is reached through an adapter under ``conformance/adapters/`` and graded by the
same runner as any engine: per rule ID, how many cases pass, fail, error or are skipped because
the engine does not offer the capability, and for each deviation the case, the first step where
the engine parted from the spec, and the rule it breaks: the rule of a known genuine rule
difference whose symptom the failure shows (named as such), else the first rule the case pins.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.grading import Result, Verdict
from pokerspec.conformance.protocol import EngineFailure, handshake
from pokerspec.conformance.report import VERDICTS, label, where
from pokerspec.conformance.runner import Report, Selection, plan, run
from pokerspec.resources import source_checkout

ROOT = source_checkout() or Path.cwd()
"""The repository whose adapters run and whose compliance page is written."""
ADAPTERS = ROOT / "conformance" / "adapters"
ENGINES: dict[str, str] = {
    "reference": "reference",
    "pokerkit": f"python:{ADAPTERS / 'pokerkit_engine.py'}:PokerKit",
    "treys": f"python:{ADAPTERS / 'evaluators.py'}:Treys",
    "eval7": f"python:{ADAPTERS / 'evaluators.py'}:Eval7",
    "phevaluator": f"python:{ADAPTERS / 'evaluators.py'}:PHEvaluator",
}
"""The engines in the published table, by name, with their ``--impl`` value."""

OUT = ROOT / "docs" / "engines" / "compliance.md"

@dataclass(frozen=True, slots=True)
class Difference:
    """A known genuine rule difference of one engine (it follows another rule; not a bug): the
    rule it plays differently, a pattern that recognises the symptom in a failure's message and
    expected value, and what the engine does instead. Each was found by running the engine."""

    engine: str
    rule: str
    symptom: str
    text: str


DIFFERENCES = (
    Difference("pokerkit", "stud.showdown.muck", r"unexpected \['p\d+ mu'\]",
               "PokerKit lets a player muck at his turn to show even when no better hand has been shown."),
    Difference("pokerkit", "stud.allin.runout", r"phase: expected 'over', got 'showdown'",
               "PokerKit asks each player to show or muck even when nobody can bet any more; the spec "
               "exposes every hand at once."),
    Difference("pokerkit", "stud.allin.reopen", r"legal /actions: missing \['p\d+ cbr",
               "PokerKit never lets an all-in raise of less than a full bet reopen the betting; the spec "
               "reopens it from half a bet (STUD-8)."),
    Difference("pokerkit", "stud.showdown.order", r'legal /to_act: .* sm"',
               "PokerKit's showdown starts with the last bettor or raiser of the final round (as in the "
               "profile stud-last-aggressor), not with the best board."),
    Difference("pokerkit", "stud.streets.first-actor", r'legal /to_act: (?!.* sm")',
               "When the best board is all-in, PokerKit lets the next seat after it open; the spec lets "
               "the best board among the players who can still bet open."),
    Difference("pokerkit", "stud.runout.common", r"/common: |/stub: ",
               "When the stub runs short PokerKit reshuffles the burnt and mucked cards into it (at "
               "random) instead of turning one common card."),
    Difference("pokerkit", "stud.showdown.odd-chip", r"/shares/",
               "PokerKit gives the odd chip of a split pot to the tied player nearest the button's left "
               "(its lowest player index), not to the tied player who showed first."),
    Difference("pokerkit", "stud.showdown.uncontested", r'/pots\[\d+\]/amount: .*"returned"',
               "PokerKit hands an uncalled bet back to the bettor before it pushes the pot, so the pot "
               "taken uncontested is smaller by that bet (the player's net result is the same)."),
    Difference("pokerkit", "stud.bringin.short", r'unexpected \[\'p\d+ cbr \d+\'\].*"p\d+ pb ',
               "PokerKit lets a player with fewer chips than the bring-in complete for what he has as "
               "well as post it."),
)
"""Known genuine rule differences; a deviation whose message matches a symptom is attributed to
that rule and named as a rule difference."""


def explain(engine: str, result: Result) -> Difference | None:
    """The known rule difference behind a failure (not an error), if its symptom matches."""
    if result.verdict is not Verdict.FAIL:
        return None
    evidence = f"{result.message} {json.dumps(result.expected)}"
    for d in DIFFERENCES:
        if d.engine == engine and re.search(d.symptom, evidence):
            return d
    return None


@dataclass(frozen=True, slots=True)
class EngineRun:
    """One engine's run over the whole suite, or why it could not run."""

    name: str
    report: Report | None
    problem: str = ""


def run_engine(name: str, impl: str) -> EngineRun:
    """Grade ``impl`` on every case in the suite; an engine that cannot be opened is reported."""
    cases, bad = load_cases([VECTORS])
    try:
        engine = open_engine(impl)
    except (ImportError, ValueError, OSError) as exc:
        return EngineRun(name, None, f"not available: {exc}")
    try:
        hello = handshake(engine)
        return EngineRun(name, run(engine, hello, plan(cases, Selection()), bad))
    except EngineFailure as exc:
        return EngineRun(name, None, f"handshake failed: {exc}")
    finally:
        engine.close()


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(runs: Sequence[EngineRun]) -> str:
    """The compliance page in Markdown."""
    lines = [
        "# Third-party engines against the suite",
        "",
        "Generated by `pokerspec compliance` from real runs of each engine's adapter",
        "(`conformance/adapters/`) over every case in `conformance/vectors/`; do not edit by hand.",
        "A case is *skipped* when the engine does not offer the capability it needs (for example a",
        "hand evaluator has no betting), never failed for it.",
        "",
        "| engine | version | pass | fail | error | skip |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for er in runs:
        if er.report is None:
            lines.append(f"| {er.name} | {_cell(er.problem)} | | | | |")
            continue
        counts = [str(er.report.count(v)) for v in VERDICTS]
        lines.append(f"| {er.name} | {er.report.hello.version} | {' | '.join(counts)} |")
    lines += ["", "Known genuine rule differences (the engine follows another rule; not a bug). A deviation",
              "that shows one of these symptoms is attributed to that rule and marked **rule difference**:",
              ""]
    lines += [f"- {d.engine}, `{d.rule}`: {d.text}" for d in DIFFERENCES]
    for er in runs:
        if er.report is not None:
            lines += ["", *_engine_section(er.name, er.report)]
    return "\n".join(lines) + "\n"


def _engine_section(name: str, report: Report) -> list[str]:
    hello = report.hello
    by_rule: dict[str, Counter[Verdict]] = defaultdict(Counter)
    for r in report.runs:
        for rule in r.result.rules:
            by_rule[rule][r.result.verdict] += 1
    caps = ", ".join(f"`{c}`" for c in sorted(hello.capabilities)) or "none"
    lines = [f"## {name}", "", f"Engine `{hello.name}` {hello.version}; capabilities: {caps}.", "",
             "| rule | pass | fail | error | skip |", "|---|---:|---:|---:|---:|"]
    for rule in sorted(by_rule):
        counts = by_rule[rule]
        if sum(counts[v] for v in VERDICTS[:3]) == 0:
            continue
        lines.append(f"| `{rule}` | {' | '.join(str(counts[v]) for v in VERDICTS)} |")
    skipped = sorted(rule for rule, counts in by_rule.items() if counts[Verdict.SKIP] == sum(counts.values()))
    if skipped:
        lines += ["", f"Not exercised (every case skipped): {len(skipped)} rules."]
    deviations = [r for r in report.runs if r.result.verdict in (Verdict.FAIL, Verdict.ERROR)]
    lines += ["", "### Deviations", ""]
    if not deviations:
        lines.append("None: every case the engine could run passed.")
        return lines
    lines += ["| case | verdict | first diverging step | rule it breaks | what happened |",
              "|---|---|---|---|---|"]
    for r in deviations:
        res = r.result
        steps = r.case.data.get("steps", [])
        at = where(res, len(steps) if isinstance(steps, list) else 0)
        what = _cell(res.message[:300])
        known = explain(name, res)
        if known is not None:
            rule = f"`{known.rule}`"
            what = f"**Rule difference:** {_cell(known.text)} Here: {what}"
        else:
            rule = f"`{res.rules[0]}`" if res.rules else ""
        lines.append(f"| `{label(res)}` | {res.verdict.value} | {at} | {rule} | {what} |")
    return lines


def handler(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=True)
    names: list[str] = args.engine or list(ENGINES)
    unknown = [n for n in names if n not in ENGINES]
    if unknown:
        console.print(f"[red]unknown engine {', '.join(unknown)}[/]; known: {', '.join(ENGINES)}")
        return 2
    runs = []
    for name in names:
        er = run_engine(name, ENGINES[name])
        if er.report is None:
            console.print(f"{name}: {er.problem}")
        else:
            counts = ", ".join(f"{er.report.count(v)} {v.value}" for v in VERDICTS)
            console.print(f"{name} {er.report.hello.version}: {counts} ({er.report.seconds:.2f} s)")
        runs.append(er)
    text = render(runs)
    out: Path = args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    console.print(f"wrote {out}")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    """Add ``name`` (``compliance``) to the ``pokerspec`` command."""
    p = subparsers.add_parser(name, help="grade real third-party engines and write the compliance table",
                              description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", action="append", choices=sorted(ENGINES),
                   help="only this engine (repeatable; default: all)")
    p.add_argument("--out", type=Path, default=OUT, help=f"where to write the page (default {OUT})")
    p.set_defaults(handler=handler)

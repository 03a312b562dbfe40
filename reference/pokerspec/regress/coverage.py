"""``pokerspec coverage``: for every normative rule, what pins it against its misreadings.

    pokerspec coverage [--chapter CHAPTER] [--json] [--markdown]

A rule is *reached* by the cases that list it and by the perft positions whose walks reach it
(``conformance/perft/tables.json``). Its *misreadings* are the mutants of
``pokerspec.regress.mutants`` that break it, each killed by the cases, by the perft tables, or
by neither (``conformance/misreadings/killed.json``, written by ``--record`` there). Only those
language-neutral artefacts count, never a Python unit test. A rule is:

- ``pinned``: it has at least one misreading and every one of them is killed;
- ``waived``: no wrong implementation can misread it in play, for the reason kept in
  ``conformance/misreadings/waived.json``;
- ``reached only``: cases or positions reach it, but a misreading of it is missing or alive;
- ``unreached``: nothing reaches it.

docs/maintainers/coverage.md is the ``--markdown`` output; the site shows the same report beside
each rule and in a table per chapter (``docs/hooks/pokersite/coverage.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from pokerspec.cli import UsageError
from pokerspec.core.game import Json
from pokerspec.core.types import RuleId
from pokerspec.perft.positions import TABLES
from pokerspec.regress.mutants import MUTANTS, RECORD, WAIVED, recorded, waived
from pokerspec.resources import source_checkout
from pokerspec.rules import CHAPTERS
from pokerspec.traceability import collect

STATUSES = ("pinned", "waived", "reached only", "unreached")


@dataclass(frozen=True, slots=True)
class Misreading:
    """One mutant of a rule and the first case and perft position that kill it (None: neither)."""

    name: str
    wrong: str
    case: str | None
    perft: str | None

    @property
    def killed_by(self) -> tuple[str, ...]:
        return (("cases",) if self.case else ()) + (("perft",) if self.perft else ())


@dataclass(frozen=True, slots=True)
class RuleCoverage:
    """Everything that reaches or pins one rule."""

    rule: RuleId
    title: str
    page: str
    cases: tuple[str, ...]
    positions: tuple[str, ...]
    misreadings: tuple[Misreading, ...]
    waiver: str | None

    @property
    def status(self) -> str:
        if self.misreadings and all(m.killed_by for m in self.misreadings):
            return "pinned"
        if self.waiver and not self.misreadings:
            return "waived"
        return "reached only" if self.cases or self.positions else "unreached"

    def to_json(self) -> dict[str, Json]:
        return {"rule": self.rule, "title": self.title, "page": self.page, "status": self.status,
                "cases": list(self.cases), "positions": list(self.positions),
                "misreadings": [{"name": m.name, "wrong": m.wrong, "killed_by": list(m.killed_by),
                                 "case": m.case, "perft": m.perft} for m in self.misreadings],
                "waiver": self.waiver}


def report() -> list[RuleCoverage]:
    """Every rule of the English spec, in spec order (needs a source checkout)."""
    root = source_checkout()
    if root is None:
        raise UsageError("`pokerspec coverage` reads a source checkout (the spec, the mutants' record): "
                         "run it in a clone")
    trace = collect(root)
    tables = json.loads(TABLES.read_text(encoding="utf-8"))
    by_position: dict[str, list[str]] = tables["coverage"]["by_position"]
    try:
        kills, reasons = recorded(), waived()
    except (OSError, ValueError, KeyError) as exc:
        raise UsageError(f"cannot read {RECORD} or {WAIVED} ({exc}); "
                         "python -m pokerspec.regress.mutants --record writes the first") from None
    out: list[RuleCoverage] = []
    for rule in trace.rules.values():
        misreadings = tuple(
            Misreading(m.name, m.wrong, kills.get(m.name, {}).get("case"), kills.get(m.name, {}).get("perft"))
            for m in MUTANTS if m.rule == rule.id)
        out.append(RuleCoverage(
            rule.id, rule.title, rule.page, tuple(dict.fromkeys(c.case for c in rule.cases)),
            tuple(name for name, rules in by_position.items() if rule.id in rules),
            misreadings, reasons.get(rule.id)))
    return out


def problems(rules: Sequence[RuleCoverage]) -> list[str]:
    """What keeps the coverage from telling the truth: a misreading whose record is missing, a
    live misreading, a waived rule that has misreadings, a waiver of a rule the spec lacks."""
    known = set(recorded())
    out = [f"{m.name}: not in {RECORD}; run python -m pokerspec.regress.mutants --record"
           for m in MUTANTS if m.name not in known]
    for r in rules:
        out += [f"{r.rule}: misreading {m.name} ({m.wrong}) is killed by no case and no perft table"
                for m in r.misreadings if not m.killed_by]
        if r.waiver and r.misreadings:
            out.append(f"{r.rule}: waived in {WAIVED} but it has misreadings")
    spec = {r.rule for r in rules}
    out += [f"{rule}: waived in {WAIVED} but not a rule of the spec" for rule in waived() if rule not in spec]
    return out


def _cell(items: Sequence[str], shown: int = 3) -> str:
    if not items:
        return "-"
    more = f" and {len(items) - shown} more" if len(items) > shown else ""
    return ", ".join(f"`{i}`" for i in items[:shown]) + more


def markdown(rules: Sequence[RuleCoverage]) -> str:
    """docs/maintainers/coverage.md: a summary, then a table per chapter."""
    count = {s: sum(r.status == s for r in rules) for s in STATUSES}
    lines = [
        "# Rule coverage",
        "",
        "Generated by `pokerspec coverage --markdown` (do not edit by hand; a test regenerates it and",
        "fails on any difference). For every normative rule: the cases that list it, the perft",
        "positions whose walks reach it, its misreadings (the mutants of",
        "`pokerspec.regress.mutants`, each a plausible wrong implementation of the rule, see",
        "[the mutation check](mutants.md)) and which language-neutral artefact kills each: the cases",
        "or the published perft tables, never a Python unit test. A rule is **pinned** when it has a",
        "misreading and every one is killed, **waived** when no wrong implementation can misread it",
        "in play (the reason is in `conformance/misreadings/waived.json`), **reached only** when",
        "cases or positions reach it but a misreading is missing or alive, **unreached** otherwise.",
        "The site shows the same report beside each rule of the chapters and in a table on each",
        "chapter's first page (see [the regression guide](regression.md#what-pins-each-rule)).",
        "",
        f"**{len(rules)} rules: " + ", ".join(f"{count[s]} {s}" for s in STATUSES) + ".**",
        "",
    ]
    for chapter in CHAPTERS:
        mine = [r for r in rules if r.rule.split(".")[0] == chapter]
        if not mine:
            continue
        lines += [f"## {chapter}", "",
                  "| rule | status | cases | perft positions | misreadings (killed by) |",
                  "|---|---|---|---|---|"]
        for r in mine:
            reads = "; ".join(f"`{m.name}` ({', '.join(m.killed_by) or '**alive**'})" for m in r.misreadings)
            if r.waiver:
                reads = reads or f"waived: {r.waiver}"
            lines.append(f"| `{r.rule}` | {r.status} | {_cell(r.cases)} | {_cell(r.positions)} "
                         f"| {reads or '-'} |")
        lines.append("")
    return "\n".join(lines)


def handler(args: argparse.Namespace) -> int:
    everything = report()
    rules = [r for r in everything if args.chapter in (None, r.rule.split(".")[0])]
    if args.markdown:
        print(markdown(rules), end="")
    elif args.json:
        print(json.dumps([r.to_json() for r in rules], indent=2, ensure_ascii=False))
    else:
        for r in rules:
            print(f"{r.rule:34} {r.status:13} {len(r.cases):3} cases {len(r.positions):3} positions")
            for m in r.misreadings:
                print(f"    misreading {m.name}: {m.wrong}; killed by "
                      + (", ".join(f"{k} ({m.case if k == 'cases' else m.perft})" for k in m.killed_by)
                         or "NOTHING"))
            if r.waiver:
                print(f"    waived: {r.waiver}")
        count = {s: sum(r.status == s for r in rules) for s in STATUSES}
        print(f"{len(rules)} rules: " + ", ".join(f"{count[s]} {s}" for s in STATUSES))
    found = problems(everything)
    for p in found:
        print(f"pokerspec coverage: {p}", file=sys.stderr)
    return 1 if found else 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = subparsers.add_parser(name, help="every rule's cases, perft positions, misreadings and status",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chapter", choices=CHAPTERS, help="only this chapter's rules")
    parser.add_argument("--json", action="store_true", help="print JSON for tools")
    parser.add_argument("--markdown", action="store_true", help="print docs/maintainers/coverage.md")
    parser.set_defaults(handler=handler)

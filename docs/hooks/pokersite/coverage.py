"""What pins each rule, on the spec pages: beside every rule its status, its misreadings (the
mutants that break it, each with what it gets wrong and the artefact that catches it) or the
reason it is waived; on each chapter's first page a table of the chapter's rules. The figures are
``pokerspec coverage``'s own (``pokerspec.regress.coverage.report``, read once per build into
``Site.coverage``); the sentence of what a misreading gets wrong and a waiver's reason are kept in
English only, and marked so on the translated pages."""

from __future__ import annotations

from html import escape

from pokerspec.core.types import RuleId
from pokerspec.regress.coverage import STATUSES, Misreading, RuleCoverage

from .model import Site
from .paths import case_page, link
from .words import Words

COVERAGE_CLASS = "ps-coverage"
"""The class of a rule's coverage panel and of a chapter's table."""
ADMONITION = {"pinned": "success", "waived": "info", "reached only": "warning", "unreached": "failure"}
"""The admonition (its colour and icon) of each status."""
TABLE_ANCHOR = "coverage"
"""The anchor of a chapter's table on its first page."""
PERFT_TABLES = ("spec/core/09-perft.md", "core.perft.tables")


def status_name(status: str, words: Words) -> str:
    return words("status_" + status.replace(" ", "_"))


def means(status: str, words: Words) -> str:
    """What a status says of a rule, in a sentence."""
    return words("means_" + status.replace(" ", "_"))


def killed(rule: RuleCoverage) -> int:
    return sum(1 for m in rule.misreadings if m.killed_by)


def counts(rule: RuleCoverage, words: Words) -> str:
    """How many cases and perft positions reach the rule, and how many of its misreadings are caught."""
    reach = words("coverage_reach", cases=len(rule.cases), positions=len(rule.positions))
    if not rule.misreadings:
        return reach
    return reach + " · " + words("coverage_caught", killed=killed(rule), total=len(rule.misreadings))


def caught(site: Site, page: str, m: Misreading, words: Words) -> str:
    """Which artefacts catch a misreading, each with the first case or position that fails on it
    (the case linked to its page when the site has it)."""
    found = []
    if m.case:
        case = next((c for c in site.cases if c.id == m.case), None)
        named = f"[{m.case}]({link(page, case_page(case, site.vectors), m.case)})" if case else m.case
        found.append(words("caught_by_cases", case=named))
    if m.perft:
        tables = link(page, *PERFT_TABLES)
        found.append(words("caught_by_perft", position=f"[`{m.perft}`]({tables})"))
    return " · ".join(found) or f"**{words('caught_by_nothing')}**"


def coverage_panel(site: Site, page: str, rule: RuleId, words: Words) -> list[str]:
    """The collapsible panel of a rule's coverage: its status in the title; inside, what the status
    means, the counts, and each misreading or the reason the rule is waived."""
    found = site.coverage[rule]
    title = words("coverage", status=status_name(found.status, words)).replace('"', "'")
    table = link(page, f"spec/{rule.split('.')[0]}/index.md", TABLE_ANCHOR)
    lines = [f'??? {ADMONITION[found.status]} {COVERAGE_CLASS} "{title}"',
             f"    {means(found.status, words)}", "",
             f"    {counts(found, words)} · [{words('coverage_table')}]({table})", ""]
    if found.misreadings:
        lines += [f"    **{words('misreadings')} ({len(found.misreadings)})**", ""]
    for m in found.misreadings:
        wrong = words.english(escape(m.wrong, quote=False))
        lines.append(f"    - `{m.name}` — {words('gets_wrong')}{words('colon')}{wrong} — "
                     f"{caught(site, page, m, words)}")
    if found.waiver:
        reason = words.english(escape(found.waiver, quote=False))
        lines += ["", f"    **{words('waived_why')}**{words('colon')}{reason}"]
    return [*lines, ""]


def chapter_table(site: Site, page: str, chapter: str, words: Words) -> list[str]:
    """The section at the end of a chapter's first page: what each status means, then every rule
    of the chapter with its status and its counts of cases, perft positions and misreadings caught
    (kept out of the search index, like the panels)."""
    rules = [r for r in site.coverage.values() if r.rule.split(".")[0] == chapter]
    total = [words("coverage_total", n=len(rules))]
    total += [words("coverage_count", status=status_name(s, words), n=sum(r.status == s for r in rules))
              for s in STATUSES]
    lines = [f"## {words('coverage_table')} {{#{TABLE_ANCHOR}}}", "",
             f'<div class="{COVERAGE_CLASS}" markdown>', "", words("coverage_intro"), ""]
    lines += [f"- **{status_name(s, words)}**{words('colon')}{means(s, words)}" for s in STATUSES]
    lines += ["", " · ".join(total), "",
              f"| {words('rule')} | {words('status_col')} | {words('cases_col')} | {words('positions_col')} "
              f"| {words('caught_col')} |", "|---|---|---:|---:|---:|"]
    for r in rules:
        caught_of = f"{killed(r)} / {len(r.misreadings)}" if r.misreadings else "—"
        lines.append(f"| [`{r.rule}`]({link(page, r.page, r.rule)}) | {status_name(r.status, words)} "
                     f"| {len(r.cases)} | {len(r.positions)} | {caught_of} |")
    return [*lines, "", "</div>", ""]

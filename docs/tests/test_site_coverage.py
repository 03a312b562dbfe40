"""What pins each rule, on the built site, equal to ``pokerspec coverage``'s report: beside a pinned
rule and a waived rule, in every language, the coverage panel names the rule's status, its counts,
each misreading with what it gets wrong (marked as English on a translated page) and the case and
perft position that catch it, or the reason the rule is waived; on each chapter's first page, in
every language, the table has one row per rule of the chapter with its status and counts, and the
totals of each status. A figure the report no longer gives fails here."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from pokersite.check import built_page
from pokersite.coverage import ADMONITION, COVERAGE_CLASS, TABLE_ANCHOR, status_name
from pokersite.words import Words
from pokerspec.core.types import RuleId
from pokerspec.regress.coverage import STATUSES, RuleCoverage
from pokerspec.rules import CHAPTERS
from pokerspec.traceability import LANGUAGES

TAG = re.compile(r"<[^>]+>")
ENGLISH = re.compile(r'<span class="ps-en" lang="en"[^>]*>(.*?)</span>', re.DOTALL)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(TAG.sub("", html))).strip()


def english(html: str) -> list[str]:
    """The texts marked as English (and labelled so) on a translated page."""
    return [text(span) for span in ENGLISH.findall(html)]


def panel(site_dir: Path, rule: RuleCoverage, lang: str) -> str:
    """The HTML of the coverage panel after a rule's heading on its built page."""
    html = built_page(site_dir, rule.page, lang).read_text(encoding="utf-8")
    start = html.index(f'id="{rule.rule}"')
    opening = f'<details class="{ADMONITION[rule.status]} {COVERAGE_CLASS}">'
    at = html.find(opening, start)
    following = re.compile(r'<h[1-6] id="').search(html, start + 1)
    assert at > 0 and (following is None or at < following.start()), f"{lang}: no panel beside {rule.rule}"
    return html[at:html.index("</details>", at)]


@pytest.mark.parametrize("status", ["pinned", "waived"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_panel_beside_a_rule_is_the_report(site_dir: Path, covered: dict[str, RuleCoverage], status: str,
                                               lang: str) -> None:
    rule = covered[status]
    words = Words(lang)
    html = panel(site_dir, rule, lang)
    shown = text(html)
    name = status_name(status, words)
    summary = re.search(r"<summary>(.*?)</summary>", html)
    assert summary and summary[1] == words("coverage", status=name), html
    assert words("coverage_reach", cases=len(rule.cases), positions=len(rule.positions)) in shown, shown
    if rule.misreadings:
        killed = sum(1 for m in rule.misreadings if m.killed_by)
        assert words("coverage_caught", killed=killed, total=len(rule.misreadings)) in shown, shown
    for m in rule.misreadings:
        items = re.findall(r"<li>.*?</li>", html, re.DOTALL)
        item = next(li for li in items if f"<code>{m.name}</code>" in li)
        assert m.wrong in text(item) if lang == "en" else m.wrong in english(item), item
        assert m.case and f"#{m.case}" in item and m.perft and f"<code>{m.perft}</code>" in item, item
    assert status != "waived" or rule.waiver, f"{rule.rule} is waived without a reason"
    if rule.waiver:
        assert rule.waiver in shown if lang == "en" else rule.waiver in english(html), html


def table_rows(site_dir: Path, chapter: str, lang: str) -> tuple[str, list[list[str]]]:
    """The totals line and the rows (as text) of a chapter's coverage table."""
    html = built_page(site_dir, f"spec/{chapter}/index.md", lang).read_text(encoding="utf-8")
    start = html.index(f'<h2 id="{TABLE_ANCHOR}"')
    section = html[html.index(f'<div class="{COVERAGE_CLASS}">', start):]
    section = section[:section.index("</table>")]
    totals = text(re.findall(r"<p>(.*?)</p>", section, re.DOTALL)[-1])
    body = section[section.index("<tbody>"):]
    rows = [[text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.DOTALL)]
    return totals, rows


def caught(rule: RuleCoverage) -> str:
    """The table's last cell: misreadings caught of all, or a dash for a rule with none."""
    if not rule.misreadings:
        return "—"
    return f"{sum(1 for m in rule.misreadings if m.killed_by)} / {len(rule.misreadings)}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_each_chapter_tables_the_report(site_dir: Path, coverage: dict[RuleId, RuleCoverage], chapter: str,
                                        lang: str) -> None:
    words = Words(lang)
    mine = [r for r in coverage.values() if r.rule.split(".")[0] == chapter]
    totals, rows = table_rows(site_dir, chapter, lang)
    expected = [[r.rule, status_name(r.status, words), str(len(r.cases)), str(len(r.positions)), caught(r)]
                for r in mine]
    assert rows == expected
    counts = [words("coverage_total", n=len(mine))]
    counts += [words("coverage_count", status=status_name(s, words), n=sum(r.status == s for r in mine))
               for s in STATUSES]
    assert totals == " · ".join(counts).replace("**", "")

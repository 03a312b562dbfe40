"""The block beside every rule of a spec page: its anchor, the code that implements it, the cases
that pin it and its coverage (``coverage``), in the page's language. The block is kept out of the
search index (``search``)."""

from __future__ import annotations

from html import escape

from pokerspec.conformance.cases import Case
from pokerspec.core.types import RuleId
from pokerspec.traceability import read_headings

from .cases import render_case, title_plain
from .code import snippet
from .coverage import coverage_panel
from .model import Site
from .paths import TRACE_PAGE, case_page, code_page, link
from .viewer import viewer_link
from .words import Words

INLINE_CASES = 3
"""Cases shown in full beside a rule; the others are listed with a link to their page."""
PANEL_CLASS = "ps-rule"
"""The class of the block; the search index leaves out everything inside it."""


def indent(lines: list[str], by: int = 4) -> list[str]:
    pad = " " * by
    return [pad + line if line else "" for line in lines]


def case_in_panel(site: Site, page: str, case: Case, words: Words) -> list[str]:
    """One case inside a rule's block, as a collapsible hand (indented for the block). This is the
    one place that decides how a case shows beside a rule."""
    title, english = title_plain(case, words.lang)
    if english:
        heading = f"{case.id} — <span lang='en'>{escape(title, quote=False)}</span> ({words('english')})"
    else:
        heading = f"{case.id} — {words.prose(title)}"
    heading = heading.replace('"', "'")
    target = link(page, case_page(case, site.vectors), case.id)
    return [f"??? example \"{heading}\"", f"    [{words('case_page')}]({target})", "",
            *indent(render_case(case, words, viewer_link(page, case), compact=True))]


def rule_block(site: Site, page: str, rule: RuleId, lang: str) -> list[str]:
    """The collapsible blocks inserted after a rule's text: anchor, code and cases; coverage."""
    words = Words(lang)
    lines = [f'<div class="{PANEL_CLASS}" markdown>', "",
             f"??? abstract \"{words('block')} · `{rule}`\"",
             f"    {words('anchor')} [`#{rule}`](#{rule}) · "
             f"[{words('trace')}]({link(page, TRACE_PAGE, rule)})", ""]
    items = [item for item in site.code if rule in item.rules]
    lines += [f"    **{words('code')}** ({words('code_note')})", ""]
    if not items:
        lines += [f"    {words('no_code')}", ""]
    for item in items:
        lines.append(f"    ??? quote \"`{item.name}` — `{item.path}:{item.line}`\"")
        lines += [f"        [{words('code_page')}]({link(page, code_page(item.module), item.anchor)})", ""]
        lines += indent(snippet(site.root, item, words("more_lines")), 8)
    cases = site.cases_of(rule)
    lines += [f"    **{words('cases')} ({len(cases)})**", ""]
    if not cases:
        lines += [f"    {words('no_cases')}", ""]
    for case in cases[:INLINE_CASES]:
        lines += indent(case_in_panel(site, page, case, words))
    for case in cases[INLINE_CASES:]:
        title, english = title_plain(case, lang)
        shown = escape(title, quote=False) if english else words.prose(title)
        lines.append(f"    - [{case.id}]({link(page, case_page(case, site.vectors), case.id)}) — "
                     + (words.english(shown) if english else shown) + f" · {viewer_link(page, case)}")
    lines += ["", *coverage_panel(site, page, rule, words)]
    return ["", *lines, "</div>", ""]


def annotate(site: Site, page: str, markdown: str, lang: str) -> str:
    """Insert the rule block at the end of every rule's section (before the next heading)."""
    lines = markdown.splitlines()
    heads = read_headings(markdown)
    out: list[str] = []
    done = 0
    for i, head in enumerate(heads):
        if head.anchor is None or RuleId(head.anchor) not in site.trace.rules:
            continue
        end = heads[i + 1].line - 1 if i + 1 < len(heads) else len(lines)
        out += lines[done:end] + rule_block(site, page, RuleId(head.anchor), lang)
        done = end
    return "\n".join(out + lines[done:]) + "\n"

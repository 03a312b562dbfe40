"""The pages are reference, not a journal: no page, nor the template a page is generated from,
cites an internal issue number ("issue 22", "issues 9 and 18", "#24", an anchor like
``#perft-issue-22``); history lives in CHANGELOG.md and git."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(
    {*ROOT.glob("docs/**/*.md"), *ROOT.glob("spec/**/*.md"), ROOT / "README.md", ROOT / "CONTRIBUTING.md",
     ROOT / "benchmarks" / "README.md", ROOT / "conformance" / "mutation" / "page.md"}
    - set(ROOT.glob("docs/spec/**/*.md"))  # the same files as spec/, through the symlink
)
ISSUE = re.compile(r"\bissues?[\s-]+#?\d+|(?<![\w&])#\d+\b", re.IGNORECASE)
"""``issue 22``, ``Issue #21``, ``issues 9``, ``perft-issue-22``, ``#24``."""
OPERATOR = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z_]* #\d+\b")
"""A mutation as the tool numbers it (``NumberReplacer #3``), which is no issue."""


def mentions(text: str) -> list[str]:
    return [m.group(0) for m in ISSUE.finditer(OPERATOR.sub("", text))]


@pytest.mark.parametrize("page", [str(p.relative_to(ROOT)) for p in PAGES])
def test_no_page_cites_an_issue_number(page: str) -> None:
    assert mentions((ROOT / page).read_text(encoding="utf-8")) == []


def test_the_check_finds_each_form() -> None:
    """Every form a mention took is caught; a mutant's occurrence number and an HTML entity are not."""
    text = "(issue 22) Issue #21, issues 9 and 18, [perft](#perft-issue-22), see #24."
    assert mentions(text) == ["issue 22", "Issue #21", "issues 9", "issue-22", "#24"]
    assert mentions("| NumberReplacer #3 | &#8212; | [x](#kept-json)") == []

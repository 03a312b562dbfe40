"""The pages are reference, not a journal: no page, nor the template a page is generated from,
cites an internal issue number ("issue 22", "issues 9 and 18", "#24", an anchor like
``#perft-issue-22``); history lives in CHANGELOG.md and git."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(
    ROOT / name
    for name in subprocess.run(["git", "ls-files", "-z", "--", "*.md"], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout.split("\0")
    if name.startswith(("docs/", "spec/", "benchmarks/")) or name in ("README.md", "CONTRIBUTING.md",
                                                                         "conformance/mutation/page.md")
)
"""The pages of the repository (not those a site build generates under docs/reference/)."""
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

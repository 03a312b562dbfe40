"""Where the generated pages are, and relative links between docs pages."""

from __future__ import annotations

import posixpath
from pathlib import Path

from pokerspec.conformance.cases import Case
from pokerspec.traceability import read_headings, translation_path

GENERATED = "reference"
"""The docs folder the build writes its generated pages into (git-ignored, rewritten each build)."""
TRACE_PAGE = f"{GENERATED}/traceability.md"
CODE_INDEX = f"{GENERATED}/code/index.md"
CASES_INDEX = f"{GENERATED}/cases/index.md"
SCHEMA_PAGE = f"{GENERATED}/schemas.md"
RULINGS_PAGE = f"{GENERATED}/rulings.md"
GLOSSARY_PAGE = f"{GENERATED}/glossary.md"


def localized(page: str, lang: str) -> str:
    """The file of a page in a language: ``reference/rulings.md`` in ``ru`` is ``reference/rulings.ru.md``."""
    return translation_path(page, lang)


def code_page(module: str) -> str:
    """The site page of a reference module, e.g. ``reference/code/pokerspec/core/high.md``."""
    return f"{GENERATED}/code/" + module.replace(".", "/") + ".md"


def case_topic(case: Case, vectors: Path) -> str:
    rel = case.path.resolve().relative_to(vectors.resolve())
    return "/".join(rel.parts[:-1]) or case.game


def case_page(case: Case, vectors: Path) -> str:
    return f"{GENERATED}/cases/{case_topic(case, vectors)}.md"


def link(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A relative Markdown link target from one docs page to another (both docs-relative, English
    names: the i18n plugin serves each language its own version of the target)."""
    rel = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return rel + (f"#{anchor}" if anchor else "")


def first_heading(path: Path) -> str | None:
    """The title of a Markdown page (its first level-1 heading), or None."""
    if not path.exists():
        return None
    return next((h.title for h in read_headings(path.read_text(encoding="utf-8")) if h.level == 1), None)

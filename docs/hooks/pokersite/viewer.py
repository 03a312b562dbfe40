"""The hand viewer on the site (``docs/viewer*.md``, the data written by ``pokerspec_viewer.py``):
a link from any page to a case in the viewer, and the viewer in place of a long list of steps."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import cast

from pokerspec.conformance.cases import Case
from pokerspec.core.game import Json
from pokerspec.traceability import page_language
from pokerspec.viewer.page import labels

VIEWER_PAGE = "viewer.md"
LONG_CASE = 10
"""A case with more steps than this is shown in the hand viewer, not as a list, in a rule's panel."""


def viewer_link(page: str, case: Case) -> str:
    """A link from ``page`` (a docs path, any language) to the hand viewer showing ``case`` in the
    page's language (each language has its ``viewer/`` page; directory URLs)."""
    lang, english = page_language(page)
    stem = english.removesuffix(".md")
    depth = 0 if stem == "index" else stem.count("/") + (0 if stem.endswith("/index") else 1)
    ui = cast(Mapping[str, str], cast(Mapping[str, Json], labels()[lang])["ui"])
    href = "../" * depth + f"viewer/?case={case.id}"
    return f'<a class="ps-viewer-link" href="{escape(href)}">▶ {escape(ui["open"])}</a>'


def viewer_embed(case: Case) -> str:
    """The viewer itself, loaded when the reader opens the panel that holds it (a ``span``:
    Markdown keeps it whole inside the panel's indented blocks, and viewer.js makes it a ``div``)."""
    return f'<span class="ps-viewer" data-case="{escape(case.id)}" data-compact></span>'

"""The search index, one per language, of prose only.

Material's search plugin parses each page and is asked to skip blocks marked
``data-search-exclude``, but its parser ends the exclusion at the first nested closing tag of the
same name, so the code-and-cases panels leaked into the index (code identifiers, case notation,
English labels). The site therefore indexes its pages itself: each page's HTML is split into
sections at its headings, and the text kept is prose in the page's language — never code, never a
panel, never a fragment marked as another language, never an English fallback page on a
translated site. A case page is found by its cases' IDs and titles: the walk-through of a case is
mostly notation, and the rulings page's decisions are the chapters' paragraphs, indexed there.
Each language gets its own index with its stemmer in the pipeline
(``docs/assets/javascripts/workers/pokerspec-search.js`` stems the reader's words the same way),
so a dictionary form finds the inflected ones.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser
from pathlib import Path

from pokerspec.traceability import LANGUAGES

from .cases import NOTATION_CLASS
from .panels import PANEL_CLASS
from .paths import CASES_INDEX, CODE_INDEX, GENERATED, SCHEMA_PAGE, TRACE_PAGE
from .rulings import DECISION_CLASS

SKIPPED_TAGS = frozenset({"pre", "code", "script", "style", "svg", "kbd", "samp"})
SKIPPED_CLASSES = frozenset({PANEL_CLASS, NOTATION_CLASS, DECISION_CLASS, "ps-cards", "headerlink",
                             "linenodiv", "ps-en", "ps-unindexed"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                  "source", "track", "wbr"})
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
BREAKS = frozenset({"p", "div", "li", "td", "th", "tr", "dt", "dd", "summary", "details", "table",
                    "blockquote"})
"""Elements whose text is a word apart from the text around it (table cells, list items...)."""
NOT_INDEXED = (f"{GENERATED}/code/", TRACE_PAGE, SCHEMA_PAGE, CASES_INDEX, CODE_INDEX)
"""Generated pages that are code or tables of IDs, not prose."""
SEPARATOR = r"[\s\-'’]+"
"""Words are split at spaces, hyphens and apostrophes (French l'abattage is two words)."""
PIPELINE = ["trimmer", "stopWordFilter", "stemmer"]
FIELDS = {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 1000000.0}}


@dataclass(slots=True)
class Section:
    anchor: str | None
    title: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)


class ProseParser(HTMLParser):
    """The sections of an article's HTML (a section starts at each heading with an id), with the
    prose in the page's language only."""

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.sections: list[Section] = [Section(None)]
        self.depth = 0
        self.skip_from: int | None = None
        """The depth of the element being skipped, or None."""
        self.heading_at: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        self.depth += 1
        if self.skip_from is not None:
            return
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        lang = a.get("lang")
        if (tag in SKIPPED_TAGS or "data-search-exclude" in a or classes & SKIPPED_CLASSES
                or (lang and lang.split("-")[0] != self.lang)):
            self.skip_from = self.depth
            return
        if tag in BREAKS:
            self.handle_data(" ")
        if tag in HEADINGS and a.get("id"):
            first = tag == "h1" and len(self.sections) == 1 and not self.sections[0].title
            if not first:
                self.sections.append(Section(a["id"]))
            self.heading_at = self.depth

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.skip_from == self.depth:
            self.skip_from = None
        elif tag in BREAKS:
            self.handle_data(" ")
        if self.heading_at == self.depth:
            self.heading_at = None
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.skip_from is not None:
            return
        section = self.sections[-1]
        (section.title if self.heading_at is not None else section.text).append(data)


def entries(url: str, html: str, lang: str, page_title: str) -> list[dict[str, str]]:
    """Index entries of one page: the page itself (its title and the text before its first
    sub-heading), then one per section."""
    parser = ProseParser(lang)
    parser.feed(html)
    parser.close()
    out: list[dict[str, str]] = []
    for i, section in enumerate(parser.sections):
        title = " ".join("".join(section.title).split()) or (page_title if i == 0 else "")
        text = " ".join("".join(section.text).split())
        if i and not (title or text):
            continue
        location = url if i == 0 else f"{url}#{section.anchor}"
        out.append({"location": location, "title": escape(title, quote=False),
                    "text": escape(text, quote=False)})
    return out


def indexed(uri: str) -> bool:
    """Whether a docs page (English name) belongs in the search index."""
    return not uri.startswith(NOT_INDEXED)


class SearchIndexes:
    """The entries collected while each language is built, written out after the last one."""

    def __init__(self) -> None:
        self.docs: dict[str, list[dict[str, str]]] = {lang: [] for lang in LANGUAGES}

    def add(self, lang: str, url: str, html: str, title: str) -> None:
        """A page of ``lang``; ``url`` is relative to the site root (``ru/spec/...`` for Russian)."""
        prefix = "" if lang == "en" else f"{lang}/"
        self.docs[lang] += entries(url.removeprefix(prefix), html, lang, title)

    def write(self, site_dir: Path) -> None:
        """``search/search_index.json`` for English, ``<lang>/search/search_index.json`` for the
        others, locations relative to the language root (the theme override makes it the search
        base of that language's pages)."""
        for lang, docs in self.docs.items():
            out = site_dir / ("" if lang == "en" else lang) / "search" / "search_index.json"
            out.parent.mkdir(parents=True, exist_ok=True)
            config = {"lang": [lang], "separator": SEPARATOR, "pipeline": PIPELINE, "fields": FIELDS}
            data = {"config": config, "docs": docs}
            out.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                           encoding="utf-8")

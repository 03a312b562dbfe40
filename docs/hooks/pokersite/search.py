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

What readers and authors type finds its definition first: each rule heading and each ruling
paragraph is an entry tagged with its ID (the ``tags`` field outweighs every other), each item of a
code page is an entry tagged with its name, and each key the JSON Schemas define is an entry tagged
with its name, located at the schema line that defines it. Inline code stays in the prose (a
snippet reads "for example ``core.high.wheel``;", without a hole), while code blocks and panels
stay out. IDs and code names are never stemmed, and the index keeps Latin-script words on every
site; the worker folds accents on both sides, so ``leilao`` finds ``leilão``. The Russian index keeps
a word hyphenated between Cyrillic letters whole (``SEPARATORS``: "бринг-ин"), and the chapters'
entries weigh more than the case pages' (``SPEC_BOOST``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Set
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import NotRequired, TypedDict

from pokerspec.traceability import LANGUAGES, TRANSLATIONS

from .cases import NOTATION_CLASS
from .coverage import COVERAGE_CLASS
from .pages import schema_keys
from .panels import PANEL_CLASS
from .paths import CASES_INDEX, CODE_INDEX, GENERATED, SCHEMA_PAGE, TRACE_PAGE
from .rulings import DECISION_CLASS, RULING_CLASS

SKIPPED_TAGS = frozenset({"pre", "script", "style", "svg"})
INLINE_CODE = frozenset({"code", "kbd", "samp"})
"""Kept, as ``<code>``: a name in a sentence is part of the sentence."""
SKIPPED_CLASSES = frozenset({PANEL_CLASS, NOTATION_CLASS, DECISION_CLASS, COVERAGE_CLASS, "ps-cards",
                             "headerlink", "linenodiv", "ps-en", "ps-unindexed"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                  "source", "track", "wbr"})
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
BREAKS = frozenset({"p", "div", "li", "td", "th", "tr", "dt", "dd", "summary", "details", "table",
                    "blockquote"})
"""Elements whose text is a word apart from the text around it (table cells, list items...)."""
CODE_PAGES = f"{GENERATED}/code/"
NOT_INDEXED = (TRACE_PAGE, CASES_INDEX, CODE_INDEX)
"""Generated pages that are tables of IDs, not prose. The code pages are indexed by their items'
names only, the schemas page by its keys (and the prose around the schemas)."""
SEPARATOR = r"[\s'’]+|-(?!\d)"
"""Words are split at spaces, apostrophes (French l'abattage is two words) and hyphens, except a
hyphen before a digit: a ruling ID (``AUC-11``) is one word."""
CYRILLIC = "а-яёА-ЯЁ"
SEPARATORS = {"ru": rf"[\s'’]+|(?<![{CYRILLIC}])-(?!\d)|-(?![\d{CYRILLIC}])"}
"""In Russian a hyphen between two Cyrillic letters joins one word, as the language writes the
poker words it borrows (бринг-ин, олл-ин, фулл-хаус): "ин" does not find "олл-ин". The worker splits
the reader's words with the same expression, read from the index."""
SPEC_BOOST = 4.0
"""The weight of the chapters' entries (rules, rulings, sections): a word the rules define finds
its chapter before the case pages that quote it ("анте")."""
PIPELINE = ["trimmer", "stopWordFilter", "stemmer"]
FIELDS = {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 1000000.0}}
_TAG = re.compile(r"<[^>]*>")
NAME_CLASS = "ps-name"
_NAME_ROW = re.compile(r"<tr>(\s*<td><code>([A-Za-z_][A-Za-z0-9_]*)</code></td>)")


def name_rows(html: str) -> str:
    """A table row whose first cell is a name alone (``round_bets`` in the contract's tables)
    defines that name: it gets the name as its anchor, and is the name's search entry. Only the
    first row of a name on the page, and never over an ID the page already has."""
    taken = set(re.findall(r'\bid="([^"]+)"', html))

    def anchor(m: re.Match[str]) -> str:
        name = m.group(2)
        if name in taken:
            return m.group(0)
        taken.add(name)
        return f'<tr id="{name}" class="{NAME_CLASS}">{m.group(1)}'

    return _NAME_ROW.sub(anchor, html)


class Entry(TypedDict):
    location: str
    title: str
    text: str
    tags: NotRequired[list[str]]
    boost: NotRequired[float]
    """Material's search worker weighs the entry's score by it (1 when absent)."""


@dataclass(slots=True)
class Section:
    anchor: str | None
    title: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)


class ProseParser(HTMLParser):
    """The sections of an article's HTML (a section starts at each heading with an id), with the
    prose in the page's language only (escaped, inline code kept as ``<code>``; a word quoted in
    another translation's language, a ``span`` such as the glossary's source words, is kept too,
    lest the snippet have a hole). The paragraph of
    each ruling (after its ``a.ps-ruling`` anchor) and each row that defines a name (``tr.ps-name``)
    are entries of their own, apart from their section."""

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.sections: list[Section] = [Section(None)]
        self.named: list[Section] = []
        """The ruling paragraphs and the rows that define names, each titled with its ID."""
        self.depth = 0
        self.skip_from: int | None = None
        """The depth of the element being skipped, or None."""
        self.heading_at: int | None = None
        self.named_at: int | None = None
        """The depth of the ruling paragraph or of the row being read, or None."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        self.depth += 1
        if self.skip_from is not None:
            return
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        lang = a.get("lang")
        foreign = lang and lang.split("-")[0] != self.lang
        quoted = tag == "span" and lang in TRANSLATIONS
        if (tag in SKIPPED_TAGS or "data-search-exclude" in a or classes & SKIPPED_CLASSES
                or (foreign and not quoted)):
            self.skip_from = self.depth
            return
        name = a.get("id") if classes & {RULING_CLASS, NAME_CLASS} else None
        if name and self.named_at is None:
            self.named.append(Section(name, [name]))
            self.named_at = self.depth - 1 if RULING_CLASS in classes else self.depth
        if tag in BREAKS:
            self.handle_data(" ")
        elif tag in INLINE_CODE:
            self._add("<code>")
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
        elif self.skip_from is None and tag in BREAKS:
            self.handle_data(" ")
        elif self.skip_from is None and tag in INLINE_CODE:
            self._add("</code>")
        if self.heading_at == self.depth:
            self.heading_at = None
        if self.named_at == self.depth:
            self.named_at = None
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.skip_from is None:
            self._add(escape(data, quote=False))

    def _add(self, html: str) -> None:
        if self.named_at is not None:
            self.named[-1].text.append(html)
            return
        section = self.sections[-1]
        (section.title if self.heading_at is not None else section.text).append(html)


def _joined(parts: list[str]) -> str:
    return " ".join("".join(parts).split()).replace("<code> ", "<code>").replace(" </code>", "</code>")


def entries(url: str, html: str, lang: str, page_title: str, rule_ids: Set[str] = frozenset()) -> list[Entry]:
    """Index entries of one page: the page itself (its title and the text before its first
    sub-heading), then one per section, a section headed by a rule tagged with the rule's ID, then
    one per ruling paragraph, tagged with the ruling's ID. On a code page the sections are the
    items, found by their names (their text is code and rule links, left out)."""
    parser = ProseParser(lang)
    parser.feed(html)
    parser.close()
    code = url.startswith(CODE_PAGES)
    out: list[Entry] = []
    for i, section in enumerate(parser.sections):
        title = _joined(section.title) or (escape(page_title, quote=False) if i == 0 else "")
        text = _joined(section.text)
        if i and code:
            name = _TAG.sub("", title)
            out.append({"location": f"{url}#{section.anchor}", "title": name, "text": "", "tags": [name]})
            continue
        if i and not (title or text):
            continue
        location = url if i == 0 else f"{url}#{section.anchor}"
        entry: Entry = {"location": location, "title": title, "text": text}
        if section.anchor and section.anchor in rule_ids:
            entry["tags"] = [section.anchor]
        out.append(entry)
    for named in parser.named:
        anchor = named.anchor or ""
        out.append({"location": f"{url}#{anchor}", "title": anchor, "text": _joined(named.text),
                    "tags": [anchor]})
    return out


def key_entries(url: str, root: Path) -> list[Entry]:
    """One entry per key the published JSON Schemas define, at the schema line that defines it
    (the schemas page numbers the lines of each schema; its blocks are the schemas, in order).
    Found by its title: the row of the contract that defines a key (tagged) comes first."""
    return [{"location": f"{url}#__codelineno-{block}-{line}", "title": name, "text": f"{schema}.schema.json"}
            for block, schema, name, line in schema_keys(root)]


LUNR = "assets/javascripts/lunr/"


def unused_assets(uris: Iterable[str]) -> list[str]:
    """The theme's search files no page loads: the workers load the stemmer support and the
    languages of the site, never the segmenters (``wordcut.js``, 662 KB; ``tinyseg.js``), the
    multi-language support or the other languages."""
    used = {f"{LUNR}min/lunr.stemmer.support.min.js", *(f"{LUNR}min/lunr.{x}.min.js" for x in LANGUAGES)}
    return [uri for uri in uris if uri.startswith(LUNR) and uri not in used]


def separator(lang: str) -> str:
    """The expression that splits a language's text into words, in the index and in the reader's
    query alike."""
    return SEPARATORS.get(lang, SEPARATOR)


def indexed(uri: str) -> bool:
    """Whether a docs page (English name) belongs in the search index."""
    return not uri.startswith(NOT_INDEXED)


class SearchIndexes:
    """The entries collected while each language is built, written out after the last one."""

    def __init__(self, root: Path | None = None, rule_ids: Set[str] = frozenset()) -> None:
        self.root = root
        self.rule_ids = rule_ids
        self.docs: dict[str, list[Entry]] = {lang: [] for lang in LANGUAGES}

    def add(self, lang: str, url: str, html: str, title: str) -> None:
        """A page of ``lang``; ``url`` is relative to the site root (``ru/spec/...`` for Russian)."""
        prefix = "" if lang == "en" else f"{lang}/"
        local = url.removeprefix(prefix)
        found = entries(local, html, lang, title, self.rule_ids)
        if local.startswith("spec/"):
            for entry in found:
                entry["boost"] = SPEC_BOOST
        self.docs[lang] += found
        if self.root is not None and local == SCHEMA_PAGE.removesuffix(".md") + "/":
            self.docs[lang] += key_entries(local, self.root)

    def write(self, site_dir: Path) -> None:
        """``search/search_index.json`` for English, ``<lang>/search/search_index.json`` for the
        others, locations relative to the language root (the theme override makes it the search
        base of that language's pages)."""
        for lang, docs in self.docs.items():
            out = site_dir / ("" if lang == "en" else lang) / "search" / "search_index.json"
            out.parent.mkdir(parents=True, exist_ok=True)
            config = {"lang": [lang], "separator": separator(lang), "pipeline": PIPELINE,
                      "fields": FIELDS}
            data = {"config": config, "docs": docs}
            out.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                           encoding="utf-8")

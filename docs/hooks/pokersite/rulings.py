"""The rulings: where the sources are silent or disagree, a chapter paragraph that starts
``**Ruling (ARC-3).**`` (``Решение``, ``Decisão``, ``Décision`` in the translations) says what the
specification decides. Each ID names one paragraph, defined once; ``spec/rulings.toml`` gives, in
four languages, the question each ruling answers and what the sources say. The site anchors each
paragraph, links every mention of a ruling ID to the generated rulings page, and builds that page
from the chapters (the decision, in each language) and the data file.
"""

from __future__ import annotations

import posixpath
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pokerspec.traceability import CHAPTERS, LANGUAGES, Page, page_language, translation_path

from .paths import RULINGS_PAGE, first_heading, link
from .words import Words

LEADS = ("Ruling", "Решение", "Decisão", "Décision")
"""The word that starts a ruling paragraph, per language (en, ru, pt, fr)."""
PREFIXES = ("CORE", "ARC", "AUC", "STUD")
"""Ruling ID prefixes in chapter order: the shared chapter, Archie, Auction poker, stud."""
LEAD = re.compile(r"\*\*(?:" + "|".join(LEADS) + r") \(([A-Z]+-\d+(?:,\s*[A-Z]+-\d+)*)\)\.\*\*")
MENTION = re.compile(r"(?<![\w\[#/-])((?:" + "|".join(PREFIXES) + r")-\d+)(?![\w\]-])")
DECISION_CLASS = "ps-decision"
RULING_CLASS = "ps-ruling"
"""The empty anchor before a ruling paragraph (the paragraph is the ruling's search entry)."""
"""The decision as the chapter states it, on the rulings page; the search index leaves it out (the
chapter's paragraph is indexed)."""
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One ruling paragraph of one spec page: its IDs (one, when the spec is right), the page, the
    line it starts on and its text after the lead, as Markdown relative to that page."""

    ids: tuple[str, ...]
    page: str
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class Entry:
    """What ``spec/rulings.toml`` says of a ruling, per language."""

    question: Mapping[str, str]
    sources: Mapping[str, str]


def sort_key(ruling: str) -> tuple[int, int]:
    prefix, _, number = ruling.partition("-")
    return (PREFIXES.index(prefix) if prefix in PREFIXES else len(PREFIXES), int(number))


def paragraphs(path: str, markdown: str) -> list[Paragraph]:
    """The ruling paragraphs of a page, in order. A paragraph runs from its lead to the next blank
    line; indentation (an admonition) is removed."""
    lines = markdown.splitlines()
    found: list[Paragraph] = []
    fenced = False
    for number, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
        m = None if fenced else LEAD.search(line)
        if not m:
            continue
        body = [line[m.end():].strip()]
        for rest in lines[number + 1 :]:
            if not rest.strip() or LEAD.search(rest):
                break
            body.append(rest.strip())
        ids = tuple(i.strip() for i in m.group(1).split(","))
        found.append(Paragraph(ids, path, number + 1, " ".join(b for b in body if b)))
    return found


def read_paragraphs(root: Path, pages: Iterable[Page]) -> list[Paragraph]:
    """Every ruling paragraph of the given spec pages (every language)."""
    return [p for page in pages
            for p in paragraphs(page.path, (root / page.path).read_text(encoding="utf-8"))]


def read_entries(path: Path) -> dict[str, Entry]:
    """``spec/rulings.toml``: ``[ID]`` tables with ``question`` and ``sources``, each a table of
    language to text."""
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    entries: dict[str, Entry] = {}
    for ruling, fields in data.items():
        if not isinstance(fields, dict):
            raise ValueError(f"{path}: [{ruling}] is not a table")
        texts: dict[str, dict[str, str]] = {}
        for name in ("question", "sources"):
            value = fields.get(name, {})
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                raise ValueError(f"{path}: {ruling}.{name} must map languages to text")
            texts[name] = {str(k): str(v) for k, v in value.items()}
        entries[ruling] = Entry(texts["question"], texts["sources"])
    return entries


@dataclass(frozen=True, slots=True)
class Rulings:
    """Every ruling paragraph of the spec (all languages) and the data file's entries."""

    found: tuple[Paragraph, ...]
    entries: Mapping[str, Entry]

    def english(self) -> dict[str, list[Paragraph]]:
        """Each ruling ID with every English paragraph that carries it (one, when the spec is right)."""
        out: dict[str, list[Paragraph]] = {}
        for p in self.found:
            if page_language(p.page)[0] == "en":
                for ruling in p.ids:
                    out.setdefault(ruling, []).append(p)
        return dict(sorted(out.items(), key=lambda kv: sort_key(kv[0])))

    def home(self, ruling: str) -> Paragraph | None:
        """The English paragraph that defines a ruling."""
        found = self.english().get(ruling)
        return found[0] if found else None

    def text(self, ruling: str, lang: str) -> Paragraph | None:
        """The paragraph of a ruling in a language (the translation of its English page)."""
        home = self.home(ruling)
        if home is None:
            return None
        path = translation_path(home.page, lang)
        return next((p for p in self.found if p.page == path and ruling in p.ids), None)

    def problems(self, languages: Sequence[str] = LANGUAGES) -> list[str]:
        """Every way the rulings are not one ID per paragraph, anchored in every language, with data."""
        problems: list[str] = []
        for ruling, paras in self.english().items():
            if len(paras) > 1:
                where = ", ".join(f"{p.page}:{p.line}" for p in paras)
                problems.append(f"{ruling}: used for {len(paras)} paragraphs ({where}); give each its own ID")
        for p in self.found:
            if len(p.ids) > 1:
                problems.append(f"{p.page}:{p.line}: one paragraph, several IDs ({', '.join(p.ids)})")
        by_page: dict[str, list[str]] = {}
        for p in self.found:
            by_page.setdefault(p.page, []).extend(p.ids)
        for page in sorted({p.page for p in self.found if page_language(p.page)[0] == "en"}):
            for lang in languages[1:]:
                theirs = by_page.get(translation_path(page, lang), [])
                if theirs != by_page[page]:
                    problems.append(f"{translation_path(page, lang)}: rulings {theirs}, but {page} has "
                                    f"{by_page[page]} (same IDs, same order)")
        for ruling in self.english():
            entry = self.entries.get(ruling)
            if entry is None:
                problems.append(f"{ruling}: no entry in spec/rulings.toml (question and sources, "
                                "four languages)")
                continue
            for name, texts in (("question", entry.question), ("sources", entry.sources)):
                missing = [lang for lang in languages if not texts.get(lang, "").strip()]
                if missing:
                    problems.append(f"{ruling}: spec/rulings.toml has no {name} in {', '.join(missing)}")
        problems += [f"{ruling}: in spec/rulings.toml but no chapter has a paragraph for it"
                     for ruling in self.entries if ruling not in self.english()]
        return problems


def read_rulings(root: Path, pages: Iterable[Page]) -> Rulings:
    return Rulings(tuple(read_paragraphs(root, pages)), read_entries(root / "spec" / "rulings.toml"))


def rebase(markdown: str, from_page: str, to_page: str) -> str:
    """Markdown written on ``from_page`` with its relative links made to work on ``to_page``."""
    def fix(m: re.Match[str]) -> str:
        target = m.group(1)
        if "://" in target or target.startswith(("/", "mailto:")):
            return m.group(0)
        path, _, anchor = target.partition("#")
        base = posixpath.dirname(from_page)
        absolute = posixpath.normpath(posixpath.join(base, path)) if path else from_page
        return "](" + link(to_page, absolute, anchor or None) + ")"
    return _LINK.sub(fix, markdown)


def link_mentions(page: str, markdown: str, known: Iterable[str]) -> str:
    """Anchor every ruling paragraph and link every mention of a ruling ID to the rulings page.

    A lead ``**Ruling (ARC-3).**`` gets an ``id="ARC-3"`` anchor and its ID links to the ruling's
    entry; elsewhere a bare ``ARC-3`` becomes a link. IDs in code, in fenced blocks, in link texts
    and in link targets are left alone, and so is any ID no chapter defines.
    """
    ids = set(known)
    target = link(page, RULINGS_PAGE)
    out: list[str] = []
    fenced = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        if fenced:
            out.append(line)
            continue
        out.append(_outside_code(line, lambda part: _link_part(part, ids, target)))
    return "\n".join(out) + ("\n" if markdown.endswith("\n") else "")


def _outside_code(line: str, change: Callable[[str], str]) -> str:
    """``change`` applied to the parts of a line outside code spans."""
    pieces: list[str] = []
    done = 0
    for m in _CODE_SPAN.finditer(line):
        pieces += [change(line[done : m.start()]), m.group(0)]
        done = m.end()
    return "".join([*pieces, change(line[done:])])


def _link_part(part: str, ids: set[str], target: str) -> str:
    def lead(m: re.Match[str]) -> str:
        ruling = m.group(1).split(",")[0].strip()
        if ruling not in ids:
            return m.group(0)
        anchor = f'<a class="{RULING_CLASS}" id="{ruling}"></a>'
        return anchor + m.group(0).replace(ruling, f"[{ruling}]({target}#{ruling})", 1)

    def mention(m: re.Match[str]) -> str:
        ruling = m.group(1)
        return f"[{ruling}]({target}#{ruling})" if ruling in ids else ruling

    out: list[str] = []
    done = 0
    for m in LEAD.finditer(part):
        out += [MENTION.sub(mention, part[done : m.start()]), lead(m)]
        done = m.end()
    out.append(MENTION.sub(mention, part[done:]))
    return "".join(out)


def chapter_of_id(ruling: str) -> str | None:
    """The chapter a ruling belongs to by its prefix (``ARC-18`` is Archie's wherever it is applied)."""
    prefix = ruling.partition("-")[0]
    return CHAPTERS[PREFIXES.index(prefix)] if prefix in PREFIXES else None


def chapter_of(page: str) -> str:
    parts = page.split("/")
    return parts[1] if len(parts) > 2 and parts[1] in CHAPTERS else "spec"


def rulings_page(rulings: Rulings, root: Path, lang: str) -> str:
    """The generated rulings page in one language: per chapter, each ruling with its question, what
    the sources say, and the decision as the chapter states it, linked to its paragraph."""
    words = Words(lang)
    page = RULINGS_PAGE
    lines = [f"# {words('rulings_title')}", "", words("rulings_intro"), ""]
    by_chapter: dict[str, list[str]] = {}
    for ruling, paras in rulings.english().items():
        by_chapter.setdefault(chapter_of_id(ruling) or chapter_of(paras[0].page), []).append(ruling)
    for chapter in sorted(by_chapter, key=lambda c: CHAPTERS.index(c) if c in CHAPTERS else len(CHAPTERS)):
        title = first_heading(root / translation_path(f"spec/{chapter}/index.md", lang)) or chapter
        lines += [f"## {title}", ""]
        for ruling in by_chapter[chapter]:
            home = rulings.home(ruling)
            assert home is not None
            para = rulings.text(ruling, lang) or home
            section = first_heading(root / para.page) or para.page
            entry = rulings.entries.get(ruling)
            lines += [f"### {ruling} {{#{ruling}}}", ""]
            if entry is not None:
                for label, texts in (("question", entry.question), ("sources_say", entry.sources)):
                    body = texts.get(lang) or texts.get("en", "")
                    if texts.get(lang):
                        lines += [f"**{words(label)}.** {words.markdown_prose(body)}", ""]
                    elif body:
                        lines += [f"**{words(label)}.** " + words.english(body), ""]
            decision = rebase(para.text, para.page, page)
            if para is home and lang != "en":
                decision = words.english(decision)
            where = f"[{section}]({link(page, home.page, ruling)})"
            lines += [f'<div class="{DECISION_CLASS}" markdown>', "", f"**{words('decision')}.** {decision}",
                      "", "</div>", "", f"*{words('applied_in')}: {where}*", ""]
    return "\n".join(lines) + "\n"

"""Building the site and checking what was built; used by ``docs/tests``."""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


@dataclass(frozen=True, slots=True)
class SiteBuild:
    """One ``mkdocs build --strict`` run: the output folder, exit code, log, wall-clock seconds and
    CPU seconds (user + system, which a busy machine does not inflate)."""

    path: Path
    returncode: int
    log: str
    seconds: float
    cpu_seconds: float


def build_strict(root: Path, out: Path) -> SiteBuild:
    """Build the site of the checkout at ``root`` into ``out`` (never ``-q``: it hides warnings)."""
    start, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-f", str(root / "mkdocs.yml"),
         "-d", str(out)],
        cwd=root, capture_output=True, text=True, check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return SiteBuild(out, proc.returncode, proc.stdout + proc.stderr, time.monotonic() - start, cpu)


class HtmlPage(HTMLParser):
    """What the checks need from a built page: ``<html lang>``, every id and every link."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang") or ""
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "a" and a.get("name"):
            self.ids.add(str(a["name"]))
        for key in ("href", "src"):
            value = a.get(key)
            if value and (tag != "link" or a.get("rel") in ("stylesheet", "icon")):
                self.links.append(value)


def read_page(path: Path) -> HtmlPage:
    page = HtmlPage()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def built_page(site: Path, page: str, lang: str = "en") -> Path:
    """Where a docs page is built: ``spec/core/03-high.md`` in ``ru`` is at
    ``ru/spec/core/03-high/index.html``."""
    stem = page.removesuffix(".md")
    stem = "" if stem == "index" else stem.removesuffix("/index")
    prefix = "" if lang == "en" else f"{lang}/"
    return site / prefix / stem / "index.html"


def broken_links(site: Path) -> list[str]:
    """Every internal link or anchor of the built site that leads nowhere, as ``page: href (why)``.

    External links (with a scheme or ``//``) are not followed; ``../x/`` means ``../x/index.html``;
    ``/x/`` is read from the site root (the site is published at the root of its domain). The
    ``404.html`` page is skipped: its links are absolute on purpose.
    """
    pages: dict[Path, HtmlPage] = {}

    def page_at(path: Path) -> HtmlPage:
        if path not in pages:
            pages[path] = read_page(path)
        return pages[path]

    problems: list[str] = []
    for html in sorted(site.rglob("*.html")):
        if html.name == "404.html":
            continue
        for href in page_at(html).links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            path = unquote(parts.path)
            base = site if path.startswith("/") else html.parent
            target = (base / path.lstrip("/")).resolve() if path else html.resolve()
            if not target.is_relative_to(site.resolve()):
                problems.append(f"{html.relative_to(site)}: {href} (outside the site)")
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                problems.append(f"{html.relative_to(site)}: {href} (no such file)")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in page_at(
                target
            ).ids:
                problems.append(f"{html.relative_to(site)}: {href} (no such anchor)")
    return problems


ENGLISH_SKIPPED = frozenset({"code", "pre", "kbd", "samp", "script", "style", "svg", "head", "title"})
"""Code is notation in every language; the head is not read."""
CODE_NAME = re.compile(r"[\w-]+(?:[._][\w-]+)+|\b[A-Za-z]+(?:-[A-Za-z]+)*-\d+\b")
"""A dotted or underscored name (``pokerspec.stud.allin`` in the navigation) is code; a case ID
(``auction-award-0001``) or a ruling ID (``STUD-70``) is an ID."""
DECLARATION_CODES = frozenset({"h", "l", "b"})
HOLE = re.compile(r"\s[,;:.](?:\s|$)|(?<!\w)\(\s*\)")
"""Punctuation after nothing in a search snippet: the mark of a word taken out of it (French puts
a space before ; and :, so it applies to the other languages)."""
SKIPPED_BLOCKS = re.compile(r"<(pre|script|svg|style)\b.*?</\1>", re.DOTALL)
"""The raw declaration tokens: a table cell holding one alone shows the token, not its name."""


class EnglishFinder(HTMLParser):
    """The words of a translated page (its prose, tables, labels and navigation) that are in
    ``english`` and not inside an element marked ``lang="en"`` (or another language), code, or a
    card; and the table cells that show a raw declaration code."""

    def __init__(self, lang: str, english: frozenset[str], allowed: re.Pattern[str] | None = None) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.english = english
        self.allowed = allowed
        """The glossary's allowed English names and loan words of ``lang`` (an event's name)."""
        self.stack: list[bool] = []
        """For each open element: whether its text is exempt (English marked, code, cards)."""
        self.cell: list[str] | None = None
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"br", "hr", "img", "input", "link", "meta", "wbr", "col", "source", "area"}:
            return
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        other = (a.get("lang") or self.lang).split("-")[0] != self.lang
        exempt = (bool(self.stack and self.stack[-1]) or tag in ENGLISH_SKIPPED or other
                  or bool(classes & {"ps-cards", "ps-card", "md-header__topic"}))
        self.stack.append(exempt)
        if tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            text = "".join(self.cell).strip()
            if text in DECLARATION_CODES:
                self.found.append(f"cell {text!r}")
            self.cell = None
        if self.stack and tag not in {"br", "hr", "img", "input", "link", "meta", "wbr", "col", "source"}:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1]:
            return
        if self.cell is not None:
            self.cell.append(data)
        prose = CODE_NAME.sub(" ", data)
        if self.allowed is not None:
            prose = self.allowed.sub(" ", prose)
        self.found += [w for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", prose) if w.lower() in self.english]


def unlabelled_english(html: str, lang: str, english: frozenset[str],
                       allowed: re.Pattern[str] | None = None) -> list[str]:
    """What :class:`EnglishFinder` finds in one built page of ``lang`` (code blocks, scripts and
    drawings are cut out first: they are skipped anyway, and they are most of a spec page)."""
    finder = EnglishFinder(lang, english, allowed)
    finder.feed(SKIPPED_BLOCKS.sub("", html))
    finder.close()
    return finder.found

"""Building the site and checking what was built; used by ``docs/tests``."""

from __future__ import annotations

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

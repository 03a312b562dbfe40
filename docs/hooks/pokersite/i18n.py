"""The site's languages: English fallbacks marked as English, language links that work from any
base URL, and a sitemap for every language root.

The language switcher's links come from ``extra.alternate``, which mkdocs-static-i18n points at
each page's version in each language, except on the home pages, where they are absolute (``/ru/``)
and break when the site is served below a path. Material also reads every ``<link rel="alternate">``
of the page head as the root of an alternate site and fetches ``sitemap.xml`` below it, which for
page links means missing sitemaps on every page; and it fetches ``sitemap.xml`` below the search
base of each page, which the theme override sets to the language root. So the head keeps no
alternate links (the languages of each page are published in the sitemaps, with hreflang), the
switcher's links are relative, and every language root has its sitemap.
"""

from __future__ import annotations

import gzip
import posixpath
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import MutableMapping, MutableSequence, Set
from pathlib import Path
from urllib.parse import urlsplit

from pokerspec.traceability import TRANSLATIONS

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"
HEAD_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')
NAV_LINK = re.compile(r'<a href="([^"#]*)" class="((?:md-nav__link|md-footer__link)[^"]*)"([^>]*)>')
TOC_LIST = re.compile(r'(<ul class="md-nav__list" data-md-component="toc"[^>]*|'
                      r'<label class="md-nav__link md-nav__link--active" for="__toc")>')
"""The contents of the page, twice (for the phone's menu and beside the text), and its own title
in the menu."""
CYRILLIC = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                    ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "i", "k", "l", "m", "n", "o", "p",
                     "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "iu", "ia"],
                    strict=True))


def slugify(value: str, separator: str) -> str:
    """A heading's anchor as Markdown makes it (ASCII, accents dropped, lower case, words joined by
    ``separator``), with Cyrillic letters transliterated first, so that a Russian heading gets a
    readable anchor that every build gives it again (``Для кого это`` is ``dlia-kogo-eto``, never
    ``_1``). English, French and Portuguese anchors are Markdown's."""
    latin = "".join(CYRILLIC.get(c, CYRILLIC.get(c.lower(), c)) for c in value)
    plain = unicodedata.normalize("NFKD", latin).encode("ascii", "ignore").decode("ascii")
    words = re.sub(r"[^\w\s-]", "", plain).strip().lower()
    return re.sub(rf"[{re.escape(separator)}\s]+", separator, words)


def relative_alternates(alternates: MutableSequence[MutableMapping[str, str]], site_url: str | None) -> None:
    """Make the switcher's absolute links (``/ru/``) site-relative (``ru/``), so that the theme's
    ``url`` filter writes them relative to the page."""
    base = urlsplit(site_url or "").path.rstrip("/")
    for alternate in alternates:
        href = alternate.get("link", "")
        if href.startswith("/"):
            alternate["link"] = href.removeprefix(base).lstrip("/") or "."


def drop_head_alternates(html: str) -> str:
    """The page without ``<link rel="alternate" hreflang>`` in its head (see the module docstring)."""
    head, sep, body = html.partition("</head>")
    return HEAD_ALTERNATE.sub("", head) + sep + body


def mark_english_links(html: str, page_url: str, english: Set[str], title: str) -> str:
    """Navigation and footer links to English-only pages, on a translated page, marked ``lang="en"`` and
    labelled (``english`` holds those pages' URLs, ``title`` says so in the page's language)."""
    base = posixpath.dirname(page_url.rstrip("/")) if not page_url.endswith("/") else page_url

    def mark(m: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(base, m.group(1))) + "/"
        if target.lstrip("./") not in english:
            return m.group(0)
        href, classes, rest = m.groups()
        return f'<a href="{href}" class="{classes}"{rest} lang="en" data-ps-en="EN" title="{title}">'

    return NAV_LINK.sub(mark, html)


def mark_toc_english(html: str) -> str:
    """The table of contents of a page whose headings are English (an English-only page on a
    translated site) or code names (a code page), and its title in the menu, marked ``lang="en"``."""
    return TOC_LIST.sub(r'\1 lang="en">', html)


def _rooted(href: str) -> str:
    """A sitemap address the i18n plugin wrote without a site URL (``None`` then the page's path
    from the root, ``None./`` for the root), as a path from the site's root."""
    rest = href.removeprefix("None")
    return "/" + ("" if rest in ("", "./") else rest)


def write_sitemaps(site_dir: Path, site_url: str | None = None) -> None:
    """``<lang>/sitemap.xml`` for every translation, from the root sitemap that the i18n plugin
    writes: the same pages with their hreflang alternates, each listed under its own language.
    Without a configured site URL the addresses are paths from the site's root (the root sitemap
    is rewritten so), never a made-up host."""
    root_map = site_dir / "sitemap.xml"
    if not root_map.exists():
        return
    ET.register_namespace("", SITEMAP_NS)
    ET.register_namespace("xhtml", XHTML_NS)
    tree = ET.parse(root_map)
    urls = tree.getroot().findall(f"{{{SITEMAP_NS}}}url")
    if not site_url:
        for url in urls:
            for loc in url.findall(f"{{{SITEMAP_NS}}}loc"):
                loc.text = _rooted(loc.text or "")
            for link in url.findall(f"{{{XHTML_NS}}}link"):
                link.set("href", _rooted(link.get("href") or ""))
        tree.write(root_map, encoding="utf-8", xml_declaration=True)
        packed = site_dir / "sitemap.xml.gz"
        if packed.exists():
            packed.write_bytes(gzip.compress(root_map.read_bytes(), mtime=0))
    for lang in TRANSLATIONS:
        out = ET.Element(f"{{{SITEMAP_NS}}}urlset")
        for url in urls:
            links = url.findall(f"{{{XHTML_NS}}}link")
            alternate = next((a for a in links if a.get("hreflang") == lang), None)
            if alternate is None:
                continue
            entry = ET.SubElement(out, f"{{{SITEMAP_NS}}}url")
            ET.SubElement(entry, f"{{{SITEMAP_NS}}}loc").text = alternate.get("href")
            for link in url.findall(f"{{{XHTML_NS}}}link"):
                entry.append(link)
        path = site_dir / lang / "sitemap.xml"
        path.parent.mkdir(parents=True, exist_ok=True)
        ET.ElementTree(out).write(path, encoding="utf-8", xml_declaration=True)

"""mkdocs hooks of the pokerspec site; the machinery lives in the ``pokersite`` package beside this file.

Read once per build (every language from the same snapshot): the spec, the code, the cases, the
rulings, the glossary and what pins each rule. The generated pages are written for every
language; each spec page gets the code-and-cases block and the coverage after every rule, each
chapter's first page a table of its rules' coverage; ruling IDs become anchors and links; each
language gets its own search index of prose; English fallbacks are marked as English; each page of a game's
chapter shows the flow of a hand (``pokersite.flow``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from pokersite.coverage import chapter_table
from pokersite.flow import FLOW_GAMES, with_flow
from pokersite.i18n import (
    drop_head_alternates,
    mark_english_links,
    mark_toc_english,
    relative_alternates,
    slugify,
    write_sitemaps,
)
from pokersite.model import Site, build_site
from pokersite.nav import build_nav, chapter_titles, write_generated
from pokersite.pages import generated
from pokersite.panels import annotate
from pokersite.paths import GENERATED
from pokersite.rulings import link_mentions
from pokersite.search import SearchIndexes, indexed, name_rows, unused_assets
from pokersite.words import Words
from pokerspec.rules import CHAPTERS
from pokerspec.traceability import LANGUAGES, page_language

_site: Site | None = None
_indexes = SearchIndexes()
_english_urls: set[str] = set()
"""The URLs of the English-only pages of the language being built."""


def _language(config: MkDocsConfig) -> str:
    lang = str(config.theme["language"]) if "language" in config.theme else "en"
    return lang if lang in LANGUAGES else "en"


def _inner_build(config: MkDocsConfig) -> bool:
    """True while the i18n plugin builds a further language (it sets ``building`` meanwhile)."""
    i18n = config.plugins.get("i18n")
    return i18n is not None and bool(getattr(i18n, "building", False))


def _fallback(page: Page, lang: str) -> bool:
    """Whether the page is the English original served on a translated site."""
    return lang != "en" and str(getattr(page.file, "locale", lang)) != lang


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read the sources once per build: every language is built from the same snapshot. Headings
    get readable anchors in every script (``pokersite.i18n.slugify``)."""
    global _site, _indexes
    config.mdx_configs.setdefault("toc", {})["slugify"] = slugify
    if _site is None or not _inner_build(config):
        _site = build_site(Path(config.config_file_path).resolve().parent)
        write_generated(Path(config.docs_dir) / GENERATED, generated(_site))
        _indexes = SearchIndexes(_site.root, frozenset(_site.trace.rules))
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """The navigation from the files present; the theme's unused search files left out."""
    assert _site is not None
    config.nav = build_nav(files, _site.root, _language(config))
    unused = set(unused_assets(f.src_uri for f in files))
    for file in [f for f in files if f.src_uri in unused]:
        files.remove(file)
    return files


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    lang = _language(config)
    assert _site is not None
    chapter_titles(nav, _site.root, lang)
    _english_urls.clear()
    _english_urls.update(page.url for page in nav.pages if _fallback(page, lang))
    return nav


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Material's own indexing is switched off (``search`` indexes the pages); ruling IDs become
    anchors and links; spec pages get the block beside every rule, the pages of a game's chapter
    its flow diagram, and each chapter's first page the table of its rules' coverage."""
    assert _site is not None
    page.meta["search"] = {"exclude": True}
    uri = page.file.src_uri
    if uri.startswith(f"{GENERATED}/code/"):
        return markdown
    markdown = link_mentions(uri, markdown, _site.rulings.english())
    if not uri.startswith("spec/"):
        return markdown
    lang = _language(config)
    _, english = page_language(uri)
    game, _, section = english.removeprefix("spec/").removesuffix(".md").partition("/")
    if game in FLOW_GAMES and section:
        markdown = with_flow(markdown, game, lang, section, page.url)
    markdown = annotate(_site, uri, markdown, lang)
    if game in CHAPTERS and section == "index":
        markdown += "\n" + "\n".join(chapter_table(_site, uri, game, Words(lang)))
    return markdown


def on_page_context(
    context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Navigation
) -> dict[str, Any]:
    """After the i18n plugin (priority 50): relative language links, the rows of the spec's tables
    that define a name anchored, the English-only note, and the page's prose into its language's
    search index."""
    lang = _language(config)
    # The i18n plugin sets the switcher's links as an attribute of ``extra`` for each page.
    alternates = getattr(config.extra, "alternate", None) or config.extra.get("alternate")
    if isinstance(alternates, list):
        relative_alternates(alternates, config.site_url)
    if page.content and page.file.src_uri.startswith("spec/"):
        page.content = name_rows(page.content)
    if _fallback(page, lang):
        context["ps_fallback"] = Words(lang)("fallback")
    elif page.content and indexed(page_language(page.file.src_uri)[1]):
        _indexes.add(lang, page.url, page.content, page.title or "")
    return context


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """No head alternates; links to English-only pages, and the contents of an English-only page
    or of a code page, marked as English."""
    output = drop_head_alternates(output)
    if page.file.src_uri.startswith(f"{GENERATED}/code/") or _fallback(page, _language(config)):
        output = mark_toc_english(output)
    if _english_urls:
        output = mark_english_links(output, page.url, _english_urls, Words(_language(config))("fallback"))
    return output


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    """The static pages (``404.html``) too."""
    return drop_head_alternates(output_content)


@event_priority(-150)
def on_post_build(config: MkDocsConfig) -> None:
    """After the i18n plugin has built every language (it runs at priority -100)."""
    if not _inner_build(config):
        site_dir = Path(config.site_dir)
        _indexes.write(site_dir)
        write_sitemaps(site_dir, config.site_url)

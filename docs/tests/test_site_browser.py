"""The built site in a real headless Chromium (Debian's ``/usr/bin/chromium`` driven by Playwright),
served by a local http.server on 127.0.0.1: a rule page opens in each language, the language
switcher lands on the same rule in the other language, and search on a Russian or French page
answers with pages of that language. Screenshots go to ``reports/site/``.

Without Chromium the tests are skipped, except under CI (``CI=true``), where they must run.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from pokerspec.traceability import TRANSLATIONS, RuleTrace, Traceability, translation_path

pytestmark = pytest.mark.browser

CHROMIUM = Path(os.environ.get("POKERSPEC_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-dev-shm-usage"]
TIMEOUT_MS = 15_000


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output clean."""


@pytest.fixture(scope="module")
def server(site_dir: Path) -> Iterator[str]:
    """The built site on a random free port of 127.0.0.1, in a thread, shut down after the tests."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site_dir)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but there is no Chromium at {CHROMIUM} (.ci/run installs Debian's)")
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium (CI installs it and runs this)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(TIMEOUT_MS)
    try:
        yield tab
    finally:
        context.close()


@pytest.fixture(scope="module")
def rule(trace: Traceability) -> RuleTrace:
    """The first rule of the spec that every language carries: the rule the tests open."""
    for candidate in trace.rules.values():
        if all(lang in candidate.languages for lang in TRANSLATIONS):
            return candidate
    pytest.fail("no rule of the English spec is present in every translation")


def url_of(base: str, spec_page: str, lang: str, anchor: str = "") -> str:
    stem = spec_page.removesuffix(".md").removesuffix("/index").removesuffix("index")
    prefix = "" if lang == "en" else f"{lang}/"
    return f"{base}/{prefix}{stem}/" + (f"#{anchor}" if anchor else "")


def heading_title(trace: Traceability, rule: RuleTrace, lang: str) -> str:
    path = translation_path(rule.page, lang)
    page = next(p for p in trace.pages if p.path == path)
    return next(h.title for h in page.headings if h.anchor == rule.id)


def search_word(trace: Traceability, lang: str) -> str:
    """A word of the language to search for: the longest word of a rule heading in that language
    that the English spec does not use."""
    english = {w.lower() for r in trace.rules.values() for w in re.findall(r"\w+", r.title)}
    words = [str(w) for r in trace.rules.values() if lang in r.languages
             for w in re.findall(r"[^\W\d_]{5,}", heading_title(trace, r, lang)) if w.lower() not in english]
    assert words, f"no {lang} word found in the rule headings"
    return max(words, key=len)


def shows_rule(page: Any, rule: RuleTrace, lang: str) -> None:
    page.wait_for_load_state("load")
    assert page.locator("html").get_attribute("lang") == lang
    heading = page.locator(f'[id="{rule.id}"]')
    assert heading.count() == 1, f"{page.url}: no element with id {rule.id}"
    assert heading.is_visible()


@pytest.mark.parametrize("lang", ["en", *TRANSLATIONS])
def test_rule_page_opens_in_each_language(page: Any, server: str, rule: RuleTrace, trace: Traceability,
                                          lang: str, screenshots: Path) -> None:
    page.goto(url_of(server, rule.page, lang, rule.id))
    shows_rule(page, rule, lang)
    title = rule.title if lang == "en" else heading_title(trace, rule, lang)
    assert title.split()[0] in page.locator(f'[id="{rule.id}"]').inner_text()
    page.screenshot(path=str(screenshots / f"rule-{lang}.png"))


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_language_switcher_lands_on_the_same_rule(page: Any, server: str, rule: RuleTrace, lang: str,
                                                  screenshots: Path) -> None:
    page.goto(url_of(server, rule.page, "en", rule.id))
    shows_rule(page, rule, "en")
    page.locator(".md-header__option .md-select").first.hover()
    page.locator(f'a.md-select__link[hreflang="{lang}"]').click()
    page.wait_for_url(url_of(server, rule.page, lang, rule.id))
    shows_rule(page, rule, lang)
    page.screenshot(path=str(screenshots / f"switch-en-to-{lang}.png"))


def search_for(page: Any, word: str) -> Any:
    """Search for ``word`` and return the results once they show. The word goes in at once and
    one key-up asks the question: typed key by key, every prefix is a query of its own over
    the index of all four languages, and on a loaded machine that queue outlasted the wait (the
    Russian search flaked)."""
    search = page.locator("input.md-search__input")
    search.click()
    search.fill(word)
    search.press("End")
    results = page.locator("li.md-search-result__item a.md-search-result__link")
    results.first.wait_for(state="visible")
    return results


@pytest.mark.parametrize("lang", ["ru", "fr"])
def test_search_answers_in_the_page_language(page: Any, server: str, rule: RuleTrace, trace: Traceability,
                                             lang: str, screenshots: Path) -> None:
    word = search_word(trace, lang)
    page.goto(url_of(server, rule.page, lang))
    page.wait_for_load_state("load")
    results = search_for(page, word)
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
    page.screenshot(path=str(screenshots / f"search-{lang}.png"))
    assert hrefs, f"searching {word!r} on a {lang} page found nothing"
    foreign = [h for h in hrefs if not h.startswith(f"{server}/{lang}/")]
    assert not foreign, f"searching {word!r} on a {lang} page found pages of other languages: {foreign}"

"""The built site in a real headless Chromium (Debian's ``/usr/bin/chromium`` driven by Playwright),
served by a local http.server on 127.0.0.1: a rule page opens in each language, the language
switcher lands on the same rule in the other language, a Russian rule page's panel has no English
label, the coverage panels and a chapter's coverage table read on a phone, search answers with
prose in the page's language (word forms included, never code blocks), rule IDs, ruling IDs, code
names, Latin-script and accent-free words find their definitions first, the glossary and the
rulings pages are reached, no page asks for a file that does not exist, and the home page's
language links work when the site is served below a path. Screenshots go to ``reports/site/``
(desktop and a 390-pixel phone).

Without Chromium the tests are skipped, except under CI (``CI=true``), where they must run.
"""

from __future__ import annotations

import functools
import re
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from pokersite.check import HOLE
from pokersite.words import table
from pokerspec.regress.coverage import RuleCoverage
from pokerspec.traceability import TRANSLATIONS, RuleTrace, Traceability, translation_path

pytestmark = pytest.mark.browser

TIMEOUT_MS = 15_000
SEARCH_TIMEOUT_MS = 45_000
"""Search answers in well under a second on a quiet machine (the test prints the time); the
generous limit keeps a busy CI machine from failing it."""
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
PREFIX = "/pokerspec"
"""The path below which the second server publishes the site (as a project site would be)."""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output clean."""


class _BelowPath(_Quiet):
    """The site served below ``PREFIX``: ``/pokerspec/ru/`` is the file ``ru/index.html``."""

    def translate_path(self, path: str) -> str:
        if not path.startswith(PREFIX + "/"):
            return str(Path(self.directory) / "missing")
        return super().translate_path(path[len(PREFIX):])


def _serve(handler: Any) -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(site_dir: Path) -> Iterator[str]:
    """The built site on a random free port of 127.0.0.1, in a thread, shut down after the tests."""
    yield from _serve(functools.partial(_Quiet, directory=str(site_dir)))


@pytest.fixture(scope="module")
def below_path(site_dir: Path) -> Iterator[str]:
    yield from _serve(functools.partial(_BelowPath, directory=str(site_dir)))


def _tab(browser: Any, viewport: dict[str, int]) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport)
    tab = context.new_page()
    tab.set_default_timeout(TIMEOUT_MS)
    missing: list[str] = []
    tab.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    tab.missing = missing
    try:
        yield tab
    finally:
        context.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from _tab(browser, DESKTOP)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    yield from _tab(browser, PHONE)


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
    page.wait_for_load_state("networkidle")
    assert not page.missing, f"{page.url} asked for files that do not exist: {page.missing}"
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


def test_home_language_links_work_below_a_path(page: Any, below_path: str) -> None:
    """Served below /pokerspec/, the home pages' language links stay inside the site."""
    page.goto(f"{below_path}{PREFIX}/ru/")
    assert page.locator("html").get_attribute("lang") == "ru"
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="fr"]').click()
    page.wait_for_url(f"{below_path}{PREFIX}/fr/")
    page.locator(".md-header__option .md-select").first.hover()
    page.locator('a.md-select__link[hreflang="en"]').click()
    page.wait_for_url(f"{below_path}{PREFIX}/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.wait_for_load_state("networkidle")
    assert not page.missing, f"files that do not exist: {page.missing}"


IDS = re.compile(r"\b[a-z]+(?:\.[a-z0-9-]+){2,}|\b[a-z]+-[a-z]+-\d{4}\b|\bp\d\b")
"""Rule IDs, case IDs and seats: notation, not English."""


def english_labels() -> list[str]:
    """The English words the site generates (labels, data keys, token names) that differ from
    their Russian: none of them may appear in a Russian panel outside code and marked English."""
    words = table()
    return sorted({entry["en"] for section in words.values() for entry in section.values()
                   if entry.get("ru") != entry["en"] and len(entry["en"]) > 3})


PANEL_TEXT = """panel => {  // the text of a panel, without code (the code items are details.quote)
  const skip = el => el.matches('code, pre, .ps-cards, [lang="en"], details.quote');
  const walk = node => node.nodeType === Node.TEXT_NODE ? node.textContent
    : (node.nodeType === Node.ELEMENT_NODE && !skip(node)) ? [...node.childNodes].map(walk).join(' ') : '';
  return walk(panel);
}"""


def test_russian_panel_has_no_english_label(phone: Any, page: Any, server: str, screenshots: Path) -> None:
    """An Archie rule page in Russian: the panel's labels, data keys, phases, reasons and the
    titles and explanations of its cases are all Russian (its cases are translated)."""
    url = url_of(server, "spec/archie/06-award.md", "ru", "archie.award.split")
    page.goto(url)
    panel = page.locator("div.ps-rule").first
    cases = panel.locator("details.abstract")
    assert cases.locator('[lang="en"]').count() == 0, "an Archie case in the panel is not translated"
    text = " ".join(IDS.sub(" ", panel.evaluate(PANEL_TEXT)).split())
    assert "Код и тестовые случаи" in text and "Ожидаемый результат" in text
    found = [w for w in english_labels() if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    assert not found, f"English labels in the Russian panel: {found}"
    for tab, name in ((page, "desktop"), (phone, "phone")):
        if tab is phone:
            tab.goto(url)
        tab.locator("div.ps-rule > details > summary").first.click()
        tab.locator("div.ps-rule details.example > summary").first.click()
        tab.locator("div.ps-rule details.example").first.scroll_into_view_if_needed()
        tab.screenshot(path=str(screenshots / f"panel-ru-{name}.png"))


META_IS = "text => document.querySelector('.md-search-result__meta').textContent.trim() === text"
"""The search box's status line says ``text`` (ready, no result...)."""


def _search(page: Any, word: str) -> tuple[list[str], float]:
    """Type a word into the search box once the index is ready; the result links and the seconds
    from the page's load to the first result."""
    page.wait_for_load_state("load")
    loaded = time.monotonic()
    search = page.locator("input.md-search__input")
    search.click()
    placeholder = page.evaluate(
        "JSON.parse(document.getElementById('__config').textContent).translations['search.result.placeholder']")
    page.wait_for_function(META_IS, arg=placeholder, timeout=SEARCH_TIMEOUT_MS)
    search.fill(word)
    search.press("End")  # Material searches on keyup; typed Cyrillic or accented text sends none
    results = page.locator("li.md-search-result__item a.md-search-result__link")
    results.first.wait_for(state="visible", timeout=SEARCH_TIMEOUT_MS)
    seconds = time.monotonic() - loaded
    return [results.nth(i).get_attribute("href") or "" for i in range(results.count())], seconds


@pytest.mark.parametrize(("lang", "word", "found"), [
    ("ru", "квалификация", "квалификац"),  # the chapters say квалификации, квалификацию
    ("fr", "abattages", "abattage"),  # the chapters say abattage, l'abattage
])
def test_search_finds_word_forms_in_prose(page: Any, phone: Any, server: str, lang: str, word: str,
                                          found: str,
                                          screenshots: Path) -> None:
    page.goto(url_of(server, "spec/archie/05-qualifiers.md", lang))
    hrefs, seconds = _search(page, word)
    print(f"search {lang} {word!r}: {len(hrefs)} results, {seconds:.2f} s after load")
    assert hrefs, f"searching {word!r} on a {lang} page found nothing"
    foreign = [h for h in hrefs if not h.startswith(f"{server}/{lang}/")]
    assert not foreign, f"searching {word!r} on a {lang} page found pages of other languages: {foreign}"
    code = [h for h in hrefs if "/reference/code/" in h]
    assert not code, f"searching {word!r} found code pages: {code}"
    marked = page.locator("li.md-search-result__item mark").all_inner_texts()
    assert any(m.lower().startswith(found) for m in marked), f"no highlighted {found}… in the results"
    page.screenshot(path=str(screenshots / f"search-{lang}-desktop.png"))
    phone.goto(url_of(server, "spec/archie/05-qualifiers.md", lang))
    phone.locator("label.md-header__button[for='__search']").click()
    hrefs, _ = _search(phone, word)
    assert hrefs
    phone.screenshot(path=str(screenshots / f"search-{lang}-phone.png"))


FOUND = [  # what a reader or an author types -> the anchor of the first result (None: any result)
    ("ru", "AUC-11", "spec/auction/05-award/#AUC-11"),  # a ruling: its paragraph
    ("ru", "BARGE", None),  # a Latin-script word in Russian prose
    ("ru", "core.high.wheel", "spec/core/03-high/#core.high.wheel"),  # a rule: its heading
    ("ru", "round_bets", "spec/core/08-contract/#round_bets"),  # an outcome key: the contract's row
    ("ru", "high_rank5", "reference/code/pokerspec/core/high/#pokerspec.core.high.high_rank5"),  # code
    ("pt", "leilao", None),  # without its accent: leilão
    ("pt", "auction.award.both", "spec/auction/05-award/#auction.award.both"),
    ("fr", "ARC-3", "spec/archie/02-deal/#ARC-3"),
    ("en", "excluded_why", "spec/core/08-contract/#excluded_why"),
]
RESULT_ITEMS = """() => [...document.querySelectorAll('li.md-search-result__item')].map(li =>
  [...li.querySelectorAll('a.md-search-result__link')].map(a => a.getAttribute('href')))"""
SNIPPETS = """() => [...document.querySelectorAll('li.md-search-result__item article')].map(article => {
  const copy = article.cloneNode(true);
  copy.querySelectorAll('.md-tags').forEach(el => el.remove());
  copy.querySelectorAll('code').forEach(el => { el.textContent = 'name'; });
  return copy.textContent;
})"""


@pytest.mark.parametrize("lang", ["ru", "pt", "fr", "en"])
def test_search_finds_ids_names_and_words(page: Any, server: str, lang: str, screenshots: Path) -> None:
    """Rule IDs, ruling IDs and code names lead first to the rule, the contract's row or the code
    page that defines them (never stemmed, in any script); a Latin-script word is a word of the
    Russian index; accents are optional; no snippet has a hole where inline code was."""
    for n, (_, query, target) in enumerate(f for f in FOUND if f[0] == lang):
        page.goto(url_of(server, "spec/archie/05-qualifiers.md", lang))
        _search(page, query)
        items = [[re.sub(r"\?h=[^#]*", "", h) for h in links] for links in page.evaluate(RESULT_ITEMS)]
        root = f"{server}/" + ("" if lang == "en" else f"{lang}/")
        assert items and all(h.startswith(root) for links in items for h in links), (query, items[:2])
        if target is not None:
            best = next(h for h in items[0] if "#" in h)
            assert best == root + target, f"searching {query!r} on the {lang} site: first result {best}"
        if lang != "fr":
            holes = [t for t in page.evaluate(SNIPPETS) if HOLE.search(" ".join(t.split()))]
            assert not holes, f"searching {query!r}: snippets with a hole: {holes[:2]}"
        if n == 0:
            page.screenshot(path=str(screenshots / f"search-{lang}-{query}.png"))


def test_glossary_in_russian(page: Any, phone: Any, server: str, screenshots: Path) -> None:
    page.goto(f"{server}/ru/reference/glossary/")
    assert page.locator("h1").inner_text().startswith("Глоссарий")
    row = page.locator("tr", has=page.locator("td#bid"))
    assert "заявка" in row.inner_text() and "offre" in row.inner_text()
    row.locator("a").first.click()
    page.wait_for_url(re.compile(r"/ru/spec/auction/02-auctions/#auction\.auction\.bid$"))
    page.goto(f"{server}/ru/reference/glossary/")
    page.screenshot(path=str(screenshots / "glossary-ru-desktop.png"), full_page=False)
    phone.goto(f"{server}/ru/reference/glossary/")
    phone.screenshot(path=str(screenshots / "glossary-ru-phone.png"), full_page=False)


def test_ruling_link_leads_to_the_rulings_page(page: Any, server: str, screenshots: Path) -> None:
    """On a Russian chapter a ruling's ID links to its entry, which links back to the paragraph."""
    page.goto(url_of(server, "spec/archie/02-deal.md", "ru"))
    page.locator('a.ps-ruling[id="ARC-50"] + strong a').click()
    page.wait_for_url(re.compile(r"/ru/reference/rulings/#ARC-50$"))
    entry = page.locator('[id="ARC-50"]')
    assert entry.is_visible()
    page.screenshot(path=str(screenshots / "rulings-ru.png"))
    page.locator("h3#ARC-50 ~ p a[href*='spec/archie/02-deal/#ARC-50']").first.click()
    page.wait_for_url(re.compile(r"/ru/spec/archie/02-deal/#ARC-50$"))


COMPLIANCE_JS = """() => {
  const wrap = document.querySelector('.ps-compliance .md-typeset__scrollwrap')
    || document.querySelector('.ps-compliance');
  const scroller = document.querySelector('.ps-compliance .md-typeset__table')?.parentElement || wrap;
  const rows = [...document.querySelectorAll('.ps-compliance tbody tr')];
  const view = document.documentElement.clientWidth;
  const seen = (phase) => rows.map((row) => {
    const box = row.cells[0].getBoundingClientRect();
    const img = row.cells[row.cells.length - 1].querySelector('img');
    const badge = img.getBoundingClientRect();
    return {phase, name: row.cells[0].innerText.trim(), left: box.left, right: box.right,
            badge: badge.height, natural: img.naturalHeight};
  });
  const before = seen('start');
  for (const el of document.querySelectorAll('.ps-compliance *')) { el.scrollLeft = el.scrollWidth; }
  const after = seen('scrolled');
  return {view, rows: rows.length, cells: before.concat(after)};
}"""


@pytest.mark.parametrize("width", [DESKTOP, PHONE], ids=["1280", "390"])
def test_compliance_table_keeps_the_engine_in_view(browser: Any, server: str, width: dict[str, int],
                                                   screenshots: Path) -> None:
    """On the compliance summary, at 1280 and 390 pixels, every engine's name stays inside the
    window even with the table scrolled all the way right, and every status badge is drawn at
    its own height (20 px), not shrunk into a narrow cell."""
    tabs = _tab(browser, width)
    tab = next(tabs)
    tab.goto(f"{server}/engines/compliance/")
    tab.wait_for_function("() => [...document.querySelectorAll('.ps-compliance img')].every(i => i.complete)")
    found = tab.evaluate(COMPLIANCE_JS)
    assert found["rows"] >= 15
    for cell in found["cells"]:
        assert cell["name"] and cell["left"] >= 0 and cell["right"] <= found["view"], cell
        assert cell["badge"] >= 18 and cell["natural"] >= 18, cell
    tab.screenshot(path=str(screenshots / f"compliance-{width['width']}.png"), full_page=False)
    assert not tab.missing
    tabs.close()


FLOW_JS = """() => {
  const scroller = document.querySelector('.ps-flow .ps-flow-scroll');
  const svg = scroller.querySelector('svg');
  const texts = [...svg.querySelectorAll('text')];
  const outside = [...svg.querySelectorAll('a.ps-flow-stage')].flatMap(stage => {
    const box = stage.querySelector('rect').getBBox();
    return [...stage.querySelectorAll('text')].filter(text => {
      const b = text.getBBox();
      return b.x < box.x || b.x + b.width > box.x + box.width
        || b.y < box.y || b.y + b.height > box.y + box.height;
    }).map(text => text.textContent);
  });
  return {page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth,
          scroll: scroller.scrollWidth, box: scroller.clientWidth,
          overflow: getComputedStyle(scroller).overflowX,
          drawn: svg.getBoundingClientRect().width, width: Number(svg.getAttribute('width')),
          smallest: Math.min(...texts.map(text => parseFloat(getComputedStyle(text).fontSize))), outside};
}"""
LAST_STAGE_JS = """() => {
  const scroller = document.querySelector('.ps-flow .ps-flow-scroll');
  scroller.scrollLeft = scroller.scrollWidth;
  const stages = scroller.querySelectorAll('a.ps-flow-stage');
  const box = stages[stages.length - 1].getBoundingClientRect();
  return [box.left, box.right, document.documentElement.clientWidth];
}"""


@pytest.mark.parametrize("lang", ["en", *TRANSLATIONS])
def test_flow_reads_on_a_phone(phone: Any, page: Any, server: str, lang: str, screenshots: Path) -> None:
    """Each game's flow diagram at 390 pixels: drawn at its own size (text of 12 px or more, every
    line inside its box), it scrolls sideways inside its frame, the page itself never does, and the
    last stage scrolls into view; at 1280 pixels too, every line stays inside its box."""
    for game in ("archie", "auction", "stud"):
        phone.goto(url_of(server, f"spec/{game}/index.md", lang))
        seen = phone.evaluate(FLOW_JS)
        where = f"{lang} {game}: {seen}"
        assert seen["page"] <= seen["view"], f"the page scrolls sideways: {where}"
        assert seen["overflow"] == "auto" and seen["scroll"] > seen["box"], f"no sideways scroll: {where}"
        assert abs(seen["drawn"] - seen["width"]) < 1, f"the diagram is shrunk: {where}"
        assert seen["smallest"] >= 12 and not seen["outside"], where
        phone.screenshot(path=str(screenshots / f"flow-{game}-{lang}-phone.png"))
        left, right, view = phone.evaluate(LAST_STAGE_JS)
        assert left >= 0 and right <= view, f"{lang} {game}: the last stage is at {left}..{right} of {view}"
        section = "03-streets" if game == "stud" else "03-betting"
        page.goto(url_of(server, f"spec/{game}/{section}.md", lang))
        assert not page.evaluate(FLOW_JS)["outside"], f"{lang} {game}: lines outside their boxes"
        if lang == "ru":
            page.screenshot(path=str(screenshots / f"flow-{game}-ru-desktop.png"))


WIDTH_JS = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


@pytest.mark.parametrize("lang", ["en", *TRANSLATIONS])
def test_coverage_reads_on_a_phone(phone: Any, server: str, covered: dict[str, RuleCoverage], lang: str,
                                   screenshots: Path) -> None:
    """At 390 pixels the coverage panel beside a pinned and beside a waived rule opens, with each
    misreading's English sentence labelled on a translated page, and the core chapter's coverage
    table is shown; the page never scrolls sideways."""
    for status, rule in covered.items():
        phone.goto(url_of(server, rule.page, lang, rule.rule))
        panel = phone.locator(f'[id="{rule.rule}"] ~ div.ps-rule').first.locator("details.ps-coverage")
        panel.locator("summary").click()
        assert panel.get_attribute("open") is not None and panel.locator("p").first.is_visible()
        if lang != "en":
            marked = panel.locator(".ps-en[lang='en']")
            assert marked.count() == len(rule.misreadings) + bool(rule.waiver), f"{lang} {rule.rule}"
        panel.scroll_into_view_if_needed()
        page, view = phone.evaluate(WIDTH_JS)
        assert page <= view, f"{lang} {rule.rule}: the page scrolls sideways ({page} > {view})"
        if lang == "ru":
            phone.screenshot(path=str(screenshots / f"coverage-{status}-ru-phone.png"))
    phone.goto(url_of(server, "spec/core/index.md", lang, "coverage"))
    table = phone.locator("div.ps-coverage table")
    table.scroll_into_view_if_needed()
    assert table.is_visible() and table.locator("tbody tr").count() > 0
    page, view = phone.evaluate(WIDTH_JS)
    assert page <= view, f"{lang}: the core chapter's page scrolls sideways ({page} > {view})"
    if lang == "ru":
        phone.screenshot(path=str(screenshots / "coverage-table-ru-phone.png"))


EMPTY_HIGHLIGHT = re.compile(r"[?&]h=(?:&|#|$)")


def test_russian_search_keeps_poker_words_and_ranks_the_rules_first(page: Any, server: str,
                                                                    screenshots: Path) -> None:
    """"анте" finds a chapter before any case page; "бринг-ин" is one word, found and highlighted
    whole; "ин" finds no "олл-ин" or "бринг-ин"; no result link carries an empty ``?h=``."""
    root = f"{server}/ru/"
    for query in ("анте", "бринг-ин", "олл-ин", "ин"):
        page.goto(url_of(server, "spec/archie/05-qualifiers.md", "ru"))
        _search(page, query)
        items = page.evaluate(RESULT_ITEMS)
        links = [h for group in items for h in group]
        empty = [h for h in links if EMPTY_HIGHLIGHT.search(h)]
        assert not empty, f"searching {query!r}: links with an empty ?h=: {empty[:3]}"
        marked = [m.lower() for m in page.locator("li.md-search-result__item mark").all_inner_texts()]
        if query == "ин":
            assert not [m for m in marked if "-ин" in m], f"searching 'ин' highlighted {sorted(set(marked))}"
        else:
            assert items[0][0].startswith(root + "spec/"), f"searching {query!r}: first result {items[0][0]}"
        if "-" in query:
            assert query in marked, f"searching {query!r} highlighted {sorted(set(marked))[:8]}"
            assert "ин" not in marked, f"searching {query!r} highlighted 'ин' alone"
        page.screenshot(path=str(screenshots / f"search-ru-{query}.png"))

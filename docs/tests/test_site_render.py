"""The site's generated content, on a tiny checkout made in a temporary folder: rule blocks land
after each rule's text, code and case pages link back to the rules, the traceability page shows a
missing translation, cards are drawn as cards, and the search index is split by language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pokersite.cards import action_html, card_html
from pokersite.model import Site, build_site
from pokersite.pages import generated
from pokersite.panels import annotate
from pokersite.paths import CASES_INDEX, TRACE_PAGE
from pokersite.search import SPEC_BOOST, SearchIndexes, entries, name_rows

HIGH = """# 3. High hands

### Categories {#core.high.categories}

Nine categories.

### The wheel {#core.high.wheel}

A-2-3-4-5 is the lowest straight.

## Notes

Not a rule.
"""

CODE = '''"""High hands."""


def straight_top(ranks: list[int]) -> int:
    """The top card; the wheel counts five high (``core.high.wheel``)."""
    return max(ranks)


LIMIT = 5
"""Five cards (``core.high.categories``)."""
'''

CASE = {
    "format": 1, "id": "core-high-0001", "title": "The wheel loses to a six-high straight",
    "explanation": "A-2-3-4-5 is five high, so 2-3-4-5-6 beats it.", "rules": ["core.high.wheel"],
    "game": "core", "kind": "ranking", "level": "required",
    "setup": {"ranking": "high", "hands": [["As", "2d", "3c", "4h", "5s"], ["2c", "3d", "4c", "5h", "6s"]]},
    "expect": {"order": [[1], [0]], "categories": ["straight", "straight"]},
}


def _write(root: Path, path: str, text: str) -> None:
    file = root / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path) -> Site:
    _write(tmp_path, "spec/core/03-high.md", HIGH)
    for lang in ("ru", "pt"):  # no French page: the traceability page must say so
        _write(tmp_path, f"spec/core/03-high.{lang}.md", HIGH.replace("# 3. High hands", f"# 3 ({lang})"))
    _write(tmp_path, "reference/pokerspec/core/high.py", CODE)
    _write(tmp_path, "conformance/vectors/core/high/core-high-0001.json", json.dumps(CASE))
    return build_site(tmp_path)


def test_code_items_are_the_definitions_that_cite(site: Site) -> None:
    items = {(i.qualname, i.line, i.end_line): i.rules for i in site.code}
    assert items == {
        ("straight_top", 4, 6): ("core.high.wheel",),
        ("LIMIT", 9, 10): ("core.high.categories",),
    }


def test_rule_block_follows_the_rule_text(site: Site) -> None:
    out = annotate(site, "spec/core/03-high.md", HIGH, "ru").splitlines()
    wheel = out.index("### The wheel {#core.high.wheel}")
    notes = out.index("## Notes")
    blocks = [i for i, line in enumerate(out) if line.startswith('??? abstract "')]
    assert len(blocks) == 2
    assert wheel < blocks[1] < notes, "the wheel's block must sit between its text and the next heading"
    block = "\n".join(out[blocks[1] : notes])
    assert "Код и тестовые случаи · `core.high.wheel`" in block
    assert "../../reference/code/pokerspec/core/high.md#pokerspec.core.high.straight_top" in block
    assert "../../reference/cases/core/high.md#core-high-0001" in block
    assert card_html("As") in block, "the case's hands are drawn as cards"


def test_generated_pages_link_back_to_the_rules(site: Site) -> None:
    pages = generated(site)
    case_page = pages["reference/cases/core/high.md"]
    assert "## core-high-0001 {#core-high-0001}" in case_page
    assert "[`core.high.wheel`](../../../spec/core/03-high.md#core.high.wheel)" in case_page
    code_page = pages["reference/code/pokerspec/core/high.md"]
    assert "## `straight_top` {#pokerspec.core.high.straight_top}" in code_page
    assert "[`core.high.wheel`](../../../../spec/core/03-high.md#core.high.wheel)" in code_page
    assert "- [core: 3. High hands](core/high.md) — 1 cases" in pages[CASES_INDEX]


def test_traceability_page_shows_each_translation(site: Site) -> None:
    page = generated(site)[TRACE_PAGE]
    row = next(line for line in page.splitlines() if line.startswith('| <a id="core.high.wheel">'))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1] == "The wheel" and cells[4:] == ["✓", "✓", "✗ missing"], row
    assert "spec/core/03-high.fr.md" in page, "the open problems name the missing page"


def test_cards_and_actions_are_drawn_as_cards() -> None:
    assert card_html("Th") == '<span class="ps-card ps-h">10♥</span>'
    assert card_html("A♠") == '<span class="ps-card ps-s">A♠</span>'
    assert card_html("Xx") == "<code>Xx</code>"
    assert action_html("p1 cbr 4") == "<code>p1 cbr 4</code>"
    assert action_html("p2 sd 7c") == f"<code>p2 sd</code> <span class=\"ps-cards\">{card_html('7c')}</span>"


def test_search_index_has_prose_only(tmp_path: Path) -> None:
    """Code blocks, panels, notation and text marked as another language stay out of the index;
    inline code stays in its sentence; each heading with an id starts a section, tagged with the
    rule's ID when it is a rule; a ruling's paragraph and a row that defines a name are entries of
    their own, tagged; each language is written to its own index."""
    html = ('<h1 id="t">Старшие комбинации</h1><p>Девять категорий <code>qualifies_high</code>.</p>'
            '<div class="ps-rule"><p>Код и случаи</p><div><p>inner</p></div><p>still panel</p></div>'
            '<h3 id="core.high.wheel">Колесо</h3>'
            '<p>A-2-3-4-5 — <span lang="en">English</span> младший стрит.</p>'
            '<p><a class="ps-ruling" id="ARC-9"></a><strong>Решение (ARC-9).</strong> Туз & пятёрка.</p>'
            + name_rows('<table><tr>\n<td><code>round_bets</code></td>\n<td>в этом круге</td></tr></table>')
            + '<pre><code>def straight_top(): ...</code></pre>')
    found = entries("spec/core/03-high/", html, "ru", "Page", {"core.high.wheel"})
    assert found == [
        {"location": "spec/core/03-high/", "title": "Старшие комбинации",
         "text": "Девять категорий <code>qualifies_high</code>."},
        {"location": "spec/core/03-high/#core.high.wheel", "title": "Колесо",
         "text": "A-2-3-4-5 — младший стрит.", "tags": ["core.high.wheel"]},
        {"location": "spec/core/03-high/#ARC-9", "title": "ARC-9",
         "text": "Решение (ARC-9). Туз &amp; пятёрка.", "tags": ["ARC-9"]},
        {"location": "spec/core/03-high/#round_bets", "title": "round_bets",
         "text": "<code>round_bets</code> в этом круге", "tags": ["round_bets"]},
    ]
    code = entries("reference/code/m/", '<h1 id="m">m</h1><p>Source.</p><h2 id="m.f"><code>f_1</code></h2>'
                   '<p>Implements <a href="#">Колесо</a>.</p>', "ru", "m")
    assert code[1] == {"location": "reference/code/m/#m.f", "title": "f_1", "text": "", "tags": ["f_1"]}
    indexes = SearchIndexes()
    indexes.add("ru", "ru/spec/core/03-high/", html, "Page")
    indexes.add("en", "spec/", "<h1 id='x'>Spec</h1><p>Text</p>", "Spec")
    indexes.write(tmp_path)

    def index(path: str) -> tuple[list[str], list[str]]:
        data = json.loads((tmp_path / path).read_text(encoding="utf-8"))
        return data["config"]["lang"], [d["location"] for d in data["docs"]]

    assert index("search/search_index.json") == (["en"], ["spec/"])
    assert index("ru/search/search_index.json") == (
        ["ru"], [d["location"] for d in found])
    assert index("fr/search/search_index.json") == (["fr"], [])
    config = json.loads((tmp_path / "ru/search/search_index.json").read_text(encoding="utf-8"))["config"]
    assert "stemmer" in config["pipeline"], "word forms are matched through the stemmer"


def test_russian_index_keeps_hyphenated_words_and_weighs_the_chapters(tmp_path: Path) -> None:
    """The Russian index splits at a hyphen only outside a Cyrillic word: "бринг-ин" and "олл-ин" are
    single words, so "ин" finds neither; a ruling ID and a Latin hyphenated word split as in the
    other languages. The chapters' entries weigh more than the case pages' ("анте" finds the
    chapter first); the worker reads both from the index."""
    indexes = SearchIndexes()
    indexes.add("ru", "ru/spec/stud/02-bringin/", "<h1 id='a'>Анте и бринг-ин</h1><p>Анте 1.</p>", "A")
    indexes.add("ru", "ru/reference/cases/stud/bringin/", "<h1 id='c'>Анте — случаи</h1>", "C")
    indexes.add("en", "spec/stud/02-bringin/", "<h1 id='a'>Antes and the bring-in</h1>", "A")
    indexes.write(tmp_path)
    ru = json.loads((tmp_path / "ru/search/search_index.json").read_text(encoding="utf-8"))
    en = json.loads((tmp_path / "search/search_index.json").read_text(encoding="utf-8"))

    def words(config: dict[str, str], text: str) -> list[str]:
        return [w for w in re.split(config["separator"], text) if w]

    text = "олл-ин бринг-ин AUC-11 high-low Анте-ин- -ин l'abattage"
    assert words(ru["config"], text) == ["олл-ин", "бринг-ин", "AUC-11", "high", "low", "Анте-ин", "ин",
                                         "l", "abattage"]
    assert words(en["config"], "bring-in AUC-11") == ["bring", "in", "AUC-11"]
    assert [d.get("boost", 1) for d in ru["docs"]] == [SPEC_BOOST, 1]
    assert SPEC_BOOST > 1

"""The glossary (spec/glossary.toml): every term in four languages, linked to a rule of the spec,
and the chapters use the word it fixes — wherever an English chapter uses a fixed term, its
translation uses the glossary's word, and no reader-facing page uses a form the glossary rules out
(French «enchère» for a bid, Brazilian «pôquer» in the European Portuguese pages...)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pokersite.glossary import Glossary, Term, read_glossary
from pokerspec.traceability import TRANSLATIONS, Traceability, collect

ROOT = Path(__file__).resolve().parents[2]


def reader_pages() -> list[Path]:
    """The pages a player or dealer reads, in every translation: the spec and the docs pages that
    exist in four languages (home, getting started, worked examples)."""
    pages = sorted(p for lang in TRANSLATIONS for p in (ROOT / "spec").rglob(f"*.{lang}.md"))
    pages += sorted(p for lang in TRANSLATIONS for p in (ROOT / "docs").rglob(f"*.{lang}.md")
                    if p.relative_to(ROOT / "docs").parts[0] not in ("reference", "spec"))
    return pages


@pytest.fixture(scope="module")
def trace() -> Traceability:
    return collect(ROOT)


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return read_glossary(ROOT / "spec" / "glossary.toml")


def test_every_term_is_complete(glossary: Glossary, trace: Traceability) -> None:
    assert len(glossary.terms) >= 30
    problems = glossary.problems(trace)
    assert not problems, "\n".join(problems)


def test_the_chapters_use_the_fixed_terms(glossary: Glossary, trace: Traceability) -> None:
    problems = glossary.usage_problems(ROOT, trace, reader_pages())
    assert not problems, f"{len(problems)} places differ from the glossary:\n  " + "\n  ".join(problems)


def test_the_check_finds_a_wrong_word(tmp_path: Path, trace: Traceability) -> None:
    """The check can fail: a French page that calls a bid «enchère», and a translation that lacks
    the fixed word although its English page uses the term."""
    page = tmp_path / "spec" / "auction" / "02-auctions.fr.md"
    page.parent.mkdir(parents=True)
    page.write_text("Le joueur qui a la plus forte enchère choisit.", encoding="utf-8")
    english = tmp_path / "spec" / "auction" / "02-auctions.md"
    english.write_text("The highest bid picks first.", encoding="utf-8")
    words = {"en": "bid", "ru": "заявка", "pt": "lance", "fr": "offre"}
    match = {"en": r"\bbids?\b", "ru": "заявк", "pt": "lance", "fr": "offr"}
    bid = Term("bid", "auction.auction.bid", words, {}, True, match, {"fr": ("forte enchère",)})
    pages = tuple(p for p in trace.pages if p.path == "spec/auction/02-auctions.md")
    small = Traceability({}, pages, {}, {}, {})
    problems = Glossary((bid,)).usage_problems(tmp_path, small, [page])
    assert problems == [
        "spec/auction/02-auctions.fr.md: uses no «offre» (bid) although spec/auction/02-auctions.md "
        "speaks of «bid»",
        "spec/auction/02-auctions.fr.md: «forte enchère» — the glossary says «offre» (bid)",
    ]

"""The glossary (spec/glossary.toml): every term in four languages, linked to a rule of the spec,
and the chapters use the word it fixes — wherever an English chapter uses a fixed term, its
translation uses the glossary's word, and no reader-facing text uses a form the glossary rules out
(French «enchère» for a bid, Brazilian «pôquer» or «registrada» in the European Portuguese pages...):
neither the pages nor the translated words the site shows beside them (case translations, the
rulings, the site's words, the viewer's labels)."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from pokersite.glossary import English, Form, Glossary, Term, prose, read_glossary
from pokersite.words import format_names
from pokerspec.traceability import TRANSLATIONS, Traceability, collect
from pokerspec.viewer.page import labels

ROOT = Path(__file__).resolve().parents[2]


def reader_pages() -> list[Path]:
    """The pages a player or dealer reads, in every translation: the spec and the docs pages that
    exist in four languages (home, getting started, worked examples)."""
    pages = sorted(p for lang in TRANSLATIONS for p in (ROOT / "spec").rglob(f"*.{lang}.md"))
    pages += sorted(p for lang in TRANSLATIONS for p in (ROOT / "docs").rglob(f"*.{lang}.md")
                    if p.relative_to(ROOT / "docs").parts[0] not in ("reference", "spec"))
    return pages


def translated_texts() -> Iterator[tuple[str, str, str]]:
    """(where, language, text) of every translated text outside the pages: the cases' ``i18n``,
    ``spec/rulings.toml``, the site's words and the viewer's labels."""
    for path in sorted((ROOT / "conformance" / "vectors").glob("*/*/*.json")):
        for lang, entry in json.loads(path.read_text(encoding="utf-8")).get("i18n", {}).items():
            texts = [entry.get("title", ""), entry.get("explanation", ""), *entry.get("notes", {}).values()]
            yield f"{path.stem} [{lang}]", lang, " ".join(texts)

    def leaves(where: str, value: object, lang: str | None = None) -> Iterator[tuple[str, str, str]]:
        if isinstance(value, dict):
            for key, inner in value.items():
                yield from leaves(f"{where}.{key}", inner, key if key in TRANSLATIONS else lang)
        elif isinstance(value, str) and lang:
            yield where, lang, value

    for name in ("spec/rulings.toml", "docs/hooks/pokersite/words.toml"):
        yield from leaves(name, tomllib.loads((ROOT / name).read_text(encoding="utf-8")))
    labels = ROOT / "reference" / "pokerspec" / "viewer" / "labels.json"
    yield from leaves("viewer/labels.json", json.loads(labels.read_text(encoding="utf-8")))


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


def test_the_translated_texts_use_the_glossary_forms(glossary: Glossary) -> None:
    texts = list(translated_texts())
    assert len({where.split(" ")[0] for where, _, _ in texts}) > 100, "the cases' translations were not read"
    problems = [p for where, lang, text in texts for p in glossary.wording_problems(where, lang, text)]
    assert not problems, f"{len(problems)} texts differ from the glossary:\n  " + "\n  ".join(problems)


def format_tokens() -> frozenset[str]:
    """The case format's names a translated text may quote as notation — not the hand categories,
    which every language names in its own words."""
    english = labels()["en"]
    assert isinstance(english, dict) and isinstance(english["category"], dict)
    return format_names() - set(english["category"])


GAMES = frozenset({"archie", "auction", "stud", "core"})


def shown_as_code(where: str) -> bool:
    """A case's translated text and a ruling are shown with the format's names they quote as code
    (``Words.prose``); a page and the site's own words only with the names that are no words
    (``excluded_why``, ``stud-fl-training``) and the games' IDs."""
    return where.endswith("]") or where.startswith("spec/rulings.toml")


def test_no_english_is_left_on_a_translated_page(glossary: Glossary) -> None:
    """Every reader page in Russian, Portuguese and French, and every translated text the site and
    the play page show (the cases, the rulings, the site's and the play page's words — the play
    page's strings are ``[play]`` there —, the viewer's labels), is in its language: no English
    word outside code and notation."""
    quoted = format_tokens()
    written = frozenset(n for n in quoted if re.search(r"[_-]", n)) | GAMES
    texts = [(str(p.relative_to(ROOT)), p.name.split(".")[-2], prose(p)) for p in reader_pages()]
    texts += list(translated_texts())
    english = glossary.english
    problems = [p for where, lang, text in texts
                for p in english.problems(where, lang, text, quoted if shown_as_code(where) else written)]
    assert not problems, f"{len(problems)} English words left:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize(("lang", "text", "term"), [
    ("ru", "Игроки олл-ин образуют побочные банки.", "side-pot"),
    ("ru", "Ставки делаются втайне и открываются одновременно.", "bid"),
    ("ru", "Вложено (анте, ставки на аукционах, торговля)", "bid"),
    ("pt", "Archie: duas mostras", "showdown"),
    ("pt", "Pilha depois da mão", "stack"),
    ("fr", "contre de simples joueurs intégrés", "built-in-player"),
])
def test_the_reported_slips_are_caught(glossary: Glossary, lang: str, text: str, term: str) -> None:
    """The wordings readers reported are each caught by the glossary's own patterns."""
    problems = glossary.wording_problems("x", lang, text)
    assert problems and all(p.endswith(f"({term})") for p in problems), problems


def test_the_check_finds_english() -> None:
    english = English(frozenset({"the", "high-card"}), {"fr": ("stud",)})
    names = frozenset({"malformed"})
    assert english.problems("x", "ru", "Рука Бориса — high-card; 'p1 xx' — malformed, As Kd, p2.", names) == [
        "x: English «high-card» on a page in ru"]
    assert english.problems("x", "fr", "Le stud : the main est high-card.", names) == [
        "x: English «the» on a page in fr", "x: English «high-card» on a page in fr"]
    assert english.problems("x", "en", "the high-card", names) == []


def test_the_check_finds_a_brazilian_form() -> None:
    form = Form("pt", (r"\bregistr\w*",), "registado", "European Portuguese")
    glossary = Glossary((), (form,))
    assert glossary.wording_problems("x", "pt", "uma mão registrada") == [
        "x: «registrada» — write «registado» (European Portuguese)"]
    assert glossary.wording_problems("x", "pt", "uma mão registada") == []
    assert glossary.wording_problems("x", "fr", "registrada") == []


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

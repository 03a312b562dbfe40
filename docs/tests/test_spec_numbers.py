"""Stale numbers in the translations: every rule paragraph of the spec (from its ``{#rule.id}``
heading to the next heading) states the same numbers in English, Russian, Portuguese and French.

The numbers of a paragraph are its digits ("1, 2 ou 3"); where the digits differ, its number
words from two to twelve count too ("sept joueurs", "семи игроков" against "7 players"), with
"one" left out in every language, since it is also an article ("un", "um") or a pronoun. A
changed limit in the English text that a translation still states the old way fails here,
naming the rule, the page and the numbers that differ.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from pokerspec.rules import TRANSLATIONS, read_headings, translation_path
from pokerspec.traceability import collect

ROOT = Path(__file__).resolve().parents[2]

WORDS: dict[str, dict[str, int]] = {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
           "eleven": 11, "twelve": 12},
    "ru": {"два": 2, "две": 2, "двух": 2, "двум": 2, "двумя": 2, "три": 3, "трёх": 3, "трех": 3, "трём": 3,
           "тремя": 3, "четыре": 4, "четырёх": 4, "четырех": 4, "четырьмя": 4, "пять": 5, "пяти": 5,
           "пятью": 5, "шесть": 6, "шести": 6, "семь": 7, "семи": 7, "восемь": 8, "восьми": 8, "девять": 9,
           "девяти": 9, "десять": 10, "десяти": 10, "одиннадцать": 11, "двенадцать": 12},
    "pt": {"dois": 2, "duas": 2, "três": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
           "nove": 9, "dez": 10, "onze": 11, "doze": 12},
    "fr": {"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
           "dix": 10, "onze": 11, "douze": 12},
}
"""Cardinal number words, two to twelve, as the spec writes them (Russian in its cases)."""

_STRIP = re.compile(r"\]\([^)]*\)|`[^`]*`|\{#[^}]*\}|\b(?:ARC|AUC|STUD|CORE)-\d+\b|<[^>]+>")
"""Link targets, code, anchors, ruling IDs and HTML: the same in every language, or not prose."""
_CARDS = re.compile(r"(?<!\w)(?:10|[2-9TJQKA])[cdhs♠♥♦♣](?!\w)"
                    r"|(?<![\w-])(?:10|[1-9TJQKA])(?:-(?:10|[1-9TJQKA]))+(?![\w-])")
"""Cards and hand patterns (K-K-5-5-2): notation, which the translations repeat or spell out."""
_TOKEN = re.compile(r"\d+|[^\W\d_]+")


def numbers(text: str, language: str, words_too: bool = False) -> Counter[int]:
    """The numbers a paragraph states in digits (and, ``words_too``, in words), as a multiset."""
    words = WORDS[language] if words_too else {}
    found: Counter[int] = Counter()
    for token in _TOKEN.findall(_CARDS.sub(" ", _STRIP.sub(" ", text))):
        if token.isdigit():
            found[int(token)] += 1
        elif token.lower() in words:
            found[words[token.lower()]] += 1
    return found


def paragraphs(path: Path) -> dict[str, str]:
    """Each rule's text on a page: from its heading to the next heading."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    heads = read_headings(text)
    found: dict[str, str] = {}
    for i, head in enumerate(heads):
        if head.anchor:
            end = heads[i + 1].line - 1 if i + 1 < len(heads) else len(lines)
            found[head.anchor] = "\n".join(lines[head.line:end])
    return found


def mismatches(english: str, other: str, language: str) -> str:
    """What differs between two paragraphs' numbers, or an empty string: their digits agree, or
    their digits and number words do (a translation may spell out what English writes in digits)."""
    en, theirs = numbers(english, "en"), numbers(other, language)
    if en == theirs or numbers(english, "en", True) == numbers(other, language, True):
        return ""
    missing, extra = en - theirs, theirs - en
    parts = [f"missing {sorted(missing.elements())}" if missing else "",
             f"not in English {sorted(extra.elements())}" if extra else ""]
    return "; ".join(p for p in parts if p)


TRACE = collect(ROOT)
PAGES = sorted({rule.page for rule in TRACE.rules.values()})


@pytest.mark.parametrize("page", PAGES)
def test_translations_state_the_english_numbers(page: str) -> None:
    english = paragraphs(ROOT / page)
    problems: list[str] = []
    for language in TRANSLATIONS:
        path = translation_path(page, language)
        theirs = paragraphs(ROOT / path)
        for rule, text in english.items():
            if rule in theirs and (diff := mismatches(text, theirs[rule], language)):
                problems.append(f"{path}: rule {rule}: {diff}")
    assert not problems, "numbers differ from the English paragraph:\n  " + "\n  ".join(problems)


def test_a_stale_translation_is_caught() -> None:
    english = "Every player chooses a bid of 1, 2, 3 or 4 chips."
    assert mismatches(english, "Chaque joueur choisit une offre de 1, 2 ou 3 jetons.", "fr") == "missing [4]"
    assert mismatches("2 to 7 players.", "De deux à sept joueurs.", "fr") == ""
    assert mismatches("2 to 7 players.", "От двух до семи игроков.", "ru") == ""

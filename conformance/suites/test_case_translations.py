"""Case translations (issue 17, item 1): the optional ``i18n`` field of the case format.

Every core, auction and stud case carries a Russian, Portuguese and French title and explanation,
and a note for each step that has one. A translation restates the English walk-through in other
words: it may not drop, add or change a card, seat, number, action, hand pattern, rejection
reason, rule or ruling ID, case ID or profile name. That is checked for every case that carries
translations, whatever its game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "conformance" / "vectors"
LANGUAGES = ("ru", "pt", "fr")
REQUIRED = ("core", "auction", "stud")
"""Games whose cases must all be translated (Archie's cases are translated with the site)."""
REQUIRED_LATER = frozenset({"auction-auctions-0001", "auction-award-0001"})
"""Auction cases that follow the Archie example pages and are translated with them."""

_CODE = re.compile(
    r"\b(?:core|archie|auction|stud)(?:\.[a-z0-9-]+)+[a-z0-9]"  # rule IDs
    r"|\b(?:core|archie|auction|stud)-[a-z]+-\d{4}\b"  # case IDs
    r"|\b(?:ARC|AUC|STUD|CORE)-\d+\b"  # rulings
    r"|\b[a-z]+(?:_[a-z]+)+\b"  # reasons, error codes, setup fields
    r"|\b(?i:remainder-to-first|one-each|reshuffle-burns|odd-chip-by-suit|last-aggressor"
    r"|fl-training|skip-last-burn)\b"  # odd-chip rules and profile names
)
_ACTION = re.compile(r"\b(?:cc|cbr|pb|sd|sm|mu|dec)\b(?: (?:\d+|[lhbx*])\b)?")
_PATTERN = re.compile(r"(?<![\w-])(?:10|[1-9TJQKA])(?:-(?:10|[1-9TJQKA]))+(?![\w-])")
_CARD = re.compile(r"(?<!\w)(?:10|[2-9TJQKA])[cdhs♠♥♦♣](?!\w)")
_SEAT = re.compile(r"\bp[1-9]\b")
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w])")
_PROSE_AS = re.compile(r"(?:^|[.:;!?] )As(?= (?:[a-zà-ÿ]|\d+(?![\dcdhs])))")
"""``As`` opening a sentence before a lower-case word or a number is the English or Portuguese
word ("As the first to show", "As 52 cartas"), not the ace of spades."""
NOT_CARDS = {("auction-auctions-0005", "explanation"): {"2s", "3s"}}
"""English words that read as cards: "3s p3, p6; 2s p2, p5" are the players who bid 3 and 2."""
_QUOTED = re.compile(r"(?<!\w)'([^']+)'(?!\w)")
_CLASSES = {"code": _CODE, "action": _ACTION, "hand pattern": _PATTERN, "card": _CARD,
            "seat": _SEAT, "number": _NUMBER}


def tokens(text: str) -> dict[str, set[str]]:
    """The notation a text states, by class; each class is read and then blanked out."""
    text = _PROSE_AS.sub(lambda m: m.group(0).replace("As", "__"), text)
    found: dict[str, set[str]] = {}
    for name, pattern in _CLASSES.items():
        found[name] = {t.lower() if name == "code" else t for t in pattern.findall(text)}
        text = pattern.sub(" ", text)
    return found


def literals(english: str) -> set[str]:
    """Quoted input that a translation must repeat exactly ('kH', 'dec x', '10♦')."""
    return {q for q in _QUOTED.findall(english)
            if re.search(r"[\d♠♥♦♣]", q) or (len(q) <= 3 and " " not in q) or _ACTION.match(q)}


def _cases() -> Iterator[tuple[str, dict[str, object]]]:
    for path in sorted(VECTORS.glob("*/*/*.json")):
        yield path.stem, json.loads(path.read_text(encoding="utf-8"))


CASES = dict(_cases())


def _texts(case: dict[str, object]) -> dict[str, str]:
    """The English title, explanation and notes, keyed as in ``i18n``."""
    texts = {"title": str(case["title"]), "explanation": str(case["explanation"])}
    steps = case.get("steps", [])
    assert isinstance(steps, list)
    for index, step in enumerate(steps):
        if "note" in step:
            texts[f"notes.{index}"] = str(step["note"])
    return texts


def _translated(case: dict[str, object], language: str) -> dict[str, str]:
    i18n = case.get("i18n", {})
    assert isinstance(i18n, dict)
    entry = i18n.get(language, {})
    texts = {key: entry[key] for key in ("title", "explanation") if key in entry}
    for index, note in entry.get("notes", {}).items():
        texts[f"notes.{index}"] = note
    return texts


@pytest.mark.parametrize("case_id", [c for c, case in CASES.items()
                                     if case["game"] in REQUIRED and c not in REQUIRED_LATER])
def test_case_is_translated(case_id: str) -> None:
    """Title, explanation and every step note exist in each language, and nothing else does."""
    case = CASES[case_id]
    for language in LANGUAGES:
        english, translated = _texts(case), _translated(case, language)
        assert set(translated) == set(english), (
            f"{case_id} [{language}]: missing {sorted(set(english) - set(translated))}, "
            f"unexpected {sorted(set(translated) - set(english))}")
        empty = [key for key, text in translated.items() if not text.strip()]
        assert not empty, f"{case_id} [{language}]: empty {empty}"


@pytest.mark.parametrize("case_id", [c for c, case in CASES.items() if "i18n" in case])
def test_translation_keeps_the_notation(case_id: str) -> None:
    """Each translated text states the same cards, seats, numbers and codes as the English."""
    case = CASES[case_id]
    problems = []
    for language in LANGUAGES:
        english = _texts(case)
        for key, text in _translated(case, language).items():
            if key not in english:
                continue
            want, got = tokens(english[key]), tokens(text)
            want["card"] -= NOT_CARDS.get((case_id, key), set()) - got["card"]
            for name in _CLASSES:
                if want[name] != got[name]:
                    problems.append(f"[{language}] {key}: {name} missing "
                                    f"{sorted(want[name] - got[name])}, added "
                                    f"{sorted(got[name] - want[name])}")
            lost = sorted(q for q in literals(english[key]) if q not in text)
            if lost:
                problems.append(f"[{language}] {key}: quoted input missing {lost}")
    assert not problems, f"{case_id}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize(("english", "translation", "caught"), [
    ("p1 bets 4 with As Kd", "p1 ставит 4 с As Kd", None),
    ("p1 bets 4 with As Kd", "p2 ставит 4 с As Kd", "seat"),
    ("p1 bets 4 with As Kd", "p1 ставит 5 с As Kd", "number"),
    ("p1 bets 4 with As Kd", "p1 ставит 4 с Ah Kd", "card"),
    ("p1's 7-4-3-2-A wins", "7-4-3-2-A de p1 gagne", None),
    ("p1's 7-4-3-2-A wins", "7-5-3-2-A de p1 gagne", "hand pattern"),
    ("a raise is illegal_action", "une relance est illegal_action", None),
    ("a raise is illegal_action", "une relance est wrong_amount", "code"),
    ("'cbr 2' is wrong", "'cbr 3' est faux", "action"),
    ("As the first to show p3 may muck", "Sendo o primeiro a mostrar, p3 pode", None),
    ("As Ks 9s", "As cartas As Ks 9s", None),
    ("As Ks 9s", "As cartas Ks 9s", "card"),
    ("The 52 cards: As 9c", "As 52 cartas: As 9c", None),
])
def test_the_notation_check_can_fail(english: str, translation: str, caught: str | None) -> None:
    """The comparison notices a changed seat, number, card, pattern, code or action, and only
    those; ``As`` opening a sentence is a word, not the ace of spades."""
    want, got = tokens(english), tokens(translation)
    assert {name for name in _CLASSES if want[name] != got[name]} == ({caught} if caught else set())

"""Case translations (the optional ``i18n`` field of a case), one policy for every game:

- every case carries a Russian, Portuguese and French title and explanation, and a note for each
  step that has one, and nothing else: no note for a step without one;
- the cases tagged ``imported`` (real hands made by ``pokerspec phh import``) carry the importer's
  translations, generated like their English text, so importing them again keeps them;
- a translation restates the English walk-through in other words: it may not drop, add or change a
  card, seat, number, action, hand pattern, rejection reason, rule or ruling ID, case ID or
  profile name, nor the quoted input.

What is left to translate: ``PYTHONPATH=docs/hooks .venv/bin/python -m pokersite.translations``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pokersite.translations import imported, report, stray_notes
from pokerspec.conformance.cases import Case, load_cases
from pokerspec.core.chips import OddChipRule
from pokerspec.core.game import Json
from pokerspec.profiles import all_profiles
from pokerspec.traceability import TRANSLATIONS

ROOT = Path(__file__).resolve().parents[2]


def _names() -> str:
    """Profile names, also without their game when that leaves a compound (``stud-last-aggressor``,
    ``last-aggressor``; ``barge`` alone is a word), and the odd-chip rules, longest first."""
    short = {n.split("-", 1)[1] for n in all_profiles()}
    names = {*all_profiles(), *(s for s in short if "-" in s), *(r.value for r in OddChipRule)}
    return "|".join(sorted(map(re.escape, names), key=len, reverse=True))


_CODE = re.compile(
    r"\b(?:core|archie|auction|stud)(?:\.[a-z0-9-]+)+[a-z0-9]"  # rule IDs
    r"|\b(?:core|archie|auction|stud)-[a-z]+-\d{4}\b"  # case IDs
    r"|\b(?:ARC|AUC|STUD|CORE)-\d+\b"  # rulings
    r"|\b[a-z]+(?:_[a-z]+)+\b"  # reasons, error codes, setup fields
    rf"|(?<![\w-])(?i:{_names()})(?![\w-])"  # profile names and odd-chip rules
)
_ACTION = re.compile(r"\b(?:cc|cbr|pb|sd|sm|mu|dec)\b(?: (?:\d+|[lhbx*])\b)?")
_PATTERN = re.compile(r"(?<![\w-])(?:10|[1-9TJQKA])(?:-(?:10|[1-9TJQKA]))+(?![\w-])")
_CARD = re.compile(r"(?<!\w)(?:10|[2-9TJQKA])[cdhs♠♥♦♣](?!\w)")
_SEAT = re.compile(r"\bp[1-9]\b")
_NUMBER = re.compile(r"(?<![\w.])(\d+)(?:st|nd|rd|th|re|er|e|ème)?(?!\w)")
"""A number, also as an ordinal (English 3rd, French 3e; the Russian 3-й and Portuguese 3.ª end
with a sign)."""
_PROSE_AS = re.compile(r"(?:^|[.:;!?] )As(?= (?:[a-zà-ÿ]|\d+(?![\dcdhs])))")
"""``As`` opening a sentence before a lower-case word or a number is the English or Portuguese
word ("As the first to show", "As 52 cartas"), not the ace of spades."""
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


CASES, BAD = load_cases([ROOT / "conformance" / "vectors"])
BY_ID = {case.id: case for case in CASES}


def _map(value: Json) -> dict[str, Json]:
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


def texts(case: Case, language: str | None = None) -> dict[str, str]:
    """The English title, explanation and notes (``language`` None) or their translations, keyed
    ``title``, ``explanation``, ``notes.<step index>``."""
    if language is None:
        found = {"title": str(case.data["title"]), "explanation": str(case.data["explanation"])}
        steps = case.data.get("steps")
        for index, step in enumerate(steps if isinstance(steps, list) else []):
            if "note" in _map(step):
                found[f"notes.{index}"] = str(_map(step)["note"])
        return found
    entry = _map(_map(case.data.get("i18n")).get(language))
    found = {key: str(entry[key]) for key in ("title", "explanation") if key in entry}
    found.update({f"notes.{index}": str(note) for index, note in _map(entry.get("notes")).items()})
    return found


def test_the_cases_load() -> None:
    assert not BAD, BAD
    assert len(CASES) > 150 and any(imported(c) for c in CASES)


def test_every_case_is_translated() -> None:
    lines = report(CASES)
    assert not lines, (f"{len(lines)} translations missing (add them to the case's i18n field):\n  "
                       + "\n  ".join(lines))


@pytest.mark.parametrize("case_id", [c.id for c in CASES if imported(c)])
def test_an_imported_case_carries_the_importers_translations(case_id: str) -> None:
    """A generated case is translated by the importer, which says in each language that the hand
    was imported (the committed files are what an import makes: conformance/suites/phh)."""
    case = BY_ID[case_id]
    assert all("PHH" in texts(case, lang).get("explanation", "") for lang in TRANSLATIONS)


def test_translated_notes_name_steps_with_notes() -> None:
    stray = [line for case in CASES for line in stray_notes(case)]
    assert not stray, "\n".join(stray)


def test_no_translation_is_empty() -> None:
    empty = [f"{case.id} [{lang}] {key}" for case in CASES for lang in TRANSLATIONS
             for key, text in texts(case, lang).items() if not text.strip()]
    assert not empty, empty


@pytest.mark.parametrize("case_id", [c.id for c in CASES if "i18n" in c.data])
def test_translation_keeps_the_notation(case_id: str) -> None:
    """Each translated text states the same cards, seats, numbers and codes as the English."""
    case = BY_ID[case_id]
    english = texts(case)
    problems = []
    for language in TRANSLATIONS:
        for key, text in texts(case, language).items():
            if key not in english:
                continue
            want, got = tokens(english[key]), tokens(text)
            problems += [f"[{language}] {key}: {name} missing {sorted(want[name] - got[name])}, added "
                         f"{sorted(got[name] - want[name])}" for name in _CLASSES if want[name] != got[name]]
            lost = sorted(q for q in literals(english[key]) if q not in text)
            if lost:
                problems.append(f"[{language}] {key}: quoted input missing {lost}")
    assert not problems, f"{case_id}:\n  " + "\n  ".join(problems)


def test_the_check_sees_a_missing_note() -> None:
    """The check can fail: a case whose note lost its translation is reported with the step, and
    a translated note on a step without one is stray."""
    case = BY_ID["archie-showdown-0004"]
    ru: Json = {"title": "t", "explanation": "e" * 20, "notes": {"5": "n", "6": "x"}}
    broken = Case(case.path, {**case.data, "i18n": {"ru": ru}})
    assert report([broken], ["ru"]) == [f"archie-showdown-0004 [ru]: note 4  ({case.path})"]
    assert stray_notes(broken) == ["archie-showdown-0004: i18n.ru.notes.6 — step 6 has no note"]


@pytest.mark.parametrize(("english", "translation", "caught"), [
    ("p1 bets 4 with As Kd", "p1 ставит 4 с As Kd", None),
    ("p1 bets 4 with As Kd", "p2 ставит 4 с As Kd", "seat"),
    ("p1 bets 4 with As Kd", "p1 ставит 5 с As Kd", "number"),
    ("p1 bets 4 with As Kd", "p1 ставит 4 с Ah Kd", "card"),
    ("p1's 7-4-3-2-A wins", "7-4-3-2-A de p1 gagne", None),
    ("p1's 7-4-3-2-A wins", "7-5-3-2-A de p1 gagne", "hand pattern"),
    ("a raise is illegal_action", "une relance est illegal_action", None),
    ("a raise is illegal_action", "une relance est wrong_amount", "code"),
    ("under stud-odd-chip-suit", "в профиле stud-odd-chip-suit", None),
    ("under stud-odd-chip-suit", "в профиле stud-last-aggressor", "code"),
    ("the last-aggressor profile", "o perfil last-aggressor", None),
    ("'cbr 2' is wrong", "'cbr 3' est faux", "action"),
    ("the 1st, 3rd and 5th cards", "1-ю, 3-ю и 5-ю карты", None),
    ("the 1st, 3rd and 5th cards", "les 1re, 3e et 5e cartes", None),
    ("the 1st, 3rd and 5th cards", "a 1.ª, 3.ª e 7.ª cartas", "number"),
    ("As the first to show p3 may muck", "Sendo o primeiro a mostrar, p3 pode", None),
    ("As Ks 9s", "As cartas As Ks 9s", None),
    ("As Ks 9s", "As cartas Ks 9s", "card"),
    ("The 52 cards: As 9c", "As 52 cartas: As 9c", None),
])
def test_the_notation_check_can_fail(english: str, translation: str, caught: str | None) -> None:
    """The comparison notices a changed seat, number, card, pattern, code or action, and only
    those; ``As`` opening a sentence is a word, not the ace of spades; ordinals are numbers."""
    want, got = tokens(english), tokens(translation)
    assert {name for name in _CLASSES if want[name] != got[name]} == ({caught} if caught else set())

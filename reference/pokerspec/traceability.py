"""Traceability: where each rule lives — spec text, reference code, conformance cases, waivers.

One rule, four places (CONTRIBUTING.md). ``collect(root)`` reads them all from a checkout and
returns a ``Traceability``: one ``RuleTrace`` per rule of the English spec, in spec order, plus
the raw material the consistency checks need. The site renders ``Traceability.rules`` as its
traceability page; ``conformance/suites/test_traceability.py`` asserts that every ``*_problems``
method returns nothing.

- **Spec**: a rule is a Markdown heading whose ``{#id}`` anchor is a rule ID of a chapter
  (`core.high.wheel`). ``x.md`` is English (normative); ``x.ru.md``, ``x.pt.md``, ``x.fr.md``
  are its translations and must carry the same headings in the same order with the same anchors.
- **Code**: every rule ID in double backticks in ``reference/pokerspec/**/*.py``.
- **Cases**: the ``rules`` list of every case file under ``conformance/vectors/``.
- **Waivers**: ``conformance/waivers.json``, ``{rule_id: reason}``, for a rule that no case can
  pin (the reason says why, and where it is checked instead).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pokerspec.conformance.cases import BadCase, load_cases
from pokerspec.core.game import Json
from pokerspec.core.types import RuleId
from pokerspec.rules import CHAPTERS as CHAPTERS
from pokerspec.rules import LANGUAGES as LANGUAGES
from pokerspec.rules import TRANSLATIONS as TRANSLATIONS
from pokerspec.rules import Heading as Heading
from pokerspec.rules import is_rule_id as is_rule_id
from pokerspec.rules import page_language as page_language
from pokerspec.rules import read_headings as read_headings
from pokerspec.rules import translation_path as translation_path

_CITATION = re.compile(r"``([a-z0-9][a-z0-9.-]*)``")


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a file: the path relative to the repository root (``/`` separators) and a line."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, slots=True)
class Page:
    """One spec page in one language. ``english`` is the path of the normative page it translates
    (itself for an English page)."""

    path: str
    language: str
    english: str
    headings: tuple[Heading, ...]

    @property
    def rules(self) -> tuple[RuleId, ...]:
        """The rule IDs this page defines, in order."""
        return tuple(RuleId(h.anchor) for h in self.headings if h.anchor and is_rule_id(h.anchor))


@dataclass(frozen=True, slots=True)
class CasePin:
    """A case that lists a rule: its ID and its file."""

    case: str
    path: str


@dataclass(frozen=True, slots=True)
class RuleTrace:
    """Everything known about one rule of the English spec."""

    id: RuleId
    title: str
    page: str
    """The English page that defines it; the anchor is the rule ID."""
    languages: tuple[str, ...]
    """The languages whose page carries the rule's anchor (``en`` first)."""
    code: tuple[Location, ...]
    cases: tuple[CasePin, ...]
    waiver: str | None

    @property
    def status(self) -> str:
        """``pinned`` (at least one case), ``waived`` (no case, a reason instead) or ``unpinned``."""
        if self.cases:
            return "pinned"
        return "waived" if self.waiver else "unpinned"


@dataclass(frozen=True, slots=True)
class Problem:
    """One inconsistency: the chapter it belongs to (``core`` ... ``stud``, or ``spec`` for pages
    outside the chapters) and a message naming the page and the rule."""

    chapter: str
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Traceability:
    """The collected report; ``rules`` is in spec order (chapter by chapter, page by page)."""

    rules: dict[RuleId, RuleTrace]
    pages: tuple[Page, ...]
    code: dict[RuleId, tuple[Location, ...]]
    """Every citation found in the code, including any of IDs the spec does not define."""
    cases: dict[RuleId, tuple[CasePin, ...]]
    """Every case pin, including any of IDs the spec does not define."""
    waivers: dict[RuleId, str]
    bad_cases: tuple[BadCase, ...] = field(default=())

    def definitions(self) -> dict[RuleId, list[str]]:
        """Each rule ID with every English page (repeated per heading) that defines it."""
        found: dict[RuleId, list[str]] = {}
        for page in self.pages:
            if page.language == "en":
                for rule in page.rules:
                    found.setdefault(rule, []).append(page.path)
        return found

    def translation_problems(self) -> list[Problem]:
        """Missing translations, and translations whose headings or rule order differ from English."""
        problems: list[Problem] = []
        by_path = {p.path: p for p in self.pages}
        for page in self.pages:
            if page.language != "en" and page.english not in by_path:
                problems.append(_on_page(page.path, f"translation of {page.english}, which does not exist"))
        for page in self.pages:
            if page.language != "en":
                continue
            for lang in TRANSLATIONS:
                path = translation_path(page.path, lang)
                other = by_path.get(path)
                if other is None:
                    problems.append(_on_page(path, f"missing ({lang} translation of {page.path})"))
                    continue
                problems += _compare_pages(page, other)
        return problems

    def definition_problems(self) -> list[Problem]:
        """Rule IDs defined more than once, and anchors repeated within one page."""
        problems = [
            _of_rule(rule, f"defined {len(paths)} times, in {', '.join(paths)}")
            for rule, paths in self.definitions().items()
            if len(paths) > 1
        ]
        for page in self.pages:
            seen: set[str] = set()
            for h in page.headings:
                if h.anchor in seen:
                    problems.append(_on_page(page.path, f"line {h.line}: anchor {{#{h.anchor}}} used twice"))
                if h.anchor:
                    seen.add(h.anchor)
        return problems

    def coverage_problems(self) -> list[Problem]:
        """Rules not cited by the reference code, and rules neither pinned by a case nor waived."""
        problems: list[Problem] = []
        for rule in self.rules.values():
            if not rule.code:
                problems.append(_on_page(rule.page, f"rule {rule.id} is cited by no reference code"))
            if rule.status == "unpinned":
                problems.append(_on_page(rule.page, f"rule {rule.id} is pinned by no case and has no waiver"))
        return problems

    def dangling_problems(self) -> list[Problem]:
        """Rule IDs cited by code, listed by cases or waived that the spec does not define."""
        problems: list[Problem] = []
        for rule, places in sorted(self.code.items()):
            if rule not in self.rules:
                where = ", ".join(str(p) for p in places)
                problems.append(_of_rule(rule, f"cited by code at {where} but defined by no spec page"))
        for rule, pins in sorted(self.cases.items()):
            if rule not in self.rules:
                where = ", ".join(f"{p.case} ({p.path})" for p in pins)
                problems.append(_of_rule(rule, f"listed by case {where} but defined by no spec page"))
        for rule, reason in sorted(self.waivers.items()):
            if rule not in self.rules:
                problems.append(_of_rule(rule, "waived in conformance/waivers.json but not in the spec"))
            if not reason.strip():
                problems.append(_of_rule(rule, "the waiver in conformance/waivers.json gives no reason"))
        return problems

    def case_problems(self) -> list[Problem]:
        """Case files that could not be read or do not match the case schema."""
        problems: list[Problem] = []
        for bad in self.bad_cases:
            parts = bad.path.parts
            chapter = parts[parts.index("vectors") + 1] if "vectors" in parts[:-2] else "spec"
            problems.append(Problem(chapter, f"{bad.path}: {bad.field or '(file)'}: {bad.message}"))
        return problems


def _on_page(path: str, message: str) -> Problem:
    """A problem of a spec page: its chapter is the folder under ``spec/``."""
    parts = path.split("/")
    chapter = parts[1] if len(parts) > 2 and parts[1] in CHAPTERS else "spec"
    return Problem(chapter, f"{path}: {message}")


def _of_rule(rule: str, message: str) -> Problem:
    """A problem of a rule ID: its chapter is the ID's first word."""
    return Problem(rule.split(".")[0], f"{rule}: {message}")


def _compare_pages(english: Page, other: Page) -> list[Problem]:
    """Problems of one translation against its English page, each naming the page and the rule."""
    problems: list[Problem] = []
    missing = [r for r in english.rules if r not in other.rules]
    extra = [r for r in other.rules if r not in english.rules]
    problems += [_on_page(other.path, f"rule {r} is missing (it is in {english.path})") for r in missing]
    problems += [_on_page(other.path, f"rule {r} is not in {english.path}") for r in extra]
    common = [r for r in other.rules if r in english.rules]
    expected = [r for r in english.rules if r in other.rules]
    if common != expected:
        first = next(i for i, (a, b) in enumerate(zip(common, expected, strict=True)) if a != b)
        problems.append(_on_page(
            other.path, f"rule {common[first]} is out of order (English has {expected[first]} there)"
        ))
    shape = [(h.level, h.anchor) for h in english.headings]
    theirs = [(h.level, h.anchor) for h in other.headings]
    if not problems and shape != theirs:
        i = next((i for i, (a, b) in enumerate(zip(shape, theirs, strict=False)) if a != b),
                 min(len(shape), len(theirs)))
        want = _describe(shape[i]) if i < len(shape) else "no more headings"
        got = _describe(theirs[i]) if i < len(theirs) else "no more headings"
        problems.append(_on_page(other.path, f"heading {i + 1} is {got}, but {english.path} has {want}"))
    return problems


def _describe(heading: tuple[int, str | None]) -> str:
    level, anchor = heading
    return f"a level-{level} heading " + (f"{{#{anchor}}}" if anchor else "without an anchor")


def read_pages(spec: Path, root: Path) -> tuple[Page, ...]:
    """Every ``*.md`` page under ``spec``, sorted by path."""
    pages: list[Page] = []
    for file in sorted(spec.rglob("*.md")):
        path = file.relative_to(root).as_posix()
        language, english = page_language(path)
        pages.append(Page(path, language, english, read_headings(file.read_text(encoding="utf-8"))))
    return tuple(pages)


def read_citations(files: Iterable[Path], root: Path) -> dict[RuleId, tuple[Location, ...]]:
    """Rule IDs in double backticks, with where they occur."""
    found: dict[RuleId, list[Location]] = {}
    for file in files:
        path = file.relative_to(root).as_posix()
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
            for m in _CITATION.finditer(line):
                if is_rule_id(m.group(1)):
                    found.setdefault(RuleId(m.group(1)), []).append(Location(path, number))
    return {rule: tuple(places) for rule, places in found.items()}


def read_waivers(path: Path) -> dict[RuleId, str]:
    """``conformance/waivers.json``: an object of rule ID to reason (absent file: no waivers)."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise ValueError(f"{path}: expected an object of rule ID to reason")
    return {RuleId(k): str(v) for k, v in data.items()}


def collect(root: Path) -> Traceability:
    """Read spec, code, cases and waivers from the checkout at ``root``."""
    pages = read_pages(root / "spec", root)
    code = read_citations(sorted((root / "reference" / "pokerspec").rglob("*.py")), root)
    good, bad = load_cases([root / "conformance" / "vectors"], spec=None)  # rule IDs: dangling_problems
    pins: dict[RuleId, list[CasePin]] = {}
    for case in good:
        for rule in case.rules:
            pins.setdefault(RuleId(rule), []).append(CasePin(case.id, case.path.relative_to(root).as_posix()))
    cases = {rule: tuple(p) for rule, p in pins.items()}
    waivers = read_waivers(root / "conformance" / "waivers.json")
    by_path = {p.path: p for p in pages}
    rules: dict[RuleId, RuleTrace] = {}
    for page in sorted((p for p in pages if p.language == "en"), key=lambda p: _chapter_order(p.path)):
        for h in page.headings:
            if h.anchor is None or not is_rule_id(h.anchor) or h.anchor in rules:
                continue
            rule = RuleId(h.anchor)
            languages = tuple(
                lang for lang in LANGUAGES
                if rule in _rules_of(by_path.get(translation_path(page.path, lang)))
            )
            rules[rule] = RuleTrace(
                rule, h.title, page.path, languages,
                code.get(rule, ()), cases.get(rule, ()), waivers.get(rule),
            )
    return Traceability(rules, pages, code, cases, waivers, tuple(bad))


def _rules_of(page: Page | None) -> tuple[RuleId, ...]:
    return () if page is None else page.rules


def _chapter_order(path: str) -> tuple[int, str]:
    """Chapters in the order core, archie, auction, stud; other spec pages after them."""
    parts = path.split("/")
    chapter = parts[1] if len(parts) > 2 else ""
    return (CHAPTERS.index(chapter) if chapter in CHAPTERS else len(CHAPTERS), path)


def as_json(trace: Traceability) -> list[Json]:
    """The per-rule report as plain JSON-ready data, in spec order (for the site and tools)."""
    return [
        {
            "id": r.id,
            "title": r.title,
            "page": r.page,
            "languages": list(r.languages),
            "code": [str(loc) for loc in r.code],
            "cases": [{"id": c.case, "path": c.path} for c in r.cases],
            "waiver": r.waiver,
            "status": r.status,
        }
        for r in trace.rules.values()
    ]


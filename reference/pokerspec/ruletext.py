"""``pokerspec rule RULE_ID``: a rule's text, its rulings and its cases, read from the spec and the
cases the package carries (so it works from an installed wheel as from a clone), in English or a
translation; and each rule's one-line title, which failure reports print.

A rule is a heading of the spec with a ``{#rule.id}`` anchor; its text runs to the next heading of
the same or a higher level. A ruling is a ``**Ruling (ID).**`` paragraph of that text; the question
it answers comes from ``spec/rulings.toml``.
"""

from __future__ import annotations

import argparse
import re
import tomllib
from dataclasses import dataclass
from functools import cache

from pokerspec.resources import SPEC, display
from pokerspec.rules import LANGUAGES, is_rule_id, page_language, read_headings, translation_path

RULING = re.compile(r"\*\*[^*(]*\(([A-Z]+-[0-9]+)\)\.\*\*")


@dataclass(frozen=True, slots=True)
class Section:
    """One rule's heading and text on one page of the spec."""

    rule: str
    title: str
    text: str
    page: str
    """The English page it is on, relative to the spec (``archie/01-table.md``)."""


@cache
def sections(language: str = "en") -> dict[str, Section]:
    """Every rule of the spec in ``language`` (a rule its translation lacks is left out)."""
    found: dict[str, Section] = {}
    for english in sorted(SPEC.rglob("*.md")):
        if page_language(english.name)[0] != "en":
            continue
        page = english.parent / translation_path(english.name, language)
        if not page.is_file():
            continue
        lines = page.read_text(encoding="utf-8").splitlines()
        headings = read_headings("\n".join(lines))
        for i, h in enumerate(headings):
            if not (h.anchor and is_rule_id(h.anchor)):
                continue
            end = next((n.line for n in headings[i + 1:] if n.level <= h.level), len(lines) + 1)
            text = "\n".join(lines[h.line:end - 1]).strip()
            found[h.anchor] = Section(h.anchor, h.title, text, english.relative_to(SPEC).as_posix())
    return found


def title(rule: str, language: str = "en") -> str:
    """The rule's one-line title in ``language`` (English if not translated; the ID if unknown)."""
    section = sections(language).get(rule) or sections("en").get(rule)
    return section.title if section is not None else rule


@cache
def _rulings() -> dict[str, dict[str, object]]:
    """``spec/rulings.toml`` (the package carries it; without it, rulings are listed by ID alone)."""
    try:
        with (SPEC / "rulings.toml").open("rb") as source:
            return tomllib.load(source)
    except OSError:
        return {}


def rulings(section: Section) -> list[tuple[str, str]]:
    """(ruling ID, the question it answers in the section's language) for each ruling of the rule."""
    language = "en"
    for lang in LANGUAGES:
        if sections(lang).get(section.rule) is section:
            language = lang
    out = []
    for ruling in dict.fromkeys(RULING.findall(section.text)):
        question = _rulings().get(ruling, {}).get("question", {})
        asked = question.get(language) or question.get("en", "") if isinstance(question, dict) else ""
        out.append((ruling, str(asked)))
    return out


def hint(rule: str, language: str = "en") -> str:
    """The command that prints ``rule``'s text, in ``language`` (or in Russian, to show the option)."""
    return f"pokerspec rule {rule} --lang {language if language != 'en' else 'ru'}"


def named(rule: str, language: str = "en") -> str:
    """``rule — its title (pokerspec rule RULE --lang ..)``: the rule, its title and how to read it."""
    return f"{rule} — {title(rule, language)} ({hint(rule, language)})"


def handler(args: argparse.Namespace) -> int:
    from pokerspec.cli import UsageError
    from pokerspec.conformance.cases import _suggest, load_cases

    rule, language = str(args.rule_id), str(args.lang)
    english = sections("en")
    if rule not in english:
        raise UsageError(f"{rule!r} is not a rule ID of the spec{_suggest(rule, english)}; the IDs are the "
                         "{#...} anchors of the spec's headings (pokerspec where spec)")
    section = sections(language).get(rule) or english[rule]
    note = "" if rule in sections(language) else f" (not translated into {language}: English)"
    print(f"{rule}: {section.title}{note}")
    print(f"spec page: {display(SPEC / translation_path(section.page, language))}")
    print()
    print(section.text)
    found = rulings(section)
    if found:
        print()
        print("Rulings:")
        for ruling, question in found:
            print(f"  {ruling}: {question}")
    cases, _ = load_cases()
    mine = [c for c in cases if rule in c.rules]
    print()
    print(f"Cases ({len(mine)}):" if mine else "Cases: none (a waiver in conformance/waivers.json says why)")
    for case in mine:
        print(f"  {case.id}: {case.title} (pokerspec view {case.id})")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = subparsers.add_parser(
        name, help="print a rule's text, its rulings and the cases that pin it",
        description="Print the text of one rule of the spec, the rulings it contains with the question "
                    "each answers, and the conformance cases that pin it, from the copy the package "
                    "carries.")
    parser.add_argument("rule_id", metavar="RULE_ID", help="a rule ID, such as archie.table.cap")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the language of the text: en (the default, normative), ru, pt or fr")
    parser.set_defaults(handler=handler)

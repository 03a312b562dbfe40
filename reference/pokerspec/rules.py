"""Rule IDs and the spec's pages: what a rule ID looks like, which language a page is in, and
the headings (with their ``{#id}`` anchors) a page defines. Shared by the case loader, which checks
the rule IDs a case lists, and by traceability, which reads every place a rule lives."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pokerspec.profiles import GAMES

LANGUAGES = ("en", "ru", "pt", "fr")
"""English first: it is the normative text; the others are translations."""
TRANSLATIONS = LANGUAGES[1:]
CHAPTERS = ("core", *GAMES)
"""The first word of every rule ID (`core.high.wheel`, `stud.bringin.forced`)."""

_RULE = re.compile("(?:" + "|".join(CHAPTERS) + r")(?:\.[a-z0-9-]+){2,}")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{#([^}\s]+)\})?\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True, slots=True)
class Heading:
    """One Markdown heading: its level (1-6), its text and its ``{#anchor}`` if it has one."""

    level: int
    title: str
    anchor: str | None
    line: int


def is_rule_id(text: str) -> bool:
    """A rule ID: a chapter name, a topic and a name, dot-separated (`core.high.wheel`); a shorter
    prefix such as ``core.high`` names a group of rules, not a rule."""
    return _RULE.fullmatch(text) is not None


def page_language(path: str) -> tuple[str, str]:
    """(language, English path) of a spec page: ``03-high.ru.md`` is the ``ru`` page of ``03-high.md``."""
    for lang in TRANSLATIONS:
        suffix = f".{lang}.md"
        if path.endswith(suffix):
            return lang, path[: -len(suffix)] + ".md"
    return "en", path


def translation_path(english: str, language: str) -> str:
    return english if language == "en" else english[: -len(".md")] + f".{language}.md"


def read_headings(text: str) -> tuple[Heading, ...]:
    """The Markdown headings of a page, skipping fenced code blocks."""
    headings: list[Heading] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else _HEADING.match(line)
        if m:
            headings.append(Heading(len(m.group(1)), m.group(2), m.group(3), number))
    return tuple(headings)

"""The glossary (``spec/glossary.toml``): the terms of the rules in four languages, the words of the
sources, and the checks that the translations use the fixed words and leave no English behind."""

from __future__ import annotations

import posixpath
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from pokerspec.core.types import RuleId
from pokerspec.traceability import LANGUAGES, TRANSLATIONS, Traceability, translation_path

from .paths import GLOSSARY_PAGE
from .words import Words

SOURCE_LANGUAGES = ("ru", "pt", "fr")
"""The languages of the source texts (the three games in Russian, Archie also in Portuguese and French)."""


@dataclass(frozen=True, slots=True)
class Term:
    """One term: its word in each language, the rule that defines it, the words of the sources and,
    for a fixed term, the patterns the chapters are checked with."""

    id: str
    rule: str
    words: Mapping[str, str]
    sources: Mapping[str, str]
    fixed: bool
    match: Mapping[str, str]
    avoid: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Form:
    """A way of writing that a language's reader-facing text never uses, whatever the term: the
    Brazilian forms in the European Portuguese pages («registrada», «canônico», «até o ás»...)."""

    lang: str
    avoid: tuple[str, ...]
    use: str
    why: str


NOTATION = re.compile(
    r"`[^`\n]*`|\{\w+\}"                          # code, a placeholder of the site's words: {seat}
    r"|(?<!\w)'[^'\n]*'(?!\w)"                      # a quoted input of a case text: 'p1 xx'
    r"|(?<![\w-])(?:10|[2-9TJQKA])[cdhs](?:-(?:10|[2-9TJQKA])[cdhs])*(?![\w-])"  # cards: As, 2c-8c
    r"|(?<![\w-])(?:cc|cbr|sd|pb|sm|mu|dec|cdhs)(?![\w-])|\bfloor\("  # verbs, suits, arithmetic
    r"|(?<![\w-])[AKQJT2-9](?:-?[AKQJT2-9])+(?![\w-])"  # ranks: K-Q-J, QQQ, TJQKA
    r"|(?<![\w-])p\d+(?![\w-])"                   # a seat
    r"|(?<![\w-])[a-z]+(?:\.[a-z0-9-]+)+"         # a rule ID, a module, a file name
    r"|(?<![\w-])[A-Z]+-\d+(?![\w-])"              # a ruling: ARC-16
    r"|(?<![\w-])[a-z]+-[a-z]+-\d{4}(?![\w-])"   # a case ID
)
"""Notation that is no English whatever letters it is written in."""

_WORD = re.compile(r"[^\W\d_](?:[\w'-]*[^\W\d_])?")
_LATIN = re.compile(r"[A-Za-z]")


@dataclass(frozen=True, slots=True)
class English:
    """English left on a page of another language. In Russian every word in Latin letters is
    English unless it is notation, a name of the case format or allowed; in Portuguese and French
    (Latin letters) the marker words are: English words that are no words of those languages.
    ``allow`` lists per language the words and phrases of English origin a translation uses (the
    source texts' loan words, names of people, events and programs, keys of a keyboard)."""

    markers: frozenset[str]
    allow: Mapping[str, tuple[str, ...]]

    def allowed(self, lang: str) -> re.Pattern[str] | None:
        """The words and phrases ``allow`` lists for ``lang``, as one pattern (None: none)."""
        allowed = "|".join(sorted(self.allow.get(lang, ()), key=len, reverse=True))
        return re.compile(rf"(?<![\w-])(?:{allowed})(?!\w)", re.IGNORECASE) if allowed else None

    def problems(self, where: str, lang: str, text: str, names: frozenset[str]) -> list[str]:
        """The English words of ``text``, a text in ``lang`` where the format's ``names`` (its keys
        and values, profiles, reasons) are notation."""
        if lang == "en":
            return []
        text = NOTATION.sub(" ", text)
        allowed = self.allowed(lang)
        if allowed:
            text = allowed.sub(" ", text)
        found: list[str] = []
        for m in _WORD.finditer(text):
            word = m.group(0)
            if word in names or len(word) < 2:
                continue
            if (lang == "ru" and _LATIN.search(word)) or word.lower() in self.markers:
                found.append(word)
        return [f"{where}: English «{w}» on a page in {lang}" for w in dict.fromkeys(found)]


@dataclass(frozen=True, slots=True)
class Glossary:
    terms: tuple[Term, ...]
    forms: tuple[Form, ...] = ()
    english: English = English(frozenset(), {})

    def problems(self, trace: Traceability) -> list[str]:
        """Data problems: a missing language, an unknown rule, a fixed term without patterns."""
        problems: list[str] = []
        for term in self.terms:
            problems += [f"{term.id}: no word in {lang}" for lang in LANGUAGES if not term.words.get(lang)]
            if RuleId(term.rule) not in trace.rules:
                problems.append(f"{term.id}: rule {term.rule} is not in the spec")
            if term.fixed:
                problems += [f"{term.id}: fixed, but no match pattern for {lang}"
                             for lang in LANGUAGES if not term.match.get(lang)]
        return problems

    def usage_problems(self, root: Path, trace: Traceability, reader_pages: Sequence[Path]) -> list[str]:
        """Where the translations do not use a fixed term's word: an English chapter page that uses
        the term whose translation lacks the word, and any reader-facing page that uses a form the
        glossary rules out."""
        problems: list[str] = []
        english = [p.path for p in trace.pages if p.language == "en"]
        for term in (t for t in self.terms if t.fixed):
            used = re.compile(term.match["en"], re.IGNORECASE)
            for page in english:
                if not used.search(prose(root / page)):
                    continue
                for lang in TRANSLATIONS:
                    path = root / translation_path(page, lang)
                    if path.exists() and not re.search(term.match[lang], prose(path), re.IGNORECASE):
                        problems.append(f"{translation_path(page, lang)}: uses no «{term.words[lang]}» "
                                        f"({term.id}) although {page} speaks of «{term.words['en']}»")
        for path in reader_pages:
            lang = next((lang for lang in TRANSLATIONS if path.name.endswith(f".{lang}.md")), "en")
            problems += self.wording_problems(str(path.relative_to(root)), lang, prose(path))
        return problems

    def wording_problems(self, where: str, lang: str, text: str) -> list[str]:
        """The forms the glossary rules out that a text in ``lang`` uses: a term's ``avoid`` patterns
        and the language's ``form`` entries."""
        problems: list[str] = []
        for term in self.terms:
            for pattern in term.avoid.get(lang, ()):
                problems += [f"{where}: «{m.group(0)}» — the glossary says «{term.words[lang]}» ({term.id})"
                             for m in re.finditer(pattern, text, re.IGNORECASE)]
        for form in (f for f in self.forms if f.lang == lang):
            for pattern in form.avoid:
                problems += [f"{where}: «{m.group(0)}» — write «{form.use}» ({form.why})"
                             for m in re.finditer(pattern, text, re.IGNORECASE)]
        return problems


_NOT_PROSE = re.compile(r"```.*?```|`[^`\n]*`|\]\([^)]*\)|\{#[^}]*\}|<[^>]+>|\A---\n.*?\n---\n"
                        r"|^ *(?:!!!|\?\?\?\+?) *[a-z]+", re.DOTALL | re.MULTILINE)
"""Code, link targets, heading anchors, HTML tags, the front matter and an admonition's type: they
hold IDs and settings, not words of the text."""


def prose(path: Path) -> str:
    """A page's words: no code, link targets, anchors or tags; line breaks as spaces (a term may
    span two lines)."""
    return " ".join(_NOT_PROSE.sub(" ", path.read_text(encoding="utf-8")).split())


def _texts(value: object, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ValueError(f"{where} must map languages to text")
    return {str(k): str(v) for k, v in value.items()}


def read_glossary(path: Path) -> Glossary:
    if not path.exists():
        return Glossary(())
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    terms: list[Term] = []
    for raw in data.get("term", []):
        where = f"{path}: term {raw.get('id')!r}"
        words = {lang: str(raw[lang]) for lang in LANGUAGES if isinstance(raw.get(lang), str)}
        avoid_raw = raw.get("avoid", {})
        if not isinstance(avoid_raw, dict):
            raise ValueError(f"{where}: avoid must map languages to lists of patterns")
        avoid = {str(k): tuple(str(p) for p in v) for k, v in avoid_raw.items()}
        terms.append(Term(str(raw["id"]), str(raw["rule"]), words, _texts(raw.get("sources", {}), where),
                          bool(raw.get("fixed", False)), _texts(raw.get("match", {}), where), avoid))
    forms: list[Form] = []
    for raw in data.get("form", []):
        avoid_list = raw.get("avoid")
        if not isinstance(avoid_list, list) or not all(isinstance(a, str) for a in avoid_list):
            raise ValueError(f"{path}: form {raw.get('use')!r}: avoid must be a list of patterns")
        forms.append(Form(str(raw["lang"]), tuple(avoid_list), str(raw["use"]), str(raw["why"])))
    english = data.get("english", {})
    allow = english.get("allow", {})
    if not isinstance(allow, dict) or not all(isinstance(v, list) for v in allow.values()):
        raise ValueError(f"{path}: [english] allow must map languages to lists of patterns")
    markers = frozenset(str(w).lower() for w in english.get("markers", []))
    return Glossary(tuple(terms), tuple(forms),
                    English(markers, {str(k): tuple(str(p) for p in v) for k, v in allow.items()}))


def _page_url(from_page: str, to_page: str, anchor: str) -> str:
    """A link in raw HTML, which mkdocs does not rewrite: from one page's directory URL to another's."""
    def directory(page: str) -> str:
        return page.removesuffix(".md").removesuffix("index").rstrip("/") + "/"
    rel = posixpath.relpath(directory(to_page), directory(from_page))
    return f"{rel}/#{anchor}"


def glossary_page(glossary: Glossary, trace: Traceability, lang: str) -> str:
    """The glossary page in one language: one row a term, its word in each language (the page's
    language first, linked to the rule that defines it), the words of the sources. The table is
    HTML so that on a phone each row becomes a card whose cells are labelled."""
    words = Words(lang)
    names = {"en": "English", "ru": "Русский", "pt": "Português", "fr": "Français"}
    order = [lang, *(x for x in LANGUAGES if x != lang)]
    heads = [*(names[x] for x in order), words("source_words")]
    lines = [f"# {words('glossary_title')}", "", words("glossary_intro"), "",
             '<div class="ps-glossary"><table>',
             "<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr></thead>", "<tbody>"]
    for term in glossary.terms:
        rule = trace.rules.get(RuleId(term.rule))
        own = escape(term.words.get(lang, term.words["en"]), quote=False)
        if rule is not None:
            own = f'<a href="{_page_url(GLOSSARY_PAGE, rule.page, term.rule)}">{own}</a>'
        if term.fixed:
            own += f' <span class="ps-fixed">{words("fixed")}</span>'
        cells = [f'<td id="{term.id}"><strong>{own}</strong></td>']
        cells += [f'<td data-label="{names[x]}" lang="{x}">{escape(term.words.get(x, ""), quote=False)}</td>'
                  for x in order[1:]]
        sources = "; ".join(f'{x}: <span lang="{x}">«{escape(term.sources[x], quote=False)}»</span>'
                            for x in SOURCE_LANGUAGES if term.sources.get(x))
        cells.append(f'<td data-label="{escape(words("source_words"))}">{sources or "—"}</td>')
        lines.append("<tr>" + "".join(cells) + "</tr>")
    lines += ["</tbody></table></div>", ""]
    return "\n".join(lines)

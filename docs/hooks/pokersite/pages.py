"""The generated pages, one file per language: traceability, the code and case pages, the schemas,
the rulings and the glossary. They are written into ``docs/reference/`` (git-ignored) at every
build; ``x.md`` is English and ``x.ru.md``, ``x.pt.md``, ``x.fr.md`` its translations, as for the
hand-written pages."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from html import escape
from pathlib import Path

from pokerspec.conformance.cases import Case
from pokerspec.core.types import RuleId
from pokerspec.traceability import LANGUAGES, TRANSLATIONS, translation_path

from .cases import NOTATION_CLASS, explanation_html, notation, title_html
from .code import snippet
from .glossary import glossary_page
from .model import Site
from .paths import (
    CASES_INDEX,
    CODE_INDEX,
    GENERATED,
    GLOSSARY_PAGE,
    RULINGS_PAGE,
    SCHEMA_PAGE,
    TRACE_PAGE,
    case_page,
    code_page,
    first_heading,
    link,
    localized,
)
from .rulings import rulings_page
from .viewer import viewer_link
from .words import Words

LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "pt": "Português", "fr": "Français"}


def generated(site: Site) -> dict[str, str]:
    """Docs-relative path -> text of every generated file, in every language."""
    pages: dict[str, str] = {}
    schema_files = schema_copies(site.root)
    pages.update(schema_files)
    by_topic: dict[str, list[Case]] = {}
    for case in site.cases:
        by_topic.setdefault(case_page(case, site.vectors), []).append(case)
    modules = sorted({item.module for item in site.code})
    for lang in LANGUAGES:
        words = Words(lang)
        pages[localized(TRACE_PAGE, lang)] = traceability_page(site, words)
        pages[localized(CASES_INDEX, lang)] = cases_index(site, words)
        pages[localized(CODE_INDEX, lang)] = code_index(site, words)
        pages[localized(SCHEMA_PAGE, lang)] = schemas_page(site.root, words)
        pages[localized(RULINGS_PAGE, lang)] = rulings_page(site.rulings, site.root, lang)
        pages[localized(GLOSSARY_PAGE, lang)] = glossary_page(site.glossary, site.trace, lang)
        for page, cases in by_topic.items():
            pages[localized(page, lang)] = case_topic_page(site, page, cases, words)
        for module in modules:
            page = code_page(module)
            pages[localized(page, lang)] = code_module_page(site, page, module, words)
    return pages


def rule_link(site: Site, from_page: str, rule: str, words: Words) -> str:
    trace = site.trace.rules.get(RuleId(rule))
    if trace is None:
        return f"`{rule}` ({words('not_in_spec')})"
    return f"[`{rule}`]({link(from_page, trace.page, rule)})"


def rule_title(site: Site, rule: RuleId, lang: str) -> str:
    """A rule's heading in a language (English when the translation lacks it)."""
    trace = site.trace.rules[rule]
    path = translation_path(trace.page, lang)
    page = next((p for p in site.trace.pages if p.path == path), None)
    heading = next((h.title for h in page.headings if h.anchor == rule), None) if page else None
    return heading or trace.title


def case_topic_page(site: Site, page: str, cases: Sequence[Case], words: Words) -> str:
    topic = page.removeprefix(f"{GENERATED}/cases/").removesuffix(".md")
    game, _, rest = topic.partition("/")
    section, chapter = topic_titles(site.root, game, rest, words.lang)
    lines = [f"# {words('topic_title', section=section, game=chapter)}", "",
             words("topic_intro", folder=f"conformance/vectors/{topic}/"), ""]
    for case in sorted(cases, key=lambda c: c.id):
        rel = case.path.relative_to(site.root).as_posix()
        lines += [f"## {case.id} {{#{case.id}}}", "", f"**{title_html(case, words)}**", "",
                  f'<div class="{NOTATION_CLASS}" markdown>', "", explanation_html(case, words), "",
                  f"{words('pins')} " + ", ".join(rule_link(site, page, r, words) for r in case.rules)
                  + f" · `{rel}`", ""]
        lines += [*notation(case, words, viewer_link(localized(page, words.lang), case)), "</div>", ""]
    return "\n".join(lines)


def topic_titles(root: Path, game: str, topic: str, lang: str) -> tuple[str, str]:
    """The titles, in a language, of the spec section a case folder pins (``stud/showdown`` ->
    ``6. Showdown``, ``stud/runout`` -> ``4. Running out of cards``) and of its chapter; the
    folder's name from ``words.toml`` (``[topic]``) when the spec has no such section."""
    chapter = first_heading(root / translation_path(f"spec/{game}/index.md", lang)) or game
    sections = sorted(p for p in (root / "spec" / game).glob("[0-9]*.md") if p.name.count(".") == 1)

    def slug(path: Path) -> str:
        return path.stem.partition("-")[2]

    found = next((p for p in sections if slug(p) == topic), None) or next(
        (p for p in sections if topic and slug(p).replace("-", "").startswith(topic[:3])), None)
    if found is None:
        return Words(lang).name("topic", topic) or topic or game, chapter
    title = first_heading(root / translation_path(found.relative_to(root).as_posix(), lang))
    return title or topic, chapter


def code_module_page(site: Site, page: str, module: str, words: Words) -> str:
    items = [item for item in site.code if item.module == module]
    lines = [f"# `{module}`", "", words("module_intro", path=items[0].path), ""]
    for item in items:
        lines += [f"## `{item.name}` {{#{item.anchor}}}", "",
                  f"{words('implements')} " + ", ".join(rule_link(site, page, r, words) for r in item.rules)
                  + ".",
                  ""]
        lines += snippet(site.root, item, words("more_lines"))
    return "\n".join(lines)


def code_index(site: Site, words: Words) -> str:
    lines = [f"# {words('code_title')}", "", words("code_intro"), ""]
    for module in sorted({item.module for item in site.code}):
        count = len({r for item in site.code if item.module == module for r in item.rules})
        target = link(CODE_INDEX, code_page(module))
        lines.append(f"- [`{module}`]({target}) — {words('rules_count', n=count)}")
    return "\n".join(lines) + "\n"


def cases_index(site: Site, words: Words) -> str:
    lines = [f"# {words('cases_title')}", "", words("cases_intro"), ""]
    by_page: dict[str, int] = {}
    for case in site.cases:
        page = case_page(case, site.vectors)
        by_page[page] = by_page.get(page, 0) + 1
    for page in sorted(by_page):
        game, _, topic = page.removeprefix(f"{GENERATED}/cases/").removesuffix(".md").partition("/")
        section, chapter = topic_titles(site.root, game, topic, words.lang)
        count = words("cases_count", n=by_page[page])
        lines.append(f"- [{chapter}: {section}]({link(CASES_INDEX, page)}) — {count}")
    return "\n".join(lines) + "\n"


def schema_files(root: Path) -> list[Path]:
    """The published JSON Schemas, in the order the schemas page shows them."""
    return sorted((root / "conformance" / "schema").glob("*.schema.json"))


def schema_copies(root: Path) -> dict[str, str]:
    """A copy of each published JSON Schema, to download."""
    return {f"{GENERATED}/schema/{p.name}": p.read_text(encoding="utf-8") for p in schema_files(root)}


def _property_names(node: object) -> Iterator[str]:
    """The names every ``properties`` object of a schema defines, depth first."""
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            yield from properties
        for value in node.values():
            yield from _property_names(value)
    elif isinstance(node, list):
        for value in node:
            yield from _property_names(value)


def schema_keys(root: Path) -> list[tuple[int, str, str, int]]:
    """(block, schema, key, line) of every key the schemas define: the schema's place on the
    schemas page, its name, the key and the line that defines it (the first that starts with the
    key, else the first that names it)."""
    out: list[tuple[int, str, str, int]] = []
    for block, path in enumerate(schema_files(root)):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for key in dict.fromkeys(_property_names(json.loads(text))):
            quoted = json.dumps(key) + ":"
            line = next((n for n, s in enumerate(lines, 1) if s.lstrip().startswith(quoted)),
                        next((n for n, s in enumerate(lines, 1) if quoted in s), 0))
            if line:
                out.append((block, path.name.removesuffix(".schema.json"), key, line))
    return out


def schemas_page(root: Path, words: Words) -> str:
    """The published JSON Schemas, each shown in full (the schemas themselves are in English)."""
    lines = [f"# {words('schemas_title')}", "", words("schemas_intro"), ""]
    for path in schema_files(root):
        text = path.read_text(encoding="utf-8")
        title = escape(str(json.loads(text).get("title", "")), quote=False)
        name = path.name.removesuffix(".schema.json")
        lines += [f"## {path.name} {{#{name}}}", "", words.english(title), "",
                  f"{words('download')} [{path.name}](schema/{path.name}) · {words('source')} "
                  f"`conformance/schema/{path.name}`", "", '```json linenums="1"', text.rstrip(), "```", ""]
    return "\n".join(lines)


def breakable(name: str) -> str:
    """A code name that a narrow column may break after each dot, never inside a word."""
    return escape(name).replace(".", ".<wbr>")


def traceability_page(site: Site, words: Words) -> str:
    page = TRACE_PAGE
    lang = words.lang
    rules = site.trace.rules.values()
    cited = sum(1 for r in rules if r.code)
    pinned = sum(1 for r in rules if r.cases)
    translated: Mapping[str, int] = {x: sum(1 for r in rules if x in r.languages) for x in TRANSLATIONS}
    counts = words("trace_counts", rules=len(rules), cited=cited, pinned=pinned)
    counts += " · " + " · ".join(words("in_lang", n=n, lang=LANGUAGE_NAMES[x]) for x, n in translated.items())
    lines = ["---", "hide:", "  - navigation", "  - toc", "---", "", f"# {words('trace_title')}", "",
             words("trace_intro"), "", counts, "", '<div class="ps-trace" markdown>', "",
             f"| {words('rule')} | {words('title')} | {words('code_col')} | {words('cases_col')} | "
             + " | ".join(TRANSLATIONS) + " |",
             "|---|---|---|---|" + "---|" * len(TRANSLATIONS)]
    for rule in rules:
        code = ", ".join(f"[<code>{breakable(item.name)}</code>]"
                         f"({link(page, code_page(item.module), item.anchor)})"
                         for item in site.code if rule.id in item.rules) or "—"
        cases = ", ".join(f"[{pin.case}]({link(page, site.pin_page(pin.path), pin.case)})"
                          for pin in rule.cases)
        if not cases:
            waiver = words.english(escape(rule.waiver, quote=False)) if rule.waiver else ""
            cases = f"{words('waived')}: {waiver}" if rule.waiver else "—"
        marks = ["✓" if x in rule.languages else f"✗ {words('missing')}" for x in TRANSLATIONS]
        title = escape(rule_title(site, rule.id, lang), quote=False).replace("|", "\\|")
        anchor = f'<a id="{rule.id}"></a>'
        cells = [anchor + rule_link(site, page, rule.id, words), title, code, cases, *marks]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "</div>"]
    problems = [*site.trace.translation_problems(), *site.trace.dangling_problems()]
    if problems:
        lines += ["", f"## {words('open_problems')}", "", words("open_problems_intro"), ""]
        lines += ["- " + words.english(escape(p.message, quote=False)) for p in problems]
    return "\n".join(lines) + "\n"

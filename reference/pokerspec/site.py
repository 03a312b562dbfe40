"""The documentation site's build logic, used by ``docs/hooks/pokerspec_site.py`` (mkdocs hooks).

From the files present it generates the navigation, one page per reference module (the code that
cites rule IDs, linked back to the rules), one page per case topic (every case rendered as a
hand: cards as cards, the steps, the expected outcome, linked back to its rules), and the
traceability page; beside every rule of a spec page it inserts the code and the cases that pin
it. After the last language is built it splits the search index by language, so that search on
a Russian page answers from Russian pages.
"""

from __future__ import annotations

import ast
import json
import posixpath
import resource
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import cast
from urllib.parse import unquote, urlsplit

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from pokerspec.conformance.cases import Case, load_cases
from pokerspec.core.cards import RANK_CHARS, CardError, parse_card, rank_of, suit_of
from pokerspec.core.game import Json
from pokerspec.core.types import RuleId
from pokerspec.traceability import (
    CHAPTERS,
    LANGUAGES,
    TRANSLATIONS,
    Traceability,
    collect,
    page_language,
    read_headings,
)
from pokerspec.viewer.page import labels as viewer_labels  # viewer: the hand viewer's labels

SUIT_SYMBOLS = "♣♦♥♠"
SUIT_CLASSES = ("c", "d", "h", "s")
SNIPPET_LINES = 30
INLINE_CASES = 3
"""Cases shown in full beside a rule; the others are listed with a link to their page."""
GENERATED = "reference"
"""The docs folder the build writes its generated pages into (git-ignored, rewritten each build)."""
TRACE_PAGE = f"{GENERATED}/traceability.md"
CODE_INDEX = f"{GENERATED}/code/index.md"
CASES_INDEX = f"{GENERATED}/cases/index.md"
SCHEMA_PAGE = f"{GENERATED}/schemas.md"
# viewer: the hand viewer page (docs/viewer*.md), where every case can be watched step by step.
VIEWER_PAGE = "viewer.md"
LONG_CASE = 10
"""viewer: a case with more steps than this is shown in the hand viewer in a rule's panel."""

LABELS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "block": "Code and cases", "anchor": "Anchor", "code": "Reference code",
        "cases": "Cases that pin this rule", "no_code": "No reference code cites this rule yet.",
        "no_cases": "No case pins this rule yet.", "trace": "traceability", "case_page": "case page",
        "code_page": "code page", "setup": "Setup", "steps": "Steps", "expect": "Expected",
        "seat": "Seat", "kind": "kind", "level": "level", "profiles": "profiles",
    },
    "ru": {
        "block": "Код и тестовые случаи", "anchor": "Якорь", "code": "Эталонный код",
        "cases": "Случаи, закрепляющие правило", "no_code": "Эталонный код пока не ссылается на это правило.",
        "no_cases": "Это правило пока не закреплено ни одним случаем.", "trace": "трассировка",
        "case_page": "страница случая", "code_page": "страница кода", "setup": "Начальная позиция",
        "steps": "Шаги", "expect": "Ожидаемый результат", "seat": "Место", "kind": "вид",
        "level": "уровень", "profiles": "профили",
    },
    "pt": {
        "block": "Código e casos", "anchor": "Âncora", "code": "Código de referência",
        "cases": "Casos que fixam esta regra",
        "no_code": "Nenhum código de referência cita esta regra ainda.",
        "no_cases": "Nenhum caso fixa esta regra ainda.", "trace": "rastreabilidade",
        "case_page": "página do caso", "code_page": "página do código", "setup": "Preparação",
        "steps": "Passos", "expect": "Resultado esperado", "seat": "Lugar", "kind": "tipo",
        "level": "nível", "profiles": "perfis",
    },
    "fr": {
        "block": "Code et cas", "anchor": "Ancre", "code": "Code de référence",
        "cases": "Cas qui fixent cette règle",
        "no_code": "Aucun code de référence ne cite encore cette règle.",
        "no_cases": "Aucun cas ne fixe encore cette règle.", "trace": "traçabilité",
        "case_page": "page du cas", "code_page": "page du code", "setup": "Mise en place",
        "steps": "Étapes", "expect": "Résultat attendu", "seat": "Siège", "kind": "type",
        "level": "niveau", "profiles": "profils",
    },
}


# ---------------------------------------------------------------------------------------------
# Rendering: cards, cases, code


def card_html(token: str) -> str:
    """A card as a card: rank and suit symbol, coloured by suit; a token that is no card stays code."""
    try:
        card = parse_card(token)
    except CardError:
        return f"<code>{escape(token)}</code>"
    rank = rank_of(card)
    face = "10" if rank == 10 else RANK_CHARS[rank - 2]
    suit = suit_of(card)
    return f'<span class="ps-card ps-{SUIT_CLASSES[suit]}">{face}{SUIT_SYMBOLS[suit]}</span>'


def cards_html(tokens: Iterable[Json]) -> str:
    return '<span class="ps-cards">' + "".join(card_html(str(t)) for t in tokens) + "</span>"


def _items(value: Json) -> list[Json]:
    return list(cast(Sequence[Json], value)) if isinstance(value, list | tuple) else []


def _map(value: Json) -> dict[str, Json]:
    return {str(k): v for k, v in cast(Mapping[str, Json], value).items()} if isinstance(value, dict) else {}


def _code(value: Json) -> str:
    return f"<code>{escape(json.dumps(value, ensure_ascii=False))}</code>"


def _seats(value: Json) -> str:
    items = _items(value)
    return ", ".join(f"`{s}`" for s in items) if items else "—"


def _seat_table(columns: Mapping[str, Mapping[str, Json]], labels: Mapping[str, str]) -> list[str]:
    """One row per seat, one column per by-seat map (stacks, received, net ...)."""
    seats = sorted({s for col in columns.values() for s in col}, key=lambda s: int(s[1:]))
    if not seats:
        return []
    numeric = [all(isinstance(v, int) for v in col.values()) for col in columns.values()]
    rows = [f"| {labels['seat']} | " + " | ".join(columns) + " |",
            "|---|" + "".join("---:|" if n else "---|" for n in numeric)]
    for seat in seats:
        cells = [_cell(col.get(seat)) for col in columns.values()]
        rows.append(f"| `{seat}` | " + " | ".join(cells) + " |")
    return ["", *rows, ""]


def _cell(value: Json) -> str:
    if value is None:
        return ""
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return cards_html(value)
    return escape(str(value))


def _observation(obs: Mapping[str, Json]) -> str:
    parts: list[str] = []
    for key, value in obs.items():
        if key in ("row", "common"):
            parts.append(f"{key} {cards_html(_items(value))}")
        elif key in ("exposed", "hands"):
            hands = [f"`{s}` {cards_html(_items(c))}" for s, c in _map(value).items()]
            parts.append(f"{key} " + "; ".join(hands))
        elif isinstance(value, dict):
            parts.append(f"{key} " + ", ".join(f"`{s}` {escape(str(v))}" for s, v in value.items()))
        elif isinstance(value, list):
            parts.append(f"{key} {_seats(value)}")
        else:
            parts.append(f"{key} = {escape(str(value))}")
    return "; ".join(parts)


def _outcome(expect: Mapping[str, Json], labels: Mapping[str, str]) -> list[str]:
    lines: list[str] = []
    columns = {k: _map(v) for k, v in expect.items() if k in ("received", "net", "returned", "shares")}
    for key, value in expect.items():
        if key in columns:
            continue
        if key == "pots":
            for n, pot in enumerate(_items(value), 1):
                p = _map(pot)
                bits = [f"pot {n}: **{escape(str(p.get('amount')))}**"]
                if "eligible" in p:
                    bits.append(f"eligible {_seats(p['eligible'])}")
                for direction, seats in _map(p.get("winners")).items():
                    bits.append(f"{escape(direction)} → {_seats(seats)}")
                if "shares" in p:
                    bits.append("shares " + ", ".join(f"`{s}` {v}" for s, v in _map(p["shares"]).items()))
                lines.append("- " + " · ".join(bits))
        elif key in ("cards", "common"):
            lines.append(f"- {key}: {cards_html(_items(value))}")
        elif key in ("shown", "mucked", "excluded"):
            lines.append(f"- {key}: {_seats(value)}")
        elif key == "pick_orders":
            lines.append("- pick orders: " + " / ".join(_seats(o) for o in _items(value)))
        elif key == "order":
            groups = [" = ".join(f"#{i}" for i in _items(g)) for g in _items(value)]
            lines.append("- order, best first: " + " > ".join(groups))
        elif key == "error":
            lines.append(f"- error: {_code(value)}")
        else:
            lines.append(f"- {key}: {_code(value)}")
    return lines + _seat_table(columns, labels)


def _ranking(setup: Mapping[str, Json], expect: Mapping[str, Json]) -> list[str]:
    cats = _items(expect.get("categories"))
    quals = _items(expect.get("qualifies"))
    rows = ["", "| # | hand | " + ("category |" if cats else "") + (" qualifies |" if quals else ""),
            "|---|---|" + ("---|" if cats else "") + ("---|" if quals else "")]
    for i, hand in enumerate(_items(setup.get("hands"))):
        row = f"| #{i} | {cards_html(_items(hand))} |"
        if cats:
            row += f" {escape(str(cats[i])) if i < len(cats) else ''} |"
        if quals:
            row += f" {('yes' if quals[i] else 'no') if i < len(quals) else ''} |"
        rows.append(row)
    return [f"ranking: `{setup.get('ranking')}`", *rows, ""]


def action_html(action: str) -> str:
    """An action with its cards as cards: ``p1 sd 7h 8c`` shows the two discards as cards."""
    words = action.split()
    head, cards = words[:2], words[2:]
    try:
        for token in cards:
            parse_card(token)
    except CardError:
        return f"<code>{escape(action)}</code>"
    if not cards:
        return f"<code>{escape(action)}</code>"
    return f"<code>{escape(' '.join(head))}</code> {cards_html(cards)}"


def _step(step: Mapping[str, Json]) -> str:
    note = f" — *{escape(str(step['note']))}*" if "note" in step else ""
    if "act" in step:
        return action_html(str(step["act"])) + note
    if "reject" in step:
        return f"✗ {action_html(str(step['reject']))} rejected: `{step['reason']}`{note}"
    if "legal" in step:
        legal = _map(step["legal"])
        bits = []
        if "to_act" in legal:
            bits.append(f"to act {_seats(legal['to_act'])}")
        if "actions" in legal:
            bits.append("legal " + ", ".join(f"`{a}`" for a in _items(legal["actions"])))
        return "☐ " + "; ".join(bits) + note
    if "check" in step:
        return "✓ " + _observation(_map(step["check"])) + note
    return _code(cast(Json, step))


# viewer: begin — links to the hand viewer and the viewer in place of a long list of steps.
def viewer_link(page: str, case: Case) -> str:
    """A link from ``page`` (a docs path, any language) to the hand viewer showing ``case``, in
    the page's language (each language has its ``viewer/`` page; directory URLs)."""
    lang, english = page_language(page)
    stem = english.removesuffix(".md")
    depth = 0 if stem == "index" else stem.count("/") + (0 if stem.endswith("/index") else 1)
    ui = cast(Mapping[str, str], cast(Mapping[str, Json], viewer_labels()[lang])["ui"])
    href = "../" * depth + f"viewer/?case={case.id}"
    return f'<a class="ps-viewer-link" href="{escape(href)}">▶ {escape(ui["open"])}</a>'


def viewer_embed(case: Case) -> str:
    """The hand viewer itself, loaded when the reader opens the panel that holds it (a ``span``:
    Markdown keeps it whole inside the panel's indented blocks, and viewer.js makes it a ``div``)."""
    return f'<span class="ps-viewer" data-case="{escape(case.id)}" data-compact></span>'
# viewer: end


def render_case(case: Case, labels: Mapping[str, str], viewer: str = "", inline: bool = False) -> list[str]:
    """A case as readable Markdown: its setup as hands, the steps in order, the expected outcome.
    ``viewer``: a link to the case in the hand viewer; ``inline``: a case with more than
    ``LONG_CASE`` steps shows the viewer instead of the list of steps."""
    data = case.data
    setup = _map(data.get("setup"))
    expect = _map(data.get("expect"))
    meta = [f"{labels['kind']} `{case.kind}`", f"{labels['level']} `{data['level']}`"]
    if case.profiles:
        meta.append(f"{labels['profiles']} " + ", ".join(f"`{p}`" for p in case.profiles))
    explanation = escape(str(data["explanation"]), quote=False)
    lines = [" · ".join(meta) + (f" · {viewer}" if viewer else ""), "", explanation, "",  # viewer: link
             f"**{labels['setup']}**", ""]
    if case.kind == "notation":
        tokens = [f"<code>{escape(str(t))}</code>" for t in _items(setup.get("input"))]
        lines.append("input " + " ".join(tokens))
    elif case.kind == "ranking":
        lines += _ranking(setup, expect)
        expect = {k: v for k, v in expect.items() if k not in ("categories", "qualifies")}
    else:
        by_seat: dict[str, dict[str, Json]] = {}
        if "stacks" in setup:
            by_seat["stack"] = {f"p{i + 1}": v for i, v in enumerate(_items(setup["stacks"]))}
        for key in ("hands", "contributed", "declarations"):
            if key in setup:
                by_seat[key] = _map(setup[key])
        for key, value in setup.items():
            if key in ("stacks", "hands", "contributed", "declarations"):
                continue
            if key == "deck":
                lines.append(f"- deck, top first: {cards_html(_items(value))}")
            elif key in ("winners", "high", "low", "folded"):
                lines.append(f"- {key}: {_seats(value)}")
            elif key == "dealer":
                lines.append(f"- dealer: `{value}`")
            else:
                lines.append(f"- {key}: {escape(str(value))}")
        lines += _seat_table(by_seat, labels)
    steps = [_map(s) for s in _items(data.get("steps"))]
    if inline and len(steps) > LONG_CASE:  # viewer: a long case opens in the viewer
        lines += ["", f"**{labels['steps']}**", "", viewer_embed(case)]
    elif steps:
        lines += ["", f"**{labels['steps']}**", ""] + [f"{n}. {_step(s)}" for n, s in enumerate(steps, 1)]
    lines += ["", f"**{labels['expect']}**", "", *_outcome(expect, labels), ""]
    return lines


def indent(lines: Iterable[str], by: int = 4) -> list[str]:
    pad = " " * by
    return [pad + line if line else "" for line in lines]


# ---------------------------------------------------------------------------------------------
# Paths of the generated pages


def code_page(module: str) -> str:
    """The site page of a reference module, e.g. ``code/pokerspec/core/high.md``."""
    return f"{GENERATED}/code/" + module.replace(".", "/") + ".md"


def case_topic(case: Case, vectors: Path) -> str:
    rel = case.path.resolve().relative_to(vectors.resolve())
    return "/".join(rel.parts[:-1]) or case.game


def case_page(case: Case, vectors: Path) -> str:
    return f"{GENERATED}/cases/{case_topic(case, vectors)}.md"


def link(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A relative Markdown link target from one docs page to another (both docs-relative)."""
    rel = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return rel + (f"#{anchor}" if anchor else "")


# ---------------------------------------------------------------------------------------------
# Code items: the function, class, assignment or module around each citation


@dataclass(frozen=True, slots=True)
class CodeItem:
    """A piece of reference code that cites rules: ``qualname`` is empty for the module itself."""

    path: str
    module: str
    qualname: str
    line: int
    end_line: int
    rules: tuple[RuleId, ...]

    @property
    def anchor(self) -> str:
        return f"{self.module}.{self.qualname}" if self.qualname else self.module

    @property
    def name(self) -> str:
        return self.qualname or self.module


def module_name(path: str) -> str:
    """``reference/pokerspec/core/high.py`` -> ``pokerspec.core.high``."""
    parts = path.removeprefix("reference/").removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _spans(tree: ast.Module) -> list[tuple[str, int, int]]:
    """(qualname, first line, last line) of every def and class, and of every top-level or class
    assignment together with the docstring that follows it."""
    spans: list[tuple[str, int, int]] = []

    def visit(body: Sequence[ast.stmt], prefix: str) -> None:
        for i, node in enumerate(body):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                spans.append((prefix + node.name, start, node.end_lineno or node.lineno))
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                end = node.end_lineno or node.lineno
                nxt = body[i + 1] if i + 1 < len(body) else None
                if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant) and isinstance(
                    nxt.value.value, str
                ):
                    end = nxt.end_lineno or end
                if names:
                    spans.append((prefix + names[0], node.lineno, end))

    visit(tree.body, "")
    return spans


def code_items(root: Path, trace: Traceability) -> list[CodeItem]:
    """Group the code citations of ``trace`` by the innermost definition that holds them."""
    by_file: dict[str, list[tuple[RuleId, int]]] = {}
    for rule, places in trace.code.items():
        for place in places:
            by_file.setdefault(place.path, []).append((rule, place.line))
    items: list[CodeItem] = []
    for path, cites in sorted(by_file.items()):
        text = (root / path).read_text(encoding="utf-8")
        tree = ast.parse(text)
        spans = _spans(tree)
        doc_end = 1
        if tree.body and isinstance(tree.body[0], ast.Expr) and isinstance(tree.body[0].value, ast.Constant):
            doc_end = tree.body[0].end_lineno or 1
        grouped: dict[tuple[str, int, int], list[RuleId]] = {}
        for rule, line in cites:
            holders = [s for s in spans if s[1] <= line <= s[2]]
            span = min(holders, key=lambda s: s[2] - s[1]) if holders else ("", 1, max(doc_end, line))
            if rule not in grouped.setdefault(span, []):
                grouped[span].append(rule)
        module = module_name(path)
        for (qualname, start, end), rules in sorted(grouped.items(), key=lambda kv: kv[0][1]):
            items.append(CodeItem(path, module, qualname, start, end, tuple(rules)))
    return items


# ---------------------------------------------------------------------------------------------
# The site model, built once per set of source files


@dataclass(frozen=True, slots=True)
class Site:
    """Everything the hooks need: the traceability report, the code items and the cases."""

    root: Path
    trace: Traceability
    code: tuple[CodeItem, ...]
    cases: tuple[Case, ...]
    case_at: Mapping[str, Case]
    """Each case by its path relative to the root."""

    @property
    def vectors(self) -> Path:
        return self.root / "conformance" / "vectors"

    def generated(self) -> dict[str, str]:
        """Docs-relative path -> text of every generated file (Markdown pages, schema copies)."""
        pages = {TRACE_PAGE: self.traceability_page(), CASES_INDEX: self.cases_index(),
                 CODE_INDEX: self.code_index(), **self.schema_pages()}
        by_topic: dict[str, list[Case]] = {}
        for case in self.cases:
            by_topic.setdefault(case_page(case, self.vectors), []).append(case)
        for page, cases in by_topic.items():
            pages[page] = self.case_topic_page(page, cases)
        for module in sorted({item.module for item in self.code}):
            page = code_page(module)
            pages[page] = self.code_module_page(page, module)
        return pages

    def schema_pages(self) -> dict[str, str]:
        """The published JSON Schemas: a page that shows each one, and a copy of each to download."""
        files = sorted((self.root / "conformance" / "schema").glob("*.schema.json"))
        pages: dict[str, str] = {}
        lines = ["# JSON Schemas", "",
                 "The machine-readable definitions of the case format and of the engine protocol, copied "
                 "from `conformance/schema/` at every build. Cases and engine replies are validated "
                 "against them.", ""]
        for path in files:
            text = path.read_text(encoding="utf-8")
            title = json.loads(text).get("title", "")
            name = path.name.removesuffix(".schema.json")
            pages[f"{GENERATED}/schema/{path.name}"] = text
            source = f"conformance/schema/{path.name}"
            lines += [f"## {name} {{#{name}}}", "", escape(str(title), quote=False), "",
                      f"Download [{path.name}](schema/{path.name}) · source `{source}`", "",
                      "```json", text.rstrip(), "```", ""]
        pages[SCHEMA_PAGE] = "\n".join(lines)
        return pages

    def rule_link(self, from_page: str, rule: str) -> str:
        trace = self.trace.rules.get(RuleId(rule))
        if trace is None:
            return f"`{rule}` (not in the spec)"
        return f"[`{rule}`]({link(from_page, trace.page, rule)})"

    def case_topic_page(self, page: str, cases: Sequence[Case]) -> str:
        labels = LABELS["en"]
        topic = page.removeprefix(f"{GENERATED}/cases/").removesuffix(".md")
        game, _, rest = topic.partition("/")
        lines = [f"# {rest or game} ({game} cases)", "",
                 f"The conformance cases in `conformance/vectors/{topic}/`, as hands. "
                 "Every case links back to the rules it pins.", ""]
        for case in sorted(cases, key=lambda c: c.id):
            rel = case.path.relative_to(self.root).as_posix()
            title = escape(str(case.data["title"]), quote=False)
            lines += [f"## {case.id} {{#{case.id}}}", "", f"**{title}**", "",
                      "Pins " + ", ".join(self.rule_link(page, r) for r in case.rules) + f" · `{rel}`", ""]
            lines += render_case(case, labels, viewer_link(page, case))  # viewer: link
        return "\n".join(lines)

    def code_module_page(self, page: str, module: str) -> str:
        items = [item for item in self.code if item.module == module]
        lines = [f"# `{module}`", "", f"Source: `{items[0].path}`. Each item below cites the rules it "
                 "implements in its docstring; the links lead back to the rules.", ""]
        for item in items:
            lines += [f"## `{item.name}` {{#{item.anchor}}}", "",
                      "Implements " + ", ".join(self.rule_link(page, r) for r in item.rules) + ".", ""]
            lines += self.snippet(item)
        return "\n".join(lines)

    def snippet(self, item: CodeItem) -> list[str]:
        source = (self.root / item.path).read_text(encoding="utf-8").splitlines()
        stop = min(item.end_line, item.line + SNIPPET_LINES - 1)
        body = source[item.line - 1 : stop]
        rest = item.end_line - stop
        more = [f"*… {rest} more lines in `{item.path}`.*", ""] if rest > 0 else []
        return [f'```python linenums="{item.line}"', *body, "```", "", *more]

    def code_index(self) -> str:
        lines = ["# Reference code", "",
                 "The modules of the reference implementation that cite rule IDs in their docstrings.", ""]
        for module in sorted({item.module for item in self.code}):
            count = len({r for item in self.code if item.module == module for r in item.rules})
            lines.append(f"- [`{module}`]({link(CODE_INDEX, code_page(module))}) — {count} rules")
        return "\n".join(lines) + "\n"

    def cases_index(self) -> str:
        lines = ["# Cases", "", "Every conformance case, by game and topic.", ""]
        by_page: dict[str, int] = {}
        for case in self.cases:
            page = case_page(case, self.vectors)
            by_page[page] = by_page.get(page, 0) + 1
        for page in sorted(by_page):
            name = page.removeprefix(f"{GENERATED}/cases/").removesuffix(".md")
            lines.append(f"- [{name}]({link(CASES_INDEX, page)}) — {by_page[page]} cases")
        return "\n".join(lines) + "\n"

    def traceability_page(self) -> str:
        page = TRACE_PAGE
        rules = self.trace.rules.values()
        cited = sum(1 for r in rules if r.code)
        pinned = sum(1 for r in rules if r.cases)
        translated = {lang: sum(1 for r in rules if lang in r.languages) for lang in TRANSLATIONS}
        lines = ["---", "hide:", "  - navigation", "  - toc", "---", "", "# Traceability", "",
                 "Every rule ID of the English spec with the reference code that cites it, the cases that "
                 "pin it and whether each translation carries it. This page is generated at build time from "
                 "`spec/`, `reference/` and `conformance/`; nothing here is kept by hand.", "",
                 f"**{len(rules)}** rules · **{cited}** cited by code · **{pinned}** pinned by cases · "
                 + " · ".join(f"**{n}** in {lang}" for lang, n in translated.items()), "",
                 "| rule | title | code | cases | " + " | ".join(TRANSLATIONS) + " |",
                 "|---|---|---|---|" + "---|" * len(TRANSLATIONS)]
        for rule in rules:
            code = ", ".join(f"[`{item.name}`]({link(page, code_page(item.module), item.anchor)})"
                             for item in self.code if rule.id in item.rules) or "—"
            cases = ", ".join(f"[{pin.case}]({link(page, self.pin_page(pin.path), pin.case)})"
                              for pin in rule.cases)
            if not cases:
                cases = f"waived: {escape(rule.waiver, quote=False)}" if rule.waiver else "—"
            marks = ["✓" if lang in rule.languages else "✗ missing" for lang in TRANSLATIONS]
            anchor = f'<a id="{rule.id}"></a>'
            title = escape(rule.title, quote=False).replace("|", "\\|")
            row = [anchor + self.rule_link(page, rule.id), title, code, cases, *marks]
            lines.append("| " + " | ".join(row) + " |")
        problems = [*self.trace.translation_problems(), *self.trace.dangling_problems()]
        if problems:
            lines += ["", "## Open problems", "", "Missing or stale translations and IDs the spec does not "
                      "define, as the traceability check reports them:", ""]
            lines += [f"- {escape(p.message, quote=False)}" for p in problems]
        return "\n".join(lines) + "\n"

    def pin_page(self, path: str) -> str:
        """The case page of a traceability pin (its path is relative to the root, like ours)."""
        return case_page(self.case_at[path], self.vectors)

    def rule_block(self, page: str, rule: RuleId, lang: str) -> list[str]:
        """The collapsible block inserted after a rule's text: anchor, code and cases."""
        labels = LABELS.get(lang, LABELS["en"])
        lines = ["<div class=\"ps-rule\" data-search-exclude=\"\" markdown>", "",
                 f"??? abstract \"{labels['block']} · {rule}\"",
                 f"    {labels['anchor']} [`#{rule}`](#{rule}) · "
                 f"[{labels['trace']}]({link(page, TRACE_PAGE, rule)})", ""]
        items = [item for item in self.code if rule in item.rules]
        lines += [f"    **{labels['code']}**", ""]
        if not items:
            lines += [f"    {labels['no_code']}", ""]
        for item in items:
            lines.append(f"    ??? quote \"{item.name} — {item.path}:{item.line}\"")
            target = link(page, code_page(item.module), item.anchor)
            lines += [f"        [{labels['code_page']}]({target})", ""]
            lines += indent(self.snippet(item), 8)
        cases = [c for c in self.cases if rule in c.rules]
        lines += [f"    **{labels['cases']} ({len(cases)})**", ""]
        if not cases:
            lines += [f"    {labels['no_cases']}", ""]
        for case in cases[:INLINE_CASES]:
            title = str(case.data["title"]).replace('"', "'")
            target = link(page, case_page(case, self.vectors), case.id)
            lines += [f"    ??? example \"{case.id} — {title}\"",
                      f"        [{labels['case_page']}]({target})", ""]
            lines += indent(render_case(case, labels, viewer_link(page, case), inline=True), 8)  # viewer
        for case in cases[INLINE_CASES:]:
            title = escape(str(case.data["title"]), quote=False)
            lines.append(f"    - [{case.id}]({link(page, case_page(case, self.vectors), case.id)}) — {title}"
                         f" · {viewer_link(page, case)}")  # viewer: link
        return ["", *lines, "", "</div>", ""]

    def annotate(self, page: str, markdown: str, lang: str) -> str:
        """Insert the rule block at the end of every rule's section (before the next heading)."""
        lines = markdown.splitlines()
        heads = read_headings(markdown)
        out: list[str] = []
        done = 0
        for i, head in enumerate(heads):
            if head.anchor is None or RuleId(head.anchor) not in self.trace.rules:
                continue
            end = heads[i + 1].line - 1 if i + 1 < len(heads) else len(lines)
            out += lines[done:end] + self.rule_block(page, RuleId(head.anchor), lang)
            done = end
        return "\n".join(out + lines[done:]) + "\n"


def build_site(root: Path) -> Site:
    good, _ = load_cases([root / "conformance" / "vectors"])
    trace = collect(root)
    at = {case.path.relative_to(root).as_posix(): case for case in good}
    return Site(root, trace, tuple(code_items(root, trace)), tuple(good), at)


def write_generated(folder: Path, pages: Mapping[str, str]) -> None:
    """Make ``folder`` hold exactly ``pages`` (paths relative to the docs folder); files whose text
    is unchanged are not touched, so ``mkdocs serve`` does not rebuild in a loop."""
    wanted = {folder.parent / page: text for page, text in pages.items()}
    if folder.exists():
        for old in folder.rglob("*"):
            if old.is_file() and old not in wanted:
                old.unlink()
    for path, text in wanted.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Navigation


def _chapter_key(chapter: str) -> tuple[int, str]:
    """Chapters in reading order (core, archie, auction, stud), any other after them."""
    return (CHAPTERS.index(chapter) if chapter in CHAPTERS else len(CHAPTERS), chapter)


def build_nav(files: Files) -> list[object]:
    """The site navigation from the pages present: fixed pages first, then the spec chapters in
    reading order, then the guides others write, then the generated reference pages."""
    present = {f.src_uri for f in files.documentation_pages() if page_language(f.src_uri)[0] == "en"}

    def have(*uris: str) -> list[object]:
        return [u for u in uris if u in present]

    def folder(prefix: str) -> list[object]:
        uris = sorted(u for u in present if u.startswith(prefix) and "/" not in u[len(prefix):])
        out: list[object] = [u for u in uris if u.endswith("index.md")]
        return out + [u for u in uris if not u.endswith("index.md")]

    def chapters(top: str, index: str | None = None) -> list[object]:
        """``top/index.md`` (or ``index``), then one section per chapter folder under ``top``."""
        out = have(index or f"{top}/index.md")
        depth = top.count("/") + 1
        found = {u.split("/")[-2] for u in present if u.startswith(f"{top}/") and u.count("/") > depth}
        for chapter in sorted(found, key=_chapter_key):
            out.append({chapter: folder(f"{top}/{chapter}/")})
        return out

    spec = chapters("spec")
    top = f"{GENERATED}/code/pokerspec/"
    packages = sorted({u.split("/")[3] for u in present if u.startswith(top) and u.count("/") == 4})
    code = have(CODE_INDEX) + [{name: folder(f"{top}{name}/")} for name in packages] + folder(top)
    cases = chapters(f"{GENERATED}/cases", CASES_INDEX)
    nav: list[object] = [{"Home": "index.md"}, *[{"Getting started": u} for u in have("getting-started.md")]]
    sections: list[tuple[str, list[object]]] = [
        ("Specification", spec),
        ("Worked examples", folder("examples/")),
        ("Engine authors", folder("engine-authors/") + have(SCHEMA_PAGE, "engines/compliance.md")),
        ("Maintainers", folder("maintainers/")),
        ("Reference", [*have(TRACE_PAGE, "performance.md", VIEWER_PAGE),  # viewer: the viewer page
                       {"Reference code": code}, {"Cases": cases}]),
    ]
    nav += [{title: items} for title, items in sections if items]
    return nav


def chapter_titles(nav: Navigation) -> None:
    """Name each section after the first heading of its index page, in the page's language."""
    def visit(items: Sequence[object]) -> None:
        for item in items:
            if isinstance(item, Section):
                first = item.children[0] if item.children else None
                if isinstance(first, Page) and first.file.name == "index" and first.file.abs_src_path:
                    for h in read_headings(Path(first.file.abs_src_path).read_text(encoding="utf-8")):
                        if h.level == 1:
                            item.title = h.title
                            break
                visit(item.children)
    visit(nav.items)


# ---------------------------------------------------------------------------------------------
# Search: one index per language


def split_search_index(site_dir: Path) -> None:
    """Rewrite the combined index as one index per language: the root keeps the English pages,
    ``<lang>/search/search_index.json`` the others (locations relative to the language root, which
    the theme override makes the search base of that language's pages)."""
    index_path = site_dir / "search" / "search_index.json"
    if not index_path.exists():
        return
    index = json.loads(index_path.read_text(encoding="utf-8"))
    docs = cast(list[dict[str, str]], index["docs"])
    for lang in LANGUAGES:
        prefix = "" if lang == "en" else f"{lang}/"
        if lang == "en":
            mine = [d for d in docs if not any(d["location"].startswith(f"{t}/") for t in TRANSLATIONS)]
        else:
            mine = [d | {"location": d["location"][len(prefix) :]} for d in docs
                    if d["location"].startswith(prefix)]
        out = site_dir / prefix / "search" / "search_index.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        config = dict(index["config"]) | {"lang": [lang]}
        out.write_text(json.dumps({"config": config, "docs": mine}, ensure_ascii=False), encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# The mkdocs events (re-exported by docs/hooks/pokerspec_site.py)

_site: Site | None = None


def _repo_root(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def _language(config: MkDocsConfig) -> str:
    lang = str(config.theme["language"]) if "language" in config.theme else "en"
    return lang if lang in LANGUAGES else "en"


def _inner_build(config: MkDocsConfig) -> bool:
    """True while the i18n plugin builds a further language (it sets ``building`` meanwhile)."""
    i18n = config.plugins.get("i18n")
    return i18n is not None and bool(getattr(i18n, "building", False))


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read the sources once per build: every language is built from the same snapshot."""
    global _site
    if _site is None or not _inner_build(config):
        _site = build_site(_repo_root(config))
        write_generated(Path(config.docs_dir) / GENERATED, _site.generated())
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    config.nav = build_nav(files)
    return files


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    chapter_titles(nav)
    return nav


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    assert _site is not None
    uri = page.file.src_uri
    lang = _language(config)
    if uri.startswith(f"{GENERATED}/") and lang != "en":
        # The English fallback of a generated page: the English build already indexes it.
        page.meta["search"] = {"exclude": True}
    if not uri.startswith("spec/"):
        return markdown
    return _site.annotate(uri, markdown, lang)


@event_priority(-150)
def on_post_build(config: MkDocsConfig) -> None:
    """After the i18n plugin has built every language (it runs at priority -100)."""
    if not _inner_build(config):
        split_search_index(Path(config.site_dir))


# ---------------------------------------------------------------------------------------------
# Checking a built site (used by docs/tests)


@dataclass(frozen=True, slots=True)
class SiteBuild:
    """One ``mkdocs build --strict`` run: the output folder, exit code, log, wall-clock seconds and
    CPU seconds (user + system, which a busy machine does not inflate)."""

    path: Path
    returncode: int
    log: str
    seconds: float
    cpu_seconds: float


def build_strict(root: Path, out: Path) -> SiteBuild:
    """Build the site of the checkout at ``root`` into ``out`` (never ``-q``: it hides warnings)."""
    start, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-f", str(root / "mkdocs.yml"),
         "-d", str(out)],
        cwd=root, capture_output=True, text=True, check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return SiteBuild(out, proc.returncode, proc.stdout + proc.stderr, time.monotonic() - start, cpu)


class HtmlPage(HTMLParser):
    """What the checks need from a built page: ``<html lang>``, every id and every link."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang") or ""
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "a" and a.get("name"):
            self.ids.add(str(a["name"]))
        for key in ("href", "src"):
            value = a.get(key)
            if value and (tag != "link" or a.get("rel") in ("stylesheet", "icon")):
                self.links.append(value)


def read_page(path: Path) -> HtmlPage:
    page = HtmlPage()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def built_page(site: Path, page: str, lang: str = "en") -> Path:
    """Where a docs page is built: ``spec/core/03-high.md`` in ``ru`` is at
    ``ru/spec/core/03-high/index.html``."""
    stem = page.removesuffix(".md")
    stem = "" if stem == "index" else stem.removesuffix("/index")
    prefix = "" if lang == "en" else f"{lang}/"
    return site / prefix / stem / "index.html"


def broken_links(site: Path) -> list[str]:
    """Every internal link or anchor of the built site that leads nowhere, as ``page: href (why)``.

    External links (with a scheme or ``//``) are not followed; ``../x/`` means ``../x/index.html``;
    ``/x/`` is read from the site root (the site is published at the root of its domain). The
    ``404.html`` page is skipped: its links are absolute on purpose.
    """
    pages: dict[Path, HtmlPage] = {}

    def page_at(path: Path) -> HtmlPage:
        if path not in pages:
            pages[path] = read_page(path)
        return pages[path]

    problems: list[str] = []
    for html in sorted(site.rglob("*.html")):
        if html.name == "404.html":
            continue
        for href in page_at(html).links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            path = unquote(parts.path)
            base = site if path.startswith("/") else html.parent
            target = (base / path.lstrip("/")).resolve() if path else html.resolve()
            if not target.is_relative_to(site.resolve()):
                problems.append(f"{html.relative_to(site)}: {href} (outside the site)")
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                problems.append(f"{html.relative_to(site)}: {href} (no such file)")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in page_at(
                target
            ).ids:
                problems.append(f"{html.relative_to(site)}: {href} (no such anchor)")
    return problems

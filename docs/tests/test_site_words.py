"""The site's own words (docs/hooks/pokersite/words.toml) and the viewer's labels it shares: every
entry in the four languages, and a name for every token the cases use and every name the closed
case schema declares (phases, reasons, observables, outcome and pot keys, winners labels, values,
setup codes: the engine contract, which conformance/suites/test_contract.py holds equal to the
schema), so that no panel shows an English label or a raw token."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from pokersite.cases import case_tokens
from pokersite.words import (
    VIEWER_SECTIONS,
    Words,
    missing_translations,
    table,
    unnamed_profiles,
    viewer_name,
)
from pokerspec.conformance.cases import SCHEMA, load_cases
from pokerspec.core.game import Json
from pokerspec.viewer.page import labels

ROOT = Path(__file__).resolve().parents[2]
ENUM_SECTIONS = {
    "phase": "phase", "reason": "reason", "category": "category", "error": "setup_error",
    "code": "setup_error", "declarations": "dec", "verdict": "value", "result": "value",
    "award": "value", "odd_chip": "value", "ranking": "ranking", "kind": "kind", "level": "value",
}
"""The section that names the values of a schema property, by the property's name."""
KEYED = ("setup", "expect", "check", "pots", "stakes")
"""Schema objects whose property names are data keys a panel names."""


def schema_tokens(node: Json, path: tuple[str, ...] = ()) -> Iterator[tuple[str, str]]:
    """(section, token) of every name the case schema declares; ``game`` names no token."""
    names = [path[i + 1] for i, part in enumerate(path[:-1]) if part in ("properties", "$defs")]
    owner = names[-1] if names else ""
    if isinstance(node, dict):
        enum = node.get("enum")
        if isinstance(enum, list):
            if path[-1:] == ("propertyNames",):
                yield from (("value" if owner == "winners" else "key", str(v)) for v in enum)
            elif owner in ENUM_SECTIONS:
                yield from ((ENUM_SECTIONS[owner], str(v)) for v in enum)
        properties = node.get("properties")
        if isinstance(properties, dict) and owner in KEYED:
            yield from (("key", str(k)) for k in properties)
        for key, inner in node.items():
            yield from schema_tokens(inner, (*path, str(key)))
    elif isinstance(node, list):
        for index, inner in enumerate(node):
            yield from schema_tokens(inner, (*path, str(index)))


def unnamed(tokens: set[tuple[str, str]]) -> set[tuple[str, str]]:
    words, name = table(), Words("en").name
    return {(section, token) for section, token in tokens
            if (name(section, token) if section in VIEWER_SECTIONS or section == "value"
                else words.get(section, {}).get(token)) is None}


def test_every_word_is_in_every_language() -> None:
    gaps = missing_translations(table())
    assert not gaps, "words.toml entries without a translation:\n  " + "\n  ".join(gaps)


def test_every_profile_has_a_name_in_every_language() -> None:
    """The play page names a profile for readers (its ID stays beside the name)."""
    gaps = unnamed_profiles(labels())
    assert not gaps, ("profiles without a reader-facing name: add them to the \"profile\" section of "
                      "each language in reference/pokerspec/viewer/labels.json, as the chapter's "
                      "profiles section names them:\n  " + "\n  ".join(gaps))


def test_the_check_sees_an_unnamed_profile() -> None:
    some = {lang: {"profile": {"archie-pagat": "P"}} for lang in ("en", "ru", "pt")}
    gaps = unnamed_profiles(some)
    assert "archie-pagat: fr" in gaps and "archie-barge: ru" in gaps and "archie-pagat: en" not in gaps


def test_every_token_the_cases_use_has_a_name() -> None:
    cases, _ = load_cases([ROOT / "conformance" / "vectors"])
    seen: dict[tuple[str, str], str] = {}
    for case in cases:
        for token in sorted(case_tokens(case)):
            seen.setdefault(token, case.id)
    lines = [f"[{section}] {token}  (e.g. {seen[section, token]})"
             for section, token in sorted(unnamed(set(seen)))]
    assert not lines, "add these to words.toml or the viewer's labels.json:\n  " + "\n  ".join(lines)


def test_every_name_the_schema_declares_has_a_name() -> None:
    tokens = set(schema_tokens(json.loads(SCHEMA.read_text(encoding="utf-8"))))
    assert {("phase", "bid-3"), ("reason", "must_bring_in"), ("setup_error", "bad_stakes"), ("key", "stakes"),
            ("key", "excluded_why"), ("key", "small_bet"), ("value", "no-qualifier"), ("dec", "b"),
            ("value", "tied")} <= tokens
    lines = [f"[{section}] {token}" for section, token in sorted(unnamed(tokens))]
    assert not lines, "add these to words.toml or the viewer's labels.json:\n  " + "\n  ".join(lines)


def test_tokens_are_named_as_the_viewer_names_them() -> None:
    """A phase by its numbered pattern, in lower case inside a sentence; a reason by its short name."""
    assert viewer_name("phase", "bet-2", "en") == "betting round 2"
    assert viewer_name("phase", "street-4", "ru") == "четвёртая улица"
    assert viewer_name("reason", "wrong_amount", "fr") == "mauvais montant"
    assert viewer_name("reason", "no_such_reason", "fr") is None
    assert Words("pt").token("dec", "b") == '<span class="ps-token" title="b">ambas</span>'


def test_the_check_sees_a_missing_language(tmp_path: Path) -> None:
    path = tmp_path / "words.toml"
    path.write_text('[label]\nx = { en = "x", ru = "икс", pt = "xis" }\n', encoding="utf-8")
    assert missing_translations(table(path)) == ["label.x: fr"]


def test_the_check_sees_an_unnamed_token() -> None:
    assert unnamed({("phase", "bet-1"), ("phase", "shuffle"), ("key", "no_such_key")}) == {
        ("phase", "shuffle"), ("key", "no_such_key")}

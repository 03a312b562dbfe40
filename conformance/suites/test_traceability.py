"""One rule, four places: spec text (en/ru/pt/fr), reference code, cases, waivers stay in step.

Checked chapter by chapter so that a failure names the chapter, the page and the rule; the last
tests build a small broken checkout to prove that every check can fail.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pokerspec.core.types import RuleId
from pokerspec.traceability import CHAPTERS, Problem, Traceability, as_json, collect

ROOT = Path(__file__).resolve().parents[2]
SCOPES = (*CHAPTERS, "spec")
"""Each chapter, and ``spec`` for pages outside the chapters (``spec/index.md``)."""


CORE_RULES = (
    "core.cards.ranks", "core.cards.suits", "core.cards.notation", "core.cards.distinct",
    "core.deck.cards", "core.deck.order", "core.deck.completion", "core.deck.shuffle",
    "core.high.categories", "core.high.kickers", "core.high.wheel", "core.high.no-wraparound",
    "core.high.suits", "core.high.best-five",
    "core.low.ace", "core.low.no-straights", "core.low.compare", "core.low.unpaired-first",
    "core.low.repeats", "core.low.best-five", "core.low8.qualifier",
    "core.exposed.partial", "core.exposed.five", "core.bringin.order",
    "core.chips.amount", "core.chips.split", "core.chips.odd-to-high", "core.chips.side-pots",
    "core.chips.uncalled", "core.chips.dead", "core.chips.net",
    "core.notation.seats", "core.notation.actions", "core.notation.legal", "core.notation.reasons",
    "core.notation.observables",
    "core.contract.conventions", "core.contract.phases", "core.contract.observables", "core.contract.outcome",
    "core.contract.pots", "core.contract.winners", "core.contract.values", "core.contract.setup",
    "core.contract.precedence", "core.contract.core-ops",
    "core.perft.position", "core.perft.children", "core.perft.nodes", "core.perft.ended",
    "core.perft.digest", "core.perft.invariants", "core.perft.divide", "core.perft.tables",
    "core.perft.full", "core.perft.coverage",
)
"""The shared chapter's rules in spec order (issue 2, items 1-8, the action notation and the
engine contract of issue 12)."""


@pytest.fixture(scope="module")
def trace() -> Traceability:
    return collect(ROOT)


def _report(problems: list[Problem], scope: str, what: str) -> None:
    mine = [p.message for p in problems if p.chapter == scope]
    assert not mine, f"{scope}: {len(mine)} {what}:\n  " + "\n  ".join(mine)


@pytest.mark.parametrize("scope", SCOPES)
def test_translations_have_the_english_headings(trace: Traceability, scope: str) -> None:
    """Every English page has ru/pt/fr pages with the same headings, anchors and rule order."""
    _report(trace.translation_problems(), scope, "translation problems")


@pytest.mark.parametrize("scope", SCOPES)
def test_no_rule_is_defined_twice(trace: Traceability, scope: str) -> None:
    _report(trace.definition_problems(), scope, "rules or anchors defined twice")


@pytest.mark.parametrize("scope", SCOPES)
def test_every_rule_is_cited_and_pinned_or_waived(trace: Traceability, scope: str) -> None:
    _report(trace.coverage_problems(), scope, "rules without code or without a case or waiver")


@pytest.mark.parametrize("scope", SCOPES)
def test_every_cited_rule_is_in_the_spec(trace: Traceability, scope: str) -> None:
    """IDs cited by code, listed by cases or waived must be defined by the English spec."""
    _report(trace.dangling_problems(), scope, "rule IDs that the spec does not define")


@pytest.mark.parametrize("scope", SCOPES)
def test_every_case_file_loads(trace: Traceability, scope: str) -> None:
    _report(trace.case_problems(), scope, "case files that do not load")


def test_the_core_chapter_is_traced(trace: Traceability) -> None:
    """The shared chapter exists, in every language, and the report carries it."""
    core = [r for r in trace.rules.values() if r.id.startswith("core.")]
    assert [r.id for r in core] == list(CORE_RULES)
    assert all(r.languages == ("en", "ru", "pt", "fr") for r in core)
    wheel = trace.rules[RuleId("core.high.wheel")]
    assert wheel.page == "spec/core/03-high.md"
    assert any(loc.path == "reference/pokerspec/core/high.py" for loc in wheel.code)
    assert wheel.status == "pinned"
    report = as_json(trace)
    assert json.loads(json.dumps(report)) == report


def _write(root: Path, path: str, text: str) -> None:
    file = root / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")


def _case(case_id: str, rules: list[str]) -> str:
    return json.dumps({
        "format": 1, "id": case_id, "title": "a small case", "level": "required",
        "explanation": "Only its rules list matters to the traceability check.",
        "rules": rules, "game": "core", "kind": "notation",
        "setup": {"input": ["As"]}, "expect": {"cards": ["As"]},
    })


def test_a_broken_checkout_is_reported(tmp_path: Path) -> None:
    """Each kind of inconsistency is found and named with its page and rule."""
    _write(tmp_path, "spec/core/01-a.md", "# A\n\n### One {#core.a.one}\n\n### Two {#core.a.two}\n"
           "\n### Three {#core.a.three}\n\n### Four {#core.a.four}\n")
    _write(tmp_path, "spec/core/01-a.ru.md", "# A\n\n### Два {#core.a.two}\n\n### Один {#core.a.one}\n"
           "\n### Три {#core.a.three}\n\n### Четыре {#core.a.four}\n")
    _write(tmp_path, "spec/core/01-a.pt.md", "# A\n\n### Um {#core.a.one}\n\n### Dois {#core.a.two}\n"
           "\n### Três {#core.a.three}\n")
    _write(tmp_path, "spec/core/02-b.md", "# B {#b}\n\n### Again {#core.a.one}\n")
    _write(tmp_path, "spec/core/02-b.ru.md", "# B\n\n### Снова {#core.a.one}\n")
    _write(tmp_path, "spec/core/02-b.pt.md", "# B {#b}\n\n```\n### not a heading {#core.x.y}\n```\n"
           "\n### De novo {#core.a.one}\n")
    _write(tmp_path, "spec/core/02-b.fr.md", "# B {#b}\n\n### Encore {#core.a.one}\n")
    _write(tmp_path, "reference/pokerspec/a.py",
           '"""The first (``core.a.one``), the second (``core.a.two``), a ghost (``core.a.ghost``),\n'
           'the third (``core.a.three``), a module (``pokerspec.core.cards``), a prefix (``core.a``)."""\n')
    _write(tmp_path, "conformance/vectors/core/a/core-a-0001.json", _case("core-a-0001", ["core.a.one"]))
    _write(tmp_path, "conformance/vectors/core/a/core-a-0002.json", _case("core-a-0002", ["core.a.nope"]))
    waivers = {"core.a.two": "checked by hand", "core.a.gone": ""}
    _write(tmp_path, "conformance/waivers.json", json.dumps(waivers))

    trace = collect(tmp_path)
    assert list(trace.rules) == ["core.a.one", "core.a.two", "core.a.three", "core.a.four"]
    assert trace.rules[RuleId("core.a.one")].languages == ("en", "ru", "pt")
    assert trace.rules[RuleId("core.a.two")].status == "waived"
    assert set(trace.code) == {"core.a.one", "core.a.two", "core.a.three", "core.a.ghost"}

    translations = {p.message for p in trace.translation_problems()}
    assert translations == {
        "spec/core/01-a.fr.md: missing (fr translation of spec/core/01-a.md)",
        "spec/core/01-a.ru.md: rule core.a.two is out of order (English has core.a.one there)",
        "spec/core/01-a.pt.md: rule core.a.four is missing (it is in spec/core/01-a.md)",
        "spec/core/02-b.ru.md: heading 1 is a level-1 heading without an anchor, "
        "but spec/core/02-b.md has a level-1 heading {#b}",
    }
    assert {p.message for p in trace.definition_problems()} == {
        "core.a.one: defined 2 times, in spec/core/01-a.md, spec/core/02-b.md",
    }
    assert {p.message for p in trace.coverage_problems()} == {
        "spec/core/01-a.md: rule core.a.three is pinned by no case and has no waiver",
        "spec/core/01-a.md: rule core.a.four is cited by no reference code",
        "spec/core/01-a.md: rule core.a.four is pinned by no case and has no waiver",
    }
    assert {p.message for p in trace.dangling_problems()} == {
        "core.a.ghost: cited by code at reference/pokerspec/a.py:1 but defined by no spec page",
        "core.a.nope: listed by case core-a-0002 (conformance/vectors/core/a/core-a-0002.json) "
        "but defined by no spec page",
        "core.a.gone: waived in conformance/waivers.json but not in the spec",
        "core.a.gone: the waiver in conformance/waivers.json gives no reason",
    }
    assert all(p.chapter == "core" for p in trace.dangling_problems())


def test_a_bad_case_file_is_reported(tmp_path: Path) -> None:
    _write(tmp_path, "spec/core/01-a.md", "### One {#core.a.one}\n")
    _write(tmp_path, "conformance/vectors/stud/x/stud-x-0001.json", "{not json")
    problems = collect(tmp_path).case_problems()
    assert [p.chapter for p in problems] == ["stud"]
    assert "stud-x-0001.json" in problems[0].message

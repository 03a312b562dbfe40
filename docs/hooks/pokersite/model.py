"""The site model, read once per build: traceability, code items, cases, rulings, glossary and
what pins each rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pokerspec.conformance.cases import Case, load_cases
from pokerspec.core.types import RuleId
from pokerspec.regress.coverage import RuleCoverage, report
from pokerspec.traceability import Traceability, collect

from .code import CodeItem, code_items
from .glossary import Glossary, read_glossary
from .paths import case_page
from .rulings import Rulings, read_rulings


@dataclass(frozen=True, slots=True)
class Site:
    """Everything the hooks need, from one snapshot of the checkout."""

    root: Path
    trace: Traceability
    code: tuple[CodeItem, ...]
    cases: tuple[Case, ...]
    case_at: Mapping[str, Case]
    """Each case by its path relative to the root."""
    rulings: Rulings
    glossary: Glossary
    coverage: Mapping[RuleId, RuleCoverage]
    """``pokerspec coverage``'s report of every rule (of the source checkout the package runs
    from), by rule."""

    @property
    def vectors(self) -> Path:
        return self.root / "conformance" / "vectors"

    def pin_page(self, path: str) -> str:
        """The case page of a traceability pin (its path is relative to the root, like ours)."""
        return case_page(self.case_at[path], self.vectors)

    def cases_of(self, rule: str) -> list[Case]:
        return [c for c in self.cases if rule in c.rules]


def build_site(root: Path) -> Site:
    good, _ = load_cases([root / "conformance" / "vectors"])
    trace = collect(root)
    at = {case.path.relative_to(root).as_posix(): case for case in good}
    return Site(root, trace, tuple(code_items(root, trace)), tuple(good), at,
                read_rulings(root, trace.pages), read_glossary(root / "spec" / "glossary.toml"),
                {r.rule: r for r in report()})

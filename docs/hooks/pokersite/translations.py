"""Which cases still need a translation of their prose (the optional ``i18n`` field of a case).

The cases shown on the worked-example pages and every Archie case must carry ru, pt and fr;
``docs/tests/test_case_translations.py`` holds that line. The rest is listed by

    PYTHONPATH=docs/hooks .venv/bin/python -m pokersite.translations [--all]

so that a translator can see what is left: one line per case and language, naming what is
missing (title, explanation, the notes of which steps).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from pokerspec.conformance.cases import Case, load_cases
from pokerspec.traceability import TRANSLATIONS

from .cases import items, mapping, note, text

REQUIRED_GAMES = ("archie",)
"""Games whose every case must be translated."""
EXAMPLES = Path("docs") / "examples"
_CASE_LINK = re.compile(r"reference/cases/[a-z0-9/_-]+\.md#([a-z0-9]+(?:-[a-z0-9]+)*-\d{4})")


def example_cases(root: Path) -> set[str]:
    """The IDs of the cases the worked-example pages link to (any language)."""
    return {m.group(1) for page in sorted((root / EXAMPLES).glob("*.md"))
            for m in _CASE_LINK.finditer(page.read_text(encoding="utf-8"))}


def required(root: Path, cases: Iterable[Case]) -> list[Case]:
    shown = example_cases(root)
    return [c for c in cases if c.game in REQUIRED_GAMES or c.id in shown]


def missing(case: Case, lang: str) -> list[str]:
    """What of a case's prose has no translation in ``lang``: ``title``, ``explanation``,
    ``note 4`` (the step's index in ``steps``)."""
    gaps = [field for field in ("title", "explanation") if text(case, lang, field) is None]
    steps = items(case.data.get("steps"))
    gaps += [f"note {i}" for i, step in enumerate(steps)
             if "note" in mapping(step) and note(case, lang, i) is None]
    return gaps


def stray_notes(case: Case) -> list[str]:
    """Translated notes whose key names no step with a note (an off-by-one key, a removed note)."""
    steps = items(case.data.get("steps"))
    noted = {str(i) for i, step in enumerate(steps) if "note" in mapping(step)}
    found: list[str] = []
    for lang, translation in mapping(case.data.get("i18n")).items():
        found += [f"{case.id}: i18n.{lang}.notes.{key} — step {key} has no note"
                  for key in mapping(mapping(translation).get("notes")) if key not in noted]
    return found


def report(cases: Sequence[Case], languages: Sequence[str] = TRANSLATIONS) -> list[str]:
    return [f"{case.id} [{lang}]: {', '.join(gaps)}  ({case.path})"
            for case in cases for lang in languages if (gaps := missing(case, lang))]


def main(argv: Sequence[str]) -> int:
    root = Path.cwd()
    cases, _ = load_cases([root / "conformance" / "vectors"])
    chosen = cases if "--all" in argv else required(root, cases)
    lines = report(chosen)
    print("\n".join(lines) if lines else "nothing left to translate")
    print(f"{len({line.split(' ')[0] for line in lines})} of {len(chosen)} cases need work", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

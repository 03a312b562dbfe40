"""Which cases still need a translation of their prose (the optional ``i18n`` field of a case).

The policy, held by ``docs/tests/test_case_translations.py``: every case carries ru, pt and fr;
the cases tagged ``imported`` (real hands made by ``pokerspec phh import``) carry the importer's
generated translations, never translations written by hand. What is left is listed by

    PYTHONPATH=docs/hooks .venv/bin/python -m pokersite.translations

one line per case and language, naming what is missing (title, explanation, the notes of which
steps).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from pokerspec.conformance.cases import Case, load_cases
from pokerspec.traceability import TRANSLATIONS

from .cases import items, mapping, note, text

IMPORTED = "imported"
"""The tag of a generated case (an imported real hand): its translations are the importer's, never
edited by hand, since importing it again would lose the edit."""


def imported(case: Case) -> bool:
    return IMPORTED in items(case.data.get("tags"))


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


def main() -> int:
    cases, _ = load_cases([Path.cwd() / "conformance" / "vectors"])
    lines = report(cases)
    print("\n".join(lines) if lines else "nothing left to translate")
    print(f"{len({line.split(' ')[0] for line in lines})} of {len(cases)} cases need work", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

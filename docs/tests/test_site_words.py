"""The site's own words (docs/hooks/pokersite/words.toml): every entry in the four languages, and a
name for every token of the case format the cases use, so that no panel shows an English label."""

from __future__ import annotations

from pathlib import Path

from pokersite.cases import case_tokens
from pokersite.words import missing_translations, table
from pokerspec.conformance.cases import load_cases

ROOT = Path(__file__).resolve().parents[2]


def test_every_word_is_in_every_language() -> None:
    gaps = missing_translations(table())
    assert not gaps, "words.toml entries without a translation:\n  " + "\n  ".join(gaps)


def test_every_token_the_cases_use_has_a_name() -> None:
    cases, _ = load_cases([ROOT / "conformance" / "vectors"])
    words = table()
    unnamed: dict[tuple[str, str], str] = {}
    for case in cases:
        for section, token in sorted(case_tokens(case)):
            if token not in words.get(section, {}):
                unnamed.setdefault((section, token), case.id)
    lines = [f"[{section}] {token}  (e.g. {case})" for (section, token), case in sorted(unnamed.items())]
    assert not lines, "add these to docs/hooks/pokersite/words.toml:\n  " + "\n  ".join(lines)


def test_the_check_sees_a_missing_language(tmp_path: Path) -> None:
    path = tmp_path / "words.toml"
    path.write_text('[label]\nx = { en = "x", ru = "икс", pt = "xis" }\n', encoding="utf-8")
    assert missing_translations(table(path)) == ["label.x: fr"]

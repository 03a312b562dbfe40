"""The rulings: one ID per ruling paragraph, the same rulings in the same order in every language,
an entry (question and sources, four languages) in spec/rulings.toml for each, and on the built
site an anchor for each paragraph and a link from every mention to the rulings page."""

from __future__ import annotations

from pathlib import Path

import pytest
from pokersite.check import built_page, read_page
from pokersite.rulings import Paragraph, Rulings, link_mentions, paragraphs, read_rulings
from pokerspec.traceability import Traceability, collect

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def rulings() -> Rulings:
    trace: Traceability = collect(ROOT)
    return read_rulings(ROOT, trace.pages)


def test_every_ruling_is_unique_translated_and_documented(rulings: Rulings) -> None:
    problems = rulings.problems()
    assert not problems, f"{len(problems)} ruling problems:\n  " + "\n  ".join(problems)


def test_the_check_finds_a_reused_id_and_a_missing_entry() -> None:
    found = (Paragraph(("ARC-3",), "spec/archie/02-deal.md", 28, "a"),
             Paragraph(("ARC-3",), "spec/archie/02-deal.md", 40, "b"))
    problems = Rulings(found, {}).problems(["en"])
    assert problems[0].startswith("ARC-3: used for 2 paragraphs")
    assert "ARC-3: no entry in spec/rulings.toml" in problems[1]


def test_leads_anchor_and_mentions_link() -> None:
    text = ("**Ruling (ARC-3).** As [AUC-19](x.md#a) and ARC-1 say; `ARC-1` stays code; ZZZ-1 stays.\n\n"
            "    **Décision (ARC-1).** Texte.\n")
    out = link_mentions("spec/archie/02-deal.md", text, ["ARC-1", "ARC-3", "AUC-19"])
    target = "../../reference/rulings.md"
    assert out.startswith(f'<a class="ps-ruling" id="ARC-3"></a>**Ruling ([ARC-3]({target}#ARC-3)).**')
    assert f"[AUC-19](x.md#a) and [ARC-1]({target}#ARC-1) say; `ARC-1` stays code; ZZZ-1" in out
    assert f'    <a class="ps-ruling" id="ARC-1"></a>**Décision ([ARC-1]({target}#ARC-1)).**' in out
    assert [p.ids for p in paragraphs("x.md", text)] == [("ARC-3",), ("ARC-1",)]


def test_built_chapters_anchor_and_link_every_ruling(site_dir: Path, rulings: Rulings) -> None:
    problems: list[str] = []
    index = read_page(built_page(site_dir, "reference/rulings.md", "ru"))
    for ruling, (home, *_) in rulings.english().items():
        for lang in ("en", "ru"):
            page = read_page(built_page(site_dir, home.page, lang))
            if ruling not in page.ids:
                problems.append(f"{home.page} [{lang}]: no anchor {ruling}")
            if not any(h.endswith(f"reference/rulings/#{ruling}") for h in page.links):
                problems.append(f"{home.page} [{lang}]: {ruling} does not link to the rulings page")
        if ruling not in index.ids:
            problems.append(f"the Russian rulings page has no entry {ruling}")
    assert not problems, "\n".join(problems)

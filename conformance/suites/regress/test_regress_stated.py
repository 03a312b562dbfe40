"""Every sentence of the spec, the site, the rulings, the profile summaries and the findings that
states a profile parameter's value agrees with the profiles (``pokerspec.regress.stated``): a
rule change that leaves one behind, in any of the four languages, fails with its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pokerspec.profiles import GAMES, default_profile
from pokerspec.regress.stated import Values, profile_values, stale, statements

ROOT = Path(__file__).resolve().parents[3]
LANGS = ("", ".ru", ".pt", ".fr")


def test_no_sentence_states_a_value_the_profiles_do_not_have() -> None:
    found = stale(ROOT)
    assert not found, "\n".join([*found, "change these sentences (pokerspec where RULE_ID lists them)"])


def _changed(game: str, **values: set[str]) -> Values:
    """Today's values of every game, with ``values`` replacing some parameters of ``game``."""
    table: Values = {g: dict(profile_values(g)) for g in GAMES}
    table[game].update(values)
    return table


def _stale_files(values: Values, parameter: str) -> set[str]:
    return {line.split(":")[0] for line in stale(ROOT, values) if f" states {parameter} = " in line}


def test_a_higher_bid_leaves_every_sentence_stating_the_old_one_behind() -> None:
    """Change A without its prose: the contract table, the chapter and profile pages, the seed's
    summary, in every language, still state the old range or reserve."""
    seed = default_profile("auction").rules
    top = seed.max_bid + 1
    reserve = max(seed.reserve, seed.ante + seed.auctions * top + seed.cap)
    values = _changed("auction", max_bid={str(top)}, reserve={str(reserve)})
    bids = _stale_files(values, "max_bid")
    for page in ("spec/core/08-contract", "spec/auction/02-auctions", "spec/auction/01-setup"):
        assert {page + lang + ".md" for lang in LANGS} <= bids, page
    assert {"spec/auction/06-profiles.md", "reference/pokerspec/auction/profiles.py"} <= bids
    if reserve != seed.reserve:
        reserves = _stale_files(values, "reserve")
        assert {f"spec/auction/index{lang}.md" for lang in LANGS} <= reserves
        assert {"spec/auction/01-setup.md", "spec/rulings.toml"} <= reserves


def test_a_higher_qualifier_leaves_every_sentence_stating_the_old_one_behind() -> None:
    """BARGE's qualifier one pair higher without its prose: the qualifier chapter and the game's
    index in every language, the ruling's question, the summary and the example page."""
    barge = default_profile("archie").rules.high_pair
    others = profile_values("archie")["high_pair"] - {str(barge)}
    found = _stale_files(_changed("archie", high_pair={str(barge + 1), *others}), "high_pair")
    assert {f"spec/archie/05-qualifiers{lang}.md" for lang in LANGS} <= found
    assert {f"spec/archie/index{lang}.md" for lang in LANGS} - found <= {"spec/archie/index.pt.md"}
    assert {"spec/rulings.toml", "reference/pokerspec/archie/profiles.py",
            "docs/examples/archie-showdowns.md"} <= found


@pytest.mark.parametrize(("text", "states"), [
    ("| `wrong_amount` | a bid outside 1 to 3 |", {"min_bid": 1, "max_bid": 3}),
    ("Chaque joueur choisit une offre de 1, 2 ou 3 jetons", {"min_bid": 1, "max_bid": 3}),
    ("Перед новой раздачей у игрока должно быть не меньше 20 фишек", {"reserve": 20}),
    ("um jogador precisa de pelo menos 20 fichas", {"reserve": 20}),
    ("a hand qualifies for high if it holds at least a pair of sevens", {"high_pair": 7}),
])
def test_a_sentence_is_read_in_its_language(tmp_path: Path, text: str, states: dict[str, int]) -> None:
    """Digits and number words, in the page's language."""
    game = "archie" if "pair" in text else "auction"
    lang = ".fr" if "offre" in text else ".ru" if "фиш" in text else ".pt" if "fichas" in text else ""
    page = tmp_path / "spec" / game / f"page{lang}.md"
    page.parent.mkdir(parents=True)
    page.write_text(text + "\n", encoding="utf-8")
    found = [s.states for s in statements(tmp_path)]
    assert found == [states]

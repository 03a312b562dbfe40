"""Every sentence of the spec, the site, the rulings, the profile summaries and the findings that
states a profile parameter's value agrees with the profiles (``pokerspec.regress.stated``): a
rule change that leaves one behind, in any of the four languages, fails with its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pokerspec.archie.profiles import BARGE
from pokerspec.auction.profiles import SEED
from pokerspec.profiles import GAMES
from pokerspec.regress.stated import Values, profile_values, stale, statements
from pokerspec.stud.profiles import OddChipOrder

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


def test_every_parameter_of_every_game_is_stated_and_tied_to_its_value() -> None:
    """Each profile parameter of each game (every field of its rules object) has sentences that
    state it, and a change of its value leaves every one of them behind."""
    found = statements(ROOT)
    for game in GAMES:
        for name, have in profile_values(game).items():
            mine = [s for s in found if s.game == game and name in s.states]
            assert mine, f"no sentence states {game}'s {name}"
            gone = _changed(game, **{name: {f"not-{v}" for v in have}})
            assert len({line for line in stale(ROOT, gone) if f" states {name} = " in line}) >= len(mine)


def test_a_higher_bid_leaves_every_sentence_stating_the_old_one_behind() -> None:
    """Change A without its prose (bids 1 to 4, the reserve its invariant then needs): the
    contract table's "a bid outside 1 to 3", the chapters, the profile page and the chapter index,
    the ruling's question, the seed's summary and the mutants' page, in every language."""
    seed = SEED
    top = seed.max_bid + 1
    reserve = max(seed.reserve, seed.ante + seed.auctions * top + seed.cap)
    assert reserve > seed.reserve
    values = _changed("auction", max_bid={str(top)}, reserve={str(reserve)})
    bids = _stale_files(values, "max_bid")
    for page in ("spec/core/08-contract", "spec/auction/02-auctions", "spec/auction/01-setup",
                 "spec/auction/06-profiles"):
        assert {page + lang + ".md" for lang in LANGS} <= bids, page
    assert {"reference/pokerspec/auction/profiles.py", "docs/maintainers/mutants.md"} <= bids
    reserves = _stale_files(values, "reserve")
    for page in ("spec/auction/index", "spec/auction/01-setup", "spec/auction/06-profiles"):
        assert {page + lang + ".md" for lang in LANGS} <= reserves, page
    assert {"spec/rulings.toml", "docs/maintainers/mutants.md"} <= reserves
    question = [line for line in stale(ROOT, values) if line.startswith("spec/rulings.toml:")]
    assert len(question) == len(LANGS), question


def test_a_higher_qualifier_leaves_every_sentence_stating_the_old_one_behind() -> None:
    """BARGE's qualifier one pair higher without its prose: the qualifier chapter and the game's
    index in every language, the ruling's question, the summary and the example page."""
    barge = BARGE.high_pair
    others = profile_values("archie")["high_pair"] - {str(barge)}
    found = _stale_files(_changed("archie", high_pair={str(barge + 1), *others}), "high_pair")
    assert {f"spec/archie/05-qualifiers{lang}.md" for lang in LANGS} <= found
    assert {f"spec/archie/index{lang}.md" for lang in LANGS} - found <= {"spec/archie/index.pt.md"}
    assert {"spec/rulings.toml", "reference/pokerspec/archie/profiles.py",
            "docs/examples/archie-showdowns.md"} <= found


def test_the_odd_chip_to_the_button_s_left_leaves_every_sentence_stating_the_first_shown_behind() -> None:
    """Change B without its prose (stud's odd chip to the tied player nearest the button's left):
    the showdown chapter and the profile page in every language, the enum's own words, the
    mutants' page and the PokerKit odd-chip finding still give it to the first shown."""
    orders = profile_values("stud")["odd_chip_order"] - {OddChipOrder.SHOWN_FIRST.value}
    found = _stale_files(_changed("stud", odd_chip_order={"nearest-button-left", *orders}), "odd_chip_order")
    for page in ("spec/stud/06-showdown", "spec/stud/07-profiles"):
        assert {page + lang + ".md" for lang in LANGS} <= found, page
    assert {"reference/pokerspec/stud/profiles.py", "reference/pokerspec/compliance/findings.py",
            "docs/maintainers/mutants.md"} <= found


@pytest.mark.parametrize(("page", "text", "states"), [
    ("spec/core/08-contract.md", "| `wrong_amount` | `auction` | a bid outside 1 to 3 |",
     {"min_bid": 1, "max_bid": 3}),
    ("spec/auction/02-auctions.fr.md", "Chaque joueur choisit une offre de 1, 2 ou 3 jetons",
     {"min_bid": 1, "max_bid": 3}),
    ("spec/auction/01-setup.ru.md", "Перед новой раздачей у игрока должно быть не меньше 20 фишек",
     {"reserve": 20}),
    ("spec/auction/01-setup.pt.md", "um jogador precisa de pelo menos 20 fichas", {"reserve": 20}),
    ("spec/archie/05-qualifiers.md", "a hand qualifies for high if it holds at least a pair of sevens",
     {"high_pair": 7}),
    ("spec/archie/01-table.md", "Each round allows one bet and at\nmost three raises.", {"cap": 4}),
    ("spec/archie/01-table.ru.md", "каждая ставка и каждое повышение равны 2 фишкам, в двух последних (после "
     "второго и третьего\nобмена) — 4 фишкам", {"small_bet": 2, "big_bet": 4}),
    ("spec/stud/06-showdown.md", "the whole remainder goes to the tied player who **showed\nfirst**",
     {"odd_chip_order": "shown-first", "odd_chip_rule": "remainder-to-first"}),
    ("spec/stud/07-profiles.fr.md", "le reste d'un pot partagé au premier joueur à montrer ; "
     "le meilleur tableau montre en premier",
     {"odd_chip_order": "shown-first", "odd_chip_rule": "remainder-to-first", "show_order": "best-board"}),
    ("spec/stud/07-profiles.pt.md", "| bring-in (valor menor) | 1 |", {"bring_in": 1}),
    ("spec/stud/07-profiles.pt.md", "antes e bring-in de 50 000 e apostas de 200 000", {}),
    ("spec/stud/07-profiles.md", "the ante (0 or more), the bring-in", {}),
    ("spec/core/09-perft.md", "a table of three (ante 1, bring-in 1)\n\nin stud", {}),
])
def test_a_sentence_is_read_in_its_language(tmp_path: Path, page: str, text: str,
                                            states: dict[str, int | str]) -> None:
    """Digits, number words and an enum's words, in the page's language, across a line break; a
    number that is part of a larger one or a bound states nothing; a page of no game states a
    game's values only in a paragraph that names the game."""
    file = tmp_path / page
    file.parent.mkdir(parents=True)
    file.write_text(text + "\n", encoding="utf-8")
    found = statements(tmp_path)
    assert {k: v for s in found for k, v in s.states.items()} == states
    assert all(s.line == 1 for s in found)

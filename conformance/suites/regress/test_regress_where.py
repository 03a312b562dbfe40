"""``pokerspec where RULE_ID``: every kind of place a rule lives is found, by one command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pokerspec.cli import main
from pokerspec.conformance.cases import load_cases
from pokerspec.profiles import default_profile
from pokerspec.regress.where import (
    CLONE_ONLY,
    DISTINCTIVE,
    SECTIONS,
    Whereabouts,
    installed,
    installed_layout,
    where,
)
from pokerspec.resources import source_checkout

ROOT = source_checkout()
pytestmark = pytest.mark.skipif(ROOT is None, reason="`where` reads a source checkout")


@pytest.fixture(scope="module")
def bid() -> Whereabouts:
    assert ROOT is not None
    return where("auction.auction.bid", ROOT)


def _paths(found: Whereabouts, section: str) -> list[str]:
    return [p.path for p in found.places[section]]


def test_the_bid_rule_in_every_language_and_its_parameters(bid: Whereabouts) -> None:
    assert [p.what.split(":")[0] for p in bid.places["spec"]] == ["en", "ru", "pt", "fr"]
    direct = {p.name for p in bid.parameters if p.direct}
    tied = {p.name for p in bid.parameters if not p.direct}
    assert direct == {"min_bid", "max_bid"}
    assert "reserve" in tied, "the reserve invariant ties the reserve to the highest bid"
    assert any("max_bid" in p.what for p in bid.places["parameters"])


def test_an_invariant_written_through_a_helper_function() -> None:
    """Archie's reserve invariant reads the cap and the bets only through ``max_contribution`` and
    ``unit``: the betting limits are still tied to the reserve, and the reserve to the limits."""
    assert ROOT is not None
    limits = where("archie.table.limits", ROOT)
    assert {p.name for p in limits.parameters if p.direct} >= {"small_bet", "big_bet"}
    assert {p.name for p in limits.parameters if not p.direct} >= {"cap", "reserve"}
    assert any("max_contribution" in p.what for p in limits.places["parameters"])
    reserve = where("archie.table.reserve", ROOT)
    assert {p.name for p in reserve.parameters if not p.direct} >= {"small_bet", "big_bet"}


def test_the_javascript_engine_and_its_constants(bid: Whereabouts) -> None:
    js = [str(p) for p in bid.places["javascript"]]
    assert any("lib/auction/auctions.js" in p and "cites the rule" in p for p in js)
    assert any("constant MAX_BID" in p for p in js) and any("constant RESERVE" in p for p in js)
    assert not any("/lib/archie/" in p for p in js), "another game's constants are not this rule's"


def test_tests_with_literal_limits(bid: Whereabouts) -> None:
    """The auction tests that hard-code today's reserve (whatever it is) are listed with it."""
    reserve = default_profile("auction").rules.reserve
    assert reserve >= DISTINCTIVE, "a reserve under the distinctive values is found by name only"
    tests = {p.path: p.what for p in bid.places["tests"]}
    assert f"literal {reserve} (= reserve)" in tests["conformance/suites/auction/test_auction_rules.py"]
    assert f"literal {reserve} (= reserve)" in tests["conformance/suites/auction/test_auction_properties.py"]


def test_cases_golden_and_site(bid: Whereabouts) -> None:
    assert all("auction-seed" in p.what for p in bid.places["cases"])
    assert "conformance/golden/auction/auction-seed.jsonl" in _paths(bid, "golden")
    assert "docs/examples/auction.md" in _paths(bid, "site")
    assert set(bid.places) == set(SECTIONS)


def test_imported_hands_and_mutants_of_a_stud_rule() -> None:
    assert ROOT is not None
    found = where("stud.profile.odd-chip-suit", ROOT)
    assert any("stud-phh-0401" in p.what for p in found.places["imported"])
    assert any("pokerspec phh import" in p.path for p in found.places["imported"])
    assert any("stud-suit-profile-shown-first" in p.what for p in found.places["mutants"])


def test_json_and_unknown_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["where", "auction.auction.bidz"]) == 2
    assert "did you mean auction.auction.bid" in capsys.readouterr().err
    assert main(["where", "core.high.wheel", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rule"] == "core.high.wheel" and data["places"]["reference"]


def test_a_recursive_helper_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper of the rules' module that calls itself with the rules object is read once, not
    until the recursion limit."""
    import ast
    import importlib
    import sys

    from pokerspec.regress.where import _self_fields

    (tmp_path / "recursive_rules.py").write_text(
        "from dataclasses import dataclass\n\n"
        "@dataclass\nclass Rules:\n    cap: int = 4\n    unit: int = 2\n\n"
        "def most(rules, rounds):\n"
        "    return 0 if rounds == 0 else rules.cap * rules.unit + most(rules, rounds - 1)\n",
        encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("recursive_rules")
    try:
        assert _self_fields(ast.parse("most(self, 4)"), module.Rules) == {"cap", "unit"}
    finally:
        sys.modules.pop("recursive_rules", None)


def test_from_the_installed_package_every_place_is_an_installed_file_or_says_it_needs_a_clone(
        tmp_path: Path) -> None:
    """What a wheel carries is shown at its installed path; the JavaScript engine, the tests and
    the site pages are named as a clone's."""
    found = installed(where("archie.table.cap", installed_layout(tmp_path)))
    for section, places in found.places.items():
        if section in CLONE_ONLY:
            assert [p.path for p in places] == [CLONE_ONLY[section]]
            assert "clone" in places[0].what
            continue
        for place in places:
            if not place.path.startswith("pokerspec "):
                assert Path(place.path).is_file(), (section, place)
    assert found.places["cases"] and found.places["spec"] and found.places["mutants"]


def test_cases_and_positions_a_changed_reserve_moves() -> None:
    """Every auction case with a stack at today's reserve that does not pin the reserve rule is
    listed as moved by it (a higher reserve refuses its setup), and the perft positions copied
    from a listed case are listed as copies."""
    assert ROOT is not None
    reserve = default_profile("auction").rules.reserve
    found = where("auction.setup.reserve", ROOT)
    moved = {p.what.split(":")[0] for p in found.places["moved"]}
    at_reserve = {c.id for c in load_cases([ROOT / "conformance" / "vectors"], spec=None)[0]
                  if c.game == "auction" and "auction.setup.reserve" not in c.rules
                  and reserve in c.data.get("setup", {}).get("stacks", [])}
    assert at_reserve and at_reserve <= moved
    copies = [p.what for p in found.places["perft"] if "a copy of case" in p.what]
    assert copies and all(p.split("case ")[1].split("'")[0] in moved | {
        c.id for c in load_cases([ROOT / "conformance" / "vectors"], spec=None)[0]
        if "auction.setup.reserve" in c.rules} for p in copies)
    assert found.places["perft"][-1].path == "pokerspec perft --update"


def test_every_line_with_the_literal_is_listed(bid: Whereabouts) -> None:
    """No line of a test file hard-coding the reserve is left out of the listing."""
    assert ROOT is not None
    reserve = str(default_profile("auction").rules.reserve)
    path = "conformance/suites/auction/test_auction_rules.py"
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    expected = [i for i, line in enumerate(lines, 1) if re.search(rf"(?<![\w.]){reserve}(?![\w.])", line)]
    what = next(p.what for p in bid.places["tests"] if p.path == path)
    listed = what.split(f"literal {reserve} (= reserve) at line")[1].split(";")[0].lstrip("s ")
    assert [int(n) for n in listed.split(", ")] == expected


def test_every_sentence_stating_the_bid_range(bid: Whereabouts) -> None:
    """The contract table, the profile page and the chapter, in four languages, state the range."""
    prose = {p.path for p in bid.places["prose"] if "max_bid" in p.what}
    for page in ("spec/core/08-contract", "spec/auction/02-auctions"):
        assert {page + lang + ".md" for lang in ("", ".ru", ".pt", ".fr")} <= prose, page
    assert "reference/pokerspec/auction/profiles.py" in prose

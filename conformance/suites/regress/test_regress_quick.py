"""``tasks.py test --quick`` runs every test a change can move (``pokerspec.regress.quick``):
the tests a rule change left out before (the JavaScript engine's unit tests, ``test_api``, the
PHH replay and export, ``where`` and ``diff``) are chosen for a change to a game's rules."""

from __future__ import annotations

from pathlib import Path

from pokerspec.regress import quick
from pokerspec.regress.quick import imports, selection

ROOT = Path(__file__).resolve().parents[3]


def test_a_change_to_the_auction_rules_moves_what_it_moved_before() -> None:
    chosen = set(selection(ROOT, ["reference/pokerspec/auction/setup.py"]))
    assert {"conformance/suites/core/test_api.py", "conformance/suites/phh/test_phh_replay.py",
            "conformance/suites/phh/test_phh_export.py", "conformance/suites/regress/test_regress_where.py",
            "conformance/suites/regress/test_regress_diff.py"} <= chosen
    assert "conformance/examples/js/test/games.test.js" in chosen


def test_a_dynamic_import_counts_every_module_it_can_name() -> None:
    """``profiles.py`` imports each game's profiles by an f-string: all of them are its imports."""
    found = imports(ROOT / "reference" / "pokerspec" / "profiles.py", ROOT)
    assert {"pokerspec.archie.profiles", "pokerspec.auction.profiles", "pokerspec.stud.profiles"} <= found


def test_a_page_of_prose_moves_only_its_rules_tests() -> None:
    """A changed spec page moves the tests that name its rules, not the whole suite."""
    chosen = selection(ROOT, ["spec/auction/02-auctions.md"])
    assert "conformance/suites/auction/test_auction_rules.py" in chosen
    assert len(chosen) < len(quick.test_files(ROOT)) // 2

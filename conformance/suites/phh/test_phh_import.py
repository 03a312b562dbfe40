"""PHH import: a real hand becomes a schema-valid, optional case marked as imported, whose
expected net results are the table's own (docs/examples/real-hands.md)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from pokerspec.cli import main
from pokerspec.conformance.cases import VECTORS, Case, load_case, load_cases
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.phh.cli import stud_profile
from pokerspec.phh.document import PhhError, parse_document
from pokerspec.phh.export import ExportError, export_case
from pokerspec.phh.importer import import_record
from pokerspec.phh.record import load_record, stud_record
from pokerspec.stud.profiles import PROFILES as STUD_PROFILES

ROOT = Path(__file__).resolve().parents[3]
WSOP = ROOT / "conformance" / "data" / "phh" / "wsop-2023-event-43"
IMPORTED = VECTORS / "stud" / "phh"
HANDS = {f"{n}.phh": f"stud-phh-04{n - 4:02d}" for n in range(5, 10)}
"""Each WSOP file and the ID of the case imported from it."""


@pytest.mark.parametrize("name", sorted(HANDS))
def test_the_committed_case_is_what_import_makes(name: str) -> None:
    case = import_record(load_record(WSOP / name), HANDS[name])
    committed = json.loads((IMPORTED / f"{HANDS[name]}.json").read_text())
    assert case == committed


@pytest.mark.parametrize("name", sorted(HANDS))
def test_an_imported_case_is_valid_marked_and_passes(name: str) -> None:
    path = IMPORTED / f"{HANDS[name]}.json"
    case = load_case(path)
    assert isinstance(case, Case), case
    data = case.data
    assert data["level"] == "optional" and "imported" in data["tags"]  # type: ignore[operator]
    assert str(data["explanation"]).startswith("Imported from a PHH hand record")
    raw = tomllib.loads((WSOP / name).read_text())
    net = {f"p{i + 1}": f - s for i, (f, s) in enumerate(zip(raw["finishing_stacks"], raw["starting_stacks"],
                                                           strict=True))}
    assert data["expect"]["net"] == net  # type: ignore[index]
    assert data["setup"]["stakes"] == {"ante": 50000, "bring_in": 50000, "small_bet": 200000,  # type: ignore[index]
                                       "big_bet": 400000}
    for profile in case.profiles:
        result = grade(case, ReferenceEngine(), profile)
        assert result.verdict is Verdict.PASS, result.message


def test_the_showdown_hands_list_the_profiles_they_hold_under() -> None:
    six = json.loads((IMPORTED / "stud-phh-0402.json").read_text())
    assert six["profiles"] == ["stud-last-aggressor"]
    assert six["expect"]["shown"] == ["p2"] and six["expect"]["mucked"] == ["p1"]
    assert "stud.profile.last-aggressor" in six["rules"]
    nine = json.loads((IMPORTED / "stud-phh-0405.json").read_text())
    assert nine["profiles"] == sorted(p.name for p in STUD_PROFILES), "hand 9 holds under every stud profile"


def test_a_record_without_finishing_stacks_says_whose_numbers_it_expects(tmp_path: Path) -> None:
    text = (WSOP / "7.phh").read_text()
    path = tmp_path / "7.phh"
    path.write_text("\n".join(line for line in text.splitlines() if not line.startswith("finishing_stacks")))
    case = import_record(load_record(path), "stud-test-0001", "required")
    assert case["level"] == "required"
    assert "no finishing stacks" in str(case["explanation"])
    assert case["expect"] == {"net": {"p1": 250000, "p2": -50000, "p3": -100000, "p4": -50000, "p5": -50000}}


def test_a_record_that_does_not_replay_is_not_imported(tmp_path: Path) -> None:
    path = tmp_path / "6.phh"
    text = (WSOP / "6.phh").read_text()
    path.write_text(text.replace("finishing_stacks = [2150000", "finishing_stacks = [2150001"))
    with pytest.raises(PhhError) as raised:
        import_record(load_record(path), "stud-test-0001")
    message = raised.value.message
    assert "under stud-fl-training, step 43 (line 8)" in message and "not_your_turn" in message
    assert "under stud-last-aggressor, the replay ends with [2150000," in message
    assert "finishing_stacks [2150001," in message


def test_import_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(WSOP / n) for n in ("5.phh", "6.phh")]
    assert main(["phh", "import", files[0], "--id", "stud-x-0007"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "stud-x-0007"
    assert main(["phh", "import", *files]) == 2
    assert main(["phh", "import", *files, "--id", "stud-x-0010", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stud-x-0010.json", "stud-x-0011.json"]
    assert main(["phh", "import", files[0], "--id", "bad"]) == 2
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'F7S'\n")
    assert main(["phh", "import", str(broken), files[0], "--out", str(tmp_path / "o")]) == 2
    assert "broken.phh: not imported" in capsys.readouterr().err
    assert (tmp_path / "o" / "stud-imported-0002.json").exists()
    assert main(["phh", "import", files[1], "--profile", "stud-fl-training"]) == 1


def test_the_printed_re_import_writes_over_its_own_cases_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The fix tasks.py and ``pokerspec where`` print (``--overwrite``) writes over the cases an
    earlier import wrote; a file there that is not one is refused, and nothing is written."""
    files = [str(WSOP / n) for n in ("5.phh", "6.phh")]
    argv = ["phh", "import", *files, "--id", "stud-x-0010", "--out", str(tmp_path)]
    assert main(argv) == 0
    first = (tmp_path / "stud-x-0010.json").read_text(encoding="utf-8")
    (tmp_path / "stud-x-0011.json").write_text("{}\n", encoding="utf-8")
    assert main(argv) == 2 and "--overwrite" in capsys.readouterr().err
    assert main([*argv, "--overwrite"]) == 2
    assert "stud-x-0011.json already there; an import writes over only the cases it wrote" in \
        capsys.readouterr().err
    assert (tmp_path / "stud-x-0011.json").read_text(encoding="utf-8") == "{}\n"
    (tmp_path / "stud-x-0011.json").unlink()
    edited = {**json.loads(first), "title": "edited by hand"}
    (tmp_path / "stud-x-0010.json").write_text(json.dumps(edited), encoding="utf-8")
    assert main([*argv, "--overwrite"]) == 0
    assert (tmp_path / "stud-x-0010.json").read_text(encoding="utf-8") == first
    assert (tmp_path / "stud-x-0011.json").is_file()


def _line_played(steps: list[dict[str, object]]) -> list[list[str]]:
    """Seat and verb of each action of the line a case ends on: a ``pop`` takes back the actions
    played since its ``push`` (the case goes back to that position)."""
    line: list[list[str]] = []
    kept: list[int] = []
    for step in steps:
        if "act" in step:
            line.append(str(step["act"]).split()[:2])
        elif "push" in step:
            kept.append(len(line))
        elif "pop" in step:
            del line[kept.pop():]
    return line


def test_an_exported_case_imports_back_in_its_own_seats() -> None:
    """Export then import: the same table in the same seats, the same actions, and net results
    equal to the case's own hand-worked ones wherever it lists them."""
    cases, _bad = load_cases([VECTORS / "stud"])
    checked = 0
    for case in cases:
        if case.kind != "hand" or case.id.startswith("stud-phh-"):
            continue
        profile = case.profiles[0]
        try:
            text = export_case(case.data, profile).text
        except ExportError:
            continue
        record = stud_record(parse_document(text, case.id))
        if record.finishing_stacks is None:
            continue
        back = import_record(record, "stud-back-0001", profiles=[stud_profile(profile)])
        setup = case.data["setup"]
        assert isinstance(setup, dict) and isinstance(back["setup"], dict)
        assert back["setup"]["stacks"] == setup["stacks"] and back["setup"]["dealer"] == setup["dealer"]
        acts = _line_played(case.data["steps"])  # type: ignore[arg-type]
        assert [str(s["act"]).split()[:2] for s in back["steps"]] == acts  # type: ignore[union-attr,index]
        expect = case.data["expect"]
        if isinstance(expect, dict) and "net" in expect:
            assert back["expect"]["net"] == expect["net"], case.id  # type: ignore[index,call-overload]
        checked += 1
    assert checked >= 20

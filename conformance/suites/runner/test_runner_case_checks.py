"""Case files are checked against the spec when they load, not "failed" by the engine later: a
misspelled rule ID, a profile the game does not have, an unreadable card token, a card in an
expected value that no reply could ever equal, a seat beyond the case's seats, or an action that
cannot be read — each makes the file a bad case, named with its path and the JSON path of the
field."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from pokerspec.conformance.cases import BadCase, load_case, load_cases, spec_rules
from pokerspec.core.game import Json

Run = Callable[..., tuple[int, str, list[dict[str, object]]]]


def _case(case_id: str) -> dict[str, Json]:
    [case] = [c for c in load_cases()[0] if c.id == case_id]
    data: dict[str, Json] = json.loads(json.dumps(case.data))
    data["id"] = case_id.rsplit("-", 1)[0] + "-0999"
    return data


def _set(data: dict[str, Json], path: str, value: Json) -> dict[str, Json]:
    """``data`` with the field at JSON path ``path`` (``steps/0/act``) set to ``value``."""
    *parents, last = path.split("/")
    node: Json = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]  # type: ignore[index]
    if isinstance(node, list):
        node[int(last)] = value
    elif isinstance(node, dict):
        node[last] = value
    return data


@pytest.mark.parametrize(("case_id", "path", "value", "words"), [
    ("archie-award-0001", "rules/1", "archie.qualify.hihg",
     "not a rule ID of the spec (did you mean archie.qualify.high"),
    ("archie-award-0001", "profiles/0", "archie-barg", "'archie-barg' is not a profile of archie (profiles: "
     "archie-barge, archie-pagat)"),
    ("archie-award-0001", "setup/hands/p1/2", "1h", "bad card '1h'"),
    ("stud-streets-0003", "setup/deck/4", "Zz", "bad card 'Zz'"),
    ("core-high-0001", "setup/hands/0/1", "Ace", "bad card 'Ace'"),
    ("archie-table-0003", "steps/0/check/hands/p1/0", "10h", "'10h' is not a canonical card"),
    ("stud-streets-0003", "steps/0/act", "p1 cbr four", "bad action 'p1 cbr four'"),
    ("archie-table-0003", "steps/1/legal/actions/0", "p9 f", "bad seat 'p9'"),
    ("auction-award-0701", "expect/net/p5", 0, "p5 is not one of the case's 4 seats (p1 to p4)"),
    ("auction-award-0701", "expect/pots/0/eligible/0", "p7", "p7 is not one of the case's 4 seats"),
    ("archie-table-0003", "expect/received/p3", 0, "p3 is not one of the case's 2 seats"),
])
def test_a_wrong_field_makes_a_bad_case_naming_file_and_json_path(
        tmp_path: Path, case_id: str, path: str, value: Json, words: str) -> None:
    file = tmp_path / "mine.json"
    file.write_text(json.dumps(_set(_case(case_id), path, value)), encoding="utf-8")
    bad = load_case(file)
    assert isinstance(bad, BadCase), bad
    assert (bad.path, bad.field) == (file, path)
    assert words in bad.message


@pytest.mark.parametrize(("path", "value", "field"), [
    ("setup/seats", 2, "setup/dealer"),  # p3 deals (and put in 2 chips)
    ("setup/dealer", "p5", "setup/dealer"),
    ("setup/hands/p5", ["Ad", "Kd", "Qd", "Jd", "Td", "9d", "8d"], "setup/hands"),
    ("setup/folded/0", "p6", "setup/folded/0"),
    ("setup/declarations", {"p1": "h", "p8": "l"}, "setup/declarations"),
])
def test_a_showdown_naming_a_seat_beyond_its_seats_is_a_bad_case(
        tmp_path: Path, path: str, value: Json, field: str) -> None:
    """The case schema says it: with ``seats``, the setup names only p1 to pN."""
    file = tmp_path / "mine.json"
    file.write_text(json.dumps(_set(_case("auction-award-0701"), path, value)), encoding="utf-8")
    bad = load_case(file)
    assert isinstance(bad, BadCase), bad
    assert bad.field == field
    assert "does not match '^p[1-" in bad.message


def test_inputs_may_use_any_accepted_spelling(tmp_path: Path) -> None:
    """``10h`` and ``A♠`` are accepted on input (core.cards.notation), so a setup may use them."""
    file = tmp_path / "mine.json"
    file.write_text(json.dumps(_set(_case("core-high-0001"), "setup/hands/0/0", "A♠")), encoding="utf-8")
    assert not isinstance(load_case(file), BadCase)


def test_every_case_of_the_suite_passes_the_checks() -> None:
    cases, bad = load_cases()
    assert bad == []
    assert all(rule in spec_rules() for case in cases for rule in case.rules)


def test_a_bad_case_is_reported_and_fails_the_run(tmp_path: Path, run_cli: Run) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    typo = _set(_case("core-high-0001"), "rules/0", "core.high.categries")
    (mine / "typo.json").write_text(json.dumps(typo), encoding="utf-8")
    code, text, records = run_cli("--vectors", str(mine))
    assert code == 1
    assert f"BAD CASE FILE {mine / 'typo.json'}: rules/0: 'core.high.categries' is not a rule ID" in text
    assert next(r for r in records if r["record"] == "bad-case")["field"] == "rules/0"

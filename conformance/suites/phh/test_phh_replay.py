"""PHH replay: the five real WSOP 2023 hands replay legally and end with the stacks the table
recorded; bad records give one clear problem naming the hand and the step, and never stop the
rest of a batch (docs/examples/real-hands.md)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from pokerspec.cli import main
from pokerspec.phh.cli import REPLAY_PROFILE
from pokerspec.phh.report import HandReport, replay_file
from pokerspec.profiles import get_profile
from pokerspec.stud.profiles import StudRules

ROOT = Path(__file__).resolve().parents[3]
WSOP = ROOT / "conformance" / "data" / "phh" / "wsop-2023-event-43"
HANDS = sorted(WSOP.glob("*.phh"))
RECORDED = {
    "5.phh": [4000000, 7700000, 4775000, 8275000, 4950000],
    "6.phh": [2150000, 9750000, 4675000, 8225000, 4900000],
    "7.phh": [2400000, 9700000, 4575000, 8175000, 4850000],
    "8.phh": [2650000, 9600000, 4525000, 8125000, 4800000],
    "9.phh": [2600000, 11250000, 4475000, 6675000, 4700000],
}
"""The next hand's starting stacks in the broadcast, as the data README describes."""

HEADER = """variant = 'F7S'
ante_trimming_status = true
antes = [1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [50, 50, 50]
"""
DEAL = ["d dh p1 6c", "d dh p2 6d", "d dh p3 Ac", "d dh p1 7d", "d dh p2 7h", "d dh p3 Ad",
        "d dh p1 2c", "d dh p2 4s", "d dh p3 Kc"]
"""Third street of the training hand used below: upcards 2c, 4s, Kc, so p1 brings in."""


def report(path: Path, profile: str = REPLAY_PROFILE) -> HandReport:
    rules = get_profile(profile).rules
    assert isinstance(rules, StudRules)
    return replay_file(path, profile, rules)


def write(tmp_path: Path, name: str, actions: list[str], extra: str = "") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + "actions = [\n" + "".join(f"  '{a}',\n" for a in actions) + "]\n" + extra)
    return path


def test_the_five_wsop_hands_are_present() -> None:
    assert [p.name for p in HANDS] == sorted(RECORDED)
    assert (WSOP / "README.md").exists()


@pytest.mark.parametrize("path", HANDS, ids=[p.name for p in HANDS])
def test_wsop_hand_replays_legally_with_its_recorded_stacks(path: Path) -> None:
    r = report(path)
    assert r.problem is None, r.problem.message if r.problem else None
    assert r.complete and r.legal
    assert list(r.final or ()) == RECORDED[path.name]
    assert r.match is True


def test_hand_6_needs_the_last_aggressor_to_show_first() -> None:
    """p2 bet seventh street and shows first; under the training profile p1's better board must
    show first, so the record's first show is refused at its step."""
    r = report(WSOP / "6.phh", "stud-fl-training")
    assert r.problem is not None and r.problem.code == "illegal_action"
    assert (r.problem.step, r.problem.reason, r.problem.line) == (43, "not_your_turn", 8)
    assert "6.phh (hand 6)" in r.problem.message


def test_replay_command_prints_every_hand_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["phh", "replay", *map(str, HANDS)]) == 0
    out = capsys.readouterr().out
    assert out.count("final stacks match finishing_stacks") == 5
    assert "5 hand(s) under stud-last-aggressor (amounts from each file): 5 legal and matching" in out
    assert re.search(r"\n  p2 +9,600,000 +11,250,000 +11,250,000\n", out)


def test_replay_json_gives_one_object_per_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["phh", "replay", "--json", *map(str, HANDS)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 5
    for row in rows:
        name = Path(row["file"]).name
        assert row["seats"] == ["p1", "p2", "p3", "p4", "p5"]
        assert row["final_stacks"] == row["expected_stacks"] == RECORDED[name]
        assert row["match"] is True and row["legal"] is True and row["complete"] is True
        assert row["illegal"] is None and row["error"] is None
        assert row["hand"] == name.removesuffix(".phh")


def test_a_legal_training_hand_without_finishing_stacks(tmp_path: Path) -> None:
    actions = [*DEAL, "p1 pb", "p2 f", "p3 f"]
    r = report(write(tmp_path, "t.phh", actions), "stud-fl-training")
    assert r.legal and r.complete and r.match is None and r.ok
    assert r.final == (52, 49, 49)


def test_unknown_cards_are_filled_where_nobody_sees_them(tmp_path: Path) -> None:
    """A folded player's hole cards and a seventh card that is mucked may stay unknown."""
    deal = ["d dh p1 ??", "d dh p2 6d", "d dh p3 ??", "d dh p1 ??", "d dh p2 7h", "d dh p3 ??",
            "d dh p1 2c", "d dh p2 4s", "d dh p3 Kc"]
    actions = [*deal, "p1 pb", "p2 cc", "p3 f", "d dh p1 8h", "d dh p2 8d", "p2 cc", "p1 cc",
               "d dh p1 9s", "d dh p2 9c", "p2 cc", "p1 cc", "d dh p1 Ts", "d dh p2 Th", "p2 cc", "p1 cc",
               "d dh p1 ??", "d dh p2 2d", "p2 cbr 4", "p1 f"]
    r = report(write(tmp_path, "u.phh", actions, "finishing_stacks = [48, 53, 49]\n"), "stud-fl-training")
    assert r.problem is None and r.match is True


def test_a_shown_hand_resolves_its_unknown_cards(tmp_path: Path) -> None:
    deal = ["d dh p1 ??", "d dh p2 ??", "d dh p3 Ac", "d dh p1 ??", "d dh p2 ??", "d dh p3 Ad",
            "d dh p1 2c", "d dh p2 4s", "d dh p3 Kc"]
    actions = [*deal, "p1 pb", "p2 cc", "p3 f", "d dh p1 8h", "d dh p2 8d", "p2 cc", "p1 cc",
               "d dh p1 9s", "d dh p2 9c", "p2 cc", "p1 cc", "d dh p1 Ts", "d dh p2 Th", "p2 cc", "p1 cc",
               "d dh p1 ??", "d dh p2 ??", "p2 cc", "p1 cc",
               "p2 sm 6d7h4s8d9cTh2d", "p1 sm 6c7d2c8h9sTs3h"]
    r = report(write(tmp_path, "s.phh", actions, "finishing_stacks = [50, 51, 49]\n"), "stud-fl-training")
    assert r.problem is None, r.problem
    assert r.match is True


# Bad input: one clear problem naming the hand and the step.

NO_ACTIONS = "actions = []\n"
BAD = {
    "syntax": ("variant = 'F7S'\nantes = [1, 1,\n", "bad_toml", None),
    "missing": ("variant = 'F7S'\nantes = [1, 1]\n", "missing_field", None),
    "variant": (HEADER.replace("'F7S'", "'NT'") + NO_ACTIONS, "unknown_variant", None),
    "type": (HEADER.replace("bring_in = 1", "bring_in = 'one'") + NO_ACTIONS, "bad_field", None),
    "length": (HEADER.replace("antes = [1, 1, 1]", "antes = [1, 1]") + NO_ACTIONS, "bad_field", None),
    "notation": (HEADER + "actions = ['d dh p1 6c', 'p9 cc']\n", "bad_action", 2),
    "stakes": (HEADER.replace("bring_in = 1", "bring_in = 2") + NO_ACTIONS, "bad_field", None),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_malformed_file_names_the_file_and_line(tmp_path: Path, name: str) -> None:
    text, code, step = BAD[name]
    path = tmp_path / f"{name}.phh"
    path.write_text(text)
    r = report(path)
    assert r.problem is not None and r.problem.code == code
    assert r.unreadable and str(path) in r.problem.message
    assert r.problem.step == step
    if code not in ("missing_field",):
        assert r.problem.line is not None and f"line {r.problem.line}" in r.problem.message
    assert main(["phh", "replay", str(path)]) == 2


def test_an_unreadable_path_is_reported(tmp_path: Path) -> None:
    r = report(tmp_path / "nowhere.phh")
    assert r.problem is not None and r.problem.code == "unreadable" and "nowhere.phh" in r.problem.message
    (tmp_path / "latin1.phh").write_bytes(b"variant = '\xe9'\n")
    r = report(tmp_path / "latin1.phh")
    assert r.problem is not None and r.problem.code == "unreadable"


@pytest.mark.parametrize(
    ("actions", "code", "reason", "step"),
    [
        pytest.param([*DEAL, "p2 cc"], "illegal_action", "not_your_turn", 10, id="out-of-turn"),
        pytest.param([*DEAL, "p1 f"], "illegal_action", "must_bring_in", 10, id="bring-in-fold"),
        pytest.param([*DEAL, "p1 pb", "p2 cbr 3"], "illegal_action", "wrong_amount", 11, id="wrong-amount"),
        pytest.param([*DEAL, "p1 pb", "p2 sd"], "illegal_action", "illegal_action", 11, id="draw-in-stud"),
        pytest.param([*DEAL[:8], "d dh p3 6c"], "duplicate_card", "duplicate_card", 9, id="dealt-twice"),
        pytest.param([*DEAL, "p1 pb", "p2 f", "p3 cc", "d dh p1 8h", "d dh p2 8d", "d dh p3 8c"],
                     "bad_deal", "bad_deal", 14, id="deal-to-folded"),
        pytest.param([*DEAL, "p1 pb", "d dh p1 8h", "d dh p2 8d", "d dh p3 8c"], "bad_deal", "bad_deal", 11,
                     id="deal-before-the-round-ends"),
        pytest.param([*DEAL, "p1 pb", "p2 cc", "p3 cc", "p3 cc"], "bad_deal", "bad_deal", 13,
                     id="street-not-dealt"),
        pytest.param([*DEAL[:7], "d dh p2 ??", "d dh p3 Kc"], "unknown_card", "unknown_card", 8,
                     id="unknown-upcard"),
        pytest.param([*DEAL, "p1 pb", "p2 f", "p3 f", "p1 sm 6c7d2c"], "illegal_action", "hand_over", 13,
                     id="after-the-end"),
    ],
)
def test_a_bad_hand_names_its_step(tmp_path: Path, actions: list[str], code: str, reason: str,
                                   step: int) -> None:
    path = write(tmp_path, "bad.phh", actions)
    r = report(path, "stud-fl-training")
    assert r.problem is not None, "the record should not replay"
    assert (r.problem.code, r.problem.reason or r.problem.code, r.problem.step) == (code, reason, step)
    assert f"step {step}" in r.problem.message and "bad.phh" in r.problem.message
    assert r.problem.action == actions[step - 1]
    assert not r.unreadable and not r.ok


def test_a_hand_shown_down_on_unknown_cards_is_refused(tmp_path: Path) -> None:
    deal = ["d dh p1 ??", "d dh p2 6d", "d dh p3 Ac", "d dh p1 ??", "d dh p2 7h", "d dh p3 Ad",
            "d dh p1 2c", "d dh p2 4s", "d dh p3 Kc"]
    actions = [*deal, "p1 pb", "p2 cc", "p3 f", "d dh p1 8h", "d dh p2 8d", "p2 cc", "p1 cc",
               "d dh p1 9s", "d dh p2 9c", "p2 cc", "p1 cc", "d dh p1 Ts", "d dh p2 Th", "p2 cc", "p1 cc",
               "d dh p1 3h", "d dh p2 2d", "p2 cc", "p1 cc", "p2 sm 6d7h4s8d9cTh2d", "p1 sm -"]
    r = report(write(tmp_path, "q.phh", actions), "stud-fl-training")
    assert r.problem is not None and r.problem.code == "unknown_card" and "p1" in r.problem.message


def test_a_card_shown_that_someone_else_holds(tmp_path: Path) -> None:
    actions = [*DEAL, "p1 pb", "p2 cc", "p3 f", "d dh p1 8h", "d dh p2 8d", "p2 cc", "p1 cc",
               "d dh p1 9s", "d dh p2 9c", "p2 cc", "p1 cc", "d dh p1 Ts", "d dh p2 Th", "p2 cc", "p1 cc",
               "d dh p1 ??", "d dh p2 2d", "p2 cc", "p1 cc", "p2 sm 6d7h4s8d9cTh2d", "p1 sm 6c7d2c8h9sTsAc"]
    r = report(write(tmp_path, "x.phh", actions), "stud-fl-training")
    assert r.problem is not None and r.problem.code == "duplicate_card" and r.problem.step == 30
    assert "p1 shows Ac, which is dealt to p3 at step 3" in r.problem.message


def test_stacks_that_do_not_add_up(tmp_path: Path) -> None:
    path = write(tmp_path, "sum.phh", [*DEAL, "p1 pb", "p2 f", "p3 f"], "finishing_stacks = [52, 49, 50]\n")
    r = report(path, "stud-fl-training")
    assert r.problem is not None and r.problem.code == "stacks_do_not_add_up"
    assert "151" in r.problem.message and "150" in r.problem.message
    assert r.problem.line == 7 + 1 + 12 + 1 + 1, "header, 'actions = [', the actions, ']', then the stacks"


def test_stacks_that_differ_are_a_mismatch_not_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "m.phh", [*DEAL, "p1 pb", "p2 f", "p3 f"], "finishing_stacks = [49, 52, 49]\n")
    r = report(path, "stud-fl-training")
    assert r.legal and r.match is False and not r.ok


def test_a_batch_reports_every_file_whatever_the_others_hold(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "illegal.phh", [*DEAL, "p2 cc"])
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = \n")
    files = [str(HANDS[0]), str(bad), str(broken), str(HANDS[1])]
    assert main(["phh", "replay", "--json", *files]) == 2
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [Path(r["file"]).name for r in rows] == ["5.phh", "illegal.phh", "broken.phh", "6.phh"]
    assert rows[0]["match"] is True and rows[3]["match"] is True
    assert rows[1]["illegal"]["step"] == 10 and rows[1]["illegal"]["reason"] == "not_your_turn"
    assert rows[2]["error"]["kind"] == "unreadable" and rows[2]["error"]["line"] == 1
    assert main(["phh", "replay", str(HANDS[0]), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "illegal.phh: NOT LEGAL: " in out and "1 not legal" in out


def test_an_unknown_profile_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["phh", "replay", "--profile", "archie-barge", str(HANDS[0])]) == 2
    assert main(["phh", "replay", "--profile", "stud-nope", str(HANDS[0])]) == 2
    assert "unknown profile" in capsys.readouterr().err


def test_third_street_may_be_dealt_three_cards_at_a_time(tmp_path: Path) -> None:
    """``d dh p1 QdJsAc`` deals a player's two down cards and his upcard at once; the replay is the
    same as card by card, and ``sm -`` shows the cards already dealt."""
    text = (WSOP / "9.phh").read_text()
    raw = tomllib.loads(text)
    actions: list[str] = raw["actions"]
    third = [a.split()[3] for a in actions[:15]]
    together = [f"d dh p{i + 1} {third[i]}{third[i + 5]}{third[i + 10]}" for i in range(5)]
    rest = [a if not a.startswith(("p4 sm", "p2 sm")) else f"{a.split()[0]} sm -" for a in actions[15:]]
    lines = [line for line in text.splitlines() if not line.startswith("actions")]
    path = tmp_path / "9.phh"
    path.write_text("\n".join(lines) + "\nactions = [" + ", ".join(f"'{a}'" for a in together + rest) + "]\n")
    r = report(path)
    assert r.problem is None and r.match is True

"""The hand viewer's data and the ``pokerspec view`` command (the browser side is tested in
``docs/tests/test_viewer_browser.py``).

Every expected value below comes from the case files themselves (their ``check`` steps and
``expect``), never from the viewer's own output.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, cast

import pytest
from pokerspec.cli import main
from pokerspec.conformance.cases import VECTORS, Case, load_cases
from pokerspec.conformance.grading import difference
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.viewer.data import RENAMED, case_view, describe
from pokerspec.viewer.page import asset, labels

SCHEMA = VECTORS.parent / "schema" / "case.schema.json"


@cache
def suite() -> dict[str, Case]:
    good, bad = load_cases([VECTORS])
    assert not bad
    return {case.id: case for case in good}


@cache
def views() -> dict[str, dict[str, Json]]:
    engine = ReferenceEngine()
    return {case_id: case_view(case, engine=engine) for case_id, case in suite().items()}


def frames(view: Mapping[str, Json]) -> list[dict[str, Any]]:
    """The viewer's frames, each delta applied to the one before (as viewer.js does)."""
    out: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    for delta in cast(list[dict[str, Any]], view["frames"]):
        current = {**current, **delta}
        current = {k: v for k, v in current.items() if v is not None}
        out.append(current)
    return out


def steps(view: Mapping[str, Json]) -> list[dict[str, Any]]:
    return cast(list[dict[str, Any]], view["steps"])


def attempts_before(case: Case, index: int) -> int:
    """How many ``act``, ``reject``, ``push`` and ``pop`` steps of ``case`` come before its step
    ``index``: the viewer's step of the table that a ``check`` at ``index`` looks at (step 0 is
    the deal)."""
    before = cast(list[dict[str, Json]], case.data["steps"])[:index]
    return sum(1 for s in before if {"act", "reject", "push", "pop"} & s.keys())


# ------------------------------------------------------------------------------------------------
# The data of every case


@pytest.mark.parametrize("case_id", sorted(suite()))
def test_every_case_replays_with_its_checks_on_the_right_step(case_id: str) -> None:
    """Each ``check`` of the case is found on the viewer step after the attempts before it, and
    the table there has the values the case expects; the end carries the case's outcome."""
    case, view = suite()[case_id], views()[case_id]
    shown = steps(view)
    table = frames(view)
    data = case.data
    if case.kind in ("notation", "ranking", "split", "pots"):
        assert [s["t"] for s in shown] == ["core"]
        return
    if case.kind == "hand" and "error" not in cast(dict[str, Json], data["expect"]):
        attempts = attempts_before(case, len(cast(list[Json], data["steps"])))
        assert len(shown) == attempts + 2, "the deal, one step per attempt, the end"
    for index, step in enumerate(cast(list[dict[str, Json]], data.get("steps", []))):
        if "check" not in step:
            continue
        home = shown[attempts_before(case, index)]
        assert any(c.get("check") == step["check"] and c["ok"] for c in home.get("checks", [])), (index, home)
        frame = table[home["f"]]
        for key, value in cast(dict[str, Json], step["check"]).items():
            if key in ("hands", "exposed"):
                continue
            assert difference(value, frame.get(RENAMED.get(key, key)), key=key) is None, (case_id, index, key)
    end = shown[-1]
    assert end["t"] == "end"
    expect = cast(dict[str, Json], data["expect"])
    if "error" in expect:  # one answer or a list of answers, each a code or a code with its token
        answers = expect["error"] if isinstance(expect["error"], list) else [expect["error"]]
        codes = [a["code"] if isinstance(a, dict) else a for a in cast(list[Json], answers)]
        assert end["error"]["code"] in codes, (case_id, end["error"])
        return
    for key in ("received", "net", "returned", "carry"):
        if key in expect:
            assert end["outcome"][key] == expect[key], (case_id, key)
    if "pots" in expect:
        amounts = [p["amount"] for p in cast(list[dict[str, Json]], expect["pots"])]
        assert [p["amount"] for p in end["outcome"]["pots"]] == amounts


def test_a_stud_side_pot_hand_as_the_viewer_draws_it() -> None:
    """stud-allin-0001: after p5's call the pot is 34 and p1-p3 are all-in (the case's check);
    the end shows the main pot of 20 and side pots of 8 and 6, and p4's 2 coming back."""
    view = views()["stud-allin-0001"]
    shown, table = steps(view), frames(view)
    call = next(i for i, s in enumerate(shown) if s.get("a") == "p5 cc")
    frame = table[shown[call]["f"]]
    assert (frame["phase"], frame["pot"]) == ("street-4", 34)
    assert frame["stacks"] == {"p1": 0, "p2": 0, "p3": 0, "p4": 52, "p5": 52}
    refused = [(s["a"], s["reason"]) for s in shown if s["t"] == "reject"]
    assert refused == [("p1 cbr 4", "insufficient_chips"), ("p4 cbr 9", "over_cap")]
    outcome = shown[-1]["outcome"]
    assert [p["amount"] for p in outcome["pots"]] == [20, 8, 6]
    assert outcome["returned"] == {"p4": 2}
    assert table[shown[-1]["f"]]["shown"] == ["p1", "p2", "p3", "p4"]


def test_cards_are_dealt_in_order_with_the_face_up_ones_marked() -> None:
    """Stud: two down, then face up (the case's upcards 5h 8s 6c 2c 3d); auction: the two
    hidden cards, then the picked ones face up."""
    stud = frames(views()["stud-allin-0001"])[0]["cards"]
    assert [c for c in stud["p1"] if c.startswith("^")] == ["^5h"]
    assert [stud[s][2] for s in ("p1", "p2", "p3", "p4", "p5")] == ["^5h", "^8s", "^6c", "^2c", "^3d"]
    view = views()["auction-auctions-0002"]
    pick = next(s for s in steps(view) if s.get("a") == "p3 pick Ac")
    assert frames(view)[pick["f"]]["cards"]["p3"] == ["2c", "3c", "^Ac"]


def test_sealed_bids_and_pending_discards_are_shown_before_the_table_sees_them() -> None:
    """A bid is sealed until every bid is in; a discard waits for the other player's."""
    view = views()["auction-auctions-0002"]
    table = frames(view)
    first = next(s for s in steps(view) if s.get("a") == "p1 bid 2")
    assert table[first["f"]]["sealed"] == {"p1": 2} and table[first["f"]]["bids"] == {}
    last = next(s for s in steps(view) if s.get("a") == "p3 bid 2")
    assert "sealed" not in table[last["f"]] and table[last["f"]]["bids"] == {"p1": 2, "p2": 2, "p3": 2}
    view = views()["archie-deal-0001"]
    table = frames(view)
    mine = next(s for s in steps(view) if s.get("a") == "p1 sd Kc Kd Qh Js 9c")
    assert table[mine["f"]]["discards"] == {"p1": ["Kc", "Kd", "Qh", "Js", "9c"]}
    theirs = next(s for s in steps(view) if s.get("a") == "p2 sd Td" and s["t"] == "act")
    assert "discards" not in table[theirs["f"]] and table[theirs["f"]]["drawn"] == {"p1": 5, "p2": 1}


def test_attempts_after_the_end_and_setup_errors_are_shown() -> None:
    """archie-table-0003 tries p2 cc after p1's fold (refused: hand_over); archie-table-0001
    cannot be dealt (three seats)."""
    late = steps(views()["archie-table-0003"])
    assert [(s["t"], s.get("reason")) for s in late[-2:]] == [("reject", "hand_over"), ("end", None)]
    assert steps(views()["archie-table-0001"])[-1]["error"]["code"] == "bad_seats"


BEFORE = {"phase": "street-3", "bets": {"p1": 0, "p2": 1, "p3": 0}, "stacks": {"p1": 5, "p2": 9, "p3": 1}}


@pytest.mark.parametrize(("action", "opened", "words"), [
    ("p1 cc", False, {"v": "call", "n": 1}),
    ("p2 cc 1", False, {"v": "check"}),
    ("p1 cbr 2", False, {"v": "complete", "n": 2}),
    ("p1 cbr 4", True, {"v": "raise", "n": 4}),
    ("p3 cc", False, {"v": "call", "n": 1, "allin": True}),
    ("p1 cbr 5", True, {"v": "raise", "n": 5, "allin": True}),
    ("p1 f", False, {"v": "fold"}),
    ("p1 sd", False, {"v": "pat"}),
    ("p1 sd *", False, {"v": "draw"}),
    ("p1 sd 7h 8c", False, {"v": "discard", "c": ["7h", "8c"]}),
    ("p1 dec b", False, {"v": "declare", "x": "b"}),
    ("p1 dec q", False, {"v": "raw"}),
    ("p1 cbr x", False, {"v": "raw"}),
])
def test_actions_are_described_from_the_table_before_them(action: str, opened: bool, words: Json) -> None:
    """A round total equal to the seat's bet is a check; the first cbr on third street completes
    the bring-in; putting in the last chip is all-in; notation that cannot be read stays raw."""
    assert describe(action, BEFORE, "stud", opened) == words


def test_a_bet_into_an_empty_round_is_a_bet() -> None:
    assert describe("p1 cbr 2", {"phase": "street-4", "bets": {"p1": 0, "p2": 0}}, "stud", False) == {
        "v": "bet", "n": 2}


# ------------------------------------------------------------------------------------------------
# Labels


def flat(table: Mapping[str, Json], prefix: str = "") -> dict[str, Json]:
    out: dict[str, Json] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def placeholders(value: Json) -> set[str]:
    texts = value if isinstance(value, list) else [value]
    return {name for text in texts for name in re.findall(r"\{(\w+)\}", str(text))}


def test_every_language_has_every_label_with_the_same_placeholders() -> None:
    table = {lang: flat(cast(dict[str, Json], value)) for lang, value in labels().items()}
    assert sorted(table) == ["en", "fr", "pt", "ru"]
    for lang, mine in table.items():
        assert set(mine) == set(table["en"]), lang
        for key, value in mine.items():
            texts = value if isinstance(value, list) else [value]
            assert texts and all(str(v).strip() for v in texts), (lang, key)
            assert placeholders(value) == placeholders(table["en"][key]), (lang, key)


def test_every_label_the_script_asks_for_exists() -> None:
    script = asset("viewer.js")
    wanted = set(re.findall(r"\bt\(\"([a-z_]+\.[a-z_-]+)\"\s*[,)]", script))
    assert len(wanted) > 50
    missing = wanted - set(flat(cast(dict[str, Json], labels()["en"])))
    assert not missing


def test_every_reason_phase_and_category_has_a_label() -> None:
    """The schema's reasons and categories, every phase the suite passes through, the setup
    error codes the reference raises."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    reasons = set(schema["$defs"]["reason"]["enum"])
    text = SCHEMA.read_text(encoding="utf-8")
    categories = set(re.findall(r'"(straight-flush|four-of-a-kind|full-house|flush|straight|three-of-a-kind|'
                                r'two-pair|one-pair|high-card)"', text))
    phases = {f.get("phase") for view in views().values() for f in frames(view)} - {None}
    for lang, value in labels().items():
        mine = flat(cast(dict[str, Json], value))
        assert {r for r in reasons if f"reason.{r}" not in mine} == set(), lang
        assert {c for c in categories if f"category.{c}" not in mine} == set(), lang
        assert {"setup_error.bad_seats", "setup_error.bad_deck"} <= set(mine)
        for phase in phases:
            generic = re.sub(r"-\d+$", "-n", str(phase))
            assert f"phase.{phase}" in mine or f"phase.{generic}" in mine, (lang, phase)


# ------------------------------------------------------------------------------------------------
# pokerspec view


class Scripts(HTMLParser):
    """The ``<html lang>`` and the text of every ``<script>`` of a page, by id."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.scripts: dict[str, str] = {}
        self._current: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang") or ""
        if tag == "script":
            self._current = dict(attrs).get("id") or "code"
            self.scripts[self._current] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._current = None

    def handle_data(self, data: str) -> None:
        if self._current is not None:
            self.scripts[self._current] += data


def read(page: str) -> Scripts:
    parsed = Scripts()
    parsed.feed(page)
    return parsed


def test_view_writes_a_standalone_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hand.html"
    assert main(["view", "stud-allin-0001", "-o", str(out), "--lang", "ru"]) == 0
    assert "wrote" in capsys.readouterr().out
    page = read(out.read_text(encoding="utf-8"))
    assert page.lang == "ru"
    assert list(json.loads(page.scripts["ps-viewer-labels"])) == ["ru"]
    case = json.loads(page.scripts["ps-viewer-case"])
    assert case["id"] == "stud-allin-0001" and case["steps"][-1]["outcome"]["returned"] == {"p4": 2}
    assert "PokerspecViewer" in page.scripts["code"]


def test_a_case_file_outside_the_suite_is_viewed_and_cannot_break_the_page(tmp_path: Path) -> None:
    """A fuzz finding or an imported hand is just a case file: here one whose title and note try
    to close the page's script element."""
    data = json.loads((VECTORS / "stud" / "allin" / "stud-allin-0002.json").read_text(encoding="utf-8"))
    data["title"] = "A finding </script><script>alert(1)</script>"
    data["steps"][0]["note"] = "<!-- -->"
    source = tmp_path / "finding.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "finding.html"
    assert main(["view", str(source), "-o", str(out)]) == 0
    page = read(out.read_text(encoding="utf-8"))
    assert json.loads(page.scripts["ps-viewer-case"])["title"] == data["title"]
    assert "alert(1)" not in page.scripts["code"]


@pytest.mark.parametrize(("args", "message"), [
    (["no-such-case"], "no such file, and no case of the suite has this ID"),
    (["missing.json"], "missing.json: no such file"),
    (["{bad}"], "not a valid case file"),
    (["stud-allin-0001", "--profile", "archie-barge"], "is for archie, not stud"),
    (["stud-allin-0001", "--profile", "nope"], "unknown profile 'nope'"),
    (["stud-allin-0001", "-o", "{dir}/no/such/dir/x.html"], "cannot write"),
])
def test_view_explains_what_it_cannot_do(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         args: Sequence[str], message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    argv = [a.replace("{bad}", str(bad)).replace("{dir}", str(tmp_path)) for a in args]
    assert main(["view", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_view_runs_without_the_site_machinery() -> None:
    """What ships does not import mkdocs, and the viewer's files are package data."""
    code = ("import sys, pokerspec.cli, pokerspec.viewer.page as p; "
            "assert not [m for m in sys.modules if m.startswith('mkdocs')]; "
            "[p.asset(n) for n in ('viewer.js', 'viewer.css', 'labels.json', 'template.html')]")
    subprocess.run([sys.executable, "-c", code], check=True)

